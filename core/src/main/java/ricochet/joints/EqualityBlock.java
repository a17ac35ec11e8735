package ricochet.joints;

import java.util.Arrays;
import ricochet.dynamics.BodyStore;

/**
 * A joint's equality rows (up to six: point, angular lock, hinge axes, slider axes, locked six-DOF
 * axes) solved together as one block, and the coupling that lets its other rows (limits, motors,
 * springs) act without disturbing them (Jolt solves each constraint part alone; Box2D v3's weld
 * joint solves linear and angular apart; both are Gauss-Seidel between the parts).
 *
 * <p>Why one block: solved one part after another, a body moving fast with its anchor off the
 * centre of mass needs many passes to converge (the point row turns the approach into spin about
 * the anchor, the angular row then takes the spin out and leaves the anchor moving...), and the
 * unconverged velocity, integrated while the body turns ~0.6 rad a substep, puts energy in: a fixed
 * joint made on a box moving at 80 m/s gained 10^4-10^6-fold. One block gives the exact answer of
 * every pass: {@code J v = 0} after the relax pass.
 *
 * <p>Row i: {@code Cdot_i = u_i . (vB - vA) + a_i . wA' + b_i . wB'}, written
 * {@code J_i = [-u_i  -a_i  u_i  b_i]} against {@code (vA, wA, vB, wB)}: a linear row along
 * {@code u} with levers {@code lA}, {@code lB} has {@code a = lA x u}, {@code b = lB x u}; an angular
 * row about {@code u} has no linear part and {@code a = b = u}. The effective mass is
 * <pre>
 *   K = J M^-1 J^T,  K_ij = (mA + mB) u_i . u_j + a_i . IA^-1 a_j + b_i . IB^-1 b_j
 * </pre>
 * ({@code m} inverse masses, {@code I^-1} world inverse inertias), symmetric and positive
 * semi-definite; it is factored {@code K = L D L^T} (no pivoting: K is positive definite unless a
 * row is redundant or a side cannot move, and then the pivot is dropped: its row takes no impulse).
 *
 * <p>Another row {@code l} of the same joint is solved against the Schur complement: with
 * {@code c = J M^-1 J_l^T} (the coupling of the block's rows to it) and {@code y = K^-1 c}, an
 * impulse {@code lambda} on row l comes with {@code -lambda y} on the block's rows, which leaves
 * every block row's {@code Cdot} unchanged ({@code K (-lambda y) + c lambda = 0}), and row l sees the
 * effective mass {@code k_l - c . y}. So a hinge's limit or motor turns the door about its hinge
 * without pulling the pin out, and the pass ends with both holding. In the biased pass the block is a
 * soft spring, {@code lambda = -massScale K^-1 (Cdot + biasRate C) - impulseScale lambda_acc}, and
 * the response that keeps that equation is {@code -lambda massScale y}, the effective mass
 * {@code k_l - massScale c . y}. (The rigid response there made RagdollTest's ragdolls creep for
 * ever: the block's {@code -impulseScale lambda_acc} leaked it back out every pass. Without any
 * response, Gauss-Seidel between a hinge's limit and its block left two 1.5 cm, 26 and 205 kg
 * bodies hinged 0.6 m apart spinning up from 10^4 rad/s warm starts until they went non-finite.)
 *
 * <p>Allocation-free: every array is sized for six rows at construction.
 */
final class EqualityBlock {

    static final int MAX = 6;

    /** Rows in the block. */
    int n;
    /** Per row: linear direction u, A's angular part a, B's angular part b (3 each). */
    final double[] u = new double[3 * MAX], ja = new double[3 * MAX], jb = new double[3 * MAX];
    /** Per row: IA^-1 a and IB^-1 b, the angular velocity changes per unit impulse. */
    final double[] ia = new double[3 * MAX], ib = new double[3 * MAX];
    /** Per row: the position error C and the offset of its accumulated impulse in the joint record. */
    final double[] c = new double[MAX];
    final int[] impulse = new int[MAX];
    /** Per row: 1 for an angular row (its impulse is a torque in a reaction). */
    final boolean[] angular = new boolean[MAX];
    // L (unit lower triangle, row-major MAX x MAX), D and 1 / D (both 0 for a dropped pivot).
    private final double[] l = new double[MAX * MAX];
    private final double[] dd = new double[MAX], dInv = new double[MAX];
    /** K's lower triangle (row-major MAX x MAX), filled for {@link #factor}. */
    private final double[] k = new double[MAX * MAX];
    private static final int[] IDENTITY = {0, 1, 2, 3, 4, 5};
    private double mA, mB;
    private boolean factored;
    /** Scratch: a right-hand side solved in place, the coupling of an extra row. */
    final double[] x = new double[MAX], coupling = new double[MAX];

