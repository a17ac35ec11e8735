package ricochet.math;

import java.util.Arrays;

/**
 * An immutable 3x3 matrix for the friendly API, row-major. The static methods work on
 * {@code double[9]} row-major arrays without allocating, for hot loops; {@code out} may alias an
 * input only where a method says so.
 */
public final class Mat3 {

    public static final Mat3 IDENTITY = of(new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1});

    private final double[] m;

    private Mat3(double[] m) {
        this.m = m;
    }

    /** A matrix from nine row-major entries (copied). */
    public static Mat3 of(double[] rowMajor) {
        if (rowMajor.length != 9) {
            throw new IllegalArgumentException("a 3x3 matrix needs 9 entries, got " + rowMajor.length);
        }
        return new Mat3(rowMajor.clone());
    }

    public static Mat3 skew(Vec3 a) {
        double[] out = new double[9];
        skew(a.x(), a.y(), a.z(), out);
        return new Mat3(out);
    }

    public double get(int row, int col) {
        return m[3 * row + col];
    }

    public double[] toArray() {
        return m.clone();
    }

    public Mat3 multiply(Mat3 o) {
        double[] out = new double[9];
        multiply(m, o.m, out);
        return new Mat3(out);
    }

    public Vec3 multiply(Vec3 v) {
        return new Vec3(
                m[0] * v.x() + m[1] * v.y() + m[2] * v.z(),
                m[3] * v.x() + m[4] * v.y() + m[5] * v.z(),
                m[6] * v.x() + m[7] * v.y() + m[8] * v.z());
    }

    public Mat3 transpose() {
        double[] out = new double[9];
        transpose(m, out);
        return new Mat3(out);
    }

    /** The inverse; throws when the matrix is singular (determinant 0) or not finite. */
    public Mat3 inverse() {
        double[] out = new double[9];
        if (!invert(m, out)) {
            throw new IllegalArgumentException("matrix is singular: " + this);
        }
        return new Mat3(out);
    }

    public double determinant() {
        return determinant(m);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Mat3 other && Arrays.equals(m, other.m);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(m);
    }

    @Override
    public String toString() {
        return "Mat3" + Arrays.toString(m);
    }

    // ---- allocation-free helpers on row-major double[9] ----

    /** {@code out = [a]x}, the cross-product matrix: {@code [a]x b = a x b}. */
    public static void skew(double ax, double ay, double az, double[] out) {
        out[0] = 0;
        out[1] = -az;
        out[2] = ay;
        out[3] = az;
        out[4] = 0;
        out[5] = -ax;
        out[6] = -ay;
        out[7] = ax;
        out[8] = 0;
    }

    /** {@code out = a b}; out must not alias a or b. */
    public static void multiply(double[] a, double[] b, double[] out) {
        for (int r = 0; r < 3; r++) {
            double a0 = a[3 * r], a1 = a[3 * r + 1], a2 = a[3 * r + 2];
            out[3 * r] = a0 * b[0] + a1 * b[3] + a2 * b[6];
            out[3 * r + 1] = a0 * b[1] + a1 * b[4] + a2 * b[7];
            out[3 * r + 2] = a0 * b[2] + a1 * b[5] + a2 * b[8];
        }
    }

    /** {@code out = a b^T}; out must not alias a or b. */
    public static void multiplyTransposed(double[] a, double[] b, double[] out) {
        for (int r = 0; r < 3; r++) {
            double a0 = a[3 * r], a1 = a[3 * r + 1], a2 = a[3 * r + 2];
            out[3 * r] = a0 * b[0] + a1 * b[1] + a2 * b[2];
            out[3 * r + 1] = a0 * b[3] + a1 * b[4] + a2 * b[5];
            out[3 * r + 2] = a0 * b[6] + a1 * b[7] + a2 * b[8];
        }
    }

    /** {@code a += u v^T}, a row-major. */
    public static void addOuter(double[] a, double ux, double uy, double uz, double vx, double vy, double vz) {
        a[0] += ux * vx;
        a[1] += ux * vy;
        a[2] += ux * vz;
        a[3] += uy * vx;
        a[4] += uy * vy;
        a[5] += uy * vz;
        a[6] += uz * vx;
        a[7] += uz * vy;
        a[8] += uz * vz;
    }

    /** {@code out = a^T}; out must not alias a. */
    public static void transpose(double[] a, double[] out) {
        out[0] = a[0];
        out[1] = a[3];
        out[2] = a[6];
        out[3] = a[1];
        out[4] = a[4];
        out[5] = a[7];
        out[6] = a[2];
        out[7] = a[5];
        out[8] = a[8];
    }

    public static double determinant(double[] a) {
        return a[0] * (a[4] * a[8] - a[5] * a[7])
                - a[1] * (a[3] * a[8] - a[5] * a[6])
                + a[2] * (a[3] * a[7] - a[4] * a[6]);
    }

    /**
     * {@code out = a^-1} by the adjugate; returns false (out untouched) when the determinant is 0
     * or not finite. out must not alias a.
     */
    public static boolean invert(double[] a, double[] out) {
        double c00 = a[4] * a[8] - a[5] * a[7];
        double c01 = a[5] * a[6] - a[3] * a[8];
        double c02 = a[3] * a[7] - a[4] * a[6];
        double det = a[0] * c00 + a[1] * c01 + a[2] * c02;
        if (det == 0 || !Double.isFinite(det)) {
            return false;
        }
        double inv = 1.0 / det;
        out[0] = c00 * inv;
        out[1] = (a[2] * a[7] - a[1] * a[8]) * inv;
        out[2] = (a[1] * a[5] - a[2] * a[4]) * inv;
        out[3] = c01 * inv;
        out[4] = (a[0] * a[8] - a[2] * a[6]) * inv;
        out[5] = (a[2] * a[3] - a[0] * a[5]) * inv;
        out[6] = c02 * inv;
        out[7] = (a[1] * a[6] - a[0] * a[7]) * inv;
        out[8] = (a[0] * a[4] - a[1] * a[3]) * inv;
        return true;
    }

    /** {@code out = a v} for v = (x, y, z). */
    public static void transform(double[] a, double x, double y, double z, double[] out) {
        out[0] = a[0] * x + a[1] * y + a[2] * z;
        out[1] = a[3] * x + a[4] * y + a[5] * z;
        out[2] = a[6] * x + a[7] * y + a[8] * z;
    }

    /** {@code out = r a r^T} (e.g. a body-frame inertia into world axes); scratch is 9 doubles. */
    public static void rotateTensor(double[] r, double[] a, double[] scratch, double[] out) {
        multiply(r, a, scratch);
        multiplyTransposed(scratch, r, out);
    }
}
