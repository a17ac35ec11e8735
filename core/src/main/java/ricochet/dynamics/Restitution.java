package ricochet.dynamics;

import static ricochet.dynamics.ContactPrepare.normalVelocity;
import static ricochet.dynamics.ContactRows.apply;
import static ricochet.dynamics.ContactStore.AN;
import static ricochet.dynamics.ContactStore.APPROACH;
import static ricochet.dynamics.ContactStore.BN;
import static ricochet.dynamics.ContactStore.APPROACH_FLOOR;
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
import static ricochet.dynamics.ContactStore.RESTITUTION;
import static ricochet.dynamics.ContactStore.STRIDE;
import static ricochet.dynamics.ContactStore.TOTAL_NORMAL_IMPULSE;
import static ricochet.dynamics.SolverTuning.BOUNCE_ENERGY_SLACK;
import static ricochet.dynamics.SolverTuning.CENTRAL_TOLERANCE;
import static ricochet.dynamics.SolverTuning.IMPACT_RUN_PASSES;
import static ricochet.dynamics.SolverTuning.IMPACT_TOLERANCE;

/**
 * Restitution, applied once after the substeps (Box2D v3's {@code b2ApplyRestitution}), and its
 * guards. A point whose approach speed exceeds the threshold and that pushed at all gets the normal
 * velocity {@code -e v_approach}. The approach speed is the most negative normal velocity the point
 * had before its impulse in any substep's solve ({@link ContactStore#APPROACH}), the speed at the
 * substep the gap closed; a re-anchored point reads it again at its new anchor. Box2D uses the
 * velocity at the start of the step; with speculative contacts that loses the speed gained over the
 * last {@code gap <= v dt} of the fall, up to {@code v dt / H} of the bounce height (7 % for a 1 m
 * drop at 60 Hz), where the substep reading loses at most {@code v h / H}.
 *
 * <p>The guards: a point squeezed between overlapping bodies, or kicked by a warm start, can read an
 * approach far beyond any the bodies' motion gives, and bouncing off it made energy (a box squeezed
 * out of a 1.5 m overlap left at 60 m/s); so the reading is floored at
 * {@link ContactStore#APPROACH_FLOOR}. And each run's bounce is held to the energy it may give
 * ({@link #holdRestitution}), a bounce off a static body to what the body brought into the step
 * ({@link #bounceLimits}).
 */
final class Restitution {

    /**
     * Per run, where a point has restitution: {@link #CENTRAL} for a central impact, which the impact
     * stage bounces ({@link Impacts}), else 1; 0 without. Found in the parallel preparation, so that
     * the serial {@link #bounceLimits} and {@link #bounce} look at no other run's records.
     */
    byte[] bouncy = new byte[16];
    /** {@link #bouncy}'s mark of a run the impact stage bounces. */
    static final byte CENTRAL = 2;
    /**
     * Per body, the kinetic energy (J) a bounce off a static body may leave it before the work of
     * gravity and its force, and its centre of mass at the step's start, x y z (see bounceLimits).
     */
    private double[] bounceLimit = new double[16];
    private double[] bounceFrom = new double[48];
    /** A run's restitution impulses, per point, while {@link #bounce} checks their energy. */
    private double[] restitutionDn = new double[16];

    /** {@link #bouncy} for {@code runs} runs. */
    void grow(int runs) {
        if (bouncy.length < runs) {
            bouncy = new byte[Math.max(runs, 2 * bouncy.length)];
        }
    }

    /** The per-body limits for {@code n} bodies. */
    void growBodies(int n) {
        if (bounceLimit.length < n) {
            int cap = Math.max(n, 2 * bounceLimit.length);
            bounceLimit = new double[cap];
            bounceFrom = new double[3 * cap];
        }
    }

    /**
     * When any point may bounce: each dynamic body's kinetic energy at the step's start plus the most
     * its torque can add in {@code dt}, and where its centre of mass was. A bounce off a static body
     * gives back at most what the body brought (restitution <= 1), so {@link #bounce} holds the
     * body to this plus the work gravity and its force did over the step, {@code (m g + F) . dx} from
     * where it has moved since (exact: both are constant in a step). A bound on that work from the
     * speed alone, {@code m g dt (v + g dt / 2)}, let an elastic box landing at 20 m/s leave the
     * step with 0.6 % more energy than it began with: it had risen, and gravity had taken energy.
     * Against moving bodies no such limit is set: there energy passes along a chain of bodies within
     * one step (Newton's cradle).
     */
    void bounceLimits(BodyStore s, ContactStore c, double dt) {
        boolean any = false;
        for (int r = 0, runs = c.runCount(); r < runs && !any; r++) {
            any = bouncy[r] != 0;
        }
        if (!any) {
            return;
        }
        int bodies = s.count();
        growBodies(bodies);
        for (int i = 0; i < bodies; i++) {
            if (s.type[i] == BodyStore.DYNAMIC) {
                bounceLimit(s, i, dt);
            }
        }
    }

