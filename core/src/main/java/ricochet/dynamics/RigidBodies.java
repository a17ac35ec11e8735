package ricochet.dynamics;

import java.util.Arrays;
import ricochet.geometry.shape.MassProperties;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;

/**
 * The friendly face of the body store: bodies added from {@link BodyDef}s and named by
 * {@link BodyId} handles, read and written with {@link Vec3}/{@link Quat} values, pushed with
 * forces, torques and impulses, and stepped by {@link Integrator}. No contacts: those come from a
 * solver built on top of {@link #store()}.
 *
 * <p>Every mutating call validates all of its input before changing anything, so a rejected call
 * (NaN, Infinity, a mass of 0, a stale handle...) leaves every body exactly as it was. Units are SI
 * (m, s, kg, N, rad); vectors are in the world frame unless a name says otherwise.
 */
public final class RigidBodies {

    private final BodyStore store = new BodyStore();
    private final IdPool ids = new IdPool();
    private String[] names = new String[16];
    private double gx, gy, gz;

    /** An empty set of bodies under {@code gravity} (m/s^2, world frame). */
    public RigidBodies(Vec3 gravity) {
        setGravity(gravity);
    }

    /** The store the integrator and a contact solver run over; its dense indices come from {@link #index}. */
    public BodyStore store() {
        return store;
    }

    /** The handles' slots and generations. */
    public IdPool ids() {
        return ids;
    }

    /** The dense store index of a live body (valid until the next add or remove). */
    public int index(BodyId id) {
        return ids.check(id);
    }

    public Vec3 gravity() {
        return new Vec3(gx, gy, gz);
    }

    /** Sets gravity, m/s^2, world frame; must be finite. */
    public void setGravity(Vec3 g) {
        requireFinite("gravity", g);
        gx = g.x();
        gy = g.y();
        gz = g.z();
    }

    /** Number of live bodies. */
    public int count() {
        return store.count();
    }

    /** Whether {@code id} names a live body. */
    public boolean contains(BodyId id) {
        return ids.isLive(id);
    }

    /**
     * Adds a body. Everything is validated first; on any error nothing is added.
     *
     * @throws IllegalArgumentException naming the field and its value: a null or non-finite vector or
     *     quaternion, a zero quaternion, negative or non-finite damping, non-finite gravity scale,
     *     missing mass properties or a mass {@code <=} 0 for a dynamic body, an inertia that is not symmetric
     *     positive definite, or a static body given a velocity
     */
    public BodyId add(BodyDef def) {
        if (def == null) {
            throw new IllegalArgumentException("body def must not be null");
        }
        if (def.type() == null) {
            throw new IllegalArgumentException("body def: type must not be null");
        }
        requireFinite("body def: position", def.position());
        Quat q = requireRotation("body def: orientation", def.orientation());
        requireFinite("body def: velocity", def.velocity());
        requireFinite("body def: angular velocity", def.angularVelocity());
        requireDamping("body def: linear damping", def.linearDamping());
        requireDamping("body def: angular damping", def.angularDamping());
        if (!Double.isFinite(def.gravityScale())) {
            throw new IllegalArgumentException("body def: gravity scale must be finite, got " + def.gravityScale());
        }
        if (def.type() == BodyDef.Type.STATIC
                && (!def.velocity().equals(Vec3.ZERO) || !def.angularVelocity().equals(Vec3.ZERO))) {
            throw new IllegalArgumentException("body def: a static body cannot move, got velocity "
                    + def.velocity() + " and angular velocity " + def.angularVelocity());
        }
        MassProperties mp = def.massProperties();
        Vec3 com = Vec3.ZERO;
        double[] inertia = null;
        double[] invInertia = new double[9];
        if (def.type() == BodyDef.Type.DYNAMIC) {
            if (mp == null) {
                throw new IllegalArgumentException("body '" + def.name() + "': a dynamic body added without a"
                        + " shape needs mass properties (withMassProperties or withShape), got null");
            }
            if (!(mp.mass() > 0) || !Double.isFinite(mp.mass())) {
                throw new IllegalArgumentException("body def: mass must be > 0 and finite, got " + mp.mass());
            }
            com = mp.centerOfMass();
            inertia = requireInertia(mp.inertia());
            if (!ricochet.math.Mat3.invert(inertia, invInertia)) {
                throw new IllegalArgumentException("body def: inertia is singular: " + Arrays.toString(inertia));
            }
        } else if (mp != null) {
            com = mp.centerOfMass();
        }
        // Valid: from here nothing throws.
        int i = store.add();
        BodyId id = ids.allocate(i);
        store.slot[i] = id.index();
        if (id.index() >= names.length) {
            names = Arrays.copyOf(names, Math.max(2 * names.length, id.index() + 1));
        }
        names[id.index()] = def.name();
        store.type[i] = (byte) def.type().ordinal();
        store.qx[i] = q.x();
        store.qy[i] = q.y();
        store.qz[i] = q.z();
        store.qw[i] = q.w();
        store.cx[i] = com.x();
        store.cy[i] = com.y();
        store.cz[i] = com.z();
        Vec3 p = def.position().plus(q.rotate(com));
        store.px[i] = p.x();
        store.py[i] = p.y();
        store.pz[i] = p.z();
        store.vx[i] = def.velocity().x();
        store.vy[i] = def.velocity().y();
        store.vz[i] = def.velocity().z();
        store.wx[i] = def.angularVelocity().x();
        store.wy[i] = def.angularVelocity().y();
        store.wz[i] = def.angularVelocity().z();
        store.linearDamping[i] = def.linearDamping();
        store.angularDamping[i] = def.angularDamping();
        store.gravityScale[i] = def.gravityScale();
        if (inertia != null) {
            store.mass[i] = mp.mass();
            store.invMass[i] = 1.0 / mp.mass();
            System.arraycopy(inertia, 0, store.inertiaBody, 9 * i, 9);
            System.arraycopy(invInertia, 0, store.invInertiaBody, 9 * i, 9);
            store.updateWorldInertia(i);
        }
        return id;
    }

