package ricochet.lab;

import ricochet.geometry.Sdf;
import ricochet.math.IntegrationRule;
import ricochet.math.QuatOps;
import ricochet.world.SimulationException;

/**
 * Penalty forces per vertex ({@link PenaltyForces}), integrated by the lab's symplectic Euler below
 * or by the body's other rule ({@link PenaltyRules}):
 * <pre>
 * quadratic:   f_N = k (eps - phi)        for phi &lt; eps   (the lecture's sign, pushing out)
 * log barrier: f_N = rho (1/phi - 1/eps)  for 0 &lt; phi &lt; eps
 *              (energy rho (ln(eps/phi) + phi/eps - 1): rho/phi near the surface, and zero at eps
 *              so that a body resting on the barrier does not sit on a jump of rho/eps)
 * f = (f_N - c v_N) N - min(mu f_N, ...) v_T / |v_T|     damping c and Coulomb friction
 * v += h (g + F / M);  w += h I^-1 tau;  decay;  x += h v;  q += 1/2 h [w, 0] q
 * </pre>
 * The damping and friction forces are each capped at what stops their velocity component in one
 * sub-step for the vertex's share of the mass (M / vertices in contact), so neither can reverse a
 * velocity: explicit damping overshoots, and gains energy, once h sum(c) / M exceeds 2.
 *
 * <p>The log barrier keeps phi &gt; 0 always: a sub-step after which any vertex is at or behind a
 * surface, or has closed more than {@link #MAX_CLOSING} of its gap inside eps, is undone and halved
 * (a conservative step filter in the spirit of IPC's CCD line search, Li et al. 2020).
 */
final class PenaltyMethod implements LabStepper {

    /** Largest fraction of a barrier gap one sub-step may close. */
    static final double MAX_CLOSING = 0.8;
    private static final int MAX_HALVINGS = 60;
    private static final int MAX_SUBSTEPS = 100_000;

    private final boolean barrier;
    private final PenaltyForces forces;
    private final PenaltyRules rules;
    private final double[] r = new double[9];
    private final double[] state = new double[13];
    private final double[] saved = new double[13];
    private double[] before = new double[0];
    /** Sum of rho / phi^2 over the vertices in the barrier at the start of the last sub-step, N/m. */
    private double stiffness;

    PenaltyMethod(boolean barrier) {
        this.barrier = barrier;
        this.forces = new PenaltyForces(barrier);
        this.rules = new PenaltyRules(forces);
    }

    @Override
    public void step(LabBody b, LabWorld world, double h, double[] minDistance) {
        if (!barrier) {
            if (!forceStep(b, world, h, minDistance)) {
                throw new SimulationException(b.name, world.stepCount() + 1, "the "
                        + b.params.integrator().key() + " step's Newton solve stalled; lower dt");
            }
            return;
        }
        int colliders = world.colliderCount();
        if (before.length < colliders) {
            before = new double[colliders];
        }
        double remaining = h;
        double sub = h;
        int halvings = 0;
        int accepted = 0;
        boolean first = true;
        while (remaining > 0) {
            double s = Math.min(sub, remaining);
            save(b);
            boolean defined = forceStep(b, world, s, before);
            if (first) {
                System.arraycopy(before, 0, minDistance, 0, colliders);
                first = false;
            }
            // Explicit steps of a stiff barrier gain energy unless h resolves its frequency:
            // h sqrt(sum k_i / M_eff) <= 1 with k_i = rho / phi_i^2, the barrier's local stiffness.
            // The implicit rules are stable at any h; only the clearance limits their sub-step.
            boolean implicit = b.params.integrator().implicit();
            double stable = implicit ? Double.POSITIVE_INFINITY
                    : 1.0 / Math.sqrt(stiffness / b.minEffectiveMass);
            if (defined && s <= stable && clearanceKept(b, world, before, s, implicit)) {
                remaining -= s;
                sub = Math.min(2 * s, h);
                halvings = 0;
                if (++accepted > MAX_SUBSTEPS) {
                    throw new SimulationException(b.name, world.stepCount() + 1,
                            "log barrier needed more than " + MAX_SUBSTEPS + " sub-steps in one step;"
                                    + " rho is too small to stop the body (raise rho or epsilon)");
                }
            } else {
                restore(b);
                sub = Math.min(0.5 * s, stable);
                if (++halvings > MAX_HALVINGS) {
                    throw new SimulationException(b.name, world.stepCount() + 1,
                            "log barrier could not keep the clearance positive even with sub-steps of "
                                    + sub + " s");
                }
            }
        }
    }

