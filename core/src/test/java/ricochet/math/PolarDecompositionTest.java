package ricochet.math;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ricochet.math.Matrices.ULP;
import static ricochet.math.Matrices.assertMatrixClose;
import static ricochet.math.Matrices.assertVectorClose;

import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class PolarDecompositionTest {

    /*
     * R = U V^T with V from Jacobi rotations and U from Gram-Schmidt plus a cross product: both are
     * orthonormal to a few ulps whatever A is, so R^T R = I and det R = +-1 hold to 64 ulps (1.4e-14,
     * tighter than the 1e-12 shape matching needs).
     */
    private static final double ORTHONORMAL = 64 * ULP;

    @Provide
    Arbitrary<double[]> matrices() {
        return MathArbitraries.matrices(10);
    }

    @Provide
    Arbitrary<Quat> unitQuaternions() {
        return MathArbitraries.unitQuaternions();
    }

    /** Small turns, 1e-3 to 0.3 rad, about random axes. */
    @Provide
    Arbitrary<Quat> smallTurns() {
        return Combinators.combine(
                        MathArbitraries.vectors(1).filter(v -> v.length() > 1e-3),
                        Arbitraries.doubles().between(1e-3, 0.3).ofScale(12))
                .as(Quat::fromAxisAngle);
    }

    /**
     * Tolerance on {@code |R S - A|_F}. The method forms {@code A^T A}, whose eigenvalues carry an
     * absolute error of a few ulps of sigma_1^2; a singular value sigma_i then carries
     * {@code ulps sigma_1^2 / sigma_i}, and at most {@code sqrt(ulps) sigma_1} as sigma_i goes to 0.
     * So the residual is bounded by {@code ulps sigma_1 min(sigma_1 / sigma_3, ulps^-1/2)}. The
     * singular values come from the (separately tested) eigenvalues of A^T A; an adjugate inverse would
     * not do, since for a numerically singular A it is garbage of ordinary size.
     */
    private static double reconstructionTolerance(double[] a) {
        double[] lambda = new double[3];
        SymmetricEigen.decompose(Matrices.times(Matrices.transposed(a), a), lambda, new double[9]);
        double sigma1 = Math.sqrt(lambda[0]);
        double kappa = lambda[2] > 0 ? Math.sqrt(lambda[0] / lambda[2]) : Double.POSITIVE_INFINITY;
        return 64 * ULP * sigma1 * Math.min(kappa, 1 / Math.sqrt(ULP));
    }

    private static void assertOrthonormal(double[] r, double expectedDeterminant) {
        assertTrue(Matrices.allFinite(r), () -> "finite: " + Arrays.toString(r));
        assertMatrixClose(Matrices.identity(), Matrices.times(Matrices.transposed(r), r), ORTHONORMAL,
                "R^T R");
        assertEquals(expectedDeterminant, Mat3.determinant(r), ORTHONORMAL, "det R");
    }

    /** S symmetric with no eigenvalue below round-off of |S|. */
    private static void assertSymmetricPositiveSemiDefinite(double[] s) {
        double scale = Matrices.frobenius(s);
        assertEquals(0, Matrices.asymmetry(s), 64 * ULP * scale, "S = S^T");
        double[] values = new double[3];
        SymmetricEigen.decompose(s, values, new double[9]);
        assertTrue(values[2] >= -64 * ULP * scale, () -> "eigenvalues of S " + Arrays.toString(values));
    }

    /** Decomposes a, checking R and S for the given sign of det R, and returns R. */
    private static double[] checkedPolar(double[] a, double expectedDeterminant) {
        double[] r = new double[9];
        double[] s = new double[9];
        assertTrue(new PolarDecomposition().decompose(a, r, s));
        assertOrthonormal(r, expectedDeterminant);
        assertSymmetricPositiveSemiDefinite(s);
        assertMatrixClose(a, Matrices.times(r, s), reconstructionTolerance(a), "R S = A");
        return r;
    }

    private static double[] nearestRotation(double[] a) {
        double[] r = new double[9];
        assertTrue(new PolarDecomposition().nearestRotation(a, r));
        assertOrthonormal(r, 1);
        return r;
    }

    private static double squaredDistance(double[] a, double[] b) {
        double d = Matrices.distance(a, b);
        return d * d;
    }

    @Property
    void polarFactorOfPositiveDeterminantIsARotation(@ForAll("matrices") double[] a) {
        Assume.that(Mat3.determinant(a) > 0);
        double[] r = checkedPolar(a, 1);
        // For det A > 0 the polar factor is itself the nearest rotation.
        assertMatrixClose(r, nearestRotation(a), ORTHONORMAL, "polar factor vs nearest rotation");
    }

    @Property
    void polarFactorOfReflectionHasDeterminantMinusOne(@ForAll("matrices") double[] a) {
        Assume.that(Mat3.determinant(a) < 0);
        checkedPolar(a, -1);
    }

    @Property
    void nearestRotationIsProperAndNoFartherThanOtherRotations(@ForAll("matrices") double[] a,
                                                              @ForAll("smallTurns") Quat nudge,
                                                              @ForAll("unitQuaternions") Quat anywhere) {
        // Kabsch: R maximises tr(R^T A) over SO(3), i.e. minimises |A - R|_F^2 = |A|^2 + 3 - 2 tr(R^T A),
        // for either sign of det A. The computed R is the exact answer for some A' within delta of A,
        // delta being the backward error that reconstructionTolerance states (large only where A^T A
        // has lost the small singular values), and |tr(X^T E)| <= sqrt 3 |E| for a rotation X, so R
        // can lose at most 4 sqrt(3) delta against any Q; add the round-off of the norms themselves.
        Assume.that(Matrices.frobenius(a) > 0);
        double[] r = nearestRotation(a);
        double best = squaredDistance(a, r);
        double tolerance = 4 * Math.sqrt(3) * reconstructionTolerance(a)
                + 64 * ULP * Math.pow(Matrices.frobenius(a) + Math.sqrt(3), 2);
        double[] nearby = Matrices.times(r, Matrices.rotation(nudge));
        double[] elsewhere = Matrices.rotation(anywhere);
        assertTrue(best <= squaredDistance(a, nearby) + tolerance,
                () -> "a nudged rotation is closer: " + best + " > " + squaredDistance(a, nearby));
        assertTrue(best <= squaredDistance(a, elsewhere) + tolerance,
                () -> "a random rotation is closer: " + best + " > " + squaredDistance(a, elsewhere));
    }

    @Property
    void reflectedStretchSplitsIntoReflectionAndStretch(@ForAll("unitQuaternions") Quat q) {
        // A = R0 diag(3, 2, -1) = (R0 F) diag(3, 2, 1) with F = diag(1, 1, -1): the polar factor is the
        // reflection R0 F and the stretch diag(3, 2, 1); the nearest rotation flips back the direction
        // of the smallest singular value, giving R0 (Kabsch). Singular values 3, 2, 1 are well apart,
        // so all three are determined to a few ulps.
        double[] r0 = Matrices.rotation(q);
        double[] a = Matrices.times(r0, Matrices.diag(3, 2, -1));
        double[] r = new double[9];
        double[] s = new double[9];
        assertTrue(new PolarDecomposition().decompose(a, r, s));
        double tolerance = 64 * ULP * 3;
        assertMatrixClose(Matrices.times(r0, Matrices.diag(1, 1, -1)), r, tolerance, "polar factor");
        assertMatrixClose(Matrices.diag(3, 2, 1), s, tolerance, "stretch");
        assertMatrixClose(r0, nearestRotation(a), tolerance, "nearest rotation");
    }

    @Property
    void polarFactorOfRotationIsThatRotation(@ForAll("unitQuaternions") Quat q) {
        // A^T A = I has a triple eigenvalue, so V is arbitrary, but U V^T = Q V V^T = Q regardless.
        double[] rotation = Matrices.rotation(q);
        double[] r = new double[9];
        double[] s = new double[9];
        assertTrue(new PolarDecomposition().decompose(rotation, r, s));
        assertMatrixClose(rotation, r, ORTHONORMAL, "R");
        assertMatrixClose(Matrices.identity(), s, ORTHONORMAL, "S");
        assertMatrixClose(rotation, nearestRotation(rotation), ORTHONORMAL, "nearest rotation");
    }

    /**
     * Well-conditioned matrices of either determinant sign, {@code R0 diag(d) R1} with |d_i| in [1, 4]:
     * their polar factor is unique and moves by at most a few ulps under round-off.
     */
    @Provide
    Arbitrary<double[]> wellConditioned() {
        Arbitrary<Double> d = Arbitraries.doubles().between(1, 4).ofScale(12);
        Arbitrary<Integer> sign = Arbitraries.of(-1, 1);
        return Combinators.combine(unitQuaternions(), unitQuaternions(), d, d, d, sign)
                .as((q0, q1, d0, d1, d2, s) -> Matrices.times(Matrices.times(Matrices.rotation(q0),
                        Matrices.diag(d0, d1, s * d2)), Matrices.rotation(q1)));
    }

    /**
     * Exponents from -900 to 900: every scaled entry stays a normal double, but A^T A (and the squares
     * of its entries) leave the double range well inside that.
     */
    @Provide
    Arbitrary<Integer> powersOfTwo() {
        return Arbitraries.integers().between(-900, 900);
    }

    @Property
    void polarFactorIgnoresTheScaleOfA(@ForAll("wellConditioned") double[] a,
                                       @ForAll("powersOfTwo") int exponent) {
        // R(c A) = R(A) and S(c A) = c S(A) for c > 0. A power of two scales exactly, so only the
        // method's own round-off may differ, whatever the magnitude of A: the method promises "false only
        // for a zero or non-finite A".
        double c = Math.scalb(1.0, exponent);
        double[] r = new double[9];
        double[] s = new double[9];
        double[] rScaled = new double[9];
        double[] sScaled = new double[9];
        assertTrue(new PolarDecomposition().decompose(a, r, s));
        assertTrue(new PolarDecomposition().decompose(Matrices.scaled(a, c), rScaled, sScaled),
                () -> "2^" + exponent + " A is neither zero nor infinite");
        double tolerance = 64 * ULP * 4;
        assertMatrixClose(r, rScaled, tolerance, "R(2^" + exponent + " A)");
        assertMatrixClose(s, Matrices.scaled(sScaled, 1 / c), tolerance * Matrices.frobenius(s),
                "S(2^" + exponent + " A) / 2^" + exponent);
        double[] nearest = new double[9];
        assertTrue(new PolarDecomposition().nearestRotation(Matrices.scaled(a, c), nearest));
        assertMatrixClose(nearestRotation(a), nearest, tolerance, "nearest rotation of 2^" + exponent + " A");
    }

    @Property
    void flattenedShapeStillGivesItsRotation(@ForAll("unitQuaternions") Quat q) {
        // A = R0 diag(1, 1, 1e-14): a body squashed flat. det A = 1e-14 > 0 is well above its round-off
        // (~1e-16), and the polar factor's sensitivity is 1/(sigma_i + sigma_j) <= 1, so R = R0 to round-off
        // even though A^T A has an eigenvalue (1e-28) far below its own round-off.
        double[] r0 = Matrices.rotation(q);
        double[] a = Matrices.times(r0, Matrices.diag(1, 1, 1e-14));
        double[] r = checkedPolar(a, 1);
        assertMatrixClose(r0, r, ORTHONORMAL, "polar factor");
        assertMatrixClose(r0, nearestRotation(a), ORTHONORMAL, "nearest rotation");
    }

    @Property
    void exactRankTwoGivesAnOrthonormalFactorAndTheUniqueNearestRotation(@ForAll("unitQuaternions") Quat q) {
        // A = R0 diag(2, 1, 0). The polar factor is R0 or R0 diag(1, 1, -1) (the null direction's sign is
        // free), but the nearest rotation is unique (sigma_2 + sigma_3 = 1 > 0): R0.
        double[] r0 = Matrices.rotation(q);
        double[] a = Matrices.times(r0, Matrices.diag(2, 1, 0));
        double[] r = new double[9];
        double[] s = new double[9];
        assertTrue(new PolarDecomposition().decompose(a, r, s));
        assertOrthonormal(r, Math.signum(Mat3.determinant(r)));
        assertSymmetricPositiveSemiDefinite(s);
        assertMatrixClose(a, Matrices.times(r, s), reconstructionTolerance(a), "R S = A");
        assertVectorClose(Matrices.column(r0, 0), Matrices.column(r, 0), ORTHONORMAL, "R e1");
        assertVectorClose(Matrices.column(r0, 1), Matrices.column(r, 1), ORTHONORMAL, "R e2");
        assertMatrixClose(r0, nearestRotation(a), ORTHONORMAL, "nearest rotation");
    }

    @Example
    void dependentRowsGiveAnOrthonormalFactor() {
        // Integer entries, third row = first + second: rank 2 with det exactly 0.
        double[] a = {1, 2, 3, -4, 0, 5, -3, 2, 8};
        double[] r = new double[9];
        double[] s = new double[9];
        assertTrue(new PolarDecomposition().decompose(a, r, s));
        assertOrthonormal(r, Math.signum(Mat3.determinant(r)));
        assertSymmetricPositiveSemiDefinite(s);
        assertMatrixClose(a, Matrices.times(r, s), reconstructionTolerance(a), "R S = A");
        nearestRotation(a);
    }

    @Property
    void rankOneMapsItsRowDirectionOntoItsColumnDirection(@ForAll("unitQuaternions") Quat p,
                                                         @ForAll("unitQuaternions") Quat q) {
        // A = a b^T sends b/|b| to a/|a| and kills the plane normal to b: the first singular pair is exact
        // (gap sigma_1^2) and the rest only has to be completed to an orthonormal frame.
        Vec3 col = p.rotate(new Vec3(2, 0, 0));
        Vec3 row = q.rotate(new Vec3(0, 0.5, 0));
        double[] a = new double[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                a[3 * i + j] = col.toArray()[i] * row.toArray()[j];
            }
        }
        double[] r = new double[9];
        double[] s = new double[9];
        assertTrue(new PolarDecomposition().decompose(a, r, s));
        assertOrthonormal(r, Math.signum(Mat3.determinant(r)));
        assertSymmetricPositiveSemiDefinite(s);
        assertMatrixClose(a, Matrices.times(r, s), reconstructionTolerance(a), "R S = A");
        assertVectorClose(col.normalized(), Matrices.times(r, row.normalized()), ORTHONORMAL, "R b^");
        assertVectorClose(col.normalized(), Matrices.times(nearestRotation(a), row.normalized()),
                ORTHONORMAL, "nearest rotation b^");
    }

    @Property
    void nearlyRankOneStillGivesAnOrthonormalFactor(@ForAll("unitQuaternions") Quat q) {
        // sigma = (1, 1e-13, 1e-14): the second and third singular directions are lost in A^T A's
        // round-off (1e-16 >> 1e-26), yet R must stay a finite orthonormal frame.
        double[] r0 = Matrices.rotation(q);
        double[] a = Matrices.times(r0, Matrices.diag(1, 1e-13, 1e-14));
        double[] r = new double[9];
        double[] s = new double[9];
        assertTrue(new PolarDecomposition().decompose(a, r, s));
        assertOrthonormal(r, Math.signum(Mat3.determinant(r)));
        assertMatrixClose(a, Matrices.times(r, s), reconstructionTolerance(a), "R S = A");
        assertVectorClose(Matrices.column(r0, 0), Matrices.column(r, 0), ORTHONORMAL, "R e1");
        nearestRotation(a);
    }

    @Example
    void zeroAndNonFiniteMatricesAreRejected() {
        PolarDecomposition polar = new PolarDecomposition();
        double[] nan = Matrices.identity();
        nan[5] = Double.NaN;
        double[] infinite = Matrices.identity();
        infinite[0] = Double.POSITIVE_INFINITY;
        for (double[] a : new double[][] {new double[9], nan, infinite}) {
            double[] r = new double[9];
            double[] s = new double[9];
            Arrays.fill(r, 42);
            Arrays.fill(s, 42);
            assertFalse(polar.decompose(a, r, s), () -> Arrays.toString(a));
            assertFalse(polar.nearestRotation(a, r), () -> Arrays.toString(a));
            double[] untouched = new double[9];
            Arrays.fill(untouched, 42);
            assertArrayEquals(untouched, r, 0, "R untouched");
            assertArrayEquals(untouched, s, 0, "S untouched");
        }
    }

    @Example
    void stretchIsOptional() {
        double[] a = Matrices.diag(2, 3, 4);
        double[] r = new double[9];
        assertTrue(new PolarDecomposition().decompose(a, r, null));
        assertMatrixClose(Matrices.identity(), r, ORTHONORMAL, "R of a positive diagonal matrix");
    }
}
