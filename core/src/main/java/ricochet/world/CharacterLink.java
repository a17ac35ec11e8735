package ricochet.world;

import ricochet.body.BodyId;
import ricochet.character.CharacterHost;
import ricochet.collision.CollisionWorld;
import ricochet.dynamics.BodyStore;

/**
 * The world as its characters see it: colliders mapped to the bodies in the {@link BodyStore}
 * (through {@link BodyTable#denseOfCollider}, rebuilt by the pose update that runs before the
 * characters' stage), their velocities, and impulses on dynamic bodies. Sensors are passed through.
 */
final class CharacterLink extends ColliderLink implements CharacterHost {

    private final EventBuffer events;
    private final StepClock clock;

    CharacterLink(BodyStore store, BodyTable table, CollisionWorld collision, Sleeping sleeping, EventBuffer events,
                  StepClock clock) {
        super(store, table, collision, sleeping);
        this.events = events;
        this.clock = clock;
    }

    @Override
    public double inverseMassAlong(int collider, double x, double y, double z, double nx, double ny, double nz) {
        int i = table.denseOfCollider[collider];
        if (store.type[i] != BodyStore.DYNAMIC) {
            return 0;
        }
        // 1/m + (r x n) . I^-1 (r x n)
        double rx = x - store.px[i], ry = y - store.py[i], rz = z - store.pz[i];
        double ax = ry * nz - rz * ny, ay = rz * nx - rx * nz, az = rx * ny - ry * nx;
        double[] a = store.invInertiaWorld;
        int o = 9 * i;
        double bx = a[o] * ax + a[o + 1] * ay + a[o + 2] * az;
        double by = a[o + 3] * ax + a[o + 4] * ay + a[o + 5] * az;
        double bz = a[o + 6] * ax + a[o + 7] * ay + a[o + 8] * az;
        return store.invMass[i] + ax * bx + ay * by + az * bz;
    }

    @Override
    public void applyImpulse(int collider, double jx, double jy, double jz, double x, double y, double z,
                             boolean wake) {
        int i = table.denseOfCollider[collider];
        if (store.type[i] != BodyStore.DYNAMIC || (store.asleep[i] != 0 && !wake)) {
            return;
        }
        if (store.asleep[i] != 0) {
            sleeping.wake(table.handleOfSlot[store.slot[i]]);
        }
        double im = store.invMass[i];
        store.vx[i] += jx * im;
        store.vy[i] += jy * im;
        store.vz[i] += jz * im;
        double rx = x - store.px[i], ry = y - store.py[i], rz = z - store.pz[i];
        double ax = ry * jz - rz * jy, ay = rz * jx - rx * jz, az = rx * jy - ry * jx;
        double[] a = store.invInertiaWorld;
        int o = 9 * i;
        store.wx[i] += a[o] * ax + a[o + 1] * ay + a[o + 2] * az;
        store.wy[i] += a[o + 3] * ax + a[o + 4] * ay + a[o + 5] * az;
        store.wz[i] += a[o + 6] * ax + a[o + 7] * ay + a[o + 8] * az;
    }

    @Override
    public BodyId findBody(int collider) {
        for (int slot = 0; slot < table.handleOfSlot.length; slot++) {
            if (table.handleOfSlot[slot] != null && table.colliderOfSlot[slot] == collider) {
                return table.handleOfSlot[slot];
            }
        }
        return null;
    }

    @Override
    public void supportChanged(int slot, boolean supported, int collider) {
        int body = collider < 0 ? -1 : store.slot[table.denseOfCollider[collider]];
        events.add(clock.eventStep, clock.eventTime, supported ? Event.Type.GROUNDED : Event.Type.AIRBORNE,
                EventBuffer.characterIndex(slot), body);
    }
}
