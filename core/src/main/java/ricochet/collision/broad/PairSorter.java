package ricochet.collision.broad;

import java.util.Arrays;

/**
 * Collects pairs as {@code (a << 32) | b} keys with {@code a < b}, sorts them and writes them out. Sorting
 * by the packed key gives the (first, second) order {@link BroadPhase#findPairs} promises,
 * whatever order the search visited the pairs in.
 */
final class PairSorter {

    private long[] keys = new long[64];
    private long[] scratch = new long[64];
    private final int[] counts = new int[256];
    private int n;

    void clear() {
        n = 0;
    }

    /** Adds the pair of distinct proxy ids {@code p} and {@code q}, in either order. */
    void add(int p, int q) {
        if (n == keys.length) {
            keys = Arrays.copyOf(keys, 2 * n);
            scratch = new long[2 * n];
        }
        int lo = Math.min(p, q);
        int hi = Math.max(p, q);
        keys[n++] = ((long) lo << 32) | hi;
    }

    /** Number of pairs added since {@link #clear}. */
    int count() {
        return n;
    }

    /** Sorts the keys; returns the array holding them ascending in {@code [0, count())}. */
    long[] sort() {
        return Sorting.radixSort(keys, scratch, n, counts);
    }

    void sortInto(PairBuffer out) {
        out.clear();
        long[] sorted = Sorting.radixSort(keys, scratch, n, counts);
        for (int i = 0; i < n; i++) {
            long k = sorted[i];
            out.add((int) (k >>> 32), (int) k);
        }
    }
}
