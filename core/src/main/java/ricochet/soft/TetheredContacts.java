package ricochet.soft;

import java.util.Arrays;

/**
 * A particle's contact with a dynamic body solved together with the particle's long-range attachments
 * (tethers), as one block, with the body's mass.
 *
 * <p>Why: a cloth particle is hundreds of times lighter than a ball fired at it, so the plain contact
 * ({@link RigidContacts}) moves the particle by nearly the whole overlap and the ball by almost
 * nothing; the tethers then pull the particle back, and one Gauss-Seidel sweep a substep cannot carry
 * the ball's momentum through the sheet to the pins before the ball has crossed it (it moves some
 * 0.2 m a substep at 250 m/s). Solved together, the particle cannot satisfy the contact and its
 * tethers at once when the ball has gone where the inextensible sheet cannot follow, and the block
 * hands the difference to the ball. In the limit of a massless particle this is a tether from the
 * ball's contact point to each pin, of the particle's rest distance.
 *
 * <p>With the particle's inverse mass w, the body's generalised inverse mass {@code wb} along the
 * contact normal n (from the body to the particle), and the unit directions {@code g1, g2} from the
 * particle to its pins, the multipliers {@code lambda >= 0} move the particle by
 * {@code w (lc n + l1 g1 + l2 g2)} and the body's contact point by {@code -wb lc n}. The linearised
 * gaps {@code r = A lambda + c} must be non-negative, with complementarity {@code lambda . r = 0}:
 *
 * <pre>
 *     c = [d - thickness,  L1 - |x - p1|,  L2 - |x - p2|]
 *     A = w G^T G + diag(wb, 0, 0),   G = [n  g1  g2]
 * </pre>
 *
 * A is symmetric positive semi-definite, so the linear complementarity problem is solved exactly by
 * trying the active sets in a fixed order, fewest first (at most seven 3 x 3 solves). The tethers are
 * not linear: the block is solved again from where it left the particle, {@link #ITERATIONS} times
 * (Gauss-Newton; the contact keeps its normal). The body is moved by its share as well as given it as
 * an impulse, as a position-based solver moves a body: the overlap it made is undone now and becomes
 * no velocity later.
 */
final class TetheredContacts {

    /** Block solves per contact: the tethers' directions turn as the particle moves. */
    static final int ITERATIONS = 3;
    /** Gaps below this (m) count as closed. */
    private static final double SLOP = 1e-9;

    /** Per particle: its pins (particle indices, -1 for none) and rest distances to them, m. */
    private int[] pin1 = new int[64], pin2 = new int[64];
    private double[] rest1 = new double[64], rest2 = new double[64];
    /** The particle's move and the contact's multiplier from the last {@link #solve}, m and kg m. */
    double dx, dy, dz, contactLambda;

    // The block: normal, tether directions, gaps, matrix and solution.
    private final double[] g = new double[9];
    private final double[] c = new double[3];
    private final double[] a = new double[9];
    private final double[] lambda = new double[3];
    private final double[] trial = new double[3];
    private final int[] set = new int[3];

    /** Finds every particle's tethers among the distance constraints (once a step; the pins may change). */
    void index(DistanceConstraints d, int particles) {
        if (pin1.length < particles) {
            int n = Math.max(particles, 2 * pin1.length);
            pin1 = new int[n];
            pin2 = new int[n];
            rest1 = new double[n];
            rest2 = new double[n];
        }
        Arrays.fill(pin1, 0, particles, -1);
        Arrays.fill(pin2, 0, particles, -1);
        for (int k = 0; k < d.count; k++) {
            if (!d.tether[k]) {
                continue;
            }
            int i = d.b[k];
            if (pin1[i] < 0) {
                pin1[i] = d.a[k];
                rest1[i] = d.rest[k];
            } else if (pin2[i] < 0) {
                pin2[i] = d.a[k];
                rest2[i] = d.rest[k];
            }
        }
    }

    /** Whether particle i has a tether. */
    boolean tethered(int i) {
        return i < pin1.length && pin1[i] >= 0;
    }

    /**
     * Whether moving particle i from (ax, ay, az) to (bx, by, bz) (world, m) takes it farther from one of
     * its pins than its tether allows, and farther than it was.
     */
    boolean stretches(Particles p, int i, double ax, double ay, double az, double bx, double by, double bz) {
        return i < pin1.length && (stretches(p, pin1[i], rest1[i], ax, ay, az, bx, by, bz)
                || stretches(p, pin2[i], rest2[i], ax, ay, az, bx, by, bz));
    }

