package ricochet.joints;

import static ricochet.joints.JointSolver.AXIS_LOCKED;
import static ricochet.joints.JointSolver.TYPE_FIXED;
import static ricochet.joints.JointSolver.TYPE_SIX_DOF;
import static ricochet.joints.JointSolver.TYPE_SLIDER;
import static ricochet.joints.JointStore.IMPULSES;
import static ricochet.joints.JointStore.IMPULSES_END;
import static ricochet.joints.JointStore.I_ANG;
import static ricochet.joints.JointStore.I_POINT;
import static ricochet.joints.JointStore.LIMIT_HZ;
import static ricochet.joints.JointStore.SPRING_HZ;
import static ricochet.joints.JointStore.STRIDE;

import java.util.Arrays;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.ContactStore;

/**
 * How the joints' accumulated impulses are carried from pass to pass and substep to substep, for
 * {@link JointSolver}: turned with their body through the positions' integration, and applied again
 * at each substep's warm start only as far as they do not pump energy in. Both matter only when
 * joints fight (redundant or jammed joints), and both were found by NoNaNPropertyTest's random
 * scenes. Allocation-free once its scratch has grown to the world.
 */
final class JointImpulses {

    private final JointStore js;

    JointImpulses(JointStore js) {
        this.js = js;
    }

    /**
     * Once per step, before the substeps: the bodies the guards watch and the contact runs that link
     * them, which stay the same through the step's substeps (the runs, the joints, the bodies' types
     * and sleep do not change inside a step). A moving body (dynamic, awake, finite mass) is watched
     * when it is on an active joint or, through joints and contact runs between moving bodies, linked
     * to one: the groups the guards scale. A moving body linked to no joint is in a group the guards
     * leave alone whatever it does, so it is left out of the per-substep work (a pile with one
     * jointed pair paid about 5 % of its step for the whole pile's bookkeeping). c may be null.
     */
    void contacts(BodyStore s, ContactStore c) {
        contacts = c;
        if (!anyActive()) {
            // No joint, nothing to watch: a world of free bodies skips the union-find over all of them.
            watchedCount = linkingRunCount = drivenCount = 0;
            return;
        }
        int n = s.count();
        if (component.length < n) {
            component = new int[2 * n];
            watched = new int[2 * n];
        }
        // Union-find over the moving bodies (-1: not moving), joined by joints and by runs.
        for (int i = 0; i < n; i++) {
            component[i] = moving(s, i) ? i : -1;
        }
        for (int j = 0, m = js.slots(); j < m; j++) {
            int a = js.a[j], b = js.b[j];
            if (js.active[j] != 0 && b >= 0 && component[a] >= 0 && component[b] >= 0) {
                join(component, a, b);
            }
        }
        int runs = c == null ? 0 : c.runCount();
        for (int r = 0; r < runs; r++) {
            int at = c.runStart[r];
            int a = c.bodyA[at], b = c.bodyB[at];
            if (component[a] >= 0 && component[b] >= 0) {
                join(component, a, b);
            }
        }
        // The components holding a jointed moving body: their roots marked.
        if (mark.length < n) {
            mark = new boolean[2 * n];
        }
        markJointRoots(true);
        int count = 0;
        for (int i = 0; i < n; i++) {
            // Ascending: the guards' sums run in body order, as they always did.
            if (component[i] >= 0 && mark[root(component, i)]) {
                watched[count++] = i;
            }
        }
        markJointRoots(false);
        watchedCount = count;
        // Now the watched bodies marked, to pick the runs.
        for (int k = 0; k < count; k++) {
            mark[watched[k]] = true;
        }
        if (linkingRuns.length < runs) {
            linkingRuns = new int[Math.max(16, 2 * runs)];
            drivenBodies = new int[Math.max(16, 2 * runs)];
        }
        int linking = 0, driven = 0;
        for (int r = 0; r < runs; r++) {
            int at = c.runStart[r];
            int a = c.bodyA[at], b = c.bodyB[at];
            if (mark[a] && mark[b]) {
                linkingRuns[linking++] = r;
            } else if (s.type[a] == BodyStore.KINEMATIC && mark[b]) {
                drivenBodies[driven++] = b;
            } else if (s.type[b] == BodyStore.KINEMATIC && mark[a]) {
                drivenBodies[driven++] = a;
            }
        }
        linkingRunCount = linking;
        drivenCount = driven;
        for (int k = 0; k < count; k++) {
            mark[watched[k]] = false;
        }
    }

