package ricochet.geometry.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import ricochet.math.MathArbitraries;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

class ShapeRaycastTest {

    @Provide
    Arbitrary<Double> lengths() {
        return Arbitraries.doubles().between(0.1, 2).ofScale(12);
    }

    @Provide
    Arbitrary<Vec3> points() {
        return MathArbitraries.vectors(5);
    }

    @Provide
    Arbitrary<Vec3> directions() {
        return MathArbitraries.vectors(2).filter(v -> v.length() > 1e-2);
    }

    @Provide
    Arbitrary<Shape> shapes() {
        Arbitrary<Double> len = lengths();
        Arbitrary<Shape> convex = Arbitraries.oneOf(
                len.map(SphereShape::new),
                Combinators.combine(len, len, len).as(BoxShape::new),
                Combinators.combine(len, len).as(CapsuleShape::new),
                Combinators.combine(len, len).as(CylinderShape::new),
                Arbitraries.longs().map(seed -> QuickHull.build(HullTestPoints.inBall(new Random(seed), 25, 1.5))));
        Arbitrary<Shape> compound = Combinators.combine(convex, convex, MathArbitraries.unitQuaternions(),
                MathArbitraries.vectors(1.5)).as((a, b, q, t) -> CompoundShape.of(
                new CompoundShape.Child(a, new Transform().set(t, q)),
                new CompoundShape.Child(b, new Transform().set(t.times(-1), Quat.IDENTITY))));
        return Arbitraries.oneOf(convex, compound);
    }

    private static RayHit cast(Shape s, Vec3 o, Vec3 d, double max) {
        RayHit hit = new RayHit();
        return ShapeRaycast.raycast(s, o.x(), o.y(), o.z(), d.x(), d.y(), d.z(), max, hit) ? hit : null;
    }

    private static double sdf(Shape s, Vec3 p) {
        return ShapeSdf.distance(s, p.x(), p.y(), p.z());
    }

    @Property(tries = 500)
    void aHitLiesOnTheSurfaceAndTheRayIsOutsideJustBeforeIt(@ForAll("shapes") Shape s, @ForAll("points") Vec3 o,
                                                           @ForAll("directions") Vec3 d) {
        Assume.that(sdf(s, o) > 1e-9);
        RayHit hit = cast(s, o, d, 10);
        if (hit == null) {
            // A miss: no sample of the ray segment is inside (spacing 1e-3 |d|).
            for (int k = 0; k <= 10000; k++) {
                assertTrue(sdf(s, o.plus(d.times(k * 1e-3))) > -1e-3 * d.length(), "missed the solid at " + k);
            }
            return;
        }
        Vec3 p = new Vec3(hit.px, hit.py, hit.pz);
        assertEquals(0, p.minus(o.plus(d.times(hit.fraction))).length(), 1e-12, "point = o + t d");
        assertEquals(0, sdf(s, p), 1e-9, "hit point on the surface");
        double before = Math.max(0, hit.fraction - 1e-6);
        assertTrue(sdf(s, o.plus(d.times(before))) > 0, "outside just before the hit");
        assertEquals(1, Math.sqrt(hit.nx * hit.nx + hit.ny * hit.ny + hit.nz * hit.nz), 1e-12, "unit normal");
        assertTrue(hit.nx * d.x() + hit.ny * d.y() + hit.nz * d.z() <= 1e-12, "the normal faces the ray");
    }

    @Provide
    Arbitrary<Vec3> nearOrigin() {
        return MathArbitraries.vectors(0.5);
    }

    @Property(tries = 300, maxDiscardRatio = 50)
    void aRayStartingInsideHitsAtZeroFacingBack(@ForAll("shapes") Shape s, @ForAll("nearOrigin") Vec3 o,
                                                @ForAll("directions") Vec3 d) {
        Assume.that(sdf(s, o) < -1e-9);
        RayHit hit = cast(s, o, d, 1);
        assertTrue(hit != null);
        assertEquals(0, hit.fraction, 0);
        Vec3 back = d.normalized().times(-1);
        assertEquals(0, new Vec3(hit.nx, hit.ny, hit.nz).minus(back).length(), 1e-15);
        assertEquals(o, new Vec3(hit.px, hit.py, hit.pz));
    }

