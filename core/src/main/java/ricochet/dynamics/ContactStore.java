package ricochet.dynamics;

import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import ricochet.math.StateInput;

/**
 * The contact points of one step, indexed densely 0..count-1, and the impulses of the step before,
 * keyed by (collider A, collider B, feature id) for warm starting.
 *
 * <p>Layout: every point is one record of {@link #STRIDE} doubles in {@link #data}, fields at the
 * offsets below, the solver's hot fields first. A solver pass reads some 50 fields of a point at
 * once; as one record they lie in adjacent cache lines off one index, where one array per field
 * made every point touch dozens of arrays, each a separate line and a separate bounds check. The
 * keys and body indices stay in {@code int} arrays: the warm-start lookup reads them apart from the
 * rest. The normal and the pair's material are repeated in each of a manifold's (at most four)
 * points, so a compound's several manifolds between one body pair are no special case.
 * {@link #runStart} groups consecutive points of one body pair into runs: the solver holds the two
 * bodies' velocities in locals for a run.
 *
 * <p>Frames and units: {@code N*} is the unit normal from A to B (world); {@code T1*, T2*} two
 * unit tangents with {@code (t1, t2, n)} right-handed; {@code RA*, RB*} the lever arms from each
 * body's centre of mass to its contact point at the start of the step (world, m), from which the
 * step's angular Jacobians {@code AN..IBT2} are formed; {@code LA*, LB*} the same anchors in each
 * body's own axes, rotated with the body to recompute the separation every substep; {@code BASE}
 * the separation (m) left over once the anchors are subtracted
 * ({@code s = base + (cB + R_B lB - cA - R_A lA) . n}, 0 up to rounding for a manifold whose
 * separation is {@code (pointB - pointA) . n}); {@code SEP} that separation at the bodies' current
 * poses, refreshed once per substep. Impulses are N s.
 *
 * <p>The impulses of the step before live in a {@link WarmStartCache}: {@link #warmStart} reads it,
 * {@link #saveImpulses} (or its three parts) fills it.
 */
public final class ContactStore {

