package ricochet.dynamics;

/**
 * Non-penetration, friction and restitution for the points of a {@link ContactStore}, solved with
 * Box2D v3's "soft step" (Catto, "Solver2D", 2024; Box2D v3 {@code solver.c} and
 * {@code contact_solver.c}), and the integration of the bodies that goes with it.
 *
 * <p>Why soft step rather than iterations with Baumgarte and a slop: Baumgarte's bias velocity
 * {@code beta s / h} stays in the bodies after the step, so pushing out of an overlap launches them
 * (energy from nowhere) and stiff stacks jitter; a slop hides that at the price of a visible overlap.
 * Soft step splits every step of {@code dt} into {@code n} substeps {@code h = dt / n} and, in each,
 *
 * <ol>
 *   <li>integrates velocities (gravity, forces, damping),</li>
 *   <li>warm starts: applies the accumulated impulses again,</li>
 *   <li>solves each point once as a soft constraint on the current separation {@code s} (a
 *       spring of {@code contactHertz} and damping ratio {@code dampingRatio} pushing out at most
 *       {@code maxPushOutSpeed}),</li>
 *   <li>integrates positions,</li>
 *   <li>relaxes: solves again with no push-out bias (speculative points keep theirs), so the push-out velocity is taken back out before the
 *       next substep and does not stay in the bodies (the effect of Catto's split impulses at the
 *       cost of one more pass).</li>
 * </ol>
 *
 * Substeps converge like iterations for stacks (each is warm-started by the last) and also shrink
 * the integration error; the soft constraint's mass scale and impulse scale are those of a
 * damped spring integrated implicitly (Catto, "Soft Constraints", GDC 2011), so the push-out is
 * stable at any stiffness. Contacts with a body of infinite mass use twice the frequency (stiffer,
 * so a stack is not pressed into the ground), and both are capped at a quarter of the substep rate
 * (Box2D's rule: a spring faster than that is not resolved by the substep).
 *
 * <p>The separation is recomputed every substep from anchors fixed in each body:
 * {@code s = base + (cB + R_B lB - cA - R_A lA) . n} with the step's normal. A point still apart
 * ({@code s > 0}, speculative) may close at most its gap in the substep: its bias is {@code s / h}
 * and it is hard (no softness), so fast bodies stop at the surface instead of tunnelling through the
 * margin.
 *
 * <p>Friction: two tangents per point with their own effective masses; the pair of accumulated
 * tangent impulses is clamped to the disc of radius {@code mu lambda_n} (the Coulomb cone at the
 * point, isotropic, rather than the square {@code |lambda_t_i| <= mu lambda_n} that would let a
 * diagonal slide take sqrt(2) times the friction).
 *
 * <p>Restitution is applied once, after the substeps (Box2D's {@code b2ApplyRestitution}): a point
 * whose approach speed exceeds {@code restitutionThreshold} and that pushed at all gets the normal
 * velocity {@code -e v_approach}. The approach speed {@code v_approach} is the most negative normal
 * velocity the point had before its impulse in any substep's solve, i.e. the speed at the substep
 * the gap closed. Box2D uses the velocity at the start of the step; with speculative contacts that
 * loses the speed gained over the last {@code gap <= v dt} of the fall, up to {@code v dt / H} of the
 * bounce height (7% for a 1 m drop at 60 Hz), where the substep reading loses at most
 * {@code v h / H}.
 *
 * <p>Allocation-free; everything lives in the two stores and locals. Deterministic: points are
 * solved in store order.
 */
public final class ContactSolver {

    /** The passes of one substep, in order. */
    public enum Stage {
        INTEGRATE_VELOCITIES, WARM_START, SOLVE, INTEGRATE_POSITIONS, RELAX
    }

    private static final Stage[] STAGES = Stage.values();

    /** Hz; NaN: {@link #DEFAULT_HERTZ} or an eighth of the substep rate, whichever is stiffer. */
    private double contactHertz = Double.NaN;
    private double dampingRatio = 10;
    private double maxPushOutSpeed = 3;
    private double restitutionThreshold = 1;
    private int relaxIterations = 1;
    private int iterations = 1;
    /** Joints, solved before the contacts in every pass; null: none. */
    private ConstraintSet constraints;