    /** Whether any joint slot holds an active joint. */
    private boolean anyActive() {
        for (int j = 0, m = js.slots(); j < m; j++) {
            if (js.active[j] != 0) {
                return true;
            }
        }
        return false;
    }

    /** {@link #mark} set to {@code on} at the roots of the active joints' moving bodies. */
    private void markJointRoots(boolean on) {
        for (int j = 0, m = js.slots(); j < m; j++) {
            if (js.active[j] == 0) {
                continue;
            }
            int a = js.a[j], b = js.b[j];
            if (component[a] >= 0) {
                mark[root(component, a)] = on;
            }
            if (b >= 0 && component[b] >= 0) {
                mark[root(component, b)] = on;
            }
        }
    }

    /** Whether body i is one the guards may scale: dynamic, awake, of finite mass. */
    private static boolean moving(BodyStore s, int i) {
        return s.type[i] == BodyStore.DYNAMIC && s.asleep[i] == 0 && s.invMass[i] > 0;
    }

    /** The step's contact points (runs of one body pair), or null. */
    private ContactStore contacts;
    /** Scratch of {@link #contacts}: its union-find over the moving bodies (-1: not moving). */
    private int[] component = new int[16];
    /** The step's watched bodies, ascending, {@link #watchedCount} of them (see {@link #contacts}). */
    private int[] watched = new int[16];
    private int watchedCount;
    private boolean[] mark = new boolean[16];
    /** The step's runs between two watched bodies, and the watched bodies a kinematic body touches. */
    private int[] linkingRuns = new int[16], drivenBodies = new int[16];
    private int linkingRunCount, drivenCount;

    /** At the start of a step: nothing recorded is carried over. */
    void reset() {
        turnPending = false;
        guarding = false;
    }

    /** Each active joint's body A orientation at the end of the biased pass, 4 a joint. */
    private double[] turnFrom = new double[4 * 16];
    private boolean turnPending;

    /** After the biased pass: body A's orientation, for {@link #turnWithBodies}. */
    void recordOrientations(BodyStore s) {
        int n = js.slots();
        if (turnFrom.length < 4 * n) {
            turnFrom = new double[8 * n];
        }
        for (int j = 0; j < n; j++) {
            if (js.active[j] != 0) {
                int a = js.a[j];
                turnFrom[4 * j] = s.qx[a];
                turnFrom[4 * j + 1] = s.qy[a];
                turnFrom[4 * j + 2] = s.qz[a];
                turnFrom[4 * j + 3] = s.qw[a];
            }
        }
        turnPending = true;
    }

    /**
     * Turns the accumulated impulses kept along world axes (the point rows', and the angular lock's
     * of a fixed, slider or locked six-DOF joint) with body A through the positions' integration,
     * {@code L <- (q_A q_A0^-1) L} ({@code q_A0}: A's orientation after the biased pass), before the
     * relax pass and the next substep's warm start apply them again. Rows along body axes (a hinge's,
     * a slider's, limits) turn with their bodies already.
     *
     * <p>Why: two joints holding one body (a ball and a six-DOF on one capsule, say) share its load
     * in any proportion, and their impulses drift apart along that freedom to hundreds of N s that
     * cancel on the body: {@code J1^T L1 + J2^T L2 = 0} at the Jacobians they were found with. The
     * body then turns up to {@code Integrator.MAX_ROTATION} in a substep; applied again along the old
     * world axes, the two no longer cancel by {@code |L| r theta}, and on a 4 mm capsule with anchors
     * 1 m away that was 10^6 rad/s of warm start (soak scene 944, non-finite in 27 steps). Turned with
     * the body, forces and torques that cancelled still cancel. For a joint between two moving bodies
     * A's turn is the choice (B is the reference, as for the coordinates).
     */
    void turnWithBodies(BodyStore s) {
        if (!turnPending) {
            return;
        }
        turnPending = false;
        double[] data = js.d;
        for (int j = 0, n = js.slots(); j < n; j++) {
            if (js.active[j] == 0) {
                continue;
            }
            int a = js.a[j], f = 4 * j;
            // dq = q_A conj(q_A0)
            double ax = s.qx[a], ay = s.qy[a], az = s.qz[a], aw = s.qw[a];
            double bx = -turnFrom[f], by = -turnFrom[f + 1], bz = -turnFrom[f + 2], bw = turnFrom[f + 3];
            double x = aw * bx + ax * bw + ay * bz - az * by;
            double y = aw * by + ay * bw + az * bx - ax * bz;
            double z = aw * bz + az * bw + ax * by - ay * bx;
            double w = aw * bw - ax * bx - ay * by - az * bz;
            int at = STRIDE * j + I_POINT;
            rotate(data, at, x, y, z, w);
            if (locksRotation(j)) {
                at = STRIDE * j + I_ANG;
                rotate(data, at, x, y, z, w);
            }
        }
    }

