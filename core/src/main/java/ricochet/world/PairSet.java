package ricochet.world;

import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.function.IntPredicate;
import ricochet.math.LongHeapSort;
import ricochet.math.StateInput;

/**
 * The pairs of bodies in some relation (touching, or a sensor overlapping a body) this step and last
 * step, as sorted {@code long} keys {@code (first << 32) | second}, so that the pairs that began and
 * ended are a merge of two sorted lists: no hashing, no allocation once grown, and a fixed order for
 * the events (determinism).
 */
final class PairSet {

    private long[] previous = new long[64];
    private int previousCount;
    private long[] current = new long[64];
    private int currentCount;
    // The step checkpoint: which array held last step's pairs, and how many.
    private long[] savedPrevious;
    private int savedPreviousCount;

    static long key(int first, int second) {
        return ((long) first << 32) | (second & 0xffffffffL);
    }

    static int first(long key) {
        return (int) (key >>> 32);
    }

    static int second(long key) {
        return (int) key;
    }

    /** Starts collecting this step's pairs. */
    void begin() {
        currentCount = 0;
    }

    void add(long key) {
        if (currentCount == current.length) {
            current = Arrays.copyOf(current, 2 * currentCount);
        }
        current[currentCount++] = key;
    }

    /** Whether the pair was in the set after the last step. */
    boolean wasIn(long key) {
        return Arrays.binarySearch(previous, 0, previousCount, key) >= 0;
    }

    int previousCount() {
        return previousCount;
    }

    long previous(int i) {
        return previous[i];
    }

    /** Sorts this step's pairs and drops duplicates (compound children report a pair more than once). */
    void sortCurrent() {
        // The narrow phase reports pairs in the broad phase's sorted order, so the keys mostly come
        // sorted already: a pass to check is cheaper than the heap sort.
        if (!isSorted(current, currentCount)) {
            LongHeapSort.sort(current, currentCount);
        }
        int n = 0;
        for (int i = 0; i < currentCount; i++) {
            if (n == 0 || current[n - 1] != current[i]) {
                current[n++] = current[i];
            }
        }
        currentCount = n;
    }

    int currentCount() {
        return currentCount;
    }

    private static boolean isSorted(long[] a, int n) {
        for (int i = 1; i < n; i++) {
            if (a[i - 1] > a[i]) {
                return false;
            }
        }
        return true;
    }

    long current(int i) {
        return current[i];
    }

    /** Whether the sorted current pairs hold {@code key} (after {@link #sortCurrent}). */
    boolean isIn(long key) {
        return Arrays.binarySearch(current, 0, currentCount, key) >= 0;
    }

    /** This step's pairs become last step's. */
    void swap() {
        long[] t = previous;
        previous = current;
        previousCount = currentCount;
        current = t;
        currentCount = 0;
    }

    /** Forgets every pair with body {@code slot} in it (the body was removed). */
    void forget(int slot) {
        int n = 0;
        for (int i = 0; i < previousCount; i++) {
            long k = previous[i];
            if (first(k) != slot && second(k) != slot) {
                previous[n++] = k;
            }
        }
        previousCount = n;
    }

    void clear() {
        previousCount = 0;
        currentCount = 0;
    }

    /**
     * Remembers last step's pairs before a step. A step only appends to {@code current} and then
     * {@link #swap}s, leaving the old {@code previous} array untouched, so this copies nothing.
     */
    void checkpoint() {
        savedPrevious = previous;
        savedPreviousCount = previousCount;
    }

    /** Back to the pairs of the last {@link #checkpoint}. */
    void rollback() {
        if (previous != savedPrevious) {
            current = previous;
            previous = savedPrevious;
        }
        previousCount = savedPreviousCount;
        currentCount = 0;
    }

    void writeState(DataOutput out) throws IOException {
        out.writeInt(previousCount);
        for (int i = 0; i < previousCount; i++) {
            out.writeLong(previous[i]);
        }
    }

    /** Replaces the pairs with those {@link #writeState} wrote: sorted, each of two bodies {@code live} accepts. */
    void readState(StateInput in, String what, IntPredicate live) throws IOException {
        int n = in.count(what + " pairs", 8, Integer.MAX_VALUE);
        if (previous.length < n) {
            previous = new long[n];
        }
        for (int i = 0; i < n; i++) {
            previous[i] = in.readLong();
            int a = first(previous[i]), b = second(previous[i]);
            if (!live.test(a) || !live.test(b) || a == b || (i > 0 && previous[i] <= previous[i - 1])) {
                throw StateInput.refuse(what + " pair " + i + " (body slots " + a + ", " + b + ") is not a pair of"
                        + " this world's bodies in order");
            }
        }
        previousCount = n;
        currentCount = 0;
    }
}
