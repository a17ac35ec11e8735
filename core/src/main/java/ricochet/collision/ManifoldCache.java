package ricochet.collision;

import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import ricochet.collision.narrow.Manifold;
import ricochet.geometry.shape.ShapeType;
import ricochet.math.StateInput;
import ricochet.math.Transform;

/**
 * Last pass's manifold of each body pair, kept in the two bodies' own frames, so that a pair whose
 * relative pose has not changed is not collided again (Jolt's body pair cache; Bullet's persistent
 * manifolds serve the same end). A settled stack is all such pairs: its boxes jitter by micrometres.
 *
 * <p>An entry stores the relative pose {@code (R, t) = (R_A^T R_B, R_A^T (p_B - p_A))}, the margin
 * the pair was collided with, the normal in A's frame and each point on A in A's frame and on B in
 * B's frame, with its feature id. It is reused while every point of B, seen from A, has moved by
 * at most a tolerance: {@code |dt| + |dR|_F r_B <= tolerance}, where {@code r_B} bounds
 * B's reach from its origin (a point x of B is at {@code R x + t} in A's frame, so it moves by at
 * most {@code |dR| |x| + |dt|}, the Frobenius norm bounding the spectral one); the points then
 * come back at today's poses with their separations measured again. The comparison is against the
 * pose the pair was last collided at, so slow drift adds up and is collided afresh once it passes
 * the tolerance.
 *
 * <p>The tolerance depends on the shapes ({@link #tolerance}). Between flat-faced shapes (boxes,
 * hulls, meshes) a manifold's points are corners and clipped edges that move with their bodies, so a
 * kept point is off by at most the motion and its separation, measured again along the kept normal,
 * is exact for face contacts: {@link #FLAT_TOLERANCE}, a millimetre (Jolt's body pair cache allows
 * the same). A round shape's contact point is not a feature: it rolls over the surface as the pose
 * changes, so a kept point is wrong by the motion at once, and a rolling ball on a kept point never
 * settles; pairs with a sphere, capsule or cylinder keep {@link #ROUND_TOLERANCE}, a tenth of a
 * millimetre, below the contact spring's own give. A settling stack of boxes moves a few tenths of
 * a millimetre a step: at the round tolerance it was collided afresh for its first 150 steps, at the
 * flat one it reuses nearly every pair from the start.
 *
 * <p>The margin a pair is searched with counts as part of its pose: an entry serves margins within
 * the pair's tolerance of the one it was made with (a resting body's margin wobbles with its speed by far
 * less), so a point it holds is one the narrow phase gave at nearly that margin, and its "no
 * contact" answer stays true while the shapes come at most the tolerance closer.
 *
 * <p>Entries live for one pass: {@link #beginPass} turns this pass's entries into the ones looked up
 * and starts an empty list, so a pair that stopped being looked at is dropped. A pass's list has one
 * slot per broad-phase pair ({@link #reserve}), in pair order; a pair writes only its own slot, so
 * the pairs of a pass can be looked up and stored on several threads at once, and the list is the
 * same whichever thread wrote which slot. A slot the pass left empty (the pair was not collided) is
 * no entry. The lookup tries the slot of the same pair number in the last pass first (a settled
 * scene's pairs come in the same order pass after pass), then an open-addressing table over the pair
 * keys, built before the pass. Allocates nothing once the arrays have grown.
 */
final class ManifoldCache {

    /**
     * Metres: how far the pair's relative pose may move a point before it is collided again, for two
     * flat-faced shapes and for a pair with a round one.
     */
    static final double FLAT_TOLERANCE = 1e-3, ROUND_TOLERANCE = 1e-4;

    // One entry's doubles: relative rotation (9), relative translation (3), margin, normal in A's frame
    // (3), then per point its position on A in A's frame and on B in B's frame (6).
    private static final int REL_R = 0, REL_T = 9, MARGIN = 12, NORMAL = 13, POINTS = 16;
    private static final int STRIDE = POINTS + 6 * Manifold.MAX_POINTS;
    // One entry's ints: body A (-1: an empty slot), body B, point count (-1: no contact), feature ids.
    private static final int A = 0, B = 1, COUNT = 2, IDS = 3;
    private static final int ISTRIDE = IDS + Manifold.MAX_POINTS;

