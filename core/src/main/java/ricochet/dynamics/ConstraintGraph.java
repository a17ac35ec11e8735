package ricochet.dynamics;

import java.util.Arrays;

/**
 * The colouring of a step's contact runs (a run: the points of one body pair, see
 * {@link ContactStore#runStart}) that lets the solver sweep a colour's runs on several threads at
 * once: no two runs of one colour share a body the solver moves (one of finite mass; a static or
 * kinematic body is only read, so any number of runs of a colour may touch it). Box2D v3's
 * constraint graph ({@code constraint_graph.c}).
 *
 * <p>Greedy, in store order: each run takes the lowest colour neither of its bodies has yet (a run
 * against a static or kinematic body never colour 0, see {@link #colour(BodyStore, int, int[], int[])}),
 * a body's colours being the bits of one {@code long}. Runs that find none of the
 * {@link #MAX_COLOURS} colours free (a body touching more than 64 others) go to an overflow group
 * solved on one thread after the colours. The colouring depends only on the runs in store order,
 * so it and the order the solver follows (colour by colour, store order within one) are the same
 * on any number of threads: that is what makes the threads' results bit-identical, one thread
 * included. Within a colour the order does not matter at all, since its runs touch disjoint
 * velocities. Islands need no handling of their own: runs of separate islands share no body and
 * fill the same colours.
 *
 * <p>Allocates nothing once the arrays have grown.
 */
final class ConstraintGraph {

    /** Colours a run can take: the bits of a long. */
    static final int MAX_COLOURS = 64;

    /** Runs in solve order: colour 0's in store order, then colour 1's, ..., then the overflow's. */
    int[] order = new int[16];
    /** Group g is runs {@code order[groupStart[g]] .. order[groupStart[g + 1] - 1]}. */
    final int[] groupStart = new int[MAX_COLOURS + 2];
    private int groupCount;
    private boolean overflow;
    private long[] bodyColours = new long[16];
    private byte[] colourOfRun = new byte[16];
    /** Scratch of {@link #byIsland}: per island key, then its next slot; the runs in island order. */
    private int[] islandStart = new int[16], islandOrder = new int[16];

    /**
     * Colours the runs of {@code c} (built by {@link ContactStore#buildRuns}) over the bodies of
     * {@code s}.
     */
    void colour(BodyStore s, ContactStore c) {
        int runs = c.runCount();
        growRuns(runs);
        for (int r = 0; r < runs; r++) {
            int first = c.runStart[r];
            runA[r] = c.bodyA[first];
            runB[r] = c.bodyB[first];
        }
        colour(s, runs, runA, runB);
    }

    /** Run r's two bodies, for {@link #colour(BodyStore, int, int[], int[])}; at least the runs long. */
    int[] runA = new int[16], runB = new int[16];

    /** Room for {@code runs} runs in {@link #runA} and {@link #runB}, keeping what they hold. */
    void growRuns(int runs) {
        if (runA.length < runs) {
            runA = Arrays.copyOf(runA, Math.max(runs, 2 * runA.length));
            runB = Arrays.copyOf(runB, runA.length);
        }
    }

    /** Colours {@code runs} runs, run r between bodies {@code a[r]} and {@code b[r]} of {@code s}. */
    void colour(BodyStore s, int runs, int[] a, int[] b) {
        colour(s, runs, a, b, null);
    }

