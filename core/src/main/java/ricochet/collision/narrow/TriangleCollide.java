package ricochet.collision.narrow;

import ricochet.geometry.Triangles;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Transform;

/**
 * One triangle (A) against a convex shape (B), world space, normal from the triangle to the convex.
 * Triangles are one-sided, the surface of a solid behind them: a convex whose highest point along the
 * face normal lies more than {@link #thickness()} behind the plane does not collide, and no contact
 * normal points into the back side. Spheres and capsules use closest points (Ericson, "Real-Time
 * Collision Detection", 5.1.5 and 5.1.9); boxes and {@link ConvexHullShape}s use the separating axis
 * test over the triangle normal, the convex's face normals and the edge cross products, then clip the
 * incident face against the reference face (Gregorius, "The Separating Axis Test between Convex
 * Polyhedra", GDC 2013; Ericson 5.2); any other convex (a cylinder) uses GJK/EPA's normal and clips
 * its supporting face against the triangle's ({@link TrianglePatch}). Points are reduced to at most
 * four by depth and area ({@link FourPointReduction}).
 *
 * <p>After a contact, {@link #normalFeature()} tells which triangle feature the normal belongs to
 * (face, edge k or vertex k); {@link MeshCollide} uses it to remove internal-edge contacts and then
 * calls {@link #collideAlongFace} to redo the triangle with its face normal.
 *
 * <p>Feature ids (12 bits): a sphere's point is 0, a capsule's ends 0 and 1 (2 for an edge
 * contact), an edge-edge point {@code 1 << 10}. Clipped points: bit 11 says the convex's face was the
 * reference; bits 6-10 hold 1 + the clipping plane that made the point (0 for an unclipped vertex);
 * bits 0-5 the incident polygon's vertex; with the triangle as reference, bits 8-10 hold the
 * incident face's index (low 3 bits). A {@link TrianglePatch}'s points carry its own ids (bit 11 set).
 *
 * <p>Instances own their scratch: one per thread; no allocation per call once the scratch has grown
 * to the largest hull seen.
 */
public final class TriangleCollide {

    public static final int FEATURE_FACE = 0;
    /** Edge k (vertex k to vertex k + 1) is {@code FEATURE_EDGE + k}. */
    public static final int FEATURE_EDGE = 1;
    /** Vertex k is {@code FEATURE_VERTEX + k}. */
    public static final int FEATURE_VERTEX = 4;

    /**
     * Gregorius' face preference: an edge or the convex's face replaces the triangle's face as the
     * axis only when it separates more by this many metres (Box2D v2 uses 0.1 of its 5 mm linear slop),
     * so resting contacts do not flip between axes of nearly equal depth.
     */
    private static final double AXIS_PREFERENCE = 5e-4;
    /** Barycentric tolerance under which a point counts as lying on an edge (dimensionless). */
    private static final double ON_EDGE = 1e-9;

    /** Box vertex i is (+-hx, +-hy, +-hz) with bit 0, 1, 2 of i choosing +; faces +x -x +y -y +z -z. */
    private static final int[][] BOX_FACES = {
        {1, 3, 7, 5}, {0, 4, 6, 2}, {2, 6, 7, 3}, {0, 1, 5, 4}, {4, 5, 7, 6}, {0, 2, 3, 1}};
    private static final int[] BOX_EDGES = {
        0, 1, 2, 3, 4, 5, 6, 7, 0, 2, 1, 3, 4, 6, 5, 7, 0, 4, 1, 5, 2, 6, 3, 7};

    private double thickness;
    private int normalFeature;

    // The triangle: vertices, unit normal, plane offset n . x = td, a length scale.
    private final double[] tv = new double[9];
    private double tnx, tny, tnz, td, scale;

    // The convex as a polytope in world space (boxes and hulls).
    private ConvexHullShape hull;
    private double[] pv = new double[24];
    private int pvCount;
    private double[] pfn = new double[18];
    private double[] pfd = new double[6];
    private int pfCount;

    // Clipping polygons (points and feature ids) and the candidate points before reduction.
    private double[] polyA = new double[3 * 16];
    private double[] polyB = new double[3 * 16];
    private int[] idA = new int[16];
    private int[] idB = new int[16];
    private double[] candA = new double[3 * 16];
    private double[] candB = new double[3 * 16];
    private double[] candSep = new double[16];
    private int[] candId = new int[16];
    private int candCount;
    private final int[] keep = new int[4];
    private final double[] q = new double[3];
    private final double[] w = new double[3];
    private final double[] seg = new double[6];
    private final double[] st = new double[2];

    /** How far behind the triangle's plane a convex may lie and still be pushed out, metres (default 0). */
    public double thickness() {
        return thickness;
    }

    public void setThickness(double metres) {
        if (!(metres >= 0) || !Double.isFinite(metres)) {
            throw new IllegalArgumentException("triangle thickness must be >= 0 and finite, got " + metres);
        }
        thickness = metres;
    }

