package ricochet.collision.broad;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class SweepAndPruneTest {

    @Test
    void sweepsAlongTheAxisOfLargestSpread() {
        // Centres spread 100 m along z and 1 m along x and y: z separates the intervals best.
        SweepAndPrune sap = new SweepAndPrune();
        Random random = new Random(7);
        for (int i = 0; i < 200; i++) {
            double x = random.nextDouble();
            double y = random.nextDouble();
            double z = 100 * random.nextDouble();
            sap.createProxy(x, y, z, x + 0.5, y + 0.5, z + 0.5, i, false, 1, -1);
        }
        sap.findPairs(new PairBuffer());
        assertEquals(2, sap.axis());
    }

    @Test
    void reChoosesTheAxisWhenTheSceneTurns() {
        SweepAndPrune sap = new SweepAndPrune();
        int n = 100;
        for (int i = 0; i < n; i++) {
            sap.createProxy(i, 0, 0, i + 0.5, 0.5, 0.5, i, false, 1, -1);
        }
        PairBuffer out = new PairBuffer();
        sap.findPairs(out);
        assertEquals(0, sap.axis());
        // Lay the row along y instead; the axis follows within one interval of updates.
        for (int i = 0; i < n; i++) {
            sap.moveProxy(i, 0, i, 0, 0.5, i + 0.5, 0.5, 0, 0, 0);
        }
        for (int u = 0; u < SweepAndPrune.AXIS_INTERVAL; u++) {
            sap.findPairs(out);
        }
        assertEquals(1, sap.axis());
    }

    @Test
    void anUpdateWithoutMotionSortsWithoutMoves() {
        SweepAndPrune sap = new SweepAndPrune();
        Random random = new Random(3);
        for (int i = 0; i < 500; i++) {
            double x = 50 * random.nextDouble();
            sap.createProxy(x, 0, 0, x + 1, 1, 1, i, false, 1, -1);
        }
        PairBuffer out = new PairBuffer();
        sap.findPairs(out);
        sap.findPairs(out);
        assertEquals(0, sap.lastSortMoves(), "already in order: insertion sort makes one pass");
        // Swapping two neighbours' places costs exactly one move.
        sap.moveProxy(0, 200, 0, 0, 201, 1, 1, 0, 0, 0);
        sap.findPairs(out);
        sap.moveProxy(0, 199.5, 0, 0, 200.5, 1, 1, 0, 0, 0);
        sap.moveProxy(1, 200.2, 0, 0, 201.2, 1, 1, 0, 0, 0);
        sap.findPairs(out);
        sap.moveProxy(1, 199.0, 0, 0, 200.0, 1, 1, 0, 0, 0);
        sap.findPairs(out);
        assertEquals(1, sap.lastSortMoves());
    }
}
