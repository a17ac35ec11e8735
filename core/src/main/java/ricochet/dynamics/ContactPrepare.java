package ricochet.dynamics;

import static java.lang.Math.fma;
import static ricochet.dynamics.ContactStore.AN;
import static ricochet.dynamics.ContactStore.ANCHORED;
import static ricochet.dynamics.ContactStore.APPROACH_FLOOR;
import static ricochet.dynamics.ContactStore.AT1;
import static ricochet.dynamics.ContactStore.AT2;
import static ricochet.dynamics.ContactStore.BASE;
import static ricochet.dynamics.ContactStore.BN;
import static ricochet.dynamics.ContactStore.BT1;
import static ricochet.dynamics.ContactStore.BT2;
import static ricochet.dynamics.ContactStore.IAN;
import static ricochet.dynamics.ContactStore.IAT1;
import static ricochet.dynamics.ContactStore.IAT2;
import static ricochet.dynamics.ContactStore.IBN;
import static ricochet.dynamics.ContactStore.IBT1;
import static ricochet.dynamics.ContactStore.IBT2;
import static ricochet.dynamics.ContactStore.LAX;
import static ricochet.dynamics.ContactStore.LAY;
import static ricochet.dynamics.ContactStore.LAZ;
import static ricochet.dynamics.ContactStore.LBX;
import static ricochet.dynamics.ContactStore.LBY;
import static ricochet.dynamics.ContactStore.LBZ;
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
import static ricochet.dynamics.ContactStore.RESTITUTION;
import static ricochet.dynamics.ContactStore.SEP;
import static ricochet.dynamics.ContactStore.SEPARATION;
import static ricochet.dynamics.ContactStore.STRIDE;
import static ricochet.dynamics.ContactStore.T1X;
import static ricochet.dynamics.ContactStore.T1Y;
import static ricochet.dynamics.ContactStore.T1Z;
import static ricochet.dynamics.ContactStore.T2X;
import static ricochet.dynamics.ContactStore.T2Y;
import static ricochet.dynamics.ContactStore.T2Z;
import static ricochet.dynamics.ContactStore.TANGENT_MASS1;
import static ricochet.dynamics.ContactStore.TANGENT_MASS2;
import static ricochet.dynamics.PatchFriction.patchJacobians;

/**
 * The preparation of a step's contact points, and what the substeps make again of it: per point the
 * tangents, the body-frame anchors, the Jacobians {@code r x d}, {@code I^-1 (r x d)} and effective
 * masses {@code 1 / (mA + mB + (I_A^-1 (rA x d)) . (rA x d) + (I_B^-1 (rB x d)) . (rB x d))} for
 * {@code d = n, t1, t2}, the separation base and the approach floor; per substep the separations at
 * the current poses and, for bodies whose inertia turns, the Jacobians.
 *
 * <p>The Jacobians are fixed for the step: the lever arms, the tangents, the effective masses and the
 * angular terms all use the poses and world inverse inertias at the step's start (as Jolt's contact
 * constraints do), so each impulse moves the bodies exactly as the effective mass that sized it
 * assumed, and a pass reads them instead of forming crosses and matrix products for every point again.
 */
final class ContactPrepare {

    private ContactPrepare() {
    }

    /**
     * The preparation's per-point part for points {@code from .. to - 1} (see {@link ContactSolver} and
     * {@link #preparePoint}).
     */
    static void prepare(BodyStore s, ContactStore c, int from, int to, double gravity, double dt) {
        // Each block starts its warm-start cursor afresh: the lookups find the same entries either way.
        int cursor = -1;
        for (int i = from; i < to; i++) {
            preparePoint(s, c, i, gravity, dt);
            cursor = c.warmStart(i, cursor);
        }
    }