    /** The triangle feature of the last contact's normal: {@link #FEATURE_FACE}, edge or vertex. */
    public int normalFeature() {
        return normalFeature;
    }

    /**
     * Collides triangle {@code tri9} (world, counter-clockwise from its front) with convex b at pose tb.
     *
     * @param margin metres: points separated by up to this are kept (speculative contacts)
     * @return whether {@code out} holds at least one point; {@code out} is cleared either way
     */
    public boolean collide(double[] tri9, ConvexShape b, Transform tb, double margin, Manifold out) {
        return run(tri9, b, tb, margin, out, false);
    }

    /**
     * As {@link #collide} with the normal forced to the triangle's face normal and the convex's points
     * clipped to the triangle's prism: the contact an inner edge's neighbour-free face would give.
     * Returns false when nothing of the convex lies over the triangle within the margin.
     */
    public boolean collideAlongFace(double[] tri9, ConvexShape b, Transform tb, double margin, Manifold out) {
        return run(tri9, b, tb, margin, out, true);
    }

    private boolean run(double[] tri9, ConvexShape b, Transform tb, double margin, Manifold out,
            boolean faceOnly) {
        out.clear();
        normalFeature = FEATURE_FACE;
        if (!loadTriangle(tri9)) {
            return false;
        }
        if (b instanceof SphereShape) {
            return sphere(tb.px, tb.py, tb.pz, b.radius(), margin, out, faceOnly);
        }
        if (b instanceof CapsuleShape c) {
            return capsule(c, tb, margin, out, faceOnly);
        }
        if (b instanceof BoxShape box) {
            loadBox(box, tb);
        } else if (b instanceof ConvexHullShape h) {
            loadHull(h, tb);
        } else {
            return general(b, tb, margin, out, faceOnly);
        }
        return polytope(margin, out, faceOnly);
    }

    // ---------------------------------------------------------------- any other convex (cylinders)

    /**
     * Any convex shape without a dedicated routine (cylinders): GJK + EPA between the triangle, as a
     * flat convex core, and the shape, widened into a clipped patch ({@link TrianglePatch}) when the
     * triangle's face or the shape's face lies along the normal, else one point; the triangle feature
     * under the deepest point names the normal's source for the internal-edge rule. Along the face:
     * the shape's face supporting -n clipped to the triangle's prism, or, for a shape leaning on its
     * rim, its deepest point along -n, kept when it lies over the triangle. One-sided like the others:
     * no normal into the back.
     */
    private boolean general(ConvexShape b, Transform tb, double margin, Manifold out, boolean faceOnly) {
        if (faceOnly) {
            tb.inverseRotate(-tnx, -tny, -tnz, generalDir);
            b.support(generalDir[0], generalDir[1], generalDir[2], generalLocal);
            tb.toWorld(generalLocal[0], generalLocal[1], generalLocal[2], generalPoint);
            double sx = generalPoint[0], sy = generalPoint[1], sz = generalPoint[2];
            double sep = tnx * sx + tny * sy + tnz * sz - td;
            if (sep > margin || -sep > thickness + scale) {
                return false;
            }
            normalFeature = FEATURE_FACE;
            if (patch.alongFace(tv, tnx, tny, tnz, b, tb, margin, out)) {
                return true;
            }
            if (!overTriangle(sx, sy, sz)) {
                out.clear();
                return false;
            }
            out.clear();
            out.setNormal(tnx, tny, tnz);
            out.addPoint(sx - sep * tnx, sy - sep * tny, sz - sep * tnz, sx, sy, sz, FEATURE_FACE);
            return true;
        }
        triangleCore.set(tv);
        if (!generalCollide.collide(triangleCore, IDENTITY, b, tb, margin, out) || out.pointCount() == 0) {
            out.clear();
            return false;
        }
        if (out.nx * tnx + out.ny * tny + out.nz * tnz < 0) {
            // The shape is behind the triangle: meshes are one-sided.
            out.clear();
            return false;
        }
        if (patch.collide(tv, tnx, tny, tnz, b, tb, out.nx, out.ny, out.nz, out.separation(0), out.pointAX(0),
                out.pointAY(0), out.pointAZ(0), out.pointBX(0), out.pointBY(0), out.pointBZ(0), margin, wide)) {
            out.copyFrom(wide);
            if (!patch.referenceOnConvex()) {
                normalFeature = FEATURE_FACE;
                return true;
            }
            int deepest = 0;
            for (int k = 1; k < out.pointCount(); k++) {
                if (out.separation(k) < out.separation(deepest)) {
                    deepest = k;
                }
            }
            normalFeature = classify(out.pointAX(deepest), out.pointAY(deepest), out.pointAZ(deepest));
            return true;
        }
        normalFeature = classify(out.pointAX(0), out.pointAY(0), out.pointAZ(0));
        return true;
    }

