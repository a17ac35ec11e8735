package ricochet.soft;

import ricochet.geometry.shape.Shape;

/**
 * Counts a ball's passages through a cloth: the ball's centre crossing one of the cloth's triangles,
 * seen substep by substep through the step's {@link ParticleStep.Observer}. Over each substep the
 * corners and the centre move linearly from where they were to where they are; the centre crosses the
 * triangle at a time t in [0, 1] where the four points are coplanar,
 *
 * <pre>
 *     f(t) = ((x2 - x1) x (x3 - x1)) . (c - x1) = 0   (a cubic in t),
 * </pre>
 *
 * f changes sign there, and the centre lies inside the triangle at that moment (Bridson, Fedkiw and
 * Anderson 2002, 6.2). The jump from one step's last substep to the next step's first proxy pose (the
 * rigid solve may have moved the ball between) is tested the same way. The cloth must be the world's
 * only soft body (its particles start at index 0) and the ball the proxy whose shape is {@code ball}.
 */
final class Passages implements ParticleStep.Observer {

    /** Barycentric slack: a centre crossing an edge counts. */
    private static final double EDGE = 1e-9;

    private final int[] triangles;
    private final Shape ball;
    private double[] x, y, z;
    private boolean have;
    private double bx, by, bz;
    private boolean haveBall;
    /** Substeps (and jumps between steps) in which the centre crossed a triangle. */
    int passages;
    /** Of those, the jumps between steps. */
    int jumps;
    /** Substeps in which the ball was a proxy of the step. */
    int seen;

    Passages(int[] triangles, Shape ball) {
        this.triangles = triangles;
        this.ball = ball;
    }

    @Override
    public void stepStarted(Particles p, BodyProxies b) {
        int k = find(b);
        if (k >= 0 && have && haveBall && check(p, b.pcx[k], b.pcy[k], b.pcz[k])) {
            passages++;
            jumps++;
        }
        record(p, b, k, true);
    }

    @Override
    public void substepEnded(Particles p, BodyProxies b) {
        int k = find(b);
        if (k >= 0) {
            seen++;
            if (haveBall && check(p, b.cx[k], b.cy[k], b.cz[k])) {
                passages++;
            }
        }
        record(p, b, k, false);
    }

    private int find(BodyProxies b) {
        for (int k = 0; k < b.count; k++) {
            if (b.shape[k] == ball) {
                return k;
            }
        }
        return -1;
    }

    private void record(Particles p, BodyProxies b, int k, boolean start) {
        if (x == null || x.length != p.count) {
            x = new double[p.count];
            y = new double[p.count];
            z = new double[p.count];
        }
        System.arraycopy(p.x, 0, x, 0, p.count);
        System.arraycopy(p.y, 0, y, 0, p.count);
        System.arraycopy(p.z, 0, z, 0, p.count);
        have = true;
        haveBall = k >= 0;
        if (k >= 0) {
            bx = start ? b.pcx[k] : b.cx[k];
            by = start ? b.pcy[k] : b.cy[k];
            bz = start ? b.pcz[k] : b.cz[k];
        }
    }

