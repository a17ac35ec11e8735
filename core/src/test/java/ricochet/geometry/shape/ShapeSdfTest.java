package ricochet.geometry.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import ricochet.geometry.BoxSdf;
import ricochet.geometry.SphereSdf;
import ricochet.math.MathArbitraries;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

class ShapeSdfTest {

    @Provide
    Arbitrary<Double> lengths() {
        return Arbitraries.doubles().between(0.1, 2).ofScale(12);
    }

    @Provide
    Arbitrary<Vec3> points() {
        return MathArbitraries.vectors(4);
    }

    /** Sphere, box, capsule, cylinder and a random hull: the shapes whose distance is exact everywhere. */
    @Provide
    Arbitrary<Shape> convexShapes() {
        Arbitrary<Double> len = lengths();
        return Arbitraries.oneOf(
                len.map(SphereShape::new),
                Combinators.combine(len, len, len).as(BoxShape::new),
                Combinators.combine(len, len).as(CapsuleShape::new),
                Combinators.combine(len, len).as(CylinderShape::new),
                Arbitraries.longs().map(seed -> QuickHull.build(HullTestPoints.inBall(new Random(seed), 30, 1.5))));
    }

    private static double distance(Shape s, Vec3 p) {
        return ShapeSdf.distance(s, p.x(), p.y(), p.z());
    }

    private static Vec3 normal(Shape s, Vec3 p) {
        double[] n = new double[3];
        ShapeSdf.normal(s, p.x(), p.y(), p.z(), n);
        return Vec3.of(n);
    }

    @Property
    void sphereAndBoxAgreeWithTheWorldSpaceSdfs(@ForAll("lengths") double a, @ForAll("lengths") double b,
                                               @ForAll("lengths") double c, @ForAll("points") Vec3 p) {
        // SphereSdf and BoxSdf are separate implementations with their own tests; a few ulps of |p| + size.
        double tol = 1e-14 * (p.length() + a + b + c);
        assertEquals(new SphereSdf(Vec3.ZERO, a).distance(p.x(), p.y(), p.z()), distance(new SphereShape(a), p), tol);
        assertEquals(new BoxSdf(Vec3.ZERO, Quat.IDENTITY, new Vec3(a, b, c)).distance(p.x(), p.y(), p.z()),
                distance(new BoxShape(a, b, c), p), tol);
    }

    @Property
    void capsuleMatchesTheNearestOfManySegmentSamples(@ForAll("lengths") double r, @ForAll("lengths") double h,
                                                      @ForAll("points") Vec3 p) {
        // 20001 samples on the segment, spacing 2h / 20000: the nearest sample is at most half a spacing
        // farther than the nearest segment point, so the sampled distance exceeds the true one by <= h / 2e4.
        int n = 20000;
        double best = Double.POSITIVE_INFINITY;
        for (int k = 0; k <= n; k++) {
            best = Math.min(best, p.minus(new Vec3(0, -h + 2 * h * k / n, 0)).length());
        }
        double d = distance(new CapsuleShape(r, h), p);
        assertTrue(d <= best - r + 1e-14 && d >= best - r - h / n, "capsule " + d + " vs sampled " + (best - r));
    }