    private final TrianglePatch patch = new TrianglePatch();
    private final Manifold wide = new Manifold();
    private static final Transform IDENTITY = new Transform();
    private final ConvexCollide generalCollide = new ConvexCollide();
    private final TriangleCore triangleCore = new TriangleCore();
    private final double[] generalDir = new double[3];
    private final double[] generalLocal = new double[3];
    private final double[] generalPoint = new double[3];

    private boolean loadTriangle(double[] t) {
        System.arraycopy(t, 0, tv, 0, 9);
        double e1x = t[3] - t[0], e1y = t[4] - t[1], e1z = t[5] - t[2];
        double e2x = t[6] - t[0], e2y = t[7] - t[1], e2z = t[8] - t[2];
        double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (!(len > 0) || !Double.isFinite(len)) {
            return false;
        }
        tnx = nx / len;
        tny = ny / len;
        tnz = nz / len;
        td = tnx * t[0] + tny * t[1] + tnz * t[2];
        scale = Math.sqrt(Math.max(e1x * e1x + e1y * e1y + e1z * e1z, e2x * e2x + e2y * e2y + e2z * e2z));
        return true;
    }

    // ---------------------------------------------------------------- sphere and capsule

    private boolean sphere(double cx, double cy, double cz, double r, double margin, Manifold out,
            boolean faceOnly) {
        double h = tnx * cx + tny * cy + tnz * cz - td;
        if (h + r < -thickness) {
            return false;
        }
        closestOnTriangle(cx, cy, cz, q);
        int feature = classify(q[0], q[1], q[2]);
        double vx = cx - q[0], vy = cy - q[1], vz = cz - q[2];
        double dist = Math.sqrt(vx * vx + vy * vy + vz * vz);
        boolean alongFace = faceOnly || feature == FEATURE_FACE || h < 0 || dist <= 1e-12 * scale
                || vx * tnx + vy * tny + vz * tnz >= (1 - 1e-12) * dist;
        if (alongFace) {
            // Normal = face normal; the centre must lie over the triangle (its projection inside).
            double px = cx - h * tnx, py = cy - h * tny, pz = cz - h * tnz;
            if (!overTriangle(px, py, pz)) {
                return false;
            }
            if (h - r > margin) {
                return false;
            }
            out.setNormal(tnx, tny, tnz);
            out.addPoint(px, py, pz, cx - r * tnx, cy - r * tny, cz - r * tnz, 0);
            normalFeature = FEATURE_FACE;
            return true;
        }
        if (dist - r > margin) {
            return false;
        }
        double nx = vx / dist, ny = vy / dist, nz = vz / dist;
        out.setNormal(nx, ny, nz);
        out.addPoint(q[0], q[1], q[2], cx - r * nx, cy - r * ny, cz - r * nz, 0);
        normalFeature = feature;
        return true;
    }

    private boolean capsule(CapsuleShape c, Transform tb, double margin, Manifold out, boolean faceOnly) {
        double r = c.radius(), hh = c.halfHeight();
        double ax = tb.px - hh * tb.r[1], ay = tb.py - hh * tb.r[4], az = tb.pz - hh * tb.r[7];
        double bx = tb.px + hh * tb.r[1], by = tb.py + hh * tb.r[4], bz = tb.pz + hh * tb.r[7];
        double ha = tnx * ax + tny * ay + tnz * az - td;
        double hb = tnx * bx + tny * by + tnz * bz - td;
        if (Math.max(ha, hb) + r < -thickness) {
            return false;
        }
        closestSegmentTriangle(ax, ay, az, bx, by, bz);
        // seg = point on the segment (0..2) and on the triangle (3..5)
        double vx = seg[0] - seg[3], vy = seg[1] - seg[4], vz = seg[2] - seg[5];
        double dist = Math.sqrt(vx * vx + vy * vy + vz * vz);
        int feature = classify(seg[3], seg[4], seg[5]);
        boolean alongFace = faceOnly || feature == FEATURE_FACE || dist <= 1e-12 * scale
                || vx * tnx + vy * tny + vz * tnz >= (1 - 1e-12) * dist;
        if (!alongFace) {
            if (dist - r > margin || vx * tnx + vy * tny + vz * tnz < 0) {
                return false;
            }
            double nx = vx / dist, ny = vy / dist, nz = vz / dist;
            out.setNormal(nx, ny, nz);
            out.addPoint(seg[3], seg[4], seg[5], seg[0] - r * nx, seg[1] - r * ny, seg[2] - r * nz, 2);
            normalFeature = feature;
            return true;
        }
        // Face normal: clip the segment to the triangle's prism (three inward side planes
        // m_k = n x (t_k+1 - t_k)) and put a point at each end of what is left, so a capsule lying on
        // the face gets two points.
        double u0 = 0, u1 = 1;
        for (int k = 0; k < 3 && u0 <= u1; k++) {
            int i = 3 * k, j = 3 * ((k + 1) % 3);
            double ex = tv[j] - tv[i], ey = tv[j + 1] - tv[i + 1], ez = tv[j + 2] - tv[i + 2];
            double mx = tny * ez - tnz * ey, my = tnz * ex - tnx * ez, mz = tnx * ey - tny * ex;
            double tol = ON_EDGE * scale * Math.sqrt(mx * mx + my * my + mz * mz);
            double fa = mx * (ax - tv[i]) + my * (ay - tv[i + 1]) + mz * (az - tv[i + 2]) + tol;
            double fb = mx * (bx - tv[i]) + my * (by - tv[i + 1]) + mz * (bz - tv[i + 2]) + tol;
            if (fa < 0 && fb < 0) {
                u1 = -1;
            } else if (fa < 0) {
                u0 = Math.max(u0, fa / (fa - fb));
            } else if (fb < 0) {
                u1 = Math.min(u1, fa / (fa - fb));
            }
        }
        if (u0 > u1) {
            return false;
        }
        out.setNormal(tnx, tny, tnz);
        normalFeature = FEATURE_FACE;
        int ends = u1 - u0 > 1e-9 ? 2 : 1;
        for (int e = 0; e < ends; e++) {
            double u = e == 0 ? u0 : u1;
            double px = ax + u * (bx - ax), py = ay + u * (by - ay), pz = az + u * (bz - az);
            double h = ha + u * (hb - ha);
            if (h - r <= margin) {
                out.addPoint(px - h * tnx, py - h * tny, pz - h * tnz, px - r * tnx, py - r * tny, pz - r * tnz, e);
            }
        }
        return out.pointCount() > 0;
    }

