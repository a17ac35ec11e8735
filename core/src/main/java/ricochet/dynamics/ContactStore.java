package ricochet.dynamics;

import java.util.Arrays;

/**
 * The contact points of one step, one primitive array per field, indexed densely 0..count-1, and
 * the impulses of the step before, keyed by (collider A, collider B, feature id) for warm starting.
 *
 * <p>Why struct-of-arrays and why per point: the solver's passes walk every point touching a few
 * fields each (lever arms, effective masses, accumulated impulses), and a point never becomes an
 * object the collector must trace. The normal and the pair's material are repeated in each of a
 * manifold's (at most four) points so every pass is one flat loop.
 *
 * <p>Frames and units: {@code nx..nz} is the unit normal from A to B (world); {@code t1, t2} two
 * unit tangents with {@code (t1, t2, n)} right-handed; {@code rA, rB} the lever arms from each
 * body's centre of mass to its contact point at the start of the step (world, m), kept for the
 * Jacobians all step; {@code lA, lB} the same anchors in each body's own axes, rotated with the body
 * to recompute the separation every substep; {@code base} the separation (m) left over once the
 * anchors are subtracted ({@code s = base + (cB + R_B lB - cA - R_A lA) . n}, 0 up to rounding for
 * a manifold whose separation is {@code (pointB - pointA) . n}). Impulses are N s.
 *
 * <p>The warm-start cache is an open-addressing table (linear probing, power-of-two capacity at
 * most half full) over the previous step's keys: exact keys and a fixed probe order make the lookup
 * deterministic, and no key is ever boxed. Entries are marked live by an epoch stamp, so emptying the
 * table costs nothing.
 */
public final class ContactStore {

    private int count;
    private int capacity;

    /** Dense body indices in the {@link BodyStore} (valid for the current step). */
    public int[] bodyA, bodyB;
    /** Collider numbers of A and B and the manifold's feature id: the warm-start key. */
    public int[] colliderA, colliderB, featureId;
    public double[] nx, ny, nz;
    public double[] t1x, t1y, t1z, t2x, t2y, t2z;
    public double[] rAx, rAy, rAz, rBx, rBy, rBz;
    public double[] lAx, lAy, lAz, lBx, lBy, lBz;
    public double[] base;
    /** Separation at detection, m (negative when penetrating). */
    public double[] separation;
    public double[] normalMass, tangentMass1, tangentMass2;
    public double[] friction, restitution;
    /** 1 when either body has infinite mass: the stiffer static softness applies. */
    public byte[] anchored;
    /** Accumulated impulses of the current substep (warm-start state), N s. */
    public double[] normalImpulse, tangentImpulse1, tangentImpulse2;
    /** Largest single normal impulse increment in the step, N s (0: the point never pushed). */
    public double[] maxNormalImpulse;
    /** Normal impulse applied over the whole step (every substep plus restitution), N s. */
    public double[] totalNormalImpulse;
    /** The most negative normal velocity seen before the point's impulse in a biased solve, m/s. */
    public double[] approachVelocity;
    /** 1 when the point found last step's impulses under its key. */
    public byte[] warmStarted;

    // Last step's keys and impulses, and the table over them.
    private int oldCount;
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
    }

    /** Forgets the cached impulses too, e.g. after a collider number was freed and may be reused. */
    public void clearCache() {
        oldCount = 0;
        epoch++;
    }

    /** Appends a point with every field zero except the keys and body indices; returns its index. */
    public int add(int a, int b, int colliderA, int colliderB, int feature) {
        if (count == capacity) {
            resize(2 * capacity);
        }
        int i = count++;
        bodyA[i] = a;
        bodyB[i] = b;
        this.colliderA[i] = colliderA;
        this.colliderB[i] = colliderB;
        featureId[i] = feature;
        normalImpulse[i] = tangentImpulse1[i] = tangentImpulse2[i] = 0;
        maxNormalImpulse[i] = totalNormalImpulse[i] = 0;
        approachVelocity[i] = 0;
        warmStarted[i] = 0;
        return i;
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
        int slot = find(colliderA[i], colliderB[i], featureId[i]);
        if (slot < 0) {
            slot = nearest(i);
        }
        if (slot < 0) {
            return false;
        }
        normalImpulse[i] = oldNormal[slot];
        tangentImpulse1[i] = oldT1[slot];
        tangentImpulse2[i] = oldT2[slot];
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
        for (int k = oldRunStart[k0]; k < oldRunEnd[k0]; k++) {
            double dx = oldLx[k] - lAx[i], dy = oldLy[k] - lAy[i], dz = oldLz[k] - lAz[i];
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
            oldNormal[k] = normalImpulse[i];
            oldT1[k] = tangentImpulse1[i];
            oldT2[k] = tangentImpulse2[i];
            oldLx[k] = lAx[i];
            oldLy[k] = lAy[i];
            oldLz[k] = lAz[i];
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
        bodyA = grow(bodyA, n);
        bodyB = grow(bodyB, n);
        colliderA = grow(colliderA, n);
        colliderB = grow(colliderB, n);
        featureId = grow(featureId, n);
        nx = grow(nx, n);
        ny = grow(ny, n);
        nz = grow(nz, n);
        t1x = grow(t1x, n);
        t1y = grow(t1y, n);
        t1z = grow(t1z, n);
        t2x = grow(t2x, n);
        t2y = grow(t2y, n);
        t2z = grow(t2z, n);
        rAx = grow(rAx, n);
        rAy = grow(rAy, n);
        rAz = grow(rAz, n);
        rBx = grow(rBx, n);
        rBy = grow(rBy, n);
        rBz = grow(rBz, n);
        lAx = grow(lAx, n);
        lAy = grow(lAy, n);
        lAz = grow(lAz, n);
        lBx = grow(lBx, n);
        lBy = grow(lBy, n);
        lBz = grow(lBz, n);
        base = grow(base, n);
        separation = grow(separation, n);
        normalMass = grow(normalMass, n);
        tangentMass1 = grow(tangentMass1, n);
        tangentMass2 = grow(tangentMass2, n);
        friction = grow(friction, n);
        restitution = grow(restitution, n);
        anchored = anchored == null ? new byte[n] : Arrays.copyOf(anchored, n);
        normalImpulse = grow(normalImpulse, n);
        tangentImpulse1 = grow(tangentImpulse1, n);
        tangentImpulse2 = grow(tangentImpulse2, n);
        maxNormalImpulse = grow(maxNormalImpulse, n);
        totalNormalImpulse = grow(totalNormalImpulse, n);
        approachVelocity = grow(approachVelocity, n);
        warmStarted = warmStarted == null ? new byte[n] : Arrays.copyOf(warmStarted, n);
        capacity = n;
    }

    private static double[] grow(double[] a, int n) {
        return a == null ? new double[n] : Arrays.copyOf(a, n);
    }

    private static int[] grow(int[] a, int n) {
        return a == null ? new int[n] : Arrays.copyOf(a, n);
    }
}
