package ricochet.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.geometry.shape.Shape;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/** Poses, hulls and manifold checks shared by the narrow-phase tests. */
final class NarrowFixtures {

    /**
     * Tolerance of the rigid-motion laws: inputs of size up to ~10 m pass through a few dozen
     * roundings each (transform, SAT, clip, transform back), so errors stay near 1e-13; 1e-9 leaves room
     * and still catches any wrong frame, which would be off by the size of the shapes.
     */
    static final double RIGID_TOLERANCE = 1e-9;

    private NarrowFixtures() {
    }

    static Transform at(double x, double y, double z) {
        return new Transform().set(x, y, z, 0, 0, 0, 1);
    }

    static Transform at(double x, double y, double z, Quat q) {
        return new Transform().set(x, y, z, q.x(), q.y(), q.z(), q.w());
    }

    static Transform at(double x, double y, double z, Vec3 axis, double radians) {
        return at(x, y, z, Quat.fromAxisAngle(axis, radians));
    }

    /** The pose g * t: rotate t's position and orientation by q, then move by p. */
    static Transform moved(Transform t, Quat q, Vec3 p) {
        Vec3 pos = q.rotate(t.position()).plus(p);
        return new Transform(pos, q.multiply(t.orientation()));
    }

    /** A hull whose triangle or polygon faces are reoriented to wind counter-clockwise from outside. */
    static ConvexHullShape hull(double[] v, List<int[]> faces) {
        int n = v.length / 3;
        double cx = 0, cy = 0, cz = 0;
        for (int i = 0; i < n; i++) {
            cx += v[3 * i] / n;
            cy += v[3 * i + 1] / n;
            cz += v[3 * i + 2] / n;
        }
        int[][] out = new int[faces.size()][];
        for (int f = 0; f < faces.size(); f++) {
            int[] loop = faces.get(f).clone();
            int a = 3 * loop[0], b = 3 * loop[1], c = 3 * loop[2];
            double ux = v[b] - v[a], uy = v[b + 1] - v[a + 1], uz = v[b + 2] - v[a + 2];
            double wx = v[c] - v[a], wy = v[c + 1] - v[a + 1], wz = v[c + 2] - v[a + 2];
            double nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
            if (nx * (v[a] - cx) + ny * (v[a + 1] - cy) + nz * (v[a + 2] - cz) < 0) {
                for (int i = 0, j = loop.length - 1; i < j; i++, j--) {
                    int t = loop[i];
                    loop[i] = loop[j];
                    loop[j] = t;
                }
            }
            out[f] = loop;
        }
        return new ConvexHullShape(v, out);
    }

    /** A box as a hull (8 corners, 6 quads). */
    static ConvexHullShape boxHull(double hx, double hy, double hz) {
        double[] v = new double[24];
        for (int c = 0; c < 8; c++) {
            v[3 * c] = (c & 1) != 0 ? hx : -hx;
            v[3 * c + 1] = (c & 2) != 0 ? hy : -hy;
            v[3 * c + 2] = (c & 4) != 0 ? hz : -hz;
        }
        return hull(v, List.of(new int[] {1, 3, 7, 5}, new int[] {0, 4, 6, 2}, new int[] {2, 6, 7, 3},
                new int[] {0, 1, 5, 4}, new int[] {4, 5, 7, 6}, new int[] {0, 2, 3, 1}));
    }

    /** A right prism over a regular n-gon of circumradius r in the xz plane, y in [-h, h]. */
    static ConvexHullShape prism(int n, double r, double h) {
        double[] v = new double[6 * n];
        for (int i = 0; i < n; i++) {
            double a = 2 * Math.PI * i / n;
            v[3 * i] = r * Math.cos(a);
            v[3 * i + 1] = -h;
            v[3 * i + 2] = r * Math.sin(a);
            v[3 * (n + i)] = v[3 * i];
            v[3 * (n + i) + 1] = h;
            v[3 * (n + i) + 2] = v[3 * i + 2];
        }
        List<int[]> faces = new ArrayList<>();
        int[] bottom = new int[n], top = new int[n];
        for (int i = 0; i < n; i++) {
            bottom[i] = i;
            top[i] = n + i;
            int j = (i + 1) % n;
            faces.add(new int[] {i, j, n + j, n + i});
        }
        faces.add(bottom);
        faces.add(top);
        return hull(v, faces);
    }

    /** The regular icosahedron of circumradius r: faces are the triples of mutually nearest vertices. */
    static ConvexHullShape icosahedron(double r) {
        double g = (1 + Math.sqrt(5)) / 2, s = r / Math.sqrt(1 + g * g);
        double[] v = new double[36];
        int k = 0;
        for (int c = 0; c < 3; c++) {
            for (int sa = -1; sa <= 1; sa += 2) {
                for (int sb = -1; sb <= 1; sb += 2) {
                    double[] p = new double[3];
                    p[c] = 0;
                    p[(c + 1) % 3] = sa * s;
                    p[(c + 2) % 3] = sb * g * s;
                    v[k++] = p[0];
                    v[k++] = p[1];
                    v[k++] = p[2];
                }
            }
        }
        double edge2 = 4 * s * s * 1.0001;
        List<int[]> faces = new ArrayList<>();
        for (int a = 0; a < 12; a++) {
            for (int b = a + 1; b < 12; b++) {
                for (int c = b + 1; c < 12; c++) {
                    if (d2(v, a, b) < edge2 && d2(v, b, c) < edge2 && d2(v, a, c) < edge2) {
                        faces.add(new int[] {a, b, c});
                    }
                }
            }
        }
        return hull(v, faces);
    }

