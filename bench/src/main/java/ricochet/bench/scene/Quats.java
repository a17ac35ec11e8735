package ricochet.bench.scene;

/** Unit quaternions {@code (x, y, z, w)} as arrays, for building scenes (not for stepping). */
final class Quats {

    private Quats() {
    }

    /** The unit quaternion of a turn by {@code radians} about the unit axis {@code (x, y, z)}. */
    static double[] turn(double x, double y, double z, double radians) {
        double s = StrictMath.sin(0.5 * radians);
        return new double[] {x * s, y * s, z * s, StrictMath.cos(0.5 * radians)};
    }

    /** {@code a b}: turn by b, then by a. */
    static double[] multiply(double[] a, double[] b) {
        return new double[] {
            a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
            a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
            a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
            a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2]};
    }

    /** {@code v} turned by the unit quaternion {@code q}. */
    static double[] rotate(double[] q, double vx, double vy, double vz) {
        // v' = v + w t + q x t with t = 2 q x v
        double x = q[0], y = q[1], z = q[2], w = q[3];
        double tx = 2 * (y * vz - z * vy), ty = 2 * (z * vx - x * vz), tz = 2 * (x * vy - y * vx);
        return new double[] {vx + w * tx + (y * tz - z * ty), vy + w * ty + (z * tx - x * tz),
            vz + w * tz + (x * ty - y * tx)};
    }

    /**
     * The unit quaternion of the rotation whose matrix has the orthonormal columns {@code x, y} and
     * {@code x cross y} (Shepperd's method: the largest of w, x, y, z is found first, so no square
     * root is taken of a number near 0).
     */
    static double[] fromColumns(double[] x, double[] y) {
        double[] z = {x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]};
        double m00 = x[0], m11 = y[1], m22 = z[2];
        double trace = m00 + m11 + m22;
        double qx, qy, qz, qw;
        if (trace > 0) {
            double s = 2 * Math.sqrt(1 + trace);
            qw = 0.25 * s;
            qx = (y[2] - z[1]) / s;
            qy = (z[0] - x[2]) / s;
            qz = (x[1] - y[0]) / s;
        } else if (m00 > m11 && m00 > m22) {
            double s = 2 * Math.sqrt(1 + m00 - m11 - m22);
            qw = (y[2] - z[1]) / s;
            qx = 0.25 * s;
            qy = (y[0] + x[1]) / s;
            qz = (z[0] + x[2]) / s;
        } else if (m11 > m22) {
            double s = 2 * Math.sqrt(1 + m11 - m00 - m22);
            qw = (z[0] - x[2]) / s;
            qx = (y[0] + x[1]) / s;
            qy = 0.25 * s;
            qz = (z[1] + y[2]) / s;
        } else {
            double s = 2 * Math.sqrt(1 + m22 - m00 - m11);
            qw = (x[1] - y[0]) / s;
            qx = (z[0] + x[2]) / s;
            qy = (z[1] + y[2]) / s;
            qz = 0.25 * s;
        }
        return new double[] {qx, qy, qz, qw};
    }
}
