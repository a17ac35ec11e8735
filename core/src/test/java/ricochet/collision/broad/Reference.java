package ricochet.collision.broad;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Brute-force answers for the broad-phase tests, written independently of the code under test: every
 * pair of live proxies is tested on the boxes the broad phase reports it stores ({@link
 * BroadPhase#fatBounds}), with the filter rule spelled out here and exclusions kept in a plain set.
 */
final class Reference {

    private Reference() {
    }

    /** Pair keys {@code (a << 32) | b}, {@code a < b}, ascending. */
    static List<Long> pairs(BroadPhase bp, Map<Integer, Meta> live, Set<Long> excludedUsers) {
        List<Integer> ids = new ArrayList<>(live.keySet());
        ids.sort(null);
        double[][] boxes = new double[ids.size()][6];
        for (int k = 0; k < ids.size(); k++) {
            bp.fatBounds(ids.get(k), boxes[k]);
        }
        List<Long> out = new ArrayList<>();
        for (int s = 0; s < ids.size(); s++) {
            for (int t = s + 1; t < ids.size(); t++) {
                int a = ids.get(s);
                int b = ids.get(t);
                if (overlap(boxes[s], boxes[t]) && filterAccepts(live.get(a), live.get(b), excludedUsers)) {
                    out.add(((long) a << 32) | b);
                }
            }
        }
        return out;
    }

    /** What the test knows of a proxy: what it was created with. */
    record Meta(int userData, boolean isStatic, int group, int mask) {
    }

    static boolean filterAccepts(Meta a, Meta b, Set<Long> excludedUsers) {
        if (a.isStatic() && b.isStatic()) {
            return false;
        }
        if ((a.group() & b.mask()) == 0 || (b.group() & a.mask()) == 0) {
            return false;
        }
        return a.userData() == b.userData() || !excludedUsers.contains(userKey(a.userData(), b.userData()));
    }

    static long userKey(int u, int v) {
        return ((long) Math.min(u, v) << 32) | (Math.max(u, v) & 0xffffffffL);
    }

    static boolean overlap(double[] p, double[] q) {
        for (int k = 0; k < 3; k++) {
            if (p[k] > q[k + 3] || q[k] > p[k + 3]) {
                return false;
            }
        }
        return true;
    }

    /** Keys of a pair buffer's contents, in its order. */
    static List<Long> keys(PairBuffer buffer) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < buffer.count(); i++) {
            out.add(((long) buffer.a(i) << 32) | buffer.b(i));
        }
        return out;
    }

    /**
     * Entry parameter of the segment {@code o + t d}, {@code t in [0, tMax]}, into the box, or NaN when it
     * misses: Kay and Kajiya's slabs, with divisions (the code under test multiplies by reciprocals).
     */
    static double entry(double[] box, double[] o, double[] d, double tMax) {
        double t0 = 0;
        double t1 = tMax;
        for (int k = 0; k < 3; k++) {
            if (d[k] == 0) {
                if (o[k] < box[k] || o[k] > box[k + 3]) {
                    return Double.NaN;
                }
                continue;
            }
            double a = (box[k] - o[k]) / d[k];
            double b = (box[k + 3] - o[k]) / d[k];
            t0 = Math.max(t0, Math.min(a, b));
            t1 = Math.min(t1, Math.max(a, b));
        }
        return t0 <= t1 ? t0 : Double.NaN;
    }

    static Set<Integer> rayHits(BroadPhase bp, Iterable<Integer> live, double[] o, double[] d, double tMax) {
        Set<Integer> out = new HashSet<>();
        double[] box = new double[6];
        for (int id : live) {
            bp.fatBounds(id, box);
            if (!Double.isNaN(entry(box, o, d, tMax))) {
                out.add(id);
            }
        }
        return out;
    }
}