    private static double d2(double[] v, int a, int b) {
        double dx = v[3 * a] - v[3 * b], dy = v[3 * a + 1] - v[3 * b + 1], dz = v[3 * a + 2] - v[3 * b + 2];
        return dx * dx + dy * dy + dz * dz;
    }

    /**
     * No coordinate, normal component or separation of the manifold is NaN or infinite; the normal is unit.
     */
    static void assertFinite(Manifold m) {
        assertTrue(Double.isFinite(m.nx + m.ny + m.nz), "normal " + m.nx + ", " + m.ny + ", " + m.nz);
        assertEquals(1, Math.sqrt(m.nx * m.nx + m.ny * m.ny + m.nz * m.nz), 1e-12, "normal length");
        for (int i = 0; i < m.pointCount(); i++) {
            assertTrue(Double.isFinite(m.pointAX(i) + m.pointAY(i) + m.pointAZ(i)
                    + m.pointBX(i) + m.pointBY(i)
                    + m.pointBZ(i) + m.separation(i)), "point " + i);
        }
    }

    /**
     * The law of every routine: moving both shapes by one rigid motion (q, p) rotates the normal,
     * moves the points and keeps the separations and ids. Points are matched by position, since ties
     * between equally deep candidates may order them differently.
     */
    static void assertRigidMotionCovariant(CollisionDispatch d, Shape a, Transform ta, Shape b, Transform tb,
            double margin, Quat q, Vec3 p) {
        Manifold m1 = new Manifold(), m2 = new Manifold();
        boolean hit1 = d.collide(a, ta, b, tb, margin, m1);
        boolean hit2 = d.collide(a, moved(ta, q, p), b, moved(tb, q, p), margin, m2);
        assertEquals(hit1, hit2, "hit");
        assertEquals(m1.pointCount(), m2.pointCount(), "point count");
        if (!hit1) {
            return;
        }
        assertFinite(m1);
        assertFinite(m2);
        Vec3 n = q.rotate(new Vec3(m1.nx, m1.ny, m1.nz));
        assertEquals(n.x(), m2.nx, RIGID_TOLERANCE, "normal x");
        assertEquals(n.y(), m2.ny, RIGID_TOLERANCE, "normal y");
        assertEquals(n.z(), m2.nz, RIGID_TOLERANCE, "normal z");
        for (int i = 0; i < m1.pointCount(); i++) {
            Vec3 pa = q.rotate(new Vec3(m1.pointAX(i), m1.pointAY(i), m1.pointAZ(i))).plus(p);
            Vec3 pb = q.rotate(new Vec3(m1.pointBX(i), m1.pointBY(i), m1.pointBZ(i))).plus(p);
            int best = -1;
            double bestD = Double.POSITIVE_INFINITY;
            for (int j = 0; j < m2.pointCount(); j++) {
                double dd = pa.minus(new Vec3(m2.pointAX(j), m2.pointAY(j), m2.pointAZ(j))).length()
                        + pb.minus(new Vec3(m2.pointBX(j), m2.pointBY(j), m2.pointBZ(j))).length();
                if (dd < bestD) {
                    bestD = dd;
                    best = j;
                }
            }
            assertTrue(bestD < 2 * RIGID_TOLERANCE, "point " + i + " moved with the shapes, off by " + bestD);
            assertEquals(m1.separation(i), m2.separation(best), RIGID_TOLERANCE, "separation " + i);
            assertEquals(m1.featureId(i), m2.featureId(best), "feature id " + i);
        }
    }

    /**
     * Swapping A and B turns the normal around and swaps the points; separations and count stay.
     * Points are matched by position (a same-type routine may list them in another order).
     */
    static void assertSwapFlips(CollisionDispatch d, Shape a, Transform ta, Shape b, Transform tb,
            double margin) {
        Manifold ab = new Manifold(), ba = new Manifold();
        assertEquals(d.collide(a, ta, b, tb, margin, ab), d.collide(b, tb, a, ta, margin, ba), "hit");
        assertEquals(ab.pointCount(), ba.pointCount(), "point count");
        if (ab.pointCount() == 0) {
            return;
        }
        assertEquals(-ab.nx, ba.nx, 1e-12);
        assertEquals(-ab.ny, ba.ny, 1e-12);
        assertEquals(-ab.nz, ba.nz, 1e-12);
        for (int i = 0; i < ab.pointCount(); i++) {
            int best = -1;
            double bestD = Double.POSITIVE_INFINITY;
            for (int j = 0; j < ba.pointCount(); j++) {
                double dd = Math.abs(ab.pointAX(i) - ba.pointBX(j)) + Math.abs(ab.pointAY(i) - ba.pointBY(j))
                        + Math.abs(ab.pointAZ(i) - ba.pointBZ(j)) + Math.abs(ab.pointBX(i) - ba.pointAX(j))
                        + Math.abs(ab.pointBY(i) - ba.pointAY(j)) + Math.abs(ab.pointBZ(i) - ba.pointAZ(j));
                if (dd < bestD) {
                    bestD = dd;
                    best = j;
                }
            }
            // Equal up to the round-off of the same arithmetic done in another order.
            assertTrue(bestD < 1e-12, "point " + i + " has its swapped twin, off by " + bestD);
            assertEquals(ab.separation(i), ba.separation(best), 1e-12);
        }
    }
}