    private double[] data = new double[STRIDE * 64], oldData = new double[STRIDE * 64];
    private int[] ints = new int[ISTRIDE * 64], oldInts = new int[ISTRIDE * 64];
    private int count, oldCount;
    /**
     * A third list, so that a step can run several passes (a pass that wakes an island runs again)
     * without overwriting the list it started from: {@link #checkpoint} protects that list, and
     * {@link #beginPass} then writes into whichever of the three is neither protected nor being read.
     */
    private double[] spareData = new double[STRIDE * 64];
    private int[] spareInts = new int[ISTRIDE * 64];
    /** The list {@link #checkpoint} protected (null: none), and its length. */
    private double[] keptData;
    private int[] keptInts;
    private int keptCount;
    private int[] table = new int[128];
    private int tableFor = -1;

    /** Forgets every entry (a body number was freed and may name another body). */
    void clear() {
        count = 0;
        oldCount = 0;
        tableFor = -1;
    }

    /** The entries made since the last call become the ones looked up; new ones start empty. */
    void beginPass() {
        double[] d = oldData;
        int[] i = oldInts;
        if (d == keptData) {
            d = spareData;
            i = spareInts;
            spareData = oldData;
            spareInts = oldInts;
        }
        oldData = data;
        data = d;
        oldInts = ints;
        ints = i;
        oldCount = count;
        count = 0;
        tableFor = -1;
    }

    /**
     * Makes this pass's list {@code slots} empty slots (one per pair of the pass) and the table over
     * the last pass's entries: after this, {@link #lookup} and {@link #store} of distinct slots may
     * run at once.
     */
    void reserve(int slots) {
        if (STRIDE * slots > data.length) {
            int n = Math.max(slots, 2 * (data.length / STRIDE));
            data = new double[STRIDE * n];
            ints = new int[ISTRIDE * n];
        }
        for (int e = 0; e < slots; e++) {
            ints[ISTRIDE * e + A] = -1;
        }
        count = slots;
        if (tableFor != oldCount) {
            buildTable();
        }
    }

    /** Protects this pass's list: a failed step's passes leave it alone for {@link #rollback}. */
    void checkpoint() {
        keptData = data;
        keptInts = ints;
        keptCount = count;
    }

    /** Back to the list of the last {@link #checkpoint} (the one the next pass looks up). */
    void rollback() {
        if (keptData == null) {
            throw new IllegalStateException("manifold cache: no checkpoint to roll back to");
        }
        if (data != keptData) {
            // The protected list is either the one last read or the spare.
            if (oldData == keptData) {
                oldData = data;
                oldInts = ints;
            } else {
                spareData = data;
                spareInts = ints;
            }
            data = keptData;
            ints = keptInts;
        }
        count = keptCount;
        oldCount = 0;
        tableFor = -1;
    }

    /** Drops the protection of {@link #checkpoint} (after a step that succeeded). */
    void commit() {
        keptData = null;
        keptInts = null;
    }

    /** This pass's entries, which the next pass looks up, bit for bit (a snapshot). */
    void writeState(DataOutput out) throws IOException {
        int entries = 0;
        for (int e = 0; e < count; e++) {
            entries += ints[ISTRIDE * e + A] >= 0 ? 1 : 0;
        }
        // The entries in slot order without the empty slots: what a list of only entries would hold.
        out.writeInt(entries);
        for (int e = 0; e < count; e++) {
            if (ints[ISTRIDE * e + A] < 0) {
                continue;
            }
            // Only what the entry holds: the slots of points it does not have (and a no-contact entry's
            // normal) keep whatever an earlier entry left there, which nothing reads; they are
            // written as 0, so that equal states give equal snapshots.
            int n = ints[ISTRIDE * e + COUNT];
            int used = n > 0 ? POINTS + 6 * n : NORMAL;
            for (int k = 0; k < STRIDE; k++) {
                out.writeDouble(k < used ? data[STRIDE * e + k] : 0);
            }
            for (int k = 0; k < ISTRIDE; k++) {
                out.writeInt(k < IDS + Math.max(n, 0) ? ints[ISTRIDE * e + k] : 0);
            }
        }
    }

