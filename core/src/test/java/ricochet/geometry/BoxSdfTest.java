package ricochet.geometry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ricochet.geometry.SdfLaws.distance;
import static ricochet.geometry.SdfLaws.normal;

import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import ricochet.math.MathArbitraries;
import ricochet.math.Quat;
import ricochet.math.Vec3;

class BoxSdfTest {

    private static final double ULP = Math.ulp(1.0);

    @Provide
    Arbitrary<Vec3> points() {
        return MathArbitraries.vectors(10);
    }

    @Provide
    Arbitrary<Vec3> halfExtents() {
        Arbitrary<Double> h = Arbitraries.doubles().between(0.1, 5).ofScale(12);
        return Combinators.combine(h, h, h).as(Vec3::new);
    }

    @Provide
    Arbitrary<Quat> unitQuaternions() {
        return MathArbitraries.unitQuaternions();
    }

    @Provide
    Arbitrary<Double> gaps() {
        return Arbitraries.doubles().between(0, 5).ofScale(12);
    }

    /** The point in box coordinates, by the quaternion (the class under test uses the matrix). */
    private static Vec3 local(Vec3 p, Vec3 centre, Quat orientation) {
        return orientation.conjugate().rotate(p.minus(centre));
    }

    /**
     * Brute force: outside, the distance to the point of the solid box nearest to p, found by clamping
     * the local point to the box; inside, minus the distance to the nearest face.
     */
    private static double bruteForceDistance(Vec3 p, Vec3 centre, Quat orientation, Vec3 h) {
        double[] l = local(p, centre, orientation).toArray();
        double[] half = h.toArray();
        boolean inside = true;
        double outside = 0;
        double nearestFace = Double.POSITIVE_INFINITY;
        for (int k = 0; k < 3; k++) {
            double clamped = Math.max(-half[k], Math.min(half[k], l[k]));
            outside += (l[k] - clamped) * (l[k] - clamped);
            inside &= Math.abs(l[k]) <= half[k];
            nearestFace = Math.min(nearestFace, half[k] - Math.abs(l[k]));
        }
        return inside ? -nearestFace : Math.sqrt(outside);
    }

    /** Round-off of a distance: a few roundings of coordinates as large as |p| + |c| + |h|. */
    private static double tolerance(Vec3 p, Vec3 c, Vec3 h) {
        return 64 * ULP * (p.length() + c.length() + h.length());
    }

    @Property
    void distanceMatchesTheBruteForceDistance(@ForAll("points") Vec3 c, @ForAll("unitQuaternions") Quat q,
                                              @ForAll("halfExtents") Vec3 h, @ForAll("points") Vec3 p) {
        BoxSdf box = new BoxSdf(c, q, h);
        assertEquals(bruteForceDistance(p, c, q, h), distance(box, p), tolerance(p, c, h), () -> "at " + p);
    }

    @Property
    void pointsJustInsideAndOutsideAFaceMatchTheBruteForceDistance(
            @ForAll("points") Vec3 c, @ForAll("unitQuaternions") Quat q, @ForAll("halfExtents") Vec3 h,
            @ForAll("unitQuaternions") Quat along, @ForAll @IntRange(min = -1, max = 1)
            int side) {
        // Random points rarely land near the surface; put one within 1e-3 of it, inside, on or outside.
        Vec3 dir = along.rotate(Vec3.UNIT_Z);
        double[] d = dir.toArray();
        double[] half = h.toArray();
        // Scale the ray to reach the surface: the face it leaves through is the smallest h_k / |d_k|.
        double reach = Double.POSITIVE_INFINITY;
        for (int k = 0; k < 3; k++) {
            reach = Math.min(reach, half[k] / Math.abs(d[k]));
        }
        Vec3 p = c.plus(q.rotate(dir.times(reach + side * 1e-3)));
        BoxSdf box = new BoxSdf(c, q, h);
        assertEquals(bruteForceDistance(p, c, q, h), distance(box, p), tolerance(p, c, h), () -> "at " + p);
    }

    @Property
    void cornerRegionDistanceIsDiagonalGap(@ForAll("points") Vec3 c, @ForAll("unitQuaternions") Quat q,
                                           @ForAll("halfExtents") Vec3 h, @ForAll("gaps") double gap,
                                           @ForAll @IntRange(min = 0, max = 7)
                                           int corner) {
        // p = corner + gap (s_x, s_y, s_z) in box axes: the nearest point is the corner, gap sqrt 3 away,
        // and the outward normal is the diagonal direction. At gap 0 p is the corner itself.
        Vec3 s = new Vec3((corner & 1) == 0 ? 1 : -1, (corner & 2) == 0 ? 1 : -1, (corner & 4) == 0 ? 1 : -1);
        Vec3 cornerLocal = new Vec3(s.x() * h.x(), s.y() * h.y(), s.z() * h.z());
        Vec3 p = c.plus(q.rotate(cornerLocal.plus(s.times(gap))));
        BoxSdf box = new BoxSdf(c, q, h);
        double tolerance = tolerance(p, c, h);
        assertEquals(gap * Math.sqrt(3), distance(box, p), tolerance, () -> "at " + p);
        Assume.that(gap > 1e3 * tolerance);
        assertEquals(0, normal(box, p).minus(q.rotate(s.normalized())).length(), tolerance / gap,
                () -> "normal at " + p);
    }

