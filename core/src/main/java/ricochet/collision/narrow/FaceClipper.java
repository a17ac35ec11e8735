package ricochet.collision.narrow;

import java.util.Arrays;

/**
 * Reference/incident face clipping (Sutherland–Hodgman; Ericson 8.3.4, Catto's Box2D manifolds,
 * Gregorius GDC 2015): the incident polygon is clipped against the side planes of the reference face,
 * the points below the reference plane plus the margin become contacts, projected onto the reference
 * face for the reference body. Every clipped vertex carries the two lines that meet there (incident
 * edges or reference side planes), which become the stable part of its feature id.
 *
 * <p>Fill the polygons with {@link #reference} / {@link #incident}, then call {@link #clip}; or fill the
 * reference and call {@link #clipSegment} for an incident segment. Buffers grow by doubling and are
 * reused.
 */
final class FaceClipper {

    /**
     * Incident vertices nearer a side plane than this fraction of the reference face's longest edge lie
     * on it. For a face of a centimetre that is 1e-11 m: above the round-off of a pose (an ulp of the
     * coordinates, 2e-15 m at 10 m from the origin, 1e-13 m at 1 km), below any gap a contact can use.
     */
    static final double ON_PLANE = 1e-9;

    private double[] ref = new double[3 * 8];
    private int refCount;
    private double[] inc = new double[3 * 8];
    private int incCount;
    private double[] bufA = new double[3 * 16], bufB = new double[3 * 16];
    private int[] labelsA = new int[2 * 16], labelsB = new int[2 * 16];

    void beginReference() {
        refCount = 0;
    }

    /** Appends a vertex of the reference face (counter-clockwise seen from outside the reference body). */
    void reference(double x, double y, double z) {
        if (3 * refCount == ref.length) {
            ref = Arrays.copyOf(ref, 2 * ref.length);
        }
        ref[3 * refCount] = x;
        ref[3 * refCount + 1] = y;
        ref[3 * refCount + 2] = z;
        refCount++;
    }

    void beginIncident() {
        incCount = 0;
    }

    /** Appends a vertex of the incident face, in loop order. */
    void incident(double x, double y, double z) {
        if (3 * incCount == inc.length) {
            inc = Arrays.copyOf(inc, 2 * inc.length);
        }
        inc[3 * incCount] = x;
        inc[3 * incCount + 1] = y;
        inc[3 * incCount + 2] = z;
        incCount++;
    }

    /**
     * Clips and adds the contacts to {@code out}. (rx, ry, rz) is the reference face's outward unit
     * normal; {@code referenceOnB} says which body owns it. Each point's id is
     * {@link FeatureIds#face} of the two faces and its clip code.
     */
    void clip(double rx, double ry, double rz, boolean referenceOnB, int referenceFace, int incidentFace,
            double margin, ContactReduction out) {
        int cap = incCount + refCount + 1;
        if (bufA.length < 3 * cap) {
            bufA = new double[6 * cap];
            bufB = new double[6 * cap];
            labelsA = new int[4 * cap];
            labelsB = new int[4 * cap];
        }
        double[] src = bufA, dst = bufB;
        int[] srcL = labelsA, dstL = labelsB;
        System.arraycopy(inc, 0, src, 0, 3 * incCount);
        for (int k = 0; k < incCount; k++) {
            srcL[2 * k] = FeatureIds.incidentEdgeLabel(k == 0 ? incCount - 1 : k - 1);
            srcL[2 * k + 1] = FeatureIds.incidentEdgeLabel(k);
        }
        int n = incCount;
        double longest2 = 0;
        for (int j = 0; j < refCount; j++) {
            int j1 = j + 1 == refCount ? 0 : j + 1;
            double ex = ref[3 * j1] - ref[3 * j], ey = ref[3 * j1 + 1] - ref[3 * j + 1];
            double ez = ref[3 * j1 + 2] - ref[3 * j + 2];
            longest2 = Math.max(longest2, ex * ex + ey * ey + ez * ez);
        }
        // Metres: incident vertices this close to a side plane lie on it (see clipAgainst).
        double onPlane = ON_PLANE * Math.sqrt(longest2);
        for (int j = 0; j < refCount && n > 0; j++) {
            int j1 = j + 1 == refCount ? 0 : j + 1;
            double ex = ref[3 * j1] - ref[3 * j], ey = ref[3 * j1 + 1] - ref[3 * j + 1];
            double ez = ref[3 * j1 + 2] - ref[3 * j + 2];
            // Outward side plane of edge j: (v[j+1] - v[j]) x n_ref, of length |v[j+1] - v[j]|.
            double px = ey * rz - ez * ry, py = ez * rx - ex * rz, pz = ex * ry - ey * rx;
            double d = px * ref[3 * j] + py * ref[3 * j + 1] + pz * ref[3 * j + 2];
            double tol = onPlane * Math.sqrt(ex * ex + ey * ey + ez * ez);
            n = clipAgainst(src, srcL, n, px, py, pz, d, tol, FeatureIds.sidePlaneLabel(j), dst, dstL);
            double[] t = src;
            src = dst;
            dst = t;
            int[] tl = srcL;
            srcL = dstL;
            dstL = tl;
        }
        double dRef = rx * ref[0] + ry * ref[1] + rz * ref[2];
        for (int k = 0; k < n; k++) {
            double x = src[3 * k], y = src[3 * k + 1], z = src[3 * k + 2];
            double s = rx * x + ry * y + rz * z - dRef;
            if (s > margin) {
                continue;
            }
            double qx = x - s * rx, qy = y - s * ry, qz = z - s * rz;
            int id = FeatureIds.face(referenceOnB, referenceFace, incidentFace,
                    FeatureIds.clipCode(srcL[2 * k], srcL[2 * k + 1]));
            if (referenceOnB) {
                out.add(x, y, z, qx, qy, qz, id);
            } else {
                out.add(qx, qy, qz, x, y, z, id);
            }
        }
    }

