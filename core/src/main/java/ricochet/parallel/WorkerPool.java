package ricochet.parallel;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * A fixed set of daemon worker threads, made once, that run a step's stages with the calling
 * thread: a stage is {@link #run(int, int, Range)}, a parallel for over {@code count} items cut
 * into blocks of {@code grain} items. The blocks depend only on {@code count} and {@code grain},
 * never on the number of threads, and each block is run once, by the thread that claims it. A
 * stage whose items write only their own outputs therefore computes the same bits on any number of
 * threads; ordered work (sums, appends) stays with the caller between stages.
 *
 * <p>Hand-off without allocation or locks: each thread has a home range of the job's blocks (the
 * same share of every job of the same size, so a thread keeps working on the data its cache holds
 * from the job before) held in one word with the job's generation number and the range's next
 * unclaimed block; a block is claimed by a compare-and-set on that word, so a worker that wakes
 * late cannot claim a block of a later job with the task of an earlier one. A thread that has run
 * out of home blocks takes the others' (so one that finishes early takes more). The job is
 * published by one volatile write of its generation. Idle workers spin for {@link #SPIN_NANOS} (the
 * next stage of a step comes within microseconds; a park and unpark costs tens of them) and then
 * park until the next job; the caller spins, then yields, until the last block is done. When that
 * wait shows a worker lost its core mid-block, the caller runs the next jobs alone
 * ({@link #STALL_NANOS}).
 *
 * <p>An exception thrown by a block (on any thread) ends the job early: blocks above the lowest
 * that failed are skipped once it has, blocks below it still run (one of them may fail too), and
 * the caller rethrows the exception of the lowest block that failed, the same one on any number of
 * threads and whichever thread reached which block first. Errors are rethrown as they are,
 * checked throwables (which a {@link Range} cannot throw) wrapped.
 *
 * <p>One thread drives a pool at a time (a world is not thread-safe); a {@link #run} from inside
 * a running job runs its blocks in the calling thread. {@link #close} stops the workers.
 */
public final class WorkerPool implements AutoCloseable {

    /** Work on items {@code begin .. end - 1} of a job, on thread {@code worker} (0: the caller). */
    @FunctionalInterface
    public interface Range {
        void run(int worker, int begin, int end);
    }

    /**
     * A caller that waits longer than this (ns) for the last blocks of a job takes it that a worker
     * lost its core in the middle of a block (another process took it), and runs the jobs of the
     * next {@link #ALONE_NANOS} alone. The blocks are the same either way, so the results are too;
     * only the time changes: on a machine whose other cores are busy, waiting for a descheduled
     * worker (a scheduler slice, milliseconds) made two threads slower than one.
     */
    static final long STALL_NANOS = 500_000;
    /**
     * How long the caller runs jobs alone after a stall, ns: a few steps. Time, not a number of jobs:
     * a step is a few jobs when the solver walks it island by island and dozens when it sweeps by
     * colour, so a count of jobs meant a few steps in one case and fifty in the other.
     */
    static final long ALONE_NANOS = 20_000_000;
    /** When the caller stops running jobs alone ({@link System#nanoTime}); 0: it is not. */
    private long aloneUntil;
    private long stalls;

    /** How long an idle worker spins before it parks, ns. */
    static final long SPIN_NANOS = 200_000;

    private final int threads;
    private final Worker[] workers;

    // The job: written by the caller before it is published, read after it.
    private Range task;
    private int count;
    private int grain;
    /**
     * The pool's shared words, each alone in its own {@link #PAD} longs so that a write to one does
     * not take the others' cache line from another core: at {@link #PUBLISHED} the generation of
     * the latest job (workers watch it), at {@link #DONE} the count of the job's finished blocks, and
     * at {@link #home} each thread's home range of the job's blocks: generation (24 bits), the
     * range's end (20) and its next unclaimed block (20). A block is claimed by a compare-and-set on
     * its range's word, which only its owner touches until it has run out.
     */
    private final AtomicLongArray words;
    /** Longs between two shared words: 128 bytes, as the adjacent-line prefetcher fetches lines in pairs. */
    private static final int PAD = 16;
    private static final int PUBLISHED = PAD, DONE = 2 * PAD;
    private static final int BLOCKS_SHIFT = 20, GENERATION_SHIFT = 40;
    private static final long FIELD = (1L << 20) - 1;
    /** Most blocks a job is cut into; a larger count gets a larger grain. */
    static final int MAX_BLOCKS = (int) FIELD;
    private long generation;
    /** The lowest block that threw in this job (Integer.MAX_VALUE: none); written under the lock. */
    private volatile int lowestFailure;
    private Throwable failure;
    private boolean running;
    private volatile boolean closed;

    /**
     * A pool of {@code threads} threads in all: the caller and {@code threads - 1} daemon workers,
     * started here. One thread starts none.
     *
     * @throws IllegalArgumentException when threads is less than 1
     */
    public WorkerPool(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        this.threads = threads;
        words = new AtomicLongArray(home(threads) + PAD);
        workers = new Worker[threads - 1];
        for (int w = 0; w < workers.length; w++) {
            workers[w] = new Worker(w + 1);
            workers[w].start();
        }
    }

    /** Threads a job runs on, the caller included. */
    public int threads() {
        return threads;
    }

    /** Whether {@link #close} was called. */
    public boolean isClosed() {
        return closed;
    }

    /**
     * Runs {@code task} over items {@code 0 .. count - 1} in blocks of {@code grain} (the last may be
     * shorter), on the caller and the workers, and returns when every block is done.
     *
     * @throws IllegalArgumentException when grain is less than 1
     * @throws IllegalStateException when the pool is closed
     * @throws RuntimeException the exception of the lowest block that threw, as thrown
     */
    public void run(int count, int grain, Range task) {
        if (grain < 1) {
            throw new IllegalArgumentException("grain must be >= 1, got " + grain);
        }
        if (closed) {
            throw new IllegalStateException("worker pool is closed");
        }
        if (count <= 0) {
            return;
        }
        // A fixed function of count and grain, so still independent of the thread count.
        grain = Math.max(grain, (int) ((count + (long) MAX_BLOCKS - 1) / MAX_BLOCKS));
        int n = (int) ((count + (long) grain - 1) / grain);
        if (aloneUntil != 0 && System.nanoTime() - aloneUntil >= 0) {
            aloneUntil = 0;
        }
        if (n == 1 || workers.length == 0 || running || aloneUntil != 0) {
            for (int b = 0; b < n; b++) {
                int begin = b * grain;
                task.run(0, begin, Math.min(count, begin + grain));
            }
            return;
        }
        running = true;
        try {
            this.task = task;
            this.count = count;
            this.grain = grain;
            failure = null;
            lowestFailure = Integer.MAX_VALUE;
            words.set(DONE, 0);
            long g = ++generation & ((1L << (64 - GENERATION_SHIFT)) - 1);
            if (g == 0) {
                g = generation = 1;
            }
            // Each thread's home range, a fixed share of the blocks, before the job is published.
            for (int t = 0; t < threads; t++) {
                long first = (long) n * t / threads, end = (long) n * (t + 1) / threads;
                words.set(home(t), g << GENERATION_SHIFT | end << BLOCKS_SHIFT | first);
            }
            words.set(PUBLISHED, g);
            for (Worker w : workers) {
                if (w.parked) {
                    LockSupport.unpark(w);
                }
            }
            work(0, g);
            long waitStart = System.nanoTime();
            awaitDone(n);
            if (System.nanoTime() - waitStart > STALL_NANOS) {
                // A worker held a block that long: it lost its core mid-block. Go on alone for a while.
                aloneUntil = System.nanoTime() + ALONE_NANOS;
                if (aloneUntil == 0) {
                    aloneUntil = 1;
                }
                stalls++;
            }
            this.task = null;
            if (failure != null) {
                Throwable t = failure;
                failure = null;
                if (t instanceof RuntimeException r) {
                    throw r;
                }
                if (t instanceof Error e) {
                    throw e;
                }
                throw new IllegalStateException(t);
            }
        } finally {
            running = false;
        }
    }

    /**
     * Claims and runs blocks of generation {@code g} until none is left: first from the thread's own
     * home range, then from the others' in turn. Home ranges are the same every job of the same size,
     * so a thread mostly solves the runs it solved in the pass before, whose contact records are
     * still in its own cache (claiming blocks in one shared order sent them from core to core).
     */
    private void work(int worker, long g) {
        int finished = 0;
        claiming:
        for (int k = 0; k < threads; k++) {
            int t = (worker + k) % threads;
            while (true) {
                long c = words.get(home(t));
                if (c >>> GENERATION_SHIFT != g) {
                    // A later job: this one has ended, so this thread holds no uncounted block.
                    break claiming;
                }
                int b = (int) (c & FIELD), end = (int) ((c >>> BLOCKS_SHIFT) & FIELD);
                if (b >= end) {
                    break;
                }
                // The job's fields are this generation's: it cannot end while block b is unclaimed,
                // and the caller writes the next job's only after this one has ended.
                int size = grain, total = count;
                Range task = this.task;
                if (!words.compareAndSet(home(t), c, c + 1)) {
                    continue;
                }
                // After a failure, only blocks below the lowest failed one still run: one of them
                // may fail too, and the lowest failure, the one rethrown, must not depend on which
                // thread reached which block first.
                if (b < lowestFailure) {
                    int begin = b * size;
                    try {
                        task.run(worker, begin, Math.min(total, begin + size));
                    } catch (Throwable e) {
                        fail(b, e);
                    }
                }
                finished++;
            }
        }
        // One add for all of this thread's blocks (a shared counter per block sent its line from
        // core to core each time), after fail's writes: the caller reads them once it has counted.
        if (finished > 0) {
            words.getAndAdd(DONE, finished);
        }
    }

    /** The index of thread {@code t}'s home range word in {@link #words}. */
    private static int home(int t) {
        return (3 + t) * PAD;
    }

    private synchronized void fail(int block, Throwable e) {
        if (block < lowestFailure) {
            lowestFailure = block;
            failure = e;
        }
    }

    private void awaitDone(int n) {
        int spins = 0;
        while (words.get(DONE) < n) {
            if (++spins < 1 << 12) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    /** Stops the workers and waits for them to end; later jobs are refused. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (Worker w : workers) {
            LockSupport.unpark(w);
        }
        boolean interrupted = false;
        for (Worker w : workers) {
            while (w.isAlive()) {
                try {
                    w.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Jobs in which the caller waited so long for a worker that it went on alone for a while. */
    public long stalls() {
        return stalls;
    }

    /** Workers alive now (0 once closed): for tests. */
    int liveWorkers() {
        int n = 0;
        for (Worker w : workers) {
            n += w.isAlive() ? 1 : 0;
        }
        return n;
    }

    private final class Worker extends Thread {
        private final int index;
        volatile boolean parked;

        Worker(int index) {
            super("ricochet-worker-" + index);
            this.index = index;
            setDaemon(true);
        }

        @Override
        public void run() {
            // Generations start at 1; a job published before this thread ran is seen as new.
            long seen = 0;
            while (!closed) {
                long g = words.get(PUBLISHED);
                if (g != seen) {
                    seen = g;
                    work(index, g);
                    continue;
                }
                idle(seen);
            }
        }

        /** Spins, then parks, until a job of another generation than {@code seen} is published. */
        private void idle(long seen) {
            long start = System.nanoTime();
            int spins = 0;
            while (words.get(PUBLISHED) == seen && !closed) {
                Thread.onSpinWait();
                if ((++spins & 255) == 0 && System.nanoTime() - start > SPIN_NANOS) {
                    parked = true;
                    // The caller publishes the job, then reads parked: one of the two sees the other.
                    if (words.get(PUBLISHED) == seen && !closed) {
                        LockSupport.park(this);
                    }
                    parked = false;
                    start = System.nanoTime();
                }
            }
        }
    }
}