    /** Replaces the entries with what {@link #writeState} wrote. */
    void readState(StateInput in) throws IOException {
        int n = in.count("manifold cache entries", 8 * STRIDE + 4 * ISTRIDE, Integer.MAX_VALUE / STRIDE);
        if (STRIDE * n > data.length) {
            data = new double[STRIDE * n];
            ints = new int[ISTRIDE * n];
        }
        for (int e = 0; e < n; e++) {
            for (int k = 0; k < STRIDE; k++) {
                data[STRIDE * e + k] = in.finite("manifold cache entry " + e + "'s value " + k);
            }
            for (int k = 0; k < ISTRIDE; k++) {
                ints[ISTRIDE * e + k] = in.readInt();
            }
            int points = ints[ISTRIDE * e + COUNT];
            if (ints[ISTRIDE * e + A] < 0 || ints[ISTRIDE * e + B] < 0 || points < -1
                    || points > Manifold.MAX_POINTS) {
                throw StateInput.refuse("manifold cache entry " + e + " (colliders " + ints[ISTRIDE * e + A] + ", "
                        + ints[ISTRIDE * e + B] + ") holds " + points + " points, out of range -1.."
                        + Manifold.MAX_POINTS);
            }
        }
        count = n;
        oldCount = 0;
        tableFor = -1;
        commit();
    }

