package ricochet.world;

import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.collision.CollisionWorld;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.RigidBodies;
import ricochet.geometry.shape.Shape;
import ricochet.vehicle.VehicleHost;

/**
 * The world as its vehicles see it: chassis bodies added and removed through the world, their state
 * read from the {@link BodyStore}, forces added to the store's accumulators (integrated by the solve
 * that follows the vehicles' stage), and the bodies behind the colliders the wheels stand on.
 */
final class VehicleLink extends ColliderLink implements VehicleHost {

    private final World world;
    private final RigidBodies bodies;
    private final EventBuffer events;
    private final StepClock clock;

    VehicleLink(World world, RigidBodies bodies, BodyTable table, CollisionWorld collision, Sleeping sleeping,
                EventBuffer events, StepClock clock) {
        super(bodies.store(), table, collision, sleeping);
        this.world = world;
        this.bodies = bodies;
        this.events = events;
        this.clock = clock;
    }

    @Override
    public BodyId addBody(BodyDef def, Shape shape, double friction, double restitution) {
        return world.add(def, shape, friction, restitution);
    }

    @Override
    public void removeBody(BodyId id) {
        world.remove(id);
    }

    @Override
    public int colliderOf(BodyId id) {
        bodies.index(id);
        return table.colliderOfSlot[id.index()];
    }

    @Override
    public void readChassis(BodyId id, double[] out) {
        int i = bodies.index(id);
        BodyStore s = store;
        out[0] = s.px[i];
        out[1] = s.py[i];
        out[2] = s.pz[i];
        double x = s.qx[i], y = s.qy[i], z = s.qz[i], w = s.qw[i];
        out[3] = x;
        out[4] = y;
        out[5] = z;
        out[6] = w;
        out[7] = s.vx[i];
        out[8] = s.vy[i];
        out[9] = s.vz[i];
        out[10] = s.wx[i];
        out[11] = s.wy[i];
        out[12] = s.wz[i];
        out[13] = s.invMass[i];
        System.arraycopy(s.invInertiaWorld, 9 * i, out, 14, 9);
        // origin = centre of mass - R c_local
        double cx = s.cx[i], cy = s.cy[i], cz = s.cz[i];
        double tx = 2 * (y * cz - z * cy), ty = 2 * (z * cx - x * cz), tz = 2 * (x * cy - y * cx);
        out[23] = s.px[i] - (cx + w * tx + (y * tz - z * ty));
        out[24] = s.py[i] - (cy + w * ty + (z * tx - x * tz));
        out[25] = s.pz[i] - (cz + w * tz + (x * ty - y * tx));
    }

    @Override
    public void addForce(BodyId id, double fx, double fy, double fz, double tx, double ty, double tz) {
        int i = bodies.index(id);
        store.fx[i] += fx;
        store.fy[i] += fy;
        store.fz[i] += fz;
        store.tx[i] += tx;
        store.ty[i] += ty;
        store.tz[i] += tz;
    }

    @Override
    public void addVelocity(BodyId id, double dvx, double dvy, double dvz, double dwx, double dwy, double dwz) {
        int i = bodies.index(id);
        store.vx[i] += dvx;
        store.vy[i] += dvy;
        store.vz[i] += dvz;
        store.wx[i] += dwx;
        store.wy[i] += dwy;
        store.wz[i] += dwz;
    }

    @Override
    public boolean isAsleep(BodyId id) {
        return store.asleep[bodies.index(id)] != 0;
    }

    @Override
    public void wake(BodyId id) {
        sleeping.wake(id);
    }

    @Override
    public void addForceAt(int collider, double fx, double fy, double fz, double x, double y, double z) {
        int i = table.denseOfCollider[collider];
        if (store.type[i] != BodyStore.DYNAMIC) {
            return;
        }
        if (store.asleep[i] != 0) {
            sleeping.wake(table.handleOfSlot[store.slot[i]]);
        }
        double rx = x - store.px[i], ry = y - store.py[i], rz = z - store.pz[i];
        store.fx[i] += fx;
        store.fy[i] += fy;
        store.fz[i] += fz;
        store.tx[i] += ry * fz - rz * fy;
        store.ty[i] += rz * fx - rx * fz;
        store.tz[i] += rx * fy - ry * fx;
    }

    @Override
    public void wheelContactChanged(int slot, int wheel, boolean contact, int collider) {
        int body = collider < 0 ? -1 : store.slot[table.denseOfCollider[collider]];
        events.add(clock.eventStep, clock.eventTime, contact ? Event.Type.WHEEL_CONTACT : Event.Type.WHEEL_AIRBORNE,
                EventBuffer.wheelIndex(slot, wheel), body);
    }
}
