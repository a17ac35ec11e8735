package ricochet.geometry.shape;

import java.util.HashMap;
import java.util.Map;
import ricochet.geometry.TriangleMesh;

/**
 * A triangle mesh as static or kinematic collision geometry (not convex, no volume): the triangles of
 * a {@link TriangleMesh} in the shape's frame (metres), a {@link TriangleBvh} over them, their unit
 * face normals, and per edge the neighbouring triangle and the {@link EdgeKind} the narrow phase uses
 * to drop internal-edge contacts. Immutable.
 */
public final class TriangleMeshShape implements TriangleShape {

    /**
     * Default tolerance, radians, under which two triangles across an edge count as coplanar; Jolt's
     * default active-edge threshold (cos 5 degrees = 0.996).
     */
    public static final double DEFAULT_FLAT_ANGLE = Math.toRadians(5);

    private final double[] vertices;
    private final int[] triangles;
    private final double[] normals;
    private final int[] neighbours;
    private final byte[] edgeKinds;
    private final TriangleBvh bvh;
    private final double[] bounds = new double[6];

    /** A mesh shape with the {@link #DEFAULT_FLAT_ANGLE}. */
    public TriangleMeshShape(TriangleMesh mesh) {
        this(mesh, DEFAULT_FLAT_ANGLE);
    }

    /**
     * @param flatAngle radians in [0, pi/2): edges whose two faces' normals differ by at most this are flat
     * @throws IllegalArgumentException for a mesh without triangles, a zero-area triangle (named with its
     *     vertices) or a flat angle out of range
     */
    public TriangleMeshShape(TriangleMesh mesh, double flatAngle) {
        if (!(flatAngle >= 0 && flatAngle < Math.PI / 2)) {
            throw new IllegalArgumentException("triangle mesh: flat angle must be in [0, pi/2) radians, got "
                    + flatAngle);
        }
        if (mesh.triangleCount() == 0) {
            throw new IllegalArgumentException("triangle mesh: needs at least one triangle, got 0");
        }
        vertices = mesh.vertices();
        triangles = mesh.triangles();
        normals = faceNormals(vertices, triangles, "triangle mesh");
        int n = triangles.length / 3;
        neighbours = new int[3 * n];
        edgeKinds = new byte[3 * n];
        classifyEdges(vertices, triangles, normals, StrictMath.cos(flatAngle), neighbours, edgeKinds);
        bvh = new TriangleBvh(vertices, triangles);
        boundsOf(vertices, bounds);
    }

    /**
     * Unit normals of all triangles (right-hand rule over a, b, c).
     *
     * @throws IllegalArgumentException naming the first triangle whose area is zero: its cross product
     *     is below 1e-12 of its longest edge squared (collinear or repeated vertices)
     */
    static double[] faceNormals(double[] v, int[] tri, String what) {
        int n = tri.length / 3;
        double[] out = new double[3 * n];
        for (int t = 0; t < n; t++) {
            int a = 3 * tri[3 * t], b = 3 * tri[3 * t + 1], c = 3 * tri[3 * t + 2];
            double e1x = v[b] - v[a], e1y = v[b + 1] - v[a + 1], e1z = v[b + 2] - v[a + 2];
            double e2x = v[c] - v[a], e2y = v[c + 1] - v[a + 1], e2z = v[c + 2] - v[a + 2];
            double e3x = v[c] - v[b], e3y = v[c + 1] - v[b + 1], e3z = v[c + 2] - v[b + 2];
            double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            double longest = Math.max(e1x * e1x + e1y * e1y + e1z * e1z,
                    Math.max(e2x * e2x + e2y * e2y + e2z * e2z, e3x * e3x + e3y * e3y + e3z * e3z));
            if (!(len > 1e-12 * longest)) {
                throw new IllegalArgumentException(what + ": triangle " + t + " (vertices " + tri[3 * t] + ", "
                        + tri[3 * t + 1] + ", " + tri[3 * t + 2] + ") has zero area");
            }
            out[3 * t] = nx / len;
            out[3 * t + 1] = ny / len;
            out[3 * t + 2] = nz / len;
        }
        return out;
    }

