package ricochet.collision.narrow;

import ricochet.geometry.shape.ConvexShape;
import ricochet.math.Transform;

/**
 * The narrow phase's general convex routine, for the pairs without a dedicated one (cylinders, hulls
 * against rounded shapes...): one contact point from {@link Gjk} when the shapes are apart by less than
 * the margin (a speculative point, separation = distance) and from {@link Epa} when their cores overlap
 * (separation = -depth). Rounded shapes whose cores are apart but whose radii overlap take the GJK
 * answer, which is exact for them. An instance owns its GJK and EPA scratch; a call allocates nothing.
 */
public final class ConvexCollide {

    private final Gjk gjk = new Gjk();
    private final Epa epa = new Epa();
    private final GjkResult distance = new GjkResult();
    private final EpaResult penetration = new EpaResult();

    /**
     * Collides {@code a} at {@code ta} with {@code b} at {@code tb}.
     *
     * @param margin speculative distance, metres (>= 0): shapes farther apart give no point
     * @param out cleared, then given the normal from A to B (world) and one point (feature id 0) on A
     *     and on B (world, metres) when the shapes are within the margin
     * @return whether a point was written
     * @throws IllegalArgumentException when the margin is negative or not finite
     */
    public boolean collide(ConvexShape a, Transform ta, ConvexShape b, Transform tb, double margin,
            Manifold out) {
        if (!(margin >= 0) || !Double.isFinite(margin)) {
            throw new IllegalArgumentException("convex collide: margin must be >= 0 and finite, got "
                    + margin);
        }
        out.clear();
        if (gjk.distance(a, ta, b, tb, distance)) {
            double rA = distance.radiusA, rB = distance.radiusB;
            if (distance.surfaceDistance() > margin) {
                return false;
            }
            double nx = distance.normalX, ny = distance.normalY, nz = distance.normalZ;
            out.setNormal(nx, ny, nz);
            out.addPoint(distance.pointAX + rA * nx, distance.pointAY + rA * ny, distance.pointAZ + rA * nz,
                    distance.pointBX - rB * nx, distance.pointBY - rB * ny, distance.pointBZ - rB * nz, 0);
            return true;
        }
        epa.penetration(gjk, penetration);
        out.setNormal(penetration.normalX, penetration.normalY, penetration.normalZ);
        out.addPoint(penetration.pointAX, penetration.pointAY, penetration.pointAZ,
                penetration.pointBX, penetration.pointBY, penetration.pointBZ, 0);
        return true;
    }
}