    /** Whether joint j's I_ANG holds the angular lock's world-axis impulse (not body-axis rows). */
    private boolean locksRotation(int j) {
        byte t = js.type[j];
        int m = 6 * j;
        return t == TYPE_FIXED || t == TYPE_SLIDER || t == TYPE_SIX_DOF && js.axisMode[m + 3] == AXIS_LOCKED
                && js.axisMode[m + 4] == AXIS_LOCKED && js.axisMode[m + 5] == AXIS_LOCKED;
    }

    /** v[at..at+2] = R(q) v for the unit q = (x, y, z, w): t = 2 q_v x v, R v = v + w t + q_v x t. */
    private static void rotate(double[] v, int at, double x, double y, double z, double w) {
        double vx = v[at], vy = v[at + 1], vz = v[at + 2];
        double tx = 2 * (y * vz - z * vy), ty = 2 * (z * vx - x * vz), tz = 2 * (x * vy - y * vx);
        v[at] = vx + w * tx + (y * tz - z * ty);
        v[at + 1] = vy + w * ty + (z * tx - x * tz);
        v[at + 2] = vz + w * tz + (x * ty - y * tx);
    }

    /**
     * Before the warm start (the caller then applies every joint's accumulated impulses and calls
     * {@link #endWarmStart}): the velocities of the bodies on active joints, and those bodies grouped
     * by the joints that connect them (union-find). A group's warm start stands unless its impulses
     * would more than double the kinetic energy of its bodies (plus {@code 1/2 m WARM_SPEED^2} each):
     * then that group's warm start, and its joints' impulses with it, are scaled by the largest
     * {@code alpha <= 1} that keeps to that. Per group, so that one jammed loop does not hold back
     * the warm start, and with it the convergence, of every other joint in the world.
     *
     * <p>A warm start is the last substep's impulses applied as a guess. For a resting or hanging body
     * it takes energy out (it undoes gravity's {@code g h}); for a body swinging on a joint it turns the
     * velocity by the centripetal impulse and adds at most {@code (w h)^2 <= 0.62} of its energy; a
     * motor adds at most its own push. Jammed joints (a loop of redundant joints made on bodies moving
     * 60-80 m/s, whose errors cannot all close) fight, and their impulses grow to hundreds of N s on
     * bodies of a kilogram: warm-started they spun the bodies to 10^5 rad/s every substep, and the
     * solve, one Gauss-Seidel pass, could not take it all out again (110 of the 10^4 soak scenes of
     * NoNaNPropertyTest went non-finite so; none with the guard). With {@code v(alpha) = v0 + alpha
     * dv}, {@code KE(alpha) = KE0 + alpha B + alpha^2 A}, {@code B = v0 . M dv},
     * {@code A = 1/2 dv . M dv}, so alpha is a root of a quadratic.
     */
    void beginWarmStart(BodyStore s) {
        int n = s.count();
        if (before.length < 6 * n) {
            before = new double[12 * n];
            touched = new int[2 * n];
            group = new int[2 * n];
            sums = new double[8 * n];
        }
        // The watched bodies (stamped with this substep's number) and their velocities before.
        grouped = watchedCount > 0;
        if (!grouped) {
            return;
        }
        if (++stamp == 0) {
            Arrays.fill(touched, 0);
            stamp = 1;
        }
        guarding = true;
        int[] list = watched;
        for (int k = 0, count = watchedCount; k < count; k++) {
            int i = list[k];
            touched[i] = stamp;
            group[i] = i;
        }
        // Each is its own group until the joints join them here, and endRelax the contacts too.
        for (int j = 0, m = js.slots(); j < m; j++) {
            int a = js.a[j], b = js.b[j];
            if (js.active[j] != 0 && b >= 0 && touched[a] == stamp && touched[b] == stamp) {
                join(group, a, b);
            }
        }
        for (int k = 0, count = watchedCount; k < count; k++) {
            int i = list[k];
            before[6 * i] = s.vx[i];
            before[6 * i + 1] = s.vy[i];
            before[6 * i + 2] = s.vz[i];
            before[6 * i + 3] = s.wx[i];
            before[6 * i + 4] = s.wy[i];
            before[6 * i + 5] = s.wz[i];
        }
    }