    /**
     * Point i's tangents, local anchors, Jacobians and masses. A method per point, not the body of a
     * loop over a block: called thousands of times a step, it is fully compiled within the first steps.
     */
    static void preparePoint(BodyStore s, ContactStore c, int i, double gravity, double dt) {
        double[] d = c.data;
        int o = STRIDE * i;
        int a = c.bodyA[i], b = c.bodyB[i];
        double nx = d[o + NX], ny = d[o + NY], nz = d[o + NZ];
        // Tangents from the normal by a fixed rule: t1 = n x e with e the axis n is least
        // aligned to (|nx| < 1/sqrt(3) picks x), t2 = n x t1. The rule only switches where
        // |nx| = 1/sqrt(3), far from the axis-aligned normals of resting contacts, so a resting
        // point keeps its tangents, and with them its warm-started friction, step after step.
        double t1x, t1y, t1z;
        if (Math.abs(nx) < 0.5773502691896258) {
            // n x (1, 0, 0) = (0, nz, -ny)
            double invLen = 1 / Math.sqrt(ny * ny + nz * nz);
            t1x = 0;
            t1y = nz * invLen;
            t1z = -ny * invLen;
        } else {
            // n x (0, 1, 0) = (-nz, 0, nx)
            double invLen = 1 / Math.sqrt(nx * nx + nz * nz);
            t1x = -nz * invLen;
            t1y = 0;
            t1z = nx * invLen;
        }
        double t2x = ny * t1z - nz * t1y, t2y = nz * t1x - nx * t1z, t2z = nx * t1y - ny * t1x;
        d[o + T1X] = t1x;
        d[o + T1Y] = t1y;
        d[o + T1Z] = t1z;
        d[o + T2X] = t2x;
        d[o + T2Y] = t2y;
        d[o + T2Z] = t2z;

        double rAx = d[o + RAX], rAy = d[o + RAY], rAz = d[o + RAZ];
        double rBx = d[o + RBX], rBy = d[o + RBY], rBz = d[o + RBZ];
        // l = R^T r: rotate by the conjugate quaternion.
        double x = -s.qx[a], y = -s.qy[a], z = -s.qz[a], w = s.qw[a];
        double tx = 2 * (y * rAz - z * rAy), ty = 2 * (z * rAx - x * rAz), tz = 2 * (x * rAy - y * rAx);
        d[o + LAX] = rAx + w * tx + (y * tz - z * ty);
        d[o + LAY] = rAy + w * ty + (z * tx - x * tz);
        d[o + LAZ] = rAz + w * tz + (x * ty - y * tx);
        x = -s.qx[b];
        y = -s.qy[b];
        z = -s.qz[b];
        w = s.qw[b];
        tx = 2 * (y * rBz - z * rBy);
        ty = 2 * (z * rBx - x * rBz);
        tz = 2 * (x * rBy - y * rBx);
        d[o + LBX] = rBx + w * tx + (y * tz - z * ty);
        d[o + LBY] = rBy + w * ty + (z * tx - x * tz);
        d[o + LBZ] = rBz + w * tz + (x * ty - y * tx);
        // base = s - ((cB + rB) - (cA + rA)) . n
        d[o + BASE] = d[o + SEPARATION] - ((s.px[b] + rBx - s.px[a] - rAx) * nx
                + (s.py[b] + rBy - s.py[a] - rAy) * ny + (s.pz[b] + rBz - s.pz[a] - rAz) * nz);

        // The tangents' rows follow per run (SoftStep.prepareRun): at each point, or a patch's at its centre.
        normalJacobians(s, d, o, a, b);
        d[o + ANCHORED] = s.invMass[a] == 0 || s.invMass[b] == 0 ? 1 : 0;
        // Only a bouncing point reads its floor (bounceApproach), and most points have no
        // restitution: skipping the floor's two speed bounds takes a quarter off the preparation.
        d[o + APPROACH_FLOOR] = d[o + RESTITUTION] == 0 ? 0
                : approachFloor(s, a, b, rAx, rAy, rAz, rBx, rBy, rBz, nx, ny, nz, gravity, dt);
    }

