package ricochet.dynamics;

import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import ricochet.math.StateInput;

/**
 * The hot state of every body, one primitive array per field, indexed densely 0..count-1.
 *
 * <p>Why struct-of-arrays: the integrator and (later) the solver walk every body touching only a
 * few fields each pass (positions, or velocities and inverse masses), so keeping each field
 * contiguous streams exactly the bytes a pass needs through the cache, and a body is never an
 * object the garbage collector must trace (Box2D v3 splits {@code b2Body} from the small
 * {@code b2BodyState} for the same reason). Bookkeeping that no step reads (names) lives in
 * {@link RigidBodies}.
 *
 * <p>Frames and units: {@code px..pz} is the centre of mass in world space (m); {@code qx..qw} the
 * body-to-world rotation (unit quaternion); {@code cx..cz} the centre of mass in body space, so the
 * body origin is {@code p - R c}; {@code vx..vz} the centre of mass velocity (m/s) and
 * {@code wx..wz} the angular velocity (rad/s), both world frame; {@code fx..fz} and
 * {@code tx..tz} the force (N) and torque about the centre of mass (N m) accumulated for the step.
 * Inertia tensors are row-major 3x3 blocks of 9 doubles per body: body-frame inertia and its
 * inverse, and the world-frame inverse {@code R I^-1 R^T} cached after every orientation change.
 * Static and kinematic bodies have zero inverse mass and inverse inertia.
 *
 * <p>Arrays grow by doubling; {@link #removeSwap} moves the last body into the hole so the range
 * stays packed, and {@link #slot} says which handle slot owns each dense index.
 */
public final class BodyStore {

    /** Type codes, matching {@code BodyDef.Type} ordinals. */
    public static final byte STATIC = 0, KINEMATIC = 1, DYNAMIC = 2;

    private int count;
    private int capacity;

    public double[] px, py, pz;
    public double[] qx, qy, qz, qw;
    public double[] cx, cy, cz;
    public double[] vx, vy, vz;
    public double[] wx, wy, wz;
    public double[] fx, fy, fz;
    public double[] tx, ty, tz;
    public double[] mass, invMass;
    public double[] inertiaBody, invInertiaBody, invInertiaWorld;
    public double[] linearDamping, angularDamping, gravityScale;
    public byte[] type;
    /** 1 while the body sleeps: the integrator and the solver skip it (see {@code World}). */
    public byte[] asleep;
    /** Seconds the body has moved slower than the sleep threshold; reset when it moves or is woken. */
    public double[] sleepTime;
    /** Where the body was (centre of mass, rotation) when its sleep timer last restarted. */
    public double[] restX, restY, restZ, restQx, restQy, restQz, restQw;
    /** The farthest point of the body's shape from its centre of mass, m: turns |w| into a speed. */
    public double[] extent;
    /** A step longer than this (m) may pass through thin geometry: the body is swept (continuous collision). */
    public double[] fastDistance;
    /** The handle slot of each dense index. */
    public int[] slot;

    public BodyStore() {
        this(16);
    }

    public BodyStore(int initialCapacity) {
        if (initialCapacity < 1) {
            throw new IllegalArgumentException("body store: capacity must be >= 1, got " + initialCapacity);
        }
        resize(initialCapacity);
    }

    /** Bodies stored (dense indices 0..count-1). */
    public int count() {
        return count;
    }

    /** Appends a zeroed body at rest at the origin with identity rotation; returns its dense index. */
    public int add() {
        if (count == capacity) {
            resize(2 * capacity);
        }
        int i = count++;
        px[i] = py[i] = pz[i] = 0;
        qx[i] = qy[i] = qz[i] = 0;
        qw[i] = 1;
        cx[i] = cy[i] = cz[i] = 0;
        vx[i] = vy[i] = vz[i] = 0;
        wx[i] = wy[i] = wz[i] = 0;
        fx[i] = fy[i] = fz[i] = 0;
        tx[i] = ty[i] = tz[i] = 0;
        mass[i] = invMass[i] = 0;
        Arrays.fill(inertiaBody, 9 * i, 9 * i + 9, 0);
        Arrays.fill(invInertiaBody, 9 * i, 9 * i + 9, 0);
        Arrays.fill(invInertiaWorld, 9 * i, 9 * i + 9, 0);
        linearDamping[i] = angularDamping[i] = 0;
        gravityScale[i] = 1;
        type[i] = STATIC;
        asleep[i] = 0;
        sleepTime[i] = 0;
        restX[i] = restY[i] = restZ[i] = 0;
        restQx[i] = restQy[i] = restQz[i] = 0;
        restQw[i] = 1;
        extent[i] = 0;
        fastDistance[i] = 0;
        slot[i] = -1;
        return i;
    }

