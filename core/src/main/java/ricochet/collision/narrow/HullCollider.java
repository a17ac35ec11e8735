package ricochet.collision.narrow;

import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.math.Transform;

/**
 * Convex hull against convex hull (and box against hull, the box taken as the unit cube's topology
 * scaled) by the separating-axis test of Dirk Gregorius, "The Separating Axis Test between Convex
 * Polyhedra" (GDC 2013): the face normals of both, each scored by the other's support point, and the
 * edge pairs whose arcs cross on the Gauss map (the only edge pairs that build a face of the Minkowski
 * difference). A face axis gives reference/incident face clipping reduced to four points by area, an
 * edge axis one point at the closest points of the two edges. Faces win over edges, and A's face over
 * B's, unless the other separates more by {@link #RELATIVE_TOLERANCE} of the depth plus
 * {@link #ABSOLUTE_TOLERANCE} of the smaller hull's size. The cost is O(F V + E^2) per pair, fine for
 * hulls of a few dozen faces. One instance per thread: it holds scratch.
 */
public final class HullCollider {

    static final double RELATIVE_TOLERANCE = 0.05;
    static final double ABSOLUTE_TOLERANCE = 1e-3;
    /** Edge pairs closer to parallel than this sine give no axis. */
    static final double PARALLEL_SINE = 1e-5;

    private final PolyhedronView va = new PolyhedronView(), vb = new PolyhedronView();
    private final FaceClipper clipper = new FaceClipper();
    private final ContactReduction reduction = new ContactReduction();
    private final double[] st = new double[2];
    private double queryNx, queryNy, queryNz, tie;
    private int queryFace, queryEdgeA, queryEdgeB;

    /** Hull A against hull B. */
    public boolean collide(ConvexHullShape a, Transform ta, ConvexHullShape b, Transform tb, double margin,
            Manifold out) {
        va.load(a, ta, ta.px, ta.py, ta.pz);
        vb.load(b, tb, ta.px, ta.py, ta.pz);
        return collideViews(ta, margin, out);
    }

    /** Box A against hull B. */
    public boolean collide(BoxShape a, Transform ta, ConvexHullShape b, Transform tb, double margin,
            Manifold out) {
        va.load(a, ta, ta.px, ta.py, ta.pz);
        vb.load(b, tb, ta.px, ta.py, ta.pz);
        return collideViews(ta, margin, out);
    }

    private boolean collideViews(Transform ta, double margin, Manifold out) {
        out.clear();
        // Symmetric hulls have faces and edge pairs that separate equally; a candidate must beat the
        // best so far by more than round-off so the first one wins whatever the pose.
        tie = 1e-9 * Math.max(va.size, vb.size);
        double sepA = faceQuery(va, vb);
        int faceA = queryFace;
        if (sepA > margin) {
            return false;
        }
        double sepB = faceQuery(vb, va);
        int faceB = queryFace;
        if (sepB > margin) {
            return false;
        }
        double sepE = edgeQuery(margin);
        if (sepE > margin) {
            return false;
        }
        double absTol = ABSOLUTE_TOLERANCE * Math.min(va.size, vb.size);
        boolean referenceOnB = sepB > sepA + RELATIVE_TOLERANCE * Math.abs(sepA) + absTol;
        double faceSep = referenceOnB ? sepB : sepA;
        if (queryEdgeA >= 0 && sepE > faceSep + RELATIVE_TOLERANCE * Math.abs(faceSep) + absTol) {
            return edgeContact(ta, margin, out)
                    || deepestVertexContact(ta, queryNx, queryNy, queryNz, sepE, margin, out);
        }
        PolyhedronView ref = referenceOnB ? vb : va, inc = referenceOnB ? va : vb;
        int rf = referenceOnB ? faceB : faceA;
        double nx = ref.normals[3 * rf], ny = ref.normals[3 * rf + 1], nz = ref.normals[3 * rf + 2];
        int incFace = 0;
        double least = Double.POSITIVE_INFINITY;
        for (int f = 0; f < inc.faceCount; f++) {
            double dot = inc.normals[3 * f] * nx + inc.normals[3 * f + 1] * ny + inc.normals[3 * f + 2] * nz;
            if (dot < least - 1e-9) {
                least = dot;
                incFace = f;
            }
        }
        // Back to world positions: the views are relative to A's position.
        double ox = ta.px, oy = ta.py, oz = ta.pz;
        clipper.beginReference();
        for (int k = 0; k < ref.hull.faceVertexCount(rf); k++) {
            int v = 3 * ref.hull.faceVertex(rf, k);
            clipper.reference(ref.vertices[v] + ox, ref.vertices[v + 1] + oy, ref.vertices[v + 2] + oz);
        }
        clipper.beginIncident();
        for (int k = 0; k < inc.hull.faceVertexCount(incFace); k++) {
            int v = 3 * inc.hull.faceVertex(incFace, k);
            clipper.incident(inc.vertices[v] + ox, inc.vertices[v + 1] + oy, inc.vertices[v + 2] + oz);
        }
        reduction.clear();
        if (referenceOnB) {
            out.setNormal(-nx, -ny, -nz);
        } else {
            out.setNormal(nx, ny, nz);
        }
        clipper.clip(nx, ny, nz, referenceOnB, rf, incFace, margin, reduction);
        return reduction.emit(out) || deepestVertexContact(ta, out.nx, out.ny, out.nz, faceSep, margin, out);
    }

