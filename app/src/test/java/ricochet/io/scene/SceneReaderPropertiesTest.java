package ricochet.io.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import ricochet.math.Quat;
import ricochet.math.Vec3;

class SceneReaderPropertiesTest {

    private static String vec(Vec3 v) {
        return "[" + v.x() + ", " + v.y() + ", " + v.z() + "]";
    }

    private static ShapeSpec onlyShape(String bodyJson) throws SceneException {
        String json = "{\"format\": \"ricochet-scene/1\", \"bodies\": [" + bodyJson + "]}";
        return SceneReader.parse(json, "property.json", null).bodies().get(0).shape();
    }

    private static ShapeSpec.Plane plane(Vec3 normal, double offset) throws SceneException {
        return (ShapeSpec.Plane) onlyShape("{\"name\": \"p\", \"type\": \"static\", "
                + "\"shape\": {\"type\": \"plane\", \"normal\": " + vec(normal) + ", \"offset\": " + offset
                + "}}");
    }

    private static Quat orientation(String orientationJson) throws SceneException {
        String body = "{\"name\": \"b\", \"shape\": {\"type\": \"sphere\", \"radius\": 1}, \"orientation\": "
                + orientationJson + "}";
        String json = "{\"format\": \"ricochet-scene/1\", \"bodies\": [" + body + "]}";
        return SceneReader.parse(json, "q.json", null).bodies().get(0).orientation();
    }

    @Property
    void scalingAPlaneEquationKeepsThePlane(
            @ForAll @DoubleRange(min = -10, max = 10) double nx,
            @ForAll @DoubleRange(min = -10, max = 10) double ny,
            @ForAll @DoubleRange(min = -10, max = 10) double nz,
            @ForAll @DoubleRange(min = -100, max = 100) double d,
            @ForAll @IntRange(min = -100, max = 100) int scaleExponent) throws SceneException {
        Vec3 n = new Vec3(nx, ny, nz);
        Assume.that(n.length() > 1e-3);
        double s = Math.pow(2, scaleExponent);
        ShapeSpec.Plane p = plane(n, d);
        ShapeSpec.Plane scaled = plane(n.times(s), d * s);
        // n.x <= d and (s n).x <= s d are one half-space; the reader reduces both to |n| = 1. Scaling
        // by a power of two is exact, so only the normalisation's few ulps separate the two.
        assertEquals(1, p.normal().length(), 1e-15);
        assertEquals(0, p.normal().minus(scaled.normal()).length(), 1e-15);
        assertEquals(p.offset(), scaled.offset(), 1e-15 * (1 + Math.abs(p.offset())));
        // The point d n / |n|^2 lies on the plane as written.
        Vec3 onPlane = n.times(d / n.lengthSquared());
        assertEquals(p.offset(), p.normal().dot(onPlane), 1e-12 * (1 + Math.abs(d)));
    }

    @Property
    void axisAndDegreesTurnAPerpendicularVectorByThatAngle(
            @ForAll @DoubleRange(min = -1, max = 1) double ax,
            @ForAll @DoubleRange(min = -1, max = 1) double ay,
            @ForAll @DoubleRange(min = -1, max = 1) double az,
            @ForAll @DoubleRange(min = -720, max = 720) double deg) throws SceneException {
        Vec3 axis = new Vec3(ax, ay, az);
        Assume.that(axis.length() > 1e-3);
        Quat q = orientation("{\"axis\": " + vec(axis) + ", \"degrees\": " + deg + "}");
        Vec3 n = axis.normalized();
        Vec3 helper = Math.abs(n.x()) < 0.9 ? Vec3.UNIT_X : Vec3.UNIT_Y;
        Vec3 u = n.cross(helper).normalized();
        Vec3 turned = q.rotate(u);
        double radians = Math.toRadians(deg);
        // Rotation about n keeps n and takes u to cos(a) u + sin(a) (n x u).
        assertEquals(0, q.rotate(n).minus(n).length(), 1e-12);
        Vec3 expected = u.times(Math.cos(radians)).plus(n.cross(u).times(Math.sin(radians)));
        assertEquals(0, turned.minus(expected).length(), 1e-12);
    }

    @Property
    void quaternionArrayOfAnyLengthIsNormalisedAlongItself(
            @ForAll @DoubleRange(min = -1, max = 1) double x,
            @ForAll @DoubleRange(min = -1, max = 1) double y,
            @ForAll @DoubleRange(min = -1, max = 1) double z,
            @ForAll @DoubleRange(min = -1, max = 1) double w,
            @ForAll @IntRange(min = -300, max = 300) int exponent) throws SceneException {
        double norm = Math.sqrt(x * x + y * y + z * z + w * w);
        Assume.that(norm > 1e-3);
        // Scales down to 1e-300 and up to 1e300 square to zero or infinity; the reader must cope.
        double s = Math.pow(10, exponent);
        Quat q = orientation(String.format(Locale.ROOT, "[%s, %s, %s, %s]", x * s, y * s, z * s, w * s));
        assertEquals(1, q.norm(), 1e-14);
        assertEquals(x / norm, q.x(), 1e-14);
        assertEquals(y / norm, q.y(), 1e-14);
        assertEquals(z / norm, q.z(), 1e-14);
        assertEquals(w / norm, q.w(), 1e-14);
    }

    @Property
    void hullOfPointsInAnyPlaneIsFlatUntilOnePointLeavesIt(
            @ForAll @DoubleRange(min = -1, max = 1) double nx,
            @ForAll @DoubleRange(min = -1, max = 1) double ny,
            @ForAll @DoubleRange(min = -1, max = 1) double nz,
            @ForAll @DoubleRange(min = -50, max = 50) double d,
            @ForAll @IntRange(min = 4, max = 12) int count, @ForAll @IntRange(min = 0, max = 1000) int seed)
            throws SceneException {
        Vec3 n = new Vec3(nx, ny, nz);
        Assume.that(n.length() > 1e-2);
        n = n.normalized();
        Vec3 u = n.cross(Math.abs(n.x()) < 0.9 ? Vec3.UNIT_X : Vec3.UNIT_Y).normalized();
        Vec3 v = n.cross(u);
        Random random = new Random(seed);
        List<Vec3> points = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            double a = 10 * random.nextDouble() - 5;
            double b = 10 * random.nextDouble() - 5;
            points.add(n.times(d).plus(u.times(a)).plus(v.times(b)));
        }
        // Spread the first three so the flat set is a plane, not a line.
        points.set(0, n.times(d).plus(u.times(-5)));
        points.set(1, n.times(d).plus(u.times(5)));
        points.set(2, n.times(d).plus(v.times(5)));
        String flat = hull(points);
        SceneException e = assertThrows(SceneException.class, () -> onlyShape(flat));
        assertEquals("$.bodies[0].shape.points", e.problems().get(0).path());
        assertTrue(e.problems().get(0).message().contains("coplanar"), e::getMessage);

        // A millionth of the extent off the plane is a (thin) volume.
        points.set(count - 1, points.get(count - 1).plus(n.times(1e-5)));
        assertTrue(onlyShape(hull(points)) instanceof ShapeSpec.ConvexHull);
    }

    private static String hull(List<Vec3> points) {
        List<String> ps = points.stream().map(SceneReaderPropertiesTest::vec).toList();
        return "{\"name\": \"h\", \"shape\": {\"type\": \"convexHull\", \"points\": ["
                + String.join(", ", ps) + "]}}";
    }
}
