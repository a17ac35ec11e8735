package ricochet.collision;

/** A ray hit on a body: the fraction along the ray, the world point and the unit outward normal. */
public final class RayResult {

    public int body = -1;
    public double fraction;
    public double pointX, pointY, pointZ;
    public double normalX, normalY, normalZ;
}