    // Field offsets in a point's record. Hot in every solver pass: the normal and tangents, the
    // angular Jacobians r x d of both bodies for d = n, t1, t2 and their images under the step's
    // world inverse inertia, I^-1 (r x d), the effective masses and the accumulated impulses.
    public static final int NX = 0, NY = 1, NZ = 2;
    public static final int T1X = 3, T1Y = 4, T1Z = 5, T2X = 6, T2Y = 7, T2Z = 8;
    /** {@code rA x n}, {@code rA x t1}, {@code rA x t2}, then the same for B. */
    public static final int AN = 9, AT1 = 12, AT2 = 15, BN = 18, BT1 = 21, BT2 = 24;
    /** {@code I_A^-1 (rA x n)}, {@code I_A^-1 (rA x t1)}, {@code I_A^-1 (rA x t2)}, then for B. */
    public static final int IAN = 27, IAT1 = 30, IAT2 = 33, IBN = 36, IBT1 = 39, IBT2 = 42;
    public static final int NORMAL_MASS = 45, TANGENT_MASS1 = 46, TANGENT_MASS2 = 47;
    public static final int FRICTION = 48;
    /** Accumulated impulses of the current substep (warm-start state), N s. */
    public static final int NORMAL_IMPULSE = 49, TANGENT_IMPULSE1 = 50, TANGENT_IMPULSE2 = 51;
    /** Largest single normal impulse increment in the step, N s (0: the point never pushed). */
    public static final int MAX_NORMAL_IMPULSE = 52;
    /** The most negative normal velocity seen before the point's impulse in a biased solve, m/s. */
    public static final int APPROACH = 53;
    /** The separation at the bodies' current poses, m. */
    public static final int SEP = 54;
    /** 1 when either body has infinite mass: the stiffer static softness applies; else 0. */
    public static final int ANCHORED = 55;
    // Once per substep: the anchors in the bodies' frames.
    public static final int LAX = 56, LAY = 57, LAZ = 58, LBX = 59, LBY = 60, LBZ = 61, BASE = 62;
    // Once per step.
    /** Separation at detection, m (negative when penetrating). */
    public static final int SEPARATION = 63;
    /** Lever arms from each centre of mass to the point at the start of the step, world, m. */
    public static final int RAX = 64, RAY = 65, RAZ = 66, RBX = 67, RBY = 68, RBZ = 69;
    public static final int RESTITUTION = 70;
    /** Normal impulse applied over the whole step (every substep plus restitution), N s. */
    public static final int TOTAL_NORMAL_IMPULSE = 71;
    /**
     * The most negative normal velocity the point can reach in the step by the bodies' own motion,
     * m/s: its normal velocity at the start less what gravity, forces, torques and spin can add in
     * the step (restitution bounces off no faster approach than this). 0 for a point without
     * restitution: nothing else reads it.
     */
    public static final int APPROACH_FLOOR = 72;
    /**
     * On a run's first point, once per step: how much further than its separation each of the run's
     * points' springs is read as pressed in, m, so that it holds up the weight on it at a lone body's
     * rest deflection ({@link SupportLoad}); 0 where it holds up no more than that.
     */
    public static final int PRELOAD = 73;
    /**
     * Where the anchor sits between the two surface points at detection, A's (0) to B's (1): 0.5, the
     * midpoint, but for a body sunk beyond its size ({@link ContactAnchor}).
     */
    public static final int ANCHOR_SHARE = 74;
    /**
     * Patch friction (a run whose points share one normal and one friction coefficient,
     * {@code ContactSolver.setPatchFriction}): on the run's first point, while the step solves, the
     * tangent fields {@code AT1..IBT2, TANGENT_MASS*, TANGENT_IMPULSE*} are the patch's, at the
     * centre of its points, and these the twist about the normal: its accumulated impulse (N m s),
     * effective mass, and {@code I_A^-1 n}, {@code I_B^-1 n}. Between steps the patch's impulses are
     * spread back over the points' tangent impulses (the same force and twist), so the warm-start
     * cache and the contact queries see per-point friction either way.
     */
    public static final int TWIST_IMPULSE = 75, TWIST_MASS = 76, IAW = 77, IBW = 80;
    /**
     * Each point of a patch: its offset (m) from the patch's centre along t1 and t2, and its length,
     * the point's lever for the twist.
     */
    public static final int PATCH_OFFSET1 = 83, PATCH_OFFSET2 = 84, TWIST_ARM = 85;
    /**
     * Friction anchors ({@link FrictionAnchor}), along t1 and t2: {@code ANCHOR_E*} (m) the offset
     * that turns the drift of the step's anchors since its start, {@code DRIFT*} (m), into the
     * sticking anchors' separation {@code C = E + DRIFT}; {@code FRICTION_BIAS*} (m) that separation as
     * the tangent rows read it (a patch's mean, on its first point), and after the step the
     * separation carried to the next; {@code LEVER_SPEED*} (m/s) the relative velocity of the anchors
     * as they are now less that at the step's levers; {@code ANCHOR_SLIP} 1 once the point slid since
     * its anchors were last placed.
     */
    public static final int ANCHOR_E1 = 86, ANCHOR_E2 = 87, DRIFT1 = 88, DRIFT2 = 89;
    public static final int FRICTION_BIAS1 = 90, FRICTION_BIAS2 = 91, LEVER_SPEED1 = 92, LEVER_SPEED2 = 93;
    public static final int ANCHOR_SLIP = 94;
    public static final int STRIDE = 95;

    private int count;
    private int capacity;

    /** The points' records, {@link #STRIDE} doubles each. */
    public double[] data;
    /** Dense body indices in the {@link BodyStore} (valid for the current step). */
    public int[] bodyA, bodyB;
    /** Collider numbers of A and B and the manifold's feature id: the warm-start key. */
    public int[] colliderA, colliderB, featureId;
    /** 1 when the point found last step's impulses under its key. */
    public byte[] warmStarted;
    /**
     * Runs of consecutive points with the same body pair: run r is points
     * {@code runStart[r] .. runStart[r + 1] - 1}; set by {@link #buildRuns}.
     */
    public int[] runStart = new int[17];
    private int runCount;
    /**
     * Per run: non-zero when a joint solves the run's normal rows together with its own (a light body
     * jointed to a heavier one and touching static ground: {@code ricochet.joints.GroundedBlock}); the
     * contact solver then solves only the run's friction. Cleared by {@link #clearJointNormals} each
     * step, set by the constraints after the runs are coloured.
     */
    public byte[] jointNormals = new byte[16];

