package ricochet.dynamics;

import static java.lang.Math.fma;
import static ricochet.dynamics.ContactStore.AN;
import static ricochet.dynamics.ContactStore.ANCHOR_SLIP;
import static ricochet.dynamics.ContactStore.ANCHORED;
import static ricochet.dynamics.ContactStore.APPROACH;
import static ricochet.dynamics.ContactStore.AT1;
import static ricochet.dynamics.ContactStore.AT2;
import static ricochet.dynamics.ContactStore.BN;
import static ricochet.dynamics.ContactStore.BT1;
import static ricochet.dynamics.ContactStore.BT2;
import static ricochet.dynamics.ContactStore.FRICTION;
import static ricochet.dynamics.ContactStore.FRICTION_BIAS1;
import static ricochet.dynamics.ContactStore.FRICTION_BIAS2;
import static ricochet.dynamics.ContactStore.IAN;
import static ricochet.dynamics.ContactStore.IAT1;
import static ricochet.dynamics.ContactStore.IAT2;
import static ricochet.dynamics.ContactStore.IBN;
import static ricochet.dynamics.ContactStore.IBT1;
import static ricochet.dynamics.ContactStore.IBT2;
import static ricochet.dynamics.ContactStore.LEVER_SPEED1;
import static ricochet.dynamics.ContactStore.LEVER_SPEED2;
import static ricochet.dynamics.ContactStore.MAX_NORMAL_IMPULSE;
import static ricochet.dynamics.ContactStore.NORMAL_IMPULSE;
import static ricochet.dynamics.ContactStore.NORMAL_MASS;
import static ricochet.dynamics.ContactStore.NX;
import static ricochet.dynamics.ContactStore.NY;
import static ricochet.dynamics.ContactStore.NZ;
import static ricochet.dynamics.ContactStore.RAX;
import static ricochet.dynamics.ContactStore.RAY;
import static ricochet.dynamics.ContactStore.RAZ;
import static ricochet.dynamics.ContactStore.RBX;
import static ricochet.dynamics.ContactStore.RBY;
import static ricochet.dynamics.ContactStore.RBZ;
import static ricochet.dynamics.ContactStore.PRELOAD;
import static ricochet.dynamics.ContactStore.SEP;
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
import static ricochet.dynamics.SolverTuning.MANIFOLD_PASSES;
import static ricochet.dynamics.SolverTuning.MANIFOLD_TOLERANCE;
import static ricochet.dynamics.SolverTuning.TILT_STIFFENING;

/**
 * The contact rows of the soft step, a run (the points of one body pair, its two bodies' velocities
 * held in locals) at a time: the warm start, the friction sweep and the normal sweep
 * (Box2D v3's {@code contact_solver.c}; Bepu's {@code PenetrationLimit} and {@code TangentFriction}).
 *
 * <p>Normal: with bias, the soft constraint on the current separation {@code s} (a spring of the
 * step's frequency and damping ratio pushing out at most the push-out speed); without (relax), only
 * {@code vn >= 0}. A point still apart ({@code s > 0}, speculative) may close at most its gap in the
 * substep: its bias is {@code s / h} and it is hard (no softness), so fast bodies stop at the surface
 * instead of tunnelling through the margin.
 *
 * <p>Friction: two tangents per point with their own effective masses; the pair of accumulated
 * tangent impulses is clamped to the disc of radius {@code mu lambda_n} (the Coulomb cone at the
 * point, isotropic, rather than the square {@code |lambda_t_i| <= mu lambda_n} that would let a
 * diagonal slide take sqrt(2) times the friction).
 *
 * <p>These sweeps are written in {@code Math.fma}: each point waits for the velocities the point
 * before it left, so the step's time is this chain's latency, and a fused multiply-add is one
 * instruction of four cycles where a multiply and an add are two, one after the other (the pile and
 * the pyramid took 11-12 % less time). {@code fma} rounds once and exactly as specified, so it is the
 * same bits on every JVM; on a CPU without FMA it is slow.
 */
