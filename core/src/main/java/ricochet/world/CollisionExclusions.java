package ricochet.world;

import java.util.Arrays;

/**
 * The body pairs {@link World#setCollision} keeps from colliding, as sorted keys of their slots
 * (smaller slot first). {@link JointLinks#rebuildJointPairs} merges them with the pairs joints keep
 * apart, so the contact collector tests one sorted list. Part of how a world is built, as its shapes
 * are: changed between steps only, and not in snapshots.
 */
final class CollisionExclusions {

    private long[] keys = new long[0];

    static long key(int slotA, int slotB) {
        return slotA < slotB ? PairSet.key(slotA, slotB) : PairSet.key(slotB, slotA);
    }

    /** Whether the pair of slots is kept from colliding. */
    boolean excludes(int slotA, int slotB) {
        return Arrays.binarySearch(keys, key(slotA, slotB)) >= 0;
    }

    /**
     * Keeps the pair apart ({@code collide} false) or lets it collide again.
     *
     * @return whether the set changed
     */
    boolean set(int slotA, int slotB, boolean collide) {
        long k = key(slotA, slotB);
        int at = Arrays.binarySearch(keys, k);
        if (collide == at < 0) {
            return false;
        }
        if (collide) {
            long[] next = new long[keys.length - 1];
            System.arraycopy(keys, 0, next, 0, at);
            System.arraycopy(keys, at + 1, next, at, keys.length - at - 1);
            keys = next;
        } else {
            int to = -at - 1;
            long[] next = new long[keys.length + 1];
            System.arraycopy(keys, 0, next, 0, to);
            next[to] = k;
            System.arraycopy(keys, to, next, to + 1, keys.length - to);
            keys = next;
        }
        return true;
    }

    /** Drops every pair with {@code slot} (its body is being removed; the slot may be reused). */
    void forget(int slot) {
        int n = 0;
        long[] next = new long[keys.length];
        for (long k : keys) {
            if (PairSet.first(k) != slot && PairSet.second(k) != slot) {
                next[n++] = k;
            }
        }
        keys = Arrays.copyOf(next, n);
    }

    /** The sorted keys (not to be changed). */
    long[] keys() {
        return keys;
    }
}