    /**
     * After the warm start: scales each group's back when it added too much energy (see
     * {@link #beginWarmStart}); whether it scaled any.
     */
    boolean endWarmStart(BodyStore s) {
        if (!guarding) {
            return false;
        }
        guarding = false;
        // Per group root r: KE(alpha) = KE0 + alpha B + alpha^2 A for its warm start scaled by alpha,
        // sums[4 r ..]: KE0, B, A and the floor; then alpha into sums[4 r]. The watched bodies on no
        // joint (there for endRelax) had no warm start from the joints: left alone.
        resetGroups();
        sumEnergies(s, WARM_SPEED);
        boolean scaled = false;
        for (int k = 0, count = watchedCount; k < count; k++) {
            int i = watched[k];
            if (group[i] != i) {
                continue;
            }
            int r = 4 * i;
            double ke0 = sums[r];
            double alpha = Double.isNaN(sums[r + 3]) ? 1
                    : alpha(ke0, sums[r + 1], sums[r + 2], ke0 + Math.max(ke0, sums[r + 3]));
            scaled |= alpha != 1;
            sums[r] = alpha;
        }
        if (!scaled) {
            return false;
        }
        scaleChanges(s);
        scaleImpulses();
        return true;
    }

    /** Each active joint's accumulated impulses scaled by its group's alpha, as its bodies' change was. */
    private void scaleImpulses() {
        double[] data = js.d;
        for (int j = 0, m = js.slots(); j < m; j++) {
            if (js.active[j] == 0) {
                continue;
            }
            int on = heldSide(j);
            double alpha = on >= 0 ? sums[4 * group[on]] : 1;
            if (alpha != 1) {
                for (int k = STRIDE * j + IMPULSES, e = STRIDE * j + IMPULSES_END; k < e; k++) {
                    data[k] *= alpha;
                }
            }
        }
    }

    /**
     * Each touched body's velocities moved back towards {@link #before}: {@code v0 + alpha (v - v0)},
     * alpha its group's, in {@code sums[4 root]}.
     */
    private void scaleChanges(BodyStore s) {
        for (int k = 0, count = watchedCount; k < count; k++) {
            int i = watched[k];
            double alpha = sums[4 * group[i]];
            if (alpha != 1) {
                s.vx[i] = before[6 * i] + alpha * (s.vx[i] - before[6 * i]);
                s.vy[i] = before[6 * i + 1] + alpha * (s.vy[i] - before[6 * i + 1]);
                s.vz[i] = before[6 * i + 2] + alpha * (s.vz[i] - before[6 * i + 2]);
                s.wx[i] = before[6 * i + 3] + alpha * (s.wx[i] - before[6 * i + 3]);
                s.wy[i] = before[6 * i + 4] + alpha * (s.wy[i] - before[6 * i + 4]);
                s.wz[i] = before[6 * i + 5] + alpha * (s.wz[i] - before[6 * i + 5]);
            }
        }
    }