    @Example
    void analyticHitsAtKnownFractions() {
        Vec3 o = new Vec3(-5, 0, 0);
        Vec3 d = new Vec3(2, 0, 0);
        // Sphere r = 1: surface at x = -1, t = 4 / 2.
        RayHit hit = cast(new SphereShape(1), o, d, 10);
        assertEquals(2, hit.fraction, 1e-15);
        assertEquals(-1, hit.nx, 1e-15);
        // Box hx = 0.5: x = -0.5, t = 2.25.
        assertEquals(2.25, cast(new BoxShape(0.5, 1, 1), o, d, 10).fraction, 1e-15);
        // Capsule side at x = -r; from above along -y onto the end sphere: y = h + r.
        assertEquals(2.25, cast(new CapsuleShape(0.5, 1), o, d, 10).fraction, 1e-15);
        RayHit top = cast(new CapsuleShape(0.5, 1), new Vec3(0, 5, 0), new Vec3(0, -1, 0), 10);
        assertEquals(5 - 1.5, top.fraction, 1e-15);
        assertEquals(1, top.ny, 1e-15);
        // Cylinder: onto the cap from below, y = -h.
        RayHit cap = cast(new CylinderShape(1, 2), new Vec3(0.3, -4, 0.2), new Vec3(0, 1, 0), 10);
        assertEquals(2, cap.fraction, 1e-15);
        assertEquals(-1, cap.ny, 0);
        // Plane y <= 1 from y = 4 going down at 45 degrees: height 3 at rate -1 per unit t.
        RayHit floor = cast(new PlaneShape(Vec3.UNIT_Y, 1), new Vec3(0, 4, 0), new Vec3(1, -1, 0), 10);
        assertEquals(3, floor.fraction, 1e-15);
        // Cube hull from 8 corners: same as the box.
        RayHit hull = cast(QuickHull.build(HullTestPoints.boxCorners(0.5, 1, 1)), o, d, 10);
        assertEquals(2.25, hull.fraction, 1e-15);
        assertEquals(-1, hull.nx, 1e-15);
    }

    @Example
    void missesGrazesAndLimits() {
        SphereShape s = new SphereShape(1);
        assertFalse(ShapeRaycast.raycast(s, -5, 1.5, 0, 1, 0, 0, 10, new RayHit()), "passes above");
        assertFalse(ShapeRaycast.raycast(s, -5, 0, 0, 1, 0, 0, 3.9, new RayHit()), "stops short of t = 4");
        assertFalse(ShapeRaycast.raycast(s, -5, 0, 0, -1, 0, 0, 10, new RayHit()), "points away");
        RayHit graze = new RayHit();
        assertTrue(ShapeRaycast.raycast(new BoxShape(1, 1, 1), -5, 1, 0, 1, 0, 0, 10, graze), "along the top face");
        assertEquals(4, graze.fraction, 0);
        assertTrue(ShapeRaycast.raycast(s, -5, 1, 0, 1, 0, 0, 10, graze), "tangent to the sphere");
        assertEquals(5, graze.fraction, 1e-7);
        RayHit untouched = new RayHit();
        untouched.fraction = 42;
        ShapeRaycast.raycast(s, -5, 1.5, 0, 1, 0, 0, 10, untouched);
        assertEquals(42, untouched.fraction, 0, "a miss leaves the hit alone");
        assertThrows(IllegalArgumentException.class, () -> ShapeRaycast.raycast(s, 0, 0, 0, 0, 0, 0, 1, new RayHit()));
        assertThrows(IllegalArgumentException.class,
                () -> ShapeRaycast.raycast(s, 0, 0, 0, 1, 0, 0, Double.NaN, new RayHit()));
    }

    @Example
    void compoundReportsTheClosestChildInItsFrame() {
        CompoundShape c = CompoundShape.of(
                new CompoundShape.Child(new SphereShape(1), new Transform().set(new Vec3(3, 0, 0), Quat.IDENTITY)),
                new CompoundShape.Child(new BoxShape(1, 1, 1), new Transform().set(new Vec3(-3, 0, 0),
                        Quat.fromAxisAngle(Vec3.UNIT_Z, Math.PI / 4))));
        RayHit hit = cast(c, new Vec3(10, 0, 0), new Vec3(-1, 0, 0), 100);
        assertEquals(6, hit.fraction, 1e-15, "the sphere's far side faces x = 4");
        hit = cast(c, new Vec3(-10, 0, 0), new Vec3(1, 0, 0), 100);
        // The box turned 45 degrees about z presents its edge at x = -3 - sqrt 2.
        assertEquals(10 - 3 - Math.sqrt(2), hit.fraction, 1e-14);
        assertEquals(-Math.sqrt(0.5), hit.nx, 1e-15, "a face normal of the turned box");
    }
}