    /**
     * The incident segment {@code p0 p1} (a cylinder lying on a face: its side is a line) clipped to the
     * reference face's side planes, {@code p(t) = p0 + t (p1 - p0)} for t in [t0, t1]; each end within
     * the margin of the reference plane is a point, projected onto the plane for the reference body. A
     * segment is not a polygon: {@link #clip} would cross each side plane twice, once per direction.
     * Ids: {@link FeatureIds#face} with the clip code of the end (0, 1) and the side plane that cut it.
     */
    void clipSegment(double p0x, double p0y, double p0z, double p1x, double p1y, double p1z, double rx,
            double ry, double rz, boolean referenceOnB, int referenceFace, int incidentFace, double margin,
            ContactReduction out) {
        double[] q = ref;
        double ex = p1x - p0x, ey = p1y - p0y, ez = p1z - p0z;
        double t0 = 0, t1 = 1;
        int cut0 = FeatureIds.incidentEdgeLabel(0), cut1 = FeatureIds.incidentEdgeLabel(1);
        for (int j = 0; j < refCount && t0 <= t1; j++) {
            int j1 = j + 1 == refCount ? 0 : j + 1;
            double sx = q[3 * j1] - q[3 * j], sy = q[3 * j1 + 1] - q[3 * j + 1];
            double sz = q[3 * j1 + 2] - q[3 * j + 2];
            // Outward side plane of edge j: (v[j+1] - v[j]) x n_ref; inside where w . x <= d.
            double wx = sy * rz - sz * ry, wy = sz * rx - sx * rz, wz = sx * ry - sy * rx;
            double d = wx * q[3 * j] + wy * q[3 * j + 1] + wz * q[3 * j + 2];
            double at = wx * p0x + wy * p0y + wz * p0z - d, rate = wx * ex + wy * ey + wz * ez;
            if (rate == 0) {
                if (at > 0) {
                    t1 = -1;
                }
            } else if (rate > 0) {
                double t = -at / rate;
                if (t < t1) {
                    t1 = t;
                    cut1 = FeatureIds.sidePlaneLabel(j);
                }
            } else {
                double t = -at / rate;
                if (t > t0) {
                    t0 = t;
                    cut0 = FeatureIds.sidePlaneLabel(j);
                }
            }
        }
        if (!(t0 <= t1)) {
            return;
        }
        double dRef = rx * q[0] + ry * q[1] + rz * q[2];
        for (int end = 0; end < 2; end++) {
            double t = end == 0 ? t0 : t1;
            if (end == 1 && t1 == t0) {
                return;
            }
            double x = p0x + t * ex, y = p0y + t * ey, z = p0z + t * ez;
            double sep = rx * x + ry * y + rz * z - dRef;
            if (sep > margin) {
                continue;
            }
            double px = x - sep * rx, py = y - sep * ry, pz = z - sep * rz;
            int id = FeatureIds.face(referenceOnB, referenceFace, incidentFace,
                    FeatureIds.clipCode(end == 0 ? cut0 : cut1, end));
            if (referenceOnB) {
                out.add(x, y, z, px, py, pz, id);
            } else {
                out.add(px, py, pz, x, y, z, id);
            }
        }
    }

    /**
     * One Sutherland–Hodgman pass keeping {@code p . x <= d}; returns the new vertex count. A vertex
     * within tol of the plane is on it: kept, and no crossing is made beside it. A box resting flush with
     * its neighbour's side (or an incident edge along a side plane) otherwise got its vertex, or two
     * crossings a round-off apart under other ids, or nothing, as the round-off of the pose fell.
     */
    private static int clipAgainst(double[] src, int[] srcL, int n, double px, double py, double pz, double d,
            double tol, int plane, double[] dst, int[] dstL) {
        int m = 0;
        int prev = n - 1;
        double dPrev = px * src[3 * prev] + py * src[3 * prev + 1] + pz * src[3 * prev + 2] - d;
        for (int k = 0; k < n; k++) {
            double dCur = px * src[3 * k] + py * src[3 * k + 1] + pz * src[3 * k + 2] - d;
            int edgeLabel = srcL[2 * prev + 1];
            if ((dPrev < -tol && dCur > tol) || (dPrev > tol && dCur < -tol)) {
                // |dPrev - dCur| > 2 tol: the crossing is well inside the edge.
                double t = dPrev / (dPrev - dCur);
                dst[3 * m] = src[3 * prev] + t * (src[3 * k] - src[3 * prev]);
                dst[3 * m + 1] = src[3 * prev + 1] + t * (src[3 * k + 1] - src[3 * prev + 1]);
                dst[3 * m + 2] = src[3 * prev + 2] + t * (src[3 * k + 2] - src[3 * prev + 2]);
                // Entering: the polygon arrives along the side plane and leaves along the edge.
                dstL[2 * m] = dCur < 0 ? plane : edgeLabel;
                dstL[2 * m + 1] = dCur < 0 ? edgeLabel : plane;
                m++;
            }
            if (dCur <= tol) {
                dst[3 * m] = src[3 * k];
                dst[3 * m + 1] = src[3 * k + 1];
                dst[3 * m + 2] = src[3 * k + 2];
                dstL[2 * m] = srcL[2 * k];
                dstL[2 * m + 1] = srcL[2 * k + 1];
                m++;
            }
            prev = k;
            dPrev = dCur;
        }
        return m;
    }
}