    /** {@link #bounceLimits} of dynamic body i. */
    void bounceLimit(BodyStore s, int i, double dt) {
        double[] inv = s.invInertiaWorld;
        double tx = s.tx[i], ty = s.ty[i], tz = s.tz[i];
        int k = 9 * i;
        double ax = inv[k] * tx + inv[k + 1] * ty + inv[k + 2] * tz;
        double ay = inv[k + 3] * tx + inv[k + 4] * ty + inv[k + 5] * tz;
        double az = inv[k + 6] * tx + inv[k + 7] * ty + inv[k + 8] * tz;
        double w = Math.sqrt(s.wx[i] * s.wx[i] + s.wy[i] * s.wy[i] + s.wz[i] * s.wz[i]);
        double spin = (w + Math.sqrt(ax * ax + ay * ay + az * az) * dt) * dt;
        bounceLimit[i] = s.kineticEnergy(i) + Math.sqrt(tx * tx + ty * ty + tz * tz) * spin;
        bounceFrom[3 * i] = s.px[i];
        bounceFrom[3 * i + 1] = s.py[i];
        bounceFrom[3 * i + 2] = s.pz[i];
    }

    /** The work (J) gravity and its force did on dynamic body i since {@link #bounceLimits}. */
    private double workSinceStart(BodyStore s, int i, SolverStep step) {
        double m = s.mass[i], gs = s.gravityScale[i];
        double dx = s.px[i] - bounceFrom[3 * i], dy = s.py[i] - bounceFrom[3 * i + 1];
        double dz = s.pz[i] - bounceFrom[3 * i + 2];
        return (m * gs * step.gx + s.fx[i]) * dx + (m * gs * step.gy + s.fy[i]) * dy
                + (m * gs * step.gz + s.fz[i]) * dz;
    }