    /** Whether (x, y, z), on the triangle's plane, lies on the closed triangle (with {@link #ON_EDGE}). */
    private boolean overTriangle(double x, double y, double z) {
        barycentric(x, y, z, w);
        return w[0] >= -ON_EDGE && w[1] >= -ON_EDGE && w[2] >= -ON_EDGE;
    }

    /** Barycentric coordinates of a point (projected on the triangle's plane) into {@code out}. */
    private void barycentric(double x, double y, double z, double[] out) {
        // Signed areas of the sub-triangles along the normal (Ericson 3.4).
        double total = 0;
        for (int k = 0; k < 3; k++) {
            int i = 3 * ((k + 1) % 3), j = 3 * ((k + 2) % 3);
            double ax = tv[i] - x, ay = tv[i + 1] - y, az = tv[i + 2] - z;
            double bx = tv[j] - x, by = tv[j + 1] - y, bz = tv[j + 2] - z;
            out[k] = tnx * (ay * bz - az * by) + tny * (az * bx - ax * bz) + tnz * (ax * by - ay * bx);
            total += out[k];
        }
        out[0] /= total;
        out[1] /= total;
        out[2] /= total;
    }

    /**
     * The triangle feature a point on (or next to) the triangle lies on: coordinate k near zero puts it
     * on the edge opposite vertex k, two near zero on the third vertex.
     */
    private int classify(double x, double y, double z) {
        barycentric(x, y, z, w);
        boolean z0 = w[0] <= ON_EDGE, z1 = w[1] <= ON_EDGE, z2 = w[2] <= ON_EDGE;
        int zeros = (z0 ? 1 : 0) + (z1 ? 1 : 0) + (z2 ? 1 : 0);
        if (zeros == 0) {
            return FEATURE_FACE;
        }
        if (zeros >= 2) {
            return FEATURE_VERTEX + (!z0 ? 0 : !z1 ? 1 : 2);
        }
        // Opposite vertex 0 is edge 1 (v1 v2), opposite 1 is edge 2 (v2 v0), opposite 2 is edge 0.
        return FEATURE_EDGE + (z0 ? 1 : z1 ? 2 : 0);
    }

    /** Closest point on the triangle to p into {@code out}. */
    private void closestOnTriangle(double px, double py, double pz, double[] out) {
        Triangles.closestPoint(tv, px, py, pz, out);
    }

    /**
     * Closest points between segment a-b and the triangle into {@link #seg}: the minimum over the two
     * end points against the triangle, the segment against the three edges, and the segment's crossing
     * of the face (distance 0) (Ericson 5.1.10's decomposition).
     */
    private void closestSegmentTriangle(double ax, double ay, double az, double bx, double by, double bz) {
        double best = Double.POSITIVE_INFINITY;
        for (int e = 0; e < 2; e++) {
            double px = e == 0 ? ax : bx, py = e == 0 ? ay : by, pz = e == 0 ? az : bz;
            closestOnTriangle(px, py, pz, q);
            double d = dist2(px - q[0], py - q[1], pz - q[2]);
            if (d < best) {
                best = d;
                setSeg(px, py, pz, q[0], q[1], q[2]);
            }
        }
        for (int k = 0; k < 3; k++) {
            int i = 3 * k, j = 3 * ((k + 1) % 3);
            Segments.closest(ax, ay, az, bx - ax, by - ay, bz - az, tv[i], tv[i + 1], tv[i + 2], tv[j] - tv[i],
                    tv[j + 1] - tv[i + 1], tv[j + 2] - tv[i + 2], st);
            double sx = ax + st[0] * (bx - ax), sy = ay + st[0] * (by - ay), sz = az + st[0] * (bz - az);
            double tx = tv[i] + st[1] * (tv[j] - tv[i]), ty = tv[i + 1] + st[1] * (tv[j + 1] - tv[i + 1]);
            double tz = tv[i + 2] + st[1] * (tv[j + 2] - tv[i + 2]);
            double d = dist2(sx - tx, sy - ty, sz - tz);
            if (d < best) {
                best = d;
                setSeg(sx, sy, sz, tx, ty, tz);
            }
        }
        double ha = tnx * ax + tny * ay + tnz * az - td;
        double hb = tnx * bx + tny * by + tnz * bz - td;
        if (ha * hb <= 0 && ha != hb) {
            double u = ha / (ha - hb);
            double xx = ax + u * (bx - ax), xy = ay + u * (by - ay), xz = az + u * (bz - az);
            barycentric(xx, xy, xz, w);
            if (w[0] >= 0 && w[1] >= 0 && w[2] >= 0) {
                setSeg(xx, xy, xz, xx, xy, xz);
            }
        }
    }

