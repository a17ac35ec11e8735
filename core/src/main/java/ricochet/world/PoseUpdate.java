package ricochet.world;

import ricochet.collision.CollisionWorld;
import ricochet.dynamics.BodyStore;
import ricochet.parallel.WorkerPool;

/**
 * The step's first stage: every moving body's collider follows its pose, with a bound on how fast
 * its points move (the narrow phase's margin per pair), on the pool's threads (each body its own
 * entries); then the broad phase learns the new boxes in body order, on the caller. Also keeps each
 * body's start-of-step pose, which {@link Continuous} sweeps from, and rebuilds
 * {@link BodyTable#denseOfCollider}.
 */
final class PoseUpdate {

    /** Bodies per block of the per-body stages. */
    private static final int BODY_GRAIN = 64;

    private final BodyStore store;
    private final BodyTable table;
    private final CollisionWorld collision;
    private final StepClock clock;
    private final WorldSettings settings;
    // The start-of-step pose by dense index.
    double[] startX = new double[16], startY = new double[16], startZ = new double[16];
    double[] startQx = new double[16], startQy = new double[16], startQz = new double[16];
    double[] startQw = new double[16];
    private final WorkerPool.Range placeTask = this::placeBodies;

    PoseUpdate(BodyStore store, BodyTable table, CollisionWorld collision, StepClock clock,
               WorldSettings settings) {
        this.store = store;
        this.table = table;
        this.collision = collision;
        this.clock = clock;
        this.settings = settings;
    }

    void updatePoses() {
        int n = store.count();
        if (startX.length < n) {
            int c = Math.max(n, 2 * startX.length);
            startX = new double[c];
            startY = new double[c];
            startZ = new double[c];
            startQx = new double[c];
            startQy = new double[c];
            startQz = new double[c];
            startQw = new double[c];
        }
        settings.pool.run(n, BODY_GRAIN, placeTask);
        int[] colliderOfSlot = table.colliderOfSlot;
        for (int i = 0; i < n; i++) {
            if (store.type[i] != BodyStore.STATIC && store.asleep[i] == 0) {
                collision.syncBroadPhase(colliderOfSlot[store.slot[i]]);
            }
        }
    }

    /** {@link #updatePoses} for bodies {@code from .. to - 1} on thread {@code worker}. */
    private void placeBodies(int worker, int from, int to) {
        int[] colliderOfSlot = table.colliderOfSlot;
        int[] denseOfCollider = table.denseOfCollider;
        for (int i = from; i < to; i++) {
            startX[i] = store.px[i];
            startY[i] = store.py[i];
            startZ[i] = store.pz[i];
            startQx[i] = store.qx[i];
            startQy[i] = store.qy[i];
            startQz[i] = store.qz[i];
            startQw[i] = store.qw[i];
            int collider = colliderOfSlot[store.slot[i]];
            denseOfCollider[collider] = i;
            if (store.type[i] != BodyStore.STATIC && store.asleep[i] == 0) {
                // The body origin: the centre of mass minus R times the body-frame centre of mass (poseOf).
                double x = store.qx[i], y = store.qy[i], z = store.qz[i], w = store.qw[i];
                double cx = store.cx[i], cy = store.cy[i], cz = store.cz[i];
                double tx = 2 * (y * cz - z * cy), ty = 2 * (z * cx - x * cz), tz = 2 * (x * cy - y * cx);
                double rx = cx + w * tx + (y * tz - z * ty);
                double ry = cy + w * ty + (z * tx - x * tz);
                double rz = cz + w * tz + (x * ty - y * tx);
                collision.placeBody(worker, collider, store.px[i] - rx, store.py[i] - ry, store.pz[i] - rz,
                        x, y, z, w);
                double v = Math.sqrt(store.vx[i] * store.vx[i] + store.vy[i] * store.vy[i] + store.vz[i] * store.vz[i]);
                double wl = Math.sqrt(store.wx[i] * store.wx[i] + store.wy[i] * store.wy[i]
                        + store.wz[i] * store.wz[i]);
                // Gravity adds up to |g| dt during the step.
                collision.setSpeedBound(collider, v + store.extent[i] * wl + gravityScaleSpeed(i));
            }
        }
    }

    /** The speed gravity can add to body i over one step, m/s. */
    private double gravityScaleSpeed(int i) {
        return store.type[i] == BodyStore.DYNAMIC
                ? Math.abs(store.gravityScale[i]) * settings.gravityMagnitude * clock.stepDt : 0;
    }
}