    /**
     * {@code vn -> -e v_approach} for points that approached faster than the threshold and pushed
     * (Box2D's {@code b2ApplyRestitution}); the accumulated impulse stays non-negative. One body
     * pair's run at a time, then {@link #holdRestitution} keeps the run from making energy.
     */
    boolean bounce(BodyStore s, ContactStore c, SolverStep step) {
        boolean bounced = false;
        int runs = c.runCount();
        int[] runStart = c.runStart;
        double[] d = c.data;
        for (int r = 0; r < runs; r++) {
            if (bouncy[r] != 1) {
                continue;
            }
            int start = runStart[r], end = runStart[r + 1];
            // The fastest separation any point of the run asks for, m/s (0: none bounces), and the
            // share e^2 of the energy its bouncing points' impulses took out in the step, J.
            double target = 0, absorbed = 0;
            for (int i = start; i < end; i++) {
                int o = STRIDE * i;
                double e = d[o + RESTITUTION];
                double approach = bounceApproach(d, o, step.restitutionThreshold);
                if (approach < 0) {
                    target = Math.max(target, -e * approach);
                    double vn = normalVelocity(s, c.bodyA[i], c.bodyB[i], d[o + RAX], d[o + RAY], d[o + RAZ],
                            d[o + RBX], d[o + RBY], d[o + RBZ], d[o + NX], d[o + NY], d[o + NZ]);
                    absorbed += 0.5 * e * e * d[o + TOTAL_NORMAL_IMPULSE] * Math.max(0, -approach - vn);
                }
            }
            if (target == 0) {
                continue;
            }
            bounced = true;
            if (restitutionDn.length < end - start) {
                restitutionDn = new double[Math.max(end - start, 2 * restitutionDn.length)];
            }
            int a = c.bodyA[start], b = c.bodyB[start];
            // A dynamic body bouncing off a static one: its energy before the run's bounce.
            int alone = s.type[a] == BodyStore.STATIC ? b : s.type[b] == BodyStore.STATIC ? a : -1;
            double before = alone >= 0 ? s.kineticEnergy(alone) : 0;
            double vax = s.vx[a], vay = s.vy[a], vaz = s.vz[a], wax = s.wx[a], way = s.wy[a], waz = s.wz[a];
            double vbx = s.vx[b], vby = s.vy[b], vbz = s.vz[b], wbx = s.wx[b], wby = s.wy[b], wbz = s.wz[b];
            // The run's impulse on B (A takes minus it) and its moments about each centre.
            double px = 0, py = 0, pz = 0, hax = 0, hay = 0, haz = 0, hbx = 0, hby = 0, hbz = 0;
            for (int i = start; i < end; i++) {
                restitutionDn[i - start] = 0;
            }
            // Swept again while a sweep still changes some point's normal velocity by more than
            // IMPACT_TOLERANCE: one sweep over a face landing flat gives the first corner the most and
            // sets the box turning, and the energy hold then scales the whole bounce back (a box dropped
            // flat from 1 m left at 0.94 of e, spinning); a few sweeps share it as the coupled problem does.
            for (int pass = 0; pass < IMPACT_RUN_PASSES; pass++) {
                boolean unsettled = false;
                for (int i = start; i < end; i++) {
                    int o = STRIDE * i;
                    double e = d[o + RESTITUTION];
                    double approach = bounceApproach(d, o, step.restitutionThreshold);
                    if (!(approach < 0)) {
                        continue;
                    }
                    double nx = d[o + NX], ny = d[o + NY], nz = d[o + NZ];
                    double vn = normalVelocity(s, a, b, d[o + RAX], d[o + RAY], d[o + RAZ], d[o + RBX], d[o + RBY],
                            d[o + RBZ], nx, ny, nz);
                    double old = d[o + NORMAL_IMPULSE];
                    double normalMass = d[o + NORMAL_MASS];
                    double updated = Math.max(old - normalMass * (vn + e * approach), 0);
                    double dn = updated - old;
                    d[o + NORMAL_IMPULSE] = updated;
                    d[o + TOTAL_NORMAL_IMPULSE] += dn;
                    if (dn != 0) {
                        restitutionDn[i - start] += dn;
                        double qx = dn * nx, qy = dn * ny, qz = dn * nz;
                        apply(s, c, i, qx, qy, qz);
                        px += qx;
                        py += qy;
                        pz += qz;
                        double rx = d[o + RAX], ry = d[o + RAY], rz = d[o + RAZ];
                        hax -= ry * qz - rz * qy;
                        hay -= rz * qx - rx * qz;
                        haz -= rx * qy - ry * qx;
                        rx = d[o + RBX];
                        ry = d[o + RBY];
                        rz = d[o + RBZ];
                        hbx += ry * qz - rz * qy;
                        hby += rz * qx - rx * qz;
                        hbz += rx * qy - ry * qx;
                        // |dn| / m_eff is the change of this point's normal velocity.
                        if (Math.abs(dn) > IMPACT_TOLERANCE * normalMass) {
                            unsettled = true;
                        }
                    }
                }
                if (end - start == 1 || !unsettled) {
                    break;
                }
            }
            double ma = s.invMass[a], mb = s.invMass[b];
            // The energy the run gave the pair, k(t) = t L + t^2 Q for the run's impulses scaled by t
            // (the pair's momentum is kept, so this is also the change of its energy of relative motion).
            double lin = ma > 0 ? -(vax * px + vay * py + vaz * pz) + wax * hax + way * hay + waz * haz : 0;
            if (mb > 0) {
                lin += vbx * px + vby * py + vbz * pz + wbx * hbx + wby * hby + wbz * hbz;
            }
            double quad = 0.5 * (ma + mb) * (px * px + py * py + pz * pz)
                    + 0.5 * (inertiaForm(s.invInertiaWorld, a, ma, hax, hay, haz)
                    + inertiaForm(s.invInertiaWorld, b, mb, hbx, hby, hbz));
            double allowed = Math.min(0.5 * target * target / (ma + mb), absorbed);
            if (alone >= 0) {
                allowed = Math.min(allowed,
                        Math.max(0, bounceLimit[alone] + workSinceStart(s, alone, step) - before));
            }
            if (lin + quad > allowed * (1 + BOUNCE_ENERGY_SLACK)) {
                holdRestitution(s, c, start, end, lin, quad, allowed);
            }
        }
        return bounced;
    }

