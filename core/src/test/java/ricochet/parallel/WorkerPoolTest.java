package ricochet.parallel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WorkerPoolTest {

    @Test
    void everyItemRunsExactlyOnceInItsFixedBlock() {
        for (int threads : new int[] {1, 2, 4}) {
            try (WorkerPool pool = new WorkerPool(threads)) {
                for (int round = 0; round < 200; round++) {
                    int count = 1 + round * 7;
                    int[] hits = new int[count];
                    int[] blockStart = new int[count];
                    pool.run(count, 5, (w, begin, end) -> {
                        for (int i = begin; i < end; i++) {
                            hits[i]++;
                            blockStart[i] = begin;
                        }
                    });
                    for (int i = 0; i < count; i++) {
                        assertEquals(1, hits[i], "item " + i + " with " + threads + " threads");
                        // Blocks depend on count and grain only: item i is in the block at 5 (i / 5).
                        assertEquals(5 * (i / 5), blockStart[i]);
                    }
                }
            }
        }
    }

    @Test
    void workersShareTheBlocksAndEachKnowsItsIndex() throws Exception {
        try (WorkerPool pool = new WorkerPool(3)) {
            assertEquals(3, pool.threads());
            int[] byWorker = new int[3];
            AtomicInteger others = new AtomicInteger();
            for (int round = 0; round < 50; round++) {
                pool.run(64, 1, (w, begin, end) -> {
                    synchronized (byWorker) {
                        byWorker[w]++;
                    }
                    if (w != 0) {
                        others.incrementAndGet();
                    }
                    // Long enough that a spinning worker gets a block.
                    long until = System.nanoTime() + 20_000;
                    while (System.nanoTime() < until) {
                        Thread.onSpinWait();
                    }
                });
            }
            assertEquals(64 * 50, byWorker[0] + byWorker[1] + byWorker[2]);
            assertTrue(others.get() > 0, "no block ran on a worker");
        }
    }

    @Test
    void eachThreadTakesItsHomeBlocksFirst() throws Exception {
        // Four blocks on two threads: the caller's home is blocks 0-1, the worker's 2-3. Each thread's
        // first block waits until the other's has started, so neither can take the other's blocks
        // before its own first; claimed in one shared order, the worker's first would be block 1.
        // A fresh pool each round: one that saw a stall runs its next jobs on the caller alone.
        for (int round = 0; round < 20; round++) {
            try (WorkerPool pool = new WorkerPool(2)) {
                CyclicBarrier both = new CyclicBarrier(2);
                int[] first = {-1, -1};
                pool.run(4, 1, (w, begin, end) -> {
                    if (first[w] < 0) {
                        first[w] = begin;
                        try {
                            both.await(10, TimeUnit.SECONDS);
                        } catch (Exception e) {
                            throw new IllegalStateException("the other thread never started", e);
                        }
                    }
                });
                assertArrayEquals(new int[] {0, 2}, first, "round " + round);
            }
        }
    }

    @Test
    void anExceptionInAWorkerReachesTheCallerAndThePoolGoesOn() {
        try (WorkerPool pool = new WorkerPool(4)) {
            for (int round = 0; round < 20; round++) {
                IllegalStateException boom = new IllegalStateException("block 3");
                IllegalStateException later = new IllegalStateException("block 7");
                RuntimeException thrown = assertThrows(RuntimeException.class, () -> pool.run(100, 10,
                        (w, begin, end) -> {
                            if (begin == 30) {
                                throw boom;
                            }
                            if (begin == 70) {
                                throw later;
                            }
                        }));
                // The lowest failing block's exception, whichever thread ran it.
                assertSame(boom, thrown);
                int[] sum = new int[1];
                pool.run(10, 1, (w, begin, end) -> {
                    synchronized (sum) {
                        sum[0] += begin;
                    }
                });
                assertEquals(45, sum[0]);
            }
        }
    }

    @Test
    void errorsAreRethrownAsThey() {
        try (WorkerPool pool = new WorkerPool(2)) {
            AssertionError error = new AssertionError("x");
            assertSame(error, assertThrows(AssertionError.class, () -> pool.run(8, 1, (w, b, e) -> {
                if (b == 5) {
                    throw error;
                }
            })));
        }
    }

    @Test
    void closeStopsTheWorkersAndRefusesLaterJobs() throws Exception {
        WorkerPool pool = new WorkerPool(3);
        pool.run(10, 1, (w, b, e) -> { });
        assertEquals(2, pool.liveWorkers());
        pool.close();
        assertEquals(0, pool.liveWorkers());
        assertTrue(pool.isClosed());
        pool.close();
        assertThrows(IllegalStateException.class, () -> pool.run(10, 1, (w, b, e) -> { }));
    }

    @Test
    void parkedWorkersWakeForTheNextJob() throws Exception {
        try (WorkerPool pool = new WorkerPool(2)) {
            for (int round = 0; round < 3; round++) {
                // Longer than the spin: the worker parks and must be unparked.
                Thread.sleep(5);
                int[] out = new int[1000];
                pool.run(out.length, 10, (w, begin, end) -> {
                    for (int i = begin; i < end; i++) {
                        out[i] = i * i;
                    }
                });
                int[] expected = new int[1000];
                for (int i = 0; i < expected.length; i++) {
                    expected[i] = i * i;
                }
                assertArrayEquals(expected, out);
            }
        }
    }

    @Test
    void aJobStartedInsideAJobRunsOnItsThread() {
        try (WorkerPool pool = new WorkerPool(2)) {
            int[] inner = new int[4];
            pool.run(4, 1, (w, begin, end) -> pool.run(3, 1, (w2, b2, e2) -> {
                synchronized (inner) {
                    inner[begin]++;
                }
            }));
            assertArrayEquals(new int[] {3, 3, 3, 3}, inner);
        }
    }

    /**
     * A block that holds its worker for 5 ms (a worker that lost its core) makes the caller wait:
     * it counts a stall and runs the next jobs alone, with the same blocks.
     */
    @Test
    void afterAStalledWorkerTheCallerGoesOnAlone() {
        try (WorkerPool pool = new WorkerPool(2)) {
            for (int round = 0; round < 50 && pool.stalls() == 0; round++) {
                pool.run(2, 1, (w, begin, end) -> {
                    if (w != 0) {
                        long until = System.nanoTime() + 5_000_000;
                        while (System.nanoTime() < until) {
                            Thread.onSpinWait();
                        }
                    } else {
                        // Let the worker take the other block.
                        long until = System.nanoTime() + 200_000;
                        while (System.nanoTime() < until) {
                            Thread.onSpinWait();
                        }
                    }
                });
            }
            assertTrue(pool.stalls() > 0, "the worker never took a block");
            long stalled = System.nanoTime();
            boolean[] onWorker = new boolean[1];
            int[] items = new int[1];
            int jobs = 0;
            // Jobs well inside the window the caller goes alone for.
            while (System.nanoTime() - stalled < WorkerPool.ALONE_NANOS / 2) {
                pool.run(64, 1, (w, begin, end) -> {
                    onWorker[0] |= w != 0;
                    items[0] += end - begin;
                });
                jobs++;
            }
            assertEquals(64 * jobs, items[0]);
            assertTrue(jobs > 0 && !onWorker[0], "a block ran on the worker while the caller was alone");
            // After the window, the worker takes blocks again.
            long until = stalled + 3 * WorkerPool.ALONE_NANOS;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
            for (int round = 0; round < 200 && !onWorker[0]; round++) {
                pool.run(64, 1, (w, begin, end) -> {
                    onWorker[0] |= w != 0;
                    long spin = System.nanoTime() + 20_000;
                    while (System.nanoTime() < spin) {
                        Thread.onSpinWait();
                    }
                });
            }
            assertTrue(onWorker[0], "the worker took no block after the caller's time alone");
        }
    }

    @Test
    void badArgumentsAreNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new WorkerPool(0));
        assertEquals("threads must be >= 1, got 0", e.getMessage());
        try (WorkerPool pool = new WorkerPool(1)) {
            assertThrows(IllegalArgumentException.class, () -> pool.run(3, 0, (w, b, en) -> { }));
            pool.run(0, 1, (w, b, en) -> {
                throw new AssertionError("no items, no blocks");
            });
        }
    }
}
