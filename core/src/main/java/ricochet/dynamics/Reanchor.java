package ricochet.dynamics;

import static ricochet.dynamics.ContactPrepare.jacobians;
import static ricochet.dynamics.ContactPrepare.normalJacobians;
import static ricochet.dynamics.ContactPrepare.normalVelocity;
import static ricochet.dynamics.ContactPrepare.rotate;
import static ricochet.dynamics.ContactStore.ANCHOR_SHARE;
import static ricochet.dynamics.ContactStore.APPROACH;
import static ricochet.dynamics.ContactStore.BASE;
import static ricochet.dynamics.ContactStore.LAX;
import static ricochet.dynamics.ContactStore.LAY;
import static ricochet.dynamics.ContactStore.LAZ;
import static ricochet.dynamics.ContactStore.LBX;
import static ricochet.dynamics.ContactStore.LBY;
import static ricochet.dynamics.ContactStore.LBZ;
import static ricochet.dynamics.ContactStore.NORMAL_IMPULSE;
import static ricochet.dynamics.ContactStore.NX;
import static ricochet.dynamics.ContactStore.NY;
import static ricochet.dynamics.ContactStore.NZ;
import static ricochet.dynamics.ContactStore.RAX;
import static ricochet.dynamics.ContactStore.RAY;
import static ricochet.dynamics.ContactStore.RAZ;
import static ricochet.dynamics.ContactStore.RBX;
import static ricochet.dynamics.ContactStore.RBY;
import static ricochet.dynamics.ContactStore.RBZ;
import static ricochet.dynamics.ContactStore.SEP;
import static ricochet.dynamics.ContactStore.STRIDE;
import static ricochet.dynamics.ContactStore.TANGENT_IMPULSE1;
import static ricochet.dynamics.ContactStore.TANGENT_IMPULSE2;
import static ricochet.dynamics.ContactStore.TOTAL_NORMAL_IMPULSE;
import static ricochet.dynamics.ContactStore.TWIST_IMPULSE;
import static ricochet.dynamics.PatchFriction.patchJacobians;
import static ricochet.dynamics.SolverTuning.FEATURE_SIZE;
import static ricochet.dynamics.SolverTuning.LEAN_TO_ANCHOR;
import static ricochet.dynamics.SolverTuning.TIE;
import static ricochet.dynamics.SolverTuning.TURN_LIMIT;

/**
 * Re-anchoring of fast-turning bodies: a body that turns by more than
 * {@link SolverTuning#TURN_LIMIT} about an axis across the contact normal within one step has its
 * points of that run moved, every substep left, to its current extreme point along the normal. The
 * anchors the narrow phase found at the step's start have turned away from the ground by then, and
 * a corner they never saw comes down: a centimetre cylinder tumbling at the spin cap turns half a
 * turn a step and went through the ground between two narrow phases. The support direction leans
 * towards each point's stale anchor by {@link SolverTuning#LEAN_TO_ANCHOR}, so that among ties (a
 * face or an edge lying flat along n) each point keeps its own corner and a manifold does not
 * collapse onto one of them; the leaned point is kept only where it reaches as far along n as the
 * plain support within {@link SolverTuning#TIE} (on a round shape it would sit beside the lowest
 * point, read as separating while the body rolls, and let a rolling ball sink 12 mm).
 */
final class Reanchor {

    /** {@link #bits}' mark of a run that may be re-anchored. */
    static final byte ELIGIBLE = 4;

    private final SupportQuery supports;
    /**
     * Per run of this step (coloured order): {@link #ELIGIBLE} when it may be re-anchored, and bit 0
     * (A) and bit 1 (B) once a body turned fast in this step; it is then re-anchored in every
     * substep left.
     */
    byte[] bits = new byte[16];

    Reanchor(SupportQuery supports) {
        this.supports = supports;
    }

    /** {@link #bits} for {@code runs} runs. */
    void grow(int runs) {
        if (bits.length < runs) {
            bits = new byte[Math.max(runs, 2 * bits.length)];
        }
    }

    /** Whether run r's points were moved to a fast-turning body's support point in this step. */
    boolean moved(int r) {
        return (bits[r] & 3) != 0;
    }

    /** Run r's mark at the step's start: {@link #ELIGIBLE} or 0 (never, without support functions). */
    void mark(BodyStore s, ContactStore c, int r, int start, int end) {
        bits[r] = supports.source == null ? 0 : eligible(s, c, start, end);
    }

    /**
     * Once per substep, after the separations were refreshed: run r's points re-anchored where a body
     * of an eligible run turns fast ({@link #turning}) now or did earlier in the step.
     */
    void refresh(BodyStore s, ContactStore c, int r, int start, int end, int worker, boolean patch,
                 double dt) {
        if (bits[r] != 0) {
            int turned = bits[r] | turning(s, c, start, end, dt);
            bits[r] = (byte) turned;
            if ((turned & 3) != 0) {
                reanchor(s, c, start, end, turned, worker, patch);
            }
        }
    }

