package ricochet.geometry;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import ricochet.math.MathArbitraries;
import ricochet.math.Vec3;

class TriangleMeshTest {

    /** A unit right tetrahedron, faces counter-clockwise seen from outside. */
    private static final double[] TETRA_VERTICES = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
    private static final int[] TETRA_TRIANGLES = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};

    /** 1 to 20 vertices with coordinates in [-100, 100], packed x0 y0 z0 x1 ... */
    @Provide
    Arbitrary<double[]> pointClouds() {
        return MathArbitraries.vectors(100).list().ofMinSize(1).ofMaxSize(20)
                .map(points -> points.stream().flatMapToDouble(p -> Arrays.stream(p.toArray())).toArray());
    }

    @Provide
    Arbitrary<Vec3> offsets() {
        return MathArbitraries.vectors(100);
    }

    private static IllegalArgumentException rejected(double[] vertices, int[] triangles) {
        return assertThrows(IllegalArgumentException.class, () -> new TriangleMesh(vertices, triangles));
    }

    @Example
    void tetrahedronReportsItsCounts() {
        TriangleMesh mesh = new TriangleMesh(TETRA_VERTICES, TETRA_TRIANGLES);
        assertEquals(4, mesh.vertexCount());
        assertEquals(4, mesh.triangleCount());
        assertEquals(1, mesh.x(1), 0);
        assertEquals(1, mesh.y(2), 0);
        assertEquals(1, mesh.z(3), 0);
    }

    @Example
    void vertexMeanOfTetrahedronIsAQuarterOfTheCornerSum() {
        // Corners (0,0,0), e1, e2, e3: their mean is (1/4, 1/4, 1/4), exactly representable.
        TriangleMesh mesh = new TriangleMesh(TETRA_VERTICES, TETRA_TRIANGLES);
        assertArrayEquals(new double[] {0.25, 0.25, 0.25}, mesh.vertexMean(), 0);
        assertArrayEquals(new double[] {0, 0, 0, 1, 1, 1}, mesh.bounds(), 0);
    }

    @Property
    void boundsAreTheCoordinateExtremes(@ForAll("pointClouds") double[] vertices) {
        TriangleMesh mesh = new TriangleMesh(vertices, new int[0]);
        double[] b = mesh.bounds();
        for (int k = 0; k < 3; k++) {
            final int axis = k;
            double min = Double.POSITIVE_INFINITY;
            double max = Double.NEGATIVE_INFINITY;
            for (int i = axis; i < vertices.length; i += 3) {
                min = Math.min(min, vertices[i]);
                max = Math.max(max, vertices[i]);
            }
            assertEquals(min, b[axis], 0, () -> "min along axis " + axis);
            assertEquals(max, b[3 + axis], 0, () -> "max along axis " + axis);
        }
    }

    @Property
    void translatingTheVerticesTranslatesMeanAndBounds(@ForAll("pointClouds") double[] vertices,
                                                       @ForAll("offsets") Vec3 offset) {
        double[] moved = vertices.clone();
        double[] d = offset.toArray();
        for (int i = 0; i < moved.length; i++) {
            moved[i] += d[i % 3];
        }
        TriangleMesh mesh = new TriangleMesh(vertices, new int[0]);
        TriangleMesh movedMesh = new TriangleMesh(moved, new int[0]);
        // The mean is a sum of n rounded values divided by n: a few ulps of the largest |coordinate| (200)
        // per addition, 20 additions at most.
        double tolerance = 64 * Math.ulp(200.0);
        double[] mean = mesh.vertexMean();
        double[] movedMean = movedMesh.vertexMean();
        for (int k = 0; k < 3; k++) {
            assertEquals(mean[k] + d[k], movedMean[k], tolerance, "mean");
            // Bounds are picked, not summed, and rounding is monotone, so the extreme of the rounded
            // translated coordinates is the rounded translated extreme: exactly.
            assertEquals(mesh.bounds()[k] + d[k], movedMesh.bounds()[k], 0, "min");
            assertEquals(mesh.bounds()[3 + k] + d[k], movedMesh.bounds()[3 + k], 0, "max");
        }
        for (int k = 0; k < 3; k++) {
            assertTrue(mesh.bounds()[k] <= mean[k] + tolerance && mean[k] <= mesh.bounds()[3 + k] + tolerance,
                    "the mean lies within the bounds");
        }
    }

    @Example
    void nonFiniteCoordinateIsNamed() {
        double[] v = TETRA_VERTICES.clone();
        v[7] = Double.NaN;
        String message = rejected(v, TETRA_TRIANGLES).getMessage();
        assertTrue(message.contains("vertex 2") && message.contains("non-finite") && message.contains("NaN"),
                message);
        v[7] = Double.NEGATIVE_INFINITY;
        message = rejected(v, TETRA_TRIANGLES).getMessage();
        assertTrue(message.contains("vertex 2") && message.contains("-Infinity"), message);
    }

    @Example
    void indexOutOfRangeIsNamed() {
        int[] t = TETRA_TRIANGLES.clone();
        t[4] = 4;
        String message = rejected(TETRA_VERTICES, t).getMessage();
        assertTrue(message.contains("triangle 1") && message.contains("vertex 4")
                && message.contains("4 vertices"), message);
        t[4] = -1;
        message = rejected(TETRA_VERTICES, t).getMessage();
        assertTrue(message.contains("triangle 1") && message.contains("vertex -1"), message);
    }

    @Example
    void partialTriangleOrVertexIsRejected() {
        String message = rejected(TETRA_VERTICES, new int[] {0, 1, 2, 3}).getMessage();
        assertTrue(message.contains("whole triangles") && message.contains("got 4 indices"), message);
        message = rejected(new double[] {0, 0, 0, 1, 0}, new int[0]).getMessage();
        assertTrue(message.contains("got 5 numbers"), message);
        message = rejected(new double[0], new int[0]).getMessage();
        assertTrue(message.contains("got 0 numbers"), message);
    }

    @Example
    void meshCopiesItsArraysInAndOut() {
        double[] v = TETRA_VERTICES.clone();
        int[] t = TETRA_TRIANGLES.clone();
        TriangleMesh mesh = new TriangleMesh(v, t);
        v[0] = 99;
        t[0] = 3;
        assertArrayEquals(TETRA_VERTICES, mesh.vertices(), 0, "later writes to the input");
        assertArrayEquals(TETRA_TRIANGLES, mesh.triangles(), "later writes to the input");
        mesh.vertices()[0] = 99;
        mesh.triangles()[0] = 3;
        assertArrayEquals(TETRA_VERTICES, mesh.vertices(), 0, "writes to the returned copy");
        assertArrayEquals(TETRA_TRIANGLES, mesh.triangles(), "writes to the returned copy");
    }

    @Example
    void meshesWithTheSameArraysAreEqual() {
        TriangleMesh a = new TriangleMesh(TETRA_VERTICES, TETRA_TRIANGLES);
        TriangleMesh b = new TriangleMesh(TETRA_VERTICES.clone(), TETRA_TRIANGLES.clone());
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        int[] flipped = TETRA_TRIANGLES.clone();
        flipped[1] = TETRA_TRIANGLES[2];
        flipped[2] = TETRA_TRIANGLES[1];
        assertNotEquals(a, new TriangleMesh(TETRA_VERTICES, flipped), "winding is part of the mesh");
    }
}
