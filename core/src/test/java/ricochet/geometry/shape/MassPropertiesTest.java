package ricochet.geometry.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.function.DoubleUnaryOperator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import ricochet.math.Mat3;
import ricochet.math.MathArbitraries;
import ricochet.math.Quat;
import ricochet.math.SymmetricEigen;
import ricochet.math.Transform;
import ricochet.math.Vec3;

class MassPropertiesTest {

    @Provide
    Arbitrary<Double> lengths() {
        return Arbitraries.doubles().between(0.05, 4).ofScale(12);
    }

    @Provide
    Arbitrary<Double> densities() {
        return Arbitraries.doubles().between(1, 10000).ofScale(6);
    }

    @Provide
    Arbitrary<Quat> rotations() {
        return MathArbitraries.unitQuaternions();
    }

    @Provide
    Arbitrary<Vec3> offsets() {
        return MathArbitraries.vectors(10);
    }

    /** Composite Simpson's rule with an even number of panels: exact for cubics. */
    private static double simpson(DoubleUnaryOperator f, double a, double b, int panels) {
        double h = (b - a) / panels;
        double sum = f.applyAsDouble(a) + f.applyAsDouble(b);
        for (int i = 1; i < panels; i++) {
            sum += (i % 2 == 1 ? 4 : 2) * f.applyAsDouble(a + i * h);
        }
        return sum * h / 3;
    }

    /**
     * A solid of revolution about y, cut into discs of radius a(y) (a^2 given as `radiusSquared`) on
     * the pieces [breaks[i], breaks[i+1]]: a disc of thickness dy has dm = rho pi a^2 dy, axial inertia
     * dm a^2 / 2 and, about a perpendicular axis through the origin, dm (a^2 / 4 + y^2). Returns
     * {mass, I_perp, I_axial}. On each piece a^2 is a polynomial of degree <= 2, so the integrands have
     * degree <= 4 and Simpson's error is (b - a) h^4 / 180 max |f''''|: with 2000 panels, below 1e-12 of
     * the result for these sizes.
     */
    private static double[] discIntegration(DoubleUnaryOperator radiusSquared, double density, double... breaks) {
        double m = 0, perp = 0, axial = 0;
        for (int i = 0; i + 1 < breaks.length; i++) {
            double a = breaks[i], b = breaks[i + 1];
            m += simpson(y -> Math.PI * radiusSquared.applyAsDouble(y), a, b, 2000);
            perp += simpson(y -> {
                double a2 = radiusSquared.applyAsDouble(y);
                return Math.PI * a2 * (a2 / 4 + y * y);
            }, a, b, 2000);
            axial += simpson(y -> {
                double a2 = radiusSquared.applyAsDouble(y);
                return Math.PI * a2 * a2 / 2;
            }, a, b, 2000);
        }
        return new double[] {density * m, density * perp, density * axial};
    }

    private static void assertDiagonal(double[] expected, MassProperties actual, double relative) {
        double m = expected[0], perp = expected[1], axial = expected[2];
        assertEquals(m, actual.mass(), relative * m, "mass");
        assertEquals(0, actual.centerOfMass().length(), 1e-15, "centre of mass");
        double[] i = actual.inertia();
        assertEquals(perp, i[0], relative * perp, "Ixx");
        assertEquals(axial, i[4], relative * axial, "Iyy (the axis)");
        assertEquals(perp, i[8], relative * perp, "Izz");
        for (int k : new int[] {1, 2, 3, 5, 6, 7}) {
            assertEquals(0, i[k], 0, "off-diagonal " + k);
        }
    }

    @Property(tries = 50)
    void sphereCylinderAndCapsuleMatchDiscIntegration(@ForAll("lengths") double r, @ForAll("lengths") double h,
                                                      @ForAll("densities") double rho) {
        // 1e-10: Simpson's bound above plus the closed forms' round-off, with a wide margin.
        double tol = 1e-10;
        assertDiagonal(discIntegration(y -> r * r - y * y, rho, -r, r),
                MassProperties.of(new SphereShape(r), rho), tol);
        assertDiagonal(discIntegration(y -> r * r, rho, -h, h),
                MassProperties.of(new CylinderShape(r, h), rho), tol);
        DoubleUnaryOperator capsule = y -> {
            double over = Math.abs(y) - h;
            return over > 0 ? r * r - over * over : r * r;
        };
        assertDiagonal(discIntegration(capsule, rho, -h - r, -h, h, h + r),
                MassProperties.of(new CapsuleShape(r, h), rho), tol);
    }