final class ContactRows {

    private ContactRows() {
    }

    /**
     * Applies the points' accumulated impulses {@code P = lambda_n n + lambda_1 t1 + lambda_2 t2}
     * of run {@code start .. end - 1}: {@code vA -= mA P, wA -= I_A^-1 (rA x P), vB += mB P,
     * wB += I_B^-1 (rB x P)}.
     */
    static void warmStart(BodyStore s, ContactStore c, int start, int end) {
        final int stride = STRIDE;
        double[] d = c.data;
        double[] vx = s.vx, vy = s.vy, vz = s.vz, wx = s.wx, wy = s.wy, wz = s.wz;
        int a = c.bodyA[start], b = c.bodyB[start];
        double ma = s.invMass[a], mb = s.invMass[b];
        double vAx = vx[a], vAy = vy[a], vAz = vz[a], wAx = wx[a], wAy = wy[a], wAz = wz[a];
        double vBx = vx[b], vBy = vy[b], vBz = vz[b], wBx = wx[b], wBy = wy[b], wBz = wz[b];
        for (int o = stride * start, e = stride * end; o < e; o += stride) {
            double ln = d[o + NORMAL_IMPULSE];
            double l1 = d[o + TANGENT_IMPULSE1], l2 = d[o + TANGENT_IMPULSE2];
            double px = fma(l2, d[o + T2X], fma(l1, d[o + T1X], ln * d[o + NX]));
            double py = fma(l2, d[o + T2Y], fma(l1, d[o + T1Y], ln * d[o + NY]));
            double pz = fma(l2, d[o + T2Z], fma(l1, d[o + T1Z], ln * d[o + NZ]));
            // I^-1 (r x P) = ln I^-1 (r x n) + l1 I^-1 (r x t1) + l2 I^-1 (r x t2); zero for
            // infinite mass, as is mA, so the locals of a static body do not change.
            vAx = fma(-ma, px, vAx);
            vAy = fma(-ma, py, vAy);
            vAz = fma(-ma, pz, vAz);
            wAx -= fma(l2, d[o + IAT2], fma(l1, d[o + IAT1], ln * d[o + IAN]));
            wAy -= fma(l2, d[o + IAT2 + 1], fma(l1, d[o + IAT1 + 1], ln * d[o + IAN + 1]));
            wAz -= fma(l2, d[o + IAT2 + 2], fma(l1, d[o + IAT1 + 2], ln * d[o + IAN + 2]));
            vBx = fma(mb, px, vBx);
            vBy = fma(mb, py, vBy);
            vBz = fma(mb, pz, vBz);
            wBx += fma(l2, d[o + IBT2], fma(l1, d[o + IBT1], ln * d[o + IBN]));
            wBy += fma(l2, d[o + IBT2 + 1], fma(l1, d[o + IBT1 + 1], ln * d[o + IBN + 1]));
            wBz += fma(l2, d[o + IBT2 + 2], fma(l1, d[o + IBT1 + 2], ln * d[o + IBN + 2]));
        }
        storeVelocity(s, a, vAx, vAy, vAz, wAx, wAy, wAz);
        storeVelocity(s, b, vBx, vBy, vBz, wBx, wBy, wBz);
    }

    /** A run's velocities, kept in locals while it was solved, back into moving body i. */
    static void storeVelocity(BodyStore s, int i, double vx, double vy, double vz, double wx,
                                      double wy, double wz) {
        if (s.invMass[i] > 0) {
            s.vx[i] = vx;
            s.vy[i] = vy;
            s.vz[i] = vz;
            s.wx[i] = wx;
            s.wy[i] = wy;
            s.wz[i] = wz;
        }
    }

    /** A spin kept in locals back into moving body i. */
    static void storeSpin(BodyStore s, int i, double wx, double wy, double wz) {
        if (s.invMass[i] > 0) {
            s.wx[i] = wx;
            s.wy[i] = wy;
            s.wz[i] = wz;
        }
    }