    // Softness of the current step: dynamic-dynamic and against infinite mass.
    private final Softness soft = new Softness();
    private final Softness anchoredSoft = new Softness();

    /** The contact spring's frequency unless set, Hz. */
    public static final double DEFAULT_HERTZ = 30;

    /** Contact spring frequency, Hz (> 0); the spring against infinite mass is twice as stiff. */
    public void setContactHertz(double hz) {
        requirePositive("contact hertz", hz);
        contactHertz = hz;
    }

    /** Back to the default: {@code max(30 Hz, substep rate / 8)}. */
    public void useDefaultContactHertz() {
        contactHertz = Double.NaN;
    }

    /** The set frequency, or NaN when the default applies. */
    public double contactHertz() {
        return contactHertz;
    }

    /**
     * The spring frequency for substeps of {@code h} seconds. By default it stiffens with the substep
     * rate: a resting stack sinks by about {@code load / (m omega^2)} per contact (the spring's
     * static deflection), 2.6 cm at the top of a 20-row pyramid at 30 Hz, 0.7 cm at 60 Hz; so more
     * substeps buy a stiffer spring as well as smaller steps. An eighth of the rate keeps the
     * spring against static bodies (twice as stiff) at the quarter-rate cap, the fastest the substep
     * resolves.
     */
    public double effectiveHertz(double h) {
        return Double.isNaN(contactHertz) ? Math.max(DEFAULT_HERTZ, 0.125 / h) : contactHertz;
    }

    /** Damping ratio of the contact spring (> 0; 10 is heavily over-damped: no bounce from push-out). */
    public void setDampingRatio(double zeta) {
        requirePositive("contact damping ratio", zeta);
        dampingRatio = zeta;
    }

    public double dampingRatio() {
        return dampingRatio;
    }

    /** The fastest an overlap is pushed apart, m/s (> 0). */
    public void setMaxPushOutSpeed(double v) {
        requirePositive("max push-out speed", v);
        maxPushOutSpeed = v;
    }

    public double maxPushOutSpeed() {
        return maxPushOutSpeed;
    }

