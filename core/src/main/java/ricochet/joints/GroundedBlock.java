package ricochet.joints;

import static ricochet.dynamics.ContactStore.*;

import ricochet.dynamics.BodyStore;
import ricochet.dynamics.ContactStore;

/**
 * A joint's equality rows solved together with the normal rows of the contacts its light body has
 * with infinite mass ({@link GroundContacts} picks them): one block, one spring, the contacts'
 * impulses kept non-negative by an active set.
 *
 * <p>Rows {@code i} have Jacobians {@code J_i} on the joint's two bodies; with {@code K = J M^-1 J^T}
 * and the joint spring's coefficients (mass scale {@code mS}, impulse scale {@code iS}, bias rate),
 * the change {@code Delta} of the accumulated impulses {@code lambda} solves
 * <pre>
 *   K Delta = -mS (J v + bias) - iS K lambda
 * </pre>
 * which for one row is the soft step {@code Delta = -m_eff mS (Cdot + bias) - iS lambda} (see
 * {@link ricochet.dynamics.Softness}) and for the joint's rows alone is {@link EqualityBlock}'s. The
 * spring's stiffness is then {@code omega^2 K^-1}, the block's own effective mass: a light body pressed
 * into the ground by a heavy one through a joint rests on a spring as stiff as both together, and
 * the joint takes the heavy body's weight on one as stiff as the heavy body (for masses m under M on
 * a vertical joint, {@code K^-1 = [[M + m, M], [M, M]]}, and the static deflection is {@code g / omega^2}
 * on the contact and none on the joint). The relax pass is the same with {@code mS = 1}, {@code iS = 0}
 * and no bias: the exact projection of the velocities.
 *
 * <p>Contact rows: {@code lambda_i + Delta_i >= 0}, and a row whose impulse is zero may not approach,
 * {@code (J v' + bias)_i + (iS / mS) (K lambda')_i >= 0}. Solved by an active set: all rows on, the most
 * negative impulse switched off (its {@code Delta = -lambda}), then the most approaching switched back,
 * until neither is left (at most {@code 2 MAX} solves; the last is clamped). A speculative point
 * ({@code s > 0}) may close its gap within the substep, {@code bias = s / h}, as in the contact solver;
 * a touching one corrects {@code bias = biasRate s}, no faster than the contacts' push-out.
 *
 * <p>Allocation-free: every array is sized for {@link #MAX} rows at construction.
 */
final class GroundedBlock {

    /** Most contact points in one block. */
    static final int MAX_POINTS = 8;
    static final int MAX = EqualityBlock.MAX + MAX_POINTS;
    /** m/s: the fastest a contact row pushes out (the contact solver's default push-out). */
    static final double PUSH_OUT = 3;
    /** Jacobian entries per row: A's linear and angular, B's linear and angular parts. */
    private static final int W = 12;

    private final double[] jac = new double[W * MAX], resp = new double[W * MAX];
    private final double[] k = new double[MAX * MAX];
    /** Per row: {@code mS (J v + bias) + iS (K lambda)_i}, the accumulated impulse, its change, J v. */
    private final double[] rhs = new double[MAX], acc = new double[MAX], delta = new double[MAX];
    private final double[] cdot = new double[MAX];
    private final boolean[] on = new boolean[MAX];
    private final int[] idx = new int[MAX];
    // L D L^T of the active rows' K (row-major MAX x MAX), 1 / D (0 for a dropped pivot), scratch.
    private final double[] l = new double[MAX * MAX], dd = new double[MAX], dInv = new double[MAX];
    private final double[] x = new double[MAX];

