package ricochet.dynamics;

import static ricochet.dynamics.ContactPrepare.refreshSeparations;
import static ricochet.dynamics.ContactPrepare.rotate;
import static ricochet.dynamics.ContactStore.ANCHORED;
import static ricochet.dynamics.ContactStore.ANCHOR_SHARE;
import static ricochet.dynamics.ContactStore.BASE;
import static ricochet.dynamics.ContactStore.LAX;
import static ricochet.dynamics.ContactStore.LBX;
import static ricochet.dynamics.ContactStore.NX;
import static ricochet.dynamics.ContactStore.NY;
import static ricochet.dynamics.ContactStore.NZ;
import static ricochet.dynamics.ContactStore.SEP;
import static ricochet.dynamics.ContactStore.STRIDE;
import static ricochet.dynamics.SolverTuning.BODY_GRAIN;
import static ricochet.dynamics.SolverTuning.LIGHT_RATIO;
import static ricochet.dynamics.SolverTuning.MAX_DEPTH_HELD;
import static ricochet.dynamics.SolverTuning.MAX_DEPTH_IN_IMMOVABLE;
import static ricochet.dynamics.SolverTuning.MAX_PIVOT_TURN;
import static ricochet.dynamics.SolverTuning.PIVOT_AXIS_TOLERANCE;
import static ricochet.dynamics.SolverTuning.RUN_GRAIN;
import static ricochet.dynamics.SolverTuning.TUMBLE_ANGLE;

import java.util.Arrays;
import ricochet.math.QuatOps;
import ricochet.parallel.WorkerPool;

/**
 * The position floor under the soft contacts (the depth floor, or lift): after the substeps, a moving
 * body whose contact with a body of infinite mass is deeper than
 * {@link SolverTuning#MAX_DEPTH_IN_IMMOVABLE} of its thickness along that normal is moved out along
 * it to that depth. A convex body's centre of mass lies at least a quarter of its thickness above its
 * lowest point (the centroid divides every width at most 3 : 1 in three dimensions), so no body held
 * to this has its centre inside the surface. The soft spring settles a free body within a fraction
 * of a millimetre of the surface, so this only acts where the solver lost: a light body that a joint
 * to a far heavier one drags or presses into the ground, or a millimetre body tumbling so fast
 * within a substep that its lowest point outruns the contact's linear model. Bodies the world holds
 * by joints are placed so that their joints stretch as little as the floor allows (see
 * {@link #lift}). Most steps lift nothing: {@link #pastFloor} tells so on the pool's threads first.
 */
final class DepthFloor {

    private final SolverStep step;
    private final SupportQuery supports;
    /** The joints, for their world pivots and the groups they tie; null: none. */
    ConstraintSet constraints;
    // Scratch of lift, by store index: the lift so far; the bodies lifted.
    private double[] liftX = new double[16], liftY = new double[16], liftZ = new double[16];
    private int[] lifted = new int[16];
    private byte[] isLifted = new byte[16];
    // Per body (see lift): the joints it has, and those to the world or an immovable
    // body; 1 with its world pivot, when it has one;
    // the pivot turn's axis and angle, and whether every point it must lift allows one.
    private int[] jointCount = new int[16];
    private int[] worldJoints = new int[16];
    private byte[] hasPivot = new byte[16];
    private double[] pivot = new double[48], turnAxis = new double[48], turnAngle = new double[16];
    private byte[] turnState = new byte[16];

    DepthFloor(SolverStep step, SupportQuery supports) {
        this.step = step;
        this.supports = supports;
        pastFloorTask = (w, from, to) -> {
            for (int r = from; r < to; r++) {
                pastFloorRuns[r] = pastFloor(step.bodies, step.contacts, r, w);
            }
        };
        tumbleTask = (w, from, to) -> {
            for (int i = from; i < to; i++) {
                markTumbling(step.bodies, i);
            }
        };
    }

