package ricochet.world;

import java.util.Arrays;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.collision.CollisionWorld;
import ricochet.collision.broad.PairFilter;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.RigidBodies;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.Shape;
import ricochet.math.Transform;

/**
 * What the world keeps per body beside the {@link BodyStore}: by handle slot, the body's collider
 * number in the {@link CollisionWorld}, its material, its sensor and bullet flags, the sleep group
 * it fell asleep with and its handle; by collider number, its dense index in the store (rebuilt
 * every step by {@link PoseUpdate}). The stages read the arrays directly; they grow by doubling when
 * a body is added, never in a step.
 */
final class BodyTable {

    private final RigidBodies bodies;
    private final BodyStore store;
    private final CollisionWorld collision;
    private final Transform pose = new Transform();

    // By handle slot: the body's collider, material, flags and handle.
    int[] colliderOfSlot = new int[16];
    double[] frictionOfSlot = new double[16];
    double[] restitutionOfSlot = new double[16];
    boolean[] sensorOfSlot = new boolean[16];
    boolean[] bulletOfSlot = new boolean[16];
    /** The island a sleeping body fell asleep with: it wakes with the whole group. */
    int[] sleepGroupOfSlot = new int[16];
    BodyId[] handleOfSlot = new BodyId[16];
    /** By collider number: the body's dense index in the store (rebuilt every step). */
    int[] denseOfCollider = new int[16];

    BodyTable(RigidBodies bodies, CollisionWorld collision) {
        this.bodies = bodies;
        this.store = bodies.store();
        this.collision = collision;
    }

    /** {@link World#add}: validates, then adds the body, its collider and its table entries. */
    BodyId add(BodyDef def, Shape shape, double friction, double restitution) {
        if (shape == null) {
            throw new IllegalArgumentException("world: shape must not be null");
        }
        checkFriction(friction);
        checkRestitution(restitution);
        if (shape instanceof PlaneShape && def != null && def.type() != BodyDef.Type.STATIC) {
            throw new IllegalArgumentException("world: a plane must be on a static body, got " + def.type());
        }
        BodyId id = bodies.add(def == null ? null : def.withMassFromShape(shape));
        int i = bodies.index(id);
        poseOf(store, i, pose);
        int collider = collision.add(shape, pose, def.type() == BodyDef.Type.STATIC, PairFilter.ALL,
                PairFilter.ALL);
        int slot = id.index();
        if (slot >= colliderOfSlot.length) {
            int c = Math.max(slot + 1, 2 * colliderOfSlot.length);
            colliderOfSlot = Arrays.copyOf(colliderOfSlot, c);
            frictionOfSlot = Arrays.copyOf(frictionOfSlot, c);
            restitutionOfSlot = Arrays.copyOf(restitutionOfSlot, c);
            sensorOfSlot = Arrays.copyOf(sensorOfSlot, c);
            bulletOfSlot = Arrays.copyOf(bulletOfSlot, c);
            sleepGroupOfSlot = Arrays.copyOf(sleepGroupOfSlot, c);
            handleOfSlot = Arrays.copyOf(handleOfSlot, c);
        }
        if (collider >= denseOfCollider.length) {
            denseOfCollider = Arrays.copyOf(denseOfCollider, Math.max(collider + 1, 2 * denseOfCollider.length));
        }
        colliderOfSlot[slot] = collider;
        frictionOfSlot[slot] = friction;
        restitutionOfSlot[slot] = restitution;
        sensorOfSlot[slot] = false;
        bulletOfSlot[slot] = false;
        sleepGroupOfSlot[slot] = 0;
        handleOfSlot[slot] = id;
        setSizes(i, shape);
        return id;
    }

    /**
     * From the shape's local bounds: the farthest corner from the centre of mass (turns |w| into a
     * speed) and a quarter of the smallest side (a step longer than that is swept).
     */
    private void setSizes(int i, Shape shape) {
        double[] b = new double[6];
        shape.localBounds(b);
        double cx = store.cx[i], cy = store.cy[i], cz = store.cz[i];
        double ex = Math.max(Math.abs(b[0] - cx), Math.abs(b[3] - cx));
        double ey = Math.max(Math.abs(b[1] - cy), Math.abs(b[4] - cy));
        double ez = Math.max(Math.abs(b[2] - cz), Math.abs(b[5] - cz));
        double e = Math.sqrt(ex * ex + ey * ey + ez * ez);
        double thinnest = Math.min(b[3] - b[0], Math.min(b[4] - b[1], b[5] - b[2]));
        store.extent[i] = Double.isFinite(e) ? e : 0;
        store.fastDistance[i] = Double.isFinite(thinnest) ? 0.25 * thinnest : 0;
    }

