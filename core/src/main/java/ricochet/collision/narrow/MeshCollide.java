package ricochet.collision.narrow;

import java.util.Arrays;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.EdgeKind;
import ricochet.geometry.shape.TriangleShape;
import ricochet.geometry.shape.TriangleVisitor;
import ricochet.math.Transform;

/**
 * A triangle mesh or heightfield (A) against a convex shape (B): the triangles under B's bounds,
 * each collided by a {@link TriangleCollide}, internal-edge contacts corrected, and all points merged
 * into one manifold of at most four.
 *
 * <p>Internal edges. A convex sliding over a flat or hollow part of a mesh meets the edges between
 * triangles; one triangle alone sees such an edge as a real edge and reports a sideways normal (a
 * "ghost" contact) that snags the convex. So a triangle's contact whose normal belongs to one of its
 * edges or vertices that is not active (flat or concave, {@link EdgeKind#isActive()}; a vertex is
 * active when either of its two edges is), or whose deepest point lies inside the face while the
 * normal is not the face's, is recomputed with the face normal ({@link
 * TriangleCollide#collideAlongFace}), and dropped when that leaves nothing within the margin. This
 * is the rule of Jolt's active edges (ActiveEdges.h) and of Bullet's btAdjustInternalEdgeContacts.
 *
 * <p>Merging. The manifold has one normal: the normal of the deepest triangle contact. An average
 * weighted by depth would be smoother across a crease, but it can point in a direction no triangle
 * has (and cancel to zero in a narrow valley); the deepest contact is the one that most needs its own
 * direction resolved. The other points keep their positions and have their separation measured along
 * that normal (those beyond the margin along it are dropped). Points are reduced to four by depth and area ({@link FourPointReduction}).
 *
 * <p>Feature ids: {@code triangle << 12 | local}, where local (12 bits) is {@link TriangleCollide}'s
 * id within the triangle; unique for meshes of up to 2^20 triangles.
 *
 * <p>One instance per thread; no allocation per call once its point buffer has grown.
 */
public final class MeshCollide {

    private final TriangleCollide triangles = new TriangleCollide();
    private final Manifold one = new Manifold();
    private final double[] queryBox = new double[6];
    private final double[] shapeBox = new double[6];
    private final double[] tri = new double[9];
    private final double[] tmp = new double[3];
    private final int[] keep = new int[4];
    private final TriangleVisitor visitor = this::visit;

    private TriangleShape shapeA;
    private Transform poseA;
    private ConvexShape shapeB;
    private Transform poseB;
    private double margin;

    private double[] pointA = new double[48];
    private double[] pointB = new double[48];
    private double[] normal = new double[48];
    private double[] sep = new double[16];
    private int[] ids = new int[16];
    private int count;

    /** See {@link TriangleCollide#setThickness}. */
    public void setThickness(double metres) {
        triangles.setThickness(metres);
    }

    /**
     * Collides a with b.
     *
     * @param ta pose of a (world = R local + p)
     * @param tb pose of b
     * @param margin metres: points separated by up to this are kept
     * @return whether {@code out} holds at least one point; {@code out} is cleared either way
     */
    public boolean collide(TriangleShape a, Transform ta, ConvexShape b, Transform tb, double margin, Manifold out) {
        out.clear();
        boundsInA(b, ta, tb, margin);
        shapeA = a;
        poseA = ta;
        shapeB = b;
        poseB = tb;
        this.margin = margin;
        count = 0;
        a.queryTriangles(queryBox, visitor);
        shapeA = null;
        shapeB = null;
        poseA = poseB = null;
        if (count == 0) {
            return false;
        }
        int deepest = 0;
        for (int i = 1; i < count; i++) {
            if (sep[i] < sep[deepest]) {
                deepest = i;
            }
        }
        double nx = normal[3 * deepest], ny = normal[3 * deepest + 1], nz = normal[3 * deepest + 2];
        out.setNormal(nx, ny, nz);
        // Measured along the chosen normal, a point from a triangle facing another way may lie
        // beyond the margin: it is no contact along this normal.
        // Triangles around a shared vertex or edge report the same point; keep one (the first in the
        // BVH's fixed order, or the deepest), or how many survive would follow round-off.
        int n = 0;
        for (int i = 0; i < count; i++) {
            double s = (pointB[3 * i] - pointA[3 * i]) * nx + (pointB[3 * i + 1] - pointA[3 * i + 1]) * ny
                    + (pointB[3 * i + 2] - pointA[3 * i + 2]) * nz;
            if (i == deepest || (s <= margin && !duplicates(i, n, deepest))) {
                if (i == deepest) {
                    deepest = n;
                }
                copy(i, n++);
            }
        }
        count = n;
        int kept = FourPointReduction.reduce(pointB, sep, count, nx, ny, nz, keep);
        for (int k = 0; k < kept; k++) {
            int i = keep[k];
            out.addPoint(pointA[3 * i], pointA[3 * i + 1], pointA[3 * i + 2], pointB[3 * i], pointB[3 * i + 1],
                    pointB[3 * i + 2], ids[i]);
        }
        return true;
    }

