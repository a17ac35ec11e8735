package ricochet.math;

/**
 * A rigid pose, mutable so hot loops can reuse one: world = R local + p. Holds the rotation both as
 * a unit quaternion {@code [x, y, z, w]} and as its row-major matrix {@code r}, kept in step by
 * {@link #set}.
 */
public final class Transform {

    public double px, py, pz;
    public double qx, qy, qz, qw = 1;
    /** Row-major rotation matrix of (qx, qy, qz, qw). */
    public final double[] r = {1, 0, 0, 0, 1, 0, 0, 0, 1};

    public Transform() {
    }

    public Transform(Vec3 position, Quat orientation) {
        set(position, orientation);
    }

    public static Transform identity() {
        return new Transform();
    }

    /** Sets position and orientation (normalised here); returns this. */
    public Transform set(double x, double y, double z, double qx, double qy, double qz, double qw) {
        double n = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
        if (!(n > 0) || !Double.isFinite(n) || !Double.isFinite(x + y + z)) {
            throw new IllegalArgumentException("transform needs a finite position and a non-zero quaternion, got ("
                    + x + ", " + y + ", " + z + "), (" + qx + ", " + qy + ", " + qz + ", " + qw + ")");
        }
        this.px = x;
        this.py = y;
        this.pz = z;
        this.qx = qx / n;
        this.qy = qy / n;
        this.qz = qz / n;
        this.qw = qw / n;
        QuatOps.toMatrix(this.qx, this.qy, this.qz, this.qw, r);
        return this;
    }

    /**
     * Sets the pose as given, without normalising: for a quaternion that {@link #set} already
     * normalised (a pose saved and put back), so that the pose and its matrix come back bit for bit.
     */
    public Transform setExact(double x, double y, double z, double qx, double qy, double qz, double qw) {
        this.px = x;
        this.py = y;
        this.pz = z;
        this.qx = qx;
        this.qy = qy;
        this.qz = qz;
        this.qw = qw;
        QuatOps.toMatrix(qx, qy, qz, qw, r);
        return this;
    }

    public Transform set(Vec3 position, Quat orientation) {
        return set(position.x(), position.y(), position.z(), orientation.x(), orientation.y(), orientation.z(),
                orientation.w());
    }

    public Transform set(Transform o) {
        px = o.px;
        py = o.py;
        pz = o.pz;
        qx = o.qx;
        qy = o.qy;
        qz = o.qz;
        qw = o.qw;
        System.arraycopy(o.r, 0, r, 0, 9);
        return this;
    }

    /**
     * {@code out = a * b}: b's pose expressed in a's frame, taken to the world (a child pose b under a
     * parent at a): {@code p = R_a p_b + p_a, q = q_a q_b}. out may be a or b.
     */
    public static Transform compose(Transform a, Transform b, Transform out) {
        double x = a.r[0] * b.px + a.r[1] * b.py + a.r[2] * b.pz + a.px;
        double y = a.r[3] * b.px + a.r[4] * b.py + a.r[5] * b.pz + a.py;
        double z = a.r[6] * b.px + a.r[7] * b.py + a.r[8] * b.pz + a.pz;
        double qx = a.qw * b.qx + a.qx * b.qw + a.qy * b.qz - a.qz * b.qy;
        double qy = a.qw * b.qy - a.qx * b.qz + a.qy * b.qw + a.qz * b.qx;
        double qz = a.qw * b.qz + a.qx * b.qy - a.qy * b.qx + a.qz * b.qw;
        double qw = a.qw * b.qw - a.qx * b.qx - a.qy * b.qy - a.qz * b.qz;
        return out.set(x, y, z, qx, qy, qz, qw);
    }

    /** {@code out = R l + p}. */
    public void toWorld(double lx, double ly, double lz, double[] out) {
        out[0] = r[0] * lx + r[1] * ly + r[2] * lz + px;
        out[1] = r[3] * lx + r[4] * ly + r[5] * lz + py;
        out[2] = r[6] * lx + r[7] * ly + r[8] * lz + pz;
    }

    /** {@code out = R^T (w - p)}. */
    public void toLocal(double wx, double wy, double wz, double[] out) {
        double dx = wx - px, dy = wy - py, dz = wz - pz;
        out[0] = r[0] * dx + r[3] * dy + r[6] * dz;
        out[1] = r[1] * dx + r[4] * dy + r[7] * dz;
        out[2] = r[2] * dx + r[5] * dy + r[8] * dz;
    }

    /** {@code out = R v} (a direction). */
    public void rotate(double vx, double vy, double vz, double[] out) {
        out[0] = r[0] * vx + r[1] * vy + r[2] * vz;
        out[1] = r[3] * vx + r[4] * vy + r[5] * vz;
        out[2] = r[6] * vx + r[7] * vy + r[8] * vz;
    }

    /** {@code out = R^T v} (a direction into local axes). */
    public void inverseRotate(double vx, double vy, double vz, double[] out) {
        out[0] = r[0] * vx + r[3] * vy + r[6] * vz;
        out[1] = r[1] * vx + r[4] * vy + r[7] * vz;
        out[2] = r[2] * vx + r[5] * vy + r[8] * vz;
    }

    public Vec3 position() {
        return new Vec3(px, py, pz);
    }

    public Quat orientation() {
        return new Quat(qx, qy, qz, qw);
    }

    @Override
    public String toString() {
        return "Transform[p=(" + px + ", " + py + ", " + pz + "), q=(" + qx + ", " + qy + ", " + qz + ", " + qw
                + ")]";
    }
}
