package ricochet.world;

import ricochet.body.BodyId;
import ricochet.collision.CollisionWorld;
import ricochet.dynamics.BodyStore;
import ricochet.soft.SoftHost;

/**
 * The world as its cloths and soft bodies see it: colliders mapped to the bodies in the
 * {@link BodyStore} (through {@link BodyTable#denseOfCollider}, rebuilt by the pose update that runs
 * before their stage), the bodies' state, and velocity changes for dynamic bodies. Sensors are passed
 * through.
 */
final class SoftLink extends ColliderLink implements SoftHost {

    /** A body's centre at the step's start, for {@link #longestPath}. */
    private final double[] start = new double[3];

    private final WorldSettings settings;
    private final StepClock clock;

    SoftLink(BodyStore store, BodyTable table, CollisionWorld collision, Sleeping sleeping, WorldSettings settings,
             StepClock clock) {
        super(store, table, collision, sleeping);
        this.settings = settings;
        this.clock = clock;
    }

    @Override
    public boolean asleep(int collider) {
        return store.asleep[table.denseOfCollider[collider]] != 0;
    }

    @Override
    public void bodyState(int collider, double[] out) {
        int i = table.denseOfCollider[collider];
        out[0] = store.px[i];
        out[1] = store.py[i];
        out[2] = store.pz[i];
        out[3] = store.qx[i];
        out[4] = store.qy[i];
        out[5] = store.qz[i];
        out[6] = store.qw[i];
        out[7] = store.cx[i];
        out[8] = store.cy[i];
        out[9] = store.cz[i];
        out[10] = store.vx[i];
        out[11] = store.vy[i];
        out[12] = store.vz[i];
        out[13] = store.wx[i];
        out[14] = store.wy[i];
        out[15] = store.wz[i];
        boolean dynamic = store.type[i] == BodyStore.DYNAMIC;
        out[16] = dynamic ? store.invMass[i] : 0;
        for (int k = 0; k < 9; k++) {
            out[17 + k] = dynamic ? store.invInertiaWorld[9 * i + k] : 0;
        }
        store.checkpointCentre(i, out, 26);
        if (dynamic && store.asleep[i] == 0) {
            store.checkpointVelocity(i, out, 29);
            double dt = clock.stepDt, gs = store.gravityScale[i], im = store.invMass[i];
            out[29] = store.vx[i] - (out[29] + dt * (settings.gx * gs + store.fx[i] * im));
            out[30] = store.vy[i] - (out[30] + dt * (settings.gy * gs + store.fy[i] * im));
            out[31] = store.vz[i] - (out[31] + dt * (settings.gz * gs + store.fz[i] * im));
        } else {
            out[29] = 0;
            out[30] = 0;
            out[31] = 0;
        }
    }

    @Override
    public void addVelocity(int collider, double dvx, double dvy, double dvz, double dwx, double dwy, double dwz,
                            boolean wake) {
        int i = table.denseOfCollider[collider];
        if (store.type[i] != BodyStore.DYNAMIC || (store.asleep[i] != 0 && !wake)) {
            return;
        }
        if (store.asleep[i] != 0) {
            sleeping.wake(table.handleOfSlot[store.slot[i]]);
            i = table.denseOfCollider[collider];
        }
        store.vx[i] += dvx;
        store.vy[i] += dvy;
        store.vz[i] += dvz;
        store.wx[i] += dwx;
        store.wy[i] += dwy;
        store.wz[i] += dwz;
    }

    @Override
    public void moveBody(int collider, double dx, double dy, double dz) {
        int i = table.denseOfCollider[collider];
        if (store.type[i] != BodyStore.DYNAMIC || store.asleep[i] != 0) {
            return;
        }
        store.px[i] += dx;
        store.py[i] += dy;
        store.pz[i] += dz;
    }

    @Override
    public double fastestBody() {
        double best = 0;
        for (int i = 0; i < store.count(); i++) {
            if (store.type[i] != BodyStore.STATIC && store.asleep[i] == 0) {
                double v2 = store.vx[i] * store.vx[i] + store.vy[i] * store.vy[i] + store.vz[i] * store.vz[i];
                double w2 = store.wx[i] * store.wx[i] + store.wy[i] * store.wy[i] + store.wz[i] * store.wz[i];
                best = Math.max(best, Math.sqrt(v2) + store.extent[i] * Math.sqrt(w2));
            }
        }
        return best;
    }

    @Override
    public double longestPath() {
        double best = 0;
        double[] c0 = start;
        for (int i = 0; i < store.count(); i++) {
            if (store.type[i] != BodyStore.STATIC && store.asleep[i] == 0) {
                store.checkpointCentre(i, c0, 0);
                double dx = store.px[i] - c0[0], dy = store.py[i] - c0[1], dz = store.pz[i] - c0[2];
                best = Math.max(best, Math.sqrt(dx * dx + dy * dy + dz * dz));
            }
        }
        return best;
    }

    @Override
    public int colliderOf(BodyId body) {
        return table.colliderOfSlot[table.slotOf(body)];
    }
}
