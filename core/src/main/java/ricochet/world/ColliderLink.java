package ricochet.world;

import ricochet.body.BodyId;
import ricochet.collision.ColliderHost;
import ricochet.collision.CollisionWorld;
import ricochet.dynamics.BodyStore;

/**
 * What every stage that moves against the colliders (characters, vehicles, soft bodies) reads of the
 * bodies behind them, written once: colliders map to the bodies in the {@link BodyStore} through
 * {@link BodyTable#denseOfCollider} (rebuilt by the pose update that runs before those stages), and
 * sensors are passed through.
 */
abstract class ColliderLink implements ColliderHost {

    final BodyStore store;
    final BodyTable table;
    final CollisionWorld collision;
    final Sleeping sleeping;

    ColliderLink(BodyStore store, BodyTable table, CollisionWorld collision, Sleeping sleeping) {
        this.store = store;
        this.table = table;
        this.collision = collision;
        this.sleeping = sleeping;
    }

    @Override
    public final CollisionWorld collision() {
        return collision;
    }

    @Override
    public final int motionType(int collider) {
        int i = table.denseOfCollider[collider];
        if (table.sensorOfSlot[store.slot[i]]) {
            return IGNORED;
        }
        return switch (store.type[i]) {
            case BodyStore.STATIC -> STATIC;
            case BodyStore.KINEMATIC -> KINEMATIC;
            default -> DYNAMIC;
        };
    }

    /** The velocity (m/s, world) of world point (x, y, z) carried by the collider's body, into out[0..2]. */
    public final void pointVelocity(int collider, double x, double y, double z, double[] out) {
        int i = table.denseOfCollider[collider];
        // v + w x r, r from the centre of mass.
        double rx = x - store.px[i], ry = y - store.py[i], rz = z - store.pz[i];
        double wx = store.wx[i], wy = store.wy[i], wz = store.wz[i];
        out[0] = store.vx[i] + wy * rz - wz * ry;
        out[1] = store.vy[i] + wz * rx - wx * rz;
        out[2] = store.vz[i] + wx * ry - wy * rx;
    }

    /** The handle of the collider's body. */
    public final BodyId bodyOf(int collider) {
        return table.handleOfSlot[store.slot[table.denseOfCollider[collider]]];
    }
}