    // The other set of point arrays: {@link #checkpoint} swaps the two, so the step writes into one
    // while the last step's points, which the world's contact queries read, wait in the other.
    private double[] spareData;
    private int[] spareBodyA, spareBodyB, spareColliderA, spareColliderB, spareFeatureId;
    private byte[] spareWarmStarted;
    private int[] spareRunStart = new int[17];
    private int spareCount, spareCapacity, spareRunCount;

    // Scratch point arrays {@link #reorderRuns} copies into before it swaps them in.
    private double[] sortedData = new double[0];
    private int[] sortedBodyA = new int[0], sortedBodyB = new int[0], sortedColliderA = new int[0];
    private int[] sortedColliderB = new int[0], sortedFeatureId = new int[0], sortedRunStart = new int[1];
    private byte[] sortedWarmStarted = new byte[0];

    /** The colouring of the runs the solver sweeps (see {@link #place} and {@link #colourRuns}). */
    final ConstraintGraph graph = new ConstraintGraph();
    /** Whether this step's points were placed in colour order by {@link #place}. */
    private boolean placed;
    // Chunks of points planned before they are written (see plan): each chunk's run and its first
    // point (its offset in the run until place), and each planned run's point count.
    private int[] planRun = new int[16], planFirst = new int[16], runPoints = new int[16],
            runFirst = new int[16];
    private int planCount, plannedRuns;

    /** Where {@link #warmStart} looks first: one past the old point it matched last. */
    private int cursor;
    /** Last step's impulses, keyed for warm starting, and the save into them. */
    private final WarmStartCache cache = new WarmStartCache();

    public ContactStore() {
        resize(16);
        swapPoints();
        resize(16);
        swapPoints();
    }

    /** Points stored this step. */
    public int count() {
        return count;
    }

    /** Forgets this step's points (the cache of the last step stays). */
    public void clear() {
        count = 0;
        cursor = 0;
        placed = false;
        planCount = 0;
        plannedRuns = 0;
    }

    /**
     * Plans a chunk of {@code points} points between bodies a and b (dense indices), to be written by
     * {@link #set} once {@link #place} has given them their places; returns the chunk's number.
     * Chunks come in store order (the narrow phase's): consecutive chunks of one body pair are one
     * run. Use either this or {@link #add} in a step, not both.
     */
    public int plan(int a, int b, int points) {
        if (planCount == planRun.length) {
            planRun = Arrays.copyOf(planRun, 2 * planCount);
            planFirst = Arrays.copyOf(planFirst, 2 * planCount);
        }
        int r = plannedRuns - 1;
        int[] runA = graph.runA, runB = graph.runB;
        if (r < 0 || runA[r] != a || runB[r] != b) {
            r = plannedRuns++;
            graph.growRuns(plannedRuns);
            runA = graph.runA;
            runB = graph.runB;
            if (runPoints.length < plannedRuns) {
                runPoints = Arrays.copyOf(runPoints, graph.runA.length);
                runFirst = new int[graph.runA.length];
            }
            runA[r] = a;
            runB[r] = b;
            runPoints[r] = 0;
        }
        int p = planCount++;
        planRun[p] = r;
        planFirst[p] = runPoints[r];
        runPoints[r] += points;
        return p;
    }

    /**
     * Colours the planned runs ({@link ConstraintGraph}, over the bodies of {@code s}) and gives every
     * planned chunk its place: the runs in colour order, each run's chunks together in plan order.
     * The points then lie as {@link #buildRuns} and {@link #reorderRuns} would have put them, with
     * nothing copied; they are written by {@link #set} at {@link #plannedFirst}, in any order.
     */
    public void place(BodyStore s) {
        place(s, null);
    }

