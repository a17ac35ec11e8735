package ricochet.geometry.shape;

/**
 * A static bounding-volume hierarchy over the triangles of a shape, flattened into arrays in
 * depth-first order. Each node stores its box and an escape index (the node after its subtree), so
 * queries walk the array without a stack ("skip pointers", Smits 1998): an overlapping node steps to
 * the next index (its first child, or past a leaf), a missed one jumps to its escape. No stack means
 * no scratch, so one tree serves any number of threads and a query allocates nothing.
 *
 * <p>Built top-down with a median split of the triangle centroids along the longest axis of their
 * bounds; leaves hold at most {@link #MAX_LEAF_SIZE} triangles. The vertex and index arrays are the
 * owning shape's, referenced, not copied.
 */
public final class TriangleBvh {

    public static final int MAX_LEAF_SIZE = 4;

    private final double[] vertices;
    private final int[] triangles;
    /** Triangle indices, grouped so that each leaf's triangles are contiguous. */
    private final int[] order;
    private final double[] bounds;
    /** Leaf: the first slot in {@link #order}; inner node: unused. */
    private final int[] first;
    /** Leaf: its triangle count (>= 1); inner node: 0. */
    private final int[] count;
    private final int[] escape;
    private int nodeCount;

    TriangleBvh(double[] vertices, int[] triangles) {
        this.vertices = vertices;
        this.triangles = triangles;
        int n = triangles.length / 3;
        order = new int[n];
        double[] centroids = new double[3 * n];
        for (int t = 0; t < n; t++) {
            order[t] = t;
            for (int k = 0; k < 3; k++) {
                centroids[3 * t + k] = (vertices[3 * triangles[3 * t] + k] + vertices[3 * triangles[3 * t + 1] + k]
                        + vertices[3 * triangles[3 * t + 2] + k]) / 3;
            }
        }
        int maxNodes = Math.max(1, 2 * n);
        bounds = new double[6 * maxNodes];
        first = new int[maxNodes];
        count = new int[maxNodes];
        escape = new int[maxNodes];
        build(0, n, centroids);
    }

