package ricochet.collision.narrow;

import ricochet.geometry.shape.ConvexShape;
import ricochet.math.Transform;

/**
 * The contact patch of one triangle (A) with a convex shape (B) that has no dedicated triangle routine
 * (a cylinder): GJK/EPA's one point widened into a clipped manifold, as {@link ConvexCollide} does for
 * a cylinder on a box (Jolt's {@code ManifoldBetweenTwoFaces}). The convex's {@link SupportFace} (a
 * cylinder's cap as an octagon, or its side as a segment) and the triangle's face: when the triangle's
 * face lies within {@link ConvexCollide#FACE_COSINE} of the contact normal it is the reference and the
 * convex's face is clipped to the triangle's prism; else when the convex's face does, the triangle is
 * clipped to that face's side planes ({@link FaceClipper}); points within the margin are kept and
 * reduced to four ({@link FourPointReduction}, as for the triangle's other shapes).
 *
 * <p>One point let a cylinder standing on a mesh rock about it and rest several millimetres deep and
 * tilted: each triangle under the cap gave the one rim point GJK's support picks, and over a shared
 * edge the triangle that did not hold that point gave nothing. With the patch each triangle gives the
 * part of the cap over it, and the mesh's merge keeps the four that span the cap.
 *
 * <p>The cap's octagon starts at its rim point farthest along the direction, which is the circle's
 * own support point, so a tilted cap's deepest point is exact; its other points lie on chords, inside
 * the circle by at most 7.6% of the radius times the sine of the tilt (nothing for a cap lying flat).
 * When the clipped points still miss GJK/EPA's depth (a deep overlap, a tilted cap whose lowest rim
 * point lies past the triangle's edge), GJK/EPA's point is added as a candidate, so the patch never
 * reads shallower than the one point did.
 *
 * <p>Feature ids (12 bits, for {@link MeshCollide}'s {@code triangle << 12 | local}): bit 11 set;
 * bit 10 the convex's face is the reference; bits 8-9 the convex's face ({@link SupportFace#id});
 * bits 0-7 the two lines that meet at the point (4 bits each: an incident edge 0-7, or 8 + a
 * reference side plane). GJK/EPA's added point is 0. One instance per {@link TriangleCollide};
 * allocates nothing once its buffers have grown.
 */
final class TrianglePatch {

    /** Bit 11 of a clipped point's id, which a lone GJK/EPA point (id 0) never has. */
    static final int CLIPPED = 1 << 11;

    private final SupportFace face = new SupportFace();
    private final FaceClipper clipper = new FaceClipper();
    private final ContactReduction reduction = new ContactReduction();
    private final int[] keep = new int[Manifold.MAX_POINTS];
    private double[] onA = new double[3 * 16], onB = new double[3 * 16], sep = new double[16];
    private int[] ids = new int[16];
    private boolean referenceOnConvex;

    /** Whether the last patch had the convex's face as the reference (its normal is then not the face's). */
    boolean referenceOnConvex() {
        return referenceOnConvex;
    }

    /**
     * The patch along the triangle's unit face normal t: the convex's face supporting -t clipped to the
     * triangle's prism. False (and {@code out} to be refilled) when the convex shows no face within
     * {@link ConvexCollide#FACE_COSINE} of -t, or nothing of it lies over the triangle within the margin.
     *
     * @param tri world vertices, counter-clockwise seen from the front
     */
    boolean alongFace(double[] tri, double tx, double ty, double tz, ConvexShape b, Transform tb,
            double margin, Manifold out) {
        referenceOnConvex = false;
        if (!faceAgainst(b, tb, tx, ty, tz)) {
            return false;
        }
        reduction.clear();
        clipOnTriangle(tri, tx, ty, tz, margin);
        return emit(tx, ty, tz, out);
    }

