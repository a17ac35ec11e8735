package ricochet.dynamics;

import static java.lang.Math.fma;
import static ricochet.dynamics.ContactPrepare.dot;
import static ricochet.dynamics.ContactPrepare.inverse;
import static ricochet.dynamics.ContactPrepare.jacobian;
import static ricochet.dynamics.ContactStore.ANCHOR_E1;
import static ricochet.dynamics.ContactStore.ANCHOR_E2;
import static ricochet.dynamics.ContactStore.ANCHOR_SLIP;
import static ricochet.dynamics.ContactStore.AT1;
import static ricochet.dynamics.ContactStore.AT2;
import static ricochet.dynamics.ContactStore.BT1;
import static ricochet.dynamics.ContactStore.BT2;
import static ricochet.dynamics.ContactStore.DRIFT1;
import static ricochet.dynamics.ContactStore.DRIFT2;
import static ricochet.dynamics.ContactStore.FRICTION_BIAS1;
import static ricochet.dynamics.ContactStore.FRICTION_BIAS2;
import static ricochet.dynamics.ContactStore.IAT1;
import static ricochet.dynamics.ContactStore.IAT2;
import static ricochet.dynamics.ContactStore.IBT1;
import static ricochet.dynamics.ContactStore.IBT2;
import static ricochet.dynamics.ContactStore.LAX;
import static ricochet.dynamics.ContactStore.LAY;
import static ricochet.dynamics.ContactStore.LAZ;
import static ricochet.dynamics.ContactStore.LBX;
import static ricochet.dynamics.ContactStore.LBY;
import static ricochet.dynamics.ContactStore.LBZ;
import static ricochet.dynamics.ContactStore.LEVER_SPEED1;
import static ricochet.dynamics.ContactStore.LEVER_SPEED2;
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
import static ricochet.dynamics.ContactStore.TANGENT_MASS1;
import static ricochet.dynamics.ContactStore.TANGENT_MASS2;

/**
 * Static friction held in position: a sticking contact keeps an anchor on each body, its tangent rows
 * hold the velocity where its point is now, and the biased pass takes back the anchors' separation,
 * so a drift the velocity rows cannot see is corrected, not only the velocity.
 *
 * <p>The tangent rows measure the relative velocity {@code v_t} with the levers of the step's start. A
 * body carried by a turning support moves along its circle within the step while the support's lever
 * still points where it was, so friction holds it to the support's velocity there, the tangent of the
 * step's start; each step it leaves along that tangent, gaining {@code (w r dt)^2 / (2 r)} of radius
 * (a box 1 m out on a table at 2 rad/s crept outward at 39 mm/s and slid off a table that holds it),
 * and at the next step's levers friction must turn its velocity by {@code w^2 r dt} at once, more than
 * the Coulomb disc gives in a substep near the slip limit. A moving support, kinematic or free, and a
 * support that turns and translates do the same.
 *
 * <p>Two terms cure it for any pair of bodies. (1) The point rides on the lighter body (the support is
 * the heavier), so the support's lever is {@code r_S + g}, {@code g = cB + rB - cA - rA} (how far the
 * carried body's point moved since the step's start): a support of infinite mass gets the difference
 * as a target, {@code u = -(w_S x g) . t} ({@link ContactStore#LEVER_SPEED1}), a moving support that
 * turns has its tangent rows made again at {@code r_S + g}, so its impulse turns it where the velocity
 * is held (as a target it did work on a free spinning slab). (2) The anchors' separation across the
 * normal, {@code C = E + D}: {@code D} the drift of the step's anchors since its start,
 * {@code (cB + R_B lB - cA - R_A lA) . t}, and {@code E} the offset at the step's start, last step's
 * {@code C} (carried by the warm-start cache, in world axes). The biased pass solves the tangent rows
 * for {@code v_t + u + rate C = 0} at the contact spring's bias rate, the relax pass for
 * {@code v_t + u = 0}, so the correction moves the bodies and the relax pass takes its speed back out
 * (as for the normals). The Coulomb clamp bounds both; a point whose friction reaches the disc slides,
 * and its anchors are placed again where it is at the next substep ({@code E = -D}, so {@code C = 0}):
 * a sliding point carries no offset, and Coulomb's law alone decides when a point sticks. A patch's
 * rows at its centre read the mean of its points' terms (both are linear in the levers).
 *
 * <p>The friction anchors of PhysX's patch friction and the positional static friction of Müller et
 * al. 2020 ("Detailed Rigid Body Simulation with Extended Position Based Dynamics"), on the velocity
 * rows of the soft step. Switch: {@link ContactSolver#setFrictionAnchors}.
 */