    /**
     * Looks up pair (a, b), the pass's pair number {@code slot}, at poses ta, tb and the margin it is
     * searched with: -1 when it must be collided, else the number of points written to {@code out};
     * the entry is then carried into the slot.
     *
     * @param reach a bound on the distance of any point of B's shape from B's origin, m
     * @param tolerance the pair's {@link #tolerance}, m
     * @param w scratch of 3 doubles, the calling thread's
     */
    int lookup(int slot, int a, int b, Transform ta, Transform tb, double margin, double reach,
               double tolerance, Manifold out, double[] w) {
        int e = find(a, b, slot);
        if (e < 0) {
            return -1;
        }
        double[] d = oldData;
        int o = STRIDE * e;
        if (Math.abs(margin - d[o + MARGIN]) > tolerance) {
            return -1;
        }
        double[] ra = ta.r, rb = tb.r;
        // t = R_A^T (pB - pA), R = R_A^T R_B
        double dx = tb.px - ta.px, dy = tb.py - ta.py, dz = tb.pz - ta.pz;
        double t0 = ra[0] * dx + ra[3] * dy + ra[6] * dz;
        double t1 = ra[1] * dx + ra[4] * dy + ra[7] * dz;
        double t2 = ra[2] * dx + ra[5] * dy + ra[8] * dz;
        double et0 = t0 - d[o + REL_T], et1 = t1 - d[o + REL_T + 1], et2 = t2 - d[o + REL_T + 2];
        double dt = Math.sqrt(et0 * et0 + et1 * et1 + et2 * et2);
        if (dt > tolerance) {
            return -1;
        }
        double dr2 = 0;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double rij = ra[i] * rb[j] + ra[3 + i] * rb[3 + j] + ra[6 + i] * rb[6 + j];
                double diff = rij - d[o + REL_R + 3 * i + j];
                dr2 += diff * diff;
            }
        }
        if (dt + Math.sqrt(dr2) * reach > tolerance) {
            return -1;
        }
        int[] in = oldInts;
        int io = ISTRIDE * e;
        int n = carry(slot, d, o, in, io);
        out.clear();
        if (n < 0) {
            return 0;
        }
        ta.rotate(d[o + NORMAL], d[o + NORMAL + 1], d[o + NORMAL + 2], w);
        out.setNormal(w[0], w[1], w[2]);
        for (int k = 0; k < n; k++) {
            int p = o + POINTS + 6 * k;
            ta.toWorld(d[p], d[p + 1], d[p + 2], w);
            double ax = w[0], ay = w[1], az = w[2];
            tb.toWorld(d[p + 3], d[p + 4], d[p + 5], w);
            out.addPoint(ax, ay, az, w[0], w[1], w[2], in[io + IDS + k]);
        }
        return out.pointCount();
    }

    /** The pair's tolerance: {@link #FLAT_TOLERANCE} when both shapes are flat-faced, else the round one. */
    static double tolerance(ShapeType a, ShapeType b) {
        return flatFaced(a) && flatFaced(b) ? FLAT_TOLERANCE : ROUND_TOLERANCE;
    }

    private static boolean flatFaced(ShapeType t) {
        return t == ShapeType.BOX || t == ShapeType.CONVEX_HULL || t == ShapeType.TRIANGLE_MESH
                || t == ShapeType.HEIGHTFIELD;
    }

    /**
     * Keeps pair (a, b)'s fresh result in its slot, collided with {@code margin}: {@code hit} and the
     * manifold {@code m}. Returns the number of points that count (0 when it did not hit).
     *
     * @param w scratch of 3 doubles, the calling thread's
     */
    int store(int slot, int a, int b, Transform ta, Transform tb, double margin, boolean hit, Manifold m,
              double[] w) {
        int e = slot;
        ints[ISTRIDE * e + A] = a;
        ints[ISTRIDE * e + B] = b;
        double[] d = data;
        int o = STRIDE * e;
        double[] ra = ta.r, rb = tb.r;
        double dx = tb.px - ta.px, dy = tb.py - ta.py, dz = tb.pz - ta.pz;
        d[o + REL_T] = ra[0] * dx + ra[3] * dy + ra[6] * dz;
        d[o + REL_T + 1] = ra[1] * dx + ra[4] * dy + ra[7] * dz;
        d[o + REL_T + 2] = ra[2] * dx + ra[5] * dy + ra[8] * dz;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                d[o + REL_R + 3 * i + j] = ra[i] * rb[j] + ra[3 + i] * rb[3 + j] + ra[6 + i] * rb[6 + j];
            }
        }
        d[o + MARGIN] = margin;
        int io = ISTRIDE * e;
        int n = hit ? m.pointCount() : 0;
        if (n == 0) {
            ints[io + COUNT] = -1;
            return 0;
        }
        ints[io + COUNT] = n;
        ta.inverseRotate(m.nx, m.ny, m.nz, w);
        d[o + NORMAL] = w[0];
        d[o + NORMAL + 1] = w[1];
        d[o + NORMAL + 2] = w[2];
        for (int k = 0; k < n; k++) {
            int p = o + POINTS + 6 * k;
            ta.toLocal(m.pointAX(k), m.pointAY(k), m.pointAZ(k), w);
            d[p] = w[0];
            d[p + 1] = w[1];
            d[p + 2] = w[2];
            tb.toLocal(m.pointBX(k), m.pointBY(k), m.pointBZ(k), w);
            d[p + 3] = w[0];
            d[p + 4] = w[1];
            d[p + 5] = w[2];
            ints[io + IDS + k] = m.featureId(k);
        }
        return n;
    }

    /** Copies an old entry into this pass's slot; returns its point count (-1: no contact). */
    private int carry(int slot, double[] d, int o, int[] in, int io) {
        System.arraycopy(d, o, data, STRIDE * slot, STRIDE);
        System.arraycopy(in, io, ints, ISTRIDE * slot, ISTRIDE);
        return in[io + COUNT];
    }

    /** Old entry of pair (a, b), or -1; the entry in slot {@code hint} is tried first. */
    private int find(int a, int b, int hint) {
        if (oldCount == 0) {
            return -1;
        }
        int[] in = oldInts;
        if (hint < oldCount && in[ISTRIDE * hint + A] == a && in[ISTRIDE * hint + B] == b) {
            return hint;
        }
        int mask = table.length - 1;
        for (int h = hash(a, b) & mask; table[h] >= 0; h = (h + 1) & mask) {
            int e = table[h];
            if (in[ISTRIDE * e + A] == a && in[ISTRIDE * e + B] == b) {
                return e;
            }
        }
        return -1;
    }

    private void buildTable() {
        int n = table.length;
        while (n < 2 * oldCount) {
            n *= 2;
        }
        if (n != table.length) {
            table = new int[n];
        }
        Arrays.fill(table, -1);
        int mask = n - 1;
        for (int e = 0; e < oldCount; e++) {
            if (oldInts[ISTRIDE * e + A] < 0) {
                continue;
            }
            int h = hash(oldInts[ISTRIDE * e + A], oldInts[ISTRIDE * e + B]) & mask;
            while (table[h] >= 0) {
                h = (h + 1) & mask;
            }
            table[h] = e;
        }
        tableFor = oldCount;
    }

    private static int hash(int a, int b) {
        long z = ((long) a << 32 | (b & 0xFFFFFFFFL)) * 0x9E3779B97F4A7C15L;
        return (int) (z ^ (z >>> 29));
    }
}
