package ricochet.collision.narrow;

import ricochet.geometry.shape.BoxShape;
import ricochet.math.Transform;

/**
 * Box-box contact by the separating-axis test over the 15 axes of two boxes (3 + 3 face normals and the
 * 9 crosses of their edges; Gottschalk, Lin and Manocha 1996, Ericson 4.4.1), then reference/incident
 * face clipping for a face axis or the closest points of the two edges for an edge axis (Dirk
 * Gregorius, GDC 2013/2015; Box2D and Jolt work the same way).
 *
 * <p>Faces are numbered {@code 2 axis + (outward normal negative ? 1 : 0)} and edges
 * {@code 4 axis + corner bits}, so feature ids of a box resting on a box stay put while it jitters:
 * the face axes are preferred over an edge axis, and A's face over B's, unless the other penetrates
 * less by more than {@link #RELATIVE_TOLERANCE} of the depth plus {@link #ABSOLUTE_TOLERANCE} of the
 * smaller box's least half extent. One instance per thread: it holds scratch.
 */
public final class BoxBoxCollider {

    static final double RELATIVE_TOLERANCE = 0.05;
    static final double ABSOLUTE_TOLERANCE = 1e-3;
    /** Edge pairs closer to parallel than this sine give no axis: a face axis covers them. */
    static final double PARALLEL_SINE = 1e-6;

    private final double[] rot = new double[9];
    private final double[] w = new double[3];
    private final double[] st = new double[2];
    private final FaceClipper clipper = new FaceClipper();
    private final ContactReduction reduction = new ContactReduction();