    /**
     * {@link #place(BodyStore)}, each colour's runs in island order ({@code islandOf}: a key per body
     * shared by the bodies of one island; see {@link ConstraintGraph#colour(BodyStore, int, int[],
     * int[], int[])}).
     */
    public void place(BodyStore s, int[] islandOf) {
        if (count != 0) {
            throw new IllegalStateException("contact store: " + count + " points were added besides the plan");
        }
        int runs = plannedRuns;
        graph.colour(s, runs, graph.runA, graph.runB, islandOf);
        if (runStart.length < runs + 1) {
            runStart = new int[Math.max(runs + 1, 2 * runStart.length)];
        }
        int[] order = graph.order;
        int next = 0;
        for (int k = 0; k < runs; k++) {
            int r = order[k];
            runFirst[r] = next;
            runStart[k] = next;
            next += runPoints[r];
        }
        runStart[runs] = next;
        runCount = runs;
        for (int p = 0; p < planCount; p++) {
            planFirst[p] += runFirst[planRun[p]];
        }
        allocate(next);
        placed = true;
    }

    /** Where planned chunk p's points go, after {@link #place}. */
    public int plannedFirst(int p) {
        return planFirst[p];
    }

    /**
     * Runs and colours for points that were {@link #add}ed, not planned: {@link #buildRuns},
     * {@link ConstraintGraph#colour}, {@link #reorderRuns}; nothing when they were {@link #place}d.
     * Call it before the points are prepared.
     */
    public void colourRuns(BodyStore s) {
        if (placed) {
            return;
        }
        int runs = buildRuns();
        graph.colour(s, this);
        reorderRuns(graph.order, runs);
    }

    /** No run's normals solved by a joint (see {@link #jointNormals}), for this step's runs. */
    public void clearJointNormals() {
        if (jointNormals.length < runCount) {
            jointNormals = new byte[Math.max(16, 2 * runCount)];
        } else {
            Arrays.fill(jointNormals, 0, runCount, (byte) 0);
        }
    }

    /** Forgets the cached impulses too, e.g. after a collider number was freed and may be reused. */
    public void clearCache() {
        cache.clear();
    }

    /**
     * Before a step: keeps this step's points and the warm-start cache aside so that
     * {@link #rollback} can bring them back. Copies nothing: the points' arrays swap with a spare
     * set (the step writes into the spare), and {@link #saveImpulses} always writes the other cache.
     */
    public void checkpoint() {
        swapPoints();
        clear();
        cache.checkpoint();
    }

    /** Back to the points and cache of the last {@link #checkpoint}. */
    public void rollback() {
        swapPoints();
        cursor = 0;
        placed = false;
        planCount = 0;
        plannedRuns = 0;
        cache.rollback();
    }

    private void swapPoints() {
        double[] d = data;
        data = spareData;
        spareData = d;
        int[] t = bodyA;
        bodyA = spareBodyA;
        spareBodyA = t;
        t = bodyB;
        bodyB = spareBodyB;
        spareBodyB = t;
        t = colliderA;
        colliderA = spareColliderA;
        spareColliderA = t;
        t = colliderB;
        colliderB = spareColliderB;
        spareColliderB = t;
        t = featureId;
        featureId = spareFeatureId;
        spareFeatureId = t;
        t = runStart;
        runStart = spareRunStart;
        spareRunStart = t;
        byte[] w = warmStarted;
        warmStarted = spareWarmStarted;
        spareWarmStarted = w;
        int k = count;
        count = spareCount;
        spareCount = k;
        k = capacity;
        capacity = spareCapacity;
        spareCapacity = k;
        k = runCount;
        runCount = spareRunCount;
        spareRunCount = k;
    }

    /**
     * Appends a point with its keys, body indices, geometry (unit normal A to B, lever arms from
     * each centre of mass, m, the separation at detection, m) and material; the impulses are zero.
     * Returns its index.
     */
    public int add(int a, int b, int colliderA, int colliderB, int feature, double nx, double ny, double nz,
                   double rAx, double rAy, double rAz, double rBx, double rBy, double rBz, double separation,
                   double friction, double restitution) {
        int i = allocate(1);
        set(i, a, b, colliderA, colliderB, feature, nx, ny, nz, rAx, rAy, rAz, rBx, rBy, rBz, separation,
                friction, restitution);
        return i;
    }