    /**
     * The point's normal velocity {@code (vB + wB x rB - vA - wA x rA) . n} now, less a bound on what
     * the step can add to its approach: per moving body {@code dt} times its gravity
     * {@code |g gs|}, its force {@code |F| / m}, its torque's point acceleration
     * {@code |I^-1 tau| |r|} and the centripetal turn of the point's velocity {@code |w|^2 |r|}.
     */
    static double approachFloor(BodyStore s, int a, int b, double rAx, double rAy, double rAz,
                                        double rBx, double rBy, double rBz, double nx, double ny, double nz,
                                        double gravity, double dt) {
        double vn = normalVelocity(s, a, b, rAx, rAy, rAz, rBx, rBy, rBz, nx, ny, nz);
        double gain = speedGain(s, a, rAx, rAy, rAz, gravity) + speedGain(s, b, rBx, rBy, rBz, gravity);
        return vn - gain * dt;
    }

    /** {@code (vB + wB x rB - vA - wA x rA) . n} at the bodies' current velocities. */
    static double normalVelocity(BodyStore s, int a, int b, double rAx, double rAy, double rAz,
                                         double rBx, double rBy, double rBz,
                                         double nx, double ny, double nz) {
        double dvx = s.vx[b] + s.wy[b] * rBz - s.wz[b] * rBy - s.vx[a] - s.wy[a] * rAz + s.wz[a] * rAy;
        double dvy = s.vy[b] + s.wz[b] * rBx - s.wx[b] * rBz - s.vy[a] - s.wz[a] * rAx + s.wx[a] * rAz;
        double dvz = s.vz[b] + s.wx[b] * rBy - s.wy[b] * rBx - s.vz[a] - s.wx[a] * rAy + s.wy[a] * rAx;
        return dvx * nx + dvy * ny + dvz * nz;
    }

    /** Body i's bound on the acceleration of its point at lever r, m/s^2 (0 for infinite mass). */
    static double speedGain(BodyStore s, int i, double rx, double ry, double rz, double gravity) {
        double m = s.invMass[i];
        if (m == 0) {
            return 0;
        }
        double r = Math.sqrt(rx * rx + ry * ry + rz * rz);
        double[] inv = s.invInertiaWorld;
        int k = 9 * i;
        double tx = s.tx[i], ty = s.ty[i], tz = s.tz[i];
        double ax = inv[k] * tx + inv[k + 1] * ty + inv[k + 2] * tz;
        double ay = inv[k + 3] * tx + inv[k + 4] * ty + inv[k + 5] * tz;
        double az = inv[k + 6] * tx + inv[k + 7] * ty + inv[k + 8] * tz;
        double w2 = s.wx[i] * s.wx[i] + s.wy[i] * s.wy[i] + s.wz[i] * s.wz[i];
        double force = Math.sqrt(s.fx[i] * s.fx[i] + s.fy[i] * s.fy[i] + s.fz[i] * s.fz[i]);
        return gravity * Math.abs(s.gravityScale[i]) + force * m
                + (Math.sqrt(ax * ax + ay * ay + az * az) + w2) * r;
    }

    static double inverse(double k) {
        return k > 0 ? 1 / k : 0;
    }

    /**
     * {@code c = r x d} into {@code out[rd..rd+2]} and {@code I^-1 c} (body {@code i}'s world inverse
     * inertia) into {@code out[ird..ird+2]}.
     */
    static void jacobian(double[] inv, int i, double rx, double ry, double rz, double dx, double dy,
                                 double dz, double[] out, int rd, int ird) {
        double cx = ry * dz - rz * dy, cy = rz * dx - rx * dz, cz = rx * dy - ry * dx;
        int o = 9 * i;
        out[rd] = cx;
        out[rd + 1] = cy;
        out[rd + 2] = cz;
        out[ird] = inv[o] * cx + inv[o + 1] * cy + inv[o + 2] * cz;
        out[ird + 1] = inv[o + 3] * cx + inv[o + 4] * cy + inv[o + 5] * cz;
        out[ird + 2] = inv[o + 6] * cx + inv[o + 7] * cy + inv[o + 8] * cz;
    }

