package ricochet.dynamics;

import static ricochet.dynamics.ContactPrepare.normalVelocity;
import static ricochet.dynamics.ContactRows.apply;
import static ricochet.dynamics.ContactStore.APPROACH;
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
import static ricochet.dynamics.ContactStore.STRIDE;
import static ricochet.dynamics.ContactStore.TOTAL_NORMAL_IMPULSE;
import static ricochet.dynamics.SolverTuning.IMPACT_RUN_PASSES;
import static ricochet.dynamics.SolverTuning.IMPACT_SWEEPS;
import static ricochet.dynamics.SolverTuning.IMPACT_TOLERANCE;
import static ricochet.dynamics.SolverTuning.RESTING_STEPS;

/**
 * The impact stage: restitution from the velocities before the solve, as a sequence of collisions
 * (Guendelman, Bridson and Fedkiw, "Nonconvex rigid bodies with stacking", SIGGRAPH 2003, the
 * collision step). At the start of each substep, after gravity, every central impact with restitution
 * (a run of one point whose normal passes through each moving body's centre, {@link Restitution#CENTRAL})
 * that touches or closes within the substep faster than the threshold collides:
 * {@code lambda >= 0, vn' >= -e vn}, {@code vn} the normal velocity just before the pair collides.
 * Pairs are swept in order until none collides, so a blow runs along a chain of touching bodies one
 * collision at a time: in a Newton's cradle the first ball stops and the last leaves at its speed,
 * and a ball hitting a ball that rests against a wall comes back at its speed. A contact that was
 * already closed at the step's start bounces like one that closes within it.
 *
 * <p>No energy is made: each collision is an impulse between its two bodies with {@code e <= 1},
 * whose change of kinetic energy {@code k = lin + quad} (the form of {@link Restitution}'s) is scaled
 * back to zero where rounding would leave a gain. The soft solve that follows sees the pair
 * separating and adds nothing; impacts below the threshold are left to it (inelastic), and
 * non-central ones to {@link Restitution} after the substeps.
 *
 * <p>A point still apart, with gap {@code s}, closes after {@code f h}, {@code f = s / (-vn h)}: the
 * bodies should move at their old velocities for {@code f h} and at the new ones for the rest. So
 * {@code f} of each collision's velocity change is held back from the substep's position update
 * ({@link #holdBack}, {@link #restore}) and the bodies end the substep where a collision at that time
 * leaves them. The substep's velocity is the path's at the substep's middle (symplectic Euler's
 * positions lie on a parabola whose chords are the substeps' velocities), so the approach at the
 * impact is {@code vn + a_n (f - 1/2) h} and the bounced velocity is carried back to the middle by
 * {@code -a_n (f - 1/2) h}; the energy check reads the pair's velocities at the impact too. So a dropped
 * ball leaves at {@code e} times the speed it met the ground with, at any substep count (reading the
 * substep's velocity as the one at its end lost {@code (1 + e) |g| h / 2}: 3.4 % of an elastic bounce
 * from 0.3 m at 4 substeps).
 */
final class Impacts {

    private final Restitution restitution;

    Impacts(Restitution restitution) {
        this.restitution = restitution;
    }

    /** Whether some point of the step has restitution (else every call here returns at once). */
    boolean active;

    /** Per thread: the scratch of the run colliding and the bodies it holds back. */
    private Scratch[] scratch = {new Scratch()};
    /**
     * Per body: the velocity change held back from the positions, vx vy vz wx wy wz; whether it holds
     * one; and the fraction of the substep at which a collision last changed its velocity. Each body
     * is one island's, so one thread's.
     */
    private double[] held = new double[96];
    private byte[] holding = new byte[16];
    private double[] changedAt = new double[16];

    /** One thread's scratch. */
    private static final class Scratch {
        /** Per point of the run colliding: its target normal velocity, m/s, or NaN where it has no row. */
        double[] target = new double[16];
        /** Per point of the run: its accumulated impulse, N s, and the fraction of the substep before it closes. */
        double[] impulse = new double[16];
        double[] closesAt = new double[16];
        /** Per point of the run: {@code a_n (1/2 - f) h}, m/s, the substep's velocity less the one at the impact. */
        double[] lateSpeed = new double[16];
        /** The bodies holding a velocity change back. */
        int[] heldBodies = new int[16];
        int heldCount;
    }

