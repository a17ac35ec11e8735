package ricochet.dynamics;

import java.util.Arrays;
import ricochet.world.BodyId;

/**
 * Hands out {@link BodyId}s and maps them to dense store indices. Slots are reused through a free
 * list; each slot carries a generation bumped on free, so a handle kept after its body was removed
 * fails {@link #check} instead of naming the slot's next occupant. The slot-to-dense map lets the
 * store keep its arrays packed (remove = swap with last) while handles stay valid.
 */
public final class IdPool {

    private int[] generation = new int[16];
    /** Dense store index of each slot, -1 when the slot is free. */
    private int[] dense = new int[16];
    private int[] free = new int[16];
    private int freeCount;
    private int slots;

    public IdPool() {
        Arrays.fill(dense, -1);
    }

    /** A fresh handle whose slot maps to {@code denseIndex}. */
    public BodyId allocate(int denseIndex) {
        int slot;
        if (freeCount > 0) {
            slot = free[--freeCount];
        } else {
            if (slots == generation.length) {
                int n = 2 * slots;
                generation = Arrays.copyOf(generation, n);
                dense = Arrays.copyOf(dense, n);
                Arrays.fill(dense, slots, n, -1);
            }
            slot = slots++;
        }
        dense[slot] = denseIndex;
        return new BodyId(slot, generation[slot]);
    }

    /** Frees the handle's slot (checked first) and bumps its generation. */
    public void free(BodyId id) {
        int slot = id.index();
        check(id);
        dense[slot] = -1;
        generation[slot]++;
        if (freeCount == free.length) {
            free = Arrays.copyOf(free, 2 * free.length);
        }
        free[freeCount++] = slot;
    }

    /**
     * The dense index of a live handle.
     *
     * @throws IllegalArgumentException for null, a slot never handed out, or a freed or reused slot
     */
    public int check(BodyId id) {
        if (id == null) {
            throw new IllegalArgumentException("body handle must not be null");
        }
        int slot = id.index();
        if (slot < 0 || slot >= slots) {
            throw new IllegalArgumentException("unknown body handle " + id + ": no such slot (" + slots + " slots)");
        }
        if (dense[slot] < 0 || generation[slot] != id.generation()) {
            throw new IllegalArgumentException("stale body handle " + id + ": that body was removed (slot "
                    + slot + " is at generation " + generation[slot] + (dense[slot] < 0 ? ", free)" : ", reused)"));
        }
        return dense[slot];
    }

    /** Whether the handle names a live body. */
    public boolean isLive(BodyId id) {
        int slot = id == null ? -1 : id.index();
        return slot >= 0 && slot < slots && dense[slot] >= 0 && generation[slot] == id.generation();
    }

    /** Points a live slot at a new dense index (after the store moved its body). */
    public void move(int slot, int denseIndex) {
        dense[slot] = denseIndex;
    }
}