    @Property
    void insideDistanceIsMinusTheNearestFace(@ForAll("points") Vec3 c, @ForAll("unitQuaternions") Quat q,
                                             @ForAll("halfExtents") Vec3 h) {
        BoxSdf box = new BoxSdf(c, q, h);
        double nearest = Math.min(h.x(), Math.min(h.y(), h.z()));
        assertEquals(-nearest, distance(box, c), tolerance(c, c, h), "the centre");
    }

    @Property
    void rotatingBoxAndPointTogetherKeepsDistanceAndRotatesNormal(
            @ForAll("points") Vec3 c, @ForAll("unitQuaternions") Quat q0, @ForAll("halfExtents") Vec3 h,
            @ForAll("points") Vec3 p, @ForAll("unitQuaternions") Quat turn) {
        // Rigid motion: the box turned about the origin by `turn`, and the point with it.
        BoxSdf box = new BoxSdf(c, q0, h);
        BoxSdf turned = new BoxSdf(turn.rotate(c), turn.multiply(q0), h);
        Vec3 turnedPoint = turn.rotate(p);
        double tolerance = tolerance(p, c, h);
        double d = distance(box, p);
        assertEquals(d, distance(turned, turnedPoint), tolerance, () -> "at " + p);
        // The normal is only determined where the nearest feature is unique: outside, or inside with one
        // face clearly nearest. On a medial surface either face's normal is correct.
        double[] l = local(p, c, q0).toArray();
        double[] gapsToFaces = {h.x() - Math.abs(l[0]), h.y() - Math.abs(l[1]), h.z() - Math.abs(l[2])};
        Arrays.sort(gapsToFaces);
        Assume.that(d > 1e3 * tolerance || (d < 0 && gapsToFaces[1] - gapsToFaces[0] > 1e-6));
        double normalTolerance = d > 0 ? tolerance / d : 64 * ULP;
        assertEquals(0, turn.rotate(normal(box, p)).minus(normal(turned, turnedPoint)).length(),
                normalTolerance, () -> "normal at " + p);
    }

    @Property
    void steppingAlongTheNormalRaisesTheDistanceByTheStep(@ForAll("points") Vec3 c,
                                                          @ForAll("unitQuaternions") Quat q,
                                                          @ForAll("halfExtents") Vec3 h,
                                                          @ForAll("points") Vec3 p) {
        BoxSdf box = new BoxSdf(c, q, h);
        SdfLaws.assertStepAlongNormalRaisesDistanceByTheStep(box, p, 1e-3, tolerance(p, c, h));
    }

    @Property
    void orientationNeedNotBeUnitLength(@ForAll("points") Vec3 c, @ForAll("unitQuaternions") Quat q,
                                        @ForAll("halfExtents") Vec3 h, @ForAll("points") Vec3 p) {
        Quat stretched = new Quat(3 * q.x(), 3 * q.y(), 3 * q.z(), 3 * q.w());
        assertEquals(distance(new BoxSdf(c, q, h), p), distance(new BoxSdf(c, stretched, h), p),
                tolerance(p, c, h));
    }

    @Example
    void axisAlignedUnitCubeHasTheTextbookDistances() {
        BoxSdf cube = new BoxSdf(Vec3.ZERO, Quat.IDENTITY, new Vec3(1, 1, 1));
        assertEquals(2, cube.distance(3, 0, 0), 0, "off a face");
        assertEquals(Math.sqrt(2), cube.distance(2, 2, 0), 0, "off an edge");
        assertEquals(-0.5, cube.distance(0.5, 0, 0), 0, "inside, nearest face x = 1");
        assertEquals(0, cube.distance(1, 1, 1), 0, "corner");
        double[] n = new double[3];
        cube.normal(0, 0, -0.9, n);
        assertEquals(new Vec3(0, 0, -1), Vec3.of(n), "inside near the -z face");
    }

    @Example
    void degenerateBoxesAreRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new BoxSdf(Vec3.ZERO, Quat.IDENTITY, new Vec3(1, 0, 1)));
        assertTrue(e.getMessage().contains("half extents > 0"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new BoxSdf(Vec3.ZERO, Quat.IDENTITY, new Vec3(1, -1, 1)));
        assertThrows(IllegalArgumentException.class,
                () -> new BoxSdf(new Vec3(0, Double.NaN, 0), Quat.IDENTITY, new Vec3(1, 1, 1)));
        assertThrows(IllegalArgumentException.class,
                () -> new BoxSdf(Vec3.ZERO, new Quat(0, 0, 0, Double.POSITIVE_INFINITY), new Vec3(1, 1, 1)));
        assertThrows(IllegalArgumentException.class,
                () -> new BoxSdf(Vec3.ZERO, new Quat(0, 0, 0, 0), new Vec3(1, 1, 1)));
    }
}
