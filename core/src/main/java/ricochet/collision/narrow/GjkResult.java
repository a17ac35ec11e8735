package ricochet.collision.narrow;

/**
 * What {@link Gjk#distance} found, reused between calls. Points and distance are those of the
 * shapes' cores (see {@link ricochet.geometry.shape.ConvexShape}); {@link #surfaceDistance()} adds the
 * radii back.
 */
public final class GjkResult {

    /** Closest point on A's core, world, metres (meaningless when {@link #overlap}). */
    public double pointAX, pointAY, pointAZ;
    /** Closest point on B's core, world, metres (meaningless when {@link #overlap}). */
    public double pointBX, pointBY, pointBZ;
    /** Distance between the cores, metres: 0 when they overlap or touch. */
    public double distance;
    /**
     * Unit direction from A to B along which the cores are separated (world axes); when they overlap
     * it is only the direction between the shapes' origins, and {@link Epa} gives the real one.
     */
    public double normalX, normalY, normalZ;
    /** Support evaluations after the first one. */
    public int iterations;
    /** Whether the cores overlap or touch (their distance is below GJK's tolerance). */
    public boolean overlap;
    /** The radii of A and B, metres, copied from the shapes. */
    public double radiusA, radiusB;

    /**
     * Distance between the whole shapes, metres: core distance minus both radii; negative when the
     * rounded shapes overlap though their cores do not (then it is minus the penetration depth).
     */
    public double surfaceDistance() {
        return distance - radiusA - radiusB;
    }
}