    @Property(tries = 50)
    void boxMatchesTheTripleIntegral(@ForAll("lengths") double hx, @ForAll("lengths") double hy,
                                     @ForAll("lengths") double hz, @ForAll("densities") double rho) {
        // Over [-hx, hx] x [-hy, hy] x [-hz, hz]: int 1 = 8 hx hy hz, int y^2 = 8 hx hy hz hy^2 / 3.
        double v = 8 * hx * hy * hz;
        double m = rho * v;
        MassProperties p = MassProperties.of(new BoxShape(hx, hy, hz), rho);
        double[] i = p.inertia();
        assertEquals(m, p.mass(), 1e-15 * m);
        assertEquals(m * (hy * hy + hz * hz) / 3, i[0], 1e-14 * i[0]);
        assertEquals(m * (hx * hx + hz * hz) / 3, i[4], 1e-14 * i[4]);
        assertEquals(m * (hx * hx + hy * hy) / 3, i[8], 1e-14 * i[8]);
    }

    private static void assertSameProperties(MassProperties expected, MassProperties actual, double relative,
                                             double comTolerance) {
        assertEquals(expected.mass(), actual.mass(), relative * expected.mass(), "mass");
        assertEquals(0, expected.centerOfMass().minus(actual.centerOfMass()).length(), comTolerance, "COM");
        double[] e = expected.inertia(), a = actual.inertia();
        double scale = Math.max(Math.abs(e[0]), Math.max(Math.abs(e[4]), Math.abs(e[8])));
        for (int k = 0; k < 9; k++) {
            assertEquals(e[k], a[k], relative * scale, "inertia entry " + k);
        }
    }

    @Property(tries = 50)
    void hullOfABoxsCornersHasTheBoxsProperties(@ForAll("lengths") double hx, @ForAll("lengths") double hy,
                                                @ForAll("lengths") double hz, @ForAll("densities") double rho) {
        MassProperties box = MassProperties.of(new BoxShape(hx, hy, hz), rho);
        MassProperties hull = MassProperties.of(QuickHull.build(HullTestPoints.boxCorners(hx, hy, hz)), rho);
        // Twelve tetrahedra summed: a few dozen roundings, 1e-12 relative.
        assertSameProperties(box, hull, 1e-12, 1e-12 * (hx + hy + hz));
    }

    @Example
    void hullOfManySpherePointsIsBoundedByItsInscribedAndCircumscribedBalls() {
        // The hull H of points on the sphere of radius R contains the ball of its inradius r_in (the
        // smallest face offset, the origin being inside) and lies in the ball of radius R, so its mass and
        // its inertia about the origin lie between those of the two balls. Both bounds converge: with
        // 4000 points r_in > 0.99 R.
        double radius = 1.3, rho = 7.5;
        ConvexHullShape h = QuickHull.build(HullTestPoints.onSphere(new Random(3), 4000, radius));
        double rIn = Double.POSITIVE_INFINITY;
        for (int f = 0; f < h.faceCount(); f++) {
            rIn = Math.min(rIn, h.faceOffset(f));
        }
        assertTrue(rIn > 0.99 * radius, "inradius " + rIn);
        MassProperties p = MassProperties.of(h, rho);
        MassProperties inner = MassProperties.of(new SphereShape(rIn), rho);
        MassProperties outer = MassProperties.of(new SphereShape(radius), rho);
        assertTrue(inner.mass() <= p.mass() && p.mass() <= outer.mass(), "mass " + p.mass());
        Vec3 c = p.centerOfMass();
        double[] i = p.inertia();
        double m = p.mass();
        // About the origin: I_o = I_c + m (|c|^2 E - c c^T).
        double[] aboutOrigin = {
            i[0] + m * (c.y() * c.y() + c.z() * c.z()),
            i[4] + m * (c.x() * c.x() + c.z() * c.z()),
            i[8] + m * (c.x() * c.x() + c.y() * c.y())};
        for (double io : aboutOrigin) {
            assertTrue(inner.inertia()[0] <= io && io <= outer.inertia()[0], "inertia " + io);
        }
        // And the relative gap of the bounds, 1 - (r_in / R)^5 < 5 %, is the convergence statement.
        assertTrue(1 - Math.pow(rIn / radius, 5) < 0.05);
    }

