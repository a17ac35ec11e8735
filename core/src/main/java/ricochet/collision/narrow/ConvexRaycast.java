package ricochet.collision.narrow;

import ricochet.geometry.shape.ConvexShape;
import ricochet.math.Transform;

/**
 * A ray against any convex shape by GJK ray casting (van den Bergen, "Ray Casting against General
 * Convex Objects with Application to Continuous Collision Detection", 2004). The ray's point
 * {@code x = s + lambda r} only moves forward: each support plane of the core (pushed out by the
 * shape's radius) that separates x from the shape moves x onto that plane, and its normal becomes the
 * hit normal; otherwise the support point refines a GJK simplex of core points around the closest
 * point to x. It ends when x is within the tolerance of the rounded core (a hit), or when a separating
 * plane faces away from the ray or lies beyond its end (a miss). With the radius handled this way a
 * sphere or capsule is hit by Newton steps on the distance, not by approximating its round surface.
 *
 * <p>The work is done in the shape's frame. An instance owns its scratch; a cast allocates nothing.
 */
public final class ConvexRaycast {

    /** The most support evaluations; a cast still converging then reports the hit it is closing on. */
    public static final int MAX_ITERATIONS = 64;
    /** The ray's point counts as on the surface within this fraction of the problem's size. */
    static final double TOLERANCE = 1e-12;

    private final Gjk gjk = new Gjk();
    private final double[] local = new double[3];
    private final double[] p = new double[3];

    /**
     * Casts the ray {@code o + lambda d}, lambda in [0, 1] (world, metres), against {@code shape} at
     * pose {@code t}.
     *
     * @param out the fraction lambda, the outward normal and the point of the first hit
     * @return whether the ray meets the shape within its length
     * @throws IllegalArgumentException when the origin or direction is not finite or the direction is
     *     zero
     */
    public boolean cast(ConvexShape shape, Transform t, double ox, double oy, double oz, double dx, double dy,
            double dz, ConvexRaycastResult out) {
        if (!Double.isFinite(ox) || !Double.isFinite(oy) || !Double.isFinite(oz)) {
            throw new IllegalArgumentException("ray cast: origin must be finite, got (" + ox + ", " + oy
                    + ", " + oz + ")");
        }
        boolean zero = dx == 0 && dy == 0 && dz == 0;
        if (!Double.isFinite(dx) || !Double.isFinite(dy) || !Double.isFinite(dz) || zero) {
            throw new IllegalArgumentException("ray cast: direction must be finite and non-zero, got (" + dx
                    + ", " + dy + ", " + dz + ")");
        }
        t.toLocal(ox, oy, oz, local);
        double sx = local[0], sy = local[1], sz = local[2];
        t.inverseRotate(dx, dy, dz, local);
        double rx = local[0], ry = local[1], rz = local[2];
        double radius = shape.radius();
        double lambda = 0;
        double xx = sx, xy = sy, xz = sz;
        double nx = 0, ny = 0, nz = 0;
        boolean advanced = false;
        out.hit = false;
        gjk.clearSimplex();
        shape.supportCore(-rx, -ry, -rz, p);
        double vx = xx - p[0], vy = xy - p[1], vz = xz - p[2];
        double scale = Math.max(Math.sqrt(rx * rx + ry * ry + rz * rz),
                Math.max(radius, Math.sqrt(vx * vx + vy * vy + vz * vz)));
        double tolerance = TOLERANCE * scale;
        int iterations = 0;
        while (true) {
            double vlen = Math.sqrt(vx * vx + vy * vy + vz * vz);
            if (vlen - radius <= tolerance || gjk.count == 4 || iterations == MAX_ITERATIONS) {
                break;
            }
            shape.supportCore(vx, vy, vz, p);
            iterations++;
            double vw = vx * (xx - p[0]) + vy * (xy - p[1]) + vz * (xz - p[2]);
            boolean moved = false;
            if (vw > radius * vlen) {
                // The support plane pushed out by the radius separates x from the shape: move x onto it.
                double vr = vx * rx + vy * ry + vz * rz;
                if (vr >= 0) {
                    return miss(iterations, out);
                }
                lambda -= (vw - radius * vlen) / vr;
                if (lambda > 1) {
                    return miss(iterations, out);
                }
                xx = sx + lambda * rx;
                xy = sy + lambda * ry;
                xz = sz + lambda * rz;
                nx = vx;
                ny = vy;
                nz = vz;
                advanced = true;
                moved = true;
                // The simplex holds core points; its vertices x - p move with x.
                for (int m = 0; m < gjk.count; m++) {
                    gjk.sw[3 * m] = xx - gjk.sa[3 * m];
                    gjk.sw[3 * m + 1] = xy - gjk.sa[3 * m + 1];
                    gjk.sw[3 * m + 2] = xz - gjk.sa[3 * m + 2];
                }
            }
            boolean known = false;
            for (int m = 0; m < gjk.count; m++) {
                known |= gjk.sa[3 * m] == p[0] && gjk.sa[3 * m + 1] == p[1] && gjk.sa[3 * m + 2] == p[2];
            }
            if (!known) {
                gjk.pushVertex(xx - p[0], xy - p[1], xz - p[2], p[0], p[1], p[2], 0, 0, 0);
            } else if (!moved) {
                // Nothing new to learn: x is as close to the shape as this support mapping can tell.
                break;
            }
            gjk.solve();
            vx = gjk.vx;
            vy = gjk.vy;
            vz = gjk.vz;
        }
        out.hit = true;
        out.iterations = iterations;
        out.fraction = lambda;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        double vlen = Math.sqrt(vx * vx + vy * vy + vz * vz);
        if (advanced && radius > 0 && vlen > 0.5 * radius) {
            // On a rounded shape x sits about a radius from the core's closest point, and the direction
            // from that point is the surface normal at x itself; the last plane's normal belongs to the
            // x before the last step, off by the angle that step turned.
            nx = vx;
            ny = vy;
            nz = vz;
            len = vlen;
        }
        if (!advanced) {
            // Starting inside or on the surface: the direction out of the core if there is one.
            nx = vx;
            ny = vy;
            nz = vz;
            len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (!(len > tolerance)) {
                nx = -rx;
                ny = -ry;
                nz = -rz;
                len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            }
        }
        t.rotate(nx / len, ny / len, nz / len, local);
        out.normalX = local[0];
        out.normalY = local[1];
        out.normalZ = local[2];
        out.pointX = ox + lambda * dx;
        out.pointY = oy + lambda * dy;
        out.pointZ = oz + lambda * dz;
        return true;
    }

    private static boolean miss(int iterations, ConvexRaycastResult out) {
        out.hit = false;
        out.iterations = iterations;
        return false;
    }
}
