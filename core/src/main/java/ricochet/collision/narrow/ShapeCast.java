package ricochet.collision.narrow;

import ricochet.geometry.shape.ConvexShape;
import ricochet.math.Transform;

/**
 * Time of impact of a convex shape A translating by a vector against a fixed convex shape B, by
 * conservative advancement (Mirtich, "Impulse-based Dynamic Simulation of Rigid Body Systems", 1996;
 * Catto, "Continuous Collision", GDC 2013, for the linear case). At fraction t GJK gives the distance d
 * and the normal n from A to B; A closes on B at speed {@code T . n} along it, so it cannot touch B
 * before {@code t + d / (T . n)}. The distance along a straight motion is a convex function of t, and
 * that step is Newton's step on it, so it never passes the contact; for flat contacts it lands on it
 * in one step.
 *
 * <p>An instance owns its GJK, EPA and pose scratch; a cast allocates nothing.
 */
public final class ShapeCast {

    /** The most advancement steps; a cast still converging then reports the fraction reached. */
    public static final int MAX_ITERATIONS = 32;

    private final Gjk gjk = new Gjk();
    private final Epa epa = new Epa();
    private final GjkResult distance = new GjkResult();
    private final EpaResult penetration = new EpaResult();
    private final Transform moved = new Transform();

    /**
     * Casts {@code a}, starting at {@code ta} and translated by (dx, dy, dz) (world, metres), against
     * {@code b} fixed at {@code tb}.
     *
     * @param tolerance the distance, metres (> 0), at which the shapes count as touching; the reported
     *     fraction is early by at most {@code tolerance / |T . n|}
     * @param out the fraction, normal and contact point at first contact
     * @return whether A touches B for some fraction in [0, 1]
     * @throws IllegalArgumentException when the translation is not finite or the tolerance not
     *     positive and finite
     */
    public boolean cast(ConvexShape a, Transform ta, double dx, double dy, double dz, ConvexShape b,
            Transform tb, double tolerance, ShapeCastResult out) {
        if (!Double.isFinite(dx) || !Double.isFinite(dy) || !Double.isFinite(dz)) {
            throw new IllegalArgumentException("shape cast: translation must be finite, got (" + dx + ", "
                    + dy + ", " + dz + ")");
        }
        if (!(tolerance > 0) || !Double.isFinite(tolerance)) {
            throw new IllegalArgumentException("shape cast: tolerance must be > 0 and finite, got "
                    + tolerance);
        }
        moved.set(ta);
        double t = 0;
        out.hit = false;
        for (int iteration = 1; iteration <= MAX_ITERATIONS; iteration++) {
            moved.px = ta.px + t * dx;
            moved.py = ta.py + t * dy;
            moved.pz = ta.pz + t * dz;
            out.iterations = iteration;
            if (!gjk.distance(a, moved, b, tb, distance)) {
                // Cores overlap: at the start that is the answer; later only round-off gets here.
                epa.penetration(gjk, penetration);
                hit(t, penetration.normalX, penetration.normalY, penetration.normalZ, penetration.pointBX,
                        penetration.pointBY, penetration.pointBZ, out);
                return true;
            }
            double nx = distance.normalX, ny = distance.normalY, nz = distance.normalZ;
            double d = distance.surfaceDistance();
            if (d <= tolerance || iteration == MAX_ITERATIONS) {
                double rB = distance.radiusB;
                hit(t, nx, ny, nz, distance.pointBX - rB * nx, distance.pointBY - rB * ny,
                        distance.pointBZ - rB * nz, out);
                return true;
            }
            double closing = dx * nx + dy * ny + dz * nz;
            if (!(closing > 0)) {
                return false;
            }
            t += d / closing;
            if (t > 1) {
                return false;
            }
        }
        return false;
    }

    private static void hit(double t, double nx, double ny, double nz, double px, double py, double pz,
            ShapeCastResult out) {
        out.hit = true;
        out.fraction = t;
        out.normalX = nx;
        out.normalY = ny;
        out.normalZ = nz;
        out.pointX = px;
        out.pointY = py;
        out.pointZ = pz;
    }
}
