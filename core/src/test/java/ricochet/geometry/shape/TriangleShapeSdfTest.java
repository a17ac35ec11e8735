package ricochet.geometry.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import ricochet.geometry.TriangleMesh;

/** Triangle meshes and heightfields: signed distance and mass against shapes whose values are known exactly. */
class TriangleShapeSdfTest {

    /** The closed triangulated box of half extents (hx, hy, hz), faces counter-clockwise from outside. */
    private static TriangleMesh boxMesh(double hx, double hy, double hz) {
        double[] v = new double[24];
        for (int i = 0; i < 8; i++) {
            v[3 * i] = (i & 1) == 0 ? -hx : hx;
            v[3 * i + 1] = (i & 2) == 0 ? -hy : hy;
            v[3 * i + 2] = (i & 4) == 0 ? -hz : hz;
        }
        int[] t = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6,
            1, 3, 5, 3, 7, 5};
        return new TriangleMesh(v, t);
    }

    @Property(tries = 300)
    void aClosedBoxMeshHasTheBoxsExactDistanceInsideAndOut(@ForAll long seed) {
        Random rnd = new Random(seed);
        double hx = 0.2 + rnd.nextDouble(), hy = 0.2 + rnd.nextDouble(), hz = 0.2 + rnd.nextDouble();
        TriangleMeshShape mesh = new TriangleMeshShape(boxMesh(hx, hy, hz));
        BoxShape box = new BoxShape(hx, hy, hz);
        double x = 3 * rnd.nextGaussian(), y = 3 * rnd.nextGaussian(), z = 3 * rnd.nextGaussian();
        if (rnd.nextBoolean()) {
            x *= 0.1;
            y *= 0.1;
            z *= 0.1;
        }
        // Both are exact Euclidean distances; round-off of a few operations on O(1) numbers.
        assertEquals(ShapeSdf.distance(box, x, y, z), ShapeSdf.distance(mesh, x, y, z), 1e-12);
        double[] n = new double[3];
        ShapeSdf.normal(mesh, x, y, z, n);
        double step = 1e-4 * Math.max(Math.abs(ShapeSdf.distance(box, x, y, z)), 1e-2);
        double before = ShapeSdf.distance(box, x, y, z);
        double after = ShapeSdf.distance(box, x + step * n[0], y + step * n[1], z + step * n[2]);
        assertEquals(step, after - before, 1e-3 * step, "the normal climbs the distance at unit rate");
    }

    @Test
    void aClosedBoxMeshWeighsWhatTheBoxWeighs() {
        MassProperties mesh = MassProperties.of(new TriangleMeshShape(boxMesh(0.5, 0.25, 1)), 800);
        MassProperties box = MassProperties.of(new BoxShape(0.5, 0.25, 1), 800);
        assertEquals(box.mass(), mesh.mass(), 1e-12 * box.mass());
        for (int i = 0; i < 9; i++) {
            assertEquals(box.inertia()[i], mesh.inertia()[i], 1e-12 * box.inertia()[0]);
        }
    }

    @Test
    void anOpenMeshHasNoMass() {
        TriangleMesh oneTriangle = new TriangleMesh(new double[] {0, 0, 0, 1, 0, 0, 0, 0, 1}, new int[] {0, 2, 1});
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> MassProperties.of(new TriangleMeshShape(oneTriangle), 1000));
    }

    @Test
    void aHeightfieldIsSolidBelowItsSurface() {
        // A tilted plane y = 0.1 x + 0.2 z sampled on a 5 x 4 grid: flat triangles, exact distances.
        int rows = 4, cols = 5;
        double dx = 0.5, dz = 0.7;
        double[][] h = new double[rows][cols];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                h[r][c] = 0.1 * c * dx + 0.2 * r * dz;
            }
        }
        HeightfieldShape field = new HeightfieldShape(h, dx, dz);
        double len = Math.sqrt(1 + 0.01 + 0.04);
        Random rnd = new Random(3);
        for (int i = 0; i < 200; i++) {
            // Points over the middle of the grid, within 0.2 m of the surface: the plane is nearest.
            double x = 0.6 + 0.8 * rnd.nextDouble(), z = 0.6 + 0.8 * rnd.nextDouble();
            double y = 0.1 * x + 0.2 * z + 0.4 * (rnd.nextDouble() - 0.5);
            double expected = (y - 0.1 * x - 0.2 * z) / len;
            assertEquals(expected, ShapeSdf.distance(field, x, y, z), 1e-12);
        }
    }
}
