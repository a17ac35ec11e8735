package ricochet.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ricochet.math.Matrices.ULP;
import static ricochet.math.Matrices.assertMatrixClose;
import static ricochet.math.Matrices.assertVectorClose;

import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class SymmetricEigenTest {

    /*
     * Jacobi is backward stable: each rotation perturbs A by a few ulps of |A|, and a 3x3 matrix
     * converges in a handful of sweeps of three rotations, so the reconstruction and V^T V are off by
     * tens of ulps at most (about 10 measured over 2e5 random matrices). 128 and 256 ulps (3e-14,
     * 6e-14) leave room for that; a real mistake (a wrong sign or column) is O(|A|).
     */
    private static final double RECONSTRUCTION = 128 * ULP;
    private static final double ORTHONORMAL = 256 * ULP;

    @Provide
    Arbitrary<double[]> symmetricMatrices() {
        return MathArbitraries.symmetricMatrices(10);
    }

    @Provide
    Arbitrary<Quat> unitQuaternions() {
        return MathArbitraries.unitQuaternions();
    }

    /** V diag(values) V^T. */
    private static double[] reconstruct(double[] values, double[] vectors) {
        return Matrices.times(Matrices.times(vectors, Matrices.diag(values[0], values[1], values[2])),
                Matrices.transposed(vectors));
    }

    @Property
    void eigenvectorsAndValuesReconstructTheMatrix(@ForAll("symmetricMatrices") double[] a) {
        double[] values = new double[3];
        double[] vectors = new double[9];
        SymmetricEigen.decompose(a, values, vectors);
        double scale = Matrices.frobenius(a);
        assertMatrixClose(a, reconstruct(values, vectors), RECONSTRUCTION * scale, "V diag(values) V^T");
        assertMatrixClose(Matrices.identity(), Matrices.times(Matrices.transposed(vectors), vectors),
                ORTHONORMAL, "V^T V");
        assertTrue(values[0] >= values[1] && values[1] >= values[2],
                () -> "descending: " + Arrays.toString(values));
        for (int i = 0; i < 3; i++) {
            Vec3 v = Matrices.column(vectors, i);
            assertVectorClose(v.times(values[i]), Matrices.times(a, v), RECONSTRUCTION * scale,
                    "A v_" + i + " = lambda_" + i + " v_" + i);
        }
        // Similarity keeps the trace.
        assertEquals(Matrices.trace(a), values[0] + values[1] + values[2], RECONSTRUCTION * scale, "trace");
    }

    @Provide
    Arbitrary<Integer> powersOfTwo() {
        // Entries up to 10 * 2^1000 stay finite; squares of entries leave the double range from 2^512 on.
        return Arbitraries.integers().between(-1000, 1000);
    }

    @Property
    void eigenvaluesScaleWithTheMatrixAtAnyMagnitude(@ForAll("symmetricMatrices") double[] a,
                                                     @ForAll("powersOfTwo") int exponent) {
        // eig(c A) = c eig(A) with the same vectors. Scaling by a power of two is exact as long as no
        // entry becomes subnormal, so any difference is the method's own round-off.
        double c = Math.scalb(1.0, exponent);
        double[] scaled = Matrices.scaled(a, c);
        for (int i = 0; i < 9; i++) {
            Assume.that(a[i] == 0 || Math.abs(scaled[i]) >= Double.MIN_NORMAL);
        }
        double[] values = new double[3];
        double[] vectors = new double[9];
        double[] scaledValues = new double[3];
        double[] scaledVectors = new double[9];
        SymmetricEigen.decompose(a, values, vectors);
        SymmetricEigen.decompose(scaled, scaledValues, scaledVectors);
        double tolerance = RECONSTRUCTION * Matrices.frobenius(a);
        for (int i = 0; i < 3; i++) {
            assertEquals(values[i], scaledValues[i] / c, tolerance,
                    "eigenvalue " + i + " of 2^" + exponent + " A");
        }
        assertMatrixClose(a, Matrices.scaled(reconstruct(scaledValues, scaledVectors), 1 / c), tolerance,
                "2^" + -exponent + " V diag(values) V^T of 2^" + exponent + " A");
    }

    @Property
    void onlyTheUpperTriangleIsRead(@ForAll("symmetricMatrices") double[] a) {
        double[] poisoned = a.clone();
        poisoned[3] = Double.NaN;
        poisoned[6] = Double.NaN;
        poisoned[7] = Double.NaN;
        double[] values = new double[3];
        double[] vectors = new double[9];
        double[] poisonedValues = new double[3];
        double[] poisonedVectors = new double[9];
        SymmetricEigen.decompose(a, values, vectors);
        SymmetricEigen.decompose(poisoned, poisonedValues, poisonedVectors);
        assertArrayEquals(values, poisonedValues, 0);
        assertArrayEquals(vectors, poisonedVectors, 0);
    }

    @Example
    void closedFormTwoByTwoBlockIsSolved() {
        // [[a, b], [b, a]] has eigenvalues a +- b with vectors (1, +-1)/sqrt 2; the 5 is uncoupled.
        double a = 2, b = 1;
        double[] m = {a, b, 0, b, a, 0, 0, 0, 5};
        double[] values = new double[3];
        double[] vectors = new double[9];
        SymmetricEigen.decompose(m, values, vectors);
        double tolerance = 16 * ULP * 5;
        assertArrayEquals(new double[] {5, a + b, a - b}, values, tolerance);
        double h = Math.sqrt(0.5);
        assertParallel(Vec3.UNIT_Z, Matrices.column(vectors, 0), tolerance);
        assertParallel(new Vec3(h, h, 0), Matrices.column(vectors, 1), tolerance);
        assertParallel(new Vec3(h, -h, 0), Matrices.column(vectors, 2), tolerance);
    }

    /** Eigenvectors are defined up to sign. */
    private static void assertParallel(Vec3 expected, Vec3 actual, double tolerance) {
        double d = Math.min(expected.minus(actual).length(), expected.plus(actual).length());
        assertTrue(d <= tolerance, "expected +-" + expected + ", got " + actual);
    }

    @Example
    void diagonalInputIsSortedByMovingColumns() {
        // Already diagonal: no rotation is needed, so the result is exact; the sort must permute
        // the eigenvector columns (not rows) along with the values.
        double[] values = new double[3];
        double[] vectors = new double[9];
        SymmetricEigen.decompose(Matrices.diag(1, 3, 2), values, vectors);
        assertArrayEquals(new double[] {3, 2, 1}, values, 0);
        assertEquals(Vec3.UNIT_Y, Matrices.column(vectors, 0));
        assertEquals(Vec3.UNIT_Z, Matrices.column(vectors, 1));
        assertEquals(Vec3.UNIT_X, Matrices.column(vectors, 2));
    }

    @Example
    void identityAndZeroMatrixGiveTheirExactEigenvalues() {
        double[] values = new double[3];
        double[] vectors = new double[9];
        SymmetricEigen.decompose(Matrices.identity(), values, vectors);
        assertArrayEquals(new double[] {1, 1, 1}, values, 0);
        assertArrayEquals(Matrices.identity(), vectors, 0);

        SymmetricEigen.decompose(new double[9], values, vectors);
        assertArrayEquals(new double[] {0, 0, 0}, values, 0);
        assertArrayEquals(Matrices.identity(), vectors, 0, "any orthonormal basis; no NaN");
    }

    @Example
    void repeatedEigenvalueOfDiagonalMatrix() {
        double[] values = new double[3];
        double[] vectors = new double[9];
        SymmetricEigen.decompose(Matrices.diag(2, 2, 1), values, vectors);
        assertArrayEquals(new double[] {2, 2, 1}, values, 0);
        assertParallel(Vec3.UNIT_Z, Matrices.column(vectors, 2), 0);
    }

    @Property
    void rotatedRepeatedEigenvalueKeepsTheDistinctAxis(@ForAll("unitQuaternions") Quat q) {
        // A = R diag(2, 2, 1) R^T: eigenvalues 2, 2, 1; the eigenvector of 1 is R e3, well conditioned
        // (gap 1), while the two for 2 may be any orthonormal pair normal to it.
        double[] r = Matrices.rotation(q);
        double[] a = Matrices.times(Matrices.times(r, Matrices.diag(2, 2, 1)), Matrices.transposed(r));
        double[] values = new double[3];
        double[] vectors = new double[9];
        SymmetricEigen.decompose(a, values, vectors);
        double tolerance = 64 * ULP * 2;
        assertArrayEquals(new double[] {2, 2, 1}, values, tolerance);
        assertParallel(Matrices.column(r, 2), Matrices.column(vectors, 2), tolerance);
        assertMatrixClose(a, reconstruct(values, vectors), tolerance, "V diag(values) V^T");
        assertMatrixClose(Matrices.identity(), Matrices.times(Matrices.transposed(vectors), vectors),
                ORTHONORMAL, "V^T V");
    }

    @Property
    void rotatedMultipleOfIdentityHasTripleEigenvalue(@ForAll("unitQuaternions") Quat q) {
        // R (3 I) R^T is 3 I up to round-off; Jacobi must not blow that noise up.
        double[] r = Matrices.rotation(q);
        double[] a = Matrices.times(Matrices.times(r, Matrices.diag(3, 3, 3)), Matrices.transposed(r));
        double[] values = new double[3];
        double[] vectors = new double[9];
        SymmetricEigen.decompose(a, values, vectors);
        assertArrayEquals(new double[] {3, 3, 3}, values, 64 * ULP * 3);
        assertMatrixClose(Matrices.identity(), Matrices.times(Matrices.transposed(vectors), vectors),
                ORTHONORMAL, "V^T V");
    }

    @Property
    void rankOneMatrixHasOneNonZeroEigenvalue(@ForAll("unitQuaternions") Quat q) {
        // u u^T has eigenvalue |u|^2 along u and 0 twice.
        Vec3 u = q.rotate(new Vec3(0, 0, 3));
        double[] a = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                a[3 * i + j] = u.toArray()[i] * u.toArray()[j];
            }
        }
        double[] values = new double[3];
        double[] vectors = new double[9];
        SymmetricEigen.decompose(a, values, vectors);
        double tolerance = 64 * ULP * 9;
        assertArrayEquals(new double[] {9, 0, 0}, values, tolerance);
        assertParallel(u.normalized(), Matrices.column(vectors, 0), tolerance);
    }
}
