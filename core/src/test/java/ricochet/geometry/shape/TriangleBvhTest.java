package ricochet.geometry.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import ricochet.geometry.Meshes;
import ricochet.geometry.TriangleMesh;

class TriangleBvhTest {

    /** A soup of n random triangles (sides up to 1 m) in a 10 m cube, from a seed. */
    static TriangleMesh soup(long seed, int n) {
        Random rnd = new Random(seed);
        double[] v = new double[9 * n];
        int[] t = new int[3 * n];
        for (int i = 0; i < n; i++) {
            double cx = 10 * rnd.nextDouble() - 5, cy = 10 * rnd.nextDouble() - 5, cz = 10 * rnd.nextDouble() - 5;
            for (int k = 0; k < 3; k++) {
                v[9 * i + 3 * k] = cx + rnd.nextDouble() - 0.5;
                v[9 * i + 3 * k + 1] = cy + rnd.nextDouble() - 0.5;
                v[9 * i + 3 * k + 2] = cz + rnd.nextDouble() - 0.5;
                t[3 * i + k] = 3 * i + k;
            }
        }
        return new TriangleMesh(v, t);
    }

    private static boolean overlaps(TriangleMesh m, int tri, double[] box) {
        int[] t = m.triangles();
        for (int k = 0; k < 3; k++) {
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < 3; j++) {
                double c = m.vertices()[3 * t[3 * tri + j] + k];
                lo = Math.min(lo, c);
                hi = Math.max(hi, c);
            }
            if (lo > box[3 + k] || hi < box[k]) {
                return false;
            }
        }
        return true;
    }

    @Property(tries = 80)
    void queryFindsExactlyTheTrianglesWhoseBoundsOverlapTheBox(
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 300) int n,
            @ForAll @DoubleRange(min = -6, max = 6) double x, @ForAll @DoubleRange(min = -6, max = 6) double y,
            @ForAll @DoubleRange(min = -6, max = 6) double z, @ForAll @DoubleRange(min = 0, max = 4) double size) {
        TriangleMesh mesh = soup(seed, n);
        TriangleMeshShape shape = new TriangleMeshShape(mesh);
        double[] box = {x - size, y - size / 2, z - size / 3, x + size, y + size / 2, z + size / 3};
        List<Integer> found = new ArrayList<>();
        shape.queryTriangles(box, found::add);
        TreeSet<Integer> expected = new TreeSet<>();
        for (int t = 0; t < n; t++) {
            if (overlaps(mesh, t, box)) {
                expected.add(t);
            }
        }
        assertEquals(expected.size(), found.size(), "each triangle is visited once");
        assertEquals(expected, new TreeSet<>(found));
    }

    @Property(tries = 80)
    void raycastFindsTheClosestHitOfABruteForceSearch(
            @ForAll long seed, @ForAll @IntRange(min = 1, max = 300) int n,
            @ForAll @DoubleRange(min = -6, max = 6) double ox, @ForAll @DoubleRange(min = -6, max = 6) double oy,
            @ForAll @DoubleRange(min = -6, max = 6) double oz, @ForAll @DoubleRange(min = -1, max = 1) double dx,
            @ForAll @DoubleRange(min = -1, max = 1) double dy, @ForAll @DoubleRange(min = -1, max = 1) double dz) {
        TriangleMesh mesh = soup(seed, n);
        TriangleMeshShape shape = new TriangleMeshShape(mesh);
        double[] o = {ox, oy, oz};
        double[] d = {6 * dx, 6 * dy, 6 * dz};
        double[] v = mesh.vertices();
        int[] t = mesh.triangles();
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            double f = TriangleBvh.intersect(v, t, i, ox, oy, oz, d[0], d[1], d[2]);
            if (f >= 0 && f <= best) {
                best = f;
            }
        }
        MeshHit hit = new MeshHit();
        boolean any = shape.raycast(o, d, 2, hit);
        assertEquals(best <= 2, any);
        if (any) {
            assertEquals(best, hit.fraction, 0, "the same test on the same triangle gives the same number");
            assertEquals(best, TriangleBvh.intersect(v, t, hit.triangle, ox, oy, oz, d[0], d[1], d[2]), 0);
            assertEquals(1, Math.sqrt(hit.nx * hit.nx + hit.ny * hit.ny + hit.nz * hit.nz), 1e-12);
        }
    }

    @Test
    void rayStraightDownHitsAFloorAtItsHeightWithTheFaceNormal() {
        TriangleMeshShape floor = new TriangleMeshShape(new TriangleMesh(
                new double[] {0, 1, 0, 0, 1, 4, 4, 1, 0}, new int[] {0, 1, 2}));
        MeshHit hit = new MeshHit();
        assertTrue(floor.raycast(new double[] {1, 5, 1}, new double[] {0, -8, 0}, 1, hit));
        assertEquals(0.5, hit.fraction, 1e-15, "(5 - 1) / 8");
        assertEquals(1, hit.ny, 1e-15);
        assertEquals(0, hit.triangle);
        assertTrue(!floor.raycast(new double[] {1, 5, 1}, new double[] {0, -8, 0}, 0.4, hit), "too short");
    }

    @Test
    void leavesHoldAtMostFourTrianglesAndEveryTriangleIsInOneLeaf() {
        TriangleMeshShape sphere = new TriangleMeshShape(Meshes.uvSphere(1, 20, 30));
        TriangleBvh bvh = sphere.bvh();
        int inLeaves = 0;
        for (int i = 0; i < bvh.nodeCount(); i++) {
            if (bvh.isLeaf(i)) {
                assertTrue(bvh.leafSize(i) >= 1 && bvh.leafSize(i) <= TriangleBvh.MAX_LEAF_SIZE);
                inLeaves += bvh.leafSize(i);
            }
        }
        assertEquals(sphere.triangleCount(), inLeaves);
        assertTrue(bvh.nodeCount() < 2 * sphere.triangleCount());
    }
}
