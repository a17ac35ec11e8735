package ricochet.dynamics;

/**
 * The shapes' support points as the solver's guards ask for them ({@link Reanchor},
 * {@link DepthFloor}): the world's {@link SupportSource} (null: none, and the guards that need one
 * stay off) and a result buffer per worker thread.
 */
final class SupportQuery {

    /** Where the support points come from; null: nowhere. */
    SupportSource source;
    /** Per worker: the support query's result. */
    double[][] scratch = new double[1][3];

    /** A result buffer for each of {@code threads} workers. */
    void threads(int threads) {
        if (scratch.length < threads) {
            scratch = new double[threads][3];
        }
    }

    /**
     * Body i's width along the unit normal n on thread {@code worker} (twice its extent where the
     * shape has no support function).
     */
    double thickness(BodyStore s, int i, double nx, double ny, double nz, int worker) {
        double[] out = scratch[worker];
        if (source == null || !source.support(s, i, nx, ny, nz, worker, out)) {
            return 2 * s.extent[i];
        }
        double far = out[0] * nx + out[1] * ny + out[2] * nz;
        if (!source.support(s, i, -nx, -ny, -nz, worker, out)) {
            return 2 * s.extent[i];
        }
        return far - (out[0] * nx + out[1] * ny + out[2] * nz);
    }
}