    @Property(tries = 200)
    void cylinderMatchesTheNearestOfManySurfaceSamples(@ForAll("lengths") double r, @ForAll("lengths") double h,
                                                       @ForAll("points") Vec3 p) {
        // Samples on both caps (polar grid, na angles x nr radii) and the side (na angles x nh heights).
        // Any surface point is within s = r pi / na + max(r / nr, h / nh) of a sample; the sampled
        // distance (with the sign of inside/outside) exceeds |true| by at most s.
        int na = 720, nr = 100, nh = 200;
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < na; i++) {
            double ang = 2 * Math.PI * i / na, cos = Math.cos(ang), sin = Math.sin(ang);
            for (int k = 0; k <= nr; k++) {
                double rho = r * k / nr;
                for (int side = -1; side <= 1; side += 2) {
                    best = Math.min(best, p.minus(new Vec3(rho * cos, side * h, rho * sin)).length());
                }
            }
            for (int k = 0; k <= nh; k++) {
                best = Math.min(best, p.minus(new Vec3(r * cos, -h + 2 * h * k / nh, r * sin)).length());
            }
        }
        double s = r * Math.PI / na + Math.max(r / nr, h / nh);
        double d = distance(new CylinderShape(r, h), p);
        boolean inside = Math.hypot(p.x(), p.z()) < r && Math.abs(p.y()) < h;
        assertEquals(inside, d < 0, "sign at " + p);
        assertTrue(Math.abs(d) <= best + 1e-14 && Math.abs(d) >= best - s, "cylinder " + d + " vs sampled " + best);
    }

    @Property(tries = 60)
    void hullMatchesTheNearestOfManyFaceSamples(@ForAll long seed, @ForAll("points") Vec3 p) {
        ConvexHullShape h = QuickHull.build(HullTestPoints.inBall(new Random(seed), 20, 1.5));
        // Each face is fanned into triangles, each sampled at the barycentric grid of step 1/m: every point
        // of the triangle is within (longest edge) / m of a grid point, so the sampled distance exceeds the
        // true |distance| by at most s = (longest edge) / m.
        int m = 60;
        double best = Double.POSITIVE_INFINITY, longest = 0;
        for (int f = 0; f < h.faceCount(); f++) {
            Vec3 a = vertex(h, h.faceVertex(f, 0));
            for (int k = 1; k + 1 < h.faceVertexCount(f); k++) {
                Vec3 b = vertex(h, h.faceVertex(f, k)), c = vertex(h, h.faceVertex(f, k + 1));
                longest = Math.max(longest, Math.max(a.minus(b).length(),
                        Math.max(b.minus(c).length(), c.minus(a).length())));
                for (int i = 0; i <= m; i++) {
                    for (int j = 0; i + j <= m; j++) {
                        Vec3 q = a.plus(b.minus(a).times((double) i / m)).plus(c.minus(a).times((double) j / m));
                        best = Math.min(best, p.minus(q).length());
                    }
                }
            }
        }
        double d = distance(h, p);
        assertEquals(HullTestPoints.maxOutside(h, p.toArray()) > 0, d > 0, "sign at " + p);
        assertTrue(Math.abs(d) <= best + 1e-12 && Math.abs(d) >= best - longest / m,
                "hull " + d + " vs sampled " + best);
    }

    private static Vec3 vertex(ConvexHullShape h, int i) {
        return new Vec3(h.vertexX(i), h.vertexY(i), h.vertexZ(i));
    }

    @Property
    void steppingAlongTheNormalRaisesTheDistanceByTheStep(@ForAll("convexShapes") Shape s,
                                                          @ForAll("points") Vec3 p) {
        Vec3 n = normal(s, p);
        assertEquals(1, n.length(), 1e-14, "|normal|");
        double step = 1e-3;
        // The nearest feature (outside) or nearest face (inside) stays nearest along the normal, so the
        // distance grows by the step exactly; round-off of two distances of size ~|p| + 3.
        assertEquals(step, distance(s, p.plus(n.times(step))) - distance(s, p), 1e-12, () -> "at " + p);
    }

    @Property
    void planeDistanceIsTheHeightAboveIt(@ForAll("points") Vec3 normal, @ForAll("points") Vec3 p,
                                         @ForAll("lengths") double offset) {
        Assume.that(normal.length() > 1e-3);
        PlaneShape plane = new PlaneShape(normal, offset);
        Vec3 n = normal.normalized();
        assertEquals(p.dot(n) - offset / normal.length(), distance(plane, p), 1e-13);
        assertEquals(0, normal(plane, p).minus(n).length(), 1e-15);
    }

    @Property
    void compoundIsTheNearestChildAndRotatesWithItsPoses(@ForAll("convexShapes") Shape a,
                                                        @ForAll("convexShapes") Shape b,
                                                        @ForAll("points") Vec3 ta, @ForAll("points") Vec3 tb,
                                                        @ForAll("qa") Quat qa, @ForAll("points") Vec3 p) {
        Transform poseA = new Transform().set(ta, qa), poseB = new Transform().set(tb, Quat.IDENTITY);
        CompoundShape c = CompoundShape.of(new CompoundShape.Child(a, poseA), new CompoundShape.Child(b, poseB));
        double[] la = new double[3], lb = new double[3];
        poseA.toLocal(p.x(), p.y(), p.z(), la);
        poseB.toLocal(p.x(), p.y(), p.z(), lb);
        double da = distance(a, Vec3.of(la)), db = distance(b, Vec3.of(lb));
        assertEquals(Math.min(da, db), distance(c, p), 1e-13);
        Assume.that(Math.abs(da - db) > 1e-9);
        Vec3 expected = da < db ? qa.rotate(normal(a, Vec3.of(la))) : normal(b, Vec3.of(lb));
        assertEquals(0, expected.minus(normal(c, p)).length(), 1e-13);
    }

    @Provide
    Arbitrary<Quat> qa() {
        return MathArbitraries.unitQuaternions();
    }

    @Example
    void unitShapesHaveTheTextbookDistances() {
        assertEquals(1, distance(new SphereShape(1), new Vec3(0, 2, 0)), 0);
        assertEquals(-0.5, distance(new CapsuleShape(0.5, 1), new Vec3(0, 1.5, 0).times(0)), 0, "centre: -r");
        assertEquals(Math.sqrt(2) - 0.5, distance(new CapsuleShape(0.5, 1), new Vec3(1, 2, 0)), 1e-15, "past the end");
        assertEquals(Math.sqrt(2), distance(new CylinderShape(1, 1), new Vec3(2, 2, 0)), 1e-15, "off the rim");
        assertEquals(-0.25, distance(new CylinderShape(1, 2), new Vec3(0, 1.75, 0)), 0, "below the cap");
        assertEquals(new Vec3(0, 1, 0), normal(new CylinderShape(1, 2), new Vec3(0, 1.75, 0)));
    }

    @Example
    void meshLikeShapesWithoutADistanceAreRejected() {
        Shape other = new Shape() {
            @Override
            public ShapeType type() {
                return ShapeType.HEIGHTFIELD;
            }

            @Override
            public void localBounds(double[] out) {
            }
        };
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ShapeSdf.distance(other, 0, 0, 0));
        assertTrue(e.getMessage().startsWith("heightfield"), e.getMessage());
    }
}
