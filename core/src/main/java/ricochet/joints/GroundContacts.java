package ricochet.joints;

import java.util.Arrays;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.ContactStore;

/**
 * Which contact points each joint solves with its own rows, chosen once a step: the points between
 * a body much lighter than its joint partner and a body of infinite mass (static ground, a kinematic
 * platform). Their normals then go into the joint's {@link GroundedBlock}, and the contact solver
 * leaves them alone ({@link ContactStore#jointNormals}).
 *
 * <p>Why: the soft contact and joint springs are as stiff as their own effective mass, the light
 * body's, so a heavy body standing on a light one sinks it by {@code M g / (m omega^2)} and stretches
 * the joint by as much (a 0.1 kg foot under 100 kg: 69 mm at 60 Hz), and Gauss-Seidel between the
 * joint and the contact moves the heavy body by the light one's mass per pass. Solved as one block
 * under one spring, the block's effective mass is the pair's, and the sag is a free body's
 * {@code g / omega^2}: the random scenes' bodies below the ground were nearly all light bodies
 * jointed to bodies 20-8,000 times heavier.
 */
final class GroundContacts {

    /** A side's contacts join its joint's block when that side is at least this many times lighter. */
    static final double MASS_RATIO = 4;
    /**
     * rad: the most the joint's two bodies may turn together in a substep, {@code (|w_a| + |w_b|) h}
     * at the step's start, for the block to take the light one's contacts. In the block the light
     * body's contact and joint impulses grow to cancel each other at the heavy body's mass, but they
     * are applied again (warm start) at the next substep's poses: the joint's levers have turned
     * with the bodies, the contact's are the step start's about the ground's fixed normal, and the
     * cancelling falls short by about {@code lambda theta |r_joint - r_contact|}. Random scene 24927:
     * a 522 kg box, landing corner-first at 50 m/s, spun up to 43 rad/s (0.1 rad a substep) with a
     * 0.15 kg capsule hinged 4 m out; the capsule's grounded contact took 8,600 N s, the warm start
     * threw it at 146 m/s and the pair gained 37 kJ where the box alone lost 920 kJ. A body resting
     * under a heavy one, what the block is for, does not turn. The limit switches a light body
     * between two springs (the pair's and its own), and a pair turning about the limit step after
     * step goes back and forth between them, which pumps a little: in scene 8201 (a 2.6 kg ball
     * rolling on a slider to an 827 kg capsule, 4.4 rad/s together, at 220 substeps a second) the
     * worst rise of energy went from 14 % to 58 % of the start, within the soak's bound. Judging the
     * light body's turn alone, 0.03 rad, left 8201 at 38 % but put scene 19582 100 kJ over the bound.
     */
    static final double MAX_TURN = 0.02;

    private final JointStore js;
    /** Per joint: its first entry in {@link #points} and how many. */
    private int[] first = new int[16], count = new int[16];
    /** Contact point indices, joint after joint, and per entry 0 when the point is on the joint's a, 1 on b. */
    int[] points = new int[16];
    byte[] side = new byte[16];
    /** Per body: its first run against a body of infinite mass (-1: none); per run: the next. */
    private int[] bodyRun = new int[16], nextRun = new int[16];
    /** Per body: 1 when welds join it to the world, a static or a kinematic body ({@link #markWelded}). */
    private byte[] welded = new byte[16];
    private int total;

    GroundContacts(JointStore js) {
        this.js = js;
    }

    int first(int j) {
        return first[j];
    }

    int count(int j) {
        return j < count.length ? count[j] : 0;
    }

    /**
     * Picks the points for this step's contacts c (null: none) and marks their runs in c; h is the
     * substep.
     */
    void select(BodyStore s, ContactStore c, double h) {
        int slots = js.slots();
        if (count.length < slots) {
            first = new int[2 * slots];
            count = new int[2 * slots];
        } else {
            Arrays.fill(count, 0, slots, 0);
        }
        total = 0;
        int runs = c == null ? 0 : c.runCount();
        if (runs == 0 || slots == 0) {
            return;
        }
        int n = s.count();
        if (bodyRun.length < n) {
            bodyRun = new int[2 * n];
        }
        Arrays.fill(bodyRun, 0, n, -1);
        if (nextRun.length < runs) {
            nextRun = new int[2 * runs];
        }
        double[] inv = s.invMass;
        // Runs are linked in reverse so that each body's list reads in run order.
        for (int r = runs - 1; r >= 0; r--) {
            int at = c.runStart[r];
            int a = c.bodyA[at], b = c.bodyB[at];
            int moving = inv[a] > 0 && inv[b] == 0 ? a : inv[b] > 0 && inv[a] == 0 ? b : -1;
            if (moving >= 0) {
                nextRun[r] = bodyRun[moving];
                bodyRun[moving] = r;
            }
        }
        markWelded(inv, n, slots);
        for (int j = 0; j < slots; j++) {
            int a = js.a[j], b = js.b[j];
            if (js.active[j] == 0 || b < 0 || !(inv[a] > 0) || !(inv[b] > 0) || !hasBlock(j)
                    || (spin(s, a) + spin(s, b)) * h > MAX_TURN) {
                continue;
            }
            first[j] = total;
            if (inv[a] >= MASS_RATIO * inv[b] && welded[b] == 0) {
                take(c, a, 0, first[j]);
            }
            if (inv[b] >= MASS_RATIO * inv[a] && welded[a] == 0) {
                take(c, b, 1, first[j]);
            }
            count[j] = total - first[j];
        }
    }

