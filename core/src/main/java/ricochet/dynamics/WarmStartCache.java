package ricochet.dynamics;

import static ricochet.dynamics.ContactStore.ANCHOR_E1;
import static ricochet.dynamics.ContactStore.ANCHOR_E2;
import static ricochet.dynamics.ContactStore.FRICTION_BIAS1;
import static ricochet.dynamics.ContactStore.FRICTION_BIAS2;
import static ricochet.dynamics.ContactStore.LAX;
import static ricochet.dynamics.ContactStore.LAY;
import static ricochet.dynamics.ContactStore.LAZ;
import static ricochet.dynamics.ContactStore.NORMAL_IMPULSE;
import static ricochet.dynamics.ContactStore.STRIDE;
import static ricochet.dynamics.ContactStore.TANGENT_IMPULSE1;
import static ricochet.dynamics.ContactStore.T1X;
import static ricochet.dynamics.ContactStore.T1Y;
import static ricochet.dynamics.ContactStore.T1Z;
import static ricochet.dynamics.ContactStore.T2X;
import static ricochet.dynamics.ContactStore.T2Y;
import static ricochet.dynamics.ContactStore.T2Z;
import static ricochet.dynamics.ContactStore.TANGENT_IMPULSE2;

import java.io.DataOutput;
import java.io.IOException;
import ricochet.math.StateInput;

/**
 * The impulses of the step before, keyed by (collider A, collider B, feature id), that a
 * {@link ContactStore}'s points warm-start from, and the save that fills it at the step's end.
 *
 * <p>An open-addressing table (linear probing, power-of-two capacity at most half full) over the
 * previous step's keys: exact keys and a fixed probe order make the lookup deterministic, and no key
 * is ever boxed. Entries are marked live by an epoch stamp, so emptying the table costs nothing.
 * Two caches alternate: a step reads one and writes the other, so a failed step leaves the one it
 * read untouched ({@link ContactStore#rollback}).
 *
 * <p>Where a point's key is not found, it inherits from the nearest old point of the same body pair
 * whose anchor on A (body frame) lies within {@link SolverTuning#MATCH_DISTANCE}: a narrow phase's
 * feature ids change when a nearly flat contact switches its reference face (a stacked box tilting
 * by 1e-4 rad does), and without it such a point starts cold, the first Gauss-Seidel pass loads the
 * manifold's corners unevenly, and the stack rocks. Matching by the anchor in A's frame is the
 * persistent-manifold rule of Bullet (Coumans) restricted to points whose ids failed.
 */
final class WarmStartCache {

    /**
     * One step's keys and impulses, and the tables over them. Two of these alternate: a step reads
     * one and writes the other, so a failed step leaves the one it read untouched.
     */
    private static final class Cache {
        int count;
        int[] a, b, feature;
        double[] normal, t1, t2, lx, ly, lz;
        /** The friction anchors' separation across the normal, world, m ({@link FrictionAnchor}). */
        double[] ex, ey, ez;
        /** Where each point's pair run starts and ends (exclusive), for the proximity fallback. */
        int[] runStart, runEnd;
        int[] table, tableStamp;
        int[] runTable, runStamp;
        /** The stamp of live table entries (never 0, the stamp of a slot never written). */
        int epoch = -1;

        Cache(int points, int tableLength) {
            growPoints(points);
            growTables(tableLength);
        }

        void growPoints(int n) {
            a = new int[n];
            b = new int[n];
            feature = new int[n];
            normal = new double[n];
            t1 = new double[n];
            t2 = new double[n];
            lx = new double[n];
            ly = new double[n];
            lz = new double[n];
            ex = new double[n];
            ey = new double[n];
            ez = new double[n];
            runStart = new int[n];
            runEnd = new int[n];
        }

        void growTables(int n) {
            table = new int[n];
            tableStamp = new int[n];
            runTable = new int[n];
            runStamp = new int[n];
        }
    }

    /** Last step's keys and impulses: what this step warm-starts from. */
    private Cache old = new Cache(16, 32);
    /** The cache {@link ContactStore#saveImpulses} fills before it becomes {@link #old}. */
    private Cache next = new Cache(16, 32);
    /** Epochs are never reused, so a stamp left in either cache from an earlier step is never live. */
    private int lastEpoch = 1;
    /** The length of the tables (a power of two, at least twice the most points cached so far). */
    private int tableLength = 32;
    /** Caches swapped since the last {@link ContactStore#checkpoint}. */
    private int cacheSwaps;

    /** Forgets the cached impulses. */
    void clear() {
        old.count = 0;
        old.epoch = ++lastEpoch;
    }

    /** At a checkpoint: no swap yet. */
    void checkpoint() {
        cacheSwaps = 0;
    }

