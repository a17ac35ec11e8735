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

    /** A UV sphere of radius r with {@code rings * segments} vertices (poles excluded). */
    static TriangleMesh sphere(double r, int rings, int segments) {
        return ricochet.geometry.Meshes.uvSphere(r, rings, segments);
    }
}