    private static boolean stretches(Particles p, int pin, double rest, double ax, double ay, double az,
                                     double bx, double by, double bz) {
        if (pin < 0) {
            return false;
        }
        double ex = bx - p.x[pin], ey = by - p.y[pin], ez = bz - p.z[pin];
        double fx = ax - p.x[pin], fy = ay - p.y[pin], fz = az - p.z[pin];
        double end = ex * ex + ey * ey + ez * ez;
        return end > rest * rest && end > fx * fx + fy * fy + fz * fz;
    }

    /**
     * Solves particle i's contact with proxy k: with its tethers ({@link #solve}) when the body is
     * dynamic and the particle tethered, else alone against the body's inverse mass along n (w the
     * particle's inverse mass). Leaves the particle's move in {@link #dx} .. and the multiplier in
     * {@link #contactLambda}, as {@link #solve} does.
     */
    void push(Particles p, BodyProxies b, int k, int i, double w, double x, double y, double z, double qx,
              double qy, double qz, double nx, double ny, double nz, double err) {
        if (b.dynamic(k) && tethered(i)) {
            solve(p, b, k, i, x, y, z, qx, qy, qz, nx, ny, nz, err);
            return;
        }
        double dl = -err / (w + b.inverseMassAlong(k, qx, qy, qz, nx, ny, nz));
        contactLambda = dl;
        dx = w * dl * nx;
        dy = w * dl * ny;
        dz = w * dl * nz;
    }

    /**
     * Solves particle i's contact with dynamic proxy k together with its tethers; the particle at
     * (x, y, z) (world, m), the contact's point on the body q (world, m; the lever of the body's
     * share), unit normal n from the body, gap {@code err = d - thickness} (m, negative inside). Leaves the particle's move in {@link #dx} .. and the contact's multiplier (kg m) in
     * {@link #contactLambda}, moves the proxy by its share and adds the tethers' part to the pins'
     * impulse. The caller gives the body the impulse {@code -contactLambda n / h}.
     */
    void solve(Particles p, BodyProxies b, int k, int i, double x, double y, double z, double qx, double qy,
               double qz, double nx, double ny, double nz, double err) {
        double w = p.w[i];
        double wb = b.inverseMassAlong(k, qx, qy, qz, nx, ny, nz);
        int q1 = pin1[i], q2 = pin2[i];
        int m = q2 >= 0 ? 3 : 2;
        dx = 0;
        dy = 0;
        dz = 0;
        contactLambda = 0;
        g[0] = nx;
        g[1] = ny;
        g[2] = nz;
        for (int it = 0; it < ITERATIONS; it++) {
            double px = x + dx, py = y + dy, pz = z + dz;
            // The contact's gap with the normal held: the particle's and the body's moves along n.
            c[0] = err + nx * dx + ny * dy + nz * dz + wb * contactLambda;
            c[1] = gap(p, q1, rest1[i], px, py, pz, 3);
            c[2] = m == 3 ? gap(p, q2, rest2[i], px, py, pz, 6) : 0;
            boolean open = true;
            for (int r = 0; r < m; r++) {
                open &= c[r] >= -SLOP;
            }
            if (open) {
                break;
            }
            // A = w G^T G + diag(wb, 0, 0)
            for (int r = 0; r < m; r++) {
                for (int s = 0; s < m; s++) {
                    a[3 * r + s] = w * (g[3 * r] * g[3 * s] + g[3 * r + 1] * g[3 * s + 1]
                            + g[3 * r + 2] * g[3 * s + 2]);
                }
            }
            a[0] += wb;
            if (!complementarity(m)) {
                // Degenerate block: the contact alone, as the plain solve does it.
                lambda[0] = c[0] < 0 ? -c[0] / (w + wb) : 0;
                lambda[1] = 0;
                lambda[2] = 0;
            }
            double sx = 0, sy = 0, sz = 0;
            for (int r = 0; r < m; r++) {
                sx += lambda[r] * g[3 * r];
                sy += lambda[r] * g[3 * r + 1];
                sz += lambda[r] * g[3 * r + 2];
            }
            dx += w * sx;
            dy += w * sy;
            dz += w * sz;
            contactLambda += lambda[0];
            // The pins' part moves the particle by w l g: m times that is their position-level impulse.
            p.pinSx += sx - lambda[0] * nx;
            p.pinSy += sy - lambda[0] * ny;
            p.pinSz += sz - lambda[0] * nz;
        }
        if (contactLambda != 0) {
            // The body moves and turns by its share, wb lambda along n at the contact, as the block assumed.
            b.shift(k, -contactLambda * nx, -contactLambda * ny, -contactLambda * nz, qx, qy, qz, 1);
        }
    }

