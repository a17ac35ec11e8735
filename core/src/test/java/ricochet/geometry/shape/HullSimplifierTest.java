package ricochet.geometry.shape;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Support points along spread directions: the corners that matter, kept in input order. */
class HullSimplifierTest {

    /** A cube's 8 corners among 200 interior points: 64 directions find exactly the corners. */
    @Test
    void aCubeFullOfPointsKeepsItsEightCornersInInputOrder() {
        Random rng = new Random(7);
        double[] pts = new double[3 * 208];
        int c = 0;
        for (int i = 0; i < 200; i++) {
            if (i % 25 == 0) {
                // A corner every 25 points: (+-1, +-1, +-1) in binary order.
                int k = c++;
                pts[3 * i] = (k & 1) == 0 ? -1 : 1;
                pts[3 * i + 1] = (k & 2) == 0 ? -1 : 1;
                pts[3 * i + 2] = (k & 4) == 0 ? -1 : 1;
            } else {
                for (int d = 0; d < 3; d++) {
                    pts[3 * i + d] = rng.nextDouble() * 1.8 - 0.9;
                }
            }
        }
        double[] corners = HullSimplifier.supportPoints(java.util.Arrays.copyOf(pts, 600), 64);
        assertEquals(24, corners.length, "8 corners");
        for (int k = 0; k < 8; k++) {
            assertArrayEquals(new double[] {(k & 1) == 0 ? -1 : 1, (k & 2) == 0 ? -1 : 1, (k & 4) == 0 ? -1 : 1},
                    java.util.Arrays.copyOfRange(corners, 3 * k, 3 * k + 3));
        }
    }

    /**
     * A dense sphere (radius 1): the simplified hull is inside the full one and within the sagitta
     * of the directions' spacing of it. 64 directions cover the sphere at about
     * sqrt(4 pi / 64) = 0.44 rad apart, so no point of the sphere lies more than about
     * 1 - cos(0.44) = 0.095 outside the hull of their support points.
     */
    @Test
    void aDenseSphereIsApproximatedWithinTheSagittaOfTheDirections() {
        double[] sphere = fibonacciSphere(5000);
        double[] kept = HullSimplifier.supportPoints(sphere, 64);
        int corners = kept.length / 3;
        assertTrue(corners <= 64 && corners >= 40, "kept " + corners);
        ConvexHullShape hull = QuickHull.build(kept);
        double worst = 0;
        for (int i = 0; i < 5000; i++) {
            worst = Math.max(worst, ShapeSdf.distance(hull, sphere[3 * i], sphere[3 * i + 1], sphere[3 * i + 2]));
        }
        assertTrue(worst > 0 && worst < 0.095, "farthest point outside " + worst);
        // More directions, closer fit.
        ConvexHullShape finer = QuickHull.build(HullSimplifier.supportPoints(sphere, 256));
        double worstFiner = 0;
        for (int i = 0; i < 5000; i++) {
            worstFiner = Math.max(worstFiner, ShapeSdf.distance(finer, sphere[3 * i], sphere[3 * i + 1],
                    sphere[3 * i + 2]));
        }
        assertTrue(worstFiner < worst / 2, "256 directions: " + worstFiner + ", 64: " + worst);
    }

    @Test
    void equallyExtremePointsGoToTheEarlierOne() {
        // Two copies of the same cube: only the first copy's corners come back.
        double[] cube = new double[48];
        for (int k = 0; k < 16; k++) {
            int j = k % 8;
            cube[3 * k] = (j & 1) == 0 ? -1 : 1;
            cube[3 * k + 1] = (j & 2) == 0 ? -1 : 1;
            cube[3 * k + 2] = (j & 4) == 0 ? -1 : 1;
        }
        assertArrayEquals(java.util.Arrays.copyOf(cube, 24), HullSimplifier.supportPoints(cube, 64));
    }

    @Test
    void badArgumentsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> HullSimplifier.supportPoints(new double[12], 3));
        assertThrows(IllegalArgumentException.class, () -> HullSimplifier.supportPoints(new double[11], 64));
        assertThrows(IllegalArgumentException.class, () -> HullSimplifier.supportPoints(null, 64));
    }

    private static double[] fibonacciSphere(int n) {
        double[] out = new double[3 * n];
        double golden = Math.PI * (3 - Math.sqrt(5));
        for (int k = 0; k < n; k++) {
            double y = 1 - 2 * (k + 0.5) / n, r = Math.sqrt(1 - y * y), phi = k * golden + 0.3;
            out[3 * k] = r * Math.cos(phi);
            out[3 * k + 1] = y;
            out[3 * k + 2] = r * Math.sin(phi);
        }
        return out;
    }
}