    /**
     * Per group root r of the touched bodies, unless its slack {@code sums[4 r + 3]} is NaN (a group
     * left alone): {@code 1/2 m speed^2} a body added to the slack, and {@link #addEnergy}'s sums of
     * the change since {@link #before}.
     */
    private void sumEnergies(BodyStore s, double speed) {
        for (int k = 0, count = watchedCount; k < count; k++) {
            int i = watched[k];
            if (Double.isNaN(sums[4 * group[i] + 3])) {
                continue;
            }
            int r = 4 * group[i];
            sums[r + 3] += 0.5 / s.invMass[i] * speed * speed;
            addEnergy(s, i, before, r);
        }
    }

    /**
     * Adds body i's kinetic energy at the velocities {@code from[6 i ..]} and the linear and quadratic
     * terms of {@code KE(alpha)} for the change to its velocities now, {@code v(alpha) = v0 + alpha dv},
     * to {@code sums[r .. r + 2]}.
     */
    private void addEnergy(BodyStore s, int i, double[] from, int r) {
        double m = 1 / s.invMass[i];
        double vx = from[6 * i], vy = from[6 * i + 1], vz = from[6 * i + 2];
        double dx = s.vx[i] - vx, dy = s.vy[i] - vy, dz = s.vz[i] - vz;
        double ke0 = 0.5 * m * (vx * vx + vy * vy + vz * vz);
        double lin = m * (vx * dx + vy * dy + vz * dz);
        double quad = 0.5 * m * (dx * dx + dy * dy + dz * dz);
        // Angular terms in the body frame, where the inertia is constant: w_b = R^T w.
        double x = s.qx[i], y = s.qy[i], z = s.qz[i], w = s.qw[i];
        double r0 = 1 - 2 * (y * y + z * z), r1 = 2 * (x * y - w * z), r2 = 2 * (x * z + w * y);
        double r3 = 2 * (x * y + w * z), r4 = 1 - 2 * (x * x + z * z), r5 = 2 * (y * z - w * x);
        double r6 = 2 * (x * z - w * y), r7 = 2 * (y * z + w * x), r8 = 1 - 2 * (x * x + y * y);
        double wx = from[6 * i + 3], wy = from[6 * i + 4], wz = from[6 * i + 5];
        double ex = s.wx[i] - wx, ey = s.wy[i] - wy, ez = s.wz[i] - wz;
        double ax = r0 * wx + r3 * wy + r6 * wz, ay = r1 * wx + r4 * wy + r7 * wz;
        double az = r2 * wx + r5 * wy + r8 * wz;
        double bx = r0 * ex + r3 * ey + r6 * ez, by = r1 * ex + r4 * ey + r7 * ez;
        double bz = r2 * ex + r5 * ey + r8 * ez;
        double[] in = s.inertiaBody;
        int k = 9 * i;
        double lx = in[k] * bx + in[k + 1] * by + in[k + 2] * bz;
        double ly = in[k + 3] * bx + in[k + 4] * by + in[k + 5] * bz;
        double lz = in[k + 6] * bx + in[k + 7] * by + in[k + 8] * bz;
        ke0 += 0.5 * (ax * (in[k] * ax + in[k + 1] * ay + in[k + 2] * az)
                + ay * (in[k + 3] * ax + in[k + 4] * ay + in[k + 5] * az)
                + az * (in[k + 6] * ax + in[k + 7] * ay + in[k + 8] * az));
        lin += ax * lx + ay * ly + az * lz;
        quad += 0.5 * (bx * lx + by * ly + bz * lz);
        sums[r] += ke0;
        sums[r + 1] += lin;
        sums[r + 2] += quad;
    }

    /** The largest alpha in [0, 1] with {@code ke0 + alpha lin + alpha^2 quad <= limit} (ke0 <= limit). */
    private static double alpha(double ke0, double lin, double quad, double limit) {
        if (ke0 + lin + quad <= limit || !(quad > 0)) {
            return 1;
        }
        double rhs = limit - ke0;
        return Math.max(0, Math.min(1, (-lin + Math.sqrt(lin * lin + 4 * quad * rhs)) / (2 * quad)));
    }