    /** Approach speeds below this (m/s, >= 0) do not bounce: resting contacts stay at rest. */
    public void setRestitutionThreshold(double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException("restitution threshold must be >= 0 and finite, got " + v);
        }
        restitutionThreshold = v;
    }

    public double restitutionThreshold() {
        return restitutionThreshold;
    }

    /** Unbiased passes after each substep's position update (>= 1). */
    public void setRelaxIterations(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("relax iterations must be >= 1, got " + n);
        }
        relaxIterations = n;
    }

    public int relaxIterations() {
        return relaxIterations;
    }

    /**
     * Soft (biased) solve passes per substep (>= 1; default 1). Substeps are the better buy for
     * stiff stacks (each also shrinks the integration error); more passes help large mass ratios.
     */
    public void setIterations(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("solver iterations must be >= 1, got " + n);
        }
        iterations = n;
    }

    public int iterations() {
        return iterations;
    }

    /** The joints (or other constraints) to solve in the same substeps, before the contacts; null for none. */
    public void setConstraints(ConstraintSet set) {
        constraints = set;
    }

    /**
     * One step of {@code dt} seconds in {@code substeps} substeps: prepares the points (anchors,
     * effective masses, warm start from the cache), walks the {@link Stage}s of every substep,
     * applies restitution and saves the impulses for the next step. Forces are not cleared here.
     *
     * @param gx gravity, m/s^2, world frame
     */
    public void step(BodyStore s, ContactStore c, double gx, double gy, double gz, double dt, int substeps) {
        double h = dt / substeps;
        setSoftness(h);
        if (constraints != null) {
            constraints.prepare(s, h);
        }
        prepare(s, c);
        for (int k = 0; k < substeps; k++) {
            for (Stage stage : STAGES) {
                switch (stage) {
                    case INTEGRATE_VELOCITIES:
                        Integrator.integrateVelocities(s, gx, gy, gz, h);
                        break;
                    case WARM_START:
                        if (constraints != null) {
                            constraints.warmStart(s);
                        }
                        warmStart(s, c);
                        break;
                    case SOLVE:
                        for (int it = 0; it < iterations; it++) {
                            if (constraints != null) {
                                constraints.solve(s, true);
                            }
                            solve(s, c, h, true);
                        }
                        break;
                    case INTEGRATE_POSITIONS:
                        Integrator.integratePositions(s, h);
                        break;
                    case RELAX:
                        for (int r = 0; r < relaxIterations; r++) {
                            if (constraints != null) {
                                constraints.solve(s, false);
                            }
                            solve(s, c, h, false);
                        }
                        accumulateTotals(c);
                        break;
                    default:
                        throw new IllegalStateException("stage " + stage);
                }
            }
        }
        restitution(s, c);
        c.saveImpulses();
    }

    /**
     * The step's two springs: between dynamic bodies, and twice as stiff against infinite mass, both
     * capped at a quarter of the substep rate.
     */
    private void setSoftness(double h) {
        double cap = 0.25 / h;
        double hertz = effectiveHertz(h);
        soft.set(Math.min(hertz, cap), dampingRatio, h);
        anchoredSoft.set(Math.min(2 * hertz, cap), dampingRatio, h);
    }

    /**
     * Soft constraint coefficients for a spring of frequency f and damping ratio zeta taken
     * implicitly over h (Catto, "Solver2D"): with {@code omega = 2 pi f}, {@code a1 = 2 zeta + h omega},
     * {@code a2 = h omega a1}, {@code a3 = 1 / (1 + a2)}: bias rate {@code omega / a1}, mass scale
     * {@code a2 a3}, impulse scale {@code a3}.
     */
    private static final class Softness {
        double biasRate, massScale, impulseScale;

        void set(double f, double zeta, double h) {
            double omega = 2 * Math.PI * f;
            double a1 = 2 * zeta + h * omega;
            double a2 = h * omega * a1;
            double a3 = 1 / (1 + a2);
            biasRate = omega / a1;
            massScale = a2 * a3;
            impulseScale = a3;
        }
    }

    /**
     * Per point: the tangents, the body-frame anchors, the effective masses
     * {@code 1 / (mA + mB + (I_A^-1 (rA x d)) . (rA x d) + (I_B^-1 (rB x d)) . (rB x d))} for
     * {@code d = n, t1, t2}, and last step's impulses. Reads the lever arms {@code rA, rB}, the
     * normal and the separation the narrow phase left in the store.
     */
    private static void prepare(BodyStore s, ContactStore c) {
        int n = c.count();
        for (int i = 0; i < n; i++) {
            int a = c.bodyA[i], b = c.bodyB[i];
            double nx = c.nx[i], ny = c.ny[i], nz = c.nz[i];
            // Tangents from the normal by a fixed rule: t1 = n x e with e the axis n is least
            // aligned to (|nx| < 1/sqrt(3) picks x), t2 = n x t1. The rule only switches where
            // |nx| = 1/sqrt(3), far from the axis-aligned normals of resting contacts, so a resting
            // point keeps its tangents, and with them its warm-started friction, step after step.
            double t1x, t1y, t1z;
            if (Math.abs(nx) < 0.5773502691896258) {
                // n x (1, 0, 0) = (0, nz, -ny)
                double inv = 1 / Math.sqrt(ny * ny + nz * nz);
                t1x = 0;
                t1y = nz * inv;
                t1z = -ny * inv;
            } else {
                // n x (0, 1, 0) = (-nz, 0, nx)
                double inv = 1 / Math.sqrt(nx * nx + nz * nz);
                t1x = -nz * inv;
                t1y = 0;
                t1z = nx * inv;
            }
            double t2x = ny * t1z - nz * t1y, t2y = nz * t1x - nx * t1z, t2z = nx * t1y - ny * t1x;
            c.t1x[i] = t1x;
            c.t1y[i] = t1y;
            c.t1z[i] = t1z;
            c.t2x[i] = t2x;
            c.t2y[i] = t2y;
            c.t2z[i] = t2z;

            double rAx = c.rAx[i], rAy = c.rAy[i], rAz = c.rAz[i];
            double rBx = c.rBx[i], rBy = c.rBy[i], rBz = c.rBz[i];
            // l = R^T r: rotate by the conjugate quaternion.
            double x = -s.qx[a], y = -s.qy[a], z = -s.qz[a], w = s.qw[a];
            double tx = 2 * (y * rAz - z * rAy), ty = 2 * (z * rAx - x * rAz), tz = 2 * (x * rAy - y * rAx);
            c.lAx[i] = rAx + w * tx + (y * tz - z * ty);
            c.lAy[i] = rAy + w * ty + (z * tx - x * tz);
            c.lAz[i] = rAz + w * tz + (x * ty - y * tx);
            x = -s.qx[b];
            y = -s.qy[b];
            z = -s.qz[b];
            w = s.qw[b];
            tx = 2 * (y * rBz - z * rBy);
            ty = 2 * (z * rBx - x * rBz);
            tz = 2 * (x * rBy - y * rBx);
            c.lBx[i] = rBx + w * tx + (y * tz - z * ty);
            c.lBy[i] = rBy + w * ty + (z * tx - x * tz);
            c.lBz[i] = rBz + w * tz + (x * ty - y * tx);
            // base = s - ((cB + rB) - (cA + rA)) . n
            c.base[i] = c.separation[i] - ((s.px[b] + rBx - s.px[a] - rAx) * nx
                    + (s.py[b] + rBy - s.py[a] - rAy) * ny + (s.pz[b] + rBz - s.pz[a] - rAz) * nz);

            double mSum = s.invMass[a] + s.invMass[b];
            c.normalMass[i] = inverse(mSum + angular(s.invInertiaWorld, a, rAx, rAy, rAz, nx, ny, nz)
                    + angular(s.invInertiaWorld, b, rBx, rBy, rBz, nx, ny, nz));
            c.tangentMass1[i] = inverse(mSum + angular(s.invInertiaWorld, a, rAx, rAy, rAz, t1x, t1y, t1z)
                    + angular(s.invInertiaWorld, b, rBx, rBy, rBz, t1x, t1y, t1z));
            c.tangentMass2[i] = inverse(mSum + angular(s.invInertiaWorld, a, rAx, rAy, rAz, t2x, t2y, t2z)
                    + angular(s.invInertiaWorld, b, rBx, rBy, rBz, t2x, t2y, t2z));
            c.anchored[i] = (byte) (s.invMass[a] == 0 || s.invMass[b] == 0 ? 1 : 0);
            c.warmStart(i);
        }
    }

    private static double inverse(double k) {
        return k > 0 ? 1 / k : 0;
    }

    /** {@code (I^-1 (r x d)) . (r x d)} for body {@code i}'s world inverse inertia. */
    private static double angular(double[] inv, int i, double rx, double ry, double rz,
                                  double dx, double dy, double dz) {
        double cx = ry * dz - rz * dy, cy = rz * dx - rx * dz, cz = rx * dy - ry * dx;
        int o = 9 * i;
        return cx * (inv[o] * cx + inv[o + 1] * cy + inv[o + 2] * cz)
                + cy * (inv[o + 3] * cx + inv[o + 4] * cy + inv[o + 5] * cz)
                + cz * (inv[o + 6] * cx + inv[o + 7] * cy + inv[o + 8] * cz);
    }

    /** Applies every point's accumulated impulse {@code P = lambda_n n + lambda_1 t1 + lambda_2 t2}. */
    private static void warmStart(BodyStore s, ContactStore c) {
        int n = c.count();
        for (int i = 0; i < n; i++) {
            double ln = c.normalImpulse[i], l1 = c.tangentImpulse1[i], l2 = c.tangentImpulse2[i];
            double px = ln * c.nx[i] + l1 * c.t1x[i] + l2 * c.t2x[i];
            double py = ln * c.ny[i] + l1 * c.t1y[i] + l2 * c.t2y[i];
            double pz = ln * c.nz[i] + l1 * c.t1z[i] + l2 * c.t2z[i];
            apply(s, c, i, px, py, pz);
        }
    }

    /** {@code vA -= mA P, wA -= I_A^-1 (rA x P), vB += mB P, wB += I_B^-1 (rB x P)}. */
    private static void apply(BodyStore s, ContactStore c, int i, double px, double py, double pz) {
        int a = c.bodyA[i], b = c.bodyB[i];
        double[] inv = s.invInertiaWorld;
        double ma = s.invMass[a];
        if (ma > 0) {
            s.vx[a] -= ma * px;
            s.vy[a] -= ma * py;
            s.vz[a] -= ma * pz;
            double rx = c.rAx[i], ry = c.rAy[i], rz = c.rAz[i];
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
            double rx = c.rBx[i], ry = c.rBy[i], rz = c.rBz[i];
            double ax = ry * pz - rz * py, ay = rz * px - rx * pz, az = rx * py - ry * px;
            int o = 9 * b;
            s.wx[b] += inv[o] * ax + inv[o + 1] * ay + inv[o + 2] * az;
            s.wy[b] += inv[o + 3] * ax + inv[o + 4] * ay + inv[o + 5] * az;
            s.wz[b] += inv[o + 6] * ax + inv[o + 7] * ay + inv[o + 8] * az;
        }
    }

    /**
     * One Gauss-Seidel pass over the manifolds: each manifold's friction first (clamped by the normal
     * impulse of the pass before), then its normals, so non-penetration, the constraint that matters
     * most, is solved last (Catto, GDC 2009). With {@code useBias} the normal is the soft constraint
     * on the current separation; without, it only stops approach ({@code vn >= 0}).
     *
     * <p>A manifold's normals are swept again, up to {@link #MANIFOLD_PASSES} times, while a sweep
     * still changes some point's relative velocity by more than {@link #MANIFOLD_TOLERANCE}: one
     * sweep over a face landing hard gives the whole blow to the first corner and sets the body
     * spinning (a box dropped flat at 30 m/s left spinning at 20 rad/s); a few local sweeps share it
     * between the corners as the coupled 4 x 4 problem would. Resting manifolds, warm-started, stop
     * after one.
     */
    private void solve(BodyStore s, ContactStore c, double h, boolean useBias) {
        int n = c.count();
        double invH = 1 / h;
        int i = 0;
        while (i < n) {
            int a = c.bodyA[i], b = c.bodyB[i];
            int end = i + 1;
            while (end < n && c.bodyA[end] == a && c.bodyB[end] == b) {
                end++;
            }
            for (int k = i; k < end; k++) {
                if (c.friction[k] > 0) {
                    solveFriction(s, c, k);
                }
            }
            for (int pass = 0; pass < MANIFOLD_PASSES; pass++) {
                double largest = 0;
                for (int k = i; k < end; k++) {
                    largest = Math.max(largest, solveNormal(s, c, k, invH, useBias));
                }
                if (end - i == 1 || largest <= MANIFOLD_TOLERANCE) {
                    break;
                }
            }
            i = end;
        }
    }

    /** Most normal sweeps over one manifold in one pass. */
    static final int MANIFOLD_PASSES = 4;
    /** m/s: a manifold sweep that changes no point's relative velocity by more ends the local sweeps. */
    static final double MANIFOLD_TOLERANCE = 0.01;

    /** Friction at point i: two tangents, the pair clamped to the disc {@code |lambda_t| <= mu lambda_n}. */
    private static void solveFriction(BodyStore s, ContactStore c, int i) {
        int a = c.bodyA[i], b = c.bodyB[i];
        double rAx = c.rAx[i], rAy = c.rAy[i], rAz = c.rAz[i];
        double rBx = c.rBx[i], rBy = c.rBy[i], rBz = c.rBz[i];
        // dv = vB + wB x rB - vA - wA x rA
        double dvx = s.vx[b] + s.wy[b] * rBz - s.wz[b] * rBy - s.vx[a] - s.wy[a] * rAz + s.wz[a] * rAy;
        double dvy = s.vy[b] + s.wz[b] * rBx - s.wx[b] * rBz - s.vy[a] - s.wz[a] * rAx + s.wx[a] * rAz;
        double dvz = s.vz[b] + s.wx[b] * rBy - s.wy[b] * rBx - s.vz[a] - s.wx[a] * rAy + s.wy[a] * rAx;
        double t1x = c.t1x[i], t1y = c.t1y[i], t1z = c.t1z[i];
        double t2x = c.t2x[i], t2y = c.t2y[i], t2z = c.t2z[i];
        double old1 = c.tangentImpulse1[i], old2 = c.tangentImpulse2[i];
        double new1 = old1 - c.tangentMass1[i] * (dvx * t1x + dvy * t1y + dvz * t1z);
        double new2 = old2 - c.tangentMass2[i] * (dvx * t2x + dvy * t2y + dvz * t2z);
        double limit = c.friction[i] * c.normalImpulse[i];
        double len2 = new1 * new1 + new2 * new2;
        if (len2 > limit * limit) {
            double scale = limit / Math.sqrt(len2);
            new1 *= scale;
            new2 *= scale;
        }
        c.tangentImpulse1[i] = new1;
        c.tangentImpulse2[i] = new2;
        double d1 = new1 - old1, d2 = new2 - old2;
        if (d1 != 0 || d2 != 0) {
            apply(s, c, i, d1 * t1x + d2 * t2x, d1 * t1y + d2 * t2y, d1 * t1z + d2 * t2z);
        }
    }

    /**
     * The normal at point i: soft on the current separation with bias, else {@code vn >= 0};
     * speculative points ({@code s > 0}) may close their gap in the substep and no more. Returns
     * the relative velocity change it made, m/s.
     */
    private double solveNormal(BodyStore s, ContactStore c, int i, double invH, boolean useBias) {
        int a = c.bodyA[i], b = c.bodyB[i];
        double rAx = c.rAx[i], rAy = c.rAy[i], rAz = c.rAz[i];
        double rBx = c.rBx[i], rBy = c.rBy[i], rBz = c.rBz[i];
        double dvx = s.vx[b] + s.wy[b] * rBz - s.wz[b] * rBy - s.vx[a] - s.wy[a] * rAz + s.wz[a] * rAy;
        double dvy = s.vy[b] + s.wz[b] * rBx - s.wx[b] * rBz - s.vy[a] - s.wz[a] * rAx + s.wx[a] * rAz;
        double dvz = s.vz[b] + s.wx[b] * rBy - s.wy[b] * rBx - s.vz[a] - s.wx[a] * rAy + s.wy[a] * rAx;
        double nx = c.nx[i], ny = c.ny[i], nz = c.nz[i];
        double vn = dvx * nx + dvy * ny + dvz * nz;
        double bias = 0, mScale = 1, iScale = 0;
        double sep = separation(s, c, i, a, b, nx, ny, nz);
        if (sep > 0) {
            // Speculative, in both passes: the gap may close in this substep but no further.
            bias = sep * invH;
        } else if (useBias) {
            Softness k = c.anchored[i] != 0 ? anchoredSoft : soft;
            bias = Math.max(k.biasRate * sep, -maxPushOutSpeed);
            mScale = k.massScale;
            iScale = k.impulseScale;
        }
        if (useBias && vn < c.approachVelocity[i]) {
            c.approachVelocity[i] = vn;
        }
        double old = c.normalImpulse[i];
        double impulse = -c.normalMass[i] * mScale * (vn + bias) - iScale * old;
        double updated = Math.max(old + impulse, 0);
        double d = updated - old;
        c.normalImpulse[i] = updated;
        if (d > c.maxNormalImpulse[i]) {
            c.maxNormalImpulse[i] = d;
        }
        if (d == 0) {
            return 0;
        }
        apply(s, c, i, d * nx, d * ny, d * nz);
        // |d| / m_eff is the change of this point's relative normal velocity.
        double m = c.normalMass[i];
        return m > 0 ? Math.abs(d) / m : 0;
    }

    /** {@code s = base + (cB + R_B lB - cA - R_A lA) . n} at the bodies' current poses. */
    private static double separation(BodyStore s, ContactStore c, int i, int a, int b,
                                     double nx, double ny, double nz) {
        // R l for the unit quaternion (x, y, z, w): t = 2 q_v x l, R l = l + w t + q_v x t.
        double x = s.qx[a], y = s.qy[a], z = s.qz[a], w = s.qw[a];
        double lx = c.lAx[i], ly = c.lAy[i], lz = c.lAz[i];
        double tx = 2 * (y * lz - z * ly), ty = 2 * (z * lx - x * lz), tz = 2 * (x * ly - y * lx);
        double ax = s.px[a] + lx + w * tx + (y * tz - z * ty);
        double ay = s.py[a] + ly + w * ty + (z * tx - x * tz);
        double az = s.pz[a] + lz + w * tz + (x * ty - y * tx);
        x = s.qx[b];
        y = s.qy[b];
        z = s.qz[b];
        w = s.qw[b];
        lx = c.lBx[i];
        ly = c.lBy[i];
        lz = c.lBz[i];
        tx = 2 * (y * lz - z * ly);
        ty = 2 * (z * lx - x * lz);
        tz = 2 * (x * ly - y * lx);
        double bx = s.px[b] + lx + w * tx + (y * tz - z * ty);
        double by = s.py[b] + ly + w * ty + (z * tx - x * tz);
        double bz = s.pz[b] + lz + w * tz + (x * ty - y * tx);
        return c.base[i] + (bx - ax) * nx + (by - ay) * ny + (bz - az) * nz;
    }

    /** Each substep applies the accumulated normal impulse once more: add it to the step's total. */
    private static void accumulateTotals(ContactStore c) {
        int n = c.count();
        for (int i = 0; i < n; i++) {
            c.totalNormalImpulse[i] += c.normalImpulse[i];
        }
    }

    /**
     * {@code vn -> -e v_approach} for points that approached faster than the threshold and pushed
     * (Box2D's {@code b2ApplyRestitution}); the accumulated impulse stays non-negative.
     */
    private void restitution(BodyStore s, ContactStore c) {
        int n = c.count();
        for (int i = 0; i < n; i++) {
            double e = c.restitution[i];
            double approach = c.approachVelocity[i];
            if (e == 0 || approach > -restitutionThreshold || c.maxNormalImpulse[i] == 0) {
                continue;
            }
            int a = c.bodyA[i], b = c.bodyB[i];
            double rAx = c.rAx[i], rAy = c.rAy[i], rAz = c.rAz[i];
            double rBx = c.rBx[i], rBy = c.rBy[i], rBz = c.rBz[i];
            double dvx = s.vx[b] + s.wy[b] * rBz - s.wz[b] * rBy - s.vx[a] - s.wy[a] * rAz + s.wz[a] * rAy;
            double dvy = s.vy[b] + s.wz[b] * rBx - s.wx[b] * rBz - s.vy[a] - s.wz[a] * rAx + s.wx[a] * rAz;
            double dvz = s.vz[b] + s.wx[b] * rBy - s.wy[b] * rBx - s.vz[a] - s.wx[a] * rAy + s.wy[a] * rAx;
            double nx = c.nx[i], ny = c.ny[i], nz = c.nz[i];
            double vn = dvx * nx + dvy * ny + dvz * nz;
            double old = c.normalImpulse[i];
            double updated = Math.max(old - c.normalMass[i] * (vn + e * approach), 0);
            double d = updated - old;
            c.normalImpulse[i] = updated;
            c.totalNormalImpulse[i] += d;
            if (d != 0) {
                apply(s, c, i, d * nx, d * ny, d * nz);
            }
        }
    }

    private static void requirePositive(String what, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(what + " must be > 0 and finite, got " + v);
        }
    }
}