    /** {@code L - |x - pin|}, and the unit direction from x to the pin into g[o .. o + 2]. */
    private double gap(Particles p, int pin, double rest, double x, double y, double z, int o) {
        double ex = p.x[pin] - x, ey = p.y[pin] - y, ez = p.z[pin] - z;
        double len = Math.sqrt(ex * ex + ey * ey + ez * ez);
        if (len < 1e-12) {
            g[o] = 0;
            g[o + 1] = 0;
            g[o + 2] = 0;
            return rest;
        }
        g[o] = ex / len;
        g[o + 1] = ey / len;
        g[o + 2] = ez / len;
        return rest - len;
    }

    /**
     * The m x m linear complementarity problem {@code lambda >= 0, A lambda + c >= 0}, complementary,
     * by its active sets, fewest constraints first, in index order; false if none fits.
     */
    private boolean complementarity(int m) {
        int sets = 1 << m;
        for (int size = 1; size <= m; size++) {
            for (int mask = 1; mask < sets; mask++) {
                if (Integer.bitCount(mask) != size) {
                    continue;
                }
                int n = 0;
                boolean needed = false;
                for (int r = 0; r < m; r++) {
                    if ((mask & (1 << r)) != 0) {
                        set[n++] = r;
                        needed |= c[r] < 0;
                    }
                }
                if (!needed || !solveSet(n)) {
                    continue;
                }
                boolean fits = true;
                for (int r = 0; r < m && fits; r++) {
                    double l = (mask & (1 << r)) != 0 ? trial[r] : 0;
                    if (l < 0) {
                        fits = false;
                        break;
                    }
                    double gapAfter = c[r];
                    for (int s = 0; s < m; s++) {
                        gapAfter += a[3 * r + s] * ((mask & (1 << s)) != 0 ? trial[s] : 0);
                    }
                    fits = gapAfter >= -SLOP * (1 + Math.abs(c[r]));
                }
                if (fits) {
                    for (int r = 0; r < 3; r++) {
                        lambda[r] = r < m && (mask & (1 << r)) != 0 ? trial[r] : 0;
                    }
                    return true;
                }
            }
        }
        return false;
    }

    /** {@code A_SS lambda_S = -c_S} for the n constraints in {@link #set} into {@link #trial}. */
    private boolean solveSet(int n) {
        int r0 = set[0];
        if (n == 1) {
            double d = a[4 * r0];
            if (!(d > 0)) {
                return false;
            }
            trial[r0] = -c[r0] / d;
            return true;
        }
        int r1 = set[1];
        double a00 = a[4 * r0], a01 = a[3 * r0 + r1], a11 = a[4 * r1];
        if (n == 2) {
            double det = a00 * a11 - a01 * a01;
            if (!(det > 1e-9 * a00 * a11)) {
                return false;
            }
            trial[r0] = (-c[r0] * a11 + c[r1] * a01) / det;
            trial[r1] = (-c[r1] * a00 + c[r0] * a01) / det;
            return true;
        }
        int r2 = set[2];
        double a02 = a[3 * r0 + r2], a12 = a[3 * r1 + r2], a22 = a[4 * r2];
        // Cramer's rule on the symmetric 3 x 3 block.
        double c00 = a11 * a22 - a12 * a12, c01 = a02 * a12 - a01 * a22, c02 = a01 * a12 - a02 * a11;
        double det = a00 * c00 + a01 * c01 + a02 * c02;
        if (!(det > 1e-9 * a00 * a11 * a22)) {
            return false;
        }
        double c11 = a00 * a22 - a02 * a02, c12 = a01 * a02 - a00 * a12, c22 = a00 * a11 - a01 * a01;
        double b0 = -c[r0], b1 = -c[r1], b2 = -c[r2];
        trial[r0] = (c00 * b0 + c01 * b1 + c02 * b2) / det;
        trial[r1] = (c01 * b0 + c11 * b1 + c12 * b2) / det;
        trial[r2] = (c02 * b0 + c12 * b1 + c22 * b2) / det;
        return true;
    }
}