    /** {@code vA -= mA P, wA -= I_A^-1 (rA x P), vB += mB P, wB += I_B^-1 (rB x P)} at point i. */
    static void apply(BodyStore s, ContactStore c, int i, double px, double py, double pz) {
        int a = c.bodyA[i], b = c.bodyB[i];
        double[] inv = s.invInertiaWorld;
        double[] d = c.data;
        int p = STRIDE * i;
        double ma = s.invMass[a];
        if (ma > 0) {
            s.vx[a] -= ma * px;
            s.vy[a] -= ma * py;
            s.vz[a] -= ma * pz;
            double rx = d[p + RAX], ry = d[p + RAY], rz = d[p + RAZ];
            double ax = ry * pz - rz * py, ay = rz * px - rx * pz, az = rx * py - ry * px;
            int o = 9 * a;
            s.wx[a] -= inv[o] * ax + inv[o + 1] * ay + inv[o + 2] * az;
            s.wy[a] -= inv[o + 3] * ax + inv[o + 4] * ay + inv[o + 5] * az;
            s.wz[a] -= inv[o + 6] * ax + inv[o + 7] * ay + inv[o + 8] * az;
        }
        double mb = s.invMass[b];
        if (mb > 0) {
            s.vx[b] += mb * px;
            s.vy[b] += mb * py;
            s.vz[b] += mb * pz;
            double rx = d[p + RBX], ry = d[p + RBY], rz = d[p + RBZ];
            double ax = ry * pz - rz * py, ay = rz * px - rx * pz, az = rx * py - ry * px;
            int o = 9 * b;
            s.wx[b] += inv[o] * ax + inv[o + 1] * ay + inv[o + 2] * az;
            s.wy[b] += inv[o + 3] * ax + inv[o + 4] * ay + inv[o + 5] * az;
            s.wz[b] += inv[o + 6] * ax + inv[o + 7] * ay + inv[o + 8] * az;
        }
    }

    /**
     * The friction of points {@code start .. end - 1} (one body pair): each point's two tangents,
     * clamped to its Coulomb disc. Apart from the normals so that each half is a small compile.
     */
    static void solveFriction(BodyStore s, ContactStore c, int start, int end, double anchorRate,
                              boolean anchors) {
        solveFriction(s, c, start, end, -1, anchorRate, anchors);
    }

