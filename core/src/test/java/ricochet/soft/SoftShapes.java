package ricochet.soft;

import ricochet.math.PolarDecomposition;

/** Measures on soft bodies for the tests: depth inside another's surface, deviation from a rigid fit. */
final class SoftShapes {

    private SoftShapes() {
    }

    /** Every particle of the body, x, y, z triples, world, m. */
    static double[] positions(SoftBodies s, SoftId id) {
        int n = s.particleCount(id);
        double[] out = new double[3 * n], x = new double[3];
        for (int k = 0; k < n; k++) {
            s.position(id, k, x);
            System.arraycopy(x, 0, out, 3 * k, 3);
        }
        return out;
    }

    /**
     * How deep (m) the deepest particle of {@code a} lies inside the closed surface of {@code b}
     * (its distance to the nearest of b's triangles); negative when every particle is outside, then
     * minus the smallest distance to b's surface.
     */
    static double deepest(SoftBodies s, SoftId a, SoftId b) {
        double[] pa = positions(s, a), pb = positions(s, b);
        int[] t = s.triangles(b);
        double worst = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < pa.length; i += 3) {
            double px = pa[i], py = pa[i + 1], pz = pa[i + 2];
            double nearest = Double.POSITIVE_INFINITY, solid = 0;
            for (int k = 0; k < t.length; k += 3) {
                nearest = Math.min(nearest, triangleDistance(px, py, pz, pb, t[k], t[k + 1], t[k + 2]));
                solid += solidAngle(px, py, pz, pb, t[k], t[k + 1], t[k + 2]);
            }
            // Winding number solid / (4 pi): 1 inside a closed surface wound counter-clockwise from outside.
            boolean inside = solid / (4 * Math.PI) > 0.5;
            worst = Math.max(worst, inside ? nearest : -nearest);
        }
        return worst;
    }

    /** Signed solid angle the triangle subtends at p (Van Oosterom and Strackee 1983). */
    private static double solidAngle(double px, double py, double pz, double[] v, int i, int j, int k) {
        double ax = v[3 * i] - px, ay = v[3 * i + 1] - py, az = v[3 * i + 2] - pz;
        double bx = v[3 * j] - px, by = v[3 * j + 1] - py, bz = v[3 * j + 2] - pz;
        double cx = v[3 * k] - px, cy = v[3 * k + 1] - py, cz = v[3 * k + 2] - pz;
        double la = Math.sqrt(ax * ax + ay * ay + az * az), lb = Math.sqrt(bx * bx + by * by + bz * bz);
        double lc = Math.sqrt(cx * cx + cy * cy + cz * cz);
        double det = ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
        double den = la * lb * lc + (ax * bx + ay * by + az * bz) * lc + (bx * cx + by * cy + bz * cz) * la
                + (cx * ax + cy * ay + cz * az) * lb;
        return 2 * Math.atan2(det, den);
    }

    /** Distance from p to triangle (i, j, k) of v (Ericson, Real-Time Collision Detection, 5.1.5). */
    static double triangleDistance(double px, double py, double pz, double[] v, int i, int j, int k) {
        double[] a = {v[3 * i], v[3 * i + 1], v[3 * i + 2]};
        double[] b = {v[3 * j], v[3 * j + 1], v[3 * j + 2]};
        double[] c = {v[3 * k], v[3 * k + 1], v[3 * k + 2]};
        double[] p = {px, py, pz};
        double[] ab = sub(b, a), ac = sub(c, a), ap = sub(p, a);
        double d1 = dot(ab, ap), d2 = dot(ac, ap);
        if (d1 <= 0 && d2 <= 0) {
            return dist(p, a);
        }
        double[] bp = sub(p, b);
        double d3 = dot(ab, bp), d4 = dot(ac, bp);
        if (d3 >= 0 && d4 <= d3) {
            return dist(p, b);
        }
        double vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            double s = d1 / (d1 - d3);
            return dist(p, new double[] {a[0] + s * ab[0], a[1] + s * ab[1], a[2] + s * ab[2]});
        }
        double[] cp = sub(p, c);
        double d5 = dot(ab, cp), d6 = dot(ac, cp);
        if (d6 >= 0 && d5 <= d6) {
            return dist(p, c);
        }
        double vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            double s = d2 / (d2 - d6);
            return dist(p, new double[] {a[0] + s * ac[0], a[1] + s * ac[1], a[2] + s * ac[2]});
        }
        double va = d3 * d6 - d5 * d4;
        if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
            double s = (d4 - d3) / ((d4 - d3) + (d5 - d6));
            return dist(p, new double[] {b[0] + s * (c[0] - b[0]), b[1] + s * (c[1] - b[1]), b[2] + s * (c[2] - b[2])});
        }
        double den = 1 / (va + vb + vc);
        double s = vb * den, u = vc * den;
        return dist(p, new double[] {a[0] + ab[0] * s + ac[0] * u, a[1] + ab[1] * s + ac[1] * u,
            a[2] + ab[2] * s + ac[2] * u});
    }

    /**
     * The largest distance (m) of a particle from the best rigid placement of the rest shape
     * {@code rest} (mass-weighted centres; rotation by polar decomposition, Kabsch).
     */
    static double rigidDeviation(SoftBodies s, SoftId id, double[] rest) {
        double[] x = positions(s, id);
        int n = x.length / 3;
        double[] c = new double[3], c0 = new double[3];
        double m = 0;
        for (int k = 0; k < n; k++) {
            double mk = s.particleMass(id, k);
            m += mk;
            for (int d = 0; d < 3; d++) {
                c[d] += mk * x[3 * k + d];
                c0[d] += mk * rest[3 * k + d];
            }
        }
        for (int d = 0; d < 3; d++) {
            c[d] /= m;
            c0[d] /= m;
        }
        double[] a = new double[9], r = new double[9];
        for (int k = 0; k < n; k++) {
            double mk = s.particleMass(id, k);
            for (int i = 0; i < 3; i++) {
                for (int j = 0; j < 3; j++) {
                    a[3 * i + j] += mk * (x[3 * k + i] - c[i]) * (rest[3 * k + j] - c0[j]);
                }
            }
        }
        new PolarDecomposition().nearestRotation(a, r);
        double worst = 0;
        for (int k = 0; k < n; k++) {
            double e2 = 0;
            for (int i = 0; i < 3; i++) {
                double g = c[i];
                for (int j = 0; j < 3; j++) {
                    g += r[3 * i + j] * (rest[3 * k + j] - c0[j]);
                }
                e2 += (x[3 * k + i] - g) * (x[3 * k + i] - g);
            }
            worst = Math.max(worst, Math.sqrt(e2));
        }
        return worst;
    }

    /** Total linear momentum of the listed bodies, kg m/s. */
    static double[] momentum(SoftBodies s, SoftId... ids) {
        double[] p = new double[3], v = new double[3];
        for (SoftId id : ids) {
            for (int k = 0; k < s.particleCount(id); k++) {
                s.velocity(id, k, v);
                double m = s.particleMass(id, k);
                for (int d = 0; d < 3; d++) {
                    p[d] += m * v[d];
                }
            }
        }
        return p;
    }

    /** Total angular momentum about the origin of the listed bodies, kg m^2/s. */
    static double[] angularMomentum(SoftBodies s, SoftId... ids) {
        double[] l = new double[3], x = new double[3], v = new double[3];
        for (SoftId id : ids) {
            for (int k = 0; k < s.particleCount(id); k++) {
                s.position(id, k, x);
                s.velocity(id, k, v);
                double m = s.particleMass(id, k);
                l[0] += m * (x[1] * v[2] - x[2] * v[1]);
                l[1] += m * (x[2] * v[0] - x[0] * v[2]);
                l[2] += m * (x[0] * v[1] - x[1] * v[0]);
            }
        }
        return l;
    }

    /** Kinetic energy plus potential energy in gravity g along -y, J. */
    static double energy(SoftBodies s, double g, SoftId... ids) {
        double e = 0;
        double[] x = new double[3], v = new double[3];
        for (SoftId id : ids) {
            for (int k = 0; k < s.particleCount(id); k++) {
                s.position(id, k, x);
                s.velocity(id, k, v);
                double m = s.particleMass(id, k);
                e += m * (0.5 * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) + g * x[1]);
            }
        }
        return e;
    }

    static double norm(double[] a) {
        return Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    }

    private static double[] sub(double[] a, double[] b) {
        return new double[] {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    private static double dist(double[] a, double[] b) {
        return Math.sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
    }
}
