package ricochet.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ricochet.geometry.SdfLaws.distance;
import static ricochet.geometry.SdfLaws.normal;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import ricochet.math.MathArbitraries;
import ricochet.math.Vec3;

class PlaneSdfTest {

    private static final double ULP = Math.ulp(1.0);

    @Provide
    Arbitrary<Vec3> vectors() {
        return MathArbitraries.vectors(10);
    }

    @Provide
    Arbitrary<Double> scalars() {
        return MathArbitraries.doubles(10);
    }

    /**
     * A point on {@code n . x = offset}, found without the class's own foot point: solve for the
     * largest component of n, the others 0.
     */
    private static Vec3 pointOn(Vec3 n, double offset) {
        double[] c = n.toArray();
        int k = Math.abs(c[0]) >= Math.abs(c[1]) && Math.abs(c[0]) >= Math.abs(c[2]) ? 0
                : Math.abs(c[1]) >= Math.abs(c[2]) ? 1 : 2;
        double[] x = new double[3];
        x[k] = offset / c[k];
        return Vec3.of(x);
    }

    @Property
    void distanceIsTheHeightAboveThePlane(@ForAll("vectors") Vec3 n, @ForAll("scalars") double offset,
                                          @ForAll("scalars") double s, @ForAll("scalars") double t,
                                          @ForAll("scalars") double height) {
        Assume.that(n.length() > 1e-3);
        Vec3 unit = n.normalized();
        Vec3 u = unit.cross(Math.abs(unit.x()) < 0.9 ? Vec3.UNIT_X : Vec3.UNIT_Y).normalized();
        Vec3 w = unit.cross(u);
        Vec3 foot = pointOn(n, offset).plus(u.times(s)).plus(w.times(t));
        Vec3 p = foot.plus(unit.times(height));
        PlaneSdf plane = new PlaneSdf(n, offset);
        // Every coordinate is a few roundings of numbers no larger than |p| + |offset / n_k|.
        double tolerance = 64 * ULP * (p.length() + pointOn(n, offset).length() + 10);
        assertEquals(height, distance(plane, p), tolerance, () -> "height of " + p);
        assertEquals(0, unit.minus(normal(plane, p)).length(), 4 * ULP, "normal is n / |n| everywhere");
        assertEquals(0, unit.minus(plane.normal()).length(), 4 * ULP, "normal()");
        assertEquals(0, distance(plane, plane.point()), tolerance, "point() lies on the plane");
    }

    @Property
    void scalingThePlaneEquationKeepsThePlane(@ForAll("vectors") Vec3 n, @ForAll("scalars") double offset,
                                              @ForAll("vectors") Vec3 p) {
        // n . x = d and (4 n) . x = 4 d are the same plane; the power of two keeps the inputs exact.
        Assume.that(n.length() > 1e-3);
        PlaneSdf plane = new PlaneSdf(n, offset);
        PlaneSdf scaled = new PlaneSdf(n.times(4), 4 * offset);
        assertEquals(distance(plane, p), distance(scaled, p), 0);
    }

    @Property
    void planeThroughAPointHasThatPointOnIt(@ForAll("vectors") Vec3 point, @ForAll("vectors") Vec3 n,
                                            @ForAll("scalars") double height) {
        Assume.that(n.length() > 1e-3);
        PlaneSdf plane = PlaneSdf.throughPoint(point, n);
        double tolerance = 64 * ULP * (point.length() + Math.abs(height) + 1);
        assertEquals(0, distance(plane, point), tolerance);
        assertEquals(height, distance(plane, point.plus(n.normalized().times(height))), tolerance);
    }

    @Property
    void steppingAlongTheNormalRaisesTheDistanceByTheStep(@ForAll("vectors") Vec3 n,
                                                          @ForAll("scalars") double offset,
                                                          @ForAll("vectors") Vec3 p) {
        Assume.that(n.length() > 1e-3);
        PlaneSdf plane = new PlaneSdf(n, offset);
        double foot = pointOn(n, offset).length();
        SdfLaws.assertStepAlongNormalRaisesDistanceByTheStep(plane, p, 1e-3,
                64 * ULP * (p.length() + foot + 1));
    }

    @Example
    void groundPlaneMeasuresHeight() {
        PlaneSdf ground = new PlaneSdf(Vec3.UNIT_Y, -1);
        assertEquals(3, ground.distance(5, 2, -7), 0, "y = 2 is 3 above y = -1");
        assertEquals(-1, ground.distance(0, -2, 0), 0);
    }

    @Example
    void degeneratePlanesAreRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new PlaneSdf(Vec3.ZERO, 1));
        assertTrue(e.getMessage().contains("non-zero"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new PlaneSdf(Vec3.UNIT_Z, Double.NaN));
        assertTrue(e.getMessage().contains("finite") && e.getMessage().contains("NaN"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new PlaneSdf(new Vec3(0, Double.POSITIVE_INFINITY, 0), 0));
    }
}