final class FrictionAnchor {

    /** m/s: a lever speed {@code |w_S| |g|} below this is left to the anchors' separation. */
    static final double MIN_LEVER_SPEED = 1e-3;

    private FrictionAnchor() {
    }

    /**
     * Whether the support of run {@code start .. end - 1} turns fast enough under it for the anchors to
     * matter, judged at the step's start: a body riding it moves over it by {@code |w_S x r_S| dt} in the
     * step, so its lever speed reaches about {@code |w_S|^2 |r_S| dt}; at least {@link #MIN_LEVER_SPEED},
     * the run keeps its anchors. Below it the step's rows hold the velocity as it is (the points of a
     * still support have no lever to follow), and the anchors are not kept: their separation carried
     * from step to step acts on a stack as an integral term, which the stack's rocking (a box's turn
     * moves its face along the tangents) fed into a cycle that never came to rest (a 20-row pyramid's
     * edge box rocked at 7.5 Hz and crept 3 mm/s outward).
     */
    static boolean turns(BodyStore s, ContactStore c, int start, double dt) {
        int a = c.bodyA[start], b = c.bodyB[start];
        boolean supportIsA = s.invMass[a] < s.invMass[b];
        int sup = supportIsA ? a : b;
        int o = STRIDE * start + (supportIsA ? RAX : RBX);
        double[] d = c.data;
        double w2 = s.wx[sup] * s.wx[sup] + s.wy[sup] * s.wy[sup] + s.wz[sup] * s.wz[sup];
        double r2 = d[o] * d[o] + d[o + 1] * d[o + 1] + d[o + 2] * d[o + 2];
        // (|w|^2 |r| dt)^2 against the threshold squared: no root.
        return w2 * w2 * r2 * dt * dt >= MIN_LEVER_SPEED * MIN_LEVER_SPEED;
    }

