package ricochet.math;

/**
 * Sorts {@code long} keys in place without allocating: {@code Arrays.sort} on primitives may allocate
 * a merge buffer for inputs with long sorted runs, which keys kept from step to step (contact pairs, a
 * stack's heights) nearly always are, and the step allocates nothing.
 */
public final class LongHeapSort {

    private LongHeapSort() {
    }

    /** {@code a[0 .. n - 1]} in ascending order, in place. */
    public static void sort(long[] a, int n) {
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(a, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            long t = a[0];
            a[0] = a[end];
            a[end] = t;
            siftDown(a, 0, end);
        }
    }

    private static void siftDown(long[] a, int i, int n) {
        long v = a[i];
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                break;
            }
            if (child + 1 < n && a[child + 1] > a[child]) {
                child++;
            }
            if (a[child] <= v) {
                break;
            }
            a[i] = a[child];
            i = child;
        }
        a[i] = v;
    }
}
