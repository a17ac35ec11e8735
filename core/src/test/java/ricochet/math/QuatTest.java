package ricochet.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ricochet.math.Matrices.ULP;
import static ricochet.math.Matrices.assertMatrixClose;
import static ricochet.math.Matrices.assertVectorClose;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class QuatTest {

    /*
     * Tolerances: a rotation matrix entry is a sum of two or three products of numbers of size <= 1,
     * each rounded once, and a "unit" quaternion is unit only to an ulp or two; a product of two
     * such matrices adds three more roundings per entry. 64 ulps (1.4e-14) covers all of that with
     * room to spare, while any wrong sign, swapped index or missing factor 2 shows up as O(1).
     */
    private static final double TIGHT = 64 * ULP;

    @Provide
    Arbitrary<Quat> unitQuaternions() {
        return MathArbitraries.unitQuaternions();
    }

    @Provide
    Arbitrary<Quat> nearHalfTurns() {
        return MathArbitraries.nearHalfTurns();
    }

    @Provide
    Arbitrary<Vec3> vectors() {
        return MathArbitraries.vectors(10);
    }

    @Provide
    Arbitrary<Double> angles() {
        // Whole and half turns (the edge cases 0, +-1, +-4 half turns) come first.
        return MathArbitraries.doubles(4).map(halfTurns -> halfTurns * Math.PI);
    }

    /** min(|p - q|, |p + q|): q and -q are the same rotation. */
    private static double distanceUpToSign(Quat p, Quat q) {
        double minus = Math.sqrt(sq(p.x() - q.x()) + sq(p.y() - q.y()) + sq(p.z() - q.z())
                + sq(p.w() - q.w()));
        double plus = Math.sqrt(sq(p.x() + q.x()) + sq(p.y() + q.y()) + sq(p.z() + q.z())
                + sq(p.w() + q.w()));
        return Math.min(minus, plus);
    }

    private static double sq(double x) {
        return x * x;
    }

    @Property
    void matrixOfUnitQuaternionIsOrthonormalWithDeterminantOne(@ForAll("unitQuaternions") Quat q) {
        double[] r = Matrices.rotation(q);
        assertMatrixClose(Matrices.identity(), Matrices.times(Matrices.transposed(r), r), TIGHT, "R^T R");
        assertEquals(1, Mat3.determinant(r), TIGHT, "det R");
    }

    @Property
    void rotatingAVectorEqualsMultiplyingByTheMatrix(@ForAll("unitQuaternions") Quat q,
                                                     @ForAll("vectors") Vec3 v) {
        // Two different formulas for the same rotation; both are a few roundings of |v|-sized terms.
        assertVectorClose(q.toMatrix().multiply(v), q.rotate(v), TIGHT * (1 + v.length()), "q v q*");
    }

    @Property
    void rotationPreservesLengthAndHandedness(@ForAll("unitQuaternions") Quat q,
                                              @ForAll("vectors") Vec3 a, @ForAll("vectors") Vec3 b) {
        // A proper rotation keeps dot products and maps a x b to (R a) x (R b).
        Vec3 ra = q.rotate(a);
        Vec3 rb = q.rotate(b);
        double scale = (1 + a.length()) * (1 + b.length());
        assertEquals(a.dot(b), ra.dot(rb), TIGHT * scale, "dot product");
        assertVectorClose(q.rotate(a.cross(b)), ra.cross(rb), TIGHT * scale, "cross product");
    }

    @Property
    void productComposesRotationsRightFirst(@ForAll("unitQuaternions") Quat a,
                                            @ForAll("unitQuaternions") Quat b,
                                            @ForAll("vectors") Vec3 v) {
        double[] expected = Matrices.times(Matrices.rotation(a), Matrices.rotation(b));
        assertMatrixClose(expected, Matrices.rotation(a.multiply(b)), TIGHT,
                "matrix(a b) vs matrix(a) matrix(b)");
        assertVectorClose(a.rotate(b.rotate(v)), a.multiply(b).rotate(v), TIGHT * (1 + v.length()),
                "(a b) v vs a (b v)");
        assertEquals(1, a.multiply(b).norm(), TIGHT, "|a b| = |a| |b|");
    }

    @Property
    void conjugateUndoesTheRotation(@ForAll("unitQuaternions") Quat q, @ForAll("vectors") Vec3 v) {
        assertEquals(0, distanceUpToSign(Quat.IDENTITY, q.multiply(q.conjugate())), TIGHT, "q q* = 1");
        assertVectorClose(v, q.conjugate().rotate(q.rotate(v)), TIGHT * (1 + v.length()), "q* (q v)");
    }

    @Property
    void matrixToQuaternionRecoversTheQuaternionUpToSign(@ForAll("unitQuaternions") Quat q) {
        // Shepperd's method divides by 4 |q_i| for the largest |q_i| >= 1/2, so the matrix's round-off
        // passes through without amplification.
        Quat back = Quat.fromMatrix(q.toMatrix());
        assertEquals(1, back.norm(), TIGHT, "unit");
        assertEquals(0, distanceUpToSign(q, back), TIGHT, () -> q + " came back as " + back);
    }

    @Property
    void matrixToQuaternionIsAccurateNearAHalfTurn(@ForAll("nearHalfTurns") Quat q) {
        // Here w ~ 1e-16..1e-3: a trace-only formula would divide the off-diagonal round-off by w.
        Quat back = Quat.fromMatrix(q.toMatrix());
        assertEquals(0, distanceUpToSign(q, back), TIGHT, () -> q + " came back as " + back);
    }

    @Example
    void matrixToQuaternionHandlesHalfTurnsWithTiedDiagonals() {
        // A half turn about n is R = 2 n n^T - I (trace -1); axes with equal components tie the diagonal
        // entries that choose Shepperd's branch.
        Vec3[] axes = {Vec3.UNIT_X, Vec3.UNIT_Y, Vec3.UNIT_Z, new Vec3(1, 1, 0), new Vec3(0, 1, -1),
            new Vec3(1, 0, 1), new Vec3(1, 1, 1), new Vec3(-1, 1, 1), new Vec3(1, 2, 2)};
        for (Vec3 axis : axes) {
            Vec3 n = axis.normalized();
            double[] r = new double[9];
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    r[3 * i + j] = 2 * n.toArray()[i] * n.toArray()[j] - (i == j ? 1 : 0);
                }
            }
            Quat expected = new Quat(n.x(), n.y(), n.z(), 0);
            Quat back = Quat.fromMatrix(Mat3.of(r));
            assertEquals(0, distanceUpToSign(expected, back), TIGHT, () -> "half turn about " + axis
                    + " came back as " + back);
        }
    }

    @Example
    void identityMatrixGivesIdentityQuaternion() {
        assertEquals(0, distanceUpToSign(Quat.IDENTITY, Quat.fromMatrix(Mat3.IDENTITY)), 0);
    }

    @Property
    void axisAngleKeepsTheAxisAndTurnsAPerpendicularVectorByTheAngle(
            @ForAll("vectors") Vec3 axis,
            @ForAll("angles") double angle) {
        Assume.that(axis.length() > 1e-3);
        Quat q = Quat.fromAxisAngle(axis, angle);
        Vec3 n = axis.normalized();
        assertEquals(1, q.norm(), TIGHT, "unit quaternion for any axis length");
        assertVectorClose(axis, q.rotate(axis), TIGHT * axis.length(), "axis is fixed");

        Vec3 helper = Math.abs(n.x()) < 0.9 ? Vec3.UNIT_X : Vec3.UNIT_Y;
        Vec3 u = n.cross(helper).normalized();
        Vec3 turned = q.rotate(u);
        // Right-handed rotation by a about n: u . Ru = cos a, u x Ru = sin a n.
        assertEquals(Math.cos(angle), u.dot(turned), TIGHT, "cos of the turn");
        assertVectorClose(n.times(Math.sin(angle)), u.cross(turned), TIGHT, "sin of the turn, about +n");
    }

    @Example
    void quarterTurnAboutZTakesXToY() {
        // The right-hand rule fixes the sign convention that the property above cannot see on its own.
        Quat q = Quat.fromAxisAngle(Vec3.UNIT_Z, Math.PI / 2);
        assertVectorClose(Vec3.UNIT_Y, q.rotate(Vec3.UNIT_X), TIGHT, "R_z(90 deg) x");
        assertVectorClose(Vec3.UNIT_Y, q.toMatrix().multiply(Vec3.UNIT_X), TIGHT, "matrix R_z(90 deg) x");
    }

    @Property
    void arrayHelpersAgreeWithTheValueType(@ForAll("unitQuaternions") Quat q, @ForAll("vectors") Vec3 v) {
        // QuatOps is the allocation-free form of the same formulas: identical results, bit for bit.
        double[] m = new double[9];
        QuatOps.toMatrix(q.x(), q.y(), q.z(), q.w(), m);
        assertEquals(q.toMatrix(), Mat3.of(m));
        double[] out = new double[3];
        QuatOps.rotate(q.x(), q.y(), q.z(), q.w(), v.x(), v.y(), v.z(), out);
        assertEquals(q.rotate(v), Vec3.of(out));
    }

    @Example
    void zeroQuaternionCannotBeNormalised() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Quat(0, 0, 0, 0).normalized());
        assertTrue(e.getMessage().contains("normalise"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new Quat(Double.NaN, 0, 0, 1).normalized());
    }
}
