package ricochet.collision.narrow;

import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.math.Transform;

/**
 * The narrow phase's general convex routine, for the pairs without a dedicated one (cylinders, hulls
 * against rounded shapes...): one contact point from {@link Gjk} when the shapes are apart by less than
 * the margin (a speculative point, separation = distance) and from {@link Epa} when their cores overlap
 * (separation = -depth). Rounded shapes whose cores are apart but whose radii overlap take the GJK
 * answer, which is exact for them.
 *
 * <p>For a cylinder against a flat-sided shape (box, hull, cylinder) that one point is then widened
 * into a manifold, as Jolt does after its EPA ({@code ManifoldBetweenTwoFaces}): each shape's
 * {@link SupportFace} along the normal, the one whose own normal lies within {@link #FACE_COSINE} of
 * the contact normal as the reference, the other clipped against its side planes and kept where it is
 * within the margin of it, reduced to four. One point let a cylinder standing on a box rock about it:
 * a thin one sank into the ground box of the no-NaN property (its soak counted 58 of the 79 scenes of
 * free bodies with a body below the ground). When the faces do not line up (an edge on an edge, a
 * rim on an edge), clipping leaves nothing, or the clipped points miss the deepest (a deep overlap),
 * the one point stays. Boxes and hulls among themselves have dedicated SAT routines and come here
 * only in tests that check GJK/EPA against them, so they keep the one point.
 *
 * <p>An instance owns its GJK, EPA and clipping scratch; a call allocates nothing once warm.
 */
public final class ConvexCollide {

    private final Gjk gjk = new Gjk();
    private final Epa epa = new Epa();
    private final GjkResult distance = new GjkResult();
    private final EpaResult penetration = new EpaResult();
    private final SupportFace faceA = new SupportFace(), faceB = new SupportFace();
    private final FaceClipper clipper = new FaceClipper();
    private final ContactReduction reduction = new ContactReduction();

    /**
     * A support face is the reference only when its normal is within this cosine (8 degrees) of the
     * contact normal: then the contact is face against something, and the face's normal is the
     * manifold's. Further off, GJK/EPA's normal is an edge's or a rim's and one point is the answer.
     */
    static final double FACE_COSINE = 0.99;

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
            if (widens(a, b) && faces(a, ta, b, tb, nx, ny, nz, distance.surfaceDistance(), margin, out)) {
                return true;
            }
            out.clear();
            out.setNormal(nx, ny, nz);
            out.addPoint(distance.pointAX + rA * nx, distance.pointAY + rA * ny, distance.pointAZ + rA * nz,
                    distance.pointBX - rB * nx, distance.pointBY - rB * ny, distance.pointBZ - rB * nz, 0);
            return true;
        }
        epa.penetration(gjk, penetration);
        double nx = penetration.normalX, ny = penetration.normalY, nz = penetration.normalZ;
        if (widens(a, b) && faces(a, ta, b, tb, nx, ny, nz, -penetration.depth, margin, out)) {
            return true;
        }
        out.clear();
        out.setNormal(nx, ny, nz);
        out.addPoint(penetration.pointAX, penetration.pointAY, penetration.pointAZ,
                penetration.pointBX, penetration.pointBY, penetration.pointBZ, 0);
        return true;
    }

    /** A cylinder against a cylinder, box or hull. */
    private static boolean widens(ConvexShape a, ConvexShape b) {
        return (a instanceof CylinderShape || b instanceof CylinderShape) && flat(a) && flat(b);
    }

    private static boolean flat(ConvexShape s) {
        return s instanceof CylinderShape || s instanceof BoxShape || s instanceof ConvexHullShape;
    }

    /**
     * The clipped manifold for contact normal n (A to B, unit) and GJK/EPA's separation when both
     * shapes have support faces and one of them faces n (see the class comment); false, with
     * {@code out} to be refilled, when not.
     */
    private boolean faces(ConvexShape a, Transform ta, ConvexShape b, Transform tb, double nx, double ny,
            double nz, double separation, double margin, Manifold out) {
        if (!faceA.of(a, ta, nx, ny, nz) || !faceB.of(b, tb, -nx, -ny, -nz)) {
            return false;
        }
        // A's face normal against n, B's against -n; a segment (a cylinder's side) is never the reference.
        double alignA = faceA.count >= 3 ? faceA.nx * nx + faceA.ny * ny + faceA.nz * nz : -1;
        double alignB = faceB.count >= 3 ? -(faceB.nx * nx + faceB.ny * ny + faceB.nz * nz) : -1;
        boolean referenceOnB = alignB > alignA + 1e-9;
        if (!(Math.max(alignA, alignB) >= FACE_COSINE)) {
            return false;
        }
        SupportFace ref = referenceOnB ? faceB : faceA, inc = referenceOnB ? faceA : faceB;
        double rx = ref.nx, ry = ref.ny, rz = ref.nz;
        out.clear();
        out.setNormal(referenceOnB ? -rx : rx, referenceOnB ? -ry : ry, referenceOnB ? -rz : rz);
        reduction.clear();
        clipper.beginReference();
        for (int k = 0; k < ref.count; k++) {
            clipper.reference(ref.v[3 * k], ref.v[3 * k + 1], ref.v[3 * k + 2]);
        }
        if (inc.count == 2) {
            double[] p = inc.v;
            clipper.clipSegment(p[0], p[1], p[2], p[3], p[4], p[5], rx, ry, rz, referenceOnB, ref.id, inc.id,
                    margin, reduction);
        } else {
            clipper.beginIncident();
            for (int k = 0; k < inc.count; k++) {
                clipper.incident(inc.v[3 * k], inc.v[3 * k + 1], inc.v[3 * k + 2]);
            }
            clipper.clip(rx, ry, rz, referenceOnB, ref.id, inc.id, margin, reduction);
        }
        // The clipped points must reach GJK/EPA's separation (to 5% of it and a micrometre): the
        // face normal may differ from n by 8 degrees, and a deep overlap can clip the deepest away.
        if (!reduction.emit(out)) {
            return false;
        }
        double least = Double.POSITIVE_INFINITY;
        for (int i = 0; i < out.pointCount(); i++) {
            least = Math.min(least, out.separation(i));
        }
        return least <= separation + 0.05 * Math.abs(separation) + 1e-6;
    }
}
