package ricochet.collision.narrow;

import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.TriangleShape;
import ricochet.math.Transform;

/**
 * The geometry a time of impact against a mesh asks along the way: the box the mover sweeps, in the
 * mesh's frame (the mesh's BVH query), a triangle in world space with its normal, and which feature
 * of a triangle (face, edge, vertex) a point lies on, with whether that edge or vertex is active.
 * Plain functions over caller-owned arrays, so a cast allocates nothing.
 */
final class MeshCastGeometry {

    private MeshCastGeometry() {
    }

    /**
     * The box swept by the mover's world bounds over the motion, grown by the tolerance, as a box in
     * the mesh's frame (centre {@code R^T (c - p)}, half extents {@code |R^T| e}) into {@code box} (min then max).
     */
    static void sweptBoundsIn(Transform tm, ConvexShape c, Transform tc, double dx, double dy, double dz,
                              double tolerance, double[] point, double[] box) {
        double[] r = tc.r;
        double cx = 0, cy = 0, cz = 0, ex = 0, ey = 0, ez = 0;
        for (int k = 0; k < 3; k++) {
            // The world axis e_k in c's frame is row k of R.
            double lx = r[3 * k], ly = r[3 * k + 1], lz = r[3 * k + 2];
            c.support(lx, ly, lz, point);
            double hi = lx * point[0] + ly * point[1] + lz * point[2];
            c.support(-lx, -ly, -lz, point);
            double lo = lx * point[0] + ly * point[1] + lz * point[2];
            double move = k == 0 ? dx : k == 1 ? dy : dz;
            double pos = k == 0 ? tc.px : k == 1 ? tc.py : tc.pz;
            double min = lo + pos + Math.min(move, 0) - tolerance;
            double maxK = hi + pos + Math.max(move, 0) + tolerance;
            double centre = 0.5 * (min + maxK), half = 0.5 * (maxK - min);
            if (k == 0) {
                cx = centre;
                ex = half;
            } else if (k == 1) {
                cy = centre;
                ey = half;
            } else {
                cz = centre;
                ez = half;
            }
        }
        boxIn(tm, cx, cy, cz, ex, ey, ez, point, box);
    }

    /**
     * The world box of centre c and half extents e as a box in the frame of {@code tm} (centre
     * {@code R^T (c - p)}, half extents {@code |R^T| e}) into {@code box} (min then max).
     */
    static void boxIn(Transform tm, double cx, double cy, double cz, double ex, double ey, double ez,
                      double[] point, double[] box) {
        tm.toLocal(cx, cy, cz, point);
        double[] m = tm.r;
        for (int i = 0; i < 3; i++) {
            // Row i of R^T is column i of R.
            double half = Math.abs(m[i]) * ex + Math.abs(m[3 + i]) * ey + Math.abs(m[6 + i]) * ez;
            box[i] = point[i] - half;
            box[3 + i] = point[i] + half;
        }
    }

    /**
     * Triangle t of the mesh at {@code meshPose}, in world space, into {@code tri}, and its unit front
     * normal into {@code dir} ({@code point} is scratch); false for a degenerate triangle.
     */
    static boolean worldTriangle(TriangleShape meshShape, Transform meshPose, int t, double[] tri, double[] dir,
                                 double[] point) {
        meshShape.triangle(t, tri);
        for (int k = 0; k < 9; k += 3) {
            meshPose.toWorld(tri[k], tri[k + 1], tri[k + 2], point);
            tri[k] = point[0];
            tri[k + 1] = point[1];
            tri[k + 2] = point[2];
        }
        double e1x = tri[3] - tri[0], e1y = tri[4] - tri[1], e1z = tri[5] - tri[2];
        double e2x = tri[6] - tri[0], e2y = tri[7] - tri[1], e2z = tri[8] - tri[2];
        double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (!(len > 0)) {
            return false;
        }
        dir[0] = nx / len;
        dir[1] = ny / len;
        dir[2] = nz / len;
        return true;
    }

    /** {@link #feature}'s answer for a point inside the face. */
    static final int FACE = -1;

    /** Barycentric weight under which the closest point counts as lying on the opposite edge. */
    private static final double ON_EDGE = 1e-9;

    /**
     * The feature of the triangle {@code tri} (world, 9 numbers) that a point on it lies on:
     * {@link #FACE}, edge k (0..2, from vertex k to k + 1) or vertex k as {@code 3 + k}; by barycentric
     * weights (Ericson, "Real-Time Collision Detection", 3.4), a weight under {@link #ON_EDGE} counting
     * as 0.
     */
    static int feature(double[] tri, double px, double py, double pz) {
        double e1x = tri[3] - tri[0], e1y = tri[4] - tri[1], e1z = tri[5] - tri[2];
        double e2x = tri[6] - tri[0], e2y = tri[7] - tri[1], e2z = tri[8] - tri[2];
        double wx = px - tri[0], wy = py - tri[1], wz = pz - tri[2];
        double d11 = e1x * e1x + e1y * e1y + e1z * e1z;
        double d12 = e1x * e2x + e1y * e2y + e1z * e2z;
        double d22 = e2x * e2x + e2y * e2y + e2z * e2z;
        double dw1 = wx * e1x + wy * e1y + wz * e1z;
        double dw2 = wx * e2x + wy * e2y + wz * e2z;
        double den = d11 * d22 - d12 * d12;
        double w1 = (d22 * dw1 - d12 * dw2) / den;
        double w2 = (d11 * dw2 - d12 * dw1) / den;
        double w0 = 1 - w1 - w2;
        boolean off0 = w0 <= ON_EDGE, off1 = w1 <= ON_EDGE, off2 = w2 <= ON_EDGE;
        int offCount = (off0 ? 1 : 0) + (off1 ? 1 : 0) + (off2 ? 1 : 0);
        if (offCount == 0) {
            return FACE;
        }
        if (offCount == 1) {
            // No weight on vertex i: the edge from i + 1 to i + 2, which is edge (i + 1) mod 3.
            return ((off0 ? 0 : off1 ? 1 : 2) + 1) % 3;
        }
        return 3 + (!off0 ? 0 : !off1 ? 1 : 2);
    }

    /**
     * Whether edge or vertex {@code feature} of triangle t is active; vertex k, on edges k and k + 2,
     * is when either edge is (as in {@link MeshCollide}).
     */
    static boolean active(TriangleShape meshShape, int t, int feature) {
        if (feature < 3) {
            return meshShape.edgeKind(t, feature).isActive();
        }
        int k = feature - 3;
        return meshShape.edgeKind(t, k).isActive() || meshShape.edgeKind(t, (k + 2) % 3).isActive();
    }
}