    /** Back to the cache read at the last {@link #checkpoint}. */
    void rollback() {
        if ((cacheSwaps & 1) != 0) {
            Cache t = old;
            old = next;
            next = t;
        }
        cacheSwaps = 0;
    }

    /**
     * Last step's impulses into point i of {@code p} ({@link ContactStore#warmStart(int)}), with the
     * caller's own cursor: the lookup tries old point {@code hint}
     * first; returns the hint for the next point. It reads only last step's cache and writes only
     * point i, so points can be warm-started in any order, on several threads at once, with the
     * same result.
     */
    int lookup(ContactStore p, int i, int hint) {
        int a = p.colliderA[i], b = p.colliderB[i], f = p.featureId[i];
        // The broad phase hands out pairs in a fixed order and a pair's points keep theirs, so this
        // step's points mostly come in last step's order: try the old point after the last match,
        // then the old point of the same number (where nothing changed, the layout is the same: the
        // island walk visits an island's runs out of store order), before hashing. Cached keys are
        // unique, so every way finds the same entry.
        Cache c = old;
        int slot = holds(c, hint, a, b, f) ? hint : holds(c, i, a, b, f) ? i : find(a, b, f);
        int next = hint;
        if (slot >= 0) {
            next = slot + 1;
        } else {
            slot = nearest(p, i);
        }
        int o = STRIDE * i;
        double[] d = p.data;
        if (slot < 0) {
            d[o + ANCHOR_E1] = 0;
            d[o + ANCHOR_E2] = 0;
            return next;
        }
        d[o + NORMAL_IMPULSE] = c.normal[slot];
        d[o + TANGENT_IMPULSE1] = c.t1[slot];
        d[o + TANGENT_IMPULSE2] = c.t2[slot];
        // The friction anchors' separation on this step's tangents.
        double ex = c.ex[slot], ey = c.ey[slot], ez = c.ez[slot];
        d[o + ANCHOR_E1] = ex * d[o + T1X] + ey * d[o + T1Y] + ez * d[o + T1Z];
        d[o + ANCHOR_E2] = ex * d[o + T2X] + ey * d[o + T2Y] + ez * d[o + T2Z];
        p.warmStarted[i] = 1;
        return next;
    }

    /** Whether slot k of cache c is live and holds the key (a, b, f). */
    private static boolean holds(Cache c, int k, int a, int b, int f) {
        return k >= 0 && k < c.count && c.a[k] == a && c.b[k] == b && c.feature[k] == f;
    }

