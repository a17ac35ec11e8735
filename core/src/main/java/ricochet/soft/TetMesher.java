package ricochet.soft;

import java.util.Arrays;

/**
 * Fills a {@link SoftShape} with tetrahedra, or covers it with a closed shell of triangles, in the
 * shape's frame. Solids: a regular grid of {@code resolution} cells along the longest side, the cells
 * whose centres lie inside the shape kept, each split into five tetrahedra: a central one on four
 * corners of the cell, no two on an edge, and one at each of the other four corners. The cells
 * alternate which four (the central tetrahedron always stands on the grid's corners whose index sum
 * is even), so neighbouring cells cross their shared face with the same diagonal and the mesh is
 * conforming. Such a cell favours no direction of an axis over its opposite: it is its own image
 * under the half turns about the axes and the swaps of two axes, so a body squashed along one axis
 * spreads evenly in the other two. The six tetrahedra of Kuhn's split, all around one main diagonal, spread a landing cube along
 * that diagonal, and friction turned the spread into a slide and a spin. Shells: a box's or sphere's
 * surface as a cube of {@code resolution} cells per side (projected onto the sphere), a mesh's own
 * triangles.
 */
final class TetMesher {

    /** Points (x, y, z triples), tetrahedra (4 indices each, positive volume) and surface triangles. */
    record Built(double[] points, int[] tets, int[] triangles) {
    }

    // The five tetrahedra of a unit cell, corner bits (x = 1, y = 2, z = 4): a central tetrahedron on
    // the corners of one parity of the bit count and one at each corner of the other. EVEN's centre
    // is on the even corners, ODD's on the odd ones.
    private static final int[][] EVEN = {{0, 3, 5, 6}, {1, 0, 3, 5}, {2, 0, 3, 6}, {4, 0, 5, 6}, {7, 3, 5, 6}};
    private static final int[][] ODD = {{1, 2, 4, 7}, {0, 1, 2, 4}, {3, 1, 2, 7}, {5, 1, 4, 7}, {6, 2, 4, 7}};

    private TetMesher() {
    }

    /** The solid filled with tetrahedra; its surface is the faces that belong to one tetrahedron only. */
    static Built solid(SoftShape shape, int resolution) {
        double[] box = bounds(shape);
        double ex = box[3] - box[0], ey = box[4] - box[1], ez = box[5] - box[2];
        double longest = Math.max(ex, Math.max(ey, ez));
        int nx, ny, nz;
        double sx, sy, sz;
        if (shape instanceof SoftShape.Box) {
            // Cells close to cubes that tile the box exactly.
            nx = Math.max(1, (int) Math.round(resolution * ex / longest));
            ny = Math.max(1, (int) Math.round(resolution * ey / longest));
            nz = Math.max(1, (int) Math.round(resolution * ez / longest));
            sx = ex / nx;
            sy = ey / ny;
            sz = ez / nz;
        } else {
            double s = longest / resolution;
            nx = Math.max(1, (int) Math.ceil(ex / s - 1e-9));
            ny = Math.max(1, (int) Math.ceil(ey / s - 1e-9));
            nz = Math.max(1, (int) Math.ceil(ez / s - 1e-9));
            sx = sy = sz = s;
        }
        double ox = 0.5 * (box[0] + box[3]) - 0.5 * nx * sx;
        double oy = 0.5 * (box[1] + box[4]) - 0.5 * ny * sy;
        double oz = 0.5 * (box[2] + box[5]) - 0.5 * nz * sz;
        int px = nx + 1, py = ny + 1;
        int[] vertexOf = new int[px * py * (nz + 1)];
        Arrays.fill(vertexOf, -1);
        double[] points = new double[48];
        int[] tets = new int[96];
        int np = 0, nt = 0;
        for (int k = 0; k < nz; k++) {
            for (int j = 0; j < ny; j++) {
                for (int i = 0; i < nx; i++) {
                    if (!inside(shape, ox + (i + 0.5) * sx, oy + (j + 0.5) * sy, oz + (k + 0.5) * sz)) {
                        continue;
                    }
                    int[] corner = new int[8];
                    for (int c = 0; c < 8; c++) {
                        int ci = i + (c & 1), cj = j + ((c >> 1) & 1), ck = k + ((c >> 2) & 1);
                        int g = ci + px * (cj + py * ck);
                        if (vertexOf[g] < 0) {
                            if (3 * np + 3 > points.length) {
                                points = Arrays.copyOf(points, 2 * points.length);
                            }
                            points[3 * np] = ox + ci * sx;
                            points[3 * np + 1] = oy + cj * sy;
                            points[3 * np + 2] = oz + ck * sz;
                            vertexOf[g] = np++;
                        }
                        corner[c] = vertexOf[g];
                    }
                    // The central tetrahedron on the grid's even corners in every cell: the cells
                    // alternate, and neighbours cross their shared face with the same diagonal.
                    for (int[] t : (i + j + k) % 2 == 0 ? EVEN : ODD) {
                        if (4 * nt + 4 > tets.length) {
                            tets = Arrays.copyOf(tets, 2 * tets.length);
                        }
                        int a = corner[t[0]], b = corner[t[1]], c = corner[t[2]], d = corner[t[3]];
                        if (volume6(points, a, b, c, d) < 0) {
                            int swap = c;
                            c = d;
                            d = swap;
                        }
                        tets[4 * nt] = a;
                        tets[4 * nt + 1] = b;
                        tets[4 * nt + 2] = c;
                        tets[4 * nt + 3] = d;
                        nt++;
                    }
                }
            }
        }
        if (nt == 0) {
            throw new IllegalArgumentException("no grid cell's centre lies inside the shape at resolution "
                    + resolution);
        }
        points = Arrays.copyOf(points, 3 * np);
        tets = Arrays.copyOf(tets, 4 * nt);
        return new Built(points, tets, boundary(tets, np));
    }