    /**
     * Finds each edge's neighbour through the vertex pair it shares and classifies the edge. An edge
     * shared by exactly two triangles that walk it in opposite directions (consistent winding) is flat
     * when {@code n1 . n2 >= cosFlat}, else convex when the neighbour's far vertex lies below this
     * triangle's plane, concave when above. Anything else (open edge, non-manifold, flipped winding)
     * is a boundary, so contacts there keep their normal.
     */
    static void classifyEdges(double[] v, int[] tri, double[] normals, double cosFlat, int[] neighbours,
            byte[] kinds) {
        int n = tri.length / 3;
        Map<Long, int[]> byEdge = new HashMap<>();
        for (int t = 0; t < n; t++) {
            for (int k = 0; k < 3; k++) {
                int a = tri[3 * t + k], b = tri[3 * t + (k + 1) % 3];
                long key = ((long) Math.min(a, b) << 32) | Math.max(a, b);
                int[] users = byEdge.get(key);
                if (users == null) {
                    byEdge.put(key, new int[] {3 * t + k, -1, 1});
                } else {
                    if (users[2] == 1) {
                        users[1] = 3 * t + k;
                    }
                    users[2]++;
                }
            }
        }
        java.util.Arrays.fill(neighbours, -1);
        java.util.Arrays.fill(kinds, (byte) EdgeKind.BOUNDARY.ordinal());
        for (int[] users : byEdge.values()) {
            if (users[2] != 2) {
                continue;
            }
            int e1 = users[0], e2 = users[1];
            int t1 = e1 / 3, t2 = e2 / 3;
            if (tri[e1] != tri[3 * t2 + (e2 % 3 + 1) % 3]) {
                continue;
            }
            neighbours[e1] = t2;
            neighbours[e2] = t1;
            kinds[e1] = (byte) kind(v, tri, normals, t1, e1 % 3, t2, e2 % 3, cosFlat).ordinal();
            kinds[e2] = (byte) kind(v, tri, normals, t2, e2 % 3, t1, e1 % 3, cosFlat).ordinal();
        }
    }

    private static EdgeKind kind(double[] v, int[] tri, double[] nrm, int t, int k, int other, int otherK,
            double cosFlat) {
        double dot = nrm[3 * t] * nrm[3 * other] + nrm[3 * t + 1] * nrm[3 * other + 1]
                + nrm[3 * t + 2] * nrm[3 * other + 2];
        if (dot >= cosFlat) {
            return EdgeKind.FLAT;
        }
        int far = 3 * tri[3 * other + (otherK + 2) % 3];
        int on = 3 * tri[3 * t + k];
        double h = nrm[3 * t] * (v[far] - v[on]) + nrm[3 * t + 1] * (v[far + 1] - v[on + 1])
                + nrm[3 * t + 2] * (v[far + 2] - v[on + 2]);
        return h < 0 ? EdgeKind.CONVEX : EdgeKind.CONCAVE;
    }

    static void boundsOf(double[] v, double[] out) {
        out[0] = out[1] = out[2] = Double.POSITIVE_INFINITY;
        out[3] = out[4] = out[5] = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < v.length; i++) {
            int k = i % 3;
            out[k] = Math.min(out[k], v[i]);
            out[3 + k] = Math.max(out[3 + k], v[i]);
        }
    }

    @Override
    public ShapeType type() {
        return ShapeType.TRIANGLE_MESH;
    }

    @Override
    public void localBounds(double[] out) {
        System.arraycopy(bounds, 0, out, 0, 6);
    }

    @Override
    public int triangleCount() {
        return triangles.length / 3;
    }

    public int vertexCount() {
        return vertices.length / 3;
    }

    /** Vertex k (0..2) of triangle t. */
    public int triangleVertex(int t, int k) {
        return triangles[3 * t + k];
    }

    @Override
    public void triangle(int t, double[] out9) {
        for (int k = 0; k < 3; k++) {
            int v = 3 * triangles[3 * t + k];
            out9[3 * k] = vertices[v];
            out9[3 * k + 1] = vertices[v + 1];
            out9[3 * k + 2] = vertices[v + 2];
        }
    }

    /** The unit face normal of triangle t into {@code out[0..2]}. */
    public void triangleNormal(int t, double[] out) {
        out[0] = normals[3 * t];
        out[1] = normals[3 * t + 1];
        out[2] = normals[3 * t + 2];
    }

    /** The mesh this shape was built from (vertices and triangles copied out). */
    public TriangleMesh mesh() {
        return new TriangleMesh(vertices, triangles);
    }

    public TriangleBvh bvh() {
        return bvh;
    }

    @Override
    public void queryTriangles(double[] aabb6, TriangleVisitor visitor) {
        bvh.query(aabb6, visitor);
    }

    @Override
    public boolean raycast(double[] origin, double[] dir, double maxFraction, MeshHit hit) {
        return bvh.raycast(origin, dir, maxFraction, hit);
    }

    @Override
    public EdgeKind edgeKind(int t, int k) {
        return EDGE_KINDS[edgeKinds[3 * t + k]];
    }

    @Override
    public int neighbour(int t, int k) {
        return neighbours[3 * t + k];
    }

    static final EdgeKind[] EDGE_KINDS = EdgeKind.values();
}