    /** {@link #pastFloorRuns} for {@code runs} runs. */
    void grow(int runs) {
        if (pastFloorRuns.length < runs) {
            pastFloorRuns = new byte[Math.max(runs, 2 * pastFloorRuns.length)];
        }
    }

    /** {@link #tumbledFrom} for {@code n} bodies. */
    void growBodies(int n) {
        if (tumbledFrom.length < n) {
            tumbledFrom = new byte[Math.max(n, 2 * tumbledFrom.length)];
        }
    }

    /**
     * Whether the first sweep of {@link #lift} may find a point past the floor: each run
     * looked at on the pool's threads as that sweep looks at it before anything is lifted (so with no
     * shift). Where none is found, the sweep lifts nothing and the serial pass has nothing to do,
     * which is the usual step. A run of a tumbling body is taken as found (its lowest point needs the
     * shared turn scratch), as is every run when there is no relax pass (the sweep refreshes the
     * separations first).
     */
    private boolean mayLift(ContactStore c, WorkerPool pool) {
        int runs = c.runCount();
        if (step.relaxIterations == 0) {
            return true;
        }
        if (!pastFloorKnown) {
            pool.run(runs, RUN_GRAIN, pastFloorTask);
        }
        for (int r = 0; r < runs; r++) {
            if (pastFloorRuns[r] != 0) {
                return true;
            }
        }
        return false;
    }

    /** Per run, 1 where {@link #mayLift} found a point past the floor (or could not tell). */
    byte[] pastFloorRuns = new byte[16];

    /** Whether {@link #pastFloorRuns} holds this step's marks already (the island walk makes them). */
    private boolean pastFloorKnown;

    private final WorkerPool.Range pastFloorTask;

