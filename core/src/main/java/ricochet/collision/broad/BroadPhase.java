package ricochet.collision.broad;

import java.io.DataOutput;
import java.io.IOException;
import java.util.function.IntUnaryOperator;
import ricochet.math.StateInput;

/**
 * Finds the pairs of proxies (bounding boxes of shapes, world space, metres) that may touch, and answers
 * box and ray queries against them. A proxy is named by an int id, reused after
 * {@link #destroyProxy}; an id that is not live is an error.
 *
 * <p>Each proxy stores a <em>fat</em> box: its tight box grown by a margin on every side and stretched
 * along its predicted displacement, so that small motions stay inside it and cost nothing (Box2D's
 * {@code b2DynamicTree}; Catto, "Dynamic Bounding Volume Hierarchies", GDC 2019). Pairs, queries and ray
 * casts all use the stored fat boxes; overlap is inclusive (touching boxes overlap).
 *
 * <p>No method allocates once the internal arrays have grown to the scene's size, and the output is a
 * function of the sequence of calls only (no hashing by identity, no clocks).
 */
public interface BroadPhase {

    /**
     * Adds a proxy with the given tight box.
     *
     * @param userData a value the caller maps back to its shape or body; {@link PairFilter} exclusions
     *                 name bodies by it
     * @param isStatic static proxies never pair with each other
     * @param group    the collision group bits this proxy belongs to
     * @param mask     the groups this proxy collides with
     * @return the new proxy's id, {@code >= 0}
     * @throws IllegalArgumentException if a bound is NaN or infinite, or a min exceeds its max
     */
    int createProxy(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                    int userData, boolean isStatic, int group, int mask);

    /** Removes a proxy; its id may be handed out again by a later {@link #createProxy}. */
    void destroyProxy(int proxy);

    /**
     * Tells the broad phase that a proxy's tight box is now the given one, and that it is predicted to
     * move by {@code (dx, dy, dz)} metres before the next update (for example velocity times step). The
     * stored fat box is left alone while it still contains the tight box and is not far too large;
     * otherwise it is recomputed (and in the tree the leaf is re-inserted).
     *
     * @return {@code true} when the stored fat box changed
     */
    boolean moveProxy(int proxy, double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                      double dx, double dy, double dz);

    /** Sets a proxy's collision group and mask bits. */
    void setGroupAndMask(int proxy, int group, int mask);

    /**
     * Clears {@code out} and fills it with every pair of live proxies whose stored fat boxes overlap and
     * that {@link #filter()} accepts. Each pair appears once, smaller proxy id first, and the pairs are
     * sorted by (first, second) ascending.
     */
    void findPairs(PairBuffer out);

    /** Calls {@code callback} for each proxy whose fat box overlaps the given box, until it returns false. */
    void query(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
               ProxyCallback callback);

    /**
     * Casts the segment {@code o + t d}, {@code t in [0, maxFraction]}, and reports each proxy whose fat
     * box it crosses; the callback's return value clips the segment or stops the cast.
     */
    void raycast(double ox, double oy, double oz, double dx, double dy, double dz, double maxFraction,
                 RayCallback callback);

    /** The user data given at creation. */
    int userData(int proxy);

    /** Whether the proxy was created static. */
    boolean isStatic(int proxy);

    /** Writes the proxy's stored fat box to {@code out6} as minX, minY, minZ, maxX, maxY, maxZ. */
    void fatBounds(int proxy, double[] out6);

    /** Number of live proxies. */
    int proxyCount();

    /** The filter consulted by {@link #findPairs}; add exclusions to it. */
    PairFilter filter();

    /**
     * Starts recording what the coming updates change, so that {@link #rollback} can undo them (the
     * world does this before each step). Optional: this default says it is not supported.
     */
    default void checkpoint() {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " keeps no checkpoints");
    }

    /** Undoes every change since the last {@link #checkpoint}. */
    default void rollback() {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " keeps no checkpoints");
    }

    /** Ends the recording of the last {@link #checkpoint} (its changes stay). */
    default void commit() {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " keeps no checkpoints");
    }

    /** Everything that decides later results and queries, bit for bit (a snapshot). */
    default void writeState(DataOutput out) throws IOException {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " has no snapshots");
    }

    /**
     * Replaces the whole state with what {@link #writeState} wrote: each live proxy's user value below
     * {@code users}, and the proxy {@code proxyOfUser} gives for it (the user's own record of its
     * proxy) that proxy; {@code proxyUsers} live proxies in all.
     *
     * @throws IllegalArgumentException naming the first value that does not fit
     */
    default void readState(StateInput in, int users, IntUnaryOperator proxyOfUser, int proxyUsers)
            throws IOException {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " has no snapshots");
    }
}
