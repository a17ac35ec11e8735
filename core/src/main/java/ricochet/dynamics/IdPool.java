package ricochet.dynamics;

import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import ricochet.body.BodyId;
import ricochet.math.StateInput;

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

    /** Slots handed out so far, live or free. */
    public int slots() {
        return slots;
    }

    /** The slot's generation (bumped each time its body is removed). */
    public int generation(int slot) {
        return generation[slot];
    }

    /** Slots, generations, dense indices and the free list, in order (a snapshot). */
    public void writeState(DataOutput out) throws IOException {
        out.writeInt(slots);
        for (int s = 0; s < slots; s++) {
            out.writeInt(generation[s]);
            out.writeInt(dense[s]);
        }
        out.writeInt(freeCount);
        for (int k = 0; k < freeCount; k++) {
            out.writeInt(free[k]);
        }
    }

    /**
     * Whether {@link #writeState} wrote exactly this pool: a world can take back a snapshot's state
     * only with the same bodies in the same slots, generations included, so every handle means the
     * same body before and after.
     */
    public boolean sameState(StateInput in) throws IOException {
        boolean same = in.readInt() == slots;
        int n = same ? slots : 0;
        for (int s = 0; s < n; s++) {
            same &= in.readInt() == generation[s];
            same &= in.readInt() == dense[s];
        }
        if (same) {
            same = in.readInt() == freeCount;
            for (int k = 0; same && k < freeCount; k++) {
                same = in.readInt() == free[k];
            }
        }
        return same;
    }

    /** Points a live slot at a new dense index (after the store moved its body). */
    public void move(int slot, int denseIndex) {
        dense[slot] = denseIndex;
    }
}
