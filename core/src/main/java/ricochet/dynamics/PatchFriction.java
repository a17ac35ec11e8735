package ricochet.dynamics;

import static java.lang.Math.fma;
import static ricochet.dynamics.ContactPrepare.dot;
import static ricochet.dynamics.ContactPrepare.inverse;
import static ricochet.dynamics.ContactPrepare.jacobian;
import static ricochet.dynamics.ContactRows.solveFriction;
import static ricochet.dynamics.ContactRows.storeSpin;
import static ricochet.dynamics.ContactRows.storeVelocity;
import static ricochet.dynamics.ContactStore.AT1;
import static ricochet.dynamics.ContactStore.AT2;
import static ricochet.dynamics.ContactStore.BT1;
import static ricochet.dynamics.ContactStore.BT2;
import static ricochet.dynamics.ContactStore.FRICTION;
import static ricochet.dynamics.ContactStore.IAN;
import static ricochet.dynamics.ContactStore.IAT1;
import static ricochet.dynamics.ContactStore.IAT2;
import static ricochet.dynamics.ContactStore.IAW;
import static ricochet.dynamics.ContactStore.IBN;
import static ricochet.dynamics.ContactStore.IBT1;
import static ricochet.dynamics.ContactStore.IBT2;
import static ricochet.dynamics.ContactStore.IBW;
import static ricochet.dynamics.ContactStore.NORMAL_IMPULSE;
import static ricochet.dynamics.ContactStore.NX;
import static ricochet.dynamics.ContactStore.NY;
import static ricochet.dynamics.ContactStore.NZ;
import static ricochet.dynamics.ContactStore.PATCH_OFFSET1;
import static ricochet.dynamics.ContactStore.PATCH_OFFSET2;
import static ricochet.dynamics.ContactStore.RAX;
import static ricochet.dynamics.ContactStore.RAY;
import static ricochet.dynamics.ContactStore.RAZ;
import static ricochet.dynamics.ContactStore.RBX;
import static ricochet.dynamics.ContactStore.RBY;
import static ricochet.dynamics.ContactStore.RBZ;
import static ricochet.dynamics.ContactStore.STRIDE;
import static ricochet.dynamics.ContactStore.T1X;
import static ricochet.dynamics.ContactStore.T1Y;
import static ricochet.dynamics.ContactStore.T1Z;
import static ricochet.dynamics.ContactStore.T2X;
import static ricochet.dynamics.ContactStore.T2Y;
import static ricochet.dynamics.ContactStore.T2Z;
import static ricochet.dynamics.ContactStore.TANGENT_IMPULSE1;
import static ricochet.dynamics.ContactStore.TANGENT_IMPULSE2;
import static ricochet.dynamics.ContactStore.TANGENT_MASS1;
import static ricochet.dynamics.ContactStore.TANGENT_MASS2;
import static ricochet.dynamics.ContactStore.TWIST_ARM;
import static ricochet.dynamics.ContactStore.TWIST_IMPULSE;
import static ricochet.dynamics.ContactStore.TWIST_MASS;

/**
 * Patch friction: a run whose points share one normal and one friction coefficient (a manifold) has
 * its friction solved at the centre of its points, as two tangent rows clamped to {@code mu} times
 * the run's normal impulse and a twist about the normal clamped to {@code mu sum(lambda_i arm_i)},
 * instead of two tangent rows at every point (the patch friction of PhysX and Bepu's
 * {@code TwistFriction}): three rows for a four-point manifold's eight. While the step solves, the
 * patch's rows and impulses live on the run's first point ({@link ContactStore#TWIST_IMPULSE});
 * between steps they are spread back over the points ({@link #spreadPatch}), so the warm-start cache
 * and the contact queries see per-point friction either way. A run of one point, or of points with
 * different normals or coefficients, is solved point by point ({@link ContactRows}).
 */
final class PatchFriction {

    private PatchFriction() {
    }

    /**
     * Whether points {@code start .. end - 1} (one run) make one friction patch: at least two, all
     * with the first one's normal and its friction coefficient, which is positive.
     */
    static boolean patchable(double[] d, int start, int end) {
        int o0 = STRIDE * start;
        double nx = d[o0 + NX], ny = d[o0 + NY], nz = d[o0 + NZ], mu = d[o0 + FRICTION];
        if (end - start < 2 || !(mu > 0)) {
            return false;
        }
        for (int o = o0 + STRIDE, e = STRIDE * end; o < e; o += STRIDE) {
            if (d[o + NX] != nx || d[o + NY] != ny || d[o + NZ] != nz || d[o + FRICTION] != mu) {
                return false;
            }
        }
        return true;
    }