    /** Per point: its separation while a relax pass leaves its gap open ({@link #openGaps}). */
    private double[] gaps = new double[16];

    /**
     * Whether any of the {@code c.count()} points has restitution; sizes the scratch for
     * {@code threads} threads.
     */
    void begin(BodyStore s, ContactStore c, int threads) {
        active = false;
        double[] d = c.data;
        for (int o = 0, e = STRIDE * c.count(); o < e; o += STRIDE) {
            if (d[o + RESTITUTION] != 0) {
                active = true;
                break;
            }
        }
        if (!active) {
            return;
        }
        if (gaps.length < c.count()) {
            gaps = new double[Math.max(c.count(), 2 * gaps.length)];
        }
        int n = s.count();
        if (holding.length < n) {
            int cap = Math.max(n, 2 * holding.length);
            holding = new byte[cap];
            changedAt = new double[cap];
            held = new double[6 * cap];
        }
        if (scratch.length < threads) {
            Scratch[] more = new Scratch[threads];
            for (int w = 0; w < threads; w++) {
                more[w] = w < scratch.length ? scratch[w] : new Scratch();
            }
            scratch = more;
        }
        for (Scratch sc : scratch) {
            if (sc.heldBodies.length < n) {
                sc.heldBodies = new int[Math.max(n, 2 * sc.heldBodies.length)];
            }
            sc.heldCount = 0;
        }
    }

    /**
     * The substep's collisions: sweeps over the runs with restitution until none collides, at most
     * {@code IMPACT_SWEEPS}: runs {@code order[from .. to - 1]} ({@code order} null: the runs
     * {@code from .. to - 1}), one island's or all, on thread {@code worker}. Serial, in run order: no
     * island shares a moving body with another, so each body sees the same collisions in the same
     * order walked island by island or all at once, on any number of threads.
     */
    void collide(SolverStep step, int[] order, int from, int to, int worker) {
        if (!active) {
            return;
        }
        byte[] bouncy = restitution.bouncy;
        BodyStore s = step.bodies;
        ContactStore c = step.contacts;
        Scratch sc = scratch[worker];
        for (int sweep = 0; sweep < IMPACT_SWEEPS; sweep++) {
            boolean any = false;
            for (int j = from; j < to; j++) {
                int r = order == null ? j : order[j];
                if (bouncy[r] == Restitution.CENTRAL && c.jointNormals[r] == 0 && collideRun(s, c, r, step, sc)) {
                    any = true;
                }
            }
            if (!any) {
                break;
            }
        }
    }

