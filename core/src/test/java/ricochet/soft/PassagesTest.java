package ricochet.soft;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The passage measure ({@link Passages#crosses}) on motions whose answer is plain. */
class PassagesTest {

    /** The triangle (0,0,0), (1,0,0), (0,1,0), then the point. */
    private static double[] at(double dx, double dy, double dz, double px, double py, double pz) {
        return new double[] {dx, dy, dz, 1 + dx, dy, dz, dx, 1 + dy, dz, px, py, pz};
    }

    @Test
    void aPointThroughAStillTriangleCrossesIt() {
        assertTrue(Passages.crosses(at(0, 0, 0, 0.2, 0.2, 1), at(0, 0, 0, 0.2, 0.2, -1)));
    }

    @Test
    void aPointPassingBesideTheTriangleDoesNotCross() {
        assertFalse(Passages.crosses(at(0, 0, 0, 0.8, 0.8, 1), at(0, 0, 0, 0.8, 0.8, -1)));
    }

    @Test
    void aTriangleCarriedAheadOfThePointIsNotCrossed() {
        assertFalse(Passages.crosses(at(0, 0, -0.1, 0.2, 0.2, 1), at(0, 0, -3.1, 0.2, 0.2, -2)));
    }

    @Test
    void aTriangleOvertakingAStillPointCrossesIt() {
        assertTrue(Passages.crosses(at(0, 0, 1, 0.2, 0.2, 0), at(0, 0, -1, 0.2, 0.2, 0)));
    }

    /** The triangle tilts through a still point: the cubic's root, not the ends, decides. */
    @Test
    void aTiltingTriangleSweepsThroughAStillPoint() {
        // Above the point (z = 0.2) at the start; at the end the plane is z = 0.2 - 0.8 (y + 0.5),
        // -0.2 under the point.
        double[] s = {0, -0.5, 0.2, 1, -0.5, 0.2, 0, 0.5, 0.2, 0.2, 0, 0};
        double[] e = {0, -0.5, 0.2, 1, -0.5, 0.2, 0, 0.5, -0.6, 0.2, 0, 0};
        assertTrue(Passages.crosses(s, e));
    }
}