    /** Builds the subtree over order[from, to) at the next free node; returns that node's index. */
    private int build(int from, int to, double[] centroids) {
        int node = nodeCount++;
        double[] b = bounds;
        int o = 6 * node;
        b[o] = b[o + 1] = b[o + 2] = Double.POSITIVE_INFINITY;
        b[o + 3] = b[o + 4] = b[o + 5] = Double.NEGATIVE_INFINITY;
        double[] cb = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = from; i < to; i++) {
            int t = order[i];
            for (int v = 0; v < 3; v++) {
                int vi = 3 * triangles[3 * t + v];
                for (int k = 0; k < 3; k++) {
                    b[o + k] = Math.min(b[o + k], vertices[vi + k]);
                    b[o + 3 + k] = Math.max(b[o + 3 + k], vertices[vi + k]);
                }
            }
            for (int k = 0; k < 3; k++) {
                cb[k] = Math.min(cb[k], centroids[3 * t + k]);
                cb[3 + k] = Math.max(cb[3 + k], centroids[3 * t + k]);
            }
        }
        if (to - from <= MAX_LEAF_SIZE) {
            first[node] = from;
            count[node] = to - from;
            escape[node] = node + 1;
            return node;
        }
        int axis = 0;
        for (int k = 1; k < 3; k++) {
            if (cb[3 + k] - cb[k] > cb[3 + axis] - cb[axis]) {
                axis = k;
            }
        }
        int mid = (from + to) >>> 1;
        select(from, to - 1, mid, axis, centroids);
        build(from, mid, centroids);
        build(mid, to, centroids);
        escape[node] = nodeCount;
        return node;
    }

    /** Quickselect (Hoare): afterwards order[mid] has the centroid it would have if sorted along axis. */
    private void select(int lo, int hi, int mid, int axis, double[] centroids) {
        while (lo < hi) {
            double pivot = centroids[3 * order[(lo + hi) >>> 1] + axis];
            int i = lo, j = hi;
            while (i <= j) {
                while (centroids[3 * order[i] + axis] < pivot) {
                    i++;
                }
                while (centroids[3 * order[j] + axis] > pivot) {
                    j--;
                }
                if (i <= j) {
                    int tmp = order[i];
                    order[i] = order[j];
                    order[j] = tmp;
                    i++;
                    j--;
                }
            }
            if (mid <= j) {
                hi = j;
            } else if (mid >= i) {
                lo = i;
            } else {
                return;
            }
        }
    }

    public int nodeCount() {
        return nodeCount;
    }

    /** Whether node i is a leaf (package-private for the tests). */
    boolean isLeaf(int node) {
        return count[node] > 0;
    }

    int leafSize(int node) {
        return count[node];
    }

    /** Calls the visitor with every triangle whose bounds overlap the box (touching counts). */
    public void query(double[] aabb6, TriangleVisitor visitor) {
        int i = 0;
        while (i < nodeCount) {
            int o = 6 * i;
            if (bounds[o] <= aabb6[3] && bounds[o + 3] >= aabb6[0] && bounds[o + 1] <= aabb6[4]
                    && bounds[o + 4] >= aabb6[1] && bounds[o + 2] <= aabb6[5] && bounds[o + 5] >= aabb6[2]) {
                int c = count[i];
                for (int s = first[i], end = first[i] + c; s < end; s++) {
                    int t = order[s];
                    if (triangleOverlaps(t, aabb6)) {
                        visitor.visit(t);
                    }
                }
                i++;
            } else {
                i = escape[i];
            }
        }
    }

    private boolean triangleOverlaps(int t, double[] box) {
        for (int k = 0; k < 3; k++) {
            double a = vertices[3 * triangles[3 * t] + k];
            double b = vertices[3 * triangles[3 * t + 1] + k];
            double c = vertices[3 * triangles[3 * t + 2] + k];
            if (Math.min(a, Math.min(b, c)) > box[3 + k] || Math.max(a, Math.max(b, c)) < box[k]) {
                return false;
            }
        }
        return true;
    }

    /** The closest hit along the segment; see {@link TriangleShape#raycast}. */
    public boolean raycast(double[] origin, double[] dir, double maxFraction, MeshHit hit) {
        double ox = origin[0], oy = origin[1], oz = origin[2];
        double dx = dir[0], dy = dir[1], dz = dir[2];
        double best = maxFraction;
        int bestTriangle = -1;
        // Slab test: 1/0 gives +-Infinity, which the min/max below handle (Williams et al. 2005).
        double ix = 1 / dx, iy = 1 / dy, iz = 1 / dz;
        int i = 0;
        while (i < nodeCount) {
            int o = 6 * i;
            if (slabs(o, ox, oy, oz, ix, iy, iz, best)) {
                for (int s = first[i], end = first[i] + count[i]; s < end; s++) {
                    int t = order[s];
                    double f = intersect(vertices, triangles, t, ox, oy, oz, dx, dy, dz);
                    if (f >= 0 && f <= best) {
                        best = f;
                        bestTriangle = t;
                    }
                }
                i++;
            } else {
                i = escape[i];
            }
        }
        if (bestTriangle < 0) {
            return false;
        }
        fillHit(vertices, triangles, bestTriangle, best, hit);
        return true;
    }

    private boolean slabs(int o, double ox, double oy, double oz, double ix, double iy, double iz, double tMax) {
        double t0 = 0, t1 = tMax;
        double a = (bounds[o] - ox) * ix, b = (bounds[o + 3] - ox) * ix;
        if (!Double.isNaN(a) && !Double.isNaN(b)) {
            t0 = Math.max(t0, Math.min(a, b));
            t1 = Math.min(t1, Math.max(a, b));
        }
        a = (bounds[o + 1] - oy) * iy;
        b = (bounds[o + 4] - oy) * iy;
        if (!Double.isNaN(a) && !Double.isNaN(b)) {
            t0 = Math.max(t0, Math.min(a, b));
            t1 = Math.min(t1, Math.max(a, b));
        }
        a = (bounds[o + 2] - oz) * iz;
        b = (bounds[o + 5] - oz) * iz;
        if (!Double.isNaN(a) && !Double.isNaN(b)) {
            t0 = Math.max(t0, Math.min(a, b));
            t1 = Math.min(t1, Math.max(a, b));
        }
        // A NaN (0 * Infinity: the ray lies in a slab's plane) is treated as inside that slab, which
        // can only add a node to visit, never lose a hit.
        return t0 <= t1;
    }

    /**
     * Möller–Trumbore ray/triangle test (J. Graphics Tools 2(1), 1997), two-sided: the fraction s of
     * the hit, or -1 for a miss or a ray parallel to the triangle.
     */
    static double intersect(double[] v, int[] tri, int t, double ox, double oy, double oz,
            double dx, double dy, double dz) {
        int a = 3 * tri[3 * t], b = 3 * tri[3 * t + 1], c = 3 * tri[3 * t + 2];
        double e1x = v[b] - v[a], e1y = v[b + 1] - v[a + 1], e1z = v[b + 2] - v[a + 2];
        double e2x = v[c] - v[a], e2y = v[c + 1] - v[a + 1], e2z = v[c + 2] - v[a + 2];
        // p = d x e2, det = e1 . p
        double px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
        double det = e1x * px + e1y * py + e1z * pz;
        if (det == 0 || !Double.isFinite(det)) {
            return -1;
        }
        double inv = 1 / det;
        double sx = ox - v[a], sy = oy - v[a + 1], sz = oz - v[a + 2];
        double u = (sx * px + sy * py + sz * pz) * inv;
        if (u < 0 || u > 1) {
            return -1;
        }
        // q = s x e1
        double qx = sy * e1z - sz * e1y, qy = sz * e1x - sx * e1z, qz = sx * e1y - sy * e1x;
        double w = (dx * qx + dy * qy + dz * qz) * inv;
        if (w < 0 || u + w > 1) {
            return -1;
        }
        double f = (e2x * qx + e2y * qy + e2z * qz) * inv;
        return f >= 0 ? f : -1;
    }

    static void fillHit(double[] v, int[] tri, int t, double fraction, MeshHit hit) {
        int a = 3 * tri[3 * t], b = 3 * tri[3 * t + 1], c = 3 * tri[3 * t + 2];
        double e1x = v[b] - v[a], e1y = v[b + 1] - v[a + 1], e1z = v[b + 2] - v[a + 2];
        double e2x = v[c] - v[a], e2y = v[c + 1] - v[a + 1], e2z = v[c + 2] - v[a + 2];
        double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        hit.fraction = fraction;
        hit.triangle = t;
        hit.nx = nx / len;
        hit.ny = ny / len;
        hit.nz = nz / len;
    }
}