    /** Run r's collision, if a point of it closes within the substep faster than the threshold. */
    private boolean collideRun(BodyStore s, ContactStore c, int r, SolverStep step, Scratch sc) {
        int start = c.runStart[r], end = c.runStart[r + 1];
        int a = c.bodyA[start], b = c.bodyB[start];
        double[] d = c.data;
        double h = step.h;
        int n = end - start;
        if (sc.target.length < n) {
            int cap = Math.max(n, 2 * sc.target.length);
            sc.target = new double[cap];
            sc.impulse = new double[cap];
            sc.closesAt = new double[cap];
            sc.lateSpeed = new double[cap];
        }
        double[] target = sc.target, impulse = sc.impulse, closesAt = sc.closesAt, lateSpeed = sc.lateSpeed;
        boolean hit = false;
        for (int i = start; i < end; i++) {
            int o = STRIDE * i;
            double vn = normalVelocity(s, a, b, d[o + RAX], d[o + RAY], d[o + RAZ], d[o + RBX], d[o + RBY],
                    d[o + RBZ], d[o + NX], d[o + NY], d[o + NZ]);
            double sep = d[o + SEP];
            int k = i - start;
            impulse[k] = 0;
            // A row for every point touching or closing within the substep; a bounce for those
            // approaching faster than the threshold, the rest may not close (target 0).
            if (sep + Math.min(vn, 0) * h <= 0) {
                double e = d[o + RESTITUTION];
                double f = sep > 0 ? sep / (-vn * h) : 0;
                // The substep's velocity moves the positions over the whole substep, so it is the
                // velocity of the path through them at the substep's middle (the chord of a parabola
                // has the slope of its middle): at the impact, f h in, the approach is
                // vn + a_n (f - 1/2) h, and the bounced -e times that, less a_n (f - 1/2) h, is the
                // substep's velocity of the path after it. Reading vn as the velocity at the
                // substep's end instead lost (1 + e) |a_n| h / 2 of every bounce (4 substeps:
                // 0.041 m/s under gravity for e = 1).
                double late = normalAcceleration(s, step, a, b, d, o) * (0.5 - f) * h;
                double atImpact = vn - late;
                boolean fast = e != 0 && atImpact < -threshold(s, a, b, d, o, step);
                target[k] = fast ? late - e * atImpact : 0;
                lateSpeed[k] = late;
                closesAt[k] = f;
                hit |= fast;
            } else {
                target[k] = Double.NaN;
            }
        }
        if (!hit) {
            return false;
        }
        double vax = s.vx[a], vay = s.vy[a], vaz = s.vz[a], wax = s.wx[a], way = s.wy[a], waz = s.wz[a];
        double vbx = s.vx[b], vby = s.vy[b], vbz = s.vz[b], wbx = s.wx[b], wby = s.wy[b], wbz = s.wz[b];
        // Projected Gauss-Seidel on the block: lambda_i >= 0, vn_i >= target_i.
        for (int pass = 0; pass < IMPACT_RUN_PASSES; pass++) {
            boolean unsettled = false;
            for (int i = start; i < end; i++) {
                int k = i - start;
                if (Double.isNaN(target[k])) {
                    continue;
                }
                int o = STRIDE * i;
                double nx = d[o + NX], ny = d[o + NY], nz = d[o + NZ];
                double vn = normalVelocity(s, a, b, d[o + RAX], d[o + RAY], d[o + RAZ], d[o + RBX], d[o + RBY],
                        d[o + RBZ], nx, ny, nz);
                double m = d[o + NORMAL_MASS];
                double old = impulse[k];
                double dn = Math.max(old + m * (target[k] - vn), 0) - old;
                if (dn != 0) {
                    impulse[k] = old + dn;
                    apply(s, c, i, dn * nx, dn * ny, dn * nz);
                    if (Math.abs(dn) > IMPACT_TOLERANCE * m) {
                        unsettled = true;
                    }
                }
            }
            if (n == 1 || !unsettled) {
                break;
            }
        }
        // The run's impulse on B (A takes minus it) and its moments about each centre.
        double px = 0, py = 0, pz = 0, hax = 0, hay = 0, haz = 0, hbx = 0, hby = 0, hbz = 0;
        for (int i = start; i < end; i++) {
            double dn = impulse[i - start];
            if (dn == 0) {
                continue;
            }
            int o = STRIDE * i;
            double qx = dn * d[o + NX], qy = dn * d[o + NY], qz = dn * d[o + NZ];
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
        }
        double ma = s.invMass[a], mb = s.invMass[b];
        // k(t) = t lin + t^2 quad: the pair's energy change for the impulses scaled by t, at the
        // velocities of the impact (each point's substep velocity less its late speed along n).
        double lin = ma > 0 ? -(vax * px + vay * py + vaz * pz) + wax * hax + way * hay + waz * haz : 0;
        if (mb > 0) {
            lin += vbx * px + vby * py + vbz * pz + wbx * hbx + wby * hby + wbz * hbz;
        }
        for (int i = start; i < end; i++) {
            int k = i - start;
            if (impulse[k] != 0) {
                lin -= lateSpeed[k] * impulse[k];
            }
        }
        double quad = 0.5 * (ma + mb) * (px * px + py * py + pz * pz)
                + 0.5 * (Restitution.inertiaForm(s.invInertiaWorld, a, ma, hax, hay, haz)
                + Restitution.inertiaForm(s.invInertiaWorld, b, mb, hbx, hby, hbz));
        double scale = 1;
        if (lin + quad > 0) {
            // The larger root of k(t) = 0 in [0, 1]: the most of the block's impulses that makes no energy.
            scale = quad > 0 ? Math.min(Math.max(-lin / quad, 0), 1) : 0;
        }
        // The pair collides when its gap closes, or when the last collision of either body within the
        // substep set it moving, whichever is later (a blow passed along a chain arrives at once).
        double when = 0;
        for (int i = start; i < end; i++) {
            int k = i - start;
            if (impulse[k] != 0) {
                when = Math.max(when, closesAt[k]);
            }
        }
        when = Math.min(Math.max(when, Math.max(changedAt(a), changedAt(b))), 1);
        boolean moved = false;
        for (int i = start; i < end; i++) {
            int k = i - start;
            double dn = impulse[k];
            if (dn == 0) {
                continue;
            }
            int o = STRIDE * i;
            double nx = d[o + NX], ny = d[o + NY], nz = d[o + NZ];
            if (scale != 1) {
                double back = (scale - 1) * dn;
                apply(s, c, i, back * nx, back * ny, back * nz);
                dn *= scale;
            }
            d[o + TOTAL_NORMAL_IMPULSE] += dn;
            // The point has bounced: the solve's approach reading is not bounced again after the substeps.
            d[o + APPROACH] = 0;
            moved |= dn != 0;
            holdBack(s, c, i, when, when * dn * nx, when * dn * ny, when * dn * nz, sc);
        }
        return moved;
    }

