package ricochet.dynamics;

import java.util.Arrays;

/**
 * A step's islands as the {@link ContactSolver} can walk them one at a time: each island's awake
 * dynamic bodies and its contact runs in solve order (ascending run index, which is colour order).
 *
 * <p>Runs of different islands share no body of finite mass, so solving one island through all of
 * a step's substeps and passes, then the next, gives the same bits as sweeping every island's runs
 * colour by colour: each body sees the same operations in the same order. What it buys is
 * locality: an island's contact records stay in the core's near cache through all its passes
 * (the bench pile's 4,000 points are 2.4 MB, more than a core's L2), and on several threads each
 * island is one thread's from start to end, with one hand-off a step instead of one per colour
 * and pass. It does not hold when anything couples islands within the substeps: a kinematic body
 * moves in every substep and is read by all the islands it touches ({@link #kinematicMoving}),
 * and a run with no awake dynamic body, or one whose body is in no island, is not covered
 * ({@link #covered}).
 *
 * <p>Built once a step from the union-find's roots; allocates nothing once its arrays have grown.
 */
final class SolverIslands {

    /** Islands: awake dynamic bodies with the same root. */
    int count;
    /** Island k's bodies are {@code bodies[bodyStart[k] .. bodyStart[k + 1] - 1]}, ascending. */
    int[] bodyStart = new int[16], bodies = new int[16];
    /** Island k's runs are {@code runs[runStart[k] .. runStart[k + 1] - 1]}, in solve order. */
    int[] runStart = new int[16], runs = new int[16];
    /** The points of the island with the most, and of all islands. */
    int largestPoints, totalPoints;
    /** Whether an awake kinematic body exists: it moves in every substep, under all islands at once. */
    boolean kinematicMoving;
    /** Whether every run has an awake dynamic body in an island. */
    boolean covered;

    /** Per root body: its island's number, -1 for none (then, while counting, the body count). */
    private int[] islandOfRoot = new int[16];
    /** The union-find of {@link #joinSpeculative}, over body indices, then each body's joined key. */
    private int[] parent = new int[16];

    /**
     * The islands of the awake dynamic bodies of {@code s} by {@code islandOf} (each body's root, the
     * same for all bodies of one island), and the runs of {@code c} (already coloured and ordered).
     */
    void build(BodyStore s, ContactStore c, int[] islandOf) {
        int n = s.count();
        if (islandOfRoot.length < n) {
            islandOfRoot = new int[Math.max(n, 2 * islandOfRoot.length)];
            parent = new int[islandOfRoot.length];
        }
        islandOf = joinSpeculative(s, c, islandOf, n);
        int[] index = islandOfRoot;
        Arrays.fill(index, 0, n, 0);
        byte[] type = s.type, asleep = s.asleep;
        kinematicMoving = false;
        int awake = 0;
        for (int i = 0; i < n; i++) {
            if (asleep[i] != 0) {
                continue;
            }
            if (type[i] == BodyStore.DYNAMIC) {
                index[islandOf[i]]++;
                awake++;
            } else if (type[i] == BodyStore.KINEMATIC) {
                kinematicMoving = true;
            }
        }
        // Islands numbered in root order; bodyStart from the counts.
        count = 0;
        for (int root = 0; root < n; root++) {
            int bodiesOfRoot = index[root];
            if (bodiesOfRoot == 0) {
                index[root] = -1;
                continue;
            }
            growIslands(count + 2);
            bodyStart[count + 1] = bodiesOfRoot;
            index[root] = count++;
        }
        bodyStart[0] = 0;
        int[] cursor = startsAndCursors(bodyStart);
        if (bodies.length < awake) {
            bodies = new int[Math.max(awake, 2 * bodies.length)];
        }
        for (int i = 0; i < n; i++) {
            if (asleep[i] == 0 && type[i] == BodyStore.DYNAMIC) {
                bodies[cursor[index[islandOf[i]]]++] = i;
            }
        }
        placeRuns(s, c, islandOf);
    }

