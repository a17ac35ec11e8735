package ricochet.geometry;

/**
 * A signed distance function in world space: negative inside, zero on the surface,
 * positive outside; its gradient is the outward surface normal. Implementations allocate nothing.
 */
public interface Sdf {

    /** Signed distance of the point (x, y, z) in metres. */
    double distance(double x, double y, double z);

    /** Unit outward normal (the normalised gradient) at (x, y, z) into {@code out[0..2]}. */
    void normal(double x, double y, double z, double[] out);

    /**
     * The union of two solids: {@code min(a, b)}. Exact outside both; inside, where the solids overlap,
     * it underestimates the depth (a lower bound, still safe for collision). The normal is the nearer
     * side's (a on a tie).
     */
    static Sdf union(Sdf a, Sdf b) {
        if (a == null || b == null) {
            throw new IllegalArgumentException("sdf union: both sides must be non-null, got " + a + ", " + b);
        }
        return new Sdf() {
            @Override
            public double distance(double x, double y, double z) {
                return Math.min(a.distance(x, y, z), b.distance(x, y, z));
            }

            @Override
            public void normal(double x, double y, double z, double[] out) {
                if (a.distance(x, y, z) <= b.distance(x, y, z)) {
                    a.normal(x, y, z, out);
                } else {
                    b.normal(x, y, z, out);
                }
            }
        };
    }

    /**
     * The intersection of two solids: {@code max(a, b)}. Exact inside; outside it can underestimate
     * the distance near where the two surfaces cross. The normal is the farther side's (a on a tie).
     */
    static Sdf intersection(Sdf a, Sdf b) {
        if (a == null || b == null) {
            throw new IllegalArgumentException("sdf intersection: both sides must be non-null, got " + a + ", "
                    + b);
        }
        return new Sdf() {
            @Override
            public double distance(double x, double y, double z) {
                return Math.max(a.distance(x, y, z), b.distance(x, y, z));
            }

            @Override
            public void normal(double x, double y, double z, double[] out) {
                if (a.distance(x, y, z) >= b.distance(x, y, z)) {
                    a.normal(x, y, z, out);
                } else {
                    b.normal(x, y, z, out);
                }
            }
        };
    }
}