    /**
     * A patch's rows from its points' levers and the bodies' world inverse inertias as they are now:
     * on its first point the two tangent rows at the centre (the mean of the levers) with their
     * effective masses, and the twist's {@code I^-1 n} and effective mass
     * {@code 1 / (n . I_A^-1 n + n . I_B^-1 n)}; on every point its offset from the centre across
     * the normal and that offset's length.
     */
    static void patchJacobians(BodyStore s, ContactStore c, int start, int end) {
        double[] d = c.data, inv = s.invInertiaWorld;
        int a = c.bodyA[start], b = c.bodyB[start];
        int o0 = STRIDE * start, e = STRIDE * end;
        double cAx = 0, cAy = 0, cAz = 0, cBx = 0, cBy = 0, cBz = 0;
        for (int o = o0; o < e; o += STRIDE) {
            cAx += d[o + RAX];
            cAy += d[o + RAY];
            cAz += d[o + RAZ];
            cBx += d[o + RBX];
            cBy += d[o + RBY];
            cBz += d[o + RBZ];
        }
        double k = 1.0 / (end - start);
        cAx *= k;
        cAy *= k;
        cAz *= k;
        cBx *= k;
        cBy *= k;
        cBz *= k;
        double nx = d[o0 + NX], ny = d[o0 + NY], nz = d[o0 + NZ];
        double t1x = d[o0 + T1X], t1y = d[o0 + T1Y], t1z = d[o0 + T1Z];
        double t2x = d[o0 + T2X], t2y = d[o0 + T2Y], t2z = d[o0 + T2Z];
        jacobian(inv, a, cAx, cAy, cAz, t1x, t1y, t1z, d, o0 + AT1, o0 + IAT1);
        jacobian(inv, a, cAx, cAy, cAz, t2x, t2y, t2z, d, o0 + AT2, o0 + IAT2);
        jacobian(inv, b, cBx, cBy, cBz, t1x, t1y, t1z, d, o0 + BT1, o0 + IBT1);
        jacobian(inv, b, cBx, cBy, cBz, t2x, t2y, t2z, d, o0 + BT2, o0 + IBT2);
        double mSum = s.invMass[a] + s.invMass[b];
        d[o0 + TANGENT_MASS1] = inverse(mSum + dot(d, o0 + AT1, o0 + IAT1) + dot(d, o0 + BT1, o0 + IBT1));
        d[o0 + TANGENT_MASS2] = inverse(mSum + dot(d, o0 + AT2, o0 + IAT2) + dot(d, o0 + BT2, o0 + IBT2));
        int ia = 9 * a, ib = 9 * b;
        for (int q = 0; q < 3; q++) {
            d[o0 + IAW + q] = inv[ia + 3 * q] * nx + inv[ia + 3 * q + 1] * ny + inv[ia + 3 * q + 2] * nz;
            d[o0 + IBW + q] = inv[ib + 3 * q] * nx + inv[ib + 3 * q + 1] * ny + inv[ib + 3 * q + 2] * nz;
        }
        d[o0 + TWIST_MASS] = inverse(nx * (d[o0 + IAW] + d[o0 + IBW]) + ny * (d[o0 + IAW + 1] + d[o0 + IBW + 1])
                + nz * (d[o0 + IAW + 2] + d[o0 + IBW + 2]));
        for (int o = o0; o < e; o += STRIDE) {
            double ax = d[o + RAX] - cAx, ay = d[o + RAY] - cAy, az = d[o + RAZ] - cAz;
            double a1 = ax * t1x + ay * t1y + az * t1z, a2 = ax * t2x + ay * t2y + az * t2z;
            d[o + PATCH_OFFSET1] = a1;
            d[o + PATCH_OFFSET2] = a2;
            d[o + TWIST_ARM] = Math.sqrt(a1 * a1 + a2 * a2);
        }
    }