    /** A closed shell: triangles counter-clockwise from outside. */
    static Built shell(SoftShape shape, int resolution) {
        if (shape instanceof SoftShape.Mesh m) {
            return new Built(m.vertices().clone(), new int[0], m.triangles().clone());
        }
        int n = resolution;
        int side = n + 1;
        int[] index = new int[side * side * side];
        Arrays.fill(index, -1);
        double[] points = new double[3 * (6 * side * side)];
        int np = 0;
        for (int k = 0; k <= n; k++) {
            for (int j = 0; j <= n; j++) {
                for (int i = 0; i <= n; i++) {
                    if (i != 0 && i != n && j != 0 && j != n && k != 0 && k != n) {
                        continue;
                    }
                    double x = 2.0 * i / n - 1, y = 2.0 * j / n - 1, z = 2.0 * k / n - 1;
                    if (shape instanceof SoftShape.Box b) {
                        x *= b.hx();
                        y *= b.hy();
                        z *= b.hz();
                    } else {
                        double r = ((SoftShape.Sphere) shape).radius() / Math.sqrt(x * x + y * y + z * z);
                        x *= r;
                        y *= r;
                        z *= r;
                    }
                    points[3 * np] = x;
                    points[3 * np + 1] = y;
                    points[3 * np + 2] = z;
                    index[i + side * (j + side * k)] = np++;
                }
            }
        }
        int[] tris = new int[6 * n * n * 6];
        int nt = 0;
        for (int axis = 0; axis < 3; axis++) {
            for (int s = 0; s <= n; s += n) {
                for (int a = 0; a < n; a++) {
                    for (int b = 0; b < n; b++) {
                        int[] q = new int[4];
                        for (int c = 0; c < 4; c++) {
                            int u = a + (c == 1 || c == 2 ? 1 : 0), v = b + (c >= 2 ? 1 : 0);
                            int i = axis == 0 ? s : u, j = axis == 1 ? s : (axis == 0 ? u : v);
                            int k = axis == 2 ? s : v;
                            q[c] = index[i + side * (j + side * k)];
                        }
                        nt = addOutward(points, tris, nt, q[0], q[1], q[2]);
                        nt = addOutward(points, tris, nt, q[0], q[2], q[3]);
                    }
                }
            }
        }
        return new Built(Arrays.copyOf(points, 3 * np), new int[0], Arrays.copyOf(tris, 3 * nt));
    }

    /** Adds triangle a b c of a shape that is star-shaped about the origin, turned to face outward. */
    private static int addOutward(double[] p, int[] tris, int nt, int a, int b, int c) {
        double ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
        double vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
        double nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        double cx = p[3 * a] + p[3 * b] + p[3 * c], cy = p[3 * a + 1] + p[3 * b + 1] + p[3 * c + 1];
        double cz = p[3 * a + 2] + p[3 * b + 2] + p[3 * c + 2];
        boolean out = nx * cx + ny * cy + nz * cz > 0;
        tris[3 * nt] = a;
        tris[3 * nt + 1] = out ? b : c;
        tris[3 * nt + 2] = out ? c : b;
        return nt + 1;
    }

