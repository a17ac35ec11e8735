package ricochet.collision.broad;

/**
 * Sorts that run on caller-owned scratch arrays. {@code java.util.Arrays.sort} is avoided in the step
 * because its dual-pivot quicksort allocates a merge buffer when it meets long sorted runs, which is
 * exactly what a frame-to-frame pair list looks like.
 */
final class Sorting {

    private Sorting() {
    }

    /**
     * Sorts {@code keys[0, n)} (all non-negative) ascending by least-significant-digit radix sort, one
     * byte per pass, skipping passes whose byte is the same in every key. {@code scratch} must hold
     * {@code n} entries and {@code counts} 256. Returns the array that holds the result ({@code keys} or
     * {@code scratch}).
     */
    static long[] radixSort(long[] keys, long[] scratch, int n, int[] counts) {
        long or = 0;
        long and = -1L;
        for (int i = 0; i < n; i++) {
            or |= keys[i];
            and &= keys[i];
        }
        long varying = or ^ and;
        long[] src = keys;
        long[] dst = scratch;
        for (int shift = 0; shift < 64; shift += 8) {
            if (((varying >>> shift) & 0xff) == 0) {
                continue;
            }
            java.util.Arrays.fill(counts, 0);
            for (int i = 0; i < n; i++) {
                counts[(int) (src[i] >>> shift) & 0xff]++;
            }
            int sum = 0;
            for (int d = 0; d < 256; d++) {
                int c = counts[d];
                counts[d] = sum;
                sum += c;
            }
            for (int i = 0; i < n; i++) {
                long k = src[i];
                dst[counts[(int) (k >>> shift) & 0xff]++] = k;
            }
            long[] t = src;
            src = dst;
            dst = t;
        }
        return src;
    }

    /**
     * Insertion sort of {@code ids[0, n)} by {@code keys} (kept parallel): linear when the order is
     * nearly right, which is the frame-to-frame case of sort-and-sweep (Ericson 7.5.2). Stable.
     *
     * @return the number of element moves made
     */
    static long insertionSort(double[] keys, int[] ids, int n) {
        long moves = 0;
        for (int i = 1; i < n; i++) {
            double k = keys[i];
            int id = ids[i];
            int j = i - 1;
            while (j >= 0 && keys[j] > k) {
                keys[j + 1] = keys[j];
                ids[j + 1] = ids[j];
                j--;
            }
            moves += i - 1 - j;
            keys[j + 1] = k;
            ids[j + 1] = id;
        }
        return moves;
    }

    /**
     * Stable bottom-up merge sort of {@code ids[0, n)} by {@code keys}, for the full re-sort when the
     * sweep axis changes (insertion sort would be quadratic there). The scratch arrays hold {@code n}.
     */
    static void mergeSort(double[] keys, int[] ids, int n, double[] keyScratch, int[] idScratch) {
        double[] ks = keys;
        int[] is = ids;
        double[] kd = keyScratch;
        int[] id = idScratch;
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                int i = lo;
                int j = mid;
                for (int k = lo; k < hi; k++) {
                    if (i < mid && (j >= hi || ks[i] <= ks[j])) {
                        kd[k] = ks[i];
                        id[k] = is[i++];
                    } else {
                        kd[k] = ks[j];
                        id[k] = is[j++];
                    }
                }
            }
            double[] tk = ks;
            ks = kd;
            kd = tk;
            int[] ti = is;
            is = id;
            id = ti;
        }
        if (ks != keys) {
            System.arraycopy(ks, 0, keys, 0, n);
            System.arraycopy(is, 0, ids, 0, n);
        }
    }
}