    /**
     * The warm-started tangent impulses of a patch's points (last step's, per point) gathered into
     * the patch's, on its first point: their sum, and their twist about the centre
     * {@code sum((a_i x f_i) . n)}, {@code a_i} the point's offset and {@code f_i = l1_i t1 + l2_i t2},
     * which in the tangent frame is {@code l2_i a1_i - l1_i a2_i}. The other points' tangent impulses
     * are then 0. Needs the offsets
     * ({@link #patchJacobians}); {@link #spreadPatch} is the inverse.
     */
    static void gatherPatch(double[] d, int start, int end) {
        int o0 = STRIDE * start;
        double l1 = 0, l2 = 0, twist = 0;
        for (int o = o0, e = STRIDE * end; o < e; o += STRIDE) {
            double p1 = d[o + TANGENT_IMPULSE1], p2 = d[o + TANGENT_IMPULSE2];
            l1 += p1;
            l2 += p2;
            twist += p2 * d[o + PATCH_OFFSET1] - p1 * d[o + PATCH_OFFSET2];
            d[o + TANGENT_IMPULSE1] = 0;
            d[o + TANGENT_IMPULSE2] = 0;
        }
        d[o0 + TANGENT_IMPULSE1] = l1;
        d[o0 + TANGENT_IMPULSE2] = l2;
        d[o0 + TWIST_IMPULSE] = twist;
    }

    /**
     * A patch's impulses, once its step is solved, spread back over its points {@code start .. end - 1}'s
     * tangent impulses (for the warm-start cache and the contact queries): an equal share of the force
     * each, plus the twist as forces across each offset, {@code twist (n x a_i) / sum |a_i|^2}, which
     * add up to no force (the offsets sum to 0) and to the twist.
     */
    static void spreadPatch(double[] d, int start, int end) {
        int o0 = STRIDE * start, e = STRIDE * end;
        double arms = 0;
        for (int o = o0; o < e; o += STRIDE) {
            arms += d[o + TWIST_ARM] * d[o + TWIST_ARM];
        }
        double k = 1.0 / (end - start);
        double l1 = d[o0 + TANGENT_IMPULSE1] * k, l2 = d[o0 + TANGENT_IMPULSE2] * k;
        double q = arms > 0 ? d[o0 + TWIST_IMPULSE] / arms : 0;
        // n x (a1 t1 + a2 t2) = a1 t2 - a2 t1.
        for (int o = o0; o < e; o += STRIDE) {
            d[o + TANGENT_IMPULSE1] = l1 - q * d[o + PATCH_OFFSET2];
            d[o + TANGENT_IMPULSE2] = l2 + q * d[o + PATCH_OFFSET1];
        }
        d[o0 + TWIST_IMPULSE] = 0;
    }

    /** A patch's saved impulses applied to its two bodies: each point's normal, the patch's friction. */
    static void warmStartPatch(BodyStore s, ContactStore c, int start, int end) {
        final int stride = STRIDE;
        double[] d = c.data;
        double[] vx = s.vx, vy = s.vy, vz = s.vz, wx = s.wx, wy = s.wy, wz = s.wz;
        int a = c.bodyA[start], b = c.bodyB[start];
        double ma = s.invMass[a], mb = s.invMass[b];
        int o0 = stride * start;
        // The patch's tangent impulse acts at its centre, its twist about the normal; the normal
        // impulses' sum along the common normal moves the centres of mass as one.
        double l1 = d[o0 + TANGENT_IMPULSE1], l2 = d[o0 + TANGENT_IMPULSE2], tw = d[o0 + TWIST_IMPULSE];
        double wAx = fma(l2, d[o0 + IAT2], fma(l1, d[o0 + IAT1], tw * d[o0 + IAW]));
        double wAy = fma(l2, d[o0 + IAT2 + 1], fma(l1, d[o0 + IAT1 + 1], tw * d[o0 + IAW + 1]));
        double wAz = fma(l2, d[o0 + IAT2 + 2], fma(l1, d[o0 + IAT1 + 2], tw * d[o0 + IAW + 2]));
        double wBx = fma(l2, d[o0 + IBT2], fma(l1, d[o0 + IBT1], tw * d[o0 + IBW]));
        double wBy = fma(l2, d[o0 + IBT2 + 1], fma(l1, d[o0 + IBT1 + 1], tw * d[o0 + IBW + 1]));
        double wBz = fma(l2, d[o0 + IBT2 + 2], fma(l1, d[o0 + IBT1 + 2], tw * d[o0 + IBW + 2]));
        double ln = 0;
        for (int o = o0, e = stride * end; o < e; o += stride) {
            double li = d[o + NORMAL_IMPULSE];
            ln += li;
            wAx = fma(li, d[o + IAN], wAx);
            wAy = fma(li, d[o + IAN + 1], wAy);
            wAz = fma(li, d[o + IAN + 2], wAz);
            wBx = fma(li, d[o + IBN], wBx);
            wBy = fma(li, d[o + IBN + 1], wBy);
            wBz = fma(li, d[o + IBN + 2], wBz);
        }
        double px = fma(l2, d[o0 + T2X], fma(l1, d[o0 + T1X], ln * d[o0 + NX]));
        double py = fma(l2, d[o0 + T2Y], fma(l1, d[o0 + T1Y], ln * d[o0 + NY]));
        double pz = fma(l2, d[o0 + T2Z], fma(l1, d[o0 + T1Z], ln * d[o0 + NZ]));
        storeVelocity(s, a, fma(-ma, px, vx[a]), fma(-ma, py, vy[a]), fma(-ma, pz, vz[a]),
                wx[a] - wAx, wy[a] - wAy, wz[a] - wAz);
        storeVelocity(s, b, fma(mb, px, vx[b]), fma(mb, py, vy[b]), fma(mb, pz, vz[b]),
                wx[b] + wBx, wy[b] + wBy, wz[b] + wBz);
    }