    /** Point i's anchor share ({@link #ANCHOR_SHARE}), after {@link #set} (which makes it 0.5). */
    public void setAnchorShare(int i, double t) {
        data[STRIDE * i + ANCHOR_SHARE] = t;
    }

    /**
     * Appends {@code n} points to be filled by {@link #set}; returns the first one's index. Points
     * appended together can then be set on several threads at once.
     */
    public int allocate(int n) {
        if (count + n > capacity) {
            resize(Math.max(count + n, 2 * capacity));
        }
        int i = count;
        count += n;
        return i;
    }

    /** Writes point i (appended by {@link #allocate}) as {@link #add} describes; touches only point i. */
    public void set(int i, int a, int b, int colliderA, int colliderB, int feature, double nx, double ny,
                    double nz, double rAx, double rAy, double rAz, double rBx, double rBy, double rBz,
                    double separation, double friction, double restitution) {
        bodyA[i] = a;
        bodyB[i] = b;
        this.colliderA[i] = colliderA;
        this.colliderB[i] = colliderB;
        featureId[i] = feature;
        warmStarted[i] = 0;
        double[] d = data;
        int o = STRIDE * i;
        d[o + NX] = nx;
        d[o + NY] = ny;
        d[o + NZ] = nz;
        d[o + RAX] = rAx;
        d[o + RAY] = rAy;
        d[o + RAZ] = rAz;
        d[o + RBX] = rBx;
        d[o + RBY] = rBy;
        d[o + RBZ] = rBz;
        d[o + SEPARATION] = separation;
        d[o + FRICTION] = friction;
        d[o + RESTITUTION] = restitution;
        d[o + ANCHOR_SHARE] = 0.5;
        d[o + NORMAL_IMPULSE] = d[o + TANGENT_IMPULSE1] = d[o + TANGENT_IMPULSE2] = 0;
        d[o + MAX_NORMAL_IMPULSE] = d[o + TOTAL_NORMAL_IMPULSE] = 0;
        d[o + APPROACH] = 0;
        // Only a run's first point has a PRELOAD and only a patch writes its fields: elsewhere they hold
        // 0, not a former point's (a snapshot writes the whole record).
        d[o + PRELOAD] = 0;
        Arrays.fill(d, o + TWIST_IMPULSE, o + STRIDE, 0);
    }

    /** Field {@code field} (one of the offsets above) of point i. */
    public double get(int i, int field) {
        return data[STRIDE * i + field];
    }

    /** Groups the points into runs of one body pair (see {@link #runStart}); returns the run count. */
    public int buildRuns() {
        int n = count;
        if (runStart.length < n + 1) {
            runStart = new int[Math.max(n + 1, 2 * runStart.length)];
        }
        int r = 0;
        int i = 0;
        while (i < n) {
            int a = bodyA[i], b = bodyB[i];
            runStart[r++] = i;
            i++;
            while (i < n && bodyA[i] == a && bodyB[i] == b) {
                i++;
            }
        }
        runStart[r] = n;
        runCount = r;
        return r;
    }