    /**
     * {@code (a_B - a_A) . n}, m/s^2: the relative normal acceleration of point o's bodies from gravity
     * and their forces (0 for a body of infinite mass).
     */
    private static double normalAcceleration(BodyStore s, SolverStep step, int a, int b, double[] d, int o) {
        double ax = 0, ay = 0, az = 0;
        double mb = s.invMass[b];
        if (mb > 0) {
            double gs = s.gravityScale[b];
            ax += step.gx * gs + s.fx[b] * mb;
            ay += step.gy * gs + s.fy[b] * mb;
            az += step.gz * gs + s.fz[b] * mb;
        }
        double ma = s.invMass[a];
        if (ma > 0) {
            double gs = s.gravityScale[a];
            ax -= step.gx * gs + s.fx[a] * ma;
            ay -= step.gy * gs + s.fy[a] * ma;
            az -= step.gz * gs + s.fz[a] * ma;
        }
        return ax * d[o + NX] + ay * d[o + NY] + az * d[o + NZ];
    }

    /**
     * The approach speed (m/s) below which point o does not bounce: the restitution threshold, or the
     * speed the bodies' accelerations add to its approach in {@code RESTING_STEPS} steps if less
     * ({@link ContactPrepare#speedGain}: gravity, force, torque, spin). The threshold is there so that a
     * contact pressed by gravity rests instead of bouncing on what gravity adds each step; where nothing
     * accelerates the bodies (a weightless gas) no contact rests on its own approach, and every approach
     * is an impact.
     */
    private static double threshold(BodyStore s, int a, int b, double[] d, int o, SolverStep step) {
        double gain = ContactPrepare.speedGain(s, a, d[o + RAX], d[o + RAY], d[o + RAZ], step.gravity)
                + ContactPrepare.speedGain(s, b, d[o + RBX], d[o + RBY], d[o + RBZ], step.gravity);
        return Math.min(step.restitutionThreshold, RESTING_STEPS * gain * step.dt);
    }

    /** The fraction of the substep at which body i's velocity last changed by a collision (0: none). */
    private double changedAt(int i) {
        return holding[i] != 0 ? changedAt[i] : 0;
    }

    /**
     * Records the velocity change that the impulse {@code q} on B (minus on A) at point i makes at
     * {@code when}, to hold back from the positions ({@code q} already scaled by {@code when}).
     */
    private void holdBack(BodyStore s, ContactStore c, int i, double when, double qx, double qy, double qz,
                          Scratch sc) {
        double[] d = c.data;
        int o = STRIDE * i;
        hold(s, c.bodyA[i], when, -qx, -qy, -qz, d[o + RAX], d[o + RAY], d[o + RAZ], sc);
        hold(s, c.bodyB[i], when, qx, qy, qz, d[o + RBX], d[o + RBY], d[o + RBZ], sc);
    }