    /**
     * After the relax pass: passive joints take kinetic energy out (the relax pass projects the velocities
     * onto the joints' constraints, which can only lower it), and only the biased pass's position correction
     * puts it in; what a single relax pass leaves of that correction in a jammed set (a loop of joints whose
     * errors cannot all close, or two joints on a light body with a long lever) came back every substep and
     * pumped such groups to several times their energy. So a group of jointed bodies, joined with the
     * bodies it touches through contacts between moving bodies (energy passes through those; static ground
     * moves nothing), with no motor, spring or soft limit and no kinematic body joined or touching (which may
     * drive it), that leaves the relax pass with more kinetic energy than it had before the warm start (plus
     * {@link #RELAX_SLACK} of it and {@code 1/2 m RELAX_SPEED^2} a body), has the substep's change to its
     * velocities (warm start, biased and relax passes) scaled back to that bound, as {@link #endWarmStart}
     * does. Joint and contact impulses are equal and opposite, so a free group's momentum is kept; with the
     * exact projection the relax pass approximates (passive joints, contacts without bias), the final
     * velocities would be the projection of those before the warm start, and so no faster. A group on the
     * ground loses part of its contacts' push with the scaling, so the caller relaxes the contacts once more
     * when this returns true. Groups without a joint are left alone.
     *
     * @return whether any group was scaled
     */
    boolean endRelax(BodyStore s) {
        if (!grouped) {
            return false;
        }
        grouped = false;
        // The joints' groups joined through the contacts between moving bodies.
        ContactStore c = contacts;
        for (int k = 0, count = linkingRunCount; k < count; k++) {
            int at = c.runStart[linkingRuns[k]];
            join(group, c.bodyA[at], c.bodyB[at]);
        }
        // sums[4 r + 3]: the slack, or NaN for a group the guard leaves alone: one without a joint
        // (bodies that only touch), or with a driven joint or a kinematic body touching it.
        resetGroups();
        double[] data = js.d;
        for (int j = 0, m = js.slots(); j < m; j++) {
            if (js.active[j] == 0) {
                continue;
            }
            int a = js.a[j], b = js.b[j];
            int on = heldSide(j);
            int o = STRIDE * j;
            boolean driven = s.type[a] == BodyStore.KINEMATIC
                    || b >= 0 && s.type[b] == BodyStore.KINEMATIC;
            if (on >= 0 && (driven || js.motor[j] != JointSolver.MOTOR_NONE || data[o + SPRING_HZ] > 0
                    || data[o + LIMIT_HZ] > 0)) {
                sums[4 * group[on] + 3] = Double.NaN;
            }
        }
        for (int k = 0, count = drivenCount; k < count; k++) {
            sums[4 * group[drivenBodies[k]] + 3] = Double.NaN;
        }
        sumEnergies(s, RELAX_SPEED);
        boolean scaled = false;
        for (int k = 0, count = watchedCount; k < count; k++) {
            int i = watched[k];
            if (group[i] != i) {
                continue;
            }
            int r = 4 * i;
            double ke0 = sums[r], slack = sums[r + 3];
            double alpha = Double.isNaN(slack) ? 1
                    : alpha(ke0, sums[r + 1], sums[r + 2], ke0 + RELAX_SLACK * ke0 + slack);
            scaled |= alpha != 1;
            sums[r] = alpha;
        }
        if (!scaled) {
            return false;
        }
        scaleChanges(s);
        scaleImpulses();
        scaleContacts();
        return true;
    }

