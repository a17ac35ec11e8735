package ricochet.geometry.shape;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import ricochet.math.MathArbitraries;
import ricochet.math.Quat;
import ricochet.math.Vec3;

class QuickHullTest {

    /**
     * Points dropped as interior may lie up to the hull's tolerance (a few ulps of the coordinates'
     * size, 3 DBL_EPSILON (|x| + |y| + |z|)_max) above a face; 1e-12 of the size is far above that and
     * far below any real protrusion.
     */
    private static final double RELATIVE_TOLERANCE = 1e-12;

    @Provide
    Arbitrary<Quat> rotations() {
        return MathArbitraries.unitQuaternions();
    }

    @Provide
    Arbitrary<Vec3> offsets() {
        return MathArbitraries.vectors(100);
    }

    private static int eulerCharacteristic(ConvexHullShape h) {
        return h.vertexCount() - h.edgeCount() + h.faceCount();
    }

    private static boolean isInputPoint(double[] input, double x, double y, double z) {
        for (int i = 0; i < input.length; i += 3) {
            if (input[i] == x && input[i + 1] == y && input[i + 2] == z) {
                return true;
            }
        }
        return false;
    }

    /** A cube [-1, 1]^3 with `perFace` random points on each face and a few on its edges. */
    private static double[] cubeWithSurfacePoints(Random rng, int perFace) {
        double[] extra = new double[3 * (6 * perFace + 12)];
        int k = 0;
        for (int face = 0; face < 6; face++) {
            int axis = face / 2;
            double side = face % 2 == 0 ? -1 : 1;
            for (int i = 0; i < perFace; i++) {
                for (int c = 0; c < 3; c++) {
                    extra[k + c] = c == axis ? side : 2 * rng.nextDouble() - 1;
                }
                k += 3;
            }
        }
        for (int e = 0; e < 12; e++) {
            // Edge e runs along axis e / 4 with the other two coordinates at +-1.
            int axis = e / 4;
            int other1 = (axis + 1) % 3, other2 = (axis + 2) % 3;
            extra[k + axis] = 2 * rng.nextDouble() - 1;
            extra[k + other1] = (e & 1) == 0 ? -1 : 1;
            extra[k + other2] = (e & 2) == 0 ? -1 : 1;
            k += 3;
        }
        return HullTestPoints.concat(extra, HullTestPoints.boxCorners(1, 1, 1));
    }

    @Example
    void cubeCornersWithInteriorAndDuplicatePointsGiveEightVerticesSixQuadsTwelveEdges() {
        double[] corners = HullTestPoints.boxCorners(1, 2, 3);
        double[] interior = {0, 0, 0, 0.5, -1, 2, -0.9, 1.9, -2.9};
        double[] points = HullTestPoints.concat(HullTestPoints.concat(interior, corners), corners);
        ConvexHullShape h = QuickHull.build(points);
        assertEquals(8, h.vertexCount());
        assertEquals(6, h.faceCount());
        assertEquals(12, h.edgeCount());
        for (int f = 0; f < 6; f++) {
            assertEquals(4, h.faceVertexCount(f), "face " + f);
        }
        assertEquals(2 * 4 * 6, HullTestPoints.volume(h), 1e-13 * 48, "volume of the 2 x 4 x 6 box");
    }

    @Property(tries = 60)
    void randomCloudsGiveAClosedConvexHullContainingEveryPoint(@ForAll long seed,
                                                              @ForAll @IntRange(min = 4, max = 400) int n,
                                                              @ForAll boolean onSurface) {
        Random rng = new Random(seed);
        double[] p = onSurface ? HullTestPoints.onSphere(rng, n, 2) : HullTestPoints.inBall(rng, n, 2);
        ConvexHullShape h = QuickHull.build(p);
        assertEquals(2, eulerCharacteristic(h), "V - E + F");
        assertTrue(HullTestPoints.maxOutside(h, p) <= RELATIVE_TOLERANCE * 2, "an input point is outside");
        for (int i = 0; i < h.vertexCount(); i++) {
            assertTrue(isInputPoint(p, h.vertexX(i), h.vertexY(i), h.vertexZ(i)), "vertex " + i);
        }
        if (onSurface) {
            // Points on a sphere are all extreme: every distinct one is a hull vertex.
            assertEquals(n, h.vertexCount(), "all points on a sphere are corners");
        }
    }

    @Property(tries = 30)
    void cubeWithPointsOnItsFacesAndEdgesStillHasSixQuadrilaterals(@ForAll long seed,
                                                                 @ForAll @IntRange(min = 1, max = 50) int perFace) {
        ConvexHullShape h = QuickHull.build(cubeWithSurfacePoints(new Random(seed), perFace));
        assertEquals(6, h.faceCount());
        assertEquals(8, h.vertexCount());
        assertEquals(12, h.edgeCount());
        assertEquals(8, HullTestPoints.volume(h), 8e-14, "volume of the cube of side 2");
    }