    /** The faces of the tetrahedra that no other tetrahedron shares, counter-clockwise from outside. */
    static int[] boundary(int[] tets, int np) {
        int nt = tets.length / 4;
        // Each face as (sorted key, oriented triangle); faces met twice are interior.
        long[] keys = new long[4 * nt];
        int[] faces = new int[12 * nt];
        int[][] opposite = {{1, 2, 3}, {0, 3, 2}, {0, 1, 3}, {0, 2, 1}};
        for (int t = 0; t < nt; t++) {
            for (int f = 0; f < 4; f++) {
                int a = tets[4 * t + opposite[f][0]], b = tets[4 * t + opposite[f][1]];
                int c = tets[4 * t + opposite[f][2]];
                int lo = Math.min(a, Math.min(b, c)), hi = Math.max(a, Math.max(b, c)), mid = a + b + c - lo - hi;
                keys[4 * t + f] = ((long) lo * np + mid) * np + hi;
                faces[3 * (4 * t + f)] = a;
                faces[3 * (4 * t + f) + 1] = b;
                faces[3 * (4 * t + f) + 2] = c;
            }
        }
        Integer[] order = new Integer[4 * nt];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Long.compare(keys[x], keys[y]) != 0 ? Long.compare(keys[x], keys[y])
                : Integer.compare(x, y));
        int[] out = new int[faces.length];
        int n = 0;
        for (int i = 0; i < order.length; ) {
            int j = i;
            while (j < order.length && keys[order[j]] == keys[order[i]]) {
                j++;
            }
            if (j - i == 1) {
                System.arraycopy(faces, 3 * order[i], out, 3 * n, 3);
                n++;
            }
            i = j;
        }
        return Arrays.copyOf(out, 3 * n);
    }

    /** Six times the signed volume of tetrahedron a b c d: {@code (b - a) x (c - a) . (d - a)}. */
    static double volume6(double[] p, int a, int b, int c, int d) {
        double ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
        double vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
        double wx = p[3 * d] - p[3 * a], wy = p[3 * d + 1] - p[3 * a + 1], wz = p[3 * d + 2] - p[3 * a + 2];
        return (uy * vz - uz * vy) * wx + (uz * vx - ux * vz) * wy + (ux * vy - uy * vx) * wz;
    }

    /** The volume a closed mesh encloses, m^3: the sum of {@code a . (b x c) / 6} over its triangles. */
    static double meshVolume(double[] v, int[] t) {
        double sum = 0;
        for (int k = 0; k < t.length; k += 3) {
            int a = 3 * t[k], b = 3 * t[k + 1], c = 3 * t[k + 2];
            sum += v[a] * (v[b + 1] * v[c + 2] - v[b + 2] * v[c + 1])
                    + v[a + 1] * (v[b + 2] * v[c] - v[b] * v[c + 2])
                    + v[a + 2] * (v[b] * v[c + 1] - v[b + 1] * v[c]);
        }
        return sum / 6;
    }

    /** The shape's longest side (m): a solid's cells are this over the resolution. */
    static double longestSide(SoftShape shape) {
        double[] box = bounds(shape);
        return Math.max(box[3] - box[0], Math.max(box[4] - box[1], box[5] - box[2]));
    }

    private static double[] bounds(SoftShape shape) {
        if (shape instanceof SoftShape.Box b) {
            return new double[] {-b.hx(), -b.hy(), -b.hz(), b.hx(), b.hy(), b.hz()};
        }
        if (shape instanceof SoftShape.Sphere s) {
            double r = s.radius();
            return new double[] {-r, -r, -r, r, r, r};
        }
        double[] v = ((SoftShape.Mesh) shape).vertices();
        double[] b = {v[0], v[1], v[2], v[0], v[1], v[2]};
        for (int i = 0; i < v.length; i += 3) {
            for (int a = 0; a < 3; a++) {
                b[a] = Math.min(b[a], v[i + a]);
                b[3 + a] = Math.max(b[3 + a], v[i + a]);
            }
        }
        return b;
    }

    private static boolean inside(SoftShape shape, double x, double y, double z) {
        if (shape instanceof SoftShape.Box) {
            return true;
        }
        if (shape instanceof SoftShape.Sphere s) {
            return x * x + y * y + z * z <= s.radius() * s.radius();
        }
        // Parity of crossings of the ray along +x (slightly tilted so it misses edges and vertices).
        SoftShape.Mesh m = (SoftShape.Mesh) shape;
        double[] v = m.vertices();
        int[] t = m.triangles();
        double dx = 1, dy = 1.234567e-4, dz = 2.345678e-4;
        int crossings = 0;
        for (int k = 0; k < t.length; k += 3) {
            int a = 3 * t[k], b = 3 * t[k + 1], c = 3 * t[k + 2];
            // Moeller-Trumbore.
            double e1x = v[b] - v[a], e1y = v[b + 1] - v[a + 1], e1z = v[b + 2] - v[a + 2];
            double e2x = v[c] - v[a], e2y = v[c + 1] - v[a + 1], e2z = v[c + 2] - v[a + 2];
            double px = dy * e2z - dz * e2y, py = dz * e2x - dx * e2z, pz = dx * e2y - dy * e2x;
            double det = e1x * px + e1y * py + e1z * pz;
            if (det == 0) {
                continue;
            }
            double sx = x - v[a], sy = y - v[a + 1], sz = z - v[a + 2];
            double u = (sx * px + sy * py + sz * pz) / det;
            if (u < 0 || u > 1) {
                continue;
            }
            double qx = sy * e1z - sz * e1y, qy = sz * e1x - sx * e1z, qz = sx * e1y - sy * e1x;
            double w = (dx * qx + dy * qy + dz * qz) / det;
            if (w < 0 || u + w > 1) {
                continue;
            }
            if ((e2x * qx + e2y * qy + e2z * qz) / det > 0) {
                crossings++;
            }
        }
        return (crossings & 1) == 1;
    }
}