    private void setSeg(double sx, double sy, double sz, double tx, double ty, double tz) {
        seg[0] = sx;
        seg[1] = sy;
        seg[2] = sz;
        seg[3] = tx;
        seg[4] = ty;
        seg[5] = tz;
    }

    private static double dist2(double x, double y, double z) {
        return x * x + y * y + z * z;
    }

    // ---------------------------------------------------------------- boxes and hulls

    private void loadBox(BoxShape box, Transform tb) {
        hull = null;
        double[] r = tb.r;
        double hx = box.halfX(), hy = box.halfY(), hz = box.halfZ();
        for (int i = 0; i < 8; i++) {
            double x = (i & 1) != 0 ? hx : -hx, y = (i & 2) != 0 ? hy : -hy, z = (i & 4) != 0 ? hz : -hz;
            pv[3 * i] = r[0] * x + r[1] * y + r[2] * z + tb.px;
            pv[3 * i + 1] = r[3] * x + r[4] * y + r[5] * z + tb.py;
            pv[3 * i + 2] = r[6] * x + r[7] * y + r[8] * z + tb.pz;
        }
        pvCount = 8;
        for (int f = 0; f < 6; f++) {
            int axis = f >> 1;
            double sign = (f & 1) == 0 ? 1 : -1;
            // Face normal = +-column `axis` of R.
            pfn[3 * f] = sign * r[axis];
            pfn[3 * f + 1] = sign * r[3 + axis];
            pfn[3 * f + 2] = sign * r[6 + axis];
            int v = 3 * BOX_FACES[f][0];
            pfd[f] = pfn[3 * f] * pv[v] + pfn[3 * f + 1] * pv[v + 1] + pfn[3 * f + 2] * pv[v + 2];
        }
        pfCount = 6;
    }

    private void loadHull(ConvexHullShape h, Transform tb) {
        hull = h;
        int nv = h.vertexCount(), nf = h.faceCount();
        if (pv.length < 3 * nv) {
            pv = new double[3 * Integer.highestOneBit(nv) * 2];
        }
        if (pfd.length < nf) {
            int cap = Integer.highestOneBit(nf) * 2;
            pfn = new double[3 * cap];
            pfd = new double[cap];
        }
        double[] r = tb.r;
        for (int i = 0; i < nv; i++) {
            double x = h.vertexX(i), y = h.vertexY(i), z = h.vertexZ(i);
            pv[3 * i] = r[0] * x + r[1] * y + r[2] * z + tb.px;
            pv[3 * i + 1] = r[3] * x + r[4] * y + r[5] * z + tb.py;
            pv[3 * i + 2] = r[6] * x + r[7] * y + r[8] * z + tb.pz;
        }
        pvCount = nv;
        for (int f = 0; f < nf; f++) {
            double x = h.faceNormalX(f), y = h.faceNormalY(f), z = h.faceNormalZ(f);
            pfn[3 * f] = r[0] * x + r[1] * y + r[2] * z;
            pfn[3 * f + 1] = r[3] * x + r[4] * y + r[5] * z;
            pfn[3 * f + 2] = r[6] * x + r[7] * y + r[8] * z;
            int v = 3 * h.faceVertex(f, 0);
            pfd[f] = pfn[3 * f] * pv[v] + pfn[3 * f + 1] * pv[v + 1] + pfn[3 * f + 2] * pv[v + 2];
        }
        pfCount = nf;
    }

    private int faceSize(int f) {
        return hull == null ? 4 : hull.faceVertexCount(f);
    }

    private int faceVertex(int f, int k) {
        return hull == null ? BOX_FACES[f][k] : hull.faceVertex(f, k);
    }

    private int edgeCount() {
        return hull == null ? 12 : hull.edgeCount();
    }

    private int edgeA(int e) {
        return hull == null ? BOX_EDGES[2 * e] : hull.edgeVertexA(e);
    }