    /**
     * Moves the runs into the order {@code order[0] .. order[runs - 1]} (run numbers of
     * {@link #buildRuns}), each run's points together and in their order, and renumbers them: run k
     * is then the points of old run {@code order[k]}. A solver sweeping the runs in that order then
     * reads the records one after another. Copies only what {@link #add} writes (the keys, body
     * indices, normal, lever arms, separation and material, the impulses being zero), so it is for
     * points not yet prepared. Allocates nothing once the scratch arrays have grown.
     */
    public void reorderRuns(int[] order, int runs) {
        int n = count;
        if (sortedBodyA.length < capacity) {
            sortedData = new double[STRIDE * capacity];
            sortedBodyA = new int[capacity];
            sortedBodyB = new int[capacity];
            sortedColliderA = new int[capacity];
            sortedColliderB = new int[capacity];
            sortedFeatureId = new int[capacity];
            sortedWarmStarted = new byte[capacity];
        }
        if (sortedRunStart.length < runStart.length) {
            sortedRunStart = new int[runStart.length];
        }
        double[] from = data, to = sortedData;
        int j = 0;
        for (int k = 0; k < runs; k++) {
            int r = order[k];
            sortedRunStart[k] = j;
            for (int i = runStart[r], end = runStart[r + 1]; i < end; i++, j++) {
                sortedBodyA[j] = bodyA[i];
                sortedBodyB[j] = bodyB[i];
                sortedColliderA[j] = colliderA[i];
                sortedColliderB[j] = colliderB[i];
                sortedFeatureId[j] = featureId[i];
                sortedWarmStarted[j] = 0;
                int o = STRIDE * i, p = STRIDE * j;
                to[p + NX] = from[o + NX];
                to[p + NY] = from[o + NY];
                to[p + NZ] = from[o + NZ];
                to[p + RAX] = from[o + RAX];
                to[p + RAY] = from[o + RAY];
                to[p + RAZ] = from[o + RAZ];
                to[p + RBX] = from[o + RBX];
                to[p + RBY] = from[o + RBY];
                to[p + RBZ] = from[o + RBZ];
                to[p + SEPARATION] = from[o + SEPARATION];
                to[p + FRICTION] = from[o + FRICTION];
                to[p + RESTITUTION] = from[o + RESTITUTION];
                to[p + NORMAL_IMPULSE] = to[p + TANGENT_IMPULSE1] = to[p + TANGENT_IMPULSE2] = 0;
                to[p + MAX_NORMAL_IMPULSE] = to[p + TOTAL_NORMAL_IMPULSE] = 0;
                to[p + APPROACH] = 0;
                to[p + PRELOAD] = 0;
                Arrays.fill(to, p + TWIST_IMPULSE, p + STRIDE, 0);
            }
        }
        if (j != n) {
            throw new IllegalStateException("contact store: the order covers " + j + " of " + n + " points");
        }
        sortedRunStart[runs] = n;
        double[] d = data;
        data = sortedData;
        sortedData = d;
        int[] t = bodyA;
        bodyA = sortedBodyA;
        sortedBodyA = t;
        t = bodyB;
        bodyB = sortedBodyB;
        sortedBodyB = t;
        t = colliderA;
        colliderA = sortedColliderA;
        sortedColliderA = t;
        t = colliderB;
        colliderB = sortedColliderB;
        sortedColliderB = t;
        t = featureId;
        featureId = sortedFeatureId;
        sortedFeatureId = t;
        t = runStart;
        runStart = sortedRunStart;
        sortedRunStart = t;
        byte[] w = warmStarted;
        warmStarted = sortedWarmStarted;
        sortedWarmStarted = w;
    }

    /** Runs found by the last {@link #buildRuns}. */
    public int runCount() {
        return runCount;
    }

    /**
     * Copies last step's impulses into point {@code i}: those cached under its key, or else those of
     * the nearest point of the same body pair whose anchor on A (body frame, {@code lA}) lies within
     * {@link SolverTuning#MATCH_DISTANCE}, when one does ({@link WarmStartCache}). Returns whether a
     * point was found.
     */
    public boolean warmStart(int i) {
        cursor = warmStart(i, cursor);
        return warmStarted[i] != 0;
    }

    /**
     * {@link #warmStart(int)} with the caller's own cursor: the lookup tries old point {@code hint}
     * first; returns the hint for the next point. It reads only last step's cache and writes only
     * point i, so points can be warm-started in any order, on several threads at once, with the
     * same result.
     */
    public int warmStart(int i, int hint) {
        return cache.lookup(this, i, hint);
    }

    /**
     * Moves this step's keys and impulses into the cache the next step warm-starts from. They go into
     * the cache not being read, which then swaps in, so that {@link #rollback} can swap back. The
     * same as {@link #beginSave}, {@link #copyForSave} over all points and {@link #finishSave}.
     */
    public void saveImpulses() {
        beginSave();
        copyForSave(0, count);
        finishSave();
    }

