package ricochet.collision;

/** The first body a swept shape touches: fraction of the sweep, the contact point and normal (world). */
public final class ShapeCastHit {

    public int body = -1;
    public double fraction;
    public double pointX, pointY, pointZ;
    /** Unit normal from the swept shape to the body at first contact. */
    public double normalX, normalY, normalZ;
}