    void clear() {
        n = 0;
        factored = false;
    }

    /**
     * A linear row along {@code u} with levers {@code lA}, {@code lB}: {@code a = lA x u},
     * {@code b = lB x u}.
     */
    void addLinear(double ux, double uy, double uz, double lax, double lay, double laz,
                   double lbx, double lby, double lbz, double error, int impulseAt) {
        int k = 3 * n;
        u[k] = ux;
        u[k + 1] = uy;
        u[k + 2] = uz;
        ja[k] = lay * uz - laz * uy;
        ja[k + 1] = laz * ux - lax * uz;
        ja[k + 2] = lax * uy - lay * ux;
        jb[k] = lby * uz - lbz * uy;
        jb[k + 1] = lbz * ux - lbx * uz;
        jb[k + 2] = lbx * uy - lby * ux;
        angular[n] = false;
        c[n] = error;
        impulse[n++] = impulseAt;
    }

    /** An angular row about {@code u}: {@code Cdot = u . (wB - wA)}. */
    void addAngular(double ux, double uy, double uz, double error, int impulseAt) {
        int k = 3 * n;
        u[k] = 0;
        u[k + 1] = 0;
        u[k + 2] = 0;
        ja[k] = jb[k] = ux;
        ja[k + 1] = jb[k + 1] = uy;
        ja[k + 2] = jb[k + 2] = uz;
        angular[n] = true;
        c[n] = error;
        impulse[n++] = impulseAt;
    }

    /**
     * Builds {@code IA^-1 a_i}, {@code IB^-1 b_i} for bodies a and b (b -1: the world) at their current
     * world inertias; with {@code factor}, also K and its {@code L D L^T} factors.
     */
    void prepare(BodyStore s, int a, int b, boolean factor) {
        double[] inv = s.invInertiaWorld;
        mA = s.invMass[a];
        mB = b >= 0 ? s.invMass[b] : 0;
        for (int i = 0; i < n; i++) {
            int k = 3 * i;
            times(inv, a, ja, k, ia);
            if (b >= 0) {
                times(inv, b, jb, k, ib);
            } else {
                ib[k] = ib[k + 1] = ib[k + 2] = 0;
            }
        }
        factored = factor;
        if (factor) {
            factor();
        }
    }

    /** out[k..k+2] = I^-1 v[k..k+2] for body i's world inverse inertia. */
    private static void times(double[] inv, int i, double[] v, int k, double[] out) {
        int o = 9 * i;
        double x = v[k], y = v[k + 1], z = v[k + 2];
        out[k] = inv[o] * x + inv[o + 1] * y + inv[o + 2] * z;
        out[k + 1] = inv[o + 3] * x + inv[o + 4] * y + inv[o + 5] * z;
        out[k + 2] = inv[o + 6] * x + inv[o + 7] * y + inv[o + 8] * z;
    }

    /** K_ij as in the class comment. */
    private double entry(int i, int j) {
        int p = 3 * i, q = 3 * j;
        return (mA + mB) * (u[p] * u[q] + u[p + 1] * u[q + 1] + u[p + 2] * u[q + 2])
                + ja[p] * ia[q] + ja[p + 1] * ia[q + 1] + ja[p + 2] * ia[q + 2]
                + jb[p] * ib[q] + jb[p + 1] * ib[q + 1] + jb[p + 2] * ib[q + 2];
    }

