package ricochet.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ricochet.math.Vec3;

/** Laws every exact signed distance function obeys, checked at one point. */
final class SdfLaws {

    private SdfLaws() {
    }

    static Vec3 normal(Sdf sdf, Vec3 p) {
        double[] n = new double[3];
        sdf.normal(p.x(), p.y(), p.z(), n);
        return Vec3.of(n);
    }

    static double distance(Sdf sdf, Vec3 p) {
        return sdf.distance(p.x(), p.y(), p.z());
    }

    /**
     * The normal is a unit vector, and a step of {@code step} along it raises the distance by exactly
     * the step: an exact SDF has a unit gradient, and the ray from the nearest surface point (or, inside
     * a box, from the nearest face) keeps that nearest point along the way, so the increase is the step
     * itself, not merely positive. {@code tolerance} covers the round-off of the two distances.
     */
    static void assertStepAlongNormalRaisesDistanceByTheStep(Sdf sdf, Vec3 p, double step, double tolerance) {
        Vec3 n = normal(sdf, p);
        // Normalised, then at most rotated into world axes: a few ulps.
        assertEquals(1, n.length(), 16 * Math.ulp(1.0), () -> "|normal| at " + p);
        double before = distance(sdf, p);
        double after = distance(sdf, p.plus(n.times(step)));
        assertEquals(step, after - before, tolerance, () -> "step " + step + " along " + n + " from " + p
                + " (distance " + before + " -> " + after + ")");
    }
}
