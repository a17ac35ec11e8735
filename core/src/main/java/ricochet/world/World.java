package ricochet.world;

import java.util.Arrays;
import ricochet.collision.CollisionWorld;
import ricochet.collision.ContactListener;
import ricochet.collision.broad.DynamicAabbTree;
import ricochet.collision.broad.PairFilter;
import ricochet.collision.narrow.Manifold;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.ContactSolver;
import ricochet.dynamics.ContactStore;
import ricochet.dynamics.RigidBodies;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.Shape;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/**
 * Rigid bodies with shapes that collide: what users embed. A step reads top to bottom in
 * {@link #step}: the collision world learns the bodies' poses, the narrow phase copies every
 * manifold point into a {@link ContactStore} (warm-started by feature id), and the
 * {@link ContactSolver} solves and integrates in substeps (Box2D v3's soft step; its class comment
 * says why).
 *
 * <p>Materials combine per touching pair: friction {@code sqrt(muA muB)} (the geometric mean, so
 * a frictionless body slides on anything, as in Box2D and Jolt), restitution {@code max(eA, eB)}
 * (a bouncy ball bounces on a dead floor).
 *
 * <p>Units are SI; vectors are in the world frame unless a name says otherwise. Each body's shape
 * is in the body's own frame, as is its definition's centre of mass. A step allocates nothing once
 * the arrays have grown. Not thread-safe.
 */
public final class World {

    private final RigidBodies bodies;
    private final BodyStore store;
    private final CollisionWorld collision = new CollisionWorld(
            new DynamicAabbTree(DynamicAabbTree.DEFAULT_MARGIN, DynamicAabbTree.DEFAULT_DISPLACEMENT_SCALE,
                    new PairFilter()));
    private final ContactStore contacts = new ContactStore();
    private final ContactSolver solver = new ContactSolver();
    private final ContactListener collector = this::collect;
    private final Transform pose = new Transform();
    private double gx, gy, gz;

    private int substeps = 4;
    private double contactMargin = 0.1;

    // By handle slot: the body's collider, material and handle.
    private int[] colliderOfSlot = new int[16];
    private double[] frictionOfSlot = new double[16];
    private double[] restitutionOfSlot = new double[16];
    private BodyId[] handleOfSlot = new BodyId[16];
    // By collider number: the body's dense index in the store (rebuilt every step).
    private int[] denseOfCollider = new int[16];

    /** An empty world under {@code gravity} (m/s^2, world frame). */
    public World(Vec3 gravity) {
        bodies = new RigidBodies(gravity);
        store = bodies.store();
        setGravity(gravity);
    }

    // ---------------------------------------------------------------- the step

    /**
     * Advances {@code dt} seconds: poses into the collision world, contacts found (points within
     * {@link #contactMargin()} included, so fast bodies are caught before they overlap) and
     * warm-started, then {@link #substeps()} substeps of solving and integrating. Forces and torques
     * applied since the last step act for this step and are then cleared.
     *
     * @throws IllegalArgumentException when dt is not > 0 and finite (nothing moves)
     */
    public void step(double dt) {
        if (!(dt > 0) || !Double.isFinite(dt)) {
            throw new IllegalArgumentException("step: dt must be > 0 and finite, got " + dt);
        }
        updatePoses();
        findContacts();
        solver.step(store, contacts, gx, gy, gz, dt, substeps);
        store.clearForces();
    }

    /** Every moving body's collider follows its pose; the dense-index map is rebuilt. */
    private void updatePoses() {
        int n = store.count();
        for (int i = 0; i < n; i++) {
            int collider = colliderOfSlot[store.slot[i]];
            denseOfCollider[collider] = i;
            if (store.type[i] != BodyStore.STATIC) {
                poseOf(i, pose);
                collision.setPose(collider, pose);
            }
        }
    }

    private void findContacts() {
        contacts.clear();
        collision.findContacts(contactMargin, collector);
    }

