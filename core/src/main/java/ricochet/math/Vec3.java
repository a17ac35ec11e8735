package ricochet.math;

/** An immutable 3-vector (metres, m/s, rad/s... as the caller's context says). */
public record Vec3(double x, double y, double z) {

    public static final Vec3 ZERO = new Vec3(0, 0, 0);
    public static final Vec3 UNIT_X = new Vec3(1, 0, 0);
    public static final Vec3 UNIT_Y = new Vec3(0, 1, 0);
    public static final Vec3 UNIT_Z = new Vec3(0, 0, 1);

    public static Vec3 of(double[] a) {
        return new Vec3(a[0], a[1], a[2]);
    }

    public Vec3 plus(Vec3 o) {
        return new Vec3(x + o.x, y + o.y, z + o.z);
    }

    public Vec3 minus(Vec3 o) {
        return new Vec3(x - o.x, y - o.y, z - o.z);
    }

    public Vec3 times(double s) {
        return new Vec3(x * s, y * s, z * s);
    }

    public double dot(Vec3 o) {
        return x * o.x + y * o.y + z * o.z;
    }

    public Vec3 cross(Vec3 o) {
        return new Vec3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x);
    }

    public double lengthSquared() {
        return x * x + y * y + z * z;
    }

    public double length() {
        return Math.sqrt(lengthSquared());
    }

    /** This vector scaled to length 1; throws for a zero or non-finite vector. */
    public Vec3 normalized() {
        double len = length();
        if (!(len > 0) || !Double.isFinite(len)) {
            throw new IllegalArgumentException("cannot normalise vector " + this);
        }
        return times(1.0 / len);
    }

    public boolean isFinite() {
        return Double.isFinite(x) && Double.isFinite(y) && Double.isFinite(z);
    }

    public double[] toArray() {
        return new double[] {x, y, z};
    }

    public void into(double[] out) {
        into(out, 0);
    }

    /** Writes x, y, z into {@code out[offset..offset+2]}. */
    public void into(double[] out, int offset) {
        out[offset] = x;
        out[offset + 1] = y;
        out[offset + 2] = z;
    }
}
