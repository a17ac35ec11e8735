package ricochet.geometry.shape;

import java.util.Arrays;

/**
 * A convex polyhedron: vertices, planar faces (vertex loops counter-clockwise seen from outside, each
 * with its outward unit normal and offset, {@code n . x = d}) and unique edges with their two faces.
 * That is what SAT and face clipping need (Gregorius, "The Separating Axis Test between Convex
 * Polyhedra", GDC 2013). Built from points by {@code QuickHull}, or from explicit faces here.
 */
public final class ConvexHullShape implements ConvexShape {

    private final double[] vertices;
    private final int[][] faces;
    private final double[] faceNormals;
    private final double[] faceOffsets;
    /** Per edge: vertex a, vertex b, face on the left of a->b, face on the right. */
    private final int[] edges;

    /**
     * A hull from vertices (packed x y z) and faces (vertex loops, counter-clockwise from outside).
     *
     * @throws IllegalArgumentException naming the face or vertex when a face has fewer than 3
     *     vertices, refers to a missing vertex, is degenerate (zero area), or a vertex lies outside a
     *     face's plane by more than 1e-9 of the hull's size (the hull is not convex)
     */
    public ConvexHullShape(double[] vertices, int[][] faces) {
        if (vertices.length < 12 || vertices.length % 3 != 0) {
            throw new IllegalArgumentException("convex hull: needs at least 4 vertices, got " + vertices.length / 3);
        }
        for (double v : vertices) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("convex hull: vertex coordinate is not finite: " + v);
            }
        }
        if (faces.length < 4) {
            throw new IllegalArgumentException("convex hull: needs at least 4 faces, got " + faces.length);
        }
        this.vertices = vertices.clone();
        this.faces = new int[faces.length][];
        int n = vertices.length / 3;
        double size = 0;
        for (double v : vertices) {
            size = Math.max(size, Math.abs(v));
        }
        faceNormals = new double[3 * faces.length];
        faceOffsets = new double[faces.length];
        for (int f = 0; f < faces.length; f++) {
            int[] loop = faces[f].clone();
            if (loop.length < 3) {
                throw new IllegalArgumentException("convex hull: face " + f + " has " + loop.length + " vertices");
            }
            for (int v : loop) {
                if (v < 0 || v >= n) {
                    throw new IllegalArgumentException("convex hull: face " + f + " refers to vertex " + v
                            + " of " + n);
                }
            }
            this.faces[f] = loop;
            // Newell's method: robust normal of a planar polygon.
            double nx = 0, ny = 0, nz = 0, cx = 0, cy = 0, cz = 0;
            for (int k = 0; k < loop.length; k++) {
                int a = loop[k], b = loop[(k + 1) % loop.length];
                double ax = vertices[3 * a], ay = vertices[3 * a + 1], az = vertices[3 * a + 2];
                double bx = vertices[3 * b], by = vertices[3 * b + 1], bz = vertices[3 * b + 2];
                nx += (ay - by) * (az + bz);
                ny += (az - bz) * (ax + bx);
                nz += (ax - bx) * (ay + by);
                cx += ax;
                cy += ay;
                cz += az;
            }
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (!(len > 1e-18 * Math.max(size * size, 1e-300))) {
                throw new IllegalArgumentException("convex hull: face " + f + " has zero area");
            }
            nx /= len;
            ny /= len;
            nz /= len;
            faceNormals[3 * f] = nx;
            faceNormals[3 * f + 1] = ny;
            faceNormals[3 * f + 2] = nz;
            faceOffsets[f] = (nx * cx + ny * cy + nz * cz) / loop.length;
        }
        double tolerance = 1e-9 * Math.max(size, 1e-300);
        for (int f = 0; f < faces.length; f++) {
            for (int v = 0; v < n; v++) {
                double d = faceNormals[3 * f] * vertices[3 * v] + faceNormals[3 * f + 1] * vertices[3 * v + 1]
                        + faceNormals[3 * f + 2] * vertices[3 * v + 2] - faceOffsets[f];
                if (d > tolerance) {
                    throw new IllegalArgumentException("convex hull: vertex " + v + " lies " + d
                            + " outside face " + f + "; the faces do not bound a convex solid");
                }
            }
        }
        this.edges = buildEdges(this.faces);
    }

    /** Each undirected edge once, with the face that walks it a->b (left) and the one that walks b->a. */
    private static int[] buildEdges(int[][] faces) {
        java.util.Map<Long, int[]> byKey = new java.util.TreeMap<>();
        for (int f = 0; f < faces.length; f++) {
            int[] loop = faces[f];
            for (int k = 0; k < loop.length; k++) {
                int a = loop[k], b = loop[(k + 1) % loop.length];
                long key = ((long) Math.min(a, b) << 32) | Math.max(a, b);
                int[] e = byKey.computeIfAbsent(key, x -> new int[] {Math.min(a, b), Math.max(a, b), -1, -1});
                if (a == e[0]) {
                    e[2] = f;
                } else {
                    e[3] = f;
                }
            }
        }
        int[] out = new int[4 * byKey.size()];
        int i = 0;
        for (int[] e : byKey.values()) {
            if (e[2] < 0 || e[3] < 0) {
                throw new IllegalArgumentException("convex hull: edge " + e[0] + "-" + e[1]
                        + " belongs to only one face; the faces do not close");
            }
            System.arraycopy(e, 0, out, i, 4);
            i += 4;
        }
        return out;
    }

    @Override
    public ShapeType type() {
        return ShapeType.CONVEX_HULL;
    }

    @Override
    public double radius() {
        return 0;
    }

    public int vertexCount() {
        return vertices.length / 3;
    }

    public double vertexX(int i) {
        return vertices[3 * i];
    }

    public double vertexY(int i) {
        return vertices[3 * i + 1];
    }

    public double vertexZ(int i) {
        return vertices[3 * i + 2];
    }

    public int faceCount() {
        return faces.length;
    }

    /** The vertex indices of face f, counter-clockwise seen from outside (a copy). */
    public int[] faceVertices(int f) {
        return faces[f].clone();
    }

    public int faceVertexCount(int f) {
        return faces[f].length;
    }

    public int faceVertex(int f, int k) {
        return faces[f][k];
    }

    public double faceNormalX(int f) {
        return faceNormals[3 * f];
    }

    public double faceNormalY(int f) {
        return faceNormals[3 * f + 1];
    }

    public double faceNormalZ(int f) {
        return faceNormals[3 * f + 2];
    }

    /** The plane offset d of face f: {@code n . x = d}. */
    public double faceOffset(int f) {
        return faceOffsets[f];
    }

    public int edgeCount() {
        return edges.length / 4;
    }

    public int edgeVertexA(int e) {
        return edges[4 * e];
    }

    public int edgeVertexB(int e) {
        return edges[4 * e + 1];
    }

    /** The face that walks this edge from A to B. */
    public int edgeFaceLeft(int e) {
        return edges[4 * e + 2];
    }

    /** The face that walks this edge from B to A. */
    public int edgeFaceRight(int e) {
        return edges[4 * e + 3];
    }

    /** The vertex with the greatest {@code v . d}; the lowest index wins a tie. */
    @Override
    public void supportCore(double dx, double dy, double dz, double[] out) {
        int best = 0;
        double bestDot = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < vertices.length; i += 3) {
            double dot = vertices[i] * dx + vertices[i + 1] * dy + vertices[i + 2] * dz;
            if (dot > bestDot) {
                bestDot = dot;
                best = i;
            }
        }
        out[0] = vertices[best];
        out[1] = vertices[best + 1];
        out[2] = vertices[best + 2];
    }

    @Override
    public void localBounds(double[] out) {
        Arrays.fill(out, 0, 3, Double.POSITIVE_INFINITY);
        Arrays.fill(out, 3, 6, Double.NEGATIVE_INFINITY);
        for (int i = 0; i < vertices.length; i++) {
            int k = i % 3;
            out[k] = Math.min(out[k], vertices[i]);
            out[3 + k] = Math.max(out[3 + k], vertices[i]);
        }
    }
}