    /**
     * Whether every collider's closest vertex is still in front of it and closed at most MAX_CLOSING,
     * and the sub-step {@code s} also resolves the barrier's stiffness at its end.
     */
    private boolean clearanceKept(LabBody b, LabWorld world, double[] minBefore, double s, boolean implicit) {
        QuatOps.toMatrix(b.qx, b.qy, b.qz, b.qw, r);
        double rho = b.params.rho();
        double k = 0;
        for (int c = 0; c < world.colliderCount(); c++) {
            Sdf sdf = world.collider(c);
            double eps = b.params.epsilon();
            double limit = minBefore[c] < eps ? (1 - MAX_CLOSING) * minBefore[c] : 0;
            for (int i = 0; i < b.vertexCount; i++) {
                double ax = r[0] * b.rx[i] + r[1] * b.ry[i] + r[2] * b.rz[i];
                double ay = r[3] * b.rx[i] + r[4] * b.ry[i] + r[5] * b.rz[i];
                double az = r[6] * b.rx[i] + r[7] * b.ry[i] + r[8] * b.rz[i];
                double d = sdf.distance(b.x + ax, b.y + ay, b.z + az);
                if (!(d > 0) || (d < eps && d < limit)) {
                    return false;
                }
                if (d < eps) {
                    k += rho / (d * d);
                }
            }
        }
        return implicit || s * s * k <= b.minEffectiveMass;
    }

    /**
     * One sub-step of length h under the body's rule; writes each collider's smallest distance before
     * it. Returns false, with the body unchanged, when a rule's intermediate state left the barrier's
     * domain (the caller halves the sub-step).
     */
    private boolean forceStep(LabBody b, LabWorld world, double h, double[] minDistance) {
        IntegrationRule rule = b.params.integrator();
        if (rule != IntegrationRule.SEMI_IMPLICIT) {
            double ld = world.decayPerSubstep(b.params.linearDecay());
            double ad = world.decayPerSubstep(b.params.angularDecay());
            if (h != world.substepDt()) {
                ld = StrictMath.pow(ld, h / world.substepDt());
                ad = StrictMath.pow(ad, h / world.substepDt());
            }
            boolean done = rules.step(b, world, h, ld, ad, rule, minDistance);
            stiffness = rules.startStiffness;
            return done;
        }
        PenaltyRules.read(b, state);
        if (!forces.evaluate(b, world, h, state, minDistance, false)) {
            return true;
        }
        final LabParams p = b.params;
        final double[] inertiaInv = forces.inertiaInv;
        final double fx = forces.fx, fy = forces.fy, fz = forces.fz;
        final double tx = forces.tx, ty = forces.ty, tz = forces.tz;
        stiffness = forces.stiffness;
        double invM = 1.0 / b.mass;
        b.vx += h * (world.gx + fx * invM);
        b.vy += h * (world.gy + fy * invM);
        b.vz += h * (world.gz + fz * invM);
        b.wx += h * (inertiaInv[0] * tx + inertiaInv[1] * ty + inertiaInv[2] * tz);
        b.wy += h * (inertiaInv[3] * tx + inertiaInv[4] * ty + inertiaInv[5] * tz);
        b.wz += h * (inertiaInv[6] * tx + inertiaInv[7] * ty + inertiaInv[8] * tz);
        double ld = world.decayPerSubstep(p.linearDecay());
        double ad = world.decayPerSubstep(p.angularDecay());
        if (h != world.substepDt()) {
            // an adaptive barrier sub-step: decay in proportion to its share of the sub-step
            ld = StrictMath.pow(ld, h / world.substepDt());
            ad = StrictMath.pow(ad, h / world.substepDt());
        }
        b.vx *= ld;
        b.vy *= ld;
        b.vz *= ld;
        b.wx *= ad;
        b.wy *= ad;
        b.wz *= ad;
        b.integrate(h);
        return true;
    }

    private void save(LabBody b) {
        saved[0] = b.x; saved[1] = b.y; saved[2] = b.z;
        saved[3] = b.qx; saved[4] = b.qy; saved[5] = b.qz; saved[6] = b.qw;
        saved[7] = b.vx; saved[8] = b.vy; saved[9] = b.vz;
        saved[10] = b.wx; saved[11] = b.wy; saved[12] = b.wz;
    }

    private void restore(LabBody b) {
        b.x = saved[0]; b.y = saved[1]; b.z = saved[2];
        b.qx = saved[3]; b.qy = saved[4]; b.qz = saved[5]; b.qw = saved[6];
        b.vx = saved[7]; b.vy = saved[8]; b.vz = saved[9];
        b.wx = saved[10]; b.wy = saved[11]; b.wz = saved[12];
    }
}