    private void hold(BodyStore s, int body, double when, double qx, double qy, double qz, double rx, double ry,
                      double rz, Scratch sc) {
        double m = s.invMass[body];
        if (m == 0) {
            return;
        }
        if (holding[body] == 0) {
            holding[body] = 1;
            sc.heldBodies[sc.heldCount++] = body;
            changedAt[body] = 0;
        }
        changedAt[body] = Math.max(changedAt[body], when);
        double[] inv = s.invInertiaWorld;
        int k = 9 * body, o = 6 * body;
        // dv = q / m, dw = I^-1 (r x q)
        double ax = ry * qz - rz * qy, ay = rz * qx - rx * qz, az = rx * qy - ry * qx;
        held[o] += m * qx;
        held[o + 1] += m * qy;
        held[o + 2] += m * qz;
        held[o + 3] += inv[k] * ax + inv[k + 1] * ay + inv[k + 2] * az;
        held[o + 4] += inv[k + 3] * ax + inv[k + 4] * ay + inv[k + 5] * az;
        held[o + 5] += inv[k + 6] * ax + inv[k + 7] * ay + inv[k + 8] * az;
    }

    /**
     * Before a relax pass over run {@code start .. end - 1} with restitution: a point still apart that
     * approaches faster than the threshold and would close within the next substep is the next impact
     * stage's, so the relax pass may not take its approach away (which would make the impact
     * inelastic): its gap reads {@code -vn h} for the pass, enough for its current approach.
     * {@link #closeGaps} puts the separations back.
     */
    void openGaps(BodyStore s, ContactStore c, int start, int end, SolverStep step) {
        double[] d = c.data;
        int a = c.bodyA[start], b = c.bodyB[start];
        for (int i = start; i < end; i++) {
            int o = STRIDE * i;
            double sep = d[o + SEP];
            gaps[i] = sep;
            if (d[o + RESTITUTION] != 0) {
                double vn = normalVelocity(s, a, b, d[o + RAX], d[o + RAY], d[o + RAZ], d[o + RBX], d[o + RBY],
                        d[o + RBZ], d[o + NX], d[o + NY], d[o + NZ]);
                if (sep + vn * step.h <= 0 && vn < -threshold(s, a, b, d, o, step)) {
                    d[o + SEP] = -vn * step.h;
                }
            }
        }
    }

    /** The separations {@link #openGaps} changed, back. */
    void closeGaps(ContactStore c, int start, int end) {
        double[] d = c.data;
        for (int i = start; i < end; i++) {
            d[STRIDE * i + SEP] = gaps[i];
        }
    }

    /**
     * Before the substep's position update: the held-back part of each collision of thread
     * {@code worker} taken out.
     */
    void holdBack(BodyStore s, int worker) {
        if (!active) {
            return;
        }
        Scratch sc = scratch[worker];
        for (int j = 0; j < sc.heldCount; j++) {
            int i = sc.heldBodies[j], o = 6 * i;
            s.vx[i] -= held[o];
            s.vy[i] -= held[o + 1];
            s.vz[i] -= held[o + 2];
            s.wx[i] -= held[o + 3];
            s.wy[i] -= held[o + 4];
            s.wz[i] -= held[o + 5];
        }
    }

    /** After the position update: the held-back part given back, and the record cleared. */
    void restore(BodyStore s, int worker) {
        if (!active) {
            return;
        }
        Scratch sc = scratch[worker];
        for (int j = 0; j < sc.heldCount; j++) {
            int i = sc.heldBodies[j], o = 6 * i;
            s.vx[i] += held[o];
            s.vy[i] += held[o + 1];
            s.vz[i] += held[o + 2];
            s.wx[i] += held[o + 3];
            s.wy[i] += held[o + 4];
            s.wz[i] += held[o + 5];
            for (int q = 0; q < 6; q++) {
                held[o + q] = 0;
            }
            holding[i] = 0;
        }
        sc.heldCount = 0;
    }
}
