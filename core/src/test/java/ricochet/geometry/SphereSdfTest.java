package ricochet.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ricochet.geometry.SdfLaws.distance;
import static ricochet.geometry.SdfLaws.normal;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import ricochet.math.MathArbitraries;
import ricochet.math.Quat;
import ricochet.math.Vec3;

class SphereSdfTest {

    private static final double ULP = Math.ulp(1.0);

    @Provide
    Arbitrary<Vec3> centres() {
        return MathArbitraries.vectors(10);
    }

    @Provide
    Arbitrary<Double> radii() {
        return Arbitraries.doubles().between(0.01, 5).ofScale(12);
    }

    /** Heights above the surface as a multiple of the radius: -1 is the centre. */
    @Provide
    Arbitrary<Double> relativeHeights() {
        return Arbitraries.doubles().between(-1, 4).ofScale(12);
    }

    @Provide
    Arbitrary<Quat> unitQuaternions() {
        return MathArbitraries.unitQuaternions();
    }

    @Property
    void distanceIsRadialDistanceMinusRadiusAndNormalIsRadial(@ForAll("centres") Vec3 c,
                                                              @ForAll("radii") double r,
                                                              @ForAll("unitQuaternions") Quat direction,
                                                              @ForAll("relativeHeights") double k) {
        Vec3 dir = direction.rotate(Vec3.UNIT_Z);
        double height = k * r;
        Vec3 p = c.plus(dir.times(r + height));
        SphereSdf sphere = new SphereSdf(c, r);
        // p - c is recovered to a few ulps of |c| + |p|.
        double slack = 64 * ULP * (c.length() + p.length());
        assertEquals(height, distance(sphere, p), slack, () -> "at " + p);
        double radial = r + height;
        Assume.that(radial > 1e3 * slack);
        // The direction of p - c carries its absolute error divided by its length.
        Vec3 n = normal(sphere, p);
        assertEquals(0, n.minus(dir).length(), slack / radial, () -> "normal at " + p);
    }

    @Property
    void steppingAlongTheNormalRaisesTheDistanceByTheStep(@ForAll("centres") Vec3 c,
                                                          @ForAll("radii") double r,
                                                          @ForAll("centres") Vec3 p) {
        SphereSdf sphere = new SphereSdf(c, r);
        SdfLaws.assertStepAlongNormalRaisesDistanceByTheStep(sphere, p, 1e-3,
                64 * ULP * (c.length() + p.length() + r));
    }

    @Example
    void centreIsOneRadiusDeepWithAUnitNormal() {
        // Every direction is equally short at the centre; the class picks one, and it must be unit.
        Vec3 c = new Vec3(1, 2, 3);
        SphereSdf sphere = new SphereSdf(c, 0.5);
        assertEquals(-0.5, distance(sphere, c), 0);
        assertEquals(1, normal(sphere, c).length(), 0);
        SdfLaws.assertStepAlongNormalRaisesDistanceByTheStep(sphere, c, 1e-3, 64 * ULP * (c.length() + 0.5));
    }

    @Example
    void degenerateSpheresAreRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new SphereSdf(Vec3.ZERO, 0));
        assertTrue(e.getMessage().contains("radius > 0") && e.getMessage().contains("0.0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new SphereSdf(Vec3.ZERO, -1));
        assertThrows(IllegalArgumentException.class, () -> new SphereSdf(Vec3.ZERO, Double.NaN));
        assertThrows(IllegalArgumentException.class,
                () -> new SphereSdf(Vec3.ZERO, Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> new SphereSdf(new Vec3(Double.NaN, 0, 0), 1));
    }
}
