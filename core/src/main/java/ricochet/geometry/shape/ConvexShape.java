package ricochet.geometry.shape;

/**
 * A convex shape as a convex core swept by a sphere of {@link #radius()}: a sphere is a point core,
 * a capsule a segment core; a box, cylinder or hull has radius 0. GJK works on the cores and adds
 * the radii, which keeps rounded shapes exact and cheap (Box2D v3, Jolt's convex radius).
 */
public interface ConvexShape extends Shape {

    /**
     * The point of the core farthest along the direction (dx, dy, dz) (any length, not zero), in the
     * shape's frame, into {@code out[0..2]}. Ties are broken deterministically.
     */
    void supportCore(double dx, double dy, double dz, double[] out);

    /** The sweeping radius added around the core, metres (>= 0). */
    double radius();

    /** The support point of the whole shape (core plus radius) along (dx, dy, dz). */
    default void support(double dx, double dy, double dz, double[] out) {
        supportCore(dx, dy, dz, out);
        double rad = radius();
        if (rad > 0) {
            double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
            out[0] += rad * dx / len;
            out[1] += rad * dy / len;
            out[2] += rad * dz / len;
        }
    }
}
