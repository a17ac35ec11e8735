package ricochet.dynamics;

import java.util.Arrays;

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
 * <p>The warm-start cache is an open-addressing table (linear probing, power-of-two capacity at
 * most half full) over the previous step's keys: exact keys and a fixed probe order make the lookup
 * deterministic, and no key is ever boxed. Entries are marked live by an epoch stamp, so emptying the
 * table costs nothing.
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
    public static final int STRIDE = 72;

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

    // Last step's keys and impulses, and the table over them.
    private int oldCount;
    /** Where {@link #warmStart} looks first: one past the old point it matched last. */
    private int cursor;
    private int[] oldA = new int[16], oldB = new int[16], oldFeature = new int[16];
    private double[] oldNormal = new double[16], oldT1 = new double[16], oldT2 = new double[16];
    private double[] oldLx = new double[16], oldLy = new double[16], oldLz = new double[16];
    /** Where each old point's pair run starts and ends (exclusive), for the proximity fallback. */
    private int[] oldRunStart = new int[16], oldRunEnd = new int[16];
    private int[] table = new int[32];
    private int[] tableStamp = new int[32];
    private int epoch = 1;

    public ContactStore() {
        resize(16);
    }

    /** Points stored this step. */
    public int count() {
        return count;
    }

    /** Forgets this step's points (the cache of the last step stays). */
    public void clear() {
        count = 0;
        cursor = 0;
    }

    /** Forgets the cached impulses too, e.g. after a collider number was freed and may be reused. */
    public void clearCache() {
        oldCount = 0;
        epoch++;
    }

    /**
     * Appends a point with its keys, body indices, geometry (unit normal A to B, lever arms from
     * each centre of mass, m, the separation at detection, m) and material; the impulses are zero.
     * Returns its index.
     */
    public int add(int a, int b, int colliderA, int colliderB, int feature, double nx, double ny, double nz,
                   double rAx, double rAy, double rAz, double rBx, double rBy, double rBz, double separation,
                   double friction, double restitution) {
        if (count == capacity) {
            resize(2 * capacity);
        }
        int i = count++;
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
        d[o + NORMAL_IMPULSE] = d[o + TANGENT_IMPULSE1] = d[o + TANGENT_IMPULSE2] = 0;
        d[o + MAX_NORMAL_IMPULSE] = d[o + TOTAL_NORMAL_IMPULSE] = 0;
        d[o + APPROACH] = 0;
        return i;
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

    /** Runs found by the last {@link #buildRuns}. */
    public int runCount() {
        return runCount;
    }

    /**
     * Copies last step's impulses into point {@code i}: those cached under its key, or else those of
     * the nearest point of the same body pair whose anchor on A (body frame, {@code lA}) lies within
     * {@link #MATCH_DISTANCE}, when one does. Returns whether a point was found.
     *
     * <p>The fallback is there because a narrow phase's feature ids change when a nearly flat
     * contact switches its reference face (a stacked box tilting by 1e-4 rad does): without it such
     * a point starts cold, the first Gauss-Seidel pass loads the manifold's corners unevenly, and the
     * stack rocks. Matching by the anchor in A's frame is the persistent-manifold rule of Bullet
     * (Coumans) restricted to points whose ids failed.
     */
    public boolean warmStart(int i) {
        int a = colliderA[i], b = colliderB[i], f = featureId[i];
        // The broad phase hands out pairs in a fixed order and a pair's points keep theirs, so this
        // step's points mostly come in last step's order: try the old point after the last match
        // before hashing. Cached keys are unique, so either way finds the same entry.
        int slot = cursor < oldCount && oldA[cursor] == a && oldB[cursor] == b && oldFeature[cursor] == f
                ? cursor : find(a, b, f);
        if (slot >= 0) {
            cursor = slot + 1;
        } else {
            slot = nearest(i);
        }
        if (slot < 0) {
            return false;
        }
        int o = STRIDE * i;
        data[o + NORMAL_IMPULSE] = oldNormal[slot];
        data[o + TANGENT_IMPULSE1] = oldT1[slot];
        data[o + TANGENT_IMPULSE2] = oldT2[slot];
        warmStarted[i] = 1;
        return true;
    }

    /** How far (m) an anchor may have moved on body A for a point to inherit by proximity. */
    public static final double MATCH_DISTANCE = 0.02;

    private int nearest(int i) {
        int k0 = findRun(colliderA[i], colliderB[i]);
        if (k0 < 0) {
            return -1;
        }
        int best = -1;
        double bestD2 = MATCH_DISTANCE * MATCH_DISTANCE;
        int o = STRIDE * i;
        double lx = data[o + LAX], ly = data[o + LAY], lz = data[o + LAZ];
        for (int k = oldRunStart[k0]; k < oldRunEnd[k0]; k++) {
            double dx = oldLx[k] - lx, dy = oldLy[k] - ly, dz = oldLz[k] - lz;
            double d2 = dx * dx + dy * dy + dz * dz;
            if (d2 < bestD2) {
                bestD2 = d2;
                best = k;
            }
        }
        return best;
    }

    /** Any old point of the pair (a, b), found by probing the pair's hash run; -1 when none. */
    private int findRun(int a, int b) {
        if (oldCount == 0) {
            return -1;
        }
        // Points of one pair were appended together, so their runs are contiguous in the old arrays;
        // a linear scan over pair boundaries would be O(n), the run table makes it a probe.
        int mask = runTable.length - 1;
        int h = hash(a, b, 0) & mask;
        while (runStamp[h] == epoch) {
            int k = runTable[h];
            if (oldA[k] == a && oldB[k] == b) {
                return k;
            }
            h = (h + 1) & mask;
        }
        return -1;
    }

    private int[] runTable = new int[32];
    private int[] runStamp = new int[32];

    /** Moves this step's keys and impulses into the cache the next step warm-starts from. */
    public void saveImpulses() {
        if (count > oldA.length) {
            int n = Math.max(count, 2 * oldA.length);
            oldA = new int[n];
            oldB = new int[n];
            oldFeature = new int[n];
            oldNormal = new double[n];
            oldT1 = new double[n];
            oldT2 = new double[n];
            oldLx = new double[n];
            oldLy = new double[n];
            oldLz = new double[n];
            oldRunStart = new int[n];
            oldRunEnd = new int[n];
        }
        if (2 * count > table.length) {
            int n = table.length;
            while (2 * count > n) {
                n *= 2;
            }
            table = new int[n];
            tableStamp = new int[n];
            runTable = new int[n];
            runStamp = new int[n];
        }
        epoch++;
        oldCount = 0;
        int mask = table.length - 1;
        for (int i = 0; i < count; i++) {
            int a = colliderA[i], b = colliderB[i], f = featureId[i];
            int h = hash(a, b, f) & mask;
            boolean duplicate = false;
            while (tableStamp[h] == epoch) {
                int k = table[h];
                if (oldA[k] == a && oldB[k] == b && oldFeature[k] == f) {
                    duplicate = true;
                    break;
                }
                h = (h + 1) & mask;
            }
            if (duplicate) {
                // Two points of a pair with one feature id (a compound's children share the body
                // pair): the first keeps the key, the second starts cold next step.
                continue;
            }
            int k = oldCount++;
            oldA[k] = a;
            oldB[k] = b;
            oldFeature[k] = f;
            int o = STRIDE * i;
            oldNormal[k] = data[o + NORMAL_IMPULSE];
            oldT1[k] = data[o + TANGENT_IMPULSE1];
            oldT2[k] = data[o + TANGENT_IMPULSE2];
            oldLx[k] = data[o + LAX];
            oldLy[k] = data[o + LAY];
            oldLz[k] = data[o + LAZ];
            tableStamp[h] = epoch;
            table[h] = k;
            if (k == 0 || oldA[k - 1] != a || oldB[k - 1] != b) {
                oldRunStart[k] = k;
                int r = hash(a, b, 0) & mask;
                while (runStamp[r] == epoch) {
                    r = (r + 1) & mask;
                }
                runStamp[r] = epoch;
                runTable[r] = k;
            } else {
                oldRunStart[k] = oldRunStart[k - 1];
            }
        }
        for (int k = oldCount - 1; k >= 0; k--) {
            oldRunEnd[k] = k + 1 < oldCount && oldRunStart[k + 1] == oldRunStart[k] ? oldRunEnd[k + 1] : k + 1;
        }
    }

    private int find(int a, int b, int f) {
        if (oldCount == 0) {
            return -1;
        }
        int mask = table.length - 1;
        int h = hash(a, b, f) & mask;
        while (tableStamp[h] == epoch) {
            int k = table[h];
            if (oldA[k] == a && oldB[k] == b && oldFeature[k] == f) {
                return k;
            }
            h = (h + 1) & mask;
        }
        return -1;
    }

    /** The SplitMix64 finaliser over the three keys packed into 64 bits (collisions only cost probes). */
    private static int hash(int a, int b, int f) {
        long z = ((long) a << 32 | (b & 0xFFFFFFFFL)) * 0x9E3779B97F4A7C15L + f;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return (int) (z ^ (z >>> 31));
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