    @Property(tries = 40)
    void translatingAHullMovesTheCentreOfMassAndKeepsTheInertia(@ForAll long seed, @ForAll("offsets") Vec3 t) {
        double[] cloud = HullTestPoints.inBall(new Random(seed), 40, 1);
        MassProperties p = MassProperties.of(QuickHull.build(cloud), 1000);
        MassProperties moved = MassProperties.of(QuickHull.build(HullTestPoints.transformed(cloud, Quat.IDENTITY,
                t)), 1000);
        // Coordinates of size |t| + 1 lose that many ulps before the mean vertex is subtracted.
        double tol = 1e-12 * (t.length() + 1);
        assertSameProperties(new MassProperties(p.mass(), p.centerOfMass().plus(t), p.inertia()), moved, tol, tol);
    }

    @Property(tries = 40)
    void rotatingAHullRotatesTheInertiaTensor(@ForAll long seed, @ForAll("rotations") Quat q) {
        double[] cloud = HullTestPoints.inBall(new Random(seed), 40, 1);
        MassProperties p = MassProperties.of(QuickHull.build(cloud), 1000);
        MassProperties turned = MassProperties.of(QuickHull.build(HullTestPoints.transformed(cloud, q, Vec3.ZERO)),
                1000);
        double[] r = q.toMatrix().toArray();
        double[] expected = new double[9];
        Mat3.rotateTensor(r, p.inertia(), new double[9], expected);
        assertSameProperties(new MassProperties(p.mass(), q.rotate(p.centerOfMass()), expected), turned, 1e-12,
                1e-12);
    }

    @Property(tries = 40)
    void twoBoxesSideBySideWeighTheSameAsTheBoxTheyForm(@ForAll("lengths") double hx, @ForAll("lengths") double hy,
                                                       @ForAll("lengths") double hz, @ForAll("rotations") Quat q,
                                                       @ForAll("offsets") Vec3 t) {
        // Boxes of half extents (hx, hy, hz) at x = -+hx form the box of half extents (2 hx, hy, hz). The
        // whole arrangement is also turned and moved: the compound's properties must follow.
        Transform left = new Transform().set(q.rotate(new Vec3(-hx, 0, 0)).plus(t), q);
        Transform right = new Transform().set(q.rotate(new Vec3(hx, 0, 0)).plus(t), q);
        BoxShape half = new BoxShape(hx, hy, hz);
        CompoundShape pair = CompoundShape.of(new CompoundShape.Child(half, left),
                new CompoundShape.Child(half, right));
        double[] big = HullTestPoints.transformed(HullTestPoints.boxCorners(2 * hx, hy, hz), q, t);
        double size = t.length() + 2 * (hx + hy + hz);
        assertSameProperties(MassProperties.of(QuickHull.build(big), 500), MassProperties.of(pair, 500),
                1e-11 * size, 1e-12 * size);
    }