    /** Copies a manifold's points into the contact store with the pair's material. */
    private void collect(int colliderA, int childA, int colliderB, int childB, Manifold m) {
        int a = denseOfCollider[colliderA], b = denseOfCollider[colliderB];
        double mu = Math.sqrt(frictionOfSlot[store.slot[a]] * frictionOfSlot[store.slot[b]]);
        double e = Math.max(restitutionOfSlot[store.slot[a]], restitutionOfSlot[store.slot[b]]);
        for (int k = 0; k < m.pointCount(); k++) {
            // Compound children share the body pair: fold the child indices into the feature id so
            // their points keep distinct keys.
            int feature = m.featureId(k) * 31 * 31 + (childA + 1) * 31 + (childB + 1);
            int i = contacts.add(a, b, colliderA, colliderB, feature);
            contacts.nx[i] = m.nx;
            contacts.ny[i] = m.ny;
            contacts.nz[i] = m.nz;
            // Both lever arms reach the midpoint of the two surface points (Box2D's anchor), so
            // the pair exerts equal and opposite impulses at one point and friction adds no
            // spurious torque across the gap.
            double mx = 0.5 * (m.pointAX(k) + m.pointBX(k));
            double my = 0.5 * (m.pointAY(k) + m.pointBY(k));
            double mz = 0.5 * (m.pointAZ(k) + m.pointBZ(k));
            contacts.rAx[i] = mx - store.px[a];
            contacts.rAy[i] = my - store.py[a];
            contacts.rAz[i] = mz - store.pz[a];
            contacts.rBx[i] = mx - store.px[b];
            contacts.rBy[i] = my - store.py[b];
            contacts.rBz[i] = mz - store.pz[b];
            contacts.separation[i] = m.separation(k);
            contacts.friction[i] = mu;
            contacts.restitution[i] = e;
        }
    }

    /** The body origin (centre of mass minus R times the body-frame centre of mass) and rotation. */
    private void poseOf(int i, Transform out) {
        double x = store.qx[i], y = store.qy[i], z = store.qz[i], w = store.qw[i];
        double cx = store.cx[i], cy = store.cy[i], cz = store.cz[i];
        double tx = 2 * (y * cz - z * cy), ty = 2 * (z * cx - x * cz), tz = 2 * (x * cy - y * cx);
        double rx = cx + w * tx + (y * tz - z * ty);
        double ry = cy + w * ty + (z * tx - x * tz);
        double rz = cz + w * tz + (x * ty - y * tx);
        out.set(store.px[i] - rx, store.py[i] - ry, store.pz[i] - rz, x, y, z, w);
    }

    // ---------------------------------------------------------------- bodies

    /**
     * Adds a body with its collision shape (in the body's own frame) and material. Everything is
     * validated first; on any error nothing is added.
     *
     * @param friction Coulomb coefficient, >= 0 (combined per pair as {@code sqrt(muA muB)})
     * @param restitution >= 0, 1 for an elastic bounce (combined per pair as {@code max(eA, eB)})
     * @throws IllegalArgumentException for a null shape, a plane on a body that is not static, a
     *     bad friction or restitution, or anything {@link RigidBodies#add} rejects
     */
    public BodyId add(BodyDef def, Shape shape, double friction, double restitution) {
        if (shape == null) {
            throw new IllegalArgumentException("world: shape must not be null");
        }
        if (!(friction >= 0) || !Double.isFinite(friction)) {
            throw new IllegalArgumentException("world: friction must be >= 0 and finite, got " + friction);
        }
        if (!(restitution >= 0) || !Double.isFinite(restitution)) {
            throw new IllegalArgumentException("world: restitution must be >= 0 and finite, got " + restitution);
        }
        if (shape instanceof PlaneShape && def != null && def.type() != BodyDef.Type.STATIC) {
            throw new IllegalArgumentException("world: a plane must be on a static body, got " + def.type());
        }
        BodyId id = bodies.add(def);
        int i = bodies.index(id);
        poseOf(i, pose);
        int collider = collision.add(shape, pose, def.type() == BodyDef.Type.STATIC, PairFilter.ALL,
                PairFilter.ALL);
        int slot = id.index();
        if (slot >= colliderOfSlot.length) {
            int c = Math.max(slot + 1, 2 * colliderOfSlot.length);
            colliderOfSlot = Arrays.copyOf(colliderOfSlot, c);
            frictionOfSlot = Arrays.copyOf(frictionOfSlot, c);
            restitutionOfSlot = Arrays.copyOf(restitutionOfSlot, c);
            handleOfSlot = Arrays.copyOf(handleOfSlot, c);
        }
        if (collider >= denseOfCollider.length) {
            denseOfCollider = Arrays.copyOf(denseOfCollider, Math.max(collider + 1, 2 * denseOfCollider.length));
        }
        colliderOfSlot[slot] = collider;
        frictionOfSlot[slot] = friction;
        restitutionOfSlot[slot] = restitution;
        handleOfSlot[slot] = id;
        return id;
    }