    @Property(tries = 40)
    void rigidMotionOfTheInputMovesTheHull(@ForAll long seed, @ForAll("rotations") Quat q,
                                           @ForAll("offsets") Vec3 t) {
        Random rng = new Random(seed);
        double[] cloud = HullTestPoints.inBall(rng, 60, 1.5);
        ConvexHullShape h = QuickHull.build(cloud);
        ConvexHullShape moved = QuickHull.build(HullTestPoints.transformed(cloud, q, t));
        assertEquals(h.faceCount(), moved.faceCount());
        assertEquals(h.vertexCount(), moved.vertexCount());
        // Coordinates up to |t| + 1.5 carry round-off of that size into products of two lengths.
        double scale = t.length() + 1.5;
        assertEquals(HullTestPoints.volume(h), HullTestPoints.volume(moved), 1e-12 * scale * scale * scale);

        // The coplanar merge survives the round-off that a rotation puts into exactly flat faces.
        double[] cube = cubeWithSurfacePoints(rng, 10);
        ConvexHullShape movedCube = QuickHull.build(HullTestPoints.transformed(cube, q, t));
        assertEquals(6, movedCube.faceCount());
        assertEquals(8, movedCube.vertexCount());
        double cubeScale = t.length() + 2;
        assertEquals(8, HullTestPoints.volume(movedCube), 1e-12 * cubeScale * cubeScale * cubeScale);
    }

    /**
     * Regression for motions the property above drew: round-off leaves the moved cube's face points up
     * to ~1e-13 off their face planes, so a corner could lie a hair beyond a sliver triangle yet within
     * a distance tolerance of its coplanar neighbour. Deciding the two by that tolerance folded a cone
     * face back over the neighbour ("vertex 5 lies 1.9487 outside face 7"). The cloud is drawn as the
     * property draws it: 60 ball points first, then the cube from the same generator. The first motion
     * is a reported one whose rotation was printed to three digits, taken at a nearby value that fails
     * with the reported message; the second is a sample jqwik shrank from.
     */
    @Example
    void cubeWithFacePointsMovedSoRoundOffTiltsItsFacesStillHasSixQuadrilaterals() {
        long[] seeds = {Long.MAX_VALUE, -195};
        Quat[] rotations = {
            new Quat(-9.89e-11, -7.629e-9, 0, 1).normalized(),
            new Quat(0.8272790014392736, 0.11804813563454519, -0.32583014316994646, -0.44216378102768494),
        };
        Vec3[] offsets = {
            new Vec3(-89.512175375416, -100, -100),
            new Vec3(-94.054359969088, -8.991728384343, 5.51454557148),
        };
        for (int k = 0; k < seeds.length; k++) {
            Random rng = new Random(seeds[k]);
            HullTestPoints.inBall(rng, 60, 1.5);
            double[] cube = HullTestPoints.transformed(cubeWithSurfacePoints(rng, 10), rotations[k],
                    offsets[k]);
            ConvexHullShape h = QuickHull.build(cube);
            assertEquals(6, h.faceCount(), "case " + k);
            assertEquals(8, h.vertexCount(), "case " + k);
            assertEquals(12, h.edgeCount(), "case " + k);
            double scale = offsets[k].length() + 2;
            assertEquals(8, HullTestPoints.volume(h), 1e-12 * scale * scale * scale, "case " + k);
            assertTrue(HullTestPoints.maxOutside(h, cube) <= RELATIVE_TOLERANCE * scale, "case " + k);
        }
    }

    @Property(tries = 20)
    void theSameInputGivesTheSameHull(@ForAll long seed) {
        double[] p = HullTestPoints.inBall(new Random(seed), 100, 1);
        ConvexHullShape a = QuickHull.build(p), b = QuickHull.build(p.clone());
        assertArrayEquals(HullTestPoints.vertices(a), HullTestPoints.vertices(b));
        assertEquals(a.faceCount(), b.faceCount());
        for (int f = 0; f < a.faceCount(); f++) {
            assertArrayEquals(a.faceVertices(f), b.faceVertices(f));
        }
    }

    private static void assertRejected(double[] points, String expected) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> QuickHull.build(points));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Example
    void pointsOnATiltedPlaneAreRejectedAsCoplanar() {
        Random rng = new Random(7);
        Vec3 u = new Vec3(1, 2, 0.5).normalized(), v = new Vec3(-2, 1, 0.3).cross(u).normalized();
        double[] p = new double[3 * 50];
        for (int i = 0; i < 50; i++) {
            Vec3 x = u.times(rng.nextDouble() * 4 - 2).plus(v.times(rng.nextDouble() * 4 - 2)).plus(new Vec3(3, 1, 2));
            p[3 * i] = x.x();
            p[3 * i + 1] = x.y();
            p[3 * i + 2] = x.z();
        }
        assertRejected(p, "coplanar");
    }

    @Example
    void pointsOnALineAreRejectedAsCollinear() {
        double[] p = new double[3 * 20];
        for (int i = 0; i < 20; i++) {
            p[3 * i] = 1 + 0.5 * i;
            p[3 * i + 1] = -2 + 0.25 * i;
            p[3 * i + 2] = 3 - 0.125 * i;
        }
        assertRejected(p, "collinear");
    }

    @Example
    void oneRepeatedPointIsRejectedAsCoincident() {
        assertRejected(new double[] {1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3}, "coincident");
    }

    @Example
    void tooFewOrNonFinitePointsAreRejected() {
        assertRejected(new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0}, "at least 4 points, got 3");
        assertRejected(new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, Double.NaN}, "point 3 has a non-finite");
        assertRejected(new double[] {0, 0, 0, 1}, "3 coordinates each");
    }
}