    private static double spin(BodyStore s, int i) {
        return Math.sqrt(s.wx[i] * s.wx[i] + s.wy[i] * s.wy[i] + s.wz[i] * s.wz[i]);
    }

    /**
     * Marks the bodies that welds (fixed joints, six-DOF joints with every axis locked) join to the
     * world or to a body of infinite mass, directly or along a chain of welds. Such a heavy partner
     * cannot press its light body into the ground, and the block would push it out with the heavy
     * body's effective mass against the weld that holds it: the light body's contact and joint
     * impulses then grow to cancel each other at that mass (2,200 N s on a 0.15 kg box welded to a
     * welded 725 kg cylinder, random scene 2237), and the joint's impulse, turned with the light body
     * before the next warm start ({@link JointImpulses#turnWithBodies}), no longer cancels the
     * contact's: the box was thrown metres a step. Its contacts stay with the contact solver.
     */
    private void markWelded(double[] inv, int n, int slots) {
        if (welded.length < n) {
            welded = new byte[2 * n];
        }
        Arrays.fill(welded, 0, n, (byte) 0);
        // A chain of k welds needs at most k passes; a pass that marks nothing ends it.
        boolean marked = true;
        while (marked) {
            marked = false;
            for (int j = 0; j < slots; j++) {
                if (js.active[j] == 0 || !welds(j)) {
                    continue;
                }
                int a = js.a[j], b = js.b[j];
                boolean heldA = !(inv[a] > 0) || welded[a] != 0;
                boolean heldB = b < 0 || !(inv[b] > 0) || welded[b] != 0;
                if (heldB && welded[a] == 0 && inv[a] > 0) {
                    welded[a] = 1;
                    marked = true;
                }
                if (heldA && b >= 0 && welded[b] == 0 && inv[b] > 0) {
                    welded[b] = 1;
                    marked = true;
                }
            }
        }
    }

    /** Whether joint j holds its bodies rigidly together (a fixed joint, a six-DOF with all axes locked). */
    private boolean welds(int j) {
        switch (js.type[j]) {
            case JointSolver.TYPE_FIXED:
                return true;
            case JointSolver.TYPE_SIX_DOF:
                return lockedAxes(j) == 6;
            default:
                return false;
        }
    }

    /**
     * Whether joint j solves equality rows as a block (see {@link JointSolver}): the block is where
     * the points are solved, so a joint without one (a distance joint, a soft ball joint, a six-DOF
     * joint with no locked axis) takes none.
     */
    private boolean hasBlock(int j) {
        switch (js.type[j]) {
            case JointSolver.TYPE_DISTANCE:
                return false;
            case JointSolver.TYPE_BALL:
                return !(js.d[JointStore.STRIDE * j + JointStore.SPRING_HZ] > 0);
            case JointSolver.TYPE_SIX_DOF:
                return lockedAxes(j) > 0;
            default:
                return true;
        }
    }

    /** Appends body's runs against infinite mass, whole runs while they fit in the block. */
    private void take(ContactStore c, int body, int onSide, int jointFirst) {
        for (int r = bodyRun[body]; r >= 0; r = nextRun[r]) {
            int start = c.runStart[r], end = c.runStart[r + 1];
            if (total - jointFirst + end - start > GroundedBlock.MAX_POINTS) {
                continue;
            }
            if (points.length < total + end - start) {
                points = Arrays.copyOf(points, 2 * (total + end - start));
                side = Arrays.copyOf(side, points.length);
            }
            for (int p = start; p < end; p++) {
                points[total] = p;
                side[total++] = (byte) onSide;
            }
            c.jointNormals[r] = 1;
        }
    }

    /** How many of six-DOF joint j's axes are locked. */
    private int lockedAxes(int j) {
        int locked = 0;
        for (int k = 0; k < 6; k++) {
            locked += js.axisMode[6 * j + k] == JointSolver.AXIS_LOCKED ? 1 : 0;
        }
        return locked;
    }
}
