package ricochet.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static ricochet.geometry.SdfLaws.distance;
import static ricochet.geometry.SdfLaws.normal;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.PosedSdf;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.ShapeSdf;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.MathArbitraries;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

class PosedSdfTest {

    @Provide
    Arbitrary<Shape> shapes() {
        return Arbitraries.of(new BoxShape(1, 0.5, 2), new CapsuleShape(0.4, 1), new CylinderShape(0.7, 0.3),
                new SphereShape(0.9));
    }

    @Provide
    Arbitrary<Quat> rotations() {
        return MathArbitraries.unitQuaternions();
    }

    @Provide
    Arbitrary<Vec3> points() {
        return MathArbitraries.vectors(5);
    }

    @Property
    void aPosedShapeAnswersAsTheShapeDoesAtTheLocalPoint(@ForAll("shapes") Shape s, @ForAll("rotations") Quat q,
                                                        @ForAll("points") Vec3 t, @ForAll("points") Vec3 local) {
        // Pose the shape and the point together: the distance is unchanged and the normal turns with q.
        PosedSdf posed = new PosedSdf(s, new Transform().set(t, q));
        Vec3 world = q.rotate(local).plus(t);
        double d = ShapeSdf.distance(s, local.x(), local.y(), local.z());
        // Round-off of rotating and translating coordinates of size |t| + |local|.
        double tol = 1e-14 * (t.length() + local.length() + 1);
        assertEquals(d, distance(posed, world), tol);
        double[] n = new double[3];
        ShapeSdf.normal(s, local.x(), local.y(), local.z(), n);
        // Outside, the normal is continuous (it points from the unique nearest point), so round-off in the
        // pose moves it by about tol / d. Inside, on a medial surface (two faces equally near) either
        // face's normal is right and round-off may pick the other; the step law covers the inside.
        Assume.that(d > 1e-6);
        assertEquals(0, q.rotate(Vec3.of(n)).minus(normal(posed, world)).length(), 1e3 * tol / d, "normal");
    }

    @Property
    void stepAlongTheNormalLaw(@ForAll("shapes") Shape s, @ForAll("rotations") Quat q, @ForAll("points") Vec3 t,
                               @ForAll("points") Vec3 p) {
        SdfLaws.assertStepAlongNormalRaisesDistanceByTheStep(new PosedSdf(s, new Transform().set(t, q)), p, 1e-3,
                1e-12);
    }

    @Property
    void unionIsTheMinimumAndIntersectionTheMaximumWithTheChosenSidesNormal(@ForAll("points") Vec3 c,
                                                                            @ForAll("points") Vec3 p) {
        Sdf a = new SphereSdf(Vec3.ZERO, 1);
        Sdf b = new BoxSdf(c, Quat.IDENTITY, new Vec3(1, 2, 0.5));
        double da = distance(a, p), db = distance(b, p);
        Sdf union = Sdf.union(a, b), both = Sdf.intersection(a, b);
        assertEquals(Math.min(da, db), distance(union, p), 0);
        assertEquals(Math.max(da, db), distance(both, p), 0);
        assertEquals(da <= db ? normal(a, p) : normal(b, p), normal(union, p));
        assertEquals(da >= db ? normal(a, p) : normal(b, p), normal(both, p));
    }

    @Example
    void theUnionOfTwoApartSpheresIsExactOutsideBoth() {
        // Outside both solids the nearest surface point of the union is the nearer sphere's.
        Sdf union = Sdf.union(new SphereSdf(new Vec3(-3, 0, 0), 1), new SphereSdf(new Vec3(3, 0, 0), 1));
        assertEquals(Math.sqrt(9 + 16) - 1, union.distance(0, 4, 0), 1e-15);
        assertEquals(-1, union.distance(3, 0, 0), 0);
        Sdf lens = Sdf.intersection(new SphereSdf(new Vec3(-0.5, 0, 0), 1), new SphereSdf(new Vec3(0.5, 0, 0), 1));
        assertEquals(-0.5, lens.distance(0, 0, 0), 0, "the lens is 1 wide along x");
    }
}