    /**
     * The point at offset o's six Jacobian rows ({@code r x d} and {@code I^-1 (r x d)} for the normal
     * and both tangents, on each body) and its three effective masses, from its levers
     * ({@code RAX..RBZ}) and the bodies' world inverse inertias as they are now.
     */
    static void jacobians(BodyStore s, double[] d, int o, int a, int b) {
        normalJacobians(s, d, o, a, b);
        tangentJacobians(s, d, o, a, b);
    }

    /** The normal's part of {@link #jacobians}: all a point in a friction patch needs of its own. */
    static void normalJacobians(BodyStore s, double[] d, int o, int a, int b) {
        double[] inv = s.invInertiaWorld;
        double nx = d[o + NX], ny = d[o + NY], nz = d[o + NZ];
        jacobian(inv, a, d[o + RAX], d[o + RAY], d[o + RAZ], nx, ny, nz, d, o + AN, o + IAN);
        jacobian(inv, b, d[o + RBX], d[o + RBY], d[o + RBZ], nx, ny, nz, d, o + BN, o + IBN);
        double mSum = s.invMass[a] + s.invMass[b];
        d[o + NORMAL_MASS] = inverse(mSum + dot(d, o + AN, o + IAN) + dot(d, o + BN, o + IBN));
    }

    /** The tangents' part of {@link #jacobians}, for a point solved on its own. */
    static void tangentJacobians(BodyStore s, double[] d, int o, int a, int b) {
        double[] inv = s.invInertiaWorld;
        double rAx = d[o + RAX], rAy = d[o + RAY], rAz = d[o + RAZ];
        double rBx = d[o + RBX], rBy = d[o + RBY], rBz = d[o + RBZ];
        jacobian(inv, a, rAx, rAy, rAz, d[o + T1X], d[o + T1Y], d[o + T1Z], d, o + AT1, o + IAT1);
        jacobian(inv, a, rAx, rAy, rAz, d[o + T2X], d[o + T2Y], d[o + T2Z], d, o + AT2, o + IAT2);
        jacobian(inv, b, rBx, rBy, rBz, d[o + T1X], d[o + T1Y], d[o + T1Z], d, o + BT1, o + IBT1);
        jacobian(inv, b, rBx, rBy, rBz, d[o + T2X], d[o + T2Y], d[o + T2Z], d, o + BT2, o + IBT2);
        double mSum = s.invMass[a] + s.invMass[b];
        d[o + TANGENT_MASS1] = inverse(mSum + dot(d, o + AT1, o + IAT1) + dot(d, o + BT1, o + IBT1));
        d[o + TANGENT_MASS2] = inverse(mSum + dot(d, o + AT2, o + IAT2) + dot(d, o + BT2, o + IBT2));
    }

