package ricochet.lab;

import ricochet.geometry.TriangleMesh;

/** Small meshes with known mass properties for the lab tests. */
final class LabMeshes {

    private LabMeshes() {
    }

    /** The 8 corners of a cube of half-size {@code a} centred at the origin (faces triangulated). */
    static TriangleMesh cube(double a) {
        double[] v = new double[24];
        for (int i = 0; i < 8; i++) {
            v[3 * i] = (i & 1) == 0 ? -a : a;
            v[3 * i + 1] = (i & 2) == 0 ? -a : a;
            v[3 * i + 2] = (i & 4) == 0 ? -a : a;
        }
        int[] t = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6,
            1, 3, 5, 3, 7, 5};
        return new TriangleMesh(v, t);
    }

    /** The regular octahedron with vertices at distance {@code r} on the axes. */
    static TriangleMesh octahedron(double r) {
        double[] v = {r, 0, 0, -r, 0, 0, 0, r, 0, 0, -r, 0, 0, 0, r, 0, 0, -r};
        int[] t = {0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4, 2, 0, 5, 1, 2, 5, 3, 1, 5, 0, 3, 5};
        return new TriangleMesh(v, t);
    }

    /** The regular icosahedron: the 12 cyclic permutations of (0, +-1, +-phi). */
    static TriangleMesh icosahedron() {
        double p = (1 + Math.sqrt(5)) / 2;
        double[] v = {
            0, 1, p, 0, -1, p, 0, 1, -p, 0, -1, -p,
            1, p, 0, -1, p, 0, 1, -p, 0, -1, -p, 0,
            p, 0, 1, -p, 0, 1, p, 0, -1, -p, 0, -1};
        return new TriangleMesh(v, new int[0]);
    }

    /** A UV sphere of radius r with {@code rings * segments} vertices (poles excluded): a big test mesh. */
    static TriangleMesh sphere(double r, int rings, int segments) {
        double[] v = new double[3 * rings * segments];
        int k = 0;
        for (int i = 0; i < rings; i++) {
            double theta = Math.PI * (i + 0.5) / rings;
            for (int j = 0; j < segments; j++) {
                double phi = 2 * Math.PI * j / segments;
                v[k++] = r * Math.sin(theta) * Math.cos(phi);
                v[k++] = r * Math.cos(theta);
                v[k++] = r * Math.sin(theta) * Math.sin(phi);
            }
        }
        int[] t = new int[6 * (rings - 1) * segments];
        int n = 0;
        for (int i = 0; i + 1 < rings; i++) {
            for (int j = 0; j < segments; j++) {
                int a = i * segments + j, b = i * segments + (j + 1) % segments;
                int c = a + segments, d = b + segments;
                t[n++] = a;
                t[n++] = c;
                t[n++] = b;
                t[n++] = b;
                t[n++] = c;
                t[n++] = d;
            }
        }
        return new TriangleMesh(v, t);
    }
}