    /**
     * The islands' keys with those joined that a run joins: a speculative pair of two moving bodies
     * too far apart to link them as islands (for sleeping) still has points the solver moves both
     * bodies with, so the walk must solve them in one island. Union by the smaller key.
     */
    private int[] joinSpeculative(BodyStore s, ContactStore c, int[] islandOf, int n) {
        int[] up = parent;
        System.arraycopy(islandOf, 0, up, 0, n);
        int[] start = c.runStart, bodyA = c.bodyA, bodyB = c.bodyB;
        double[] invMass = s.invMass;
        for (int r = 0, runs = c.runCount(); r < runs; r++) {
            int a = bodyA[start[r]], b = bodyB[start[r]];
            if (invMass[a] > 0 && invMass[b] > 0) {
                int ra = find(up, a), rb = find(up, b);
                if (ra < rb) {
                    up[rb] = ra;
                } else if (rb < ra) {
                    up[ra] = rb;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            up[i] = find(up, i);
        }
        return up;
    }

    /** The root of i: a key that is its own parent (each key's body is its island's root). */
    private static int find(int[] up, int i) {
        while (up[i] != i) {
            up[i] = up[up[i]];
            i = up[i];
        }
        return i;
    }

    /** Each run into its island's list, in solve order, and the islands' point counts. */
    private void placeRuns(BodyStore s, ContactStore c, int[] islandOf) {
        int runCount = c.runCount();
        int[] start = c.runStart, bodyA = c.bodyA, bodyB = c.bodyB;
        double[] invMass = s.invMass;
        byte[] asleep = s.asleep;
        int[] index = islandOfRoot;
        covered = true;
        if (runs.length < runCount) {
            runs = new int[Math.max(runCount, 2 * runs.length)];
            runIsland = new int[runs.length];
        }
        Arrays.fill(runStart, 0, count + 1, 0);
        for (int r = 0; r < runCount; r++) {
            int k = islandOfRun(r, start, bodyA, bodyB, invMass, asleep, islandOf, index);
            if (k < 0) {
                covered = false;
                return;
            }
            runIsland[r] = k;
            runStart[k + 1]++;
        }
        int[] cursor = startsAndCursors(runStart);
        for (int r = 0; r < runCount; r++) {
            runs[cursor[runIsland[r]]++] = r;
        }
        largestPoints = 0;
        totalPoints = 0;
        for (int k = 0; k < count; k++) {
            int points = 0;
            for (int j = runStart[k]; j < runStart[k + 1]; j++) {
                int r = runs[j];
                points += start[r + 1] - start[r];
            }
            largestPoints = Math.max(largestPoints, points);
            totalPoints += points;
        }
    }

    /**
     * Run r's island: that of its moving body; -1 for none, or when both move and are in different
     * islands (a speculative pair too far apart to link them).
     */
    private static int islandOfRun(int r, int[] start, int[] bodyA, int[] bodyB, double[] invMass, byte[] asleep,
                                   int[] islandOf, int[] index) {
        int first = start[r];
        int a = bodyA[first], b = bodyB[first];
        boolean movesA = invMass[a] > 0, movesB = invMass[b] > 0;
        if (movesA && movesB && islandOf[a] != islandOf[b]) {
            return -1;
        }
        int body = movesA ? a : b;
        if (!(invMass[body] > 0) || asleep[body] != 0) {
            return -1;
        }
        return index[islandOf[body]];
    }

    /** Each run's island, while the runs are sorted into {@link #runs}. */
    private int[] runIsland = new int[16];
    private int[] cursorScratch = new int[16];

    /**
     * Turns counts per island (island k's at {@code starts[k + 1]}, {@code starts[0]} 0) into the
     * islands' starts, and returns a copy of the starts to fill through (one cursor per island).
     */
    private int[] startsAndCursors(int[] starts) {
        for (int k = 0; k < count; k++) {
            starts[k + 1] += starts[k];
        }
        if (cursorScratch.length < count) {
            cursorScratch = new int[Math.max(count, 2 * cursorScratch.length)];
        }
        System.arraycopy(starts, 0, cursorScratch, 0, count);
        return cursorScratch;
    }

    private void growIslands(int length) {
        if (bodyStart.length < length) {
            int grown = Math.max(length, 2 * bodyStart.length);
            bodyStart = Arrays.copyOf(bodyStart, grown);
            runStart = Arrays.copyOf(runStart, grown);
        }
    }
}
