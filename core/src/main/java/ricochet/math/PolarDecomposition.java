package ricochet.math;

/**
 * Polar decomposition {@code A = R S} (R orthogonal, S symmetric positive semi-definite) and the
 * nearest proper rotation to A, as shape matching needs (Mueller et al. 2005, "Meshless deformations
 * based on shape matching", section 3.3).
 *
 * <p>Method: the Jacobi eigen-solve of {@code A^T A = V diag(s^2) V^T} gives the right singular
 * vectors; the left ones are {@code u_i = A v_i / s_i}, built by Gram-Schmidt in order of
 * decreasing s and the last one completed by a cross product. That keeps U orthonormal to
 * round-off even when A is singular or nearly so (a flattened shape), where {@code A S^-1} would
 * divide by zero. Then {@code R = U V^T}.
 *
 * <p>A is first scaled by a power of two (exact) to a largest entry in [1, 2), so that forming
 * {@code A^T A} neither overflows nor underflows for any finite A; R does not depend on the scale and
 * S is scaled back.
 */
public final class PolarDecomposition {

    private final double[] scaled = new double[9];
    private final double[] ata = new double[9];
    private final double[] sigma2 = new double[3];
    private final double[] v = new double[9];
    private final double[] u = new double[9];
    /** The power of two that {@link #scaled} was divided by. */
    private int exponent;

    /**
     * Writes the orthogonal factor of the polar decomposition of {@code a} into {@code r} and, if
     * {@code s} is not null, the symmetric factor into {@code s}. For {@code det(a) < 0}, R is a
     * reflection (det -1), as the polar decomposition requires. Returns false (outputs untouched)
     * if a is zero or not finite.
     */
    public boolean decompose(double[] a, double[] r, double[] s) {
        if (!singularVectors(a)) {
            return false;
        }
        double det = Mat3.determinant(scaled);
        // u3 = +-(u1 x u2): choose the sign so that U diag(s) V^T reproduces A (det U det V = sign det A).
        double detV = Mat3.determinant(v);
        if (det * detV < 0) {
            u[2] = -u[2];
            u[5] = -u[5];
            u[8] = -u[8];
        }
        Mat3.multiplyTransposed(u, v, r);
        if (s != null) {
            // S = V diag(s) V^T
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    double sum = 0;
                    for (int k = 0; k < 3; k++) {
                        sum += v[3 * i + k] * Math.sqrt(Math.max(sigma2[k], 0)) * v[3 * j + k];
                    }
                    s[3 * i + j] = Math.scalb(sum, exponent);
                }
            }
        }
        return true;
    }

    /**
     * Writes the proper rotation (det +1) nearest to {@code a} in the Frobenius norm into {@code r}:
     * the polar factor, with the direction of the smallest singular value flipped when A reflects
     * (Kabsch). Returns false (r untouched) if a is zero or not finite.
     */
    public boolean nearestRotation(double[] a, double[] r) {
        if (!singularVectors(a)) {
            return false;
        }
        // U built with u3 = u1 x u2 has det +1; R = U V^T is proper iff det V = +1.
        if (Mat3.determinant(v) < 0) {
            u[2] = -u[2];
            u[5] = -u[5];
            u[8] = -u[8];
        }
        Mat3.multiplyTransposed(u, v, r);
        return true;
    }

    /**
     * Fills {@link #scaled} (a / 2^exponent), v (right singular vectors, columns) and u (left, columns,
     * u3 = u1 x u2).
     */
    private boolean singularVectors(double[] input) {
        double max = 0;
        for (int i = 0; i < 9; i++) {
            if (!Double.isFinite(input[i])) {
                return false;
            }
            max = Math.max(max, Math.abs(input[i]));
        }
        if (max == 0) {
            return false;
        }
        exponent = Math.getExponent(max);
        double[] a = scaled;
        for (int i = 0; i < 9; i++) {
            a[i] = Math.scalb(input[i], -exponent);
        }
        double[] at = u; // scratch: A^T
        Mat3.transpose(a, at);
        Mat3.multiply(at, a, ata);
        SymmetricEigen.decompose(ata, sigma2, v);
        if (!(sigma2[0] > 0)) {
            return false;
        }
        // u1 = A v1 / |A v1|
        double x1 = a[0] * v[0] + a[1] * v[3] + a[2] * v[6];
        double y1 = a[3] * v[0] + a[4] * v[3] + a[5] * v[6];
        double z1 = a[6] * v[0] + a[7] * v[3] + a[8] * v[6];
        double n1 = Math.sqrt(x1 * x1 + y1 * y1 + z1 * z1);
        x1 /= n1;
        y1 /= n1;
        z1 /= n1;
        // u2 = A v2 with its u1 part removed; if A v2 vanishes (rank 1), any unit vector normal to u1.
        double x2 = a[0] * v[1] + a[1] * v[4] + a[2] * v[7];
        double y2 = a[3] * v[1] + a[4] * v[4] + a[5] * v[7];
        double z2 = a[6] * v[1] + a[7] * v[4] + a[8] * v[7];
        double d = x1 * x2 + y1 * y2 + z1 * z2;
        x2 -= d * x1;
        y2 -= d * y1;
        z2 -= d * z1;
        double n2 = Math.sqrt(x2 * x2 + y2 * y2 + z2 * z2);
        if (!(n2 > 1e-12 * n1)) {
            // Any unit vector normal to u1: cross with the axis u1 is least aligned with.
            double ax = Math.abs(x1), ay = Math.abs(y1), az = Math.abs(z1);
            if (ax <= ay && ax <= az) {
                x2 = 0; y2 = z1; z2 = -y1;
            } else if (ay <= az) {
                x2 = -z1; y2 = 0; z2 = x1;
            } else {
                x2 = y1; y2 = -x1; z2 = 0;
            }
            n2 = Math.sqrt(x2 * x2 + y2 * y2 + z2 * z2);
        }
        x2 /= n2;
        y2 /= n2;
        z2 /= n2;
        u[0] = x1; u[3] = y1; u[6] = z1;
        u[1] = x2; u[4] = y2; u[7] = z2;
        u[2] = y1 * z2 - z1 * y2;
        u[5] = z1 * x2 - x1 * z2;
        u[8] = x1 * y2 - y1 * x2;
        return true;
    }
}