    /** Box A against box B; see the class comment. */
    public boolean collide(BoxShape a, Transform ta, BoxShape b, Transform tb, double margin, Manifold out) {
        out.clear();
        double[] ra = ta.r, rb = tb.r;
        double a0 = a.halfX(), a1 = a.halfY(), a2 = a.halfZ();
        double b0 = b.halfX(), b1 = b.halfY(), b2 = b.halfZ();
        // R = A^T B: R_ij = (column i of A) . (column j of B).
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                rot[3 * i + j] = ra[i] * rb[j] + ra[3 + i] * rb[3 + j] + ra[6 + i] * rb[6 + j];
            }
        }
        // t = A^T (pB - pA)
        double dx = tb.px - ta.px, dy = tb.py - ta.py, dz = tb.pz - ta.pz;
        double t0 = ra[0] * dx + ra[3] * dy + ra[6] * dz;
        double t1 = ra[1] * dx + ra[4] * dy + ra[7] * dz;
        double t2 = ra[2] * dx + ra[5] * dy + ra[8] * dz;

        // Ties broken in the boxes' own frames, which turn with them, not by round-off: centres level
        // along an axis tie its two directions (towards + wins), and axes that separate equally (parallel
        // boxes) tie each other (the first in the box's order wins).
        double tie = 1e-9 * Math.max(Math.max(a0, Math.max(a1, a2)), Math.max(b0, Math.max(b1, b2)));
        double sepA = Double.NEGATIVE_INFINITY;
        int faceA = 0;
        for (int i = 0; i < 3; i++) {
            double ti = i == 0 ? t0 : (i == 1 ? t1 : t2);
            double ai = i == 0 ? a0 : (i == 1 ? a1 : a2);
            double s = Math.abs(ti) - ai - b0 * Math.abs(rot[3 * i]) - b1 * Math.abs(rot[3 * i + 1])
                    - b2 * Math.abs(rot[3 * i + 2]);
            if (s > sepA + tie) {
                sepA = s;
                faceA = i;
            }
        }
        double sepB = Double.NEGATIVE_INFINITY;
        int faceB = 0;
        for (int j = 0; j < 3; j++) {
            double tj = t0 * rot[j] + t1 * rot[3 + j] + t2 * rot[6 + j];
            double bj = j == 0 ? b0 : (j == 1 ? b1 : b2);
            double s = Math.abs(tj) - bj - a0 * Math.abs(rot[j]) - a1 * Math.abs(rot[3 + j])
                    - a2 * Math.abs(rot[6 + j]);
            if (s > sepB + tie) {
                sepB = s;
                faceB = j;
            }
        }
        if (sepA > margin || sepB > margin) {
            return false;
        }
        double sepE = Double.NEGATIVE_INFINITY;
        double ex = 0, ey = 0, ez = 0;
        int edgeI = -1, edgeJ = -1;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double cx = rot[j], cy = rot[3 + j], cz = rot[6 + j];
                // L = e_i x (column j of R), in A's frame
                double lx = i == 0 ? 0 : (i == 1 ? cz : -cy);
                double ly = i == 0 ? -cz : (i == 1 ? 0 : cx);
                double lz = i == 0 ? cy : (i == 1 ? -cx : 0);
                double len = Math.sqrt(lx * lx + ly * ly + lz * lz);
                if (len < PARALLEL_SINE) {
                    continue;
                }
                double projA = a0 * Math.abs(lx) + a1 * Math.abs(ly) + a2 * Math.abs(lz);
                double projB = b0 * Math.abs(lx * rot[0] + ly * rot[3] + lz * rot[6])
                        + b1 * Math.abs(lx * rot[1] + ly * rot[4] + lz * rot[7])
                        + b2 * Math.abs(lx * rot[2] + ly * rot[5] + lz * rot[8]);
                double c = lx * t0 + ly * t1 + lz * t2;
                double s = (Math.abs(c) - projA - projB) / len;
                if (s > margin) {
                    return false;
                }
                if (s > sepE + tie) {
                    sepE = s;
                    double sg = c >= -tie ? 1 / len : -1 / len;
                    ex = sg * lx;
                    ey = sg * ly;
                    ez = sg * lz;
                    edgeI = i;
                    edgeJ = j;
                }
            }
        }
        double size = Math.min(Math.min(a0, Math.min(a1, a2)), Math.min(b0, Math.min(b1, b2)));
        double absTol = ABSOLUTE_TOLERANCE * size;
        boolean referenceOnB = sepB > sepA + RELATIVE_TOLERANCE * Math.abs(sepA) + absTol;
        double faceSep = referenceOnB ? sepB : sepA;
        if (edgeI >= 0 && sepE > faceSep + RELATIVE_TOLERANCE * Math.abs(faceSep) + absTol) {
            return edgeContact(a, ta, b, tb, ex, ey, ez, edgeI, edgeJ, margin, out);
        }
        reduction.clear();
        if (!referenceOnB) {
            double ti = faceA == 0 ? t0 : (faceA == 1 ? t1 : t2);
            double sign = ti >= -tie ? 1 : -1;
            double nx = sign * ra[faceA], ny = sign * ra[3 + faceA], nz = sign * ra[6 + faceA];
            int inc = mostAntiParallel(rb, nx, ny, nz);
            clipper.beginReference();
            face(a, ta, faceA, sign, true);
            clipper.beginIncident();
            face(b, tb, inc >> 1, (inc & 1) == 0 ? 1 : -1, false);
            out.setNormal(nx, ny, nz);
            clipper.clip(nx, ny, nz, false, 2 * faceA + (sign > 0 ? 0 : 1), inc, margin, reduction);
        } else {
            double tj = t0 * rot[faceB] + t1 * rot[3 + faceB] + t2 * rot[6 + faceB];
            // B's reference face looks back at A.
            double sign = tj >= -tie ? -1 : 1;
            double nx = sign * rb[faceB], ny = sign * rb[3 + faceB], nz = sign * rb[6 + faceB];
            int inc = mostAntiParallel(ra, nx, ny, nz);
            clipper.beginReference();
            face(b, tb, faceB, sign, true);
            clipper.beginIncident();
            face(a, ta, inc >> 1, (inc & 1) == 0 ? 1 : -1, false);
            out.setNormal(-nx, -ny, -nz);
            clipper.clip(nx, ny, nz, true, 2 * faceB + (sign > 0 ? 0 : 1), inc, margin, reduction);
        }
        return reduction.emit(out);
    }

    /** The face id (2 axis + negative) of a box with rotation r whose normal is most against n. */
    private static int mostAntiParallel(double[] r, double nx, double ny, double nz) {
        int best = 0;
        double bestDot = Double.NEGATIVE_INFINITY;
        for (int j = 0; j < 3; j++) {
            double dot = nx * r[j] + ny * r[3 + j] + nz * r[6 + j];
            // Faces at equal angles to the normal tie; the first in the box's own order keeps it, so
            // the choice turns with the box instead of following round-off.
            if (Math.abs(dot) > bestDot + 1e-9) {
                bestDot = Math.abs(dot);
                best = 2 * j + (dot > 0 ? 1 : 0);
            }
        }
        return best;
    }

    /**
     * Feeds the clipper the four corners of face (axis, sign) in world space, counter-clockwise seen
     * from outside: with u = e_(axis+1), v = e_(axis+2) (u x v = e_axis) the corners (+,+), (-,+),
     * (-,-), (+,-) turn counter-clockwise about +e_axis, and the reverse order about -e_axis.
     */
    private void face(BoxShape box, Transform t, int axis, double sign, boolean reference) {
        int u = (axis + 1) % 3, v = (axis + 2) % 3;
        double hx = box.halfX(), hy = box.halfY(), hz = box.halfZ();
        double ha = axis == 0 ? hx : (axis == 1 ? hy : hz);
        double hu = u == 0 ? hx : (u == 1 ? hy : hz);
        double hv = v == 0 ? hx : (v == 1 ? hy : hz);
        for (int k = 0; k < 4; k++) {
            int kk = sign > 0 ? k : 3 - k;
            double cu = kk == 0 || kk == 3 ? 1 : -1;
            double cv = kk < 2 ? 1 : -1;
            double la = sign * ha, lu = cu * hu, lv = cv * hv;
            double c0 = axis == 0 ? la : (u == 0 ? lu : lv);
            double c1 = axis == 1 ? la : (u == 1 ? lu : lv);
            double c2 = axis == 2 ? la : (u == 2 ? lu : lv);
            t.toWorld(c0, c1, c2, w);
            if (reference) {
                clipper.reference(w[0], w[1], w[2]);
            } else {
                clipper.incident(w[0], w[1], w[2]);
            }
        }
    }

    /**
     * One point: the closest points of A's edge along e_i and B's along f_j, each the edge farthest
     * towards the other box along the axis (ex, ey, ez), given in A's frame.
     */
    private boolean edgeContact(BoxShape a, Transform ta, BoxShape b, Transform tb, double ex, double ey,
            double ez, int i, int j, double margin, Manifold out) {
        double[] ra = ta.r;
        double a0 = a.halfX(), a1 = a.halfY(), a2 = a.halfZ();
        // A's edge: along e_i, the other coordinates on the side of the axis.
        double cx = i == 0 ? -a0 : (ex >= 0 ? a0 : -a0);
        double cy = i == 1 ? -a1 : (ey >= 0 ? a1 : -a1);
        double cz = i == 2 ? -a2 : (ez >= 0 ? a2 : -a2);
        int cornerA = (i != 0 && cx > 0 ? 1 : 0) | (i != 1 && cy > 0 ? 2 : 0) | (i != 2 && cz > 0 ? 4 : 0);
        ta.toWorld(cx, cy, cz, w);
        double pax = w[0], pay = w[1], paz = w[2];
        double ha = i == 0 ? a0 : (i == 1 ? a1 : a2);
        double dax = 2 * ha * ra[i], day = 2 * ha * ra[3 + i], daz = 2 * ha * ra[6 + i];
        // The axis in world and in B's frame.
        ta.rotate(ex, ey, ez, w);
        double nx = w[0], ny = w[1], nz = w[2];
        tb.inverseRotate(nx, ny, nz, w);
        double lbx = w[0], lby = w[1], lbz = w[2];
        double b0 = b.halfX(), b1 = b.halfY(), b2 = b.halfZ();
        double gx = j == 0 ? -b0 : (lbx > 0 ? -b0 : b0);
        double gy = j == 1 ? -b1 : (lby > 0 ? -b1 : b1);
        double gz = j == 2 ? -b2 : (lbz > 0 ? -b2 : b2);
        int cornerB = (j != 0 && gx > 0 ? 1 : 0) | (j != 1 && gy > 0 ? 2 : 0) | (j != 2 && gz > 0 ? 4 : 0);
        tb.toWorld(gx, gy, gz, w);
        double pbx = w[0], pby = w[1], pbz = w[2];
        double hb = j == 0 ? b0 : (j == 1 ? b1 : b2);
        double[] rb = tb.r;
        double dbx = 2 * hb * rb[j], dby = 2 * hb * rb[3 + j], dbz = 2 * hb * rb[6 + j];
        Segments.closest(pax, pay, paz, dax, day, daz, pbx, pby, pbz, dbx, dby, dbz, st);
        double s = st[0], t = st[1];
        double qax = pax + s * dax, qay = pay + s * day, qaz = paz + s * daz;
        double qbx = pbx + t * dbx, qby = pby + t * dby, qbz = pbz + t * dbz;
        if ((qbx - qax) * nx + (qby - qay) * ny + (qbz - qaz) * nz > margin) {
            return false;
        }
        out.setNormal(nx, ny, nz);
        out.addPoint(qax, qay, qaz, qbx, qby, qbz, FeatureIds.edge(4 * i + cornerA, 4 * j + cornerB));
        return true;
    }
}
