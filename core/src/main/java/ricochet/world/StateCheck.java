package ricochet.world;

import ricochet.body.BodyId;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.RigidBodies;
import ricochet.math.Vec3;

import static ricochet.math.StateLimits.MAX_POSITION;
import static ricochet.math.StateLimits.MAX_SPEED;

/**
 * The step's state checks, before it and after the solve: a body whose state is not usable, or
 * whose pending load would make it so, stops the step with a {@link SimulationException} naming it
 * and the cause (the step then rolls back, see {@link StepCheckpoint}).
 */
final class StateCheck {

    /**
     * How far {@code |q|^2} of an orientation may stray from 1. Every stage renormalises, so a
     * usable state is within rounding (1e-15); a fuzz run saw (0, 0, 0, 0) after the normalisation
     * overflowed.
     */
    static final double QUATERNION_TOLERANCE = 1e-6;

    private final RigidBodies bodies;
    private final BodyStore store;
    private final BodyTable table;
    private final StepClock clock;

    StateCheck(RigidBodies bodies, BodyTable table, StepClock clock) {
        this.bodies = bodies;
        this.store = bodies.store();
        this.table = table;
        this.clock = clock;
    }

    /**
     * A body whose state is not usable (see {@link World#step}) stops the step with its name and the
     * step number (1 for the first). In the step, a body gone bad spreads NaN through its contacts and
     * joints within the same solve, so the one named is the cause when one can be told: a body whose
     * own force or torque would take its speed out of range in one step; otherwise the first bad one.
     */
    void checkState(long step, boolean solved) {
        int n = store.count(), bad = 0, first = -1;
        for (int i = 0; i < n; i++) {
            if (store.type[i] != BodyStore.STATIC && !usable(i)) {
                bad++;
                first = first < 0 ? i : first;
            }
        }
        if (bad == 0) {
            return;
        }
        int culprit = first;
        String cause = "";
        double worst = MAX_SPEED;
        double stepDt = clock.stepDt;
        for (int i = 0; i < n && solved; i++) {
            // Bounds on what one step of the body's own force and torque adds: |F| / m dt and
            // |tau| |I^-1|_F dt (the Frobenius norm bounds the spectral one in any frame).
            double f = Math.sqrt(store.fx[i] * store.fx[i] + store.fy[i] * store.fy[i]
                    + store.fz[i] * store.fz[i]);
            double tq = Math.sqrt(store.tx[i] * store.tx[i] + store.ty[i] * store.ty[i]
                    + store.tz[i] * store.tz[i]);
            double norm = 0;
            for (int k = 0; k < 9; k++) {
                norm += store.invInertiaBody[9 * i + k] * store.invInertiaBody[9 * i + k];
            }
            double dv = f * store.invMass[i] * stepDt, dw = tq * Math.sqrt(norm) * stepDt;
            if (!(Math.max(dv, dw) <= worst)) {
                worst = Double.isNaN(dv + dw) ? Double.POSITIVE_INFINITY : Math.max(dv, dw);
                culprit = i;
                cause = dv >= dw
                        ? "; the force " + new Vec3(store.fx[i], store.fy[i], store.fz[i])
                                + " N on it adds up to "
                                + dv + " m/s in one step"
                        : "; the torque " + new Vec3(store.tx[i], store.ty[i], store.tz[i])
                                + " N m on it adds up to "
                                + dw + " rad/s in one step";
            }
        }
        BodyId id = table.handleOfIndex(culprit);
        throw new SimulationException(bodies.name(id), step, "state " + (solved ? "after the solve"
                : "before the step")
                + " " + problem(culprit) + " (centre of mass "
                + new Vec3(store.px[culprit], store.py[culprit], store.pz[culprit]) + ", velocity "
                + bodies.velocity(id) + ", angular velocity " + bodies.angularVelocity(id) + ", orientation ("
                + store.qx[culprit] + ", " + store.qy[culprit] + ", " + store.qz[culprit] + ", "
                        + store.qw[culprit]
                + "))" + cause + (bad > 1 ? "; " + bad + " bodies are not usable" : "")
                + "; the world is as it was before step " + step);
    }