    /** Removes a live body; its handle (and every copy of it) becomes stale. Other handles stay valid. */
    public void remove(BodyId id) {
        int i = ids.check(id);
        ids.free(id);
        names[id.index()] = null;
        int movedFrom = store.removeSwap(i);
        if (movedFrom >= 0) {
            ids.move(store.slot[i], i);
        }
    }

    public BodyDef.Type type(BodyId id) {
        return BodyDef.Type.values()[store.type[ids.check(id)]];
    }

    public String name(BodyId id) {
        ids.check(id);
        return names[id.index()];
    }

    /** Mass in kg; 0 for static and kinematic bodies (they have infinite mass). */
    public double mass(BodyId id) {
        return store.mass[ids.check(id)];
    }

    /** The body origin in world space (centre of mass minus R times the body-frame centre of mass). */
    public Vec3 position(BodyId id) {
        int i = ids.check(id);
        return centerOfMass(i).minus(orientation(i).rotate(localCenter(i)));
    }

    /** The centre of mass in world space, m. */
    public Vec3 centerOfMass(BodyId id) {
        return centerOfMass(ids.check(id));
    }

    /** Body-to-world rotation (unit). */
    public Quat orientation(BodyId id) {
        return orientation(ids.check(id));
    }

    /** Velocity of the centre of mass, m/s. */
    public Vec3 velocity(BodyId id) {
        int i = ids.check(id);
        return new Vec3(store.vx[i], store.vy[i], store.vz[i]);
    }

    /** Angular velocity, rad/s. */
    public Vec3 angularVelocity(BodyId id) {
        int i = ids.check(id);
        return new Vec3(store.wx[i], store.wy[i], store.wz[i]);
    }

    /** Angular momentum about the centre of mass, {@code R I R^T w}, kg m^2/s (0 unless dynamic). */
    public Vec3 angularMomentum(BodyId id) {
        int i = ids.check(id);
        Quat q = orientation(i);
        Vec3 wb = q.conjugate().rotate(new Vec3(store.wx[i], store.wy[i], store.wz[i]));
        return q.rotate(bodyInertiaTimes(i, wb));
    }

    /** Moves the body origin to {@code p} (m), keeping the orientation. */
    public void setPosition(BodyId id, Vec3 p) {
        int i = ids.check(id);
        requireFinite("position", p);
        Vec3 c = p.plus(orientation(i).rotate(localCenter(i)));
        store.px[i] = c.x();
        store.py[i] = c.y();
        store.pz[i] = c.z();
    }

    /** Turns the body about its origin (the origin stays put); any non-zero length, normalised. */
    public void setOrientation(BodyId id, Quat q) {
        int i = ids.check(id);
        Quat n = requireRotation("orientation", q);
        Vec3 origin = position(id);
        store.qx[i] = n.x();
        store.qy[i] = n.y();
        store.qz[i] = n.z();
        store.qw[i] = n.w();
        Vec3 c = origin.plus(n.rotate(localCenter(i)));
        store.px[i] = c.x();
        store.py[i] = c.y();
        store.pz[i] = c.z();
        store.updateWorldInertia(i);
    }

    /** Sets the centre of mass velocity, m/s; rejected for a static body. */
    public void setVelocity(BodyId id, Vec3 v) {
        int i = ids.check(id);
        requireFinite("velocity", v);
        requireMovable(i, "velocity", v);
        store.vx[i] = v.x();
        store.vy[i] = v.y();
        store.vz[i] = v.z();
    }