    /**
     * Removes dense index {@code i} by moving the last body into it. Returns the index the moved body
     * came from ({@code count} after the call), or -1 when {@code i} was the last and nothing moved.
     */
    public int removeSwap(int i) {
        if (i < 0 || i >= count) {
            throw new IllegalArgumentException("body store: index " + i + " out of range 0.." + (count - 1));
        }
        int last = --count;
        if (i == last) {
            return -1;
        }
        copy(last, i);
        return last;
    }

    /**
     * Whether the 3x3 matrix at {@code m[o..o+8]} is a multiple of the identity (an inertia the same
     * about every axis): turning leaves it as it is, and a body with it feels no gyroscopic torque.
     */
    public static boolean isotropic(double[] m, int o) {
        return m[o + 1] == 0 && m[o + 2] == 0 && m[o + 3] == 0 && m[o + 5] == 0 && m[o + 6] == 0
                && m[o + 7] == 0 && m[o] == m[o + 4] && m[o + 4] == m[o + 8];
    }

    /** Sets body i's orientation to the quaternion (x, y, z, w) normalised, and its world inertia to match. */
    public void orient(int i, double x, double y, double z, double w) {
        double inv = 1 / Math.sqrt(x * x + y * y + z * z + w * w);
        qx[i] = x * inv;
        qy[i] = y * inv;
        qz[i] = z * inv;
        qw[i] = w * inv;
        updateWorldInertia(i);
    }