    /**
     * {@link #ELIGIBLE}, or 0 for two dynamic bodies that overlap at the step's start by more than a
     * quarter of the thinner one (its {@code fastDistance}): there the extreme point along the
     * normal lies across the overlap, not at the contact, and pushing there spun a box that started
     * inside a heavy compound up to 20,000 rad/s. Against static or kinematic ground the extreme
     * point is the deepest one however deep, and a body sinking into the ground needs it most.
     */
    private static byte eligible(BodyStore s, ContactStore c, int start, int end) {
        int a = c.bodyA[start], b = c.bodyB[start];
        if (s.invMass[a] > 0 && s.invMass[b] > 0) {
            double deepest = -Math.min(s.fastDistance[a], s.fastDistance[b]);
            double[] d = c.data;
            for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
                if (d[o + BASE] < deepest) {
                    return 0;
                }
            }
        }
        return ELIGIBLE;
    }

    /**
     * Bit 0: A turns past {@link SolverTuning#TURN_LIMIT} across some normal of the run in {@code dt}; bit 1:
     * B.
     */
    private static int turning(BodyStore s, ContactStore c, int start, int end, double dt) {
        int a = c.bodyA[start], b = c.bodyB[start];
        // |w x n| <= |w|: most runs end here, on two spins.
        double limit = TURN_LIMIT / dt;
        if (spin2(s, a) <= limit * limit && spin2(s, b) <= limit * limit) {
            return 0;
        }
        double[] d = c.data;
        int bits = 0;
        for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
            double nx = d[o + NX], ny = d[o + NY], nz = d[o + NZ];
            if (turnsAcross(s, a, nx, ny, nz, dt)) {
                bits |= 1;
            }
            if (turnsAcross(s, b, nx, ny, nz, dt)) {
                bits |= 2;
            }
        }
        return bits;
    }

    private static double spin2(BodyStore s, int i) {
        return s.wx[i] * s.wx[i] + s.wy[i] * s.wy[i] + s.wz[i] * s.wz[i];
    }

    /** Whether {@code |w x n| dt > TURN_LIMIT} for body i. */
    private static boolean turnsAcross(BodyStore s, int i, double nx, double ny, double nz, double dt) {
        double wx = s.wx[i], wy = s.wy[i], wz = s.wz[i];
        double cx = wy * nz - wz * ny, cy = wz * nx - wx * nz, cz = wx * ny - wy * nx;
        double limit = TURN_LIMIT / dt;
        return cx * cx + cy * cy + cz * cz > limit * limit;
    }

    /**
     * The points of one run whose body turns fast (bits as {@link #bits}), moved to the body's
     * current extreme point along the normal (A's along n, B's along -n, each leaning towards the
     * point's own stale anchor): the separation becomes the gap between that point and the other
     * side's surface, and both lever arms reach the new midpoint, so the effective masses and
     * Jacobians are made again with the current inverse inertia (a patch's too, its centre moved).
     * The stale anchor's surface is the
     * midpoint less half the start separation ({@code BASE}: both levers reached the same midpoint at
     * the step's start). Runs after {@link #refreshSeparations}, in the same pass; a body without a
     * support function (a plane, a mesh) keeps its anchors. A point that left its feature loses its
     * friction impulse; in a patch ({@code patch}), the patch's.
     */
    private void reanchor(BodyStore s, ContactStore c, int start, int end, int bits, int worker,
                          boolean patch) {
        double[] d = c.data;
        double[] out = supports.scratch[worker];
        int a = c.bodyA[start], b = c.bodyB[start];
        for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
            double nx = d[o + NX], ny = d[o + NY], nz = d[o + NZ];
            // A's surface lay t base below the stale anchor and B's (1 - t) base above it.
            double share = d[o + ANCHOR_SHARE], base = d[o + BASE];
            // The stale anchors now, each relative to its body's centre of mass.
            rotate(s, a, d[o + LAX], d[o + LAY], d[o + LAZ], out);
            double ax = out[0], ay = out[1], az = out[2];
            rotate(s, b, d[o + LBX], d[o + LBY], d[o + LBZ], out);
            double bx = out[0], by = out[1], bz = out[2];
            double aHeight = (s.px[a] + ax) * nx + (s.py[a] + ay) * ny + (s.pz[a] + az) * nz - share * base;
            double bHeight = (s.px[b] + bx) * nx + (s.py[b] + by) * ny + (s.pz[b] + bz) * nz
                    + (1 - share) * base;
            boolean movedA = (bits & 1) != 0 && leaningSupport(s, a, ax, ay, az, nx, ny, nz, worker, out);
            double sAx = out[0], sAy = out[1], sAz = out[2];
            if (movedA) {
                aHeight = sAx * nx + sAy * ny + sAz * nz;
            }
            boolean movedB = (bits & 2) != 0 && leaningSupport(s, b, bx, by, bz, -nx, -ny, -nz, worker, out);
            double sBx = out[0], sBy = out[1], sBz = out[2];
            if (movedB) {
                bHeight = sBx * nx + sBy * ny + sBz * nz;
            }
            if (!movedA && !movedB) {
                continue;
            }
            double sep = bHeight - aHeight;
            // The new anchor on the segment from A's surface point (p) to B's (p + q), placed as at
            // detection (ContactAnchor).
            double px = movedA ? sAx : sBx - sep * nx, py = movedA ? sAy : sBy - sep * ny;
            double pz = movedA ? sAz : sBz - sep * nz;
            double qx = movedB ? sBx - px : sep * nx, qy = movedB ? sBy - py : sep * ny;
            double qz = movedB ? sBz - pz : sep * nz;
            double t = ContactAnchor.share(s, a, b, px, py, pz, qx, qy, qz);
            double mx, my, mz;
            if (t != 0.5) {
                mx = px + t * qx;
                my = py + t * qy;
                mz = pz + t * qz;
            } else if (movedA && movedB) {
                mx = 0.5 * (sAx + sBx);
                my = 0.5 * (sAy + sBy);
                mz = 0.5 * (sAz + sBz);
            } else if (movedA) {
                mx = sAx + 0.5 * sep * nx;
                my = sAy + 0.5 * sep * ny;
                mz = sAz + 0.5 * sep * nz;
            } else {
                mx = sBx - 0.5 * sep * nx;
                my = sBy - 0.5 * sep * ny;
                mz = sBz - 0.5 * sep * nz;
            }
            d[o + SEP] = sep;
            double rAx = mx - s.px[a], rAy = my - s.py[a], rAz = mz - s.pz[a];
            double rBx = mx - s.px[b], rBy = my - s.py[b], rBz = mz - s.pz[b];
            // A point that left its feature starts again from zero impulse: one accumulated at
            // another corner and warm-started at this one is not this corner's, and spun a
            // tumbling body up to 10^4 rad/s instead of holding it.
            if (left(ax, ay, az, rAx, rAy, rAz, movedA) || left(bx, by, bz, rBx, rBy, rBz, movedB)) {
                // What the point pushed so far in this substep still counts towards the step's total.
                d[o + TOTAL_NORMAL_IMPULSE] += d[o + NORMAL_IMPULSE];
                d[o + NORMAL_IMPULSE] = 0;
                int f = patch ? STRIDE * start : o;
                d[f + TANGENT_IMPULSE1] = 0;
                d[f + TANGENT_IMPULSE2] = 0;
                d[f + TWIST_IMPULSE] = 0;
            }
            // Restitution, after the substeps, reads the levers too.
            d[o + RAX] = rAx;
            d[o + RAY] = rAy;
            d[o + RAZ] = rAz;
            d[o + RBX] = rBx;
            d[o + RBY] = rBy;
            d[o + RBZ] = rBz;
            if (patch) {
                normalJacobians(s, d, o, a, b);
            } else {
                jacobians(s, d, o, a, b);
            }
            // Restitution answers the approach of the point it pushes at: the one measured at the
            // stale anchor is another point's (two points that met at one corner each bounced
            // their own, a spinning cylinder gained 18 kJ of 125).
            d[o + APPROACH] = normalVelocity(s, a, b, rAx, rAy, rAz, rBx, rBy, rBz, nx, ny, nz);
        }
        if (patch) {
            patchJacobians(s, c, start, end);
        }
    }

    /**
     * Whether a re-anchored point (lever r) lies more than {@link SolverTuning#FEATURE_SIZE} of the stale
     * anchor's lever l (turned with its body) away from it: the extreme point is another feature.
     */
    private static boolean left(double lx, double ly, double lz, double rx, double ry, double rz,
                                boolean moved) {
        if (!moved) {
            return false;
        }
        double dx = rx - lx, dy = ry - ly, dz = rz - lz;
        return dx * dx + dy * dy + dz * dz > FEATURE_SIZE * FEATURE_SIZE * (lx * lx + ly * ly + lz * lz);
    }

    /**
     * Body i's support point (world, into out) along u, or along {@code u + LEAN_TO_ANCHOR t} (t the
     * unit part of its stale lever {@code l} across u) where that one ties; false where the body has
     * no support function.
     */
    private boolean leaningSupport(BodyStore s, int i, double lx, double ly, double lz, double ux, double uy,
                                   double uz, int worker, double[] out) {
        if (!supports.source.support(s, i, ux, uy, uz, worker, out)) {
            return false;
        }
        double along = lx * ux + ly * uy + lz * uz;
        double tx = lx - along * ux, ty = ly - along * uy, tz = lz - along * uz;
        double t = Math.sqrt(tx * tx + ty * ty + tz * tz);
        if (!(t > 0)) {
            return true;
        }
        double px = out[0], py = out[1], pz = out[2];
        double lean = LEAN_TO_ANCHOR / t;
        supports.source.support(s, i, ux + lean * tx, uy + lean * ty, uz + lean * tz, worker, out);
        double shortfall = (px - out[0]) * ux + (py - out[1]) * uy + (pz - out[2]) * uz;
        if (shortfall > TIE * Math.sqrt(lx * lx + ly * ly + lz * lz)) {
            out[0] = px;
            out[1] = py;
            out[2] = pz;
        }
        return true;
    }
}
