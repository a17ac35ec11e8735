package ricochet.math;

/**
 * Eigen-decomposition of a symmetric 3x3 matrix by cyclic Jacobi rotations (Golub and Van Loan,
 * Matrix Computations, section 8.5). Jacobi is slower than a closed-form cubic but accurate to
 * round-off for every input, including repeated and zero eigenvalues, which polar decomposition of
 * a flattened shape produces.
 */
public final class SymmetricEigen {

    private static final int MAX_SWEEPS = 50;

    private SymmetricEigen() {
    }

    /**
     * Decomposes the symmetric {@code a} (row-major, only the upper triangle is read) as
     * {@code a = V diag(values) V^T}. {@code values} receives the eigenvalues in descending order,
     * {@code vectors} the matching unit eigenvectors as <em>columns</em> (row-major V).
     */
    public static void decompose(double[] a, double[] values, double[] vectors) {
        // Work on a copy scaled by a power of two (exact) so that the largest entry is in [1, 2): the
        // convergence test squares entries, which overflows beyond ~1e154 (ending the iteration before
        // it starts) and underflows below ~1e-154. The rotations themselves are scale-free, so for
        // matrices in between the result is bit for bit what the unscaled iteration gives.
        double max = Math.max(Math.max(Math.abs(a[0]), Math.abs(a[1])), Math.max(Math.abs(a[2]),
                Math.max(Math.max(Math.abs(a[4]), Math.abs(a[5])), Math.abs(a[8]))));
        int exponent = max > 0 && max < Double.POSITIVE_INFINITY ? Math.getExponent(max) : 0;
        double scale = Math.scalb(1.0, -exponent);
        double a00 = a[0] * scale, a01 = a[1] * scale, a02 = a[2] * scale;
        double a11 = a[4] * scale, a12 = a[5] * scale, a22 = a[8] * scale;
        double v00 = 1, v01 = 0, v02 = 0, v10 = 0, v11 = 1, v12 = 0, v20 = 0, v21 = 0, v22 = 1;
        for (int sweep = 0; sweep < MAX_SWEEPS; sweep++) {
            double off = a01 * a01 + a02 * a02 + a12 * a12;
            double diag = a00 * a00 + a11 * a11 + a22 * a22;
            if (off == 0 || off <= 1e-36 * diag) {
                break;
            }
            // Each rotation zeroes one off-diagonal entry (p, q): tan(theta) from the 2x2 sub-problem.
            for (int pq = 0; pq < 3; pq++) {
                double apq, app, aqq;
                if (pq == 0) {
                    apq = a01; app = a00; aqq = a11;
                } else if (pq == 1) {
                    apq = a02; app = a00; aqq = a22;
                } else {
                    apq = a12; app = a11; aqq = a22;
                }
                if (apq == 0) {
                    continue;
                }
                double tau = (aqq - app) / (2 * apq);
                double t = Math.signum(tau) / (Math.abs(tau) + Math.sqrt(1 + tau * tau));
                if (tau == 0) {
                    t = 1;
                }
                double c = 1 / Math.sqrt(1 + t * t);
                double s = t * c;
                if (pq == 0) {
                    double a02n = c * a02 - s * a12;
                    double a12n = s * a02 + c * a12;
                    a00 = app - t * apq;
                    a11 = aqq + t * apq;
                    a01 = 0;
                    a02 = a02n;
                    a12 = a12n;
                    double x;
                    x = v00; v00 = c * x - s * v01; v01 = s * x + c * v01;
                    x = v10; v10 = c * x - s * v11; v11 = s * x + c * v11;
                    x = v20; v20 = c * x - s * v21; v21 = s * x + c * v21;
                } else if (pq == 1) {
                    double a01n = c * a01 - s * a12;
                    double a12n = s * a01 + c * a12;
                    a00 = app - t * apq;
                    a22 = aqq + t * apq;
                    a02 = 0;
                    a01 = a01n;
                    a12 = a12n;
                    double x;
                    x = v00; v00 = c * x - s * v02; v02 = s * x + c * v02;
                    x = v10; v10 = c * x - s * v12; v12 = s * x + c * v12;
                    x = v20; v20 = c * x - s * v22; v22 = s * x + c * v22;
                } else {
                    double a01n = c * a01 - s * a02;
                    double a02n = s * a01 + c * a02;
                    a11 = app - t * apq;
                    a22 = aqq + t * apq;
                    a12 = 0;
                    a01 = a01n;
                    a02 = a02n;
                    double x;
                    x = v01; v01 = c * x - s * v02; v02 = s * x + c * v02;
                    x = v11; v11 = c * x - s * v12; v12 = s * x + c * v12;
                    x = v21; v21 = c * x - s * v22; v22 = s * x + c * v22;
                }
            }
        }
        values[0] = Math.scalb(a00, exponent);
        values[1] = Math.scalb(a11, exponent);
        values[2] = Math.scalb(a22, exponent);
        vectors[0] = v00; vectors[1] = v01; vectors[2] = v02;
        vectors[3] = v10; vectors[4] = v11; vectors[5] = v12;
        vectors[6] = v20; vectors[7] = v21; vectors[8] = v22;
        sortDescending(values, vectors);
    }

    private static void sortDescending(double[] values, double[] vectors) {
        for (int i = 0; i < 2; i++) {
            int best = i;
            for (int j = i + 1; j < 3; j++) {
                if (values[j] > values[best]) {
                    best = j;
                }
            }
            if (best != i) {
                double t = values[i];
                values[i] = values[best];
                values[best] = t;
                for (int r = 0; r < 3; r++) {
                    t = vectors[3 * r + i];
                    vectors[3 * r + i] = vectors[3 * r + best];
                    vectors[3 * r + best] = t;
                }
            }
        }
    }
}