    /**
     * A patch's friction ({@link ContactSolver#setPatchFriction}): the two tangents at its centre, clamped to
     * the disc {@code |lambda_t| <= mu sum(lambda_n)}, then the twist about the normal,
     * {@code |lambda_w| <= mu sum(lambda_n,i arm_i)}, each point's normal impulse the pass before's;
     * the tangents biased by {@code anchorRate} times the patch's friction-anchor separation
     * ({@link FrictionAnchor}) where the run keeps {@code anchors}.
     */
    static void solvePatchFriction(BodyStore s, ContactStore c, int start, int end, double anchorRate,
                                   boolean anchors) {
        final int stride = STRIDE;
        double[] d = c.data;
        int o0 = stride * start;
        double load = 0, twistLoad = 0;
        for (int o = o0, e = stride * end; o < e; o += stride) {
            double ln = d[o + NORMAL_IMPULSE];
            load += ln;
            twistLoad = fma(ln, d[o + TWIST_ARM], twistLoad);
        }
        // The tangents: the first point's rows are the patch's, at its centre.
        solveFriction(s, c, start, start + 1, load, anchorRate, anchors);
        double[] wx = s.wx, wy = s.wy, wz = s.wz;
        int a = c.bodyA[start], b = c.bodyB[start];
        double wAx = wx[a], wAy = wy[a], wAz = wz[a], wBx = wx[b], wBy = wy[b], wBz = wz[b];
        double mu = d[o0 + FRICTION];
        // The twist: relative spin about n, (wB - wA) . n.
        double vw = fma(wBz - wAz, d[o0 + NZ], fma(wBy - wAy, d[o0 + NY], (wBx - wAx) * d[o0 + NX]));
        double oldW = d[o0 + TWIST_IMPULSE];
        double twistLimit = mu * twistLoad;
        double newW = fma(-d[o0 + TWIST_MASS], vw, oldW);
        // Clamped without branches, for the reason in ContactRows.solveNormals' mean separation.
        newW = Math.max(-twistLimit, Math.min(newW, twistLimit));
        double dw = newW - oldW;
        d[o0 + TWIST_IMPULSE] = newW;
        wAx = fma(-dw, d[o0 + IAW], wAx);
        wAy = fma(-dw, d[o0 + IAW + 1], wAy);
        wAz = fma(-dw, d[o0 + IAW + 2], wAz);
        wBx = fma(dw, d[o0 + IBW], wBx);
        wBy = fma(dw, d[o0 + IBW + 1], wBy);
        wBz = fma(dw, d[o0 + IBW + 2], wBz);
        storeSpin(s, a, wAx, wAy, wAz);
        storeSpin(s, b, wBx, wBy, wBz);
    }
}
