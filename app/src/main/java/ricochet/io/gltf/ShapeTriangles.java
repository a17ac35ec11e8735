package ricochet.io.gltf;

import ricochet.geometry.shape.ConvexHullShape;
import ricochet.geometry.shape.QuickHull;
import ricochet.io.scene.ShapeSpec;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * A scene shape as triangles in the body's frame, with per-vertex normals: what a glTF mesh
 * primitive holds. Curved shapes are tessellated; planes, being infinite, become a square of
 * {@link #PLANE_SIZE} metres centred under the origin.
 */
final class ShapeTriangles {

    /** Edge of the square drawn for an infinite plane, metres. */
    static final double PLANE_SIZE = 40;
    private static final int SEGMENTS = 24;
    private static final int RINGS = 12;

    final FloatList positions = new FloatList();
    final FloatList normals = new FloatList();
    final IntList indices = new IntList();

    private ShapeTriangles() {
    }

    static ShapeTriangles of(ShapeSpec shape) {
        if (shape == null) {
            throw new IllegalArgumentException("glTF: a body has no shape");
        }
        ShapeTriangles t = new ShapeTriangles();
        t.add(shape, Vec3.ZERO, Quat.IDENTITY);
        return t;
    }

    private void add(ShapeSpec s, Vec3 at, Quat q) {
        int first = positions.size() / 3;
        if (s instanceof ShapeSpec.Compound c) {
            for (ShapeSpec.Child child : c.children()) {
                add(child.shape(), at.plus(q.rotate(child.position())), q.multiply(child.orientation()));
            }
            return;
        }
        if (s instanceof ShapeSpec.Sphere sp) {
            lathe(sp.radius(), 0);
        } else if (s instanceof ShapeSpec.Capsule c) {
            lathe(c.radius(), c.halfHeight());
        } else if (s instanceof ShapeSpec.Box b) {
            box(b.halfExtents());
        } else if (s instanceof ShapeSpec.Cylinder c) {
            cylinder(c.radius(), c.halfHeight());
        } else if (s instanceof ShapeSpec.ConvexHull h) {
            double[] packed = new double[3 * h.points().size()];
            for (int i = 0; i < h.points().size(); i++) {
                Vec3 p = h.points().get(i);
                packed[3 * i] = p.x();
                packed[3 * i + 1] = p.y();
                packed[3 * i + 2] = p.z();
            }
            hull(QuickHull.build(packed));
        } else if (s instanceof ShapeSpec.Mesh m) {
            smoothMesh(m.mesh().vertices(), m.mesh().triangles());
        } else if (s instanceof ShapeSpec.Plane p) {
            plane(p.normal(), p.offset());
        } else if (s instanceof ShapeSpec.Heightfield h) {
            heightfield(h);
        } else {
            throw new IllegalArgumentException("glTF: no triangles for a " + s.type());
        }
        transform(first, at, q);
    }

    private void transform(int first, Vec3 at, Quat q) {
        if (at.equals(Vec3.ZERO) && q.equals(Quat.IDENTITY)) {
            return;
        }
        for (int i = first; i < positions.size() / 3; i++) {
            Vec3 p = q.rotate(new Vec3(positions.get(3 * i), positions.get(3 * i + 1), positions.get(3 * i + 2))).plus(at);
            Vec3 n = q.rotate(new Vec3(normals.get(3 * i), normals.get(3 * i + 1), normals.get(3 * i + 2)));
            positions.set(3 * i, p.x(), p.y(), p.z());
            normals.set(3 * i, n.x(), n.y(), n.z());
        }
    }

    private int vertex(double x, double y, double z, double nx, double ny, double nz) {
        positions.add(x, y, z);
        normals.add(nx, ny, nz);
        return positions.size() / 3 - 1;
    }

    /**
     * A sphere of radius r whose two hemispheres are pulled apart by 2 h along y: a sphere for
     * h = 0, a capsule otherwise. Normals are the sphere's, so the join is smooth.
     */
    private void lathe(double r, double h) {
        int base = positions.size() / 3;
        int rows = RINGS + (h > 0 ? 1 : 0);
        for (int i = 0; i <= rows; i++) {
            int ring = h > 0 && i > RINGS / 2 ? i - 1 : i;
            double phi = Math.PI * ring / RINGS;
            double ny = StrictMath.cos(phi);
            double shift = h > 0 ? (i <= RINGS / 2 ? h : -h) : 0;
            for (int j = 0; j <= SEGMENTS; j++) {
                double theta = 2 * Math.PI * j / SEGMENTS;
                double nx = StrictMath.sin(phi) * StrictMath.cos(theta);
                double nz = -StrictMath.sin(phi) * StrictMath.sin(theta);
                vertex(r * nx, r * ny + shift, r * nz, nx, ny, nz);
            }
        }
        grid(base, rows, SEGMENTS);
    }

    /** Quads of a (rows + 1) x (cols + 1) vertex grid, counter-clockwise from outside. */
    private void grid(int base, int rows, int cols) {
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                int a = base + i * (cols + 1) + j;
                int b = a + cols + 1;
                indices.add(a, b, a + 1);
                indices.add(a + 1, b, b + 1);
            }
        }
    }

    private void cylinder(double r, double h) {
        int base = positions.size() / 3;
        for (int i = 0; i <= 1; i++) {
            double y = i == 0 ? h : -h;
            for (int j = 0; j <= SEGMENTS; j++) {
                double theta = 2 * Math.PI * j / SEGMENTS;
                double nx = StrictMath.cos(theta);
                double nz = -StrictMath.sin(theta);
                vertex(r * nx, y, r * nz, nx, 0, nz);
            }
        }
        grid(base, 1, SEGMENTS);
        for (int side = -1; side <= 1; side += 2) {
            int centre = vertex(0, side * h, 0, 0, side, 0);
            int ring = positions.size() / 3;
            for (int j = 0; j < SEGMENTS; j++) {
                double theta = 2 * Math.PI * j / SEGMENTS;
                vertex(r * StrictMath.cos(theta), side * h, -r * StrictMath.sin(theta), 0, side, 0);
            }
            for (int j = 0; j < SEGMENTS; j++) {
                int a = ring + j;
                int b = ring + (j + 1) % SEGMENTS;
                // Seen from +y the ring runs clockwise (theta grows towards -z); the top fans b, a.
                if (side > 0) {
                    indices.add(centre, a, b);
                } else {
                    indices.add(centre, b, a);
                }
            }
        }
    }

    private void box(Vec3 e) {
        double[] half = {e.x(), e.y(), e.z()};
        for (int axis = 0; axis < 3; axis++) {
            for (int sign = -1; sign <= 1; sign += 2) {
                int u = (axis + 1) % 3;
                int v = (axis + 2) % 3;
                int base = positions.size() / 3;
                double[][] corners = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
                for (double[] c : corners) {
                    double[] p = new double[3];
                    double[] n = new double[3];
                    p[axis] = sign * half[axis];
                    p[u] = c[0] * half[u];
                    p[v] = c[1] * half[v];
                    n[axis] = sign;
                    vertex(p[0], p[1], p[2], n[0], n[1], n[2]);
                }
                // (u, v, axis) is right-handed, so u-then-v runs counter-clockwise seen from +axis.
                if (sign > 0) {
                    indices.add(base, base + 1, base + 2);
                    indices.add(base, base + 2, base + 3);
                } else {
                    indices.add(base, base + 2, base + 1);
                    indices.add(base, base + 3, base + 2);
                }
            }
        }
    }

    private void hull(ConvexHullShape h) {
        for (int f = 0; f < h.faceCount(); f++) {
            int base = positions.size() / 3;
            for (int k = 0; k < h.faceVertexCount(f); k++) {
                int i = h.faceVertex(f, k);
                vertex(h.vertexX(i), h.vertexY(i), h.vertexZ(i), h.faceNormalX(f), h.faceNormalY(f), h.faceNormalZ(f));
            }
            for (int k = 1; k + 1 < h.faceVertexCount(f); k++) {
                indices.add(base, base + k, base + k + 1);
            }
        }
    }

    /** Shared vertices with area-weighted normals: the sum of the faces' cross products, normalised. */
    private void smoothMesh(double[] v, int[] tris) {
        int base = positions.size() / 3;
        double[] n = new double[v.length];
        for (int t = 0; t < tris.length; t += 3) {
            int a = 3 * tris[t];
            int b = 3 * tris[t + 1];
            int c = 3 * tris[t + 2];
            double ux = v[b] - v[a], uy = v[b + 1] - v[a + 1], uz = v[b + 2] - v[a + 2];
            double wx = v[c] - v[a], wy = v[c + 1] - v[a + 1], wz = v[c + 2] - v[a + 2];
            double cx = uy * wz - uz * wy, cy = uz * wx - ux * wz, cz = ux * wy - uy * wx;
            for (int k : new int[] {a, b, c}) {
                n[k] += cx;
                n[k + 1] += cy;
                n[k + 2] += cz;
            }
        }
        for (int i = 0; i < v.length; i += 3) {
            double len = Math.sqrt(n[i] * n[i] + n[i + 1] * n[i + 1] + n[i + 2] * n[i + 2]);
            double s = len > 0 ? 1 / len : 0;
            vertex(v[i], v[i + 1], v[i + 2], n[i] * s, len > 0 ? n[i + 1] * s : 1, n[i + 2] * s);
        }
        for (int i : tris) {
            indices.add(base + i);
        }
    }

    private void plane(Vec3 normal, double offset) {
        // Any two unit vectors completing the normal to a right-handed frame (u, v, n).
        Vec3 helper = Math.abs(normal.y()) < 0.9 ? new Vec3(0, 1, 0) : new Vec3(1, 0, 0);
        Vec3 u = helper.cross(normal).normalized();
        Vec3 v = normal.cross(u);
        Vec3 centre = normal.times(offset);
        double h = PLANE_SIZE / 2;
        int base = positions.size() / 3;
        double[][] corners = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
        for (double[] c : corners) {
            Vec3 p = centre.plus(u.times(c[0] * h)).plus(v.times(c[1] * h));
            vertex(p.x(), p.y(), p.z(), normal.x(), normal.y(), normal.z());
        }
        indices.add(base, base + 1, base + 2);
        indices.add(base, base + 2, base + 3);
    }

    private void heightfield(ShapeSpec.Heightfield h) {
        int rows = h.heights().length;
        int cols = h.heights()[0].length;
        double[] v = new double[3 * rows * cols];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                int i = 3 * (r * cols + c);
                v[i] = c * h.spacingX();
                v[i + 1] = h.heights()[r][c];
                v[i + 2] = r * h.spacingZ();
            }
        }
        int[] tris = new int[6 * (rows - 1) * (cols - 1)];
        int k = 0;
        for (int r = 0; r + 1 < rows; r++) {
            for (int c = 0; c + 1 < cols; c++) {
                int a = r * cols + c;
                int d = a + cols;
                // Up-facing: (x, z) = (c, r) with +z towards the viewer below +y, so a, d, a+1 is counter-clockwise.
                tris[k++] = a;
                tris[k++] = d;
                tris[k++] = a + 1;
                tris[k++] = a + 1;
                tris[k++] = d;
                tris[k++] = d + 1;
            }
        }
        smoothMesh(v, tris);
    }

    /** A growable float array. */
    static final class FloatList {
        private float[] a = new float[48];
        private int n;

        void add(double... xs) {
            for (double x : xs) {
                if (n == a.length) {
                    a = java.util.Arrays.copyOf(a, 2 * n);
                }
                a[n++] = (float) x;
            }
        }

        void set(int i, double x, double y, double z) {
            a[i] = (float) x;
            a[i + 1] = (float) y;
            a[i + 2] = (float) z;
        }

        float get(int i) {
            return a[i];
        }

        int size() {
            return n;
        }
    }

    /** A growable int array. */
    static final class IntList {
        private int[] a = new int[48];
        private int n;

        void add(int... xs) {
            for (int x : xs) {
                if (n == a.length) {
                    a = java.util.Arrays.copyOf(a, 2 * n);
                }
                a[n++] = x;
            }
        }

        int get(int i) {
            return a[i];
        }

        int size() {
            return n;
        }
    }
}