    /** Body i's kinetic energy, J: {@code 1/2 m v.v + 1/2 w.(I_world w)} (its mass as stored). */
    public double kineticEnergy(int i) {
        double e = 0.5 * mass[i] * (vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]);
        // w.(R I R^T w) = wb.(I wb) with wb = R^T w: rotate w into the body frame.
        double x = -qx[i], y = -qy[i], z = -qz[i], w = qw[i];
        double ux = wx[i], uy = wy[i], uz = wz[i];
        double tx = 2 * (y * uz - z * uy), ty = 2 * (z * ux - x * uz), tz = 2 * (x * uy - y * ux);
        double bx = ux + w * tx + (y * tz - z * ty);
        double by = uy + w * ty + (z * tx - x * tz);
        double bz = uz + w * tz + (x * ty - y * tx);
        double[] a = inertiaBody;
        int o = 9 * i;
        return e + 0.5 * (bx * (a[o] * bx + a[o + 1] * by + a[o + 2] * bz)
                + by * (a[o + 3] * bx + a[o + 4] * by + a[o + 5] * bz)
                + bz * (a[o + 6] * bx + a[o + 7] * by + a[o + 8] * bz));
    }

    /** Sets the world inverse inertia of {@code i} to {@code R I_body^-1 R^T} from its orientation. */
    public void updateWorldInertia(int i) {
        int o = 9 * i;
        double[] a = invInertiaBody;
        if (isotropic(a, o)) {
            // R (k E) R^T = k E, exactly: cubes, spheres, regular solids.
            System.arraycopy(a, o, invInertiaWorld, o, 9);
            return;
        }
        double x = qx[i], y = qy[i], z = qz[i], w = qw[i];
        // Rotation matrix of the unit quaternion, row-major.
        double r0 = 1 - 2 * (y * y + z * z), r1 = 2 * (x * y - w * z), r2 = 2 * (x * z + w * y);
        double r3 = 2 * (x * y + w * z), r4 = 1 - 2 * (x * x + z * z), r5 = 2 * (y * z - w * x);
        double r6 = 2 * (x * z - w * y), r7 = 2 * (y * z + w * x), r8 = 1 - 2 * (x * x + y * y);
        // s = R A
        double s0 = r0 * a[o] + r1 * a[o + 3] + r2 * a[o + 6];
        double s1 = r0 * a[o + 1] + r1 * a[o + 4] + r2 * a[o + 7];
        double s2 = r0 * a[o + 2] + r1 * a[o + 5] + r2 * a[o + 8];
        double s3 = r3 * a[o] + r4 * a[o + 3] + r5 * a[o + 6];
        double s4 = r3 * a[o + 1] + r4 * a[o + 4] + r5 * a[o + 7];
        double s5 = r3 * a[o + 2] + r4 * a[o + 5] + r5 * a[o + 8];
        double s6 = r6 * a[o] + r7 * a[o + 3] + r8 * a[o + 6];
        double s7 = r6 * a[o + 1] + r7 * a[o + 4] + r8 * a[o + 7];
        double s8 = r6 * a[o + 2] + r7 * a[o + 5] + r8 * a[o + 8];
        // out = s R^T
        double[] out = invInertiaWorld;
        out[o] = s0 * r0 + s1 * r1 + s2 * r2;
        out[o + 1] = s0 * r3 + s1 * r4 + s2 * r5;
        out[o + 2] = s0 * r6 + s1 * r7 + s2 * r8;
        out[o + 3] = s3 * r0 + s4 * r1 + s5 * r2;
        out[o + 4] = s3 * r3 + s4 * r4 + s5 * r5;
        out[o + 5] = s3 * r6 + s4 * r7 + s5 * r8;
        out[o + 6] = s6 * r0 + s7 * r1 + s8 * r2;
        out[o + 7] = s6 * r3 + s7 * r4 + s8 * r5;
        out[o + 8] = s6 * r6 + s7 * r7 + s8 * r8;
    }

    private void copy(int from, int to) {
        px[to] = px[from];
        py[to] = py[from];
        pz[to] = pz[from];
        qx[to] = qx[from];
        qy[to] = qy[from];
        qz[to] = qz[from];
        qw[to] = qw[from];
        cx[to] = cx[from];
        cy[to] = cy[from];
        cz[to] = cz[from];
        vx[to] = vx[from];
        vy[to] = vy[from];
        vz[to] = vz[from];
        wx[to] = wx[from];
        wy[to] = wy[from];
        wz[to] = wz[from];
        fx[to] = fx[from];
        fy[to] = fy[from];
        fz[to] = fz[from];
        tx[to] = tx[from];
        ty[to] = ty[from];
        tz[to] = tz[from];
        mass[to] = mass[from];
        invMass[to] = invMass[from];
        System.arraycopy(inertiaBody, 9 * from, inertiaBody, 9 * to, 9);
        System.arraycopy(invInertiaBody, 9 * from, invInertiaBody, 9 * to, 9);
        System.arraycopy(invInertiaWorld, 9 * from, invInertiaWorld, 9 * to, 9);
        linearDamping[to] = linearDamping[from];
        angularDamping[to] = angularDamping[from];
        gravityScale[to] = gravityScale[from];
        type[to] = type[from];
        asleep[to] = asleep[from];
        sleepTime[to] = sleepTime[from];
        restX[to] = restX[from];
        restY[to] = restY[from];
        restZ[to] = restZ[from];
        restQx[to] = restQx[from];
        restQy[to] = restQy[from];
        restQz[to] = restQz[from];
        restQw[to] = restQw[from];
        extent[to] = extent[from];
        fastDistance[to] = fastDistance[from];
        slot[to] = slot[from];
    }

    private void resize(int n) {
        px = grow(px, n);
        py = grow(py, n);
        pz = grow(pz, n);
        qx = grow(qx, n);
        qy = grow(qy, n);
        qz = grow(qz, n);
        qw = grow(qw, n);
        cx = grow(cx, n);
        cy = grow(cy, n);
        cz = grow(cz, n);
        vx = grow(vx, n);
        vy = grow(vy, n);
        vz = grow(vz, n);
        wx = grow(wx, n);
        wy = grow(wy, n);
        wz = grow(wz, n);
        fx = grow(fx, n);
        fy = grow(fy, n);
        fz = grow(fz, n);
        tx = grow(tx, n);
        ty = grow(ty, n);
        tz = grow(tz, n);
        mass = grow(mass, n);
        invMass = grow(invMass, n);
        inertiaBody = grow(inertiaBody, 9 * n);
        invInertiaBody = grow(invInertiaBody, 9 * n);
        invInertiaWorld = grow(invInertiaWorld, 9 * n);
        linearDamping = grow(linearDamping, n);
        angularDamping = grow(angularDamping, n);
        gravityScale = grow(gravityScale, n);
        type = type == null ? new byte[n] : Arrays.copyOf(type, n);
        asleep = asleep == null ? new byte[n] : Arrays.copyOf(asleep, n);
        sleepTime = grow(sleepTime, n);
        restX = grow(restX, n);
        restY = grow(restY, n);
        restZ = grow(restZ, n);
        restQx = grow(restQx, n);
        restQy = grow(restQy, n);
        restQz = grow(restQz, n);
        restQw = grow(restQw, n);
        extent = grow(extent, n);
        fastDistance = grow(fastDistance, n);
        slot = slot == null ? new int[n] : Arrays.copyOf(slot, n);
        capacity = n;
    }

    private static double[] grow(double[] a, int n) {
        return a == null ? new double[n] : Arrays.copyOf(a, n);
    }

    // ---------------------------------------------------------------- checkpoint and snapshot

    /**
     * What a step changes, copied by {@link #checkpoint}: pose, velocities, sleep flag, sleep timer
     * and its rest pose. The rest (mass, inertia, damping, sizes) only the user's calls change. The
     * world inverse inertia is not copied: it is {@code R I^-1 R^T} of the orientation, recomputed by
     * {@link #rollback}.
     */
    private double[] savedPx, savedPy, savedPz, savedQx, savedQy, savedQz, savedQw;
    private double[] savedVx, savedVy, savedVz, savedWx, savedWy, savedWz;
    private double[] savedSleepTime, savedRestX, savedRestY, savedRestZ;
    private double[] savedRestQx, savedRestQy, savedRestQz, savedRestQw;
    private byte[] savedAsleep;
    private int savedCount = -1;

    /**
     * Copies what a step changes (20 arrays of {@code count} entries) so {@link #rollback} can undo
     * the step; allocates nothing once the copies have grown to the store's capacity.
     */
    public void checkpoint() {
        int n = count;
        if (savedPx == null || savedPx.length < capacity) {
            int c = capacity;
            savedPx = new double[c];
            savedPy = new double[c];
            savedPz = new double[c];
            savedQx = new double[c];
            savedQy = new double[c];
            savedQz = new double[c];
            savedQw = new double[c];
            savedVx = new double[c];
            savedVy = new double[c];
            savedVz = new double[c];
            savedWx = new double[c];
            savedWy = new double[c];
            savedWz = new double[c];
            savedSleepTime = new double[c];
            savedRestX = new double[c];
            savedRestY = new double[c];
            savedRestZ = new double[c];
            savedRestQx = new double[c];
            savedRestQy = new double[c];
            savedRestQz = new double[c];
            savedRestQw = new double[c];
            savedAsleep = new byte[c];
        }
        System.arraycopy(px, 0, savedPx, 0, n);
        System.arraycopy(py, 0, savedPy, 0, n);
        System.arraycopy(pz, 0, savedPz, 0, n);
        System.arraycopy(qx, 0, savedQx, 0, n);
        System.arraycopy(qy, 0, savedQy, 0, n);
        System.arraycopy(qz, 0, savedQz, 0, n);
        System.arraycopy(qw, 0, savedQw, 0, n);
        System.arraycopy(vx, 0, savedVx, 0, n);
        System.arraycopy(vy, 0, savedVy, 0, n);
        System.arraycopy(vz, 0, savedVz, 0, n);
        System.arraycopy(wx, 0, savedWx, 0, n);
        System.arraycopy(wy, 0, savedWy, 0, n);
        System.arraycopy(wz, 0, savedWz, 0, n);
        System.arraycopy(sleepTime, 0, savedSleepTime, 0, n);
        System.arraycopy(restX, 0, savedRestX, 0, n);
        System.arraycopy(restY, 0, savedRestY, 0, n);
        System.arraycopy(restZ, 0, savedRestZ, 0, n);
        System.arraycopy(restQx, 0, savedRestQx, 0, n);
        System.arraycopy(restQy, 0, savedRestQy, 0, n);
        System.arraycopy(restQz, 0, savedRestQz, 0, n);
        System.arraycopy(restQw, 0, savedRestQw, 0, n);
        System.arraycopy(asleep, 0, savedAsleep, 0, n);
        savedCount = n;
    }

    /**
     * Writes body i's centre of mass (world, m) as {@link #checkpoint} found it, before the step in
     * progress moved it, into {@code out[off .. off + 2]}; its centre now for a body added since.
     */
    public void checkpointCentre(int i, double[] out, int off) {
        boolean saved = i < savedCount;
        out[off] = saved ? savedPx[i] : px[i];
        out[off + 1] = saved ? savedPy[i] : py[i];
        out[off + 2] = saved ? savedPz[i] : pz[i];
    }

    /**
     * Writes body i's velocity (world, m/s) as {@link #checkpoint} found it into
     * {@code out[off .. off + 2]}; its velocity now for a body added since.
     */
    public void checkpointVelocity(int i, double[] out, int off) {
        boolean saved = i < savedCount;
        out[off] = saved ? savedVx[i] : vx[i];
        out[off + 1] = saved ? savedVy[i] : vy[i];
        out[off + 2] = saved ? savedVz[i] : vz[i];
    }

    /**
     * Puts back what {@link #checkpoint} copied, recomputes the world inverse inertias from the
     * orientations (bit for bit what the integrator left, which computes them the same way) and
     * zeroes the forces and torques.
     *
     * @throws IllegalStateException without a checkpoint, or when bodies were added or removed since
     */
    public void rollback() {
        int n = count;
        if (savedCount != n) {
            throw new IllegalStateException("body store: no checkpoint of " + n + " bodies to roll back to");
        }
        System.arraycopy(savedPx, 0, px, 0, n);
        System.arraycopy(savedPy, 0, py, 0, n);
        System.arraycopy(savedPz, 0, pz, 0, n);
        System.arraycopy(savedQx, 0, qx, 0, n);
        System.arraycopy(savedQy, 0, qy, 0, n);
        System.arraycopy(savedQz, 0, qz, 0, n);
        System.arraycopy(savedQw, 0, qw, 0, n);
        System.arraycopy(savedVx, 0, vx, 0, n);
        System.arraycopy(savedVy, 0, vy, 0, n);
        System.arraycopy(savedVz, 0, vz, 0, n);
        System.arraycopy(savedWx, 0, wx, 0, n);
        System.arraycopy(savedWy, 0, wy, 0, n);
        System.arraycopy(savedWz, 0, wz, 0, n);
        System.arraycopy(savedSleepTime, 0, sleepTime, 0, n);
        System.arraycopy(savedRestX, 0, restX, 0, n);
        System.arraycopy(savedRestY, 0, restY, 0, n);
        System.arraycopy(savedRestZ, 0, restZ, 0, n);
        System.arraycopy(savedRestQx, 0, restQx, 0, n);
        System.arraycopy(savedRestQy, 0, restQy, 0, n);
        System.arraycopy(savedRestQz, 0, restQz, 0, n);
        System.arraycopy(savedRestQw, 0, restQw, 0, n);
        System.arraycopy(savedAsleep, 0, asleep, 0, n);
        for (int i = 0; i < n; i++) {
            if (type[i] == DYNAMIC) {
                updateWorldInertia(i);
            }
        }
        clearForces();
    }

    /** Every field of every body, bit for bit (a snapshot). */
    public void writeState(DataOutput out) throws IOException {
        int n = count;
        out.writeInt(n);
        for (double[] a : fields()) {
            writeDoubles(out, a, n);
        }
        writeDoubles(out, inertiaBody, 9 * n);
        writeDoubles(out, invInertiaBody, 9 * n);
        writeDoubles(out, invInertiaWorld, 9 * n);
        out.write(type, 0, n);
        out.write(asleep, 0, n);
        for (int i = 0; i < n; i++) {
            out.writeInt(slot[i]);
        }
    }

    /**
     * Reads what {@link #writeState} wrote over a store of as many bodies: every number finite, the
     * masses and inertias not negative, the types and slots those of this store's bodies.
     *
     * @throws IllegalArgumentException naming the first value that does not fit
     */
    public void readState(StateInput in) throws IOException {
        int n = in.readInt();
        if (n != count) {
            throw StateInput.refuse("the snapshot has " + n + " bodies, the store " + count);
        }
        double[][] fields = fields();
        for (int f = 0; f < fields.length; f++) {
            readDoubles(in, fields[f], n, 1, FIELD_NAMES[f]);
        }
        readDoubles(in, inertiaBody, 9 * n, 9, "inertia");
        readDoubles(in, invInertiaBody, 9 * n, 9, "inverse inertia");
        readDoubles(in, invInertiaWorld, 9 * n, 9, "world inverse inertia");
        for (int i = 0; i < n; i++) {
            if (!(mass[i] >= 0) || !(invMass[i] >= 0) || (type[i] == DYNAMIC) != (invMass[i] > 0)) {
                throw StateInput.refuse("body " + i + "'s mass " + mass[i] + " / inverse " + invMass[i]
                        + " does not fit its type " + type[i]);
            }
        }
        for (int i = 0; i < n; i++) {
            byte t = in.readByte();
            if (t != type[i]) {
                throw StateInput.refuse("body " + i + "'s type " + t + " differs from this world's " + type[i]);
            }
        }
        for (int i = 0; i < n; i++) {
            asleep[i] = in.flag("body " + i + "'s sleep flag");
        }
        for (int i = 0; i < n; i++) {
            int s = in.readInt();
            if (s != slot[i]) {
                throw StateInput.refuse("body " + i + "'s slot " + s + " differs from this world's " + slot[i]);
            }
        }
        savedCount = -1;
    }

    /** The per-body double arrays, in snapshot order (allocates: snapshots only). */
    private double[][] fields() {
        return new double[][] {px, py, pz, qx, qy, qz, qw, cx, cy, cz, vx, vy, vz, wx, wy, wz, fx, fy, fz, tx,
            ty, tz, mass, invMass, linearDamping, angularDamping, gravityScale, sleepTime, restX, restY,
            restZ, restQx, restQy, restQz, restQw, extent, fastDistance};
    }

    private static void writeDoubles(DataOutput out, double[] a, int n) throws IOException {
        for (int i = 0; i < n; i++) {
            out.writeDouble(a[i]);
        }
    }

    /** {@link #fields()}' names, for the messages of a refused snapshot. */
    private static final String[] FIELD_NAMES = {"px", "py", "pz", "qx", "qy", "qz", "qw", "cx", "cy", "cz", "vx",
        "vy", "vz", "wx", "wy", "wz", "fx", "fy", "fz", "tx", "ty", "tz", "mass", "inverse mass", "linear damping",
        "angular damping", "gravity scale", "sleep time", "rest x", "rest y", "rest z", "rest qx", "rest qy",
        "rest qz", "rest qw", "extent", "fast distance"};

    private static void readDoubles(StateInput in, double[] a, int n, int per, String what) throws IOException {
        for (int i = 0; i < n; i++) {
            double v = in.readDouble();
            if (!Double.isFinite(v)) {
                throw StateInput.refuse("body " + i / per + "'s " + what + " is " + v + ", not finite");
            }
            a[i] = v;
        }
    }

    /** Zeroes every body's accumulated force and torque (after a step has used them). */
    public void clearForces() {
        int n = count();
        Arrays.fill(fx, 0, n, 0);
        Arrays.fill(fy, 0, n, 0);
        Arrays.fill(fz, 0, n, 0);
        Arrays.fill(tx, 0, n, 0);
        Arrays.fill(ty, 0, n, 0);
        Arrays.fill(tz, 0, n, 0);
    }
}