    private int edgeB(int e) {
        return hull == null ? BOX_EDGES[2 * e + 1] : hull.edgeVertexB(e);
    }

    private boolean polytope(double margin, Manifold out, boolean faceOnly) {
        double minB = Double.POSITIVE_INFINITY, maxB = Double.NEGATIVE_INFINITY;
        double extent = 0;
        for (int i = 0; i < pvCount; i++) {
            double p = tnx * pv[3 * i] + tny * pv[3 * i + 1] + tnz * pv[3 * i + 2];
            minB = Math.min(minB, p);
            maxB = Math.max(maxB, p);
            extent = Math.max(extent, Math.abs(pv[3 * i] - pv[0]) + Math.abs(pv[3 * i + 1] - pv[1])
                    + Math.abs(pv[3 * i + 2] - pv[2]));
        }
        // Axis 1, the triangle's face: one-sided, so only the front (B above the plane) counts.
        double sFace = minB - td;
        if (sFace > margin || maxB - td < -thickness) {
            return false;
        }
        if (faceOnly) {
            return clipOnTriangleFace(margin, out);
        }
        // Axis 2, the convex's faces: u = -n_f points from A to B; s = min_tri(n_f . t) - d_f.
        double sHull = Double.NEGATIVE_INFINITY;
        int bestFace = -1;
        for (int f = 0; f < pfCount; f++) {
            double fx = pfn[3 * f], fy = pfn[3 * f + 1], fz = pfn[3 * f + 2];
            double tmin = Math.min(fx * tv[0] + fy * tv[1] + fz * tv[2],
                    Math.min(fx * tv[3] + fy * tv[4] + fz * tv[5], fx * tv[6] + fy * tv[7] + fz * tv[8]));
            double s = tmin - pfd[f];
            if (s > margin) {
                return false;
            }
            // One-sided: a normal -n_f that points into the triangle's back is not a candidate.
            if (fx * tnx + fy * tny + fz * tnz <= 1e-9 && s > sHull) {
                sHull = s;
                bestFace = f;
            }
        }
        // Axis 3, edge pairs: c = e_tri x e_hull, oriented by whichever interval order separates more.
        double sEdge = Double.NEGATIVE_INFINITY;
        double lengthTol = 1e-7 * (scale + extent);
        double ecx = 0, ecy = 0, ecz = 0;
        double eax = 0, eay = 0, eaz = 0, ebx = 0, eby = 0, ebz = 0;
        int edgeFeatureSet = 0;
        int ne = edgeCount();
        for (int k = 0; k < 3; k++) {
            int i = 3 * k, j = 3 * ((k + 1) % 3);
            double ux = tv[j] - tv[i], uy = tv[j + 1] - tv[i + 1], uz = tv[j + 2] - tv[i + 2];
            double uu = ux * ux + uy * uy + uz * uz;
            // A box's 12 edges are 3 groups of 4 parallel ones (BOX_EDGES: along x, y, z): the axis and
            // the intervals are the group's, found once with its first edge; each edge of the group is
            // then only tried as the touching feature.
            double gx = 0, gy = 0, gz = 0, gs = 0;
            boolean groupSkipped = false;
            for (int e = 0; e < ne; e++) {
                int a = 3 * edgeA(e), b = 3 * edgeB(e);
                double vx = pv[b] - pv[a], vy = pv[b + 1] - pv[a + 1], vz = pv[b + 2] - pv[a + 2];
                double cx, cy, cz, s;
                if (hull == null && (e & 3) != 0) {
                    if (groupSkipped) {
                        continue;
                    }
                    cx = gx;
                    cy = gy;
                    cz = gz;
                    s = gs;
                } else {
                    cx = uy * vz - uz * vy;
                    cy = uz * vx - ux * vz;
                    cz = ux * vy - uy * vx;
                    double cc = cx * cx + cy * cy + cz * cz;
                    groupSkipped = !(cc > 1e-12 * uu * (vx * vx + vy * vy + vz * vz));
                    if (groupSkipped) {
                        continue;
                    }
                    double inv = 1 / Math.sqrt(cc);
                    cx *= inv;
                    cy *= inv;
                    cz *= inv;
                    double tmin = Double.POSITIVE_INFINITY, tmax = Double.NEGATIVE_INFINITY;
                    for (int m = 0; m < 9; m += 3) {
                        double p = cx * tv[m] + cy * tv[m + 1] + cz * tv[m + 2];
                        tmin = Math.min(tmin, p);
                        tmax = Math.max(tmax, p);
                    }
                    double bmin = Double.POSITIVE_INFINITY, bmax = Double.NEGATIVE_INFINITY;
                    for (int m = 0; m < pvCount; m++) {
                        double p = cx * pv[3 * m] + cy * pv[3 * m + 1] + cz * pv[3 * m + 2];
                        bmin = Math.min(bmin, p);
                        bmax = Math.max(bmax, p);
                    }
                    s = bmin - tmax;
                    if (tmin - bmax > s) {
                        s = tmin - bmax;
                        cx = -cx;
                        cy = -cy;
                        cz = -cz;
                    }
                    if (s > margin) {
                        return false;
                    }
                    gx = cx;
                    gy = cy;
                    gz = cz;
                    gs = s;
                }
                if (s <= sEdge || cx * tnx + cy * tny + cz * tnz < -1e-9) {
                    continue;
                }
                // The axis only describes a contact if these two edges are the touching features: their
                // closest points must be separated by s along it (else another feature pair realises it).
                Segments.closest(tv[i], tv[i + 1], tv[i + 2], tv[j] - tv[i], tv[j + 1] - tv[i + 1],
                        tv[j + 2] - tv[i + 2], pv[a], pv[a + 1], pv[a + 2], pv[b] - pv[a], pv[b + 1] - pv[a + 1],
                        pv[b + 2] - pv[a + 2], st);
                double pax = tv[i] + st[0] * ux, pay = tv[i + 1] + st[0] * uy, paz = tv[i + 2] + st[0] * uz;
                double pbx = pv[a] + st[1] * vx, pby = pv[a + 1] + st[1] * vy, pbz = pv[a + 2] + st[1] * vz;
                double along = (pbx - pax) * cx + (pby - pay) * cy + (pbz - paz) * cz;
                double dx = pbx - pax - along * cx, dy = pby - pay - along * cy, dz = pbz - paz - along * cz;
                if (Math.abs(along - s) > lengthTol || dx * dx + dy * dy + dz * dz > lengthTol * lengthTol) {
                    continue;
                }
                sEdge = s;
                ecx = cx;
                ecy = cy;
                ecz = cz;
                eax = pax;
                eay = pay;
                eaz = paz;
                ebx = pbx;
                eby = pby;
                ebz = pbz;
                edgeFeatureSet = 1;
            }
        }
        double best = sFace;
        int axis = 0;
        if (bestFace >= 0 && sHull > best + AXIS_PREFERENCE) {
            best = sHull;
            axis = 1;
        }
        if (edgeFeatureSet != 0 && sEdge > best + AXIS_PREFERENCE) {
            axis = 2;
        }
        if (axis == 0) {
            return clipOnTriangleFace(margin, out);
        }
        if (axis == 1) {
            return clipOnHullFace(bestFace, margin, out);
        }
        out.setNormal(ecx, ecy, ecz);
        out.addPoint(eax, eay, eaz, ebx, eby, ebz, 1 << 10);
        normalFeature = classify(eax, eay, eaz);
        return true;
    }