    /**
     * Removes a live body and its shape; its handle becomes stale. The warm-start cache is dropped
     * (its collider number may be reused by the next add), so the next step starts cold.
     */
    public void remove(BodyId id) {
        bodies.index(id);
        collision.remove(colliderOfSlot[id.index()]);
        bodies.remove(id);
        handleOfSlot[id.index()] = null;
        contacts.clear();
        contacts.clearCache();
    }

    public boolean contains(BodyId id) {
        return bodies.contains(id);
    }

    public int bodyCount() {
        return bodies.count();
    }

    public BodyDef.Type type(BodyId id) {
        return bodies.type(id);
    }

    /** kg; 0 for static and kinematic bodies. */
    public double mass(BodyId id) {
        return bodies.mass(id);
    }

    /** The body origin, world space, m. */
    public Vec3 position(BodyId id) {
        return bodies.position(id);
    }

    /** The centre of mass, world space, m. */
    public Vec3 centerOfMass(BodyId id) {
        return bodies.centerOfMass(id);
    }

    /** Body-to-world rotation. */
    public Quat orientation(BodyId id) {
        return bodies.orientation(id);
    }

    /** Centre of mass velocity, m/s. */
    public Vec3 velocity(BodyId id) {
        return bodies.velocity(id);
    }

    /** rad/s, world frame. */
    public Vec3 angularVelocity(BodyId id) {
        return bodies.angularVelocity(id);
    }

    /** Moves the body origin to {@code p} (m) and its shape with it. */
    public void setPosition(BodyId id, Vec3 p) {
        bodies.setPosition(id, p);
        syncPose(id);
    }

    /** Turns the body about its origin; its shape follows. */
    public void setOrientation(BodyId id, Quat q) {
        bodies.setOrientation(id, q);
        syncPose(id);
    }

    private void syncPose(BodyId id) {
        poseOf(bodies.index(id), pose);
        collision.setPose(colliderOfSlot[id.index()], pose);
    }

    /** m/s; rejected for a static body. */
    public void setVelocity(BodyId id, Vec3 v) {
        bodies.setVelocity(id, v);
    }

    /** rad/s; rejected for a static body. */
    public void setAngularVelocity(BodyId id, Vec3 w) {
        bodies.setAngularVelocity(id, w);
    }

    /** A force (N) at a world point (m) for the next step. */
    public void applyForce(BodyId id, Vec3 force, Vec3 worldPoint) {
        bodies.applyForce(id, force, worldPoint);
    }

    /** An impulse (N s) at a world point (m), now. */
    public void applyImpulse(BodyId id, Vec3 impulse, Vec3 worldPoint) {
        bodies.applyImpulse(id, impulse, worldPoint);
    }

    /** Kinetic energy of the dynamic bodies, J. */
    public double kineticEnergy() {
        return bodies.kineticEnergy();
    }

    /** Equal for bit-identical body states (see {@link RigidBodies#stateHash}). */
    public long stateHash() {
        return bodies.stateHash();
    }

    // ---------------------------------------------------------------- contacts of the last step

