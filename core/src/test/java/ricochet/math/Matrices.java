package ricochet.math;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

/**
 * Allocating helpers on row-major {@code double[9]} for tests, written out independently of
 * {@link Mat3} where a test checks Mat3 itself.
 */
public final class Matrices {

    /** The unit round-off scale, 2^-52. */
    public static final double ULP = Math.ulp(1.0);

    private Matrices() {
    }

    public static double[] identity() {
        return new double[] {1, 0, 0, 0, 1, 0, 0, 0, 1};
    }

    public static double[] diag(double a, double b, double c) {
        return new double[] {a, 0, 0, 0, b, 0, 0, 0, c};
    }

    /** {@code a b} by the textbook triple loop. */
    public static double[] times(double[] a, double[] b) {
        double[] out = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double sum = 0;
                for (int k = 0; k < 3; k++) {
                    sum += a[3 * i + k] * b[3 * k + j];
                }
                out[3 * i + j] = sum;
            }
        }
        return out;
    }

    public static double[] transposed(double[] a) {
        double[] out = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                out[3 * j + i] = a[3 * i + j];
            }
        }
        return out;
    }

    public static double[] minus(double[] a, double[] b) {
        double[] out = new double[9];
        for (int i = 0; i < 9; i++) {
            out[i] = a[i] - b[i];
        }
        return out;
    }

    public static double[] scaled(double[] a, double s) {
        double[] out = new double[9];
        for (int i = 0; i < 9; i++) {
            out[i] = a[i] * s;
        }
        return out;
    }

    public static double frobenius(double[] a) {
        double sum = 0;
        for (double x : a) {
            sum += x * x;
        }
        return Math.sqrt(sum);
    }

    public static double distance(double[] a, double[] b) {
        return frobenius(minus(a, b));
    }

    public static double trace(double[] a) {
        return a[0] + a[4] + a[8];
    }

    /** {@code ||R^T R - I||_F}: zero exactly when R is orthogonal. */
    public static double orthonormalityError(double[] r) {
        return distance(times(transposed(r), r), identity());
    }

    /** {@code ||A - A^T||_F}. */
    public static double asymmetry(double[] a) {
        return distance(a, transposed(a));
    }

    /** The rotation matrix of q, row-major. */
    public static double[] rotation(Quat q) {
        return q.toMatrix().toArray();
    }

    /** Column {@code j} of a. */
    public static Vec3 column(double[] a, int j) {
        return new Vec3(a[j], a[3 + j], a[6 + j]);
    }

    public static Vec3 times(double[] a, Vec3 v) {
        return new Vec3(
                a[0] * v.x() + a[1] * v.y() + a[2] * v.z(),
                a[3] * v.x() + a[4] * v.y() + a[5] * v.z(),
                a[6] * v.x() + a[7] * v.y() + a[8] * v.z());
    }

    public static boolean allFinite(double[] a) {
        return Arrays.stream(a).allMatch(Double::isFinite);
    }

    /** Asserts {@code ||expected - actual||_F <= tolerance}, printing both on failure. */
    public static void assertMatrixClose(double[] expected, double[] actual, double tolerance, String what) {
        double d = distance(expected, actual);
        assertTrue(d <= tolerance, () -> what + ": |expected - actual|_F = " + d + " > " + tolerance
                + "\n expected " + Arrays.toString(expected) + "\n actual   " + Arrays.toString(actual));
    }

    /** Asserts {@code |expected - actual| <= tolerance}, printing both on failure. */
    public static void assertVectorClose(Vec3 expected, Vec3 actual, double tolerance, String what) {
        double d = expected.minus(actual).length();
        assertTrue(d <= tolerance, () -> what + ": |expected - actual| = " + d + " > " + tolerance
                + "\n expected " + expected + "\n actual   " + actual);
    }
}