    /** Sets the angular velocity, rad/s; rejected for a static body. */
    public void setAngularVelocity(BodyId id, Vec3 w) {
        int i = ids.check(id);
        requireFinite("angular velocity", w);
        requireMovable(i, "angular velocity", w);
        store.wx[i] = w.x();
        store.wy[i] = w.y();
        store.wz[i] = w.z();
    }

    /**
     * Adds a force (N) acting at {@code worldPoint} (m) for the next step: the force, plus the torque
     * {@code (point - com) x force}. Ignored by static and kinematic bodies.
     */
    public void applyForce(BodyId id, Vec3 force, Vec3 worldPoint) {
        int i = ids.check(id);
        requireFinite("force", force);
        requireFinite("force point", worldPoint);
        if (store.type[i] != BodyStore.DYNAMIC) {
            return;
        }
        double rx = worldPoint.x() - store.px[i], ry = worldPoint.y() - store.py[i], rz = worldPoint.z() - store.pz[i];
        store.fx[i] += force.x();
        store.fy[i] += force.y();
        store.fz[i] += force.z();
        store.tx[i] += ry * force.z() - rz * force.y();
        store.ty[i] += rz * force.x() - rx * force.z();
        store.tz[i] += rx * force.y() - ry * force.x();
    }

    /** Adds a force (N) at the centre of mass for the next step. */
    public void applyForce(BodyId id, Vec3 force) {
        applyForce(id, force, centerOfMass(id));
    }

    /** Adds a torque about the centre of mass (N m) for the next step. Ignored unless dynamic. */
    public void applyTorque(BodyId id, Vec3 torque) {
        int i = ids.check(id);
        requireFinite("torque", torque);
        if (store.type[i] != BodyStore.DYNAMIC) {
            return;
        }
        store.tx[i] += torque.x();
        store.ty[i] += torque.y();
        store.tz[i] += torque.z();
    }

    /**
     * Applies an impulse (N s) at {@code worldPoint} (m) now: {@code v += J / m} and
     * {@code w += I_world^-1 ((point - com) x J)}. Ignored unless dynamic.
     */
    public void applyImpulse(BodyId id, Vec3 impulse, Vec3 worldPoint) {
        int i = ids.check(id);
        requireFinite("impulse", impulse);
        requireFinite("impulse point", worldPoint);
        if (store.type[i] != BodyStore.DYNAMIC) {
            return;
        }
        double jx = impulse.x(), jy = impulse.y(), jz = impulse.z();
        double im = store.invMass[i];
        store.vx[i] += jx * im;
        store.vy[i] += jy * im;
        store.vz[i] += jz * im;
        double rx = worldPoint.x() - store.px[i], ry = worldPoint.y() - store.py[i], rz = worldPoint.z() - store.pz[i];
        double ax = ry * jz - rz * jy, ay = rz * jx - rx * jz, az = rx * jy - ry * jx;
        double[] a = store.invInertiaWorld;
        int o = 9 * i;
        store.wx[i] += a[o] * ax + a[o + 1] * ay + a[o + 2] * az;
        store.wy[i] += a[o + 3] * ax + a[o + 4] * ay + a[o + 5] * az;
        store.wz[i] += a[o + 6] * ax + a[o + 7] * ay + a[o + 8] * az;
    }

    /**
     * Total kinetic energy of the dynamic bodies, J: {@code sum 1/2 m v.v + 1/2 w.(I_world w)}.
     * Kinematic bodies (infinite mass) are left out.
     */
    public double kineticEnergy() {
        double e = 0;
        int n = store.count();
        for (int i = 0; i < n; i++) {
            if (store.type[i] != BodyStore.DYNAMIC) {
                continue;
            }
            e += store.kineticEnergy(i);
        }
        return e;
    }

    /**
     * Advances {@code dt} seconds in {@code substeps} equal substeps, each integrating velocities then
     * positions, and clears the force and torque accumulators at the end. Allocation-free.
     *
     * @throws IllegalArgumentException when dt is not > 0 and finite or {@code substeps < 1} (nothing moves)
     */
    public void step(double dt, int substeps) {
        if (!(dt > 0) || !Double.isFinite(dt)) {
            throw new IllegalArgumentException("step: dt must be > 0 and finite, got " + dt);
        }
        if (substeps < 1) {
            throw new IllegalArgumentException("step: substeps must be >= 1, got " + substeps);
        }
        double h = dt / substeps;
        for (int k = 0; k < substeps; k++) {
            Integrator.integrateVelocities(store, gx, gy, gz, h);
            Integrator.integratePositions(store, h);
        }
        store.clearForces();
    }

