package ricochet.geometry;

import java.util.Arrays;

/**
 * An indexed triangle mesh in its own coordinates (metres). Vertices are packed {@code x0 y0 z0 x1
 * ...}; triangles are packed vertex indices {@code a0 b0 c0 a1 ...}, counter-clockwise seen from
 * outside. Immutable: the arrays are copied in and out.
 */
public final class TriangleMesh {

    private final double[] vertices;
    private final int[] triangles;

    /**
     * @throws IllegalArgumentException naming the problem when there are no vertices, a coordinate
     *     is not finite, or a triangle index is out of range
     */
    public TriangleMesh(double[] vertices, int[] triangles) {
        if (vertices.length == 0 || vertices.length % 3 != 0) {
            throw new IllegalArgumentException(
                    "mesh needs a whole number of (x, y, z) vertices, got " + vertices.length + " numbers");
        }
        if (triangles.length % 3 != 0) {
            throw new IllegalArgumentException(
                    "mesh needs whole triangles, got " + triangles.length + " indices");
        }
        for (int i = 0; i < vertices.length; i++) {
            if (!Double.isFinite(vertices[i])) {
                throw new IllegalArgumentException(
                        "mesh vertex " + i / 3 + " has a non-finite coordinate: " + vertices[i]);
            }
        }
        int n = vertices.length / 3;
        for (int i = 0; i < triangles.length; i++) {
            if (triangles[i] < 0 || triangles[i] >= n) {
                throw new IllegalArgumentException("mesh triangle " + i / 3 + " refers to vertex "
                        + triangles[i] + ", but there are " + n + " vertices");
            }
        }
        this.vertices = vertices.clone();
        this.triangles = triangles.clone();
    }

    public int vertexCount() {
        return vertices.length / 3;
    }

    public int triangleCount() {
        return triangles.length / 3;
    }

    public double x(int i) {
        return vertices[3 * i];
    }

    public double y(int i) {
        return vertices[3 * i + 1];
    }

    public double z(int i) {
        return vertices[3 * i + 2];
    }

    /** A copy of the packed vertex coordinates. */
    public double[] vertices() {
        return vertices.clone();
    }

    /** A copy of the packed triangle indices. */
    public int[] triangles() {
        return triangles.clone();
    }

    /** The mean of the vertices (not the volume centroid: the lab's point-mass model uses this). */
    public double[] vertexMean() {
        double sx = 0, sy = 0, sz = 0;
        int n = vertexCount();
        for (int i = 0; i < n; i++) {
            sx += vertices[3 * i];
            sy += vertices[3 * i + 1];
            sz += vertices[3 * i + 2];
        }
        return new double[] {sx / n, sy / n, sz / n};
    }

    /** Axis-aligned bounds {@code [minX, minY, minZ, maxX, maxY, maxZ]}. */
    public double[] bounds() {
        double[] b = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < vertices.length; i++) {
            int k = i % 3;
            b[k] = Math.min(b[k], vertices[i]);
            b[3 + k] = Math.max(b[3 + k], vertices[i]);
        }
        return b;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TriangleMesh m && Arrays.equals(vertices, m.vertices)
                && Arrays.equals(triangles, m.triangles);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(vertices) + Arrays.hashCode(triangles);
    }
}
