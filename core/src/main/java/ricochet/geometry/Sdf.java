package ricochet.geometry;

/**
 * A signed distance function in world space (seeds 002-003): negative inside, zero on the surface,
 * positive outside; its gradient is the outward surface normal. Implementations allocate nothing.
 */
public interface Sdf {

    /** Signed distance of the point (x, y, z) in metres. */
    double distance(double x, double y, double z);

    /** Unit outward normal (the normalised gradient) at (x, y, z) into {@code out[0..2]}. */
    void normal(double x, double y, double z, double[] out);
}
