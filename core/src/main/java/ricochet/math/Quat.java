package ricochet.math;

/**
 * An immutable quaternion {@code [x, y, z, w]} (glTF order, w the scalar part). Rotations use
 * unit quaternions; {@link #multiply} is the Hamilton product, so {@code a.multiply(b)} rotates by
 * b first, then by a.
 */
public record Quat(double x, double y, double z, double w) {

    public static final Quat IDENTITY = new Quat(0, 0, 0, 1);

    /** The rotation by {@code radians} about {@code axis} (any non-zero length). */
    public static Quat fromAxisAngle(Vec3 axis, double radians) {
        Vec3 n = axis.normalized();
        double s = StrictMath.sin(0.5 * radians);
        return new Quat(n.x() * s, n.y() * s, n.z() * s, StrictMath.cos(0.5 * radians));
    }

    /** The unit quaternion of a proper rotation matrix (Shepperd's method, stable for all angles). */
    public static Quat fromMatrix(Mat3 m) {
        double[] q = new double[4];
        QuatOps.fromMatrix(m.toArray(), q);
        return new Quat(q[0], q[1], q[2], q[3]);
    }

    public Quat multiply(Quat o) {
        return new Quat(
                w * o.x + x * o.w + y * o.z - z * o.y,
                w * o.y - x * o.z + y * o.w + z * o.x,
                w * o.z + x * o.y - y * o.x + z * o.w,
                w * o.w - x * o.x - y * o.y - z * o.z);
    }

    public double norm() {
        return Math.sqrt(x * x + y * y + z * z + w * w);
    }

    /** This quaternion scaled to length 1; throws for a zero or non-finite quaternion. */
    public Quat normalized() {
        double n = norm();
        if (!(n > 0) || !Double.isFinite(n)) {
            throw new IllegalArgumentException("cannot normalise quaternion " + this);
        }
        return new Quat(x / n, y / n, z / n, w / n);
    }

    public Quat conjugate() {
        return new Quat(-x, -y, -z, w);
    }

    /** Rotates {@code v} by this unit quaternion. */
    public Vec3 rotate(Vec3 v) {
        double[] out = new double[3];
        QuatOps.rotate(x, y, z, w, v.x(), v.y(), v.z(), out);
        return new Vec3(out[0], out[1], out[2]);
    }

    /** The rotation matrix of this unit quaternion. */
    public Mat3 toMatrix() {
        double[] m = new double[9];
        QuatOps.toMatrix(x, y, z, w, m);
        return Mat3.of(m);
    }

    public boolean isFinite() {
        return Double.isFinite(x) && Double.isFinite(y) && Double.isFinite(z) && Double.isFinite(w);
    }

    public double[] toArray() {
        return new double[] {x, y, z, w};
    }
}
