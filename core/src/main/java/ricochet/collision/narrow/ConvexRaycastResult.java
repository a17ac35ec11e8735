package ricochet.collision.narrow;

/** What {@link ConvexRaycast#cast} found, reused between calls. */
public final class ConvexRaycastResult {

    /** Whether the ray meets the shape within its length. */
    public boolean hit;
    /** Fraction of the ray's direction vector at the hit, in [0, 1]; 0 when the ray starts inside. */
    public double fraction;
    /**
     * Outward unit normal of the shape at the hit, world axes; for a ray starting inside the core, the
     * reverse of the ray's direction.
     */
    public double normalX, normalY, normalZ;
    /** The hit point, world, metres. */
    public double pointX, pointY, pointZ;
    /** Support evaluations taken. */
    public int iterations;
}