    /** B's bounds as a box in A's frame, grown by the margin: centre R c + t, half extents |R| h. */
    private void boundsInA(ConvexShape b, Transform ta, Transform tb, double margin) {
        b.localBounds(shapeBox);
        double cx = 0.5 * (shapeBox[0] + shapeBox[3]), cy = 0.5 * (shapeBox[1] + shapeBox[4]);
        double cz = 0.5 * (shapeBox[2] + shapeBox[5]);
        double hx = 0.5 * (shapeBox[3] - shapeBox[0]), hy = 0.5 * (shapeBox[4] - shapeBox[1]);
        double hz = 0.5 * (shapeBox[5] - shapeBox[2]);
        sizeB = Math.max(hx, Math.max(hy, hz));
        tb.toWorld(cx, cy, cz, tmp);
        ta.toLocal(tmp[0], tmp[1], tmp[2], tmp);
        double[] ra = ta.r, rb = tb.r;
        for (int i = 0; i < 3; i++) {
            // Row i of Ra^T Rb is column i of Ra times Rb.
            double r0 = ra[i] * rb[0] + ra[3 + i] * rb[3] + ra[6 + i] * rb[6];
            double r1 = ra[i] * rb[1] + ra[3 + i] * rb[4] + ra[6 + i] * rb[7];
            double r2 = ra[i] * rb[2] + ra[3 + i] * rb[5] + ra[6 + i] * rb[8];
            double half = Math.abs(r0) * hx + Math.abs(r1) * hy + Math.abs(r2) * hz + Math.max(margin, 0);
            queryBox[i] = tmp[i] - half;
            queryBox[3 + i] = tmp[i] + half;
        }
    }

    private void visit(int t) {
        shapeA.triangle(t, tri);
        for (int k = 0; k < 9; k += 3) {
            poseA.toWorld(tri[k], tri[k + 1], tri[k + 2], tmp);
            tri[k] = tmp[0];
            tri[k + 1] = tmp[1];
            tri[k + 2] = tmp[2];
        }
        if (!triangles.collide(tri, shapeB, poseB, margin, one)) {
            return;
        }
        if (isInternal(t, triangles.normalFeature()) && !alongFace()) {
            if (!triangles.collideAlongFace(tri, shapeB, poseB, margin, one)) {
                return;
            }
        }
        for (int i = 0; i < one.pointCount(); i++) {
            add(one, i, t);
        }
    }

    /** Whether the contact's normal already is the triangle's face normal (to round-off). */
    private boolean alongFace() {
        double e1x = tri[3] - tri[0], e1y = tri[4] - tri[1], e1z = tri[5] - tri[2];
        double e2x = tri[6] - tri[0], e2y = tri[7] - tri[1], e2z = tri[8] - tri[2];
        double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        return (nx * one.nx + ny * one.ny + nz * one.nz) >= (1 - 1e-12) * len;
    }

    private boolean isInternal(int t, int feature) {
        if (feature == TriangleCollide.FEATURE_FACE) {
            return true;
        }
        if (feature < TriangleCollide.FEATURE_VERTEX) {
            return !shapeA.edgeKind(t, feature - TriangleCollide.FEATURE_EDGE).isActive();
        }
        int k = feature - TriangleCollide.FEATURE_VERTEX;
        // Vertex k lies on edge k (k -> k+1) and edge k+2 (k+2 -> k).
        return !shapeA.edgeKind(t, k).isActive() && !shapeA.edgeKind(t, (k + 2) % 3).isActive();
    }

    /**
     * Whether point i is a copy of a kept point (0..kept-1) or of the deepest: within 1e-12 of B's
     * size, which catches the same mesh vertex reported by each of its triangles (bit-for-bit equal
     * up to a few roundings) and no two distinct points; relative to B's size, not to the
     * coordinates, so a rigid motion of the whole set-up cannot change the answer.
     */
    private boolean duplicates(int i, int kept, int deepestIndex) {
        double x = pointB[3 * i], y = pointB[3 * i + 1], z = pointB[3 * i + 2];
        double tol = 1e-12 * sizeB;
        for (int j = -1; j < kept; j++) {
            int k = j < 0 ? deepestIndex : j;
            if (k == i) {
                continue;
            }
            double dx = pointB[3 * k] - x, dy = pointB[3 * k + 1] - y, dz = pointB[3 * k + 2] - z;
            if (dx * dx + dy * dy + dz * dz <= tol * tol) {
                return true;
            }
        }
        return false;
    }

    /** B's largest half extent, metres (set per call by {@link #boundsInA}). */
    private double sizeB;

    private void copy(int from, int to) {
        System.arraycopy(pointA, 3 * from, pointA, 3 * to, 3);
        System.arraycopy(pointB, 3 * from, pointB, 3 * to, 3);
        System.arraycopy(normal, 3 * from, normal, 3 * to, 3);
        sep[to] = sep[from];
        ids[to] = ids[from];
    }

    private void add(Manifold m, int i, int t) {
        if (count == sep.length) {
            int cap = 2 * count;
            pointA = Arrays.copyOf(pointA, 3 * cap);
            pointB = Arrays.copyOf(pointB, 3 * cap);
            normal = Arrays.copyOf(normal, 3 * cap);
            sep = Arrays.copyOf(sep, cap);
            ids = Arrays.copyOf(ids, cap);
        }
        int o = 3 * count;
        pointA[o] = m.pointAX(i);
        pointA[o + 1] = m.pointAY(i);
        pointA[o + 2] = m.pointAZ(i);
        pointB[o] = m.pointBX(i);
        pointB[o + 1] = m.pointBY(i);
        pointB[o + 2] = m.pointBZ(i);
        normal[o] = m.nx;
        normal[o + 1] = m.ny;
        normal[o + 2] = m.nz;
        sep[count] = m.separation(i);
        ids[count++] = t << 12 | (m.featureId(i) & 0xfff);
    }
}