    /** The first of a save's three parts: sizes the cache being written and starts its epoch. */
    public void beginSave() {
        cache.begin(count);
    }

    /**
     * Points {@code from .. to - 1} into slots of the same number of the cache being written: the
     * slots they take when no two points of the step share a key, the usual case. Each point writes
     * only its own slot, so ranges may be copied on several threads at once.
     */
    public void copyForSave(int from, int to) {
        cache.copy(this, from, to);
    }

    /**
     * The last part of a save, once every point was copied: the copied keys into the tables, in point
     * order, and the caches swap. Where two points of the step share a key (a compound's children
     * share a body pair and may share a feature id) the first keeps it.
     */
    public void finishSave() {
        cache.finish(this);
    }

    /**
     * This step's points (the world's contact queries read them) and the warm-start cache with its
     * tables as they are, bit for bit (a snapshot).
     */
    public void writeState(DataOutput out) throws IOException {
        out.writeInt(count);
        for (int i = 0; i < STRIDE * count; i++) {
            out.writeDouble(data[i]);
        }
        for (int i = 0; i < count; i++) {
            out.writeInt(bodyA[i]);
            out.writeInt(bodyB[i]);
            out.writeInt(colliderA[i]);
            out.writeInt(colliderB[i]);
            out.writeInt(featureId[i]);
            out.writeByte(warmStarted[i]);
        }
        out.writeInt(runCount);
        for (int r = 0; r <= runCount; r++) {
            out.writeInt(runStart[r]);
        }
        cache.write(out);
    }

    /**
     * Replaces points and cache with what {@link #writeState} wrote: each point between two of the
     * world's {@code bodies} (dense indices) and {@code colliders}, its numbers finite, its runs
     * covering the points in order; refused naming the first value that does not fit.
     */
    public void readState(StateInput in, int bodies, int colliders) throws IOException {
        int n = in.count("contact point count", 8 * STRIDE + 21, Integer.MAX_VALUE / STRIDE);
        if (n > capacity) {
            resize(n);
        }
        for (int i = 0; i < STRIDE * n; i++) {
            data[i] = in.readDouble();
            if (!Double.isFinite(data[i])) {
                throw StateInput.refuse("contact point " + i / STRIDE + "'s value " + i % STRIDE + " is "
                        + data[i] + ", not finite");
            }
        }
        for (int i = 0; i < n; i++) {
            String p = "contact point " + i + "'s ";
            bodyA[i] = in.index(p + "body A", bodies, false);
            bodyB[i] = in.index(p + "body B", bodies, false);
            colliderA[i] = in.index(p + "collider A", colliders, false);
            colliderB[i] = in.index(p + "collider B", colliders, false);
            featureId[i] = in.readInt();
            warmStarted[i] = in.flag(p + "warm-start flag");
        }
        count = n;
        int runs = in.count("contact run count", 4, n);
        if (runStart.length < runs + 1) {
            runStart = new int[runs + 1];
        }
        for (int r = 0; r <= runs; r++) {
            runStart[r] = in.readInt();
            int low = r == 0 ? 0 : runStart[r - 1];
            int high = r == 0 ? 0 : r == runs ? n : n;
            if (runStart[r] < low || runStart[r] > high || (r == runs && runStart[r] != n)) {
                throw StateInput.refuse("contact run " + r + " starts at point " + runStart[r] + ", out of order"
                        + " in " + n + " points");
            }
        }
        runCount = runs;
        cursor = 0;
        cache.read(in);
    }

    private void resize(int n) {
        data = data == null ? new double[STRIDE * n] : Arrays.copyOf(data, STRIDE * n);
        bodyA = grow(bodyA, n);
        bodyB = grow(bodyB, n);
        colliderA = grow(colliderA, n);
        colliderB = grow(colliderB, n);
        featureId = grow(featureId, n);
        warmStarted = warmStarted == null ? new byte[n] : Arrays.copyOf(warmStarted, n);
        capacity = n;
    }

    private static int[] grow(int[] a, int n) {
        return a == null ? new int[n] : Arrays.copyOf(a, n);
    }
}