    /** Whether the centre, moving from the recorded point to (cx, cy, cz), crossed a triangle. */
    private boolean check(Particles p, double cx, double cy, double cz) {
        double[] s = new double[12], e = new double[12];
        for (int f = 0; f < triangles.length; f += 3) {
            for (int j = 0; j < 3; j++) {
                int i = triangles[f + j];
                s[3 * j] = x[i];
                s[3 * j + 1] = y[i];
                s[3 * j + 2] = z[i];
                e[3 * j] = p.x[i];
                e[3 * j + 1] = p.y[i];
                e[3 * j + 2] = p.z[i];
            }
            s[9] = bx;
            s[10] = by;
            s[11] = bz;
            e[9] = cx;
            e[10] = cy;
            e[11] = cz;
            if (crosses(s, e)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether point 3 (the last three of each array) crosses triangle 0-1-2 as all four move linearly
     * from {@code s} to {@code e}: a sign change of the coplanarity cubic with the point inside then.
     */
    static boolean crosses(double[] s, double[] e) {
        for (int a = 0; a < 3; a++) {
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY;
            for (int j = 0; j < 3; j++) {
                lo = Math.min(lo, Math.min(s[3 * j + a], e[3 * j + a]));
                hi = Math.max(hi, Math.max(s[3 * j + a], e[3 * j + a]));
            }
            if (Math.max(s[9 + a], e[9 + a]) < lo || Math.min(s[9 + a], e[9 + a]) > hi) {
                return false;
            }
        }
        // The cubic's coefficients: n(t) = n0 + t n1 + t^2 n2 for the normal, r(t) = r0 + t dr.
        double[] e10 = sub(s, 3, 0), e20 = sub(s, 6, 0), r0 = sub(s, 9, 0);
        double[] d1 = minus(sub(e, 3, 0), e10), d2 = minus(sub(e, 6, 0), e20), dr = minus(sub(e, 9, 0), r0);
        double[] n0 = cross(e10, e20), n1 = plus(cross(e10, d2), cross(d1, e20)), n2 = cross(d1, d2);
        double c0 = dot(n0, r0), c1 = dot(n0, dr) + dot(n1, r0), c2 = dot(n1, dr) + dot(n2, r0);
        double c3 = dot(n2, dr);
        // Split [0, 1] where f' = 3 c3 t^2 + 2 c2 t + c1 vanishes; f is monotone between.
        double[] cuts = {0, 1, 1, 1};
        int n = 1;
        double qa = 3 * c3, qb = 2 * c2, disc = qb * qb - 4 * qa * c1;
        if (qa != 0 && disc >= 0) {
            double sq = Math.sqrt(disc);
            double t1 = (-qb - sq) / (2 * qa), t2 = (-qb + sq) / (2 * qa);
            for (double t : new double[] {Math.min(t1, t2), Math.max(t1, t2)}) {
                if (t > 0 && t < 1) {
                    cuts[n++] = t;
                }
            }
        } else if (qa == 0 && qb != 0) {
            double t = -c1 / qb;
            if (t > 0 && t < 1) {
                cuts[n++] = t;
            }
        }
        cuts[n] = 1;
        for (int k = 0; k < n; k++) {
            double lo = cuts[k], hi = cuts[k + 1];
            double flo = cubic(c0, c1, c2, c3, lo), fhi = cubic(c0, c1, c2, c3, hi);
            if (!(flo < 0 && fhi >= 0 || flo > 0 && fhi <= 0)) {
                continue;
            }
            for (int it = 0; it < 60; it++) {
                double mid = 0.5 * (lo + hi), fm = cubic(c0, c1, c2, c3, mid);
                if ((fm < 0) == (flo < 0) && fm != 0) {
                    lo = mid;
                    flo = fm;
                } else {
                    hi = mid;
                }
            }
            if (inside(s, e, hi)) {
                return true;
            }
        }
        return false;
    }

    private static double cubic(double c0, double c1, double c2, double c3, double t) {
        return ((c3 * t + c2) * t + c1) * t + c0;
    }

    /** Whether the point's projection lies in the triangle at time t. */
    private static boolean inside(double[] s, double[] e, double t) {
        double[] q = new double[12];
        for (int j = 0; j < 12; j++) {
            q[j] = s[j] + t * (e[j] - s[j]);
        }
        double[] e1 = sub(q, 3, 0), e2 = sub(q, 6, 0), v = sub(q, 9, 0);
        double d00 = dot(e1, e1), d01 = dot(e1, e2), d11 = dot(e2, e2), d20 = dot(v, e1), d21 = dot(v, e2);
        double den = d00 * d11 - d01 * d01;
        if (!(den > 0)) {
            return false;
        }
        double b2 = (d11 * d20 - d01 * d21) / den, b3 = (d00 * d21 - d01 * d20) / den;
        return b2 >= -EDGE && b3 >= -EDGE && 1 - b2 - b3 >= -EDGE;
    }

    private static double[] sub(double[] a, int i, int j) {
        return new double[] {a[i] - a[j], a[i + 1] - a[j + 1], a[i + 2] - a[j + 2]};
    }

    private static double[] minus(double[] a, double[] b) {
        return new double[] {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    }

    private static double[] plus(double[] a, double[] b) {
        return new double[] {a[0] + b[0], a[1] + b[1], a[2] + b[2]};
    }

    private static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    private static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }
}
