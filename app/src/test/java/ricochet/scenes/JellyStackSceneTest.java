package ricochet.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.soft.SoftBodies;
import ricochet.soft.SoftId;
import ricochet.world.WorldSimulation;

/**
 * The built-in {@code jelly-stack}: a clustered cube and a cloth dropped onto a tetrahedral cube, a
 * softer clustered cube beside them, read as the command line reads it.
 */
class JellyStackSceneTest {

    /** Distance (m) of the deepest particle of a inside b's closed surface; negative when all are outside. */
    static double deepest(SoftBodies s, SoftId a, SoftId b) {
        double[] x = new double[3];
        int nb = s.particleCount(b);
        double[] pb = new double[3 * nb];
        for (int k = 0; k < nb; k++) {
            s.position(b, k, x);
            System.arraycopy(x, 0, pb, 3 * k, 3);
        }
        int[] t = s.triangles(b);
        double worst = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < s.particleCount(a); i++) {
            s.position(a, i, x);
            // b is a box-like cube: inside when behind every face plane; depth the smallest distance behind.
            double depth = Double.POSITIVE_INFINITY;
            for (int k = 0; k < t.length; k += 3) {
                double[] n = normal(pb, t[k], t[k + 1], t[k + 2]);
                double d = n[0] * (x[0] - pb[3 * t[k]]) + n[1] * (x[1] - pb[3 * t[k] + 1]) + n[2] * (x[2] - pb[3 * t[k] + 2]);
                depth = Math.min(depth, -d);
            }
            worst = Math.max(worst, depth);
        }
        return worst;
    }

    private static double[] normal(double[] p, int a, int b, int c) {
        double ex = p[3 * b] - p[3 * a], ey = p[3 * b + 1] - p[3 * a + 1], ez = p[3 * b + 2] - p[3 * a + 2];
        double fx = p[3 * c] - p[3 * a], fy = p[3 * c + 1] - p[3 * a + 1], fz = p[3 * c + 2] - p[3 * a + 2];
        double nx = ey * fz - ez * fy, ny = ez * fx - ex * fz, nz = ex * fy - ey * fx;
        double l = Math.sqrt(nx * nx + ny * ny + nz * nz);
        return new double[] {nx / l, ny / l, nz / l};
    }

    /**
     * After 4 s: the clustered cube rests on the base, its centre a cube's height and two thicknesses
     * higher (within 1 cm); at no step is a particle of the clustered cube or the cloth inside the base,
     * or of the base inside the clustered cube, deeper than the thickness + 1 mm (the cubes are convex
     * while they stay near their shape, so behind every face plane is inside); the clustered cubes keep
     * their volume within 2 %.
     */
    @Test
    void theClusteredCubeRestsOnTheBaseWithoutSinkingIn() throws Exception {
        WorldSimulation sim = SoftBuiltinScenesTest.build("jelly-stack");
        try (var world = sim.world()) {
            SoftBodies s = world.softBodies();
            SoftId base = SoftBuiltinScenesTest.id(s, "base"), top = SoftBuiltinScenesTest.id(s, "clustered");
            SoftId veil = SoftBuiltinScenesTest.id(s, "veil"), wobbly = SoftBuiltinScenesTest.id(s, "wobbly");
            double v0 = s.volume(top), w0 = s.volume(wobbly);
            double deepest = Double.NEGATIVE_INFINITY, worstVolume = 0;
            for (int i = 0; i < 240; i++) {
                sim.step();
                deepest = Math.max(deepest, Math.max(deepest(s, top, base), deepest(s, base, top)));
                deepest = Math.max(deepest, Math.max(deepest(s, veil, base), deepest(s, veil, top)));
                if (i >= 120) {
                    worstVolume = Math.max(worstVolume, Math.max(Math.abs(s.volume(top) / v0 - 1),
                            Math.abs(s.volume(wobbly) / w0 - 1)));
                }
            }
            double t = Math.max(s.thickness(veil), s.thickness(base));
            double gap = s.centreOfMass(top).y() - s.centreOfMass(base).y();
            System.out.printf("jelly-stack: deepest %.3f mm (bound %.1f mm); centres %.4f m apart (%.4f); "
                    + "volume within %.3f %% in the last 2 s%n", 1e3 * deepest, 1e3 * (t + 0.001), gap,
                    0.4 + 2 * s.thickness(base), 100 * worstVolume);
            assertTrue(deepest <= t + 0.001, "a particle " + deepest + " m inside another body");
            assertEquals(0.4 + 2 * s.thickness(base), gap, 0.01, "stacked");
            assertTrue(worstVolume < 0.02, "volume off by " + worstVolume);
        }
    }
}
