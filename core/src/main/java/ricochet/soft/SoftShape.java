package ricochet.soft;

import java.util.HashMap;
import java.util.Map;

/** The solid a soft body fills with tetrahedra, in the body's frame (metres). */
public sealed interface SoftShape {

    /** A box of half extents hx, hy, hz about the origin. */
    record Box(double hx, double hy, double hz) implements SoftShape {
    }

    /** A sphere of radius r about the origin. */
    record Sphere(double radius) implements SoftShape {
    }

    /**
     * A closed triangle mesh: vertices as x, y, z triples, triangles as vertex-index triples,
     * counter-clockwise seen from outside.
     */
    record Mesh(double[] vertices, int[] triangles) implements SoftShape {
    }

    /**
     * Why the shape cannot be filled, or null: sizes must be positive and finite; a mesh must be
     * closed (every edge shared by exactly two triangles, once in each direction) and enclose a
     * positive volume.
     */
    static String problem(SoftShape s) {
        if (s instanceof Box b) {
            return b.hx() > 0 && b.hy() > 0 && b.hz() > 0 && Double.isFinite(b.hx() + b.hy() + b.hz()) ? null
                    : "box halfExtents must be > 0 and finite";
        }
        if (s instanceof Sphere sp) {
            return sp.radius() > 0 && Double.isFinite(sp.radius()) ? null : "sphere radius must be > 0 and finite";
        }
        if (s instanceof Mesh m) {
            double[] v = m.vertices();
            int[] t = m.triangles();
            if (v == null || t == null || v.length % 3 != 0 || t.length % 3 != 0 || t.length == 0) {
                return "mesh needs vertex and triangle triples";
            }
            for (double x : v) {
                if (!Double.isFinite(x)) {
                    return "mesh vertices must be finite";
                }
            }
            int n = v.length / 3;
            Map<Long, Integer> directed = new HashMap<>();
            for (int k = 0; k < t.length; k++) {
                int a = t[k], b = t[k % 3 == 2 ? k - 2 : k + 1];
                if (a < 0 || a >= n || b < 0 || b >= n) {
                    return "mesh triangle index out of range: " + a;
                }
                directed.merge((long) a * n + b, 1, Integer::sum);
            }
            for (Map.Entry<Long, Integer> e : directed.entrySet()) {
                long a = e.getKey() / n, b = e.getKey() % n;
                if (e.getValue() != 1 || !Integer.valueOf(1).equals(directed.get(b * n + a))) {
                    return "mesh is not closed: edge " + a + "-" + b + " is not shared by exactly two"
                            + " triangles in opposite directions";
                }
            }
            if (!(TetMesher.meshVolume(v, t) > 0)) {
                return "mesh encloses no positive volume (triangles must be counter-clockwise from outside)";
            }
            return null;
        }
        return "unknown shape";
    }
}
