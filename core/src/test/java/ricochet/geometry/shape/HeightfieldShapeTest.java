package ricochet.geometry.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.junit.jupiter.api.Test;

class HeightfieldShapeTest {

    static double[][] bumpy(long seed, int rows, int columns) {
        Random rnd = new Random(seed);
        double[][] h = new double[rows][columns];
        for (double[] row : h) {
            for (int c = 0; c < columns; c++) {
                row[c] = 2 * rnd.nextDouble() - 1;
            }
        }
        return h;
    }

    @Test
    void trianglesSitOnTheHeightsAndFaceUp() {
        double dx = 0.5, dz = 0.75;
        double[][] h = bumpy(1, 4, 5);
        HeightfieldShape field = new HeightfieldShape(h, dx, dz);
        assertEquals(2 * 3 * 4, field.triangleCount());
        double[] tri = new double[9];
        for (int t = 0; t < field.triangleCount(); t++) {
            field.triangle(t, tri);
            for (int k = 0; k < 3; k++) {
                double x = tri[3 * k], z = tri[3 * k + 2];
                int c = (int) Math.round(x / dx), r = (int) Math.round(z / dz);
                assertEquals(c * dx, x, 0);
                assertEquals(r * dz, z, 0);
                assertEquals(h[r][c], tri[3 * k + 1], 0, "vertex (row " + r + ", column " + c + ")");
            }
            // Counter-clockwise seen from +y: the cross product's y is twice the x-z area, dx dz / 2 * 2.
            double e1x = tri[3] - tri[0], e1z = tri[5] - tri[2], e2x = tri[6] - tri[0], e2z = tri[8] - tri[2];
            assertEquals(dx * dz, e1z * e2x - e1x * e2z, 1e-15);
        }
    }

    @Test
    void interiorEdgesOfAFlatFieldAreFlatAndItsRimIsBoundary() {
        HeightfieldShape field = new HeightfieldShape(new double[4][4], 1, 1);
        int boundary = 0;
        for (int t = 0; t < field.triangleCount(); t++) {
            for (int k = 0; k < 3; k++) {
                if (field.edgeKind(t, k) == EdgeKind.BOUNDARY) {
                    boundary++;
                } else {
                    assertEquals(EdgeKind.FLAT, field.edgeKind(t, k));
                }
            }
        }
        assertEquals(4 * 3, boundary, "3 x 3 cells have 12 rim edges");
    }

    @Test
    void aPeakMakesConvexEdgesAndAPitConcaveOnes() {
        double[][] peak = new double[3][3];
        peak[1][1] = 1;
        double[][] pit = new double[3][3];
        pit[1][1] = -1;
        HeightfieldShape up = new HeightfieldShape(peak, 1, 1);
        HeightfieldShape down = new HeightfieldShape(pit, 1, 1);
        // Cell (0, 0), triangle 0 = (0,0), (1,0), (1,1): its edge 1 runs from (r1,c0) to the centre.
        assertEquals(EdgeKind.CONVEX, up.edgeKind(0, 1));
        assertEquals(EdgeKind.CONCAVE, down.edgeKind(0, 1));
    }

    @Property(tries = 100)
    void queryFindsExactlyTheTrianglesWhoseBoundsOverlapTheBox(
            @ForAll long seed, @ForAll @DoubleRange(min = -1, max = 4) double x,
            @ForAll @DoubleRange(min = -1.5, max = 1.5) double y, @ForAll @DoubleRange(min = -1, max = 4) double z,
            @ForAll @DoubleRange(min = 0, max = 2) double size) {
        HeightfieldShape field = new HeightfieldShape(bumpy(seed, 6, 7), 0.5, 0.6);
        double[] box = {x, y, z, x + size, y + size / 3, z + size / 2};
        List<Integer> found = new ArrayList<>();
        field.queryTriangles(box, found::add);
        TreeSet<Integer> expected = new TreeSet<>();
        double[] tri = new double[9];
        for (int t = 0; t < field.triangleCount(); t++) {
            field.triangle(t, tri);
            boolean overlap = true;
            for (int k = 0; k < 3; k++) {
                double lo = Math.min(tri[k], Math.min(tri[3 + k], tri[6 + k]));
                double hi = Math.max(tri[k], Math.max(tri[3 + k], tri[6 + k]));
                overlap &= lo <= box[3 + k] && hi >= box[k];
            }
            if (overlap) {
                expected.add(t);
            }
        }
        assertEquals(expected.size(), found.size(), "each triangle is visited once");
        assertEquals(expected, new TreeSet<>(found));
    }

    @Property(tries = 100)
    void raycastAgreesWithBruteForceOverAllTriangles(
            @ForAll long seed, @ForAll @DoubleRange(min = -1, max = 4) double ox,
            @ForAll @DoubleRange(min = -3, max = 3) double oy, @ForAll @DoubleRange(min = -1, max = 4) double oz,
            @ForAll @DoubleRange(min = -4, max = 4) double dx, @ForAll @DoubleRange(min = -4, max = 4) double dy,
            @ForAll @DoubleRange(min = -4, max = 4) double dz) {
        HeightfieldShape field = new HeightfieldShape(bumpy(seed, 6, 7), 0.5, 0.6);
        double[] tri = new double[9];
        double best = Double.POSITIVE_INFINITY;
        double[] v = new double[9];
        int[] idx = {0, 1, 2};
        for (int t = 0; t < field.triangleCount(); t++) {
            field.triangle(t, tri);
            System.arraycopy(tri, 0, v, 0, 9);
            double f = TriangleBvh.intersect(v, idx, 0, ox, oy, oz, dx, dy, dz);
            if (f >= 0 && f <= 1) {
                best = Math.min(best, f);
            }
        }
        MeshHit hit = new MeshHit();
        boolean any = field.raycast(new double[] {ox, oy, oz}, new double[] {dx, dy, dz}, 1, hit);
        assertEquals(best <= 1, any);
        if (any) {
            assertEquals(best, hit.fraction, 0);
            assertTrue(hit.ny > 0, "heightfield triangles face up");
        }
    }

    @Test
    void badInputIsRejectedNamingTheCell() {
        double[][] h = new double[3][4];
        h[1][2] = Double.NaN;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new HeightfieldShape(h, 1, 1));
        assertTrue(e.getMessage().contains("row 1, column 2") && e.getMessage().contains("NaN"), e.getMessage());
        double[][] ragged = {{0, 0, 0}, {0, 0}};
        e = assertThrows(IllegalArgumentException.class, () -> new HeightfieldShape(ragged, 1, 1));
        assertTrue(e.getMessage().contains("row 1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new HeightfieldShape(new double[1][3], 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new HeightfieldShape(new double[3][1], 1, 1));
        e = assertThrows(IllegalArgumentException.class, () -> new HeightfieldShape(new double[2][2], 0, 1));
        assertTrue(e.getMessage().contains("dx"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new HeightfieldShape(new double[2][2], 1, -1));
    }

    @Test
    void boundsSpanTheGridAndTheHeights() {
        double[][] h = {{0, 2, -1}, {0.5, 0, 0}};
        HeightfieldShape field = new HeightfieldShape(h, 0.5, 3);
        double[] b = new double[6];
        field.localBounds(b);
        assertEquals(0, b[0]);
        assertEquals(-1, b[1]);
        assertEquals(0, b[2]);
        assertEquals(2 * 0.5, b[3]);
        assertEquals(2, b[4]);
        assertEquals(3, b[5]);
        assertEquals(ShapeType.HEIGHTFIELD, field.type());
    }
}
