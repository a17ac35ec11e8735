package ricochet.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ricochet.math.Matrices.ULP;
import static ricochet.math.Matrices.assertMatrixClose;

import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class Mat3Test {

    @Provide
    Arbitrary<double[]> matrices() {
        return MathArbitraries.matrices(10);
    }

    @Provide
    Arbitrary<double[]> symmetricMatrices() {
        return MathArbitraries.symmetricMatrices(10);
    }

    @Provide
    Arbitrary<Quat> unitQuaternions() {
        return MathArbitraries.unitQuaternions();
    }

    @Provide
    Arbitrary<Vec3> vectors() {
        return MathArbitraries.vectors(10);
    }

    /** Integer rows: every product and sum in a 3x3 determinant of them is exact in double. */
    @Provide
    Arbitrary<double[]> integerRows() {
        return Arbitraries.integers().between(-100, 100).array(int[].class).ofSize(3)
                .map(r -> new double[] {r[0], r[1], r[2]});
    }

    @Property
    void inverseTimesMatrixIsIdentityToConditionTimesRoundOff(@ForAll("matrices") double[] a) {
        double[] inv = new double[9];
        boolean ok = Mat3.invert(a, inv);
        Assume.that(ok);
        // The adjugate inverse of a 3x3 matrix has a residual of a few ulps times the condition number;
        // the Frobenius norms bound the 2-norm condition from above, and 32 ulps covers the handful of
        // roundings in each cofactor and in the determinant.
        double condition = Matrices.frobenius(a) * Matrices.frobenius(inv);
        double tolerance = 32 * ULP * condition;
        assertMatrixClose(Matrices.identity(), Matrices.times(inv, a), tolerance, "A^-1 A");
        assertMatrixClose(Matrices.identity(), Matrices.times(a, inv), tolerance, "A A^-1");
        // The value type gives the same inverse.
        assertArrayEquals(inv, Mat3.of(a).inverse().toArray(), 0);
    }

    @Property
    void matrixWithDependentRowsIsNotInverted(@ForAll("integerRows") double[] r0,
                                              @ForAll("integerRows") double[] r1) {
        // Third row = first + second: det = 0 exactly, and exactly 0 in floating point too.
        double[] a = {r0[0], r0[1], r0[2], r1[0], r1[1], r1[2], r0[0] + r1[0], r0[1] + r1[1], r0[2] + r1[2]};
        double[] out = new double[9];
        Arrays.fill(out, 42);
        assertFalse(Mat3.invert(a, out));
        assertTrue(Arrays.stream(out).allMatch(x -> x == 42), "out untouched: " + Arrays.toString(out));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Mat3.of(a).inverse());
        assertTrue(e.getMessage().contains("singular"), e.getMessage());
    }

    @Example
    void zeroAndNonFiniteMatricesAreNotInverted() {
        double[] out = new double[9];
        assertFalse(Mat3.invert(new double[9], out));
        double[] nan = Matrices.identity();
        nan[4] = Double.NaN;
        assertFalse(Mat3.invert(nan, out));
        double[] huge = Matrices.diag(1e200, 1e200, 1e200);
        assertFalse(Mat3.invert(huge, out), "det = 1e600 overflows to infinity");
        assertArrayEquals(new double[9], out, 0, "out untouched");
    }

    @Example
    void inverseOfDiagonalMatrixIsReciprocalDiagonal() {
        // Powers of two: the reciprocals are exact.
        double[] inv = new double[9];
        assertTrue(Mat3.invert(Matrices.diag(2, -4, 0.5), inv));
        assertArrayEquals(Matrices.diag(0.5, -0.25, 2), inv, 0);
    }

    @Property
    void skewMatrixTimesVectorIsCrossProduct(@ForAll("vectors") Vec3 a, @ForAll("vectors") Vec3 b) {
        // The same two products and one difference per component as Vec3.cross (plus an exact 0 * b_i):
        // equal bit for bit.
        Vec3 skewed = Mat3.skew(a).multiply(b);
        Vec3 cross = a.cross(b);
        assertEquals(cross.x(), skewed.x(), 0);
        assertEquals(cross.y(), skewed.y(), 0);
        assertEquals(cross.z(), skewed.z(), 0);
        double[] s = Mat3.skew(a).toArray();
        assertArrayEquals(Matrices.scaled(Matrices.transposed(s), -1), s, 0, "[a]x is antisymmetric");
    }

    @Property
    void rotatedTensorKeepsTraceSymmetryAndNorm(@ForAll("symmetricMatrices") double[] a,
                                                @ForAll("unitQuaternions") Quat q) {
        double[] r = Matrices.rotation(q);
        double[] out = new double[9];
        Mat3.rotateTensor(r, a, new double[9], out);
        // R A R^T is similar to A (same trace, same determinant) and orthogonally so (same Frobenius
        // norm, still symmetric). Each entry is two chained 3-term sums: a few ulps of |A|.
        double scale = Matrices.frobenius(a);
        double tolerance = 64 * ULP * scale;
        assertEquals(Matrices.trace(a), Matrices.trace(out), tolerance, "trace");
        assertEquals(0, Matrices.asymmetry(out), tolerance, "symmetry");
        assertEquals(scale, Matrices.frobenius(out), tolerance, "Frobenius norm");
        assertEquals(Mat3.determinant(a), Mat3.determinant(out), tolerance * scale * scale, "determinant");
        assertMatrixClose(Matrices.times(Matrices.times(r, a), Matrices.transposed(r)), out, tolerance,
                "R A R^T by the textbook loop");
    }

    @Property
    void productHelpersMatchTheTextbookLoop(@ForAll("matrices") double[] a, @ForAll("matrices") double[] b) {
        // Same three products summed in the same order: equal bit for bit.
        double[] out = new double[9];
        Mat3.multiply(a, b, out);
        assertArrayEquals(Matrices.times(a, b), out, 0, "a b");
        Mat3.multiplyTransposed(a, b, out);
        assertArrayEquals(Matrices.times(a, Matrices.transposed(b)), out, 0, "a b^T");
        Mat3.transpose(a, out);
        assertArrayEquals(Matrices.transposed(a), out, 0, "a^T");
        assertArrayEquals(Matrices.times(a, b), Mat3.of(a).multiply(Mat3.of(b)).toArray(), 0, "value type");
    }

    @Property
    void determinantOfProductIsProductOfDeterminants(@ForAll("matrices") double[] a,
                                                     @ForAll("matrices") double[] b) {
        // Each determinant is a sum of six triple products, so its round-off is a few ulps of
        // (|A|_F)^3; the product's is a few ulps of (|A|_F |B|_F)^3.
        double scale = Math.pow(Matrices.frobenius(a) * Matrices.frobenius(b), 3);
        assertEquals(Mat3.determinant(a) * Mat3.determinant(b), Mat3.determinant(Matrices.times(a, b)),
                64 * ULP * scale);
    }

    @Property
    void transformIsMatrixTimesVector(@ForAll("matrices") double[] a, @ForAll("vectors") Vec3 v) {
        double[] out = new double[3];
        Mat3.transform(a, v.x(), v.y(), v.z(), out);
        assertEquals(Matrices.times(a, v), Vec3.of(out));
        assertEquals(Matrices.times(a, v), Mat3.of(a).multiply(v));
    }

    @Example
    void valueTypeCopiesItsEntriesInAndOut() {
        double[] entries = Matrices.identity();
        Mat3 m = Mat3.of(entries);
        entries[0] = 7;
        assertEquals(1, m.get(0, 0), 0, "later writes to the input do not reach the matrix");
        double[] out = m.toArray();
        out[0] = 7;
        assertEquals(1, m.get(0, 0), 0, "writes to toArray() do not reach the matrix");
        assertNotSame(m.toArray(), m.toArray());
        assertEquals(Mat3.IDENTITY, m);
        assertEquals(Mat3.IDENTITY.hashCode(), m.hashCode());
        assertEquals(6, Mat3.of(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9}).get(1, 2), 0, "row-major");
    }

    @Example
    void matrixNeedsNineEntries() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Mat3.of(new double[8]));
        assertTrue(e.getMessage().contains("got 8"), e.getMessage());
    }

    @Example
    void addOuterAddsARankOneMatrix() {
        // (u v^T) w = (v . w) u, and the sum of two outer products maps w to the sum of the two.
        double[] a = new double[9];
        Mat3.addOuter(a, 1, -2, 3, 0.5, 4, -1);
        Mat3.addOuter(a, 2, 0, -1, 1, 1, 1);
        double[] out = new double[3];
        Mat3.transform(a, 3, 1, 2, out);
        double d1 = 0.5 * 3 + 4 * 1 - 1 * 2, d2 = 3 + 1 + 2;
        assertArrayEquals(new double[] {d1 * 1 + d2 * 2, d1 * -2, d1 * 3 + d2 * -1}, out, 1e-12);
        assertEquals(0, Mat3.determinant(a), 1e-12, "rank two");
    }
}