    /** Reference = the triangle's face; incident = the convex's face most against the normal. */
    private boolean clipOnTriangleFace(double margin, Manifold out) {
        int incident = 0;
        double most = Double.POSITIVE_INFINITY;
        for (int f = 0; f < pfCount; f++) {
            double d = pfn[3 * f] * tnx + pfn[3 * f + 1] * tny + pfn[3 * f + 2] * tnz;
            if (d < most) {
                most = d;
                incident = f;
            }
        }
        int n = faceSize(incident);
        ensurePolygon(n + 3);
        for (int k = 0; k < n; k++) {
            int v = 3 * faceVertex(incident, k);
            polyA[3 * k] = pv[v];
            polyA[3 * k + 1] = pv[v + 1];
            polyA[3 * k + 2] = pv[v + 2];
            idA[k] = k & 0x3f;
        }
        for (int k = 0; k < 3 && n > 0; k++) {
            int i = 3 * k, j = 3 * ((k + 1) % 3);
            double ex = tv[j] - tv[i], ey = tv[j + 1] - tv[i + 1], ez = tv[j + 2] - tv[i + 2];
            // Inward side plane of edge k: m = n x e.
            double mx = tny * ez - tnz * ey, my = tnz * ex - tnx * ez, mz = tnx * ey - tny * ex;
            n = clip(n, mx, my, mz, mx * tv[i] + my * tv[i + 1] + mz * tv[i + 2], k);
        }
        candCount = 0;
        for (int k = 0; k < n; k++) {
            double px = polyA[3 * k], py = polyA[3 * k + 1], pz = polyA[3 * k + 2];
            double sep = tnx * px + tny * py + tnz * pz - td;
            if (sep <= margin) {
                addCandidate(px - sep * tnx, py - sep * tny, pz - sep * tnz, px, py, pz, sep, idA[k] | (incident & 0x7) << 8);
            }
        }
        normalFeature = FEATURE_FACE;
        return emit(tnx, tny, tnz, out);
    }