    /**
     * A hash of every body's position, orientation, velocity and angular velocity bits in dense index
     * order: equal for bit-identical states, for determinism tests.
     */
    public long stateHash() {
        long h = 0x9E3779B97F4A7C15L ^ store.count();
        int n = store.count();
        for (int i = 0; i < n; i++) {
            h = mix(h, store.slot[i]);
            h = mix(h, store.px[i]);
            h = mix(h, store.py[i]);
            h = mix(h, store.pz[i]);
            h = mix(h, store.qx[i]);
            h = mix(h, store.qy[i]);
            h = mix(h, store.qz[i]);
            h = mix(h, store.qw[i]);
            h = mix(h, store.vx[i]);
            h = mix(h, store.vy[i]);
            h = mix(h, store.vz[i]);
            h = mix(h, store.wx[i]);
            h = mix(h, store.wy[i]);
            h = mix(h, store.wz[i]);
        }
        return h;
    }

    private static long mix(long h, double v) {
        return mix(h, Double.doubleToLongBits(v));
    }

    /** One round of a 64-bit multiply-xorshift mix (the SplitMix64 finaliser) per value. */
    private static long mix(long h, long v) {
        long z = h * 31 + v;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private Vec3 centerOfMass(int i) {
        return new Vec3(store.px[i], store.py[i], store.pz[i]);
    }

    private Vec3 localCenter(int i) {
        return new Vec3(store.cx[i], store.cy[i], store.cz[i]);
    }

    private Quat orientation(int i) {
        return new Quat(store.qx[i], store.qy[i], store.qz[i], store.qw[i]);
    }

    private Vec3 bodyInertiaTimes(int i, Vec3 v) {
        double[] a = store.inertiaBody;
        int o = 9 * i;
        return new Vec3(a[o] * v.x() + a[o + 1] * v.y() + a[o + 2] * v.z(),
                a[o + 3] * v.x() + a[o + 4] * v.y() + a[o + 5] * v.z(),
                a[o + 6] * v.x() + a[o + 7] * v.y() + a[o + 8] * v.z());
    }

    private void requireMovable(int i, String what, Vec3 v) {
        if (store.type[i] == BodyStore.STATIC && !v.equals(Vec3.ZERO)) {
            throw new IllegalArgumentException("a static body cannot move: " + what + " must be zero, got " + v);
        }
    }

    private static void requireFinite(String what, Vec3 v) {
        if (v == null) {
            throw new IllegalArgumentException(what + " must not be null");
        }
        if (!v.isFinite()) {
            throw new IllegalArgumentException(what + " must be finite, got " + v);
        }
    }

    private static Quat requireRotation(String what, Quat q) {
        if (q == null) {
            throw new IllegalArgumentException(what + " must not be null");
        }
        double n = q.norm();
        if (!q.isFinite() || !(n > 0) || !Double.isFinite(n)) {
            throw new IllegalArgumentException(what + " must be a finite non-zero quaternion, got " + q);
        }
        return new Quat(q.x() / n, q.y() / n, q.z() / n, q.w() / n);
    }

    private static void requireDamping(String what, double c) {
        if (!(c >= 0) || !Double.isFinite(c)) {
            throw new IllegalArgumentException(what + " must be >= 0 and finite, got " + c);
        }
    }

    /**
     * A symmetric copy of {@code inertia} after checking it is symmetric (to 1e-9 of its largest
     * entry, room for rounding in a parallel-axis sum) and positive definite (Sylvester: the leading
     * minors are positive).
     */
    private static double[] requireInertia(double[] a) {
        double scale = 0;
        for (double v : a) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("body def: inertia must be finite, got " + Arrays.toString(a));
            }
            scale = Math.max(scale, Math.abs(v));
        }
        double tol = 1e-9 * scale;
        if (Math.abs(a[1] - a[3]) > tol || Math.abs(a[2] - a[6]) > tol || Math.abs(a[5] - a[7]) > tol) {
            throw new IllegalArgumentException("body def: inertia must be symmetric, got " + Arrays.toString(a));
        }
        double[] s = a.clone();
        s[1] = s[3] = 0.5 * (a[1] + a[3]);
        s[2] = s[6] = 0.5 * (a[2] + a[6]);
        s[5] = s[7] = 0.5 * (a[5] + a[7]);
        double m2 = s[0] * s[4] - s[1] * s[3];
        double m3 = ricochet.math.Mat3.determinant(s);
        if (!(s[0] > 0) || !(m2 > 0) || !(m3 > 0)) {
            throw new IllegalArgumentException("body def: inertia must be positive definite, got "
                    + Arrays.toString(a));
        }
        return s;
    }
}
