package ricochet.collision.broad;

import java.util.Arrays;

/**
 * Decides whether two proxies whose boxes overlap make a pair. A pair is kept when
 * <ul>
 *   <li>each one's group is in the other's mask: {@code (groupA & maskB) != 0 && (groupB & maskA) != 0}
 *       (Box2D's category/mask bits; 32 layers),</li>
 *   <li>not both are static (static bodies never touch each other), and</li>
 *   <li>their user data (body ids) are not an excluded pair ("don't collide" between two named
 *       bodies, e.g. the two bodies of a joint).</li>
 * </ul>
 * Exclusions live in an open-addressing set of {@code long} keys {@code (min << 32) | max} with linear
 * probing and backward-shift deletion (Knuth, TAOCP vol. 3, 6.4 Algorithm R), so the test in the pair
 * loop neither boxes nor allocates.
 */
public final class PairFilter {

    /** Every group bit: a proxy in all groups, or a mask accepting all groups. */
    public static final int ALL = -1;

    /** Marks an empty slot: the key of (-1, -1), which {@link #exclude} refuses (a body with itself). */
    private static final long EMPTY = -1L;

    private long[] slots = newSlots(16);
    private int size;
    /** Counts changes to the exclusions: a broad phase that keeps pairs re-checks them all after one. */
    private long changes;

    /** True when the groups and masks let the two proxies collide. */
    public static boolean groupsAccept(int groupA, int maskA, int groupB, int maskB) {
        return (groupA & maskB) != 0 && (groupB & maskA) != 0;
    }

    /**
     * The whole rule: groups and masks, not both static, not excluded.
     *
     * @param userA  user data (body id) of the first proxy
     * @param groupA group bits of the first proxy
     * @param maskA  mask bits of the first proxy
     * @param staticA whether the first proxy is static
     */
    public boolean accepts(int userA, int groupA, int maskA, boolean staticA,
                           int userB, int groupB, int maskB, boolean staticB) {
        if (staticA && staticB) {
            return false;
        }
        if (!groupsAccept(groupA, maskA, groupB, maskB)) {
            return false;
        }
        return size == 0 || !isExcluded(userA, userB);
    }

    /**
     * Makes the bodies with user data {@code userA} and {@code userB} never pair (in either order).
     *
     * @return {@code true} if the pair was not excluded before
     */
    public boolean exclude(int userA, int userB) {
        long key = key(userA, userB);
        if (2 * (size + 1) > slots.length) {
            rehash(2 * slots.length);
        }
        int mask = slots.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            if (slots[i] == key) {
                return false;
            }
            if (slots[i] == EMPTY) {
                slots[i] = key;
                size++;
                changes++;
                return true;
            }
        }
    }

    /**
     * Lets the two bodies pair again (undoes {@link #exclude}).
     *
     * @return {@code true} if the pair had been excluded
     */
    public boolean include(int userA, int userB) {
        long key = key(userA, userB);
        int mask = slots.length - 1;
        int i = slot(key, mask);
        while (slots[i] != key) {
            if (slots[i] == EMPTY) {
                return false;
            }
            i = (i + 1) & mask;
        }
        // Backward-shift deletion: pull later entries of the probe run into the hole, so lookups never
        // need tombstones.
        int hole = i;
        for (int j = (hole + 1) & mask; slots[j] != EMPTY; j = (j + 1) & mask) {
            int home = slot(slots[j], mask);
            // The entry at j may move to the hole when its home is not cyclically inside (hole, j].
            boolean homeInRange = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
            if (!homeInRange) {
                slots[hole] = slots[j];
                hole = j;
            }
        }
        slots[hole] = EMPTY;
        size--;
        changes++;
        return true;
    }

    /** How many times an exclusion was added or removed. */
    long changes() {
        return changes;
    }

    /** True when the pair of user data was excluded, in either order. */
    public boolean isExcluded(int userA, int userB) {
        if (userA == userB || size == 0) {
            return false;
        }
        long key = key(userA, userB);
        int mask = slots.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            long s = slots[i];
            if (s == key) {
                return true;
            }
            if (s == EMPTY) {
                return false;
            }
        }
    }

    /** Number of excluded pairs. */
    public int exclusionCount() {
        return size;
    }

    private static long key(int userA, int userB) {
        if (userA == userB) {
            throw new IllegalArgumentException("pair filter: a body cannot be excluded from itself, got user data "
                    + userA + " twice");
        }
        int lo = Math.min(userA, userB);
        int hi = Math.max(userA, userB);
        return ((long) lo << 32) | (hi & 0xffffffffL);
    }

    private static int slot(long key, int mask) {
        // The 64-bit finaliser of MurmurHash3 spreads neighbouring body ids over the table.
        long h = key;
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return (int) h & mask;
    }

    private void rehash(int capacity) {
        long[] old = slots;
        slots = newSlots(capacity);
        int mask = capacity - 1;
        for (long k : old) {
            if (k != EMPTY) {
                int i = slot(k, mask);
                while (slots[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                slots[i] = k;
            }
        }
    }

    private static long[] newSlots(int capacity) {
        long[] s = new long[capacity];
        Arrays.fill(s, EMPTY);
        return s;
    }
}