    /**
     * The mark of run {@code start .. end - 1} (its points prepared): 0 where no point has restitution;
     * {@link #CENTRAL} for one point whose normal passes through both moving bodies' centres (a
     * sphere's), whose impact moves no body's spin, so that a sequence of such impacts along a chain
     * is exact; else 1.
     */
    static byte bouncy(BodyStore s, ContactStore c, int start, int end) {
        double[] d = c.data;
        for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
            if (d[o + RESTITUTION] != 0) {
                return end - start == 1 && central(s, c, start) ? CENTRAL : 1;
            }
        }
        return 0;
    }

    /** Whether point i's levers lie along its normal for each moving body: {@code |r x n| <= 1e-9 |r|}. */
    private static boolean central(BodyStore s, ContactStore c, int i) {
        double[] d = c.data;
        int o = STRIDE * i;
        return (s.invMass[c.bodyA[i]] == 0 || along(d, o + RAX, o + AN))
                && (s.invMass[c.bodyB[i]] == 0 || along(d, o + RBX, o + BN));
    }

    private static boolean along(double[] d, int r, int rn) {
        double cross = d[rn] * d[rn] + d[rn + 1] * d[rn + 1] + d[rn + 2] * d[rn + 2];
        double lever = d[r] * d[r] + d[r + 1] * d[r + 1] + d[r + 2] * d[r + 2];
        return cross <= CENTRAL_TOLERANCE * CENTRAL_TOLERANCE * lever;
    }

    /**
     * The approach speed (m/s, negative) that point o bounces back from: the reading floored at
     * {@code APPROACH_FLOOR}, where the point has restitution, approached faster than the threshold
     * and pushed at all; else 0.
     */
    private static double bounceApproach(double[] d, int o, double threshold) {
        double approach = Math.max(d[o + APPROACH], d[o + APPROACH_FLOOR]);
        return d[o + RESTITUTION] != 0 && approach <= -threshold && d[o + MAX_NORMAL_IMPULSE] != 0
                ? Math.min(approach, 0) : 0;
    }

    /** {@code h . I^-1 h} for body i's world inverse inertia (0 for a body of infinite mass). */
    static double inertiaForm(double[] inv, int i, double invMass, double hx, double hy, double hz) {
        if (invMass == 0) {
            return 0;
        }
        int k = 9 * i;
        return hx * (inv[k] * hx + inv[k + 1] * hy + inv[k + 2] * hz)
                + hy * (inv[k + 3] * hx + inv[k + 4] * hy + inv[k + 5] * hz)
                + hz * (inv[k + 6] * hx + inv[k + 7] * hy + inv[k + 8] * hz);
    }

    /**
     * Scales a run's restitution impulses back until they give the pair at most {@code allowed}, J, the least
     * of: the energy of separating at the fastest bounce any of its points asked for with the pair's reduced
     * mass, which bounds what a bounce at one point (effective mass at most the reduced mass) or of a whole
     * face (the least-energy velocity change that meets every point's target is no more than the translation
     * that meets the largest) gives; {@code e^2} times what its bouncing points' impulses absorbed in the
     * step; and, against a static body, what the moving body brought into the step and gravity and its force
     * gave it since ({@link #bounceLimits}). Box2D's point-by-point sweep can exceed it where the points'
     * targets disagree: a 7 kg, 2 cm cylinder 7 cm deep between two heavy bodies closing at 110 m/s left at
     * 180 m/s and 49,000 rad/s (random scene 24444, +350 kJ in one step). {@code k(t) = t lin + t^2 quad} is
     * the energy the scaled impulses give.
     */
    private void holdRestitution(BodyStore s, ContactStore c, int start, int end, double lin, double quad,
                                 double allowed) {
        // The larger root of quad t^2 + lin t - allowed, in [0, 1]; k(1) > allowed >= 0 = k(0).
        double t = quad > 0 ? (-lin + Math.sqrt(lin * lin + 4 * quad * allowed)) / (2 * quad) : 0;
        t = Math.min(Math.max(t, 0), 1);
        double[] d = c.data;
        for (int i = start; i < end; i++) {
            double dn = restitutionDn[i - start];
            if (dn == 0) {
                continue;
            }
            int o = STRIDE * i;
            double back = (t - 1) * dn;
            d[o + NORMAL_IMPULSE] += back;
            d[o + TOTAL_NORMAL_IMPULSE] += back;
            apply(s, c, i, back * d[o + NX], back * d[o + NY], back * d[o + NZ]);
        }
    }
}