    /**
     * The fallback when the chosen feature pair yields no point although SAT found the axis (A to B
     * normal n) and its separation: deep overlaps can leave the incident face clipped away entirely,
     * or put the closest points of two edge segments past their ends. One point at B's deepest
     * vertex along -n, with A's point {@code -sep} back along n, carries exactly SAT's depth.
     */
    private boolean deepestVertexContact(Transform ta, double nx, double ny, double nz, double sep, double margin,
                                         Manifold out) {
        if (sep > margin) {
            return false;
        }
        double[] pb = vb.vertices;
        int deepest = 0;
        double least = Double.POSITIVE_INFINITY;
        for (int v = 0; v < vb.vertexCount; v++) {
            double d = pb[3 * v] * nx + pb[3 * v + 1] * ny + pb[3 * v + 2] * nz;
            if (d < least - tie) {
                least = d;
                deepest = v;
            }
        }
        double bx = pb[3 * deepest] + ta.px, by = pb[3 * deepest + 1] + ta.py, bz = pb[3 * deepest + 2] + ta.pz;
        out.clear();
        out.setNormal(nx, ny, nz);
        out.addPoint(bx - sep * nx, by - sep * ny, bz - sep * nz, bx, by, bz, FeatureIds.deepestVertex(deepest));
        return true;
    }

    /**
     * The largest separation of q from the face planes of p (the face's plane against q's support
     * point in the opposite direction); the face into {@link #queryFace}.
     */
    private double faceQuery(PolyhedronView p, PolyhedronView q) {
        double best = Double.NEGATIVE_INFINITY;
        queryFace = 0;
        for (int f = 0; f < p.faceCount; f++) {
            double nx = p.normals[3 * f], ny = p.normals[3 * f + 1], nz = p.normals[3 * f + 2];
            double least = Double.POSITIVE_INFINITY;
            for (int v = 0; v < q.vertexCount; v++) {
                least = Math.min(least, nx * q.vertices[3 * v] + ny * q.vertices[3 * v + 1]
                        + nz * q.vertices[3 * v + 2]);
            }
            double s = least - p.offsets[f];
            if (s > best + tie) {
                best = s;
                queryFace = f;
            }
        }
        return best;
    }