    /** The body and its collider go; its handle becomes stale (its joints and pairs are the caller's). */
    void remove(BodyId id) {
        collision.remove(colliderOfSlot[id.index()]);
        bodies.remove(id);
        handleOfSlot[id.index()] = null;
    }

    /** The handle's slot, once the handle is checked (stale: an exception from {@link RigidBodies#index}). */
    int slotOf(BodyId id) {
        bodies.index(id);
        return id.index();
    }

    static void checkFriction(double friction) {
        if (!(friction >= 0) || !Double.isFinite(friction)) {
            throw new IllegalArgumentException("world: friction must be >= 0 and finite, got " + friction);
        }
    }

    static void checkRestitution(double restitution) {
        if (!(restitution >= 0) || !Double.isFinite(restitution)) {
            throw new IllegalArgumentException("world: restitution must be >= 0 and finite, got " + restitution);
        }
    }

    /** The collider follows the body's pose in the store (after a user moved it). */
    void syncPose(BodyId id) {
        poseOf(store, bodies.index(id), pose);
        collision.setPose(colliderOfSlot[id.index()], pose);
    }

    /** The shape of the body at store index i. */
    Shape shapeOfIndex(int i) {
        return collision.shape(colliderOfSlot[store.slot[i]]);
    }

    /** The handle of the body at store index i. */
    BodyId handleOfIndex(int i) {
        return handleOfSlot[store.slot[i]];
    }

    /**
     * Body i's state into {@code out[0..12]}: origin position, orientation (x, y, z, w), centre-of-mass
     * velocity, angular velocity (see {@link World#readState}).
     */
    void readState(int i, double[] out) {
        poseOf(store, i, pose);
        out[0] = pose.px;
        out[1] = pose.py;
        out[2] = pose.pz;
        out[3] = store.qx[i];
        out[4] = store.qy[i];
        out[5] = store.qz[i];
        out[6] = store.qw[i];
        out[7] = store.vx[i];
        out[8] = store.vy[i];
        out[9] = store.vz[i];
        out[10] = store.wx[i];
        out[11] = store.wy[i];
        out[12] = store.wz[i];
    }

    /** Gravitational potential energy of the dynamic bodies under g (m/s^2), {@code -m g . c} summed, J. */
    double potentialEnergy(double gx, double gy, double gz) {
        int n = store.count();
        double e = 0;
        for (int i = 0; i < n; i++) {
            if (store.type[i] == BodyStore.DYNAMIC) {
                e -= store.mass[i] * store.gravityScale[i] * (gx * store.px[i] + gy * store.py[i] + gz * store.pz[i]);
            }
        }
        return e;
    }

    /** The body origin (centre of mass minus R times the body-frame centre of mass) and rotation. */
    static void poseOf(BodyStore store, int i, Transform out) {
        double x = store.qx[i], y = store.qy[i], z = store.qz[i], w = store.qw[i];
        double cx = store.cx[i], cy = store.cy[i], cz = store.cz[i];
        double tx = 2 * (y * cz - z * cy), ty = 2 * (z * cx - x * cz), tz = 2 * (x * cy - y * cx);
        double rx = cx + w * tx + (y * tz - z * ty);
        double ry = cy + w * ty + (z * tx - x * tz);
        double rz = cz + w * tz + (x * ty - y * tx);
        out.set(store.px[i] - rx, store.py[i] - ry, store.pz[i] - rz, x, y, z, w);
    }

    /** A kinematic body with a velocity: it carries and wakes what it touches. */
    static boolean isMoving(BodyStore store, int i) {
        return store.type[i] == BodyStore.KINEMATIC
                && (store.vx[i] != 0 || store.vy[i] != 0 || store.vz[i] != 0
                    || store.wx[i] != 0 || store.wy[i] != 0 || store.wz[i] != 0);
    }
}