    @Property(tries = 40)
    void aPosedChildFollowsTheParallelAxisTheorem(@ForAll("lengths") double r, @ForAll("lengths") double h,
                                                 @ForAll("rotations") Quat q, @ForAll("offsets") Vec3 t) {
        // One child: COM = t and I = R I_child R^T about it. Two equal spheres at +-d: each adds m |d|^2
        // about the axes perpendicular to d (Steiner).
        CapsuleShape capsule = new CapsuleShape(r, h);
        MassProperties own = MassProperties.of(capsule, 900);
        MassProperties posed = MassProperties.of(CompoundShape.of(new CompoundShape.Child(capsule,
                new Transform().set(t, q))), 900);
        double[] expected = new double[9];
        Mat3.rotateTensor(q.toMatrix().toArray(), own.inertia(), new double[9], expected);
        assertSameProperties(new MassProperties(own.mass(), t, expected), posed, 1e-12, 1e-12 * (t.length() + 1));

        SphereShape ball = new SphereShape(r);
        MassProperties one = MassProperties.of(ball, 900);
        CompoundShape pair = CompoundShape.of(
                new CompoundShape.Child(ball, new Transform().set(new Vec3(0, 0, h), q)),
                new CompoundShape.Child(ball, new Transform().set(new Vec3(0, 0, -h), Quat.IDENTITY)));
        double m = one.mass(), i = one.inertia()[0];
        double[] steiner = {2 * i + 2 * m * h * h, 0, 0, 0, 2 * i + 2 * m * h * h, 0, 0, 0, 2 * i};
        assertSameProperties(new MassProperties(2 * m, Vec3.ZERO, steiner), MassProperties.of(pair, 900), 1e-13,
                1e-15 * h);
    }

    @Property(tries = 60)
    void hullInertiaIsSymmetricPositiveDefiniteAndObeysTheTriangleInequalities(@ForAll long seed) {
        double[] cloud = HullTestPoints.inBall(new Random(seed), 12, 2);
        double[] i = MassProperties.of(QuickHull.build(cloud), 1200).inertia();
        double scale = Math.max(i[0], Math.max(i[4], i[8]));
        assertEquals(i[1], i[3], 0);
        assertEquals(i[2], i[6], 0);
        assertEquals(i[5], i[7], 0);
        double[] values = new double[3], vectors = new double[9];
        SymmetricEigen.decompose(i, values, vectors);
        assertTrue(values[2] > 0, "smallest principal moment " + values[2]);
        // Principal moments: I1 + I2 >= I3 for every ordering (I_k = int of the other two squared coordinates).
        assertTrue(values[1] + values[2] >= values[0] - 1e-12 * scale, "triangle inequality");
    }

    @Example
    void aClosedTriangleMeshOfABoxMatchesTheBoxAndAnInsideOutOneIsRejected() {
        double[] v = HullTestPoints.boxCorners(0.5, 1, 1.5);
        // Corner i has bit 0 = +x, bit 1 = +y, bit 2 = +z; two triangles per face, counter-clockwise from outside.
        int[] tris = {
            0, 2, 3, 0, 3, 1, // -z
            4, 5, 7, 4, 7, 6, // +z
            0, 1, 5, 0, 5, 4, // -y
            2, 6, 7, 2, 7, 3, // +y
            0, 4, 6, 0, 6, 2, // -x
            1, 3, 7, 1, 7, 5}; // +x
        assertSameProperties(MassProperties.of(new BoxShape(0.5, 1, 1.5), 2), MassProperties.ofClosedMesh(v, tris, 2),
                1e-14, 1e-15);
        int[] flipped = tris.clone();
        for (int k = 0; k < flipped.length; k += 3) {
            int s = flipped[k + 1];
            flipped[k + 1] = flipped[k + 2];
            flipped[k + 2] = s;
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MassProperties.ofClosedMesh(v, flipped, 2));
        assertTrue(e.getMessage().contains("volume must be > 0"), e.getMessage());
    }

    @Example
    void badDensityAndMasslessShapesAreRejected() {
        SphereShape s = new SphereShape(1);
        for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MassProperties.of(s, bad));
            assertTrue(e.getMessage().contains("density must be > 0"), e.getMessage());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MassProperties.of(new PlaneShape(Vec3.UNIT_Y, 0), 1));
        assertEquals("plane: a static-only shape has no mass", e.getMessage());
    }

    @Example
    void inertiaArraysAreCopiedInAndOut() {
        double[] in = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        MassProperties p = new MassProperties(1, Vec3.ZERO, in);
        in[0] = 5;
        p.inertia()[4] = 7;
        assertEquals(1, p.inertia()[0]);
        assertEquals(1, p.inertia()[4]);
        assertEquals(List.of(1.0, 1.0), List.of(p.inertia()[0], p.inertia()[8]));
    }
}
