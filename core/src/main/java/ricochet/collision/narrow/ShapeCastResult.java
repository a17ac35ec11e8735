package ricochet.collision.narrow;

/** What {@link ShapeCast#cast} found, reused between calls. */
public final class ShapeCastResult {

    /** Whether A touches B somewhere along the motion. */
    public boolean hit;
    /** Fraction of the translation at first contact, in [0, 1]; 0 when the shapes start overlapping. */
    public double fraction;
    /** Unit normal from A to B at first contact, world axes. */
    public double normalX, normalY, normalZ;
    /** Contact point on B's surface at first contact, world, metres. */
    public double pointX, pointY, pointZ;
    /** Conservative-advancement steps taken (GJK queries). */
    public int iterations;
}