    /**
     * {@link #solveFriction(BodyStore, ContactStore, int, int, double, boolean)} with each point's disc of
     * radius {@code mu load}, {@code load} its own normal impulse where negative (a patch passes its
     * sum). Each row solves {@code v_t + u + anchorRate C = 0}: {@code u} the velocity of its friction
     * anchors now less that at the step's levers, {@code C} their separation ({@link FrictionAnchor};
     * {@code anchorRate} 0 relaxing), both 0 and not read where the run keeps no anchors
     * ({@code anchors} false: the record's line that holds them is not touched). A row that reaches the
     * disc marks its point as sliding and drops its separation for the rest of the substep.
     */
    static void solveFriction(BodyStore s, ContactStore c, int start, int end, double load,
                              double anchorRate, boolean anchors) {
        final int stride = STRIDE;
        double[] d = c.data;
        double[] vx = s.vx, vy = s.vy, vz = s.vz, wx = s.wx, wy = s.wy, wz = s.wz;
        int a = c.bodyA[start], b = c.bodyB[start];
        double ma = s.invMass[a], mb = s.invMass[b];
        double vAx = vx[a], vAy = vy[a], vAz = vz[a], wAx = wx[a], wAy = wy[a], wAz = wz[a];
        double vBx = vx[b], vBy = vy[b], vBz = vz[b], wBx = wx[b], wBy = wy[b], wBz = wz[b];
        int oStart = stride * start, oEnd = stride * end;
        for (int o = oStart; o < oEnd; o += stride) {
            double mu = d[o + FRICTION];
            if (!(mu > 0)) {
                continue;
            }
            // Relative velocity along t: (vB - vA) . t + wB . (rB x t) - wA . (rA x t).
            double dvx = vBx - vAx, dvy = vBy - vAy, dvz = vBz - vAz;
            double t1x = d[o + T1X], t1y = d[o + T1Y], t1z = d[o + T1Z];
            double t2x = d[o + T2X], t2y = d[o + T2Y], t2z = d[o + T2Z];
            double vt1 = fma(dvz, t1z, fma(dvy, t1y, dvx * t1x))
                    + (fma(wBz, d[o + BT1 + 2], fma(wBy, d[o + BT1 + 1], wBx * d[o + BT1]))
                    - fma(wAz, d[o + AT1 + 2], fma(wAy, d[o + AT1 + 1], wAx * d[o + AT1])));
            double vt2 = fma(dvz, t2z, fma(dvy, t2y, dvx * t2x))
                    + (fma(wBz, d[o + BT2 + 2], fma(wBy, d[o + BT2 + 1], wBx * d[o + BT2]))
                    - fma(wAz, d[o + AT2 + 2], fma(wAy, d[o + AT2 + 1], wAx * d[o + AT2])));
            // The changes first, the clamp only where the disc is left: the chain from one point's
            // velocities to the next is then the two dots, one multiply and two multiply-adds.
            double old1 = d[o + TANGENT_IMPULSE1], old2 = d[o + TANGENT_IMPULSE2];
            // v_t + u + rate C: the anchors' velocity now and their separation (FrictionAnchor).
            double c1 = 0, c2 = 0, u1 = 0, u2 = 0;
            if (anchors) {
                c1 = d[o + FRICTION_BIAS1];
                c2 = d[o + FRICTION_BIAS2];
                u1 = d[o + LEVER_SPEED1];
                u2 = d[o + LEVER_SPEED2];
            }
            double d1 = -d[o + TANGENT_MASS1] * fma(anchorRate, c1, vt1 + u1);
            double d2 = -d[o + TANGENT_MASS2] * fma(anchorRate, c2, vt2 + u2);
            double new1 = old1 + d1, new2 = old2 + d2;
            double limit = mu * (load < 0 ? d[o + NORMAL_IMPULSE] : load);
            double len2 = fma(new1, new1, new2 * new2);
            if (len2 > limit * limit) {
                double scale = limit / Math.sqrt(len2);
                new1 *= scale;
                new2 *= scale;
                d1 = new1 - old1;
                d2 = new2 - old2;
                // The disc reached: the point slides (FrictionAnchor places its anchors again).
                if (anchors) {
                    d[o + ANCHOR_SLIP] = 1;
                    d[o + FRICTION_BIAS1] = 0;
                    d[o + FRICTION_BIAS2] = 0;
                }
            }
            d[o + TANGENT_IMPULSE1] = new1;
            d[o + TANGENT_IMPULSE2] = new2;
            vAx = fma(d2, -ma * t2x, fma(d1, -ma * t1x, vAx));
            vAy = fma(d2, -ma * t2y, fma(d1, -ma * t1y, vAy));
            vAz = fma(d2, -ma * t2z, fma(d1, -ma * t1z, vAz));
            wAx = fma(-d2, d[o + IAT2], fma(-d1, d[o + IAT1], wAx));
            wAy = fma(-d2, d[o + IAT2 + 1], fma(-d1, d[o + IAT1 + 1], wAy));
            wAz = fma(-d2, d[o + IAT2 + 2], fma(-d1, d[o + IAT1 + 2], wAz));
            vBx = fma(d2, mb * t2x, fma(d1, mb * t1x, vBx));
            vBy = fma(d2, mb * t2y, fma(d1, mb * t1y, vBy));
            vBz = fma(d2, mb * t2z, fma(d1, mb * t1z, vBz));
            wBx = fma(d2, d[o + IBT2], fma(d1, d[o + IBT1], wBx));
            wBy = fma(d2, d[o + IBT2 + 1], fma(d1, d[o + IBT1 + 1], wBy));
            wBz = fma(d2, d[o + IBT2 + 2], fma(d1, d[o + IBT1 + 2], wBz));
        }

        storeVelocity(s, a, vAx, vAy, vAz, wAx, wAy, wAz);
        storeVelocity(s, b, vBx, vBy, vBz, wBx, wBy, wBz);
    }

