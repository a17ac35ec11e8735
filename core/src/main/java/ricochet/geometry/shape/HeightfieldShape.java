package ricochet.geometry.shape;

/**
 * A heightfield: a grid of heights {@code heights[row][column]} at {@code x = column * dx},
 * {@code z = row * dz} in the shape's frame (metres, y up). Each cell (row r, column c) is split
 * along its diagonal from (r, c) to (r + 1, c + 1) into two triangles that face +y: triangle
 * {@code 2 (r (columns - 1) + c)} is (r, c), (r + 1, c), (r + 1, c + 1) and the next one is
 * (r, c), (r + 1, c + 1), (r, c + 1). Queries go straight to the cells under the box; ray casts use a
 * {@link TriangleBvh}. Edges are classified as for a {@link TriangleMeshShape}, so the interior
 * edges of a flat area are flat. Immutable.
 */
public final class HeightfieldShape implements TriangleShape {

    private final int rows, columns;
    private final double dx, dz;
    private final double[] vertices;
    private final int[] triangles;
    private final int[] neighbours;
    private final byte[] edgeKinds;
    private final TriangleBvh bvh;
    private final double[] bounds = new double[6];

    /** A heightfield with {@link TriangleMeshShape#DEFAULT_FLAT_ANGLE}. */
    public HeightfieldShape(double[][] heights, double dx, double dz) {
        this(heights, dx, dz, TriangleMeshShape.DEFAULT_FLAT_ANGLE);
    }

    /**
     * @param heights metres, at least 2 x 2, rows of equal length, finite (copied)
     * @param dx column spacing along x, metres, > 0
     * @param dz row spacing along z, metres, > 0
     * @param flatAngle radians in [0, pi/2), as for {@link TriangleMeshShape}
     * @throws IllegalArgumentException naming the row, column or value at fault
     */
    public HeightfieldShape(double[][] heights, double dx, double dz, double flatAngle) {
        this.dx = Shapes.positive("heightfield", "dx", dx);
        this.dz = Shapes.positive("heightfield", "dz", dz);
        if (!(flatAngle >= 0 && flatAngle < Math.PI / 2)) {
            throw new IllegalArgumentException("heightfield: flat angle must be in [0, pi/2) radians, got "
                    + flatAngle);
        }
        if (heights.length < 2) {
            throw new IllegalArgumentException("heightfield: needs at least 2 rows, got " + heights.length);
        }
        rows = heights.length;
        columns = heights[0] == null ? 0 : heights[0].length;
        if (columns < 2) {
            throw new IllegalArgumentException("heightfield: needs at least 2 columns, got " + columns);
        }
        vertices = new double[3 * rows * columns];
        for (int r = 0; r < rows; r++) {
            if (heights[r] == null || heights[r].length != columns) {
                throw new IllegalArgumentException("heightfield: row " + r + " has "
                        + (heights[r] == null ? 0 : heights[r].length) + " columns, row 0 has " + columns);
            }
            for (int c = 0; c < columns; c++) {
                double h = heights[r][c];
                if (!Double.isFinite(h)) {
                    throw new IllegalArgumentException("heightfield: height at row " + r + ", column " + c
                            + " is not finite: " + h);
                }
                int v = 3 * (r * columns + c);
                vertices[v] = c * dx;
                vertices[v + 1] = h;
                vertices[v + 2] = r * dz;
            }
        }
        int cells = (rows - 1) * (columns - 1);
        triangles = new int[6 * cells];
        for (int r = 0; r < rows - 1; r++) {
            for (int c = 0; c < columns - 1; c++) {
                int cell = r * (columns - 1) + c;
                int v00 = r * columns + c, v10 = v00 + 1, v01 = v00 + columns, v11 = v01 + 1;
                int o = 6 * cell;
                triangles[o] = v00;
                triangles[o + 1] = v01;
                triangles[o + 2] = v11;
                triangles[o + 3] = v00;
                triangles[o + 4] = v11;
                triangles[o + 5] = v10;
            }
        }
        double[] normals = TriangleMeshShape.faceNormals(vertices, triangles, "heightfield");
        neighbours = new int[triangles.length];
        edgeKinds = new byte[triangles.length];
        TriangleMeshShape.classifyEdges(vertices, triangles, normals, StrictMath.cos(flatAngle), neighbours, edgeKinds);
        bvh = new TriangleBvh(vertices, triangles);
        TriangleMeshShape.boundsOf(vertices, bounds);
    }

    @Override
    public ShapeType type() {
        return ShapeType.HEIGHTFIELD;
    }

    public int rows() {
        return rows;
    }

    public int columns() {
        return columns;
    }

    public double dx() {
        return dx;
    }

    public double dz() {
        return dz;
    }

    /** The height at (row, column), metres. */
    public double height(int row, int column) {
        return vertices[3 * (row * columns + column) + 1];
    }

    @Override
    public void localBounds(double[] out) {
        System.arraycopy(bounds, 0, out, 0, 6);
    }

    @Override
    public int triangleCount() {
        return triangles.length / 3;
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

    /**
     * Visits the triangles of the cells whose x-z rectangle meets the box and whose own bounds overlap
     * it: O(cells under the box), no tree walk.
     */
    @Override
    public void queryTriangles(double[] aabb6, TriangleVisitor visitor) {
        // Cell c spans [c dx, (c + 1) dx]; one cell of slack each side, then the exact bounds test,
        // so round-off in the division can neither lose nor add a triangle.
        int c0 = (int) Math.max(0, Math.min(columns - 2, Math.floor(aabb6[0] / dx) - 1));
        int c1 = (int) Math.max(-1, Math.min(columns - 2, Math.floor(aabb6[3] / dx) + 1));
        int r0 = (int) Math.max(0, Math.min(rows - 2, Math.floor(aabb6[2] / dz) - 1));
        int r1 = (int) Math.max(-1, Math.min(rows - 2, Math.floor(aabb6[5] / dz) + 1));
        for (int r = r0; r <= r1; r++) {
            if (r * dz > aabb6[5] || (r + 1) * dz < aabb6[2]) {
                continue;
            }
            for (int c = c0; c <= c1; c++) {
                if (c * dx > aabb6[3] || (c + 1) * dx < aabb6[0]) {
                    continue;
                }
                int t = 2 * (r * (columns - 1) + c);
                for (int s = t; s < t + 2; s++) {
                    double a = vertices[3 * triangles[3 * s] + 1];
                    double b = vertices[3 * triangles[3 * s + 1] + 1];
                    double d = vertices[3 * triangles[3 * s + 2] + 1];
                    if (Math.min(a, Math.min(b, d)) <= aabb6[4] && Math.max(a, Math.max(b, d)) >= aabb6[1]) {
                        visitor.visit(s);
                    }
                }
            }
        }
    }

    @Override
    public boolean raycast(double[] origin, double[] dir, double maxFraction, MeshHit hit) {
        return bvh.raycast(origin, dir, maxFraction, hit);
    }

    @Override
    public EdgeKind edgeKind(int t, int k) {
        return TriangleMeshShape.EDGE_KINDS[edgeKinds[3 * t + k]];
    }

    @Override
    public int neighbour(int t, int k) {
        return neighbours[3 * t + k];
    }
}
