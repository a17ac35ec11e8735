package ricochet.collision.narrow;

import ricochet.geometry.shape.ConvexShape;
import ricochet.math.Transform;

/**
 * The support mapping of the Minkowski difference of two convex cores, {@code A - B}, shared by
 * {@link Gjk}, {@link Epa} and the casts. Points are kept in world axes but relative to A's origin
 * ({@code ox, oy, oz}): subtracting the large common offset first keeps round-off proportional to the
 * shapes' size, not to their distance from the world origin.
 */
final class GjkSupport {

    ConvexShape a;
    ConvexShape b;
    Transform ta;
    Transform tb;
    /** World position of the shifted frame's origin (A's position). */
    double ox, oy, oz;
    /** The last support points on A's core, on B's core and their difference, shifted frame. */
    double ax, ay, az, bx, by, bz, wx, wy, wz;

    private final double[] dir = new double[3];
    private final double[] local = new double[3];
    private final double[] rotated = new double[3];

    void set(ConvexShape a, Transform ta, ConvexShape b, Transform tb) {
        this.a = a;
        this.b = b;
        this.ta = ta;
        this.tb = tb;
        ox = ta.px;
        oy = ta.py;
        oz = ta.pz;
    }

    /** Support of {@code A - B} along (dx, dy, dz) (world axes, not zero): A's along d minus B's along -d. */
    void support(double dx, double dy, double dz) {
        ta.inverseRotate(dx, dy, dz, dir);
        a.supportCore(dir[0], dir[1], dir[2], local);
        ta.rotate(local[0], local[1], local[2], rotated);
        ax = rotated[0] + (ta.px - ox);
        ay = rotated[1] + (ta.py - oy);
        az = rotated[2] + (ta.pz - oz);
        tb.inverseRotate(-dx, -dy, -dz, dir);
        b.supportCore(dir[0], dir[1], dir[2], local);
        tb.rotate(local[0], local[1], local[2], rotated);
        bx = rotated[0] + (tb.px - ox);
        by = rotated[1] + (tb.py - oy);
        bz = rotated[2] + (tb.pz - oz);
        wx = ax - bx;
        wy = ay - by;
        wz = az - bz;
    }

    /** Writes the last support point (w = a - b, and its points on A and B) at slot i of the three arrays. */
    void copyTo(double[] w, double[] a, double[] b, int i) {
        int j = 3 * i;
        w[j] = wx;
        w[j + 1] = wy;
        w[j + 2] = wz;
        a[j] = ax;
        a[j + 1] = ay;
        a[j + 2] = az;
        b[j] = bx;
        b[j + 1] = by;
        b[j + 2] = bz;
    }
}