    /**
     * The Jacobians and effective masses of one run's points (see {@link #jacobians}) made again at
     * the current world inverse inertias, where a moving body of the run has an inertia that turning
     * changes. Once per substep, after the positions moved: a solve that pushes with {@code I^-1} from
     * the step's start on a body that has since turned changes its angular momentum by
     * {@code I_now I_start^-1 (r x P)}, not {@code r x P}, and does work its impulse does not pay for.
     * A 2 kg compound tumbling at 12 rad/s against frictionless ground (vertical normals, so no torque
     * about the vertical) went from 28.8 to 83 N m s about the vertical and from 279 J to 614 J in
     * 300 steps; at the current inertias it loses energy, as an inelastic contact should.
     */
    static void refreshJacobians(BodyStore s, ContactStore c, int start, int end, boolean patch) {
        int a = c.bodyA[start], b = c.bodyB[start];
        if (!turnsItsInertia(s, a) && !turnsItsInertia(s, b)) {
            return;
        }
        double[] d = c.data;
        for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
            if (patch) {
                normalJacobians(s, d, o, a, b);
            } else {
                jacobians(s, d, o, a, b);
            }
        }
        if (patch) {
            patchJacobians(s, c, start, end);
        }
    }

    /** Whether body i moves and its world inertia changes as it turns (not a multiple of the identity). */
    static boolean turnsItsInertia(BodyStore s, int i) {
        return s.invMass[i] > 0 && !BodyStore.isotropic(s.invInertiaBody, 9 * i);
    }

    static double dot(double[] d, int p, int q) {
        return d[p] * d[q] + d[p + 1] * d[q + 1] + d[p + 2] * d[q + 2];
    }

    /** {@code R_i l} for body i's rotation, into out[0..2]. */
    static void rotate(BodyStore s, int i, double lx, double ly, double lz, double[] out) {
        double qx = s.qx[i], qy = s.qy[i], qz = s.qz[i], qw = s.qw[i];
        double tx = 2 * (qy * lz - qz * ly), ty = 2 * (qz * lx - qx * lz), tz = 2 * (qx * ly - qy * lx);
        out[0] = lx + qw * tx + (qy * tz - qz * ty);
        out[1] = ly + qw * ty + (qz * tx - qx * tz);
        out[2] = lz + qw * tz + (qx * ty - qy * tx);
    }

    /**
     * {@code s = base + (cB + R_B lB - cA - R_A lA) . n} at the bodies' current poses, for the points
     * {@code start..end-1} of one run, into {@link ContactStore#SEP}. Positions change only in
     * {@link Stage#INTEGRATE_POSITIONS}, so this runs once per substep (in the first relax pass) and
     * the next substep's biased solve reads the same values.
     */
    static void refreshSeparations(BodyStore s, ContactStore c, int start, int end) {
        double[] d = c.data;
        int a = c.bodyA[start], b = c.bodyB[start];
        double pAx = s.px[a], pAy = s.py[a], pAz = s.pz[a];
        double qAx = s.qx[a], qAy = s.qy[a], qAz = s.qz[a], qAw = s.qw[a];
        double pBx = s.px[b], pBy = s.py[b], pBz = s.pz[b];
        double qBx = s.qx[b], qBy = s.qy[b], qBz = s.qz[b], qBw = s.qw[b];
        for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
            // R l for the unit quaternion (x, y, z, w): t = 2 q_v x l, R l = l + w t + q_v x t.
            double lx = d[o + LAX], ly = d[o + LAY], lz = d[o + LAZ];
            double tx = 2 * fma(qAy, lz, -qAz * ly), ty = 2 * fma(qAz, lx, -qAx * lz);
            double tz = 2 * fma(qAx, ly, -qAy * lx);
            double ax = pAx + lx + fma(qAw, tx, fma(qAy, tz, -qAz * ty));
            double ay = pAy + ly + fma(qAw, ty, fma(qAz, tx, -qAx * tz));
            double az = pAz + lz + fma(qAw, tz, fma(qAx, ty, -qAy * tx));
            lx = d[o + LBX];
            ly = d[o + LBY];
            lz = d[o + LBZ];
            tx = 2 * fma(qBy, lz, -qBz * ly);
            ty = 2 * fma(qBz, lx, -qBx * lz);
            tz = 2 * fma(qBx, ly, -qBy * lx);
            double bx = pBx + lx + fma(qBw, tx, fma(qBy, tz, -qBz * ty));
            double by = pBy + ly + fma(qBw, ty, fma(qBz, tx, -qBx * tz));
            double bz = pBz + lz + fma(qBw, tz, fma(qBx, ty, -qBy * tx));
            d[o + SEP] = fma(bz - az, d[o + NZ], fma(by - ay, d[o + NY], fma(bx - ax, d[o + NX], d[o + BASE])));
        }
    }
}