    /**
     * At the step's start: each point's offset {@code E} from what the warm start carried in
     * ({@link ContactStore#ANCHOR_E1}: last step's separation on these tangents, 0 for a new point),
     * less its anchors' drift now, and the rows' terms.
     */
    static void begin(BodyStore s, ContactStore c, int start, int end, boolean patch) {
        double[] d = c.data;
        drift(s, c, start, end, false, patch);
        for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
            d[o + ANCHOR_E1] -= d[o + DRIFT1];
            d[o + ANCHOR_E2] -= d[o + DRIFT2];
            d[o + ANCHOR_SLIP] = 0;
        }
        bias(c, start, end, patch);
    }

    /**
     * Once per substep, after the positions moved: the drifts and lever speeds made again; the anchors
     * of a point that slid since they were placed (a patch's: all its points, by its first) placed
     * again where it is ({@code C = 0}), and every point's where {@code release} (a run re-anchored in
     * this step: its points move over the body, and its levers are made again anyway); then the rows'
     * terms.
     */
    static void refresh(BodyStore s, ContactStore c, int start, int end, boolean patch, boolean release) {
        double[] d = c.data;
        drift(s, c, start, end, !release, patch);
        int o0 = STRIDE * start;
        boolean patchSlid = patch && d[o0 + ANCHOR_SLIP] != 0;
        for (int o = o0, e = STRIDE * end; o < e; o += STRIDE) {
            if (release || patchSlid || d[o + ANCHOR_SLIP] != 0) {
                d[o + ANCHOR_E1] = -d[o + DRIFT1];
                d[o + ANCHOR_E2] = -d[o + DRIFT2];
                d[o + ANCHOR_SLIP] = 0;
            }
        }
        bias(c, start, end, patch);
    }

    /**
     * Per point at the bodies' current poses and spins: the drift {@code D = (cB + R_B lB - cA - R_A lA)
     * . t} for both tangents and, where {@code speeds}, the lever speed: a support of infinite mass has
     * {@code u = -(w_S x g) . t} ({@code g = cB + rB - cA - rA}), a moving support that turns has its
     * tangent rows made again at its lever {@code r_S + g} instead, so that its impulse turns it where
     * the velocity is held ({@code u = 0}; a target on the step's lever did work on a free spinning slab).
     */
    private static void drift(BodyStore s, ContactStore c, int start, int end, boolean speeds,
                              boolean patch) {
        double[] d = c.data;
        int a = c.bodyA[start], b = c.bodyB[start];
        double qAx = s.qx[a], qAy = s.qy[a], qAz = s.qz[a], qAw = s.qw[a];
        double qBx = s.qx[b], qBy = s.qy[b], qBz = s.qz[b], qBw = s.qw[b];
        double cx = s.px[b] - s.px[a], cy = s.py[b] - s.py[a], cz = s.pz[b] - s.pz[a];
        // The support: the heavier body (B where both weigh the same); the point rides on the other.
        int sup = s.invMass[a] < s.invMass[b] ? a : b;
        double wSx = s.wx[sup], wSy = s.wy[sup], wSz = s.wz[sup];
        // |w_S| |g| bounds the lever speed (g the same for every point of a run: the carried body's
        // move over the support); below MIN_LEVER_SPEED it is left, so resting bodies keep the step's
        // rows (made again every substep they kept the built-in ragdolls from coming to rest).
        int o0 = STRIDE * start;
        double g0x = cx + d[o0 + RBX] - d[o0 + RAX], g0y = cy + d[o0 + RBY] - d[o0 + RAY];
        double g0z = cz + d[o0 + RBZ] - d[o0 + RAZ];
        double w2 = wSx * wSx + wSy * wSy + wSz * wSz, g2 = g0x * g0x + g0y * g0y + g0z * g0z;
        boolean turning = speeds && w2 * g2 > MIN_LEVER_SPEED * MIN_LEVER_SPEED;
        boolean relever = turning && s.invMass[sup] > 0;
        for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
            // R l for the unit quaternion (x, y, z, w): t = 2 q_v x l, R l = l + w t + q_v x t.
            double lx = d[o + LAX], ly = d[o + LAY], lz = d[o + LAZ];
            double tx = 2 * fma(qAy, lz, -qAz * ly), ty = 2 * fma(qAz, lx, -qAx * lz);
            double tz = 2 * fma(qAx, ly, -qAy * lx);
            double ax = lx + fma(qAw, tx, fma(qAy, tz, -qAz * ty));
            double ay = ly + fma(qAw, ty, fma(qAz, tx, -qAx * tz));
            double az = lz + fma(qAw, tz, fma(qAx, ty, -qAy * tx));
            lx = d[o + LBX];
            ly = d[o + LBY];
            lz = d[o + LBZ];
            tx = 2 * fma(qBy, lz, -qBz * ly);
            ty = 2 * fma(qBz, lx, -qBx * lz);
            tz = 2 * fma(qBx, ly, -qBy * lx);
            double bx = lx + fma(qBw, tx, fma(qBy, tz, -qBz * ty));
            double by = ly + fma(qBw, ty, fma(qBz, tx, -qBx * tz));
            double bz = lz + fma(qBw, tz, fma(qBx, ty, -qBy * tx));
            double t1x = d[o + T1X], t1y = d[o + T1Y], t1z = d[o + T1Z];
            double t2x = d[o + T2X], t2y = d[o + T2Y], t2z = d[o + T2Z];
            double gx = cx + bx - ax, gy = cy + by - ay, gz = cz + bz - az;
            d[o + DRIFT1] = fma(gz, t1z, fma(gy, t1y, gx * t1x));
            d[o + DRIFT2] = fma(gz, t2z, fma(gy, t2y, gx * t2x));
            double u1 = 0, u2 = 0;
            if (turning && !relever) {
                // g = cB + rB - cA - rA at the step's levers; u = -(w_S x g) . t.
                double hx = cx + d[o + RBX] - d[o + RAX], hy = cy + d[o + RBY] - d[o + RAY];
                double hz = cz + d[o + RBZ] - d[o + RAZ];
                double ux = wSz * hy - wSy * hz, uy = wSx * hz - wSz * hx, uz = wSy * hx - wSx * hy;
                u1 = fma(uz, t1z, fma(uy, t1y, ux * t1x));
                u2 = fma(uz, t2z, fma(uy, t2y, ux * t2x));
            }
            d[o + LEVER_SPEED1] = u1;
            d[o + LEVER_SPEED2] = u2;
        }
        if (relever) {
            relever(s, c, start, end, patch, sup == a, cx, cy, cz);
        }
    }

    /**
     * A moving support's tangent rows made again at the point where the carried body's point now is,
     * {@code r_S + g}: each point's, or a patch's at its centre, with the tangent effective masses.
     */
    private static void relever(BodyStore s, ContactStore c, int start, int end, boolean patch,
                                boolean supportIsA, double cx, double cy, double cz) {
        double[] d = c.data, inv = s.invInertiaWorld;
        int a = c.bodyA[start], b = c.bodyB[start];
        int sup = supportIsA ? a : b;
        int rs = supportIsA ? RAX : RBX;
        int j1 = supportIsA ? AT1 : BT1, j2 = supportIsA ? AT2 : BT2;
        int i1 = supportIsA ? IAT1 : IBT1, i2 = supportIsA ? IAT2 : IBT2;
        double mSum = s.invMass[a] + s.invMass[b];
        int n = patch ? 1 : end - start;
        double sx = 0, sy = 0, sz = 0;
        if (patch) {
            for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
                sx += d[o + rs];
                sy += d[o + rs + 1];
                sz += d[o + rs + 2];
            }
            double k = 1.0 / (end - start);
            sx *= k;
            sy *= k;
            sz *= k;
        }
        for (int o = STRIDE * start, e = o + STRIDE * n; o < e; o += STRIDE) {
            // g = cB + rB - cA - rA: the support's lever moves by g (A's) or -g (B's).
            double gx = cx + d[o + RBX] - d[o + RAX], gy = cy + d[o + RBY] - d[o + RAY];
            double gz = cz + d[o + RBZ] - d[o + RAZ];
            double sign = supportIsA ? 1 : -1;
            double rx = (patch ? sx : d[o + rs]) + sign * gx;
            double ry = (patch ? sy : d[o + rs + 1]) + sign * gy;
            double rz = (patch ? sz : d[o + rs + 2]) + sign * gz;
            jacobian(inv, sup, rx, ry, rz, d[o + T1X], d[o + T1Y], d[o + T1Z], d, o + j1, o + i1);
            jacobian(inv, sup, rx, ry, rz, d[o + T2X], d[o + T2Y], d[o + T2Z], d, o + j2, o + i2);
            d[o + TANGENT_MASS1] = inverse(mSum + dot(d, o + AT1, o + IAT1) + dot(d, o + BT1, o + IBT1));
            d[o + TANGENT_MASS2] = inverse(mSum + dot(d, o + AT2, o + IAT2) + dot(d, o + BT2, o + IBT2));
        }
    }

    /**
     * The rows' terms: the separation {@code C = E + D} and the lever speed, each point's own, or a
     * patch's mean on its first point (its rows are at the centre of the points).
     */
    private static void bias(ContactStore c, int start, int end, boolean patch) {
        double[] d = c.data;
        double sum1 = 0, sum2 = 0, speed1 = 0, speed2 = 0;
        for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
            double c1 = d[o + ANCHOR_E1] + d[o + DRIFT1], c2 = d[o + ANCHOR_E2] + d[o + DRIFT2];
            d[o + FRICTION_BIAS1] = c1;
            d[o + FRICTION_BIAS2] = c2;
            sum1 += c1;
            sum2 += c2;
            speed1 += d[o + LEVER_SPEED1];
            speed2 += d[o + LEVER_SPEED2];
        }
        if (patch) {
            int o0 = STRIDE * start;
            double k = 1.0 / (end - start);
            d[o0 + FRICTION_BIAS1] = sum1 * k;
            d[o0 + FRICTION_BIAS2] = sum2 * k;
            d[o0 + LEVER_SPEED1] = speed1 * k;
            d[o0 + LEVER_SPEED2] = speed2 * k;
        }
    }

    /**
     * After the step: each point's separation {@code C} as the last substep left it, into
     * {@link ContactStore#FRICTION_BIAS1} and {@link ContactStore#FRICTION_BIAS2} for the warm-start
     * cache, or 0 where the point (a patch: by its first point) slid since its anchors were placed.
     */
    static void finish(ContactStore c, int start, int end, boolean patch) {
        double[] d = c.data;
        int o0 = STRIDE * start;
        boolean patchSlid = patch && d[o0 + ANCHOR_SLIP] != 0;
        for (int o = o0, e = STRIDE * end; o < e; o += STRIDE) {
            boolean slid = patchSlid || d[o + ANCHOR_SLIP] != 0;
            d[o + FRICTION_BIAS1] = slid ? 0 : d[o + ANCHOR_E1] + d[o + DRIFT1];
            d[o + FRICTION_BIAS2] = slid ? 0 : d[o + ANCHOR_E2] + d[o + DRIFT2];
        }
    }
}