    /**
     * {@code K = L D L^T} (Golub and Van Loan, 4.1.2). A pivot below {@code 1e-12} of the largest
     * diagonal entry is a row K cannot move (redundant, or both sides immovable along it): it is
     * dropped, so the solve is a pseudo-inverse on the rows that can move and stays finite.
     */
    private void factor() {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                k[MAX * i + j] = entry(i, j);
            }
        }
        factor(k, MAX, IDENTITY, n, l, MAX, dd, dInv);
    }

    /**
     * {@code L D L^T} of the m x m matrix whose entry (r, c) is {@code k[kStride idx[r] + idx[c]]}
     * (only its lower triangle, {@code r >= c}, is read), without pivoting: L unit lower triangular into
     * {@code l} (row length {@code lStride}), D and 1 / D into {@code dd} and {@code dInv}. A pivot
     * below {@code 1e-12} of the largest diagonal entry is dropped (D and 1 / D zero, its column of L
     * zero): the row cannot move, and {@link #substitute} gives it 0.
     */
    static void factor(double[] k, int kStride, int[] idx, int m, double[] l, int lStride, double[] dd,
                       double[] dInv) {
        double scale = 0;
        for (int r = 0; r < m; r++) {
            scale = Math.max(scale, k[kStride * idx[r] + idx[r]]);
        }
        double tiny = 1e-12 * scale;
        for (int j = 0; j < m; j++) {
            double dj = k[kStride * idx[j] + idx[j]];
            for (int q = 0; q < j; q++) {
                double ljq = l[lStride * j + q];
                dj -= ljq * ljq * dd[q];
            }
            boolean dropped = !(dj > tiny);
            dd[j] = dropped ? 0 : dj;
            dInv[j] = dropped ? 0 : 1 / dj;
            l[lStride * j + j] = 1;
            for (int i = j + 1; i < m; i++) {
                double v = k[kStride * idx[i] + idx[j]];
                for (int q = 0; q < j; q++) {
                    v -= l[lStride * i + q] * l[lStride * j + q] * dd[q];
                }
                l[lStride * i + j] = dropped ? 0 : v * dInv[j];
            }
        }
    }

    /** x = K^-1 x in place (dropped pivots give 0), from the factors. */
    void solve(double[] r) {
        substitute(l, MAX, dInv, r, n);
    }

    /**
     * {@code r = (L D L^T)^-1 r} in place for the first n rows: L unit lower triangular, row-major
     * with row length {@code stride}, {@code dInv} the inverse pivots (0 for a dropped one).
     */
    static void substitute(double[] l, int stride, double[] dInv, double[] r, int n) {
        for (int i = 0; i < n; i++) {
            double v = r[i];
            for (int k = 0; k < i; k++) {
                v -= l[stride * i + k] * r[k];
            }
            r[i] = v;
        }
        for (int i = n - 1; i >= 0; i--) {
            double v = r[i] * dInv[i];
            for (int k = i + 1; k < n; k++) {
                v -= l[stride * k + i] * r[k];
            }
            r[i] = v;
        }
    }

    /** {@code J_i v} for row i at the bodies' current velocities. */
    double cdot(BodyStore s, int a, int b, int i) {
        int k = 3 * i;
        double v = -(u[k] * s.vx[a] + u[k + 1] * s.vy[a] + u[k + 2] * s.vz[a])
                - (ja[k] * s.wx[a] + ja[k + 1] * s.wy[a] + ja[k + 2] * s.wz[a]);
        if (b >= 0) {
            v += u[k] * s.vx[b] + u[k + 1] * s.vy[b] + u[k + 2] * s.vz[b]
                    + jb[k] * s.wx[b] + jb[k + 1] * s.wy[b] + jb[k + 2] * s.wz[b];
        }
        return v;
    }

    /** Applies impulse {@code lambda} along row i: {@code v += M^-1 J_i^T lambda}. */
    void apply(BodyStore s, int a, int b, int i, double lambda) {
        if (lambda == 0) {
            return;
        }
        int k = 3 * i;
        s.vx[a] -= mA * lambda * u[k];
        s.vy[a] -= mA * lambda * u[k + 1];
        s.vz[a] -= mA * lambda * u[k + 2];
        s.wx[a] -= lambda * ia[k];
        s.wy[a] -= lambda * ia[k + 1];
        s.wz[a] -= lambda * ia[k + 2];
        if (b >= 0) {
            s.vx[b] += mB * lambda * u[k];
            s.vy[b] += mB * lambda * u[k + 1];
            s.vz[b] += mB * lambda * u[k + 2];
            s.wx[b] += lambda * ib[k];
            s.wy[b] += lambda * ib[k + 1];
            s.wz[b] += lambda * ib[k + 2];
        }
    }

    /**
     * For another row with linear part {@code ul} and angular parts whose velocity changes per unit
     * impulse are {@code IA^-1 al}, {@code IB^-1 bl}: the coupling {@code c = J M^-1 J_l^T} into
     * {@link #coupling}, {@code y = K^-1 c} into {@link #x}; returns {@code c . y}, what the block
     * takes off the row's effective mass. 0 when the block is empty or not factored.
     */
    double couple(double ulx, double uly, double ulz, double iax, double iay, double iaz,
                  double ibx, double iby, double ibz) {
        if (n == 0 || !factored) {
            Arrays.fill(x, 0);
            return 0;
        }
        for (int i = 0; i < n; i++) {
            int k = 3 * i;
            double v = (mA + mB) * (u[k] * ulx + u[k + 1] * uly + u[k + 2] * ulz)
                    + ja[k] * iax + ja[k + 1] * iay + ja[k + 2] * iaz
                    + jb[k] * ibx + jb[k + 1] * iby + jb[k + 2] * ibz;
            coupling[i] = v;
            x[i] = v;
        }
        solve(x);
        double cy = 0;
        for (int i = 0; i < n; i++) {
            cy += coupling[i] * x[i];
        }
        return cy;
    }
}