    /** {@link #mayLift}'s test of run r on thread {@code worker}: the first sweep's, with no lift yet. */
    byte pastFloor(BodyStore s, ContactStore c, int r, int worker) {
        double[] d = c.data;
        int start = c.runStart[r], end = c.runStart[r + 1];
        if (d[STRIDE * start + ANCHORED] == 0) {
            return 0;
        }
        int a = c.bodyA[start], b = c.bodyB[start];
        int i = s.invMass[b] > 0 && s.invMass[a] == 0 ? b : s.invMass[a] > 0 && s.invMass[b] == 0 ? a : -1;
        if (i < 0) {
            return 0;
        }
        if (tumbling(s, i) || tumbledFrom[i] != 0) {
            return 1;
        }
        double floor = Double.NaN, fx = 0, fy = 0, fz = 0;
        for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
            double sep = d[o + SEP];
            if (sep >= 0) {
                continue;
            }
            double nx = d[o + NX], ny = d[o + NY], nz = d[o + NZ];
            if (Double.isNaN(floor) || nx != fx || ny != fy || nz != fz) {
                floor = -MAX_DEPTH_IN_IMMOVABLE * supports.thickness(s, i, nx, ny, nz, worker);
                fx = nx;
                fy = ny;
                fz = nz;
            }
            if (sep < floor) {
                return 1;
            }
        }
        return 0;
    }

    /**
     * The floor applied after the substeps (see the class comment): translation only, velocities kept; the
     * points of one body in store order, twice, so a body in a corner meets both walls. Jointed bodies: see
     * the comment in the body. On the calling thread, in store order: every thread count gives the same
     * bits. Allocation-free once its scratch has grown to the world.
     *
     * @param floorKnown whether {@link #pastFloorRuns} holds this step's marks already (the island walk
     *                   made them and no bounce changed a body since)
     */
    void lift(BodyStore s, ContactStore c, WorkerPool pool, boolean floorKnown) {
        pastFloorKnown = floorKnown;
        int n = c.count();
        if (n == 0) {
            return;
        }
        if (liftX.length < s.count()) {
            int cap = Math.max(s.count(), 2 * liftX.length);
            liftX = new double[cap];
            liftY = new double[cap];
            liftZ = new double[cap];
            lifted = new int[cap];
            isLifted = new byte[cap];
            turnAngle = new double[cap];
            turnState = new byte[cap];
            turnAxis = new double[3 * cap];
        }
        if (!mayLift(c, pool)) {
            return;
        }
        // The joints' world pivots, gathered at the first body past the floor (most steps have none).
        boolean pivots = false;
        double[] d = c.data;
        int[] runStart = c.runStart;
        int runs = c.runCount();
        int count = 0;
        for (int sweep = 0; sweep < 2; sweep++) {
            for (int r = 0; r < runs; r++) {
                int start = runStart[r], end = runStart[r + 1];
                if (d[STRIDE * start + ANCHORED] == 0) {
                    continue;
                }
                int a = c.bodyA[start], b = c.bodyB[start];
                // The moving body and the way out of the other: B along +n, A along -n.
                int i;
                double sign;
                if (s.invMass[b] > 0 && s.invMass[a] == 0) {
                    i = b;
                    sign = 1;
                } else if (s.invMass[a] > 0 && s.invMass[b] == 0) {
                    i = a;
                    sign = -1;
                } else {
                    continue;
                }
                if (step.relaxIterations == 0 && sweep == 0) {
                    // Without a relax pass the separations are a substep old.
                    refreshSeparations(s, c, start, end);
                }
                // A run's points mostly share one normal (a mesh's triangles may not): one width each.
                double floor = Double.NaN, fx = 0, fy = 0, fz = 0;
                boolean tumbling = tumbling(s, i) || tumbledFrom[i] != 0;
                for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
                    double nx = d[o + NX], ny = d[o + NY], nz = d[o + NZ];
                    double shift = sign * (liftX[i] * nx + liftY[i] * ny + liftZ[i] * nz);
                    double sep = (tumbling ? lowestHeight(s, d, o, i, sign > 0 ? a : b, sign) : d[o + SEP]) + shift;
                    if (sep >= 0) {
                        continue;
                    }
                    if (Double.isNaN(floor) || nx != fx || ny != fy || nz != fz) {
                        floor = -MAX_DEPTH_IN_IMMOVABLE * thickness(s, i, nx, ny, nz);
                        fx = nx;
                        fy = ny;
                        fz = nz;
                    }
                    if (sep < floor) {
                        if (!pivots && constraints != null) {
                            gatherPivots(s);
                            pivots = true;
                        }
                        if (sweep == 0 && pivots && hasPivot[i] != 0 && !tumbling) {
                            // The point's own rise: the turn is not the translation summed so far
                            // (a tumbling body's anchor is not the point to turn out: none is found).
                            turnFor(s, i, d, o + (sign > 0 ? LBX : LAX), sign * nx, sign * ny, sign * nz,
                                    floor - d[o + SEP], isLifted[i] == 0);
                        }
                        double up = sign * (floor - sep);
                        liftX[i] += up * nx;
                        liftY[i] += up * ny;
                        liftZ[i] += up * nz;
                        if (isLifted[i] == 0) {
                            isLifted[i] = 1;
                            lifted[count++] = i;
                        }
                    }
                }
            }
            if (count == 0) {
                return;
            }
        }
        // Jointed bodies move as one group, so their joints stay as they were (a free body is a group
        // of one). A group held by the world or an immovable body cannot move as one; its bodies are
        // placed one by one, stretching their joints as little as the promise allows: lifting a pinned
        // 225 kg capsule to the quarter floor stretched its joints 4 cm a step, and their pull back
        // pumped a random scene (9659) up by 157 kJ. So, per body past the floor:
        // - one at least LIGHT_RATIO times lighter than a moving body it is jointed to is lifted alone
        //   to the floor: the joint's pull back moves it, and its energy is its own small mass's;
        // - one whose one joint holds it to the world at a point it turns freely about is turned about
        //   that point (turnAboutPivot), which keeps the joint;
        // - any other is lifted alone only out of the depth where its centre would leave its reach
        //   (liftToLastFloor); not at all where it has both a moving partner and two or more joints
        //   to the world (that capsule: lifted even to the last floor, the box hinged to it took each
        //   step's pull back, 175 kJ).
        int bodies = s.count();
        if (liftLight.length < bodies) {
            int cap = Math.max(bodies, 2 * liftLight.length);
            liftLight = new byte[cap];
            jointCount = new int[cap];
            worldJoints = new int[cap];
        }
        liftBodies = s;
        liftGroups.reset(bodies + 1);
        Arrays.fill(liftLight, 0, bodies, (byte) 0);
        Arrays.fill(jointCount, 0, bodies, 0);
        Arrays.fill(worldJoints, 0, bodies, 0);
        if (constraints != null) {
            constraints.tieBodies(tieTask);
        }
        int world = rootOf(bodies);
        for (int k = 0; k < count; k++) {
            int i = lifted[k];
            int r = rootOf(i);
            if (r == world) {
                if (liftLight[i] != 0) {
                    move(s, i, liftX[i], liftY[i], liftZ[i]);
                } else if (jointCount[i] == 1 && turnState[i] == TURN_FOUND) {
                    turnAboutPivot(s, i);
                } else if (worldJoints[i] < 2 || worldJoints[i] == jointCount[i]) {
                    liftToLastFloor(s, c, i);
                }
                continue;
            }
            // The group's largest lift, once per group.
            boolean first = true;
            for (int q = 0; q < k; q++) {
                if (rootOf(lifted[q]) == r) {
                    first = false;
                    break;
                }
            }
            if (!first) {
                continue;
            }
            int best = i;
            for (int q = k + 1; q < count; q++) {
                int j = lifted[q];
                if (rootOf(j) == r && norm2(j) > norm2(best)) {
                    best = j;
                }
            }
            double x = liftX[best], y = liftY[best], z = liftZ[best];
            for (int j = 0; j < bodies; j++) {
                if (rootOf(j) == r) {
                    move(s, j, x, y, z);
                }
            }
        }
        liftBodies = null;
        for (int k = 0; k < count; k++) {
            int i = lifted[k];
            liftX[i] = 0;
            liftY[i] = 0;
            liftZ[i] = 0;
            isLifted[i] = 0;
            turnState[i] = TURN_NONE;
        }
    }

    private static final byte TURN_NONE = 0, TURN_FOUND = 1, TURN_IMPOSSIBLE = 2;

    /**
     * The pivot turn that lifts a point of body i, held at its world pivot {@code P}, by {@code rise}
     * along the unit normal n (out of the immovable body): about the axis {@code u} fixed by the
     * body's first such point, {@code (C - P) x n} normalised ({@code C} its centre of mass), a turn
     * by {@code theta} moves the point's height along n by {@code A (cos theta - 1) + B sin theta},
     * {@code v} the point less {@code P}, {@code A = n . v - (n . u)(u . v)}, {@code B = n . (u x v)}
     * (Rodrigues); so {@code theta = atan2(B, A) - acos((A + rise) / sqrt(A^2 + B^2))}. The body's
     * turn is its points' largest; none if any point cannot rise so by a turn about u.
     */
    private void turnFor(BodyStore s, int i, double[] d, int at, double nx, double ny, double nz, double rise,
                         boolean first) {
        if (first) {
            turnState[i] = TURN_FOUND;
            turnAngle[i] = 0;
            double cx = s.px[i] - pivot[3 * i], cy = s.py[i] - pivot[3 * i + 1], cz = s.pz[i] - pivot[3 * i + 2];
            double ux = cy * nz - cz * ny, uy = cz * nx - cx * nz, uz = cx * ny - cy * nx;
            double length = Math.sqrt(ux * ux + uy * uy + uz * uz);
            if (!(length > PIVOT_AXIS_TOLERANCE * Math.sqrt(cx * cx + cy * cy + cz * cz))) {
                turnState[i] = TURN_IMPOSSIBLE;
                return;
            }
            turnAxis[3 * i] = ux / length;
            turnAxis[3 * i + 1] = uy / length;
            turnAxis[3 * i + 2] = uz / length;
        }
        if (turnState[i] != TURN_FOUND) {
            return;
        }
        double[] r = turnScratch;
        rotate(s, i, d[at], d[at + 1], d[at + 2], r);
        double vx = s.px[i] + r[0] - pivot[3 * i];
        double vy = s.py[i] + r[1] - pivot[3 * i + 1];
        double vz = s.pz[i] + r[2] - pivot[3 * i + 2];
        double ux = turnAxis[3 * i], uy = turnAxis[3 * i + 1], uz = turnAxis[3 * i + 2];
        double a = nx * vx + ny * vy + nz * vz - (nx * ux + ny * uy + nz * uz) * (ux * vx + uy * vy + uz * vz);
        double b = nx * (uy * vz - uz * vy) + ny * (uz * vx - ux * vz) + nz * (ux * vy - uy * vx);
        double length = Math.sqrt(a * a + b * b);
        if (!(b > 0) || a + rise > length) {
            turnState[i] = TURN_IMPOSSIBLE;
            return;
        }
        double theta = StrictMath.atan2(b, a) - StrictMath.acos((a + rise) / length);
        turnAngle[i] = Math.max(turnAngle[i], theta);
    }

    /**
     * Body i, held by its one joint to the world at a point it turns about, turned about that point
     * (by {@link #turnFor}'s angle) so that each of its points in the ground rises to the floor: the
     * joint stays exactly as it was, where a translation stretched it and its pull back pumped energy
     * in. Not beyond {@link SolverTuning#MAX_PIVOT_TURN} in a step.
     */
    private void turnAboutPivot(BodyStore s, int i) {
        double theta = turnAngle[i];
        if (!(theta > 0 && theta <= MAX_PIVOT_TURN)) {
            return;
        }
        double px = pivot[3 * i], py = pivot[3 * i + 1], pz = pivot[3 * i + 2];
        // The turn as a unit quaternion (u sin(theta / 2), cos(theta / 2)).
        double sh = StrictMath.sin(0.5 * theta), w = StrictMath.cos(0.5 * theta);
        double ux = turnAxis[3 * i] * sh, uy = turnAxis[3 * i + 1] * sh, uz = turnAxis[3 * i + 2] * sh;
        // Centre of mass: pivot + R (p - pivot).
        double[] r = turnScratch;
        QuatOps.rotate(ux, uy, uz, w, s.px[i] - px, s.py[i] - py, s.pz[i] - pz, r);
        s.px[i] = px + r[0];
        s.py[i] = py + r[1];
        s.pz[i] = pz + r[2];
        // Orientation: the turn then the body's own, q' = t q (Hamilton product), renormalised.
        double qx = s.qx[i], qy = s.qy[i], qz = s.qz[i], qw = s.qw[i];
        double ox = w * qx + ux * qw + uy * qz - uz * qy;
        double oy = w * qy - ux * qz + uy * qw + uz * qx;
        double oz = w * qz + ux * qy - uy * qx + uz * qw;
        double ow = w * qw - ux * qx - uy * qy - uz * qz;
        s.orient(i, ox, oy, oz, ow);
    }

    /**
     * Body i, held by joints to the world and past {@link SolverTuning#MAX_DEPTH_HELD}, moved out alone along
     * its lift to that depth. Its joints are stretched by that much, so only past the depth where its centre
     * would leave its reach: a body that its joints hold half in the ground stays there. Its contact points
     * were found at the step's start and move with it: one that tumbled may have turned a point deeper than
     * any of them, so its centre is held to half its width under each contact's surface too (where the points
     * put it, the centre is at least that high).
     */
    private void liftToLastFloor(BodyStore s, ContactStore c, int i) {
        double x = liftX[i], y = liftY[i], z = liftZ[i];
        double length = Math.sqrt(x * x + y * y + z * z);
        if (!(length > 0)) {
            return;
        }
        double width = thickness(s, i, x / length, y / length, z / length);
        double excess = length - (MAX_DEPTH_HELD - MAX_DEPTH_IN_IMMOVABLE) * width;
        double f = excess > 0 ? excess / length : 0;
        x *= f;
        y *= f;
        z *= f;
        double[] d = c.data;
        int[] runStart = c.runStart;
        for (int r = 0, runs = c.runCount(); r < runs; r++) {
            int start = runStart[r], o = STRIDE * start;
            int a = c.bodyA[start], b = c.bodyB[start];
            double sign = b == i && s.invMass[a] == 0 ? 1 : a == i && s.invMass[b] == 0 ? -1 : 0;
            if (sign == 0 || d[o + ANCHORED] == 0) {
                continue;
            }
            double mx = sign * d[o + NX], my = sign * d[o + NY], mz = sign * d[o + NZ];
            double centre = centreHeight(s, d, o, i, sign > 0 ? a : b, sign) + mx * x + my * y + mz * z;
            double low = -(MAX_DEPTH_HELD - MAX_DEPTH_IN_IMMOVABLE) * thickness(s, i, mx, my, mz);
            if (centre < low) {
                x += (low - centre) * mx;
                y += (low - centre) * my;
                z += (low - centre) * mz;
            }
        }
        move(s, i, x, y, z);
    }

    /**
     * The height of body i's centre of mass above the other body's surface plane at the contact point
     * at offset o, along the normal out of the other body, whose direction {@code sign} gives as in
     * {@link #lift}.
     */
    private double centreHeight(BodyStore s, double[] d, int o, int i, int other, double sign) {
        int at = o + (sign > 0 ? LAX : LBX);
        double[] r = turnScratch;
        rotate(s, other, d[at], d[at + 1], d[at + 2], r);
        double gx = s.px[i] - s.px[other] - r[0], gy = s.py[i] - s.py[other] - r[1];
        double gz = s.pz[i] - s.pz[other] - r[2];
        // The other's surface lies its share of the base from its anchor (see reanchor).
        double share = sign > 0 ? d[o + ANCHOR_SHARE] : 1 - d[o + ANCHOR_SHARE];
        return share * d[o + BASE] + sign * (gx * d[o + NX] + gy * d[o + NY] + gz * d[o + NZ]);
    }

    /**
     * Whether body i turns so fast ({@link SolverTuning#TUMBLE_ANGLE} or more in a step) that its contact
     * anchors, fixed to it at the step's start, say nothing of where it is deepest now: a 0.3 kg compound at
     * 116 rad/s (1.5 rad a step) showed an anchor 1.4 m deep while it lay on the ground, and a 3 cm ball at
     * 500 rad/s showed none deep while its centre was 2.3 radii under the ground.
     */
    private boolean tumbling(BodyStore s, int i) {
        double w2 = s.wx[i] * s.wx[i] + s.wy[i] * s.wy[i] + s.wz[i] * s.wz[i];
        return supports.source != null && w2 * step.dt * step.dt > TUMBLE_ANGLE * TUMBLE_ANGLE;
    }

    /**
     * Marks the moving bodies that tumble ({@link #tumbling}) at the step's start: the floor judges
     * them by where they are deepest even when the step ended their spin (the spin cap or a joint), as
     * their anchors turned with them. A 0.13 kg cylinder dragged on a slider at 96 rad/s, stopped to
     * 7 rad/s within the step, ended it with its centre under the ground by more than its reach while
     * its anchors read a 2 mm overlap (random scene 38134).
     */
    void markTumbling(BodyStore s, WorkerPool pool) {
        int n = s.count();
        growBodies(n);
        pool.run(n, BODY_GRAIN, tumbleTask);
    }

    /** Per body, 1 where it tumbled at the step's start (see markTumbling). */
    private byte[] tumbledFrom = new byte[16];

    private final WorkerPool.Range tumbleTask;

    /** {@link #tumbledFrom} of body i. */
    void markTumbling(BodyStore s, int i) {
        tumbledFrom[i] = (byte) (s.invMass[i] > 0 && tumbling(s, i) ? 1 : 0);
    }

    /**
     * The height of body i's lowest point over the other body's surface plane at the contact at offset
     * o (as {@link #centreHeight}): its centre's height less how far its support reaches against the
     * normal. Exact for a plane, whatever the anchors say.
     */
    private double lowestHeight(BodyStore s, double[] d, int o, int i, int other, double sign) {
        double mx = sign * d[o + NX], my = sign * d[o + NY], mz = sign * d[o + NZ];
        double[] out = supports.scratch[0];
        if (!supports.source.support(s, i, -mx, -my, -mz, 0, out)) {
            return d[o + SEP];
        }
        double reach = (s.px[i] - out[0]) * mx + (s.py[i] - out[1]) * my + (s.pz[i] - out[2]) * mz;
        return centreHeight(s, d, o, i, other, sign) - reach;
    }

    private final ConstraintSet.Pivots pivotTask = this::pivotAt;

    private final double[] turnScratch = new double[3];

    private void gatherPivots(BodyStore s) {
        if (hasPivot.length < s.count()) {
            hasPivot = new byte[liftX.length];
            pivot = new double[3 * liftX.length];
        }
        Arrays.fill(hasPivot, 0, s.count(), (byte) 0);
        constraints.worldPivots(s, pivotTask);
    }

    private void pivotAt(int body, double x, double y, double z) {
        hasPivot[body] = 1;
        pivot[3 * body] = x;
        pivot[3 * body + 1] = y;
        pivot[3 * body + 2] = z;
    }

    private static void move(BodyStore s, int i, double x, double y, double z) {
        s.px[i] += x;
        s.py[i] += y;
        s.pz[i] += z;
    }

    private double norm2(int i) {
        return liftX[i] * liftX[i] + liftY[i] * liftY[i] + liftZ[i] * liftZ[i];
    }

    // The lift's groups: the store's bodies joined by their joints, node count() standing for the
    // world and every immovable body.
    private final IslandBuilder liftGroups = new IslandBuilder();

    private BodyStore liftBodies;

    private final ConstraintSet.Ties tieTask = this::tie;

    /**
     * 1 for a body at least {@link SolverTuning#LIGHT_RATIO} times lighter than a moving body jointed to it.
     */
    private byte[] liftLight = new byte[16];

    /**
     * Joins a joint's bodies' groups (-1 and immovable bodies: the world's), counts the joints of each
     * and those to the world, and marks the lighter of two moving bodies.
     */
    private void tie(int a, int b) {
        int n = liftBodies.count();
        if (a >= 0) {
            jointCount[a]++;
        }
        if (b >= 0) {
            jointCount[b]++;
        }
        boolean aHeld = a < 0 || liftBodies.invMass[a] == 0, bHeld = b < 0 || liftBodies.invMass[b] == 0;
        if (aHeld && !bHeld) {
            worldJoints[b]++;
        } else if (bHeld && !aHeld) {
            worldJoints[a]++;
        } else if (!aHeld) {
            if (LIGHT_RATIO * liftBodies.mass[a] <= liftBodies.mass[b]) {
                liftLight[a] = 1;
            } else if (LIGHT_RATIO * liftBodies.mass[b] <= liftBodies.mass[a]) {
                liftLight[b] = 1;
            }
        }
        liftGroups.link(aHeld ? n : a, bHeld ? n : b);
    }

    private int rootOf(int i) {
        return liftGroups.root(i);
    }

    /** Body i's width along the unit normal n (twice its extent where the shape has no support function). */
    private double thickness(BodyStore s, int i, double nx, double ny, double nz) {
        return supports.thickness(s, i, nx, ny, nz, 0);
    }
}