    /**
     * The normals of run {@code r}, points {@code start .. end - 1}, swept again up to
     * {@link SolverTuning#MANIFOLD_PASSES} times while a sweep still changes some point's relative
     * velocity by more than {@link SolverTuning#MANIFOLD_TOLERANCE}: one sweep over a face landing
     * hard gives the whole blow to the first corner and sets the body spinning (a box dropped flat at
     * 30 m/s left spinning at 20 rad/s); a few local sweeps share it between the corners as the
     * coupled 4 x 4 problem would. Resting manifolds, warm-started, stop after one. Where
     * {@code readApproach} (a biased pass of a run that bounces after the substeps), each point's
     * approach is kept in {@link ContactStore#APPROACH}.
     */
    static void solveNormals(BodyStore s, ContactStore c, int r, int start, int end, boolean useBias,
                             boolean readApproach, SolverStep step) {
        final int stride = STRIDE;
        double[] d = c.data;
        double[] vx = s.vx, vy = s.vy, vz = s.vz, wx = s.wx, wy = s.wy, wz = s.wz;
        double invH = step.invH;
        double pushOut = step.pushOut;
        Softness free = step.soft, held = step.anchoredSoft;
        int a = c.bodyA[start], b = c.bodyB[start];
        double ma = s.invMass[a], mb = s.invMass[b];
        double vAx = vx[a], vAy = vy[a], vAz = vz[a], wAx = wx[a], wAy = wy[a], wAz = wz[a];
        double vBx = vx[b], vBy = vy[b], vBz = vz[b], wBx = wx[b], wBy = wy[b], wBz = wz[b];
        int oStart = stride * start, oEnd = stride * end;

        // The run's springs are preloaded by the weight it holds up (SupportLoad): each point is read
        // as pressed in by PRELOAD more than its separation, and is soft while so pressed. The
        // manifold's mean pressing is corrected at the spring's rate, each point's difference from it
        // (the rocking) TILT_STIFFENING times faster. A run whose normals a joint solved
        // (ContactStore.jointNormals) has only its friction here in the biased pass (its spring is
        // the joint's block's); relaxing, a rigid vn >= 0 agrees with the block's and has the last
        // word.
        boolean anchored = d[oStart + ANCHORED] != 0;
        Softness spring = anchored ? held : free;
        double preload = d[oStart + PRELOAD];
        double springRate = spring.biasRate, springMass = spring.massScale, springImpulse = spring.impulseScale;
        int manifoldPasses = c.jointNormals[r] == 0 || !useBias ? MANIFOLD_PASSES : 0;
        double meanSep = 0;
        if (useBias) {
            int touching = 0;
            boolean read = readApproach && manifoldPasses > 0;
            for (int o = oStart; o < oEnd; o += stride) {
                double sp = d[o + SEP] - preload;
                if (!(sp > 0)) {
                    meanSep += sp;
                    touching++;
                }
                // Each point's approach before any of the run's impulses of this pass: read in the sweep,
                // a point after the first saw the velocity its forerunners had already changed, and a
                // face landing flat bounced off its first corner's speed at the others' lower ones.
                if (read) {
                    double vn = fma(vBz - vAz, d[o + NZ], fma(vBy - vAy, d[o + NY], (vBx - vAx) * d[o + NX]))
                            + (fma(wBz, d[o + BN + 2], fma(wBy, d[o + BN + 1], wBx * d[o + BN]))
                            - fma(wAz, d[o + AN + 2], fma(wAy, d[o + AN + 1], wAx * d[o + AN])));
                    if (vn < d[o + APPROACH]) {
                        d[o + APPROACH] = vn;
                    }
                }
            }
            // No branch on touching == 0 (no point touching: the sum is 0 and so is the mean): a
            // branch the first steps never took was compiled as a trap, and the first run lifted
            // clear in the bench had this whole method compiled again.
            meanSep /= Math.max(touching, 1);
        }
        for (int pass = 0; pass < manifoldPasses; pass++) {
            boolean unsettled = false;
            for (int o = oStart; o < oEnd; o += stride) {
                double nx = d[o + NX], ny = d[o + NY], nz = d[o + NZ];
                double vn = fma(vBz - vAz, nz, fma(vBy - vAy, ny, (vBx - vAx) * nx))
                        + (fma(wBz, d[o + BN + 2], fma(wBy, d[o + BN + 1], wBx * d[o + BN]))
                        - fma(wAz, d[o + AN + 2], fma(wAy, d[o + AN + 1], wAx * d[o + AN])));
                // Speculative (pressed > 0: apart by more than the preload), in both passes: the gap
                // may close in this substep but no further, hard. Otherwise soft with bias, or (relax)
                // only vn >= 0. Selects rather than branches: which case a point is in changes from
                // point to point.
                double sep = d[o + SEP];
                double pressed = sep - preload;
                boolean soft = useBias && !(pressed > 0);
                // Relaxing, no spring: 0, which the push-out cap (negative) leaves as it is.
                double push = useBias ? springRate * (meanSep + TILT_STIFFENING * (pressed - meanSep)) : 0;
                double bias = pressed > 0 ? sep * invH : push > pushOut ? push : pushOut;
                double mScale = soft ? springMass : 1;
                double iScale = soft ? springImpulse : 0;
                if (readApproach && vn < d[o + APPROACH]) {
                    d[o + APPROACH] = vn;
                }
                double old = d[o + NORMAL_IMPULSE];
                double normalMass = d[o + NORMAL_MASS];
                // The impulse's part that does not wait for vn first, so the chain from one point's
                // velocities to the next is one multiply-add, a select and the updates.
                double k = -normalMass * mScale;
                double impulse = fma(k, vn, fma(k, bias, -iScale * old));
                // lambda stays >= 0: the change is at least -old.
                double dn = impulse > -old ? impulse : -old;
                double updated = old + dn;
                d[o + NORMAL_IMPULSE] = updated;
                if (dn > d[o + MAX_NORMAL_IMPULSE]) {
                    d[o + MAX_NORMAL_IMPULSE] = dn;
                }
                vAx = fma(dn, -ma * nx, vAx);
                vAy = fma(dn, -ma * ny, vAy);
                vAz = fma(dn, -ma * nz, vAz);
                wAx = fma(-dn, d[o + IAN], wAx);
                wAy = fma(-dn, d[o + IAN + 1], wAy);
                wAz = fma(-dn, d[o + IAN + 2], wAz);
                vBx = fma(dn, mb * nx, vBx);
                vBy = fma(dn, mb * ny, vBy);
                vBz = fma(dn, mb * nz, vBz);
                wBx = fma(dn, d[o + IBN], wBx);
                wBy = fma(dn, d[o + IBN + 1], wBy);
                wBz = fma(dn, d[o + IBN + 2], wBz);
                // |dn| / m_eff is the change of this point's relative normal velocity.
                if (Math.abs(dn) > MANIFOLD_TOLERANCE * normalMass) {
                    unsettled = true;
                }
            }
            if (end - start == 1 || !unsettled) {
                break;
            }
        }
        storeVelocity(s, a, vAx, vAy, vAz, wAx, wAy, wAz);
        storeVelocity(s, b, vBx, vBy, vBz, wBx, wBy, wBz);
    }
}
