package ricochet.math;

/** Allocation-free quaternion helpers on scalars and {@code double[]}; quaternions are [x, y, z, w]. */
public final class QuatOps {

    private QuatOps() {
    }

    /** Row-major rotation matrix of the unit quaternion (x, y, z, w) into {@code m[0..8]}. */
    public static void toMatrix(double x, double y, double z, double w, double[] m) {
        double xx = x * x, yy = y * y, zz = z * z;
        double xy = x * y, xz = x * z, yz = y * z;
        double wx = w * x, wy = w * y, wz = w * z;
        m[0] = 1 - 2 * (yy + zz);
        m[1] = 2 * (xy - wz);
        m[2] = 2 * (xz + wy);
        m[3] = 2 * (xy + wz);
        m[4] = 1 - 2 * (xx + zz);
        m[5] = 2 * (yz - wx);
        m[6] = 2 * (xz - wy);
        m[7] = 2 * (yz + wx);
        m[8] = 1 - 2 * (xx + yy);
    }

    /** Rotates (vx, vy, vz) by the unit quaternion (x, y, z, w) into {@code out[0..2]}. */
    public static void rotate(double x, double y, double z, double w,
                              double vx, double vy, double vz, double[] out) {
        // v' = v + 2 w (q x v) + 2 q x (q x v), with q the vector part
        double tx = 2 * (y * vz - z * vy);
        double ty = 2 * (z * vx - x * vz);
        double tz = 2 * (x * vy - y * vx);
        out[0] = vx + w * tx + (y * tz - z * ty);
        out[1] = vy + w * ty + (z * tx - x * tz);
        out[2] = vz + w * tz + (x * ty - y * tx);
    }

    /**
     * Unit quaternion of the proper rotation matrix {@code m} (row-major) into {@code q}. Shepperd's
     * method: take the largest of the four squared components so the division is well conditioned.
     */
    public static void fromMatrix(double[] m, double[] q) {
        double trace = m[0] + m[4] + m[8];
        double x, y, z, w;
        if (trace > m[0] && trace > m[4] && trace > m[8]) {
            double s = 2 * Math.sqrt(1 + trace);
            w = 0.25 * s;
            x = (m[7] - m[5]) / s;
            y = (m[2] - m[6]) / s;
            z = (m[3] - m[1]) / s;
        } else if (m[0] > m[4] && m[0] > m[8]) {
            double s = 2 * Math.sqrt(1 + m[0] - m[4] - m[8]);
            w = (m[7] - m[5]) / s;
            x = 0.25 * s;
            y = (m[1] + m[3]) / s;
            z = (m[2] + m[6]) / s;
        } else if (m[4] > m[8]) {
            double s = 2 * Math.sqrt(1 + m[4] - m[0] - m[8]);
            w = (m[2] - m[6]) / s;
            x = (m[1] + m[3]) / s;
            y = 0.25 * s;
            z = (m[5] + m[7]) / s;
        } else {
            double s = 2 * Math.sqrt(1 + m[8] - m[0] - m[4]);
            w = (m[3] - m[1]) / s;
            x = (m[2] + m[6]) / s;
            y = (m[5] + m[7]) / s;
            z = 0.25 * s;
        }
        double n = Math.sqrt(x * x + y * y + z * z + w * w);
        q[0] = x / n;
        q[1] = y / n;
        q[2] = z / n;
        q[3] = w / n;
    }
}