    /**
     * Before the step: a dynamic body whose pending force or torque would, in this one step, add a
     * speed beyond {@link World#MAX_SPEED} ({@code |F| / m dt}, {@code |I^-1 tau| dt} with the world
     * inverse inertia) or is not finite stops the step, naming it. Caught here rather than after the
     * solve because the integrator caps spin per substep ({@code Integrator.MAX_ROTATION}): a torque
     * of 1e300 N m would otherwise be absorbed by the cap without a word.
     */
    void checkLoads(long step, double dt) {
        int n = store.count();
        double[] inv = store.invInertiaWorld;
        for (int i = 0; i < n; i++) {
            if (store.type[i] != BodyStore.DYNAMIC || store.asleep[i] != 0) {
                continue;
            }
            double fx = store.fx[i], fy = store.fy[i], fz = store.fz[i];
            double tx = store.tx[i], ty = store.ty[i], tz = store.tz[i];
            if (fx == 0 && fy == 0 && fz == 0 && tx == 0 && ty == 0 && tz == 0) {
                continue;
            }
            double dv = Math.sqrt(fx * fx + fy * fy + fz * fz) * store.invMass[i] * dt;
            int o = 9 * i;
            double ax = inv[o] * tx + inv[o + 1] * ty + inv[o + 2] * tz;
            double ay = inv[o + 3] * tx + inv[o + 4] * ty + inv[o + 5] * tz;
            double az = inv[o + 6] * tx + inv[o + 7] * ty + inv[o + 8] * tz;
            double dw = Math.sqrt(ax * ax + ay * ay + az * az) * dt;
            // Written so that NaN and infinity fail.
            boolean forceOk = dv <= MAX_SPEED && Double.isFinite(fx + fy + fz);
            boolean torqueOk = dw <= MAX_SPEED && Double.isFinite(tx + ty + tz);
            if (forceOk && torqueOk) {
                continue;
            }
            BodyId id = table.handleOfIndex(i);
            double speed = !forceOk ? dv : dw;
            String load = (!forceOk ? "the force " + new Vec3(fx, fy, fz) + " N"
                    : "the torque " + new Vec3(tx, ty, tz) + " N m") + " on it adds "
                    + (Double.isFinite(speed) ? "up to " + speed + (!forceOk ? " m/s" : " rad/s")
                            + " in one step, beyond " + MAX_SPEED
                            : "a non-finite speed in one step");
            throw new SimulationException(bodies.name(id), step, "load before the step: " + load
                    + "; the world is as it was before step " + step);
        }
    }

    /** What is wrong with body i's state, for {@link #checkState}'s message. */
    private String problem(int i) {
        double sum = store.px[i] + store.py[i] + store.pz[i] + store.vx[i] + store.vy[i] + store.vz[i]
                + store.wx[i]
                + store.wy[i] + store.wz[i] + store.qx[i] + store.qy[i] + store.qz[i] + store.qw[i];
        if (!Double.isFinite(sum)) {
            return "is non-finite";
        }
        if (usable(i)) {
            return "is usable, but another body's is not";
        }
        double q2 = store.qx[i] * store.qx[i] + store.qy[i] * store.qy[i] + store.qz[i] * store.qz[i]
                + store.qw[i] * store.qw[i];
        if (!(Math.abs(q2 - 1) <= QUATERNION_TOLERANCE)) {
            return "has an orientation that is not a unit quaternion (|q|^2 = " + q2 + ")";
        }
        boolean far = !(Math.abs(store.px[i]) <= MAX_POSITION && Math.abs(store.py[i]) <= MAX_POSITION
                && Math.abs(store.pz[i]) <= MAX_POSITION);
        return far ? "is beyond " + MAX_POSITION + " m from the origin" : "moves faster than " + MAX_SPEED
                + " m/s or rad/s";
    }

    /**
     * Body i's state is finite, within {@link World#MAX_POSITION} and {@link World#MAX_SPEED}, and
     * its orientation a unit quaternion. Written so that NaN fails every comparison.
     */
    private boolean usable(int i) {
        return usable(store, i);
    }

    /** Whether body i's state may be stepped: position, speeds and orientation in range (see {@link World#step}). */
    static boolean usable(BodyStore store, int i) {
        double qx = store.qx[i], qy = store.qy[i], qz = store.qz[i], qw = store.qw[i];
        double q2 = qx * qx + qy * qy + qz * qz + qw * qw;
        return Math.abs(store.px[i]) <= MAX_POSITION && Math.abs(store.py[i]) <= MAX_POSITION
                && Math.abs(store.pz[i]) <= MAX_POSITION
                && Math.abs(store.vx[i]) <= MAX_SPEED && Math.abs(store.vy[i]) <= MAX_SPEED
                && Math.abs(store.vz[i]) <= MAX_SPEED
                && Math.abs(store.wx[i]) <= MAX_SPEED && Math.abs(store.wy[i]) <= MAX_SPEED
                && Math.abs(store.wz[i]) <= MAX_SPEED
                && Math.abs(q2 - 1) <= QUATERNION_TOLERANCE;
    }
}
