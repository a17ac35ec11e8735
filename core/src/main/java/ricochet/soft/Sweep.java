package ricochet.soft;

/**
 * The order in which a constraint pass visits its list: the list cut into up to {@link #RUNS} runs
 * that end at body boundaries, visited one constraint of each run in turn (the first of every run,
 * then the second of every run, ...).
 *
 * <p>A body's constraints are made in mesh order, so neighbours in the list share particles: in list
 * order each projection waits for the previous one's square root and division before it can read its
 * positions, and a pass runs at the latency of that chain. Constraints of different bodies share no
 * particle, so while the processor works through one run's chain it overlaps the other runs' chains.
 * Two constraints that share no particle commute exactly, so every order of this kind gives the same
 * bits as list order. (Runs cut inside a body were tried: the order then changes where two runs meet,
 * and a rigid cloth struck by a fast ball gained energy there.)
 */
final class Sweep {

    /** How many runs a pass interleaves. */
    static final int RUNS = 4;

    /** Run r is constraints {@code start[r] .. start[r + 1] - 1}; the runs are never empty. */
    private final int[] start = new int[RUNS + 1];
    /** How many runs (1 for a single body: list order). */
    private int runs;
    /** The length of the longest run. */
    private int longest;
    /** The constraint count the runs were cut for; -1 after the list changed. */
    private int cutFor = -1;

    /** The list changed (constraints added or removed): cut again before the next pass. */
    void invalidate() {
        cutFor = -1;
    }

    /**
     * Cuts {@code count} constraints into runs, if the list changed since the last cut. Constraint c's
     * first particle is {@code particles[stride * c]}; {@code owner} gives each particle's body.
     */
    void cut(int count, int[] particles, int stride, int[] owner) {
        if (cutFor == count) {
            return;
        }
        runs = 0;
        longest = 0;
        int from = 0;
        for (int r = 1; r <= RUNS && from < count; r++) {
            int c = r == RUNS ? count : Math.max(from + 1, (int) ((long) count * r / RUNS));
            while (c < count && owner[particles[stride * c]] == owner[particles[stride * (c - 1)]]) {
                c++;
            }
            start[runs] = from;
            start[++runs] = c;
            longest = Math.max(longest, c - from);
            from = c;
        }
        cutFor = count;
    }

    /** How many runs a pass interleaves. */
    int runs() {
        return runs;
    }

    /** The length of the longest run: a pass visits k = 0 .. longest - 1 of each run. */
    int longest() {
        return longest;
    }

    /** Constraint k of run r, or -1 where the run is shorter. */
    int at(int r, int k) {
        int c = start[r] + k;
        return c < start[r + 1] ? c : -1;
    }
}