    /** Reference = the convex's face f (normal -n_f from A to B); incident = the triangle. */
    private boolean clipOnHullFace(int f, double margin, Manifold out) {
        double fx = pfn[3 * f], fy = pfn[3 * f + 1], fz = pfn[3 * f + 2];
        int size = faceSize(f);
        ensurePolygon(size + 3);
        System.arraycopy(tv, 0, polyA, 0, 9);
        idA[0] = 0;
        idA[1] = 1;
        idA[2] = 2;
        int n = 3;
        for (int k = 0; k < size && n > 0; k++) {
            int a = 3 * faceVertex(f, k), b = 3 * faceVertex(f, (k + 1) % size);
            double ex = pv[b] - pv[a], ey = pv[b + 1] - pv[a + 1], ez = pv[b + 2] - pv[a + 2];
            double mx = fy * ez - fz * ey, my = fz * ex - fx * ez, mz = fx * ey - fy * ex;
            n = clip(n, mx, my, mz, mx * pv[a] + my * pv[a + 1] + mz * pv[a + 2], k);
        }
        candCount = 0;
        for (int k = 0; k < n; k++) {
            double px = polyA[3 * k], py = polyA[3 * k + 1], pz = polyA[3 * k + 2];
            // Separation along -n_f of the triangle point p from the face plane n_f . x = d_f.
            double sep = fx * px + fy * py + fz * pz - pfd[f];
            if (sep <= margin) {
                addCandidate(px, py, pz, px - sep * fx, py - sep * fy, pz - sep * fz, sep,
                        idA[k] | 1 << 11);
            }
        }
        if (candCount == 0) {
            return false;
        }
        int deepest = 0;
        for (int k = 1; k < candCount; k++) {
            if (candSep[k] < candSep[deepest]) {
                deepest = k;
            }
        }
        normalFeature = classify(candA[3 * deepest], candA[3 * deepest + 1], candA[3 * deepest + 2]);
        return emit(-fx, -fy, -fz, out);
    }

    private void ensurePolygon(int n) {
        // Clipping a convex polygon against one plane adds at most one vertex.
        int need = n + 8;
        if (idA.length < need) {
            int cap = Integer.highestOneBit(need) * 2;
            polyA = new double[3 * cap];
            polyB = new double[3 * cap];
            idA = new int[cap];
            idB = new int[cap];
        }
    }

    /**
     * Sutherland–Hodgman: keeps the part of polygon polyA (n points) with {@code m . p >= off}, into
     * polyA again (through polyB). A new point on edge i..i+1 gets id (plane + 1) << 6 | id of i.
     */
    private int clip(int n, double mx, double my, double mz, double off, int plane) {
        int out = 0;
        for (int i = 0; i < n; i++) {
            int j = (i + 1) % n;
            double di = mx * polyA[3 * i] + my * polyA[3 * i + 1] + mz * polyA[3 * i + 2] - off;
            double dj = mx * polyA[3 * j] + my * polyA[3 * j + 1] + mz * polyA[3 * j + 2] - off;
            if (di >= 0) {
                polyB[3 * out] = polyA[3 * i];
                polyB[3 * out + 1] = polyA[3 * i + 1];
                polyB[3 * out + 2] = polyA[3 * i + 2];
                idB[out++] = idA[i];
            }
            if ((di >= 0) != (dj >= 0)) {
                double u = di / (di - dj);
                polyB[3 * out] = polyA[3 * i] + u * (polyA[3 * j] - polyA[3 * i]);
                polyB[3 * out + 1] = polyA[3 * i + 1] + u * (polyA[3 * j + 1] - polyA[3 * i + 1]);
                polyB[3 * out + 2] = polyA[3 * i + 2] + u * (polyA[3 * j + 2] - polyA[3 * i + 2]);
                idB[out++] = ((plane + 1) & 0x1f) << 6 | (idA[i] & 0x3f);
            }
        }
        double[] t = polyA;
        polyA = polyB;
        polyB = t;
        int[] ti = idA;
        idA = idB;
        idB = ti;
        return out;
    }

    private void addCandidate(double ax, double ay, double az, double bx, double by, double bz, double sep, int id) {
        if (candCount == candSep.length) {
            int cap = 2 * candCount;
            candA = java.util.Arrays.copyOf(candA, 3 * cap);
            candB = java.util.Arrays.copyOf(candB, 3 * cap);
            candSep = java.util.Arrays.copyOf(candSep, cap);
            candId = java.util.Arrays.copyOf(candId, cap);
        }
        int o = 3 * candCount;
        candA[o] = ax;
        candA[o + 1] = ay;
        candA[o + 2] = az;
        candB[o] = bx;
        candB[o + 1] = by;
        candB[o + 2] = bz;
        candSep[candCount] = sep;
        candId[candCount++] = id;
    }

    private boolean emit(double nx, double ny, double nz, Manifold out) {
        if (candCount == 0) {
            return false;
        }
        out.setNormal(nx, ny, nz);
        int kept = FourPointReduction.reduce(candB, candSep, candCount, nx, ny, nz, keep);
        for (int k = 0; k < kept; k++) {
            int i = keep[k];
            out.addPoint(candA[3 * i], candA[3 * i + 1], candA[3 * i + 2], candB[3 * i], candB[3 * i + 1],
                    candB[3 * i + 2], candId[i]);
        }
        return true;
    }
}