    /**
     * The patch for GJK/EPA's unit normal n (triangle to convex) and separation s, with its witness
     * points a (on the triangle) and b (on the convex): see the class comment. False when neither face
     * lies within {@link ConvexCollide#FACE_COSINE} of n, or clipping leaves nothing.
     */
    boolean collide(double[] tri, double tx, double ty, double tz, ConvexShape b, Transform tb, double nx,
            double ny, double nz, double s, double ax, double ay, double az, double bx, double by, double bz,
            double margin, Manifold out) {
        referenceOnConvex = false;
        double alignTriangle = nx * tx + ny * ty + nz * tz;
        if (!face.of(b, tb, -nx, -ny, -nz)) {
            return false;
        }
        double alignConvex = face.count >= 3 ? -(face.nx * nx + face.ny * ny + face.nz * nz) : -1;
        reduction.clear();
        double rx, ry, rz;
        // Ties go to the triangle's face, as the separating axis test over a triangle prefers it.
        if (alignTriangle >= ConvexCollide.FACE_COSINE && alignTriangle + 1e-9 >= alignConvex) {
            if (!faceAgainst(b, tb, tx, ty, tz)) {
                return false;
            }
            clipOnTriangle(tri, tx, ty, tz, margin);
            rx = tx;
            ry = ty;
            rz = tz;
        } else if (alignConvex >= ConvexCollide.FACE_COSINE && -(face.nx * tx + face.ny * ty + face.nz * tz) > 0) {
            // One-sided: the normal -n_face must leave the triangle's front.
            referenceOnConvex = true;
            rx = -face.nx;
            ry = -face.ny;
            rz = -face.nz;
            clipper.beginReference();
            for (int k = 0; k < face.count; k++) {
                clipper.reference(face.v[3 * k], face.v[3 * k + 1], face.v[3 * k + 2]);
            }
            clipper.beginIncident();
            for (int k = 0; k < 9; k += 3) {
                clipper.incident(tri[k], tri[k + 1], tri[k + 2]);
            }
            clipper.clip(face.nx, face.ny, face.nz, true, face.id, 0, margin, reduction);
        } else {
            return false;
        }
        if (!emit(rx, ry, rz, out)) {
            return false;
        }
        // The clipped points must reach GJK/EPA's separation (to 5% of it and a micrometre), else its
        // point joins them, measured along the patch's normal (the point on the reference body is the
        // other one projected onto the reference plane).
        double least = Double.POSITIVE_INFINITY;
        for (int i = 0; i < out.pointCount(); i++) {
            least = Math.min(least, out.separation(i));
        }
        if (least <= s + 0.05 * Math.abs(s) + 1e-6) {
            return true;
        }
        double sep = (bx - ax) * rx + (by - ay) * ry + (bz - az) * rz;
        if (referenceOnConvex) {
            reduction.add(ax, ay, az, ax + sep * rx, ay + sep * ry, az + sep * rz, 0);
        } else {
            reduction.add(bx - sep * rx, by - sep * ry, bz - sep * rz, bx, by, bz, 0);
        }
        return emit(rx, ry, rz, out);
    }

    /** Loads the convex's face supporting -t into {@link #face}; whether it faces the triangle. */
    private boolean faceAgainst(ConvexShape b, Transform tb, double tx, double ty, double tz) {
        if (!face.of(b, tb, -tx, -ty, -tz)) {
            return false;
        }
        // A segment (a cylinder's side) comes only within 10 degrees of lying flat; a face must be
        // within FACE_COSINE of -t, else the contact is its rim and GJK/EPA's one point is the answer.
        return face.count == 2 || -(face.nx * tx + face.ny * ty + face.nz * tz) >= ConvexCollide.FACE_COSINE;
    }

    /** Clips {@link #face} (incident) to the triangle's prism (reference, normal t) into the reduction. */
    private void clipOnTriangle(double[] tri, double tx, double ty, double tz, double margin) {
        clipper.beginReference();
        for (int k = 0; k < 9; k += 3) {
            clipper.reference(tri[k], tri[k + 1], tri[k + 2]);
        }
        double[] p = face.v;
        if (face.count == 2) {
            clipper.clipSegment(p[0], p[1], p[2], p[3], p[4], p[5], tx, ty, tz, false, 0, face.id, margin,
                    reduction);
            return;
        }
        clipper.beginIncident();
        for (int k = 0; k < face.count; k++) {
            clipper.incident(p[3 * k], p[3 * k + 1], p[3 * k + 2]);
        }
        clipper.clip(tx, ty, tz, false, 0, face.id, margin, reduction);
    }

    /**
     * The candidates, reduced to four by the triangle path's {@link FourPointReduction} (its near-ties
     * keep a resting cap's choice put), into {@code out} along normal r, their ids packed to 12 bits.
     */
    private boolean emit(double rx, double ry, double rz, Manifold out) {
        int n = reduction.count();
        if (n == 0) {
            return false;
        }
        if (ids.length < n) {
            int cap = Integer.highestOneBit(n) * 2;
            onA = new double[3 * cap];
            onB = new double[3 * cap];
            sep = new double[cap];
            ids = new int[cap];
        }
        reduction.copyCandidates(onA, onB, ids);
        for (int i = 0; i < n; i++) {
            sep[i] = (onB[3 * i] - onA[3 * i]) * rx + (onB[3 * i + 1] - onA[3 * i + 1]) * ry
                    + (onB[3 * i + 2] - onA[3 * i + 2]) * rz;
        }
        int kept = FourPointReduction.reduce(onB, sep, n, rx, ry, rz, keep);
        out.clear();
        out.setNormal(rx, ry, rz);
        for (int k = 0; k < kept; k++) {
            int i = keep[k];
            out.addPoint(onA[3 * i], onA[3 * i + 1], onA[3 * i + 2], onB[3 * i], onB[3 * i + 1], onB[3 * i + 2],
                    local(ids[i]));
        }
        return true;
    }

    /** {@link FeatureIds#face}'s id in 12 bits (see the class comment); 0 stays 0. */
    static int local(int id) {
        if (id == 0) {
            return 0;
        }
        int code = id & 0x3FFF;
        int in = label(code >> 7), outLabel = label(code & 127);
        int convexFace = (id >> 28 & 1) != 0 ? id >> 21 & 127 : id >> 14 & 127;
        return CLIPPED | (id >> 28 & 1) << 10 | (convexFace & 3) << 8 | in << 4 | outLabel;
    }

    /** An incident edge 0-7 stays; reference side plane j (label 64 + j) becomes 8 + j (mod 8). */
    private static int label(int l) {
        return l >= 64 ? 8 | (l - 64) & 7 : l & 7;
    }
}