    /**
     * The accumulated normal and friction impulses of each contact run on a scaled group, scaled by
     * its alpha as the velocities were: the substep's change to a group's velocities is its joint and
     * contact impulses (warm start included), so scaling them all keeps the impulses those of the
     * velocities. Left at full, they were applied again at the next substep's warm start, and a
     * friction impulse above its Coulomb limit at the restored velocities was cut back in the relax
     * after: random scene 29060, a 0.4 kg body several metres across held by two joints to the world
     * and 1.1 m into the ground, had its whole substep scaled away each time, and yet its contact's
     * warm start put in up to 64 J a substep, its energy rising from 25 J to 60 J.
     */
    private void scaleContacts() {
        ContactStore c = contacts;
        int runs = c == null ? 0 : c.runCount();
        double[] d = c == null ? null : c.data;
        for (int r = 0; r < runs; r++) {
            int start = c.runStart[r], end = c.runStart[r + 1];
            int a = c.bodyA[start], b = c.bodyB[start];
            int on = touched[a] == stamp ? a : touched[b] == stamp ? b : -1;
            double alpha = on >= 0 ? sums[4 * group[on]] : 1;
            if (alpha == 1) {
                continue;
            }
            for (int o = ContactStore.STRIDE * start, e = ContactStore.STRIDE * end; o < e;
                    o += ContactStore.STRIDE) {
                double normal = d[o + ContactStore.NORMAL_IMPULSE];
                // The relax pass had added this substep's impulse to the step's total.
                d[o + ContactStore.TOTAL_NORMAL_IMPULSE] += (alpha - 1) * normal;
                d[o + ContactStore.NORMAL_IMPULSE] = alpha * normal;
                d[o + ContactStore.TANGENT_IMPULSE1] *= alpha;
                d[o + ContactStore.TANGENT_IMPULSE2] *= alpha;
                d[o + ContactStore.TWIST_IMPULSE] *= alpha;
            }
        }
    }

    /** {@link #endRelax}'s allowance: this fraction of the group's kinetic energy before the pass. */
    static final double RELAX_SLACK = 1e-9;
    /** m/s: and {@code 1/2 m RELAX_SPEED^2} a body. */
    static final double RELAX_SPEED = 0.01;
    /** Whether the warm start of this substep grouped jointed bodies; then endRelax guards them. */
    private boolean grouped;

    /**
     * Each touched body's group straight to its root (the loops after read it as {@code group[i]}),
     * the roots' sums cleared, and the slack {@code sums[4 r + 3]} 0 for a group that holds an
     * active joint, NaN (left alone) for bodies that only touch.
     */
    private void resetGroups() {
        int[] list = watched;
        for (int k = 0, count = watchedCount; k < count; k++) {
            int i = list[k];
            group[i] = root(group, i);
        }
        for (int k = 0, count = watchedCount; k < count; k++) {
            int i = list[k];
            if (group[i] == i) {
                int r = 4 * i;
                sums[r] = sums[r + 1] = sums[r + 2] = 0;
                sums[r + 3] = Double.NaN;
            }
        }
        for (int j = 0, m = js.slots(); j < m; j++) {
            if (js.active[j] != 0) {
                int on = heldSide(j);
                if (on >= 0) {
                    sums[4 * group[on] + 3] = 0;
                }
            }
        }
    }

    /**
     * Joins the sets of a and b in the union-find {@code parent}; the lower index roots the set, so
     * the same sets come whatever the order.
     */
    private static void join(int[] parent, int a, int b) {
        int ra = root(parent, a), rb = root(parent, b);
        if (ra < rb) {
            parent[rb] = ra;
        } else if (rb < ra) {
            parent[ra] = rb;
        }
    }

    /** Joint j's body this substep's groups hold (A, else B), or -1. */
    private int heldSide(int j) {
        int a = js.a[j], b = js.b[j];
        return touched[a] == stamp ? a : b >= 0 && touched[b] == stamp ? b : -1;
    }

    /** The root of i's set in the union-find {@code parent}, with path halving. */
    private static int root(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    /** m/s: the energy a warm start may add to bodies at rest, {@code 1/2 m WARM_SPEED^2} each. */
    static final double WARM_SPEED = 1;
    // Scratch of warmStart: each body's velocities before (6 a body) and the stamp of the substep
    // in which it was last found on an active joint.
    private double[] before = new double[6 * 16];
    private int[] touched = new int[16];
    /** Per touched body: its union-find parent (its group's root from endWarmStart's first loop on). */
    private int[] group = new int[16];
    /** Per group root, 4 a body: its energy sums, then its alpha. */
    private double[] sums = new double[4 * 16];
    private int stamp;
    private boolean guarding;
}
