package ricochet.lab;

import ricochet.geometry.Sdf;
import ricochet.math.QuatOps;
import ricochet.world.SimulationException;

/**
 * Penalty forces per vertex, integrated by symplectic Euler:
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
    private final double[] r = new double[9];
    private final double[] scratch = new double[9];
    private final double[] inertia = new double[9];
    private final double[] inertiaInv = new double[9];
    private final double[] n = new double[3];
    private final double[] saved = new double[13];
    private double[] before = new double[0];
    private int[] contactVertex = new int[0];
    private double[] contactPhi = new double[0];
    /** Sum of rho / phi^2 over the vertices in the barrier at the start of the last sub-step, N/m. */
    private double stiffness;

    PenaltyMethod(boolean barrier) {
        this.barrier = barrier;
    }

    @Override
    public void step(LabBody b, LabWorld world, double h, double[] minDistance) {
        if (!barrier) {
            forceStep(b, world, h, minDistance);
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
            forceStep(b, world, s, before);
            if (first) {
                System.arraycopy(before, 0, minDistance, 0, colliders);
                first = false;
            }
            // Explicit steps of a stiff barrier gain energy unless h resolves its frequency:
            // h sqrt(sum k_i / M_eff) <= 1 with k_i = rho / phi_i^2, the barrier's local stiffness.
            double stable = 1.0 / Math.sqrt(stiffness / b.minEffectiveMass);
            if (s <= stable && clearanceKept(b, world, before, s)) {
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
    private boolean clearanceKept(LabBody b, LabWorld world, double[] minBefore, double s) {
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
        return s * s * k <= b.minEffectiveMass;
    }

    /** One symplectic Euler sub-step of length h; writes each collider's smallest distance before it. */
    private void forceStep(LabBody b, LabWorld world, double h, double[] minDistance) {
        QuatOps.toMatrix(b.qx, b.qy, b.qz, b.qw, r);
        if (!b.worldInverseInertia(r, scratch, inertia, inertiaInv)) {
            return;
        }
        final LabParams p = b.params;
        final double eps = p.epsilon();
        if (contactVertex.length < b.vertexCount) {
            contactVertex = new int[b.vertexCount];
            contactPhi = new double[b.vertexCount];
        }
        double fx = 0, fy = 0, fz = 0, tx = 0, ty = 0, tz = 0;
        double k = 0;
        for (int c = 0; c < world.colliderCount(); c++) {
            Sdf sdf = world.collider(c);
            // Pass 1: the vertices within eps. Their count sets the mass share that caps damping and
            // friction, so it must be this sub-step's count, not the last one's.
            double minD = Double.POSITIVE_INFINITY;
            int contacts = 0;
            for (int i = 0; i < b.vertexCount; i++) {
                double phi = sdf.distance(
                        b.x + r[0] * b.rx[i] + r[1] * b.ry[i] + r[2] * b.rz[i],
                        b.y + r[3] * b.rx[i] + r[4] * b.ry[i] + r[5] * b.rz[i],
                        b.z + r[6] * b.rx[i] + r[7] * b.ry[i] + r[8] * b.rz[i]);
                minD = Math.min(minD, phi);
                if (phi < eps) {
                    contactVertex[contacts] = i;
                    contactPhi[contacts] = phi;
                    contacts++;
                }
            }
            minDistance[c] = minD;
            // Explicit damping is stable while h sum(c) / M <= 1: at most (M / contacts) / h per vertex.
            final double capPerSpeed = b.mass / Math.max(1, contacts) / h;
            for (int j = 0; j < contacts; j++) {
                int i = contactVertex[j];
                double phi = contactPhi[j];
                double ax = r[0] * b.rx[i] + r[1] * b.ry[i] + r[2] * b.rz[i];
                double ay = r[3] * b.rx[i] + r[4] * b.ry[i] + r[5] * b.rz[i];
                double az = r[6] * b.rx[i] + r[7] * b.ry[i] + r[8] * b.rz[i];
                sdf.normal(b.x + ax, b.y + ay, b.z + az, n);
                double fn = barrier ? p.rho() * (1 / phi - 1 / eps) : p.stiffness() * (eps - phi);
                k += barrier ? p.rho() / (phi * phi) : p.stiffness();
                double vix = b.vx + (b.wy * az - b.wz * ay);
                double viy = b.vy + (b.wz * ax - b.wx * az);
                double viz = b.vz + (b.wx * ay - b.wy * ax);
                double vn = vix * n[0] + viy * n[1] + viz * n[2];
                double damp = Math.min(p.damping(), capPerSpeed) * vn;
                double normal = Math.max(fn - damp, 0);
                double vtx = vix - vn * n[0], vty = viy - vn * n[1], vtz = viz - vn * n[2];
                double vt = Math.sqrt(vtx * vtx + vty * vty + vtz * vtz);
                double ftx = 0, fty = 0, ftz = 0;
                if (vt > 0) {
                    double ft = Math.min(b.friction * normal, capPerSpeed * vt) / vt;
                    ftx = -ft * vtx;
                    fty = -ft * vty;
                    ftz = -ft * vtz;
                }
                double fix = normal * n[0] + ftx, fiy = normal * n[1] + fty, fiz = normal * n[2] + ftz;
                fx += fix;
                fy += fiy;
                fz += fiz;
                // tau += R r_i x f_i
                tx += ay * fiz - az * fiy;
                ty += az * fix - ax * fiz;
                tz += ax * fiy - ay * fix;
            }
        }
        stiffness = k;
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
