package ricochet.collision.broad;

import java.util.Arrays;

/**
 * A reusable list of proxy pairs {@code (a(i), b(i))}, filled by {@link BroadPhase#findPairs}. The arrays
 * grow by doubling and are kept across {@link #clear()}, so a buffer reused every step stops allocating
 * once it has reached the scene's pair count.
 */
public final class PairBuffer {

    private int[] a;
    private int[] b;
    private int count;

    /** An empty buffer with room for 64 pairs. */
    public PairBuffer() {
        this(64);
    }

    /** An empty buffer with room for {@code capacity} pairs before it grows. */
    public PairBuffer(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("pair buffer: capacity must be >= 1, got " + capacity);
        }
        a = new int[capacity];
        b = new int[capacity];
    }

    /** Number of pairs held. */
    public int count() {
        return count;
    }

    /** First proxy of pair {@code i} (the smaller id in a broad phase's output). */
    public int a(int i) {
        check(i);
        return a[i];
    }

    /** Second proxy of pair {@code i}. */
    public int b(int i) {
        check(i);
        return b[i];
    }

    /** Empties the buffer, keeping its arrays. */
    public void clear() {
        count = 0;
    }

    /** Appends the pair {@code (first, second)}. */
    public void add(int first, int second) {
        if (count == a.length) {
            a = Arrays.copyOf(a, 2 * count);
            b = Arrays.copyOf(b, 2 * count);
        }
        a[count] = first;
        b[count] = second;
        count++;
    }

    private void check(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException("pair index " + i + " outside [0, " + count + ")");
        }
    }
}