    /**
     * Colours {@code runs} runs, run r between bodies {@code a[r]} and {@code b[r]} of {@code s}, and
     * orders each colour's runs by island ({@code islandOf}: a key per body, the same for every body
     * of one island; null: store order). The colours themselves are chosen in store order either way.
     * Island order lets the threads, which each take the same share of every colour, keep to the
     * same islands from colour to colour: a body's velocity then stays in one core's cache instead
     * of moving to the other core's and back at each colour.
     */
    void colour(BodyStore s, int runs, int[] a, int[] b, int[] islandOf) {
        int bodies = s.count();
        if (bodyColours.length < bodies) {
            bodyColours = new long[Math.max(bodies, 2 * bodyColours.length)];
        }
        if (order.length < runs) {
            order = new int[Math.max(runs, 2 * order.length)];
            colourOfRun = new byte[order.length];
        }
        Arrays.fill(bodyColours, 0, bodies, 0L);
        int[] size = groupStart;
        Arrays.fill(size, 0);
        double[] invMass = s.invMass;
        int used = 0;
        for (int r = 0; r < runs; r++) {
            int ra = a[r], rb = b[r];
            boolean movesA = invMass[ra] > 0, movesB = invMass[rb] > 0;
            long taken = (movesA ? bodyColours[ra] : 0) | (movesB ? bodyColours[rb] : 0);
            if (!(movesA && movesB)) {
                // Box2D v3's rule (constraint_graph.c): a run against a static or kinematic body never
                // takes colour 0. Without it the 20-row bench pyramid (4 substeps) gained kinetic
                // energy, 1.8 J after 300 steps and 72 J after 2,100, where store order had let it
                // settle (1e-13 J); with it, it settles faster than in store order (0.012 J at 300).
                taken |= 1L;
            }
            int colour = taken == -1L ? MAX_COLOURS : Long.numberOfTrailingZeros(~taken);
            if (colour < MAX_COLOURS) {
                long bit = 1L << colour;
                if (movesA) {
                    bodyColours[ra] |= bit;
                }
                if (movesB) {
                    bodyColours[rb] |= bit;
                }
                used = Math.max(used, colour + 1);
            }
            colourOfRun[r] = (byte) colour;
            size[colour + 1]++;
        }
        overflow = size[MAX_COLOURS + 1] > 0;
        groupCount = overflow ? used + 1 : used;
        if (overflow) {
            // The overflow group follows the last colour used.
            size[used + 1] = size[MAX_COLOURS + 1];
        }
        for (int g = 0; g < groupCount; g++) {
            size[g + 1] += size[g];
        }
        int[] fill = islandOf == null ? null : byIsland(s, runs, a, b, islandOf);
        // size[g] is now the start of group g; fill in store (or island) order, advancing a cursor
        // per group.
        for (int k = 0; k < runs; k++) {
            int r = fill == null ? k : fill[k];
            int colour = colourOfRun[r];
            int g = colour == MAX_COLOURS ? used : colour;
            order[size[g]++] = r;
        }
        // The cursors ended at each group's end: shift back by one group.
        for (int g = groupCount; g > 0; g--) {
            size[g] = size[g - 1];
        }
        size[0] = 0;
    }

    /**
     * The runs in island order (a stable counting sort by the island of the run's moving body, or of
     * body a when neither moves), in {@link #islandOrder}.
     */
    private int[] byIsland(BodyStore s, int runs, int[] a, int[] b, int[] islandOf) {
        int bodies = s.count();
        if (islandStart.length < bodies + 1) {
            islandStart = new int[Math.max(bodies + 1, 2 * islandStart.length)];
        }
        if (islandOrder.length < runs) {
            islandOrder = new int[order.length];
        }
        int[] start = islandStart, sorted = islandOrder;
        double[] invMass = s.invMass;
        Arrays.fill(start, 0, bodies + 1, 0);
        for (int r = 0; r < runs; r++) {
            start[islandOf[invMass[a[r]] > 0 ? a[r] : b[r]] + 1]++;
        }
        for (int i = 0; i < bodies; i++) {
            start[i + 1] += start[i];
        }
        for (int r = 0; r < runs; r++) {
            sorted[start[islandOf[invMass[a[r]] > 0 ? a[r] : b[r]]]++] = r;
        }
        return sorted;
    }

    /** Groups to solve in order: the colours, then the overflow group if there is one. */
    int groupCount() {
        return groupCount;
    }

    /** Whether the last group is the overflow, to be solved on one thread. */
    boolean hasOverflow() {
        return overflow;
    }

    /** Whether group g is the overflow. */
    boolean isOverflow(int g) {
        return overflow && g == groupCount - 1;
    }
}
