package ricochet.collision;

import ricochet.collision.narrow.Manifold;

/**
 * A {@link ContactListener} that also sees each manifold of the parallel narrow phase on the thread
 * that found it, before it hears them all in pair order on the calling thread: work per manifold
 * that writes only what belongs to that manifold's number can move to {@link #measure}.
 */
public interface ParallelContactListener extends ContactListener {

    /** Before a pass's parallel part: its manifolds will be numbered {@code 0 .. count - 1}. */
    void reserve(int count);

    /**
     * On thread {@code worker} of the pool: manifold number {@code index}, of bodies a and b (neither
     * a compound). Must write only what belongs to {@code index}; the manifold is the one
     * {@link #onContact(int, int, int, int, int, Manifold)} hears, and it stays as it is until the
     * next pass.
     */
    void measure(int worker, int index, int bodyA, int bodyB, Manifold manifold);

    /**
     * On the calling thread, in pair order: manifold number {@code index} as measured, or
     * {@code index = -1} for a manifold that was not (compound children and planes; reused after the
     * call returns).
     */
    void onContact(int index, int bodyA, int childA, int bodyB, int childB, Manifold manifold);

    @Override
    default void onContact(int bodyA, int childA, int bodyB, int childB, Manifold manifold) {
        onContact(-1, bodyA, childA, bodyB, childB, manifold);
    }
}