    /** Contact points found by the last step (speculative ones, still apart, included). */
    public int contactPointCount() {
        return contacts.count();
    }

    /** Body A of contact point k (the normal points from A to B). */
    public BodyId contactBodyA(int k) {
        return handleOfSlot[store.slot[contacts.bodyA[checkPoint(k)]]];
    }

    public BodyId contactBodyB(int k) {
        return handleOfSlot[store.slot[contacts.bodyB[checkPoint(k)]]];
    }

    /** The narrow phase's feature id of point k (with compound children folded in). */
    public int contactFeatureId(int k) {
        return contacts.featureId[checkPoint(k)];
    }

    /** The unit normal of point k, A to B, world frame. */
    public Vec3 contactNormal(int k) {
        checkPoint(k);
        return new Vec3(contacts.nx[k], contacts.ny[k], contacts.nz[k]);
    }

    /** Separation of point k when it was found, m (negative: overlap). */
    public double contactSeparation(int k) {
        return contacts.separation[checkPoint(k)];
    }

    /** The normal impulse point k applied over the whole last step, N s. */
    public double contactNormalImpulse(int k) {
        return contacts.totalNormalImpulse[checkPoint(k)];
    }

    /** Whether point k started the last step from the impulses cached under its feature id. */
    public boolean contactWarmStarted(int k) {
        return contacts.warmStarted[checkPoint(k)] != 0;
    }

    private int checkPoint(int k) {
        if (k < 0 || k >= contacts.count()) {
            throw new IllegalArgumentException("world: no contact point " + k + " (have " + contacts.count() + ")");
        }
        return k;
    }

    // ---------------------------------------------------------------- settings

    public Vec3 gravity() {
        return new Vec3(gx, gy, gz);
    }

    /** m/s^2, world frame; must be finite. */
    public void setGravity(Vec3 g) {
        bodies.setGravity(g);
        gx = g.x();
        gy = g.y();
        gz = g.z();
    }

    public int substeps() {
        return substeps;
    }

    /** Soft-step substeps per step (>= 1; default 4). */
    public void setSubsteps(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("world: substeps must be >= 1, got " + n);
        }
        substeps = n;
    }

    public int relaxIterations() {
        return solver.relaxIterations();
    }

    /** Unbiased solver passes per substep (>= 1; default 1). */
    public void setRelaxIterations(int n) {
        solver.setRelaxIterations(n);
    }

    /** Distance within which points are kept before shapes touch (speculative contacts), m. */
    public double contactMargin() {
        return contactMargin;
    }

    /**
     * Metres, >= 0 and at most the broad phase's fattening ({@value DynamicAabbTree#DEFAULT_MARGIN} m,
     * so every pair within the margin is in the broad phase); default 0.1 m, which catches a body
     * falling at 6 m/s one 60 Hz step before it touches.
     */
    public void setContactMargin(double m) {
        if (!(m >= 0) || !(m <= DynamicAabbTree.DEFAULT_MARGIN)) {
            throw new IllegalArgumentException("world: contact margin must be in [0, "
                    + DynamicAabbTree.DEFAULT_MARGIN + "] m, got " + m);
        }
        contactMargin = m;
    }

    /** m/s: slower approaches do not bounce (default 1). */
    public double restitutionThreshold() {
        return solver.restitutionThreshold();
    }

    public void setRestitutionThreshold(double v) {
        solver.setRestitutionThreshold(v);
    }

    /** Hz: the contact spring (default 30; twice that against static and kinematic bodies). */
    public double contactHertz() {
        return solver.contactHertz();
    }

    public void setContactHertz(double hz) {
        solver.setContactHertz(hz);
    }

    /** Damping ratio of the contact spring (default 10). */
    public void setContactDampingRatio(double zeta) {
        solver.setDampingRatio(zeta);
    }

    /** The fastest an overlap is pushed apart, m/s (default 3). */
    public void setMaxPushOutSpeed(double v) {
        solver.setMaxPushOutSpeed(v);
    }
}