    /**
     * One pass over joint rows' block (prepared in {@code rows.block}) and the contact points
     * {@code points[from .. from + count - 1]} (side 0: on the joint's a, 1: on b).
     *
     * @param jointBias the joint rows' bias rate (already capped by the correction speed)
     * @param biasRate the contact rows' bias rate (0 in the relax pass)
     */
    void solve(JointRows rows, BodyStore s, ContactStore c, int[] points, byte[] side, int from, int count,
               double jointBias, double biasRate, double mS, double iS) {
        EqualityBlock blk = rows.block;
        int a = rows.a, b = rows.b;
        double[] d = rows.d;
        int o = rows.o;
        double ma = s.invMass[a], mb = s.invMass[b];
        int nj = blk.n, n = nj + count;
        for (int i = 0; i < nj; i++) {
            int q = W * i, t = 3 * i;
            for (int e = 0; e < 3; e++) {
                jac[q + e] = -blk.u[t + e];
                jac[q + 3 + e] = -blk.ja[t + e];
                jac[q + 6 + e] = blk.u[t + e];
                jac[q + 9 + e] = blk.jb[t + e];
                resp[q + e] = -ma * blk.u[t + e];
                resp[q + 3 + e] = -blk.ia[t + e];
                resp[q + 6 + e] = mb * blk.u[t + e];
                resp[q + 9 + e] = blk.ib[t + e];
            }
            acc[i] = d[o + blk.impulse[i]];
            cdot[i] = blk.cdot(s, a, b, i);
            rhs[i] = mS * (cdot[i] + jointBias * blk.c[i]);
        }
        double[] cd = c.data;
        double invH = rows.invH;
        for (int m = 0; m < count; m++) {
            int i = nj + m, q = W * i;
            int p = points[from + m], op = STRIDE * p;
            int body = side[from + m] == 0 ? a : b;
            int at = side[from + m] == 0 ? 0 : 6, off = 6 - at;
            boolean onA = c.bodyA[p] == body;
            double sign = onA ? -1 : 1, mx = s.invMass[body];
            int ang = onA ? AN : BN, dw = onA ? IAN : IBN;
            for (int e = 0; e < 3; e++) {
                jac[q + at + e] = sign * cd[op + NX + e];
                jac[q + at + 3 + e] = sign * cd[op + ang + e];
                resp[q + at + e] = sign * mx * cd[op + NX + e];
                resp[q + at + 3 + e] = sign * cd[op + dw + e];
                jac[q + off + e] = jac[q + off + 3 + e] = 0;
                resp[q + off + e] = resp[q + off + 3 + e] = 0;
            }
            acc[i] = cd[op + NORMAL_IMPULSE];
            int pa = c.bodyA[p], pb = c.bodyB[p];
            double v = (s.vx[pb] - s.vx[pa]) * cd[op + NX] + (s.vy[pb] - s.vy[pa]) * cd[op + NY]
                    + (s.vz[pb] - s.vz[pa]) * cd[op + NZ]
                    + s.wx[pb] * cd[op + BN] + s.wy[pb] * cd[op + BN + 1] + s.wz[pb] * cd[op + BN + 2]
                    - s.wx[pa] * cd[op + AN] - s.wy[pa] * cd[op + AN + 1] - s.wz[pa] * cd[op + AN + 2];
            cdot[i] = v;
            double sep = cd[op + SEP];
            double bias = sep > 0 ? sep * invH : Math.max(biasRate * sep, -PUSH_OUT);
            rhs[i] = mS * (v + bias);
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double v = 0;
                for (int e = 0; e < W; e++) {
                    v += jac[W * i + e] * resp[W * j + e];
                }
                k[MAX * i + j] = v;
                k[MAX * j + i] = v;
            }
        }
        if (iS != 0) {
            for (int i = 0; i < n; i++) {
                double v = 0;
                for (int j = 0; j < n; j++) {
                    v += k[MAX * i + j] * acc[j];
                }
                rhs[i] += iS * v;
            }
        }
        for (int i = 0; i < n; i++) {
            on[i] = true;
        }
        for (int iteration = 0; iteration < 2 * MAX; iteration++) {
            solveActive(n);
            // The most negative impulse off; else the most approaching inactive row back on.
            int worst = -1;
            double worstValue = 0;
            for (int i = nj; i < n; i++) {
                if (on[i] && acc[i] + delta[i] < worstValue) {
                    worstValue = acc[i] + delta[i];
                    worst = i;
                }
            }
            if (worst >= 0) {
                on[worst] = false;
                continue;
            }
            worstValue = -1e-9;
            for (int i = nj; i < n; i++) {
                if (!on[i]) {
                    double w = rhs[i];
                    for (int j = 0; j < n; j++) {
                        w += k[MAX * i + j] * delta[j];
                    }
                    if (w < worstValue) {
                        worstValue = w;
                        worst = i;
                    }
                }
            }
            if (worst < 0) {
                break;
            }
            on[worst] = true;
        }
        for (int i = 0; i < n; i++) {
            if (!Double.isFinite(delta[i])) {
                return;
            }
        }
        for (int i = 0; i < n; i++) {
            double dl = delta[i];
            if (i >= nj && acc[i] + dl < 0) {
                dl = -acc[i];
            }
            if (i < nj) {
                d[o + blk.impulse[i]] = acc[i] + dl;
            } else {
                int op = STRIDE * points[from + i - nj];
                cd[op + NORMAL_IMPULSE] = acc[i] + dl;
                cd[op + MAX_NORMAL_IMPULSE] = Math.max(cd[op + MAX_NORMAL_IMPULSE], dl);
                if (rows.mode == JointRows.SOLVE) {
                    cd[op + APPROACH] = Math.min(cd[op + APPROACH], cdot[i]);
                }
            }
            if (dl == 0) {
                continue;
            }
            int q = W * i;
            s.vx[a] += resp[q] * dl;
            s.vy[a] += resp[q + 1] * dl;
            s.vz[a] += resp[q + 2] * dl;
            s.wx[a] += resp[q + 3] * dl;
            s.wy[a] += resp[q + 4] * dl;
            s.wz[a] += resp[q + 5] * dl;
            s.vx[b] += resp[q + 6] * dl;
            s.vy[b] += resp[q + 7] * dl;
            s.vz[b] += resp[q + 8] * dl;
            s.wx[b] += resp[q + 9] * dl;
            s.wy[b] += resp[q + 10] * dl;
            s.wz[b] += resp[q + 11] * dl;
        }
    }

    /**
     * {@code delta} for the rows on: {@code K_on,on delta_on = -rhs_on - K_on,off delta_off} with
     * {@code delta_off = -lambda_off} (their impulse set to zero); {@code L D L^T} without pivoting,
     * a pivot below {@code 1e-12} of the largest diagonal entry dropped (a redundant row, such as the
     * fourth corner of a face: it keeps its impulse).
     */
    private void solveActive(int n) {
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (on[i]) {
                idx[m++] = i;
            } else {
                delta[i] = -acc[i];
            }
        }
        for (int r = 0; r < m; r++) {
            int i = idx[r];
            double v = -rhs[i];
            for (int j = 0; j < n; j++) {
                if (!on[j]) {
                    v -= k[MAX * i + j] * delta[j];
                }
            }
            x[r] = v;
        }
        EqualityBlock.factor(k, MAX, idx, m, l, MAX, dd, dInv);
        EqualityBlock.substitute(l, MAX, dInv, x, m);
        for (int r = 0; r < m; r++) {
            delta[idx[r]] = x[r];
        }
    }
}
