package ricochet.bench.engines;

/**
 * A physics engine with one benchmark scene built in it. Each call to {@link #step} is one engine
 * step of {@link ricochet.bench.scene.BenchScene#DT}; the harness times it. {@link #close} frees
 * what the engine holds outside the Java heap.
 */
public interface PeerEngine extends AutoCloseable {

    /** Advances one step. */
    void step();

    /** Bodies in the engine's world, static ones included. */
    int bodyCount();

    /**
     * Touching body pairs after the last step, in the engine's own terms (the README lists each);
     * may take an untimed extra step where the engine counts only through a callback, so the harness
     * reads {@link #positions} first.
     */
    int contactCount();

    /** Positions (body origins, m) of the dynamic bodies in scene order, packed x y z. */
    double[] positions();

    @Override
    void close();
}