    private int nearest(ContactStore p, int i) {
        int k0 = findRun(p.colliderA[i], p.colliderB[i]);
        if (k0 < 0) {
            return -1;
        }
        int best = -1;
        double bestD2 = SolverTuning.MATCH_DISTANCE * SolverTuning.MATCH_DISTANCE;
        int o = STRIDE * i;
        double lx = p.data[o + LAX], ly = p.data[o + LAY], lz = p.data[o + LAZ];
        Cache c = old;
        for (int k = c.runStart[k0]; k < c.runEnd[k0]; k++) {
            double dx = c.lx[k] - lx, dy = c.ly[k] - ly, dz = c.lz[k] - lz;
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
        Cache c = old;
        if (c.count == 0) {
            return -1;
        }
        // Points of one pair were appended together, so their runs are contiguous in the old arrays;
        // a linear scan over pair boundaries would be O(n), the run table makes it a probe.
        int mask = c.runTable.length - 1;
        int h = hash(a, b, 0) & mask;
        while (c.runStamp[h] == c.epoch) {
            int k = c.runTable[h];
            if (c.a[k] == a && c.b[k] == b) {
                return k;
            }
            h = (h + 1) & mask;
        }
        return -1;
    }

    /**
     * The first of a save's three parts: sizes the cache being written for {@code count} points and starts
     * its epoch.
     */
    void begin(int count) {
        Cache c = next;
        if (count > c.a.length) {
            c.growPoints(Math.max(count, 2 * c.a.length));
        }
        while (2 * count > tableLength) {
            tableLength *= 2;
        }
        // Whichever cache is written gets tables of the longest length yet, so the layout a step
        // writes depends on its points and that length, not on which of the two caches it is.
        if (c.table.length < tableLength) {
            c.growTables(tableLength);
        }
        c.epoch = ++lastEpoch;
        c.count = 0;
    }

    /**
     * Points {@code from .. to - 1} into slots of the same number of the cache being written: the
     * slots they take when no two points of the step share a key, the usual case. Each point writes
     * only its own slot, so ranges may be copied on several threads at once. The copy reads the
     * points' records (several cache lines each), which is most of a save's time.
     */
    void copy(ContactStore p, int from, int to) {
        Cache c = next;
        for (int i = from; i < to; i++) {
            copyPoint(p, c, i, i);
        }
    }

    /** Point i's keys, impulses and anchor on A into slot k of cache c. */
    private static void copyPoint(ContactStore p, Cache c, int i, int k) {
        c.a[k] = p.colliderA[i];
        c.b[k] = p.colliderB[i];
        c.feature[k] = p.featureId[i];
        int o = STRIDE * i;
        c.normal[k] = p.data[o + NORMAL_IMPULSE];
        c.t1[k] = p.data[o + TANGENT_IMPULSE1];
        c.t2[k] = p.data[o + TANGENT_IMPULSE2];
        c.lx[k] = p.data[o + LAX];
        c.ly[k] = p.data[o + LAY];
        c.lz[k] = p.data[o + LAZ];
        // The friction anchors' separation (FrictionAnchor.finish) in world axes: the next step's
        // tangents may differ.
        double e1 = p.data[o + FRICTION_BIAS1], e2 = p.data[o + FRICTION_BIAS2];
        c.ex[k] = e1 * p.data[o + T1X] + e2 * p.data[o + T2X];
        c.ey[k] = e1 * p.data[o + T1Y] + e2 * p.data[o + T2Y];
        c.ez[k] = e1 * p.data[o + T1Z] + e2 * p.data[o + T2Z];
    }

    /**
     * The last part of a save, once every point was copied: the copied keys into the tables, in point
     * order, and the caches swap. At the first key a point of the step has already (a compound's
     * children share a body pair and may share a feature id) the rest is saved point by point
     * ({@link #savePoint}), which keeps the first: the cache is then laid out exactly as a save point
     * by point from the start would lay it out.
     */
    void finish(ContactStore p) {
        int count = p.count();
        Cache c = next;
        int epoch = c.epoch, mask = c.table.length - 1;
        int i = 0;
        while (i < count && insertCopied(c, i, epoch, mask)) {
            i++;
        }
        c.count = i;
        for (; i < count; i++) {
            savePoint(p, c, i, epoch, mask);
        }
        // Backwards, each slot's run ends where the next run starts (a run's first slot is its own
        // runStart), without reading slot k + 1: the compiled loop trapped at its start (a hoisted
        // check), as insertRun's read of k - 1 did (see there).
        int[] runStart = c.runStart, runEnd = c.runEnd;
        int end = c.count;
        for (int k = c.count - 1; k >= 0; k--) {
            runEnd[k] = end;
            end = runStart[k] == k ? k : end;
        }
        next = old;
        old = c;
        cacheSwaps++;
    }

    /**
     * Slot i's copied key into the tables of cache {@code c}; false, with nothing written, when an
     * earlier slot has the key. A method per point (as {@link #savePoint}): it is compiled within the
     * first steps, where a loop body in a method called once a step waits for on-stack replacement.
     */
    private static boolean insertCopied(Cache c, int i, int epoch, int mask) {
        int[] table = c.table, tableStamp = c.tableStamp, keyA = c.a, keyB = c.b, keyFeature = c.feature;
        int a = keyA[i], b = keyB[i], f = keyFeature[i];
        int h = hash(a, b, f) & mask;
        while (tableStamp[h] == epoch) {
            int k = table[h];
            if (keyA[k] == a && keyB[k] == b && keyFeature[k] == f) {
                return false;
            }
            h = (h + 1) & mask;
        }
        tableStamp[h] = epoch;
        table[h] = i;
        insertRun(c, i, a, b, epoch, mask);
        return true;
    }

    /** Cache slot k (key pair a, b) starts its pair's run, or joins the run of slot k - 1. */
    private static void insertRun(Cache c, int k, int a, int b, int epoch, int mask) {
        int[] keyA = c.a, keyB = c.b, runStart = c.runStart;
        // The slot before, read at max(k - 1, 0): finishSave's compiled loop hoists these reads'
        // index checks to its start, where k - 1 failed them at every step's first slot (a trap
        // each step until the loop was compiled again).
        int before = Math.max(k - 1, 0);
        if (k == 0 || keyA[before] != a || keyB[before] != b) {
            runStart[k] = k;
            int[] runTable = c.runTable, runStamp = c.runStamp;
            int r = hash(a, b, 0) & mask;
            while (runStamp[r] == epoch) {
                r = (r + 1) & mask;
            }
            runStamp[r] = epoch;
            runTable[r] = k;
        } else {
            runStart[k] = runStart[before];
        }
    }

    /**
     * Point i into cache {@code c} under its key, unless a point of this step has the key already
     * (two points of a pair with one feature id, as a compound's children share the body pair: the
     * first keeps the key, the second starts cold next step). Copied into the next free slot first,
     * which stays free when the key is taken.
     */
    private static void savePoint(ContactStore p, Cache c, int i, int epoch, int mask) {
        copyPoint(p, c, i, c.count);
        if (insertCopied(c, c.count, epoch, mask)) {
            c.count++;
        }
    }

    /** The cache last step saved, with its tables as they are, bit for bit (after the points). */
    void write(DataOutput out) throws IOException {
        Cache c = old;
        out.writeInt(c.count);
        for (int k = 0; k < c.count; k++) {
            out.writeInt(c.a[k]);
            out.writeInt(c.b[k]);
            out.writeInt(c.feature[k]);
            out.writeDouble(c.normal[k]);
            out.writeDouble(c.t1[k]);
            out.writeDouble(c.t2[k]);
            out.writeDouble(c.lx[k]);
            out.writeDouble(c.ly[k]);
            out.writeDouble(c.lz[k]);
            out.writeDouble(c.ex[k]);
            out.writeDouble(c.ey[k]);
            out.writeDouble(c.ez[k]);
            out.writeInt(c.runStart[k]);
            out.writeInt(c.runEnd[k]);
        }
        // The tables: each slot's entry, or -1 where it is not live.
        out.writeInt(tableLength);
        int n = c.count == 0 ? 0 : c.table.length;
        out.writeInt(n);
        for (int h = 0; h < n; h++) {
            out.writeInt(c.tableStamp[h] == c.epoch ? c.table[h] : -1);
            out.writeInt(c.runStamp[h] == c.epoch ? c.runTable[h] : -1);
        }
    }

    /** Replaces the cache with what {@link #write} wrote. */
    void read(StateInput in) throws IOException {
        Cache c = old;
        int m = in.count("warm-start cache entries", 92, Integer.MAX_VALUE / 2);
        if (m > c.a.length) {
            c.growPoints(m);
        }
        for (int k = 0; k < m; k++) {
            c.a[k] = in.readInt();
            c.b[k] = in.readInt();
            c.feature[k] = in.readInt();
            String e = "warm-start cache entry " + k + "'s ";
            c.normal[k] = in.finite(e + "normal impulse");
            c.t1[k] = in.finite(e + "tangent impulse");
            c.t2[k] = in.finite(e + "tangent impulse");
            c.lx[k] = in.finite(e + "anchor");
            c.ly[k] = in.finite(e + "anchor");
            c.lz[k] = in.finite(e + "anchor");
            c.ex[k] = in.finite(e + "friction anchor");
            c.ey[k] = in.finite(e + "friction anchor");
            c.ez[k] = in.finite(e + "friction anchor");
            c.runStart[k] = in.readInt();
            c.runEnd[k] = in.readInt();
            if (c.runStart[k] < 0 || c.runStart[k] > c.runEnd[k]) {
                throw StateInput.refuse(e + "run " + c.runStart[k] + ".." + c.runEnd[k] + " is out of order");
            }
        }
        for (int k = 0; k < m; k++) {
            if (c.runEnd[k] > m) {
                throw StateInput.refuse("warm-start cache entry " + k + "'s run ends at " + c.runEnd[k]
                        + ", past its " + m + " entries");
            }
        }
        c.count = m;
        int length = in.readInt();
        int slots = in.readInt();
        // An empty table may keep the length of a busier past, up to 2^24 slots (8 million points).
        if (length < 32 || Integer.bitCount(length) != 1 || length > 1 << 24 || (slots != 0 && slots != length)
                || (m > 0 && slots == 0) || 2 * m > length || 8L * slots > in.remaining()) {
            throw StateInput.refuse("contact cache table of " + slots + " slots, length " + length + " for " + m
                    + " entries");
        }
        tableLength = length;
        if (c.table.length != length) {
            c.growTables(length);
        }
        c.epoch = ++lastEpoch;
        for (int h = 0; h < slots; h++) {
            int entry = in.readInt(), run = in.readInt();
            if (entry >= m || run >= m || entry < -1 || run < -1) {
                throw StateInput.refuse("contact cache table entry " + entry + " / " + run + " is out of range -1.."
                        + (m - 1));
            }
            c.table[h] = Math.max(entry, 0);
            c.tableStamp[h] = entry >= 0 ? c.epoch : 0;
            c.runTable[h] = Math.max(run, 0);
            c.runStamp[h] = run >= 0 ? c.epoch : 0;
        }
        next.count = 0;
        cacheSwaps = 0;
    }

    private int find(int a, int b, int f) {
        Cache c = old;
        if (c.count == 0) {
            return -1;
        }
        int mask = c.table.length - 1;
        int h = hash(a, b, f) & mask;
        while (c.tableStamp[h] == c.epoch) {
            int k = c.table[h];
            if (c.a[k] == a && c.b[k] == b && c.feature[k] == f) {
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
}