    /**
     * The largest separation over edge pairs that form a Minkowski face: arcs (u1, u2) of A's edge
     * and (-v1, -v2) of B's cross on the unit sphere (Gregorius 2013). The axis e_a x e_b is turned
     * away from A's centroid; a separation beyond the margin ends the search early.
     */
    private double edgeQuery(double margin) {
        double best = Double.NEGATIVE_INFINITY;
        queryEdgeA = -1;
        queryEdgeB = -1;
        ConvexHullShape ha = va.hull, hb = vb.hull;
        double[] na = va.normals, nb = vb.normals, pa = va.vertices, pb = vb.vertices;
        for (int i = 0; i < ha.edgeCount(); i++) {
            int f1 = 3 * ha.edgeFaceLeft(i), f2 = 3 * ha.edgeFaceRight(i);
            double ax = na[f1], ay = na[f1 + 1], az = na[f1 + 2];
            double bx = na[f2], by = na[f2 + 1], bz = na[f2 + 2];
            // b x a
            double bax = by * az - bz * ay, bay = bz * ax - bx * az, baz = bx * ay - by * ax;
            int a0 = 3 * ha.edgeVertexA(i), a1 = 3 * ha.edgeVertexB(i);
            double e1x = pa[a1] - pa[a0], e1y = pa[a1 + 1] - pa[a0 + 1], e1z = pa[a1 + 2] - pa[a0 + 2];
            for (int j = 0; j < hb.edgeCount(); j++) {
                int g1 = 3 * hb.edgeFaceLeft(j), g2 = 3 * hb.edgeFaceRight(j);
                double cx = -nb[g1], cy = -nb[g1 + 1], cz = -nb[g1 + 2];
                double dx = -nb[g2], dy = -nb[g2 + 1], dz = -nb[g2 + 2];
                double cba = cx * bax + cy * bay + cz * baz;
                double dba = dx * bax + dy * bay + dz * baz;
                if (!(cba * dba < 0)) {
                    continue;
                }
                // d x c
                double dcx = dy * cz - dz * cy, dcy = dz * cx - dx * cz, dcz = dx * cy - dy * cx;
                double adc = ax * dcx + ay * dcy + az * dcz;
                double bdc = bx * dcx + by * dcy + bz * dcz;
                if (!(adc * bdc < 0 && cba * bdc > 0)) {
                    continue;
                }
                int b0 = 3 * hb.edgeVertexA(j), b1 = 3 * hb.edgeVertexB(j);
                double e2x = pb[b1] - pb[b0], e2y = pb[b1 + 1] - pb[b0 + 1], e2z = pb[b1 + 2] - pb[b0 + 2];
                double lx = e1y * e2z - e1z * e2y, ly = e1z * e2x - e1x * e2z, lz = e1x * e2y - e1y * e2x;
                double len = Math.sqrt(lx * lx + ly * ly + lz * lz);
                double e1 = Math.sqrt(e1x * e1x + e1y * e1y + e1z * e1z);
                double e2 = Math.sqrt(e2x * e2x + e2y * e2y + e2z * e2z);
                if (len < PARALLEL_SINE * e1 * e2) {
                    continue;
                }
                lx /= len;
                ly /= len;
                lz /= len;
                if (lx * (pa[a0] - va.cx) + ly * (pa[a0 + 1] - va.cy) + lz * (pa[a0 + 2] - va.cz) < 0) {
                    lx = -lx;
                    ly = -ly;
                    lz = -lz;
                }
                double s = lx * (pb[b0] - pa[a0]) + ly * (pb[b0 + 1] - pa[a0 + 1])
                        + lz * (pb[b0 + 2] - pa[a0 + 2]);
                if (s > best + tie) {
                    best = s;
                    queryEdgeA = i;
                    queryEdgeB = j;
                    queryNx = lx;
                    queryNy = ly;
                    queryNz = lz;
                    if (s > margin) {
                        return s;
                    }
                }
            }
        }
        return best;
    }

    private boolean edgeContact(Transform ta, double margin, Manifold out) {
        ConvexHullShape ha = va.hull, hb = vb.hull;
        int a0 = 3 * ha.edgeVertexA(queryEdgeA), a1 = 3 * ha.edgeVertexB(queryEdgeA);
        int b0 = 3 * hb.edgeVertexA(queryEdgeB), b1 = 3 * hb.edgeVertexB(queryEdgeB);
        double[] pa = va.vertices, pb = vb.vertices;
        Segments.closest(pa[a0], pa[a0 + 1], pa[a0 + 2], pa[a1] - pa[a0], pa[a1 + 1] - pa[a0 + 1],
                pa[a1 + 2] - pa[a0 + 2], pb[b0], pb[b0 + 1], pb[b0 + 2], pb[b1] - pb[b0],
                        pb[b1 + 1] - pb[b0 + 1],
                pb[b1 + 2] - pb[b0 + 2], st);
        double s = st[0], t = st[1];
        double qax = pa[a0] + s * (pa[a1] - pa[a0]) + ta.px;
        double qay = pa[a0 + 1] + s * (pa[a1 + 1] - pa[a0 + 1]) + ta.py;
        double qaz = pa[a0 + 2] + s * (pa[a1 + 2] - pa[a0 + 2]) + ta.pz;
        double qbx = pb[b0] + t * (pb[b1] - pb[b0]) + ta.px;
        double qby = pb[b0 + 1] + t * (pb[b1 + 1] - pb[b0 + 1]) + ta.py;
        double qbz = pb[b0 + 2] + t * (pb[b1 + 2] - pb[b0 + 2]) + ta.pz;
        if ((qbx - qax) * queryNx + (qby - qay) * queryNy + (qbz - qaz) * queryNz > margin) {
            return false;
        }
        out.setNormal(queryNx, queryNy, queryNz);
        out.addPoint(qax, qay, qaz, qbx, qby, qbz, FeatureIds.edge(queryEdgeA, queryEdgeB));
        return true;
    }
}
