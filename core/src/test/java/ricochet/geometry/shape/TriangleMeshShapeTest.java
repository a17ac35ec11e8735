package ricochet.geometry.shape;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.geometry.TriangleMesh;

class TriangleMeshShapeTest {

    /** The unit cube's 12 triangles, counter-clockwise from outside (vertex i: bits choose +x +y +z). */
    static TriangleMesh cube() {
        double[] v = new double[24];
        for (int i = 0; i < 8; i++) {
            v[3 * i] = i & 1;
            v[3 * i + 1] = (i >> 1) & 1;
            v[3 * i + 2] = (i >> 2) & 1;
        }
        int[][] quads = {{1, 3, 7, 5}, {0, 4, 6, 2}, {2, 6, 7, 3}, {0, 1, 5, 4}, {4, 5, 7, 6}, {0, 2, 3, 1}};
        int[] t = new int[36];
        for (int f = 0; f < 6; f++) {
            int[] q = quads[f];
            int[] two = {q[0], q[1], q[2], q[0], q[2], q[3]};
            System.arraycopy(two, 0, t, 6 * f, 6);
        }
        return new TriangleMesh(v, t);
    }

    /** An n x n grid of unit squares in y = 0 facing +y. */
    static TriangleMesh grid(int n) {
        double[] v = new double[3 * (n + 1) * (n + 1)];
        for (int r = 0; r <= n; r++) {
            for (int c = 0; c <= n; c++) {
                int i = 3 * (r * (n + 1) + c);
                v[i] = c;
                v[i + 2] = r;
            }
        }
        int[] t = new int[6 * n * n];
        int o = 0;
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                int v00 = r * (n + 1) + c, v10 = v00 + 1, v01 = v00 + n + 1, v11 = v01 + 1;
                int[] two = {v00, v01, v11, v00, v11, v10};
                System.arraycopy(two, 0, t, o, 6);
                o += 6;
            }
        }
        return new TriangleMesh(v, t);
    }

    @Test
    void everyEdgeOfACubeIsConvexWithAFaceNeighbour() {
        TriangleMeshShape cube = new TriangleMeshShape(cube());
        int flat = 0, convex = 0;
        for (int t = 0; t < 12; t++) {
            for (int k = 0; k < 3; k++) {
                EdgeKind kind = cube.edgeKind(t, k);
                int other = cube.neighbour(t, k);
                assertTrue(other >= 0 && other != t);
                // Each face's diagonal is flat (the two halves of a square); the cube's 12 edges are convex.
                if (kind == EdgeKind.FLAT) {
                    flat++;
                    assertEquals(t / 2, other / 2, "the diagonal joins the two halves of one face");
                } else {
                    assertEquals(EdgeKind.CONVEX, kind, "triangle " + t + " edge " + k);
                    convex++;
                }
            }
        }
        assertEquals(2 * 6, flat, "one diagonal per face, seen from both sides");
        assertEquals(2 * 12, convex, "12 cube edges, seen from both sides");
    }

    @Test
    void interiorEdgesOfAFlatGridAreFlatAndItsRimIsBoundary() {
        TriangleMeshShape grid = new TriangleMeshShape(grid(2));
        int boundary = 0;
        for (int t = 0; t < 8; t++) {
            for (int k = 0; k < 3; k++) {
                EdgeKind kind = grid.edgeKind(t, k);
                if (kind == EdgeKind.BOUNDARY) {
                    boundary++;
                    assertEquals(-1, grid.neighbour(t, k));
                } else {
                    assertEquals(EdgeKind.FLAT, kind);
                    assertTrue(!kind.isActive());
                }
            }
        }
        assertEquals(8, boundary, "2 x 2 squares have 8 unit edges on the rim");
    }

    @Test
    void theEdgeAtTheBottomOfAValleyIsConcaveAndAtTheTopOfARidgeConvex() {
        // Two faces meeting along z at x = 0, rising (valley) or falling (ridge) by h on each side.
        for (double h : new double[] {1, -1}) {
            double[] v = {-1, h, 0, 0, 0, 0, -1, h, 1, 0, 0, 1, 1, h, 0, 1, h, 1};
            int[] t = {0, 2, 3, 0, 3, 1, 1, 3, 5, 1, 5, 4};
            TriangleMeshShape s = new TriangleMeshShape(new TriangleMesh(v, t));
            EdgeKind expected = h > 0 ? EdgeKind.CONCAVE : EdgeKind.CONVEX;
            // Triangle 1's edge 1 (3 -> 1) and triangle 2's edge 0 (1 -> 3) are the valley line.
            assertEquals(expected, s.edgeKind(1, 1));
            assertEquals(expected, s.edgeKind(2, 0));
            assertEquals(2, s.neighbour(1, 1));
            assertEquals(EdgeKind.FLAT, s.edgeKind(0, 2), "the diagonal inside one side");
        }
    }

    @Test
    void aShallowCreaseIsFlatWithinTheAngleToleranceAndConvexBeyondIt() {
        double angle = Math.toRadians(3);
        double h = -Math.tan(angle);
        double[] v = {-1, h, 0, 0, 0, 0, -1, h, 1, 0, 0, 1, 1, h, 0, 1, h, 1};
        int[] t = {0, 2, 3, 0, 3, 1, 1, 3, 5, 1, 5, 4};
        // The normals differ by 2 * 3 = 6 degrees.
        assertEquals(EdgeKind.CONVEX, new TriangleMeshShape(new TriangleMesh(v, t)).edgeKind(1, 1));
        assertEquals(EdgeKind.FLAT, new TriangleMeshShape(new TriangleMesh(v, t), Math.toRadians(7)).edgeKind(1, 1));
    }

    @Test
    void inconsistentWindingOrThreeTrianglesOnAnEdgeMakeABoundary() {
        double[] v = {0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 1, 0, 1, 0};
        TriangleMeshShape flipped = new TriangleMeshShape(new TriangleMesh(v, new int[] {0, 2, 1, 1, 2, 3}));
        assertEquals(EdgeKind.FLAT, flipped.edgeKind(0, 1));
        TriangleMeshShape wrong = new TriangleMeshShape(new TriangleMesh(v, new int[] {0, 2, 1, 2, 1, 3}));
        assertEquals(EdgeKind.BOUNDARY, wrong.edgeKind(0, 1));
        TriangleMeshShape fin = new TriangleMeshShape(new TriangleMesh(v, new int[] {0, 2, 1, 1, 2, 3, 1, 2, 4}));
        assertEquals(EdgeKind.BOUNDARY, fin.edgeKind(0, 1));
        assertEquals(-1, fin.neighbour(0, 1));
    }

    @Test
    void degenerateTrianglesAndEmptyMeshesAreRejectedByName() {
        double[] v = {0, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0, 1};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TriangleMeshShape(new TriangleMesh(v, new int[] {0, 3, 1, 0, 1, 2})));
        assertTrue(e.getMessage().contains("triangle 1") && e.getMessage().contains("zero area"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> new TriangleMeshShape(new TriangleMesh(v, new int[] {0, 0, 3})));
        assertTrue(e.getMessage().contains("triangle 0"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new TriangleMeshShape(new TriangleMesh(v, new int[0])));
        assertTrue(e.getMessage().contains("at least one triangle"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new TriangleMeshShape(new TriangleMesh(v, new int[] {0, 3, 1}), Double.NaN));
    }

    @Test
    void boundsAndTrianglesComeFromTheMesh() {
        TriangleMeshShape cube = new TriangleMeshShape(cube());
        double[] b = new double[6];
        cube.localBounds(b);
        assertArrayEquals(new double[] {0, 0, 0, 1, 1, 1}, b);
        assertEquals(ShapeType.TRIANGLE_MESH, cube.type());
        double[] tri = new double[9];
        double[] n = new double[3];
        for (int t = 0; t < 12; t++) {
            cube.triangle(t, tri);
            cube.triangleNormal(t, n);
            // Outward: the normal points away from the cube's centre (0.5, 0.5, 0.5).
            double out = n[0] * (tri[0] - 0.5) + n[1] * (tri[1] - 0.5) + n[2] * (tri[2] - 0.5);
            assertEquals(0.5, out, 1e-15);
        }
    }
}
