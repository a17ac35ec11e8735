package ricochet.collision.narrow;

/**
 * What {@link Epa#penetration} found, reused between calls: the penetration of the whole shapes
 * (cores plus radii).
 */
public final class EpaResult {

    /** Unit normal from A to B, world axes: moving B by {@code depth} along it separates the shapes. */
    public double normalX, normalY, normalZ;
    /** Penetration depth of the whole shapes, metres (>= 0): core depth plus both radii. */
    public double depth;
    /** Penetration depth of the cores alone, metres (>= 0). */
    public double coreDepth;
    /** Deepest point of A along the normal, on A's surface, world, metres. */
    public double pointAX, pointAY, pointAZ;
    /** Deepest point of B against the normal, on B's surface, world, metres. */
    public double pointBX, pointBY, pointBZ;
    /** Polytope expansions (support evaluations after the starting tetrahedron). */
    public int iterations;
    /**
     * Whether the cores' Minkowski difference is flat (a point, segment or polygon: two spheres,
     * crossing capsules): the core depth is then 0 and the normal is one of the directions out of its
     * plane, turned to point from A's origin towards B's.
     */
    public boolean flat;
}
