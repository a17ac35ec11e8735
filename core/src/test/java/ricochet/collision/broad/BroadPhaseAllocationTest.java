package ricochet.collision.broad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Once warm, an update (move every proxy, find the pairs) allocates nothing. Counted with the thread's
 * allocated-bytes counter; as in {@code LabAllocationTest} the JIT sometimes charges a window a few
 * bytes while it compiles, so the cleanest of five windows must be zero: an allocation in the update
 * would show in every window.
 */
class BroadPhaseAllocationTest {

    @ParameterizedTest
    @ValueSource(strings = {"tree", "sap"})
    void anUpdateAllocatesNothing(String kind) {
        var threads = ManagementFactory.getThreadMXBean();
        assumeTrue(threads instanceof com.sun.management.ThreadMXBean, "needs HotSpot's allocation counter");
        var counter = (com.sun.management.ThreadMXBean) threads;
        BroadPhase bp = kind.equals("tree") ? new DynamicAabbTree() : new SweepAndPrune();
        int n = 2000;
        double side = 30;
        Random random = new Random(11);
        double[] x = new double[3 * n];
        double[] v = new double[3 * n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                x[3 * i + k] = side * random.nextDouble();
                v[3 * i + k] = 0.05 * (2 * random.nextDouble() - 1);
            }
            bp.createProxy(x[3 * i] - 0.5, x[3 * i + 1] - 0.5, x[3 * i + 2] - 0.5,
                    x[3 * i] + 0.5, x[3 * i + 1] + 0.5, x[3 * i + 2] + 0.5, i, i % 10 == 0, 1, -1);
        }
        bp.filter().exclude(1, 2);
        PairBuffer pairs = new PairBuffer();
        // Warm-up: the pair and stack arrays grow to the scene's size here.
        for (int s = 0; s < 300; s++) {
            update(bp, x, v, n, side, pairs);
        }
        assertTrue(pairs.count() > n / 4, "the scene has overlaps to find: " + pairs.count());
        long thread = Thread.currentThread().getId();
        long cleanest = Long.MAX_VALUE;
        for (int window = 0; window < 5 && cleanest > 0; window++) {
            long before = counter.getThreadAllocatedBytes(thread);
            for (int s = 0; s < 100; s++) {
                update(bp, x, v, n, side, pairs);
            }
            cleanest = Math.min(cleanest, counter.getThreadAllocatedBytes(thread) - before);
        }
        assertEquals(0, cleanest, kind + " allocated in every window of 100 updates, at least " + cleanest + " B");
    }

    /** Dynamic boxes drift at constant velocity and bounce off the walls of the cube. */
    private static void update(BroadPhase bp, double[] x, double[] v, int n, double side, PairBuffer pairs) {
        for (int i = 0; i < n; i++) {
            if (i % 10 == 0) {
                continue;
            }
            int o = 3 * i;
            for (int k = 0; k < 3; k++) {
                double p = x[o + k] + v[o + k];
                if (p < 0 || p > side) {
                    v[o + k] = -v[o + k];
                    p = x[o + k] + v[o + k];
                }
                x[o + k] = p;
            }
            bp.moveProxy(i, x[o] - 0.5, x[o + 1] - 0.5, x[o + 2] - 0.5, x[o] + 0.5, x[o + 1] + 0.5, x[o + 2] + 0.5,
                    v[o], v[o + 1], v[o + 2]);
        }
        bp.findPairs(pairs);
    }
}
