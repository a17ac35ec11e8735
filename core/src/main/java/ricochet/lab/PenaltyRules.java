package ricochet.lab;

import ricochet.math.IntegrationRule;
import ricochet.world.SimulationException;

/**
 * The penalty methods' sub-step under the rules other than the lab's semi-implicit one. The state is
 * the rigid body's {@code (x, q, v, w)}; the linear acceleration is {@code g + F / M}, the angular one
 * {@code I^-1 tau} with the world inertia at the state where the torque is taken; positions move as
 * {@code x += h u} and orientations as {@code q += 1/2 h [u_w, 0] q; q /= |q|} with each rule's
 * drift velocity u. The decays multiply the new velocities as in the lab's order
 * ({@code v1 = ld (v0 + h a)}).
 * <pre>
 * explicit-euler   a0 = a(s0);  v1 = ld (v0 + h a0);  drift with v0
 * midpoint         a0;  s_half = (x0 + h/2 v0, v0 + h/2 a0);  v1 = ld (v0 + h a(s_half));  drift v_half
 * leapfrog         v_half = v0 + h/2 a0;  drift with v_half;  v1 = ld (v_half + h/2 a(x1, v_half))
 * implicit-euler   solve u = ld (v0 + h a(x0 + h u, u))                      drift with u
 * trapezoid        solve u = ld (v0 + h/2 (a0 + a(x0 + h/2 (v0 + u), u)))    drift (v0 + u) / 2
 * </pre>
 * Leapfrog is kept in its kick-drift-kick form, which moves through the same positions as
 * {@code v(t + h/2) = v(t - h/2) + h a(x)} started with {@code v(h/2) = v0 + h/2 a0} but stores the
 * velocity at whole steps, so the energy is measured at one instant.
 *
 * <p>The implicit rules solve for u by Newton's method on the residual
 * {@code G(u) = u / ld - v0 - h ((1 - theta) a0 + theta a(s1(u)))} (theta 1 or 1/2) with the
 * Jacobian {@code 1/ld - h theta M^-1 (h theta dF/dpos + dF/dvel)} from {@link PenaltyForces}, and a
 * backtracking line search that keeps every iterate where the forces are defined (the barrier's
 * phi &gt; 0) and lowers |G|. It starts from the u that leaves the body where it is, which the step
 * filter of the barrier already knows to be feasible. Where the contact set flips between iterates
 * (a vertex entering or leaving the floor, friction sticking or sliding) and {@code h^2 k / M} is large,
 * Newton can stall; the step is then done as two half steps, up to {@link #MAX_SPLITS} times.
 */
final class PenaltyRules {

    private static final int MAX_NEWTON = 60;
    private static final int MAX_BACKTRACK = 40;
    /** Times a stalled implicit step may be halved (down to h / 2^MAX_SPLITS). */
    private static final int MAX_SPLITS = 10;
    /** Newton stops when |G| (m/s and rad/s) is below this times the velocities' own scale. */
    private static final double TOLERANCE = 1e-13;

    private final PenaltyForces forces;
    private final double[] s0 = new double[13];
    private final double[] s1 = new double[13];
    private final double[] a0 = new double[6];
    private final double[] a1 = new double[6];
    private final double[] u = new double[6];
    private final double[] trial = new double[6];
    private final double[] g = new double[6];
    private final double[] step = new double[6];
    private final double[] jac = new double[36];
    private double[] scratchDistance = new double[0];
    /** The contact stiffness at the sub-step's start, N/m (for the barrier's explicit step limit). */
    double startStiffness;

    PenaltyRules(PenaltyForces forces) {
        this.forces = forces;
    }

    /**
     * One sub-step of h under {@code rule} (not {@link IntegrationRule#SEMI_IMPLICIT}). Writes each
     * collider's smallest vertex distance at the start into {@code minDistance}. Returns false, with
     * the body unchanged, when an evaluated state lies where the forces are undefined (a barrier
     * vertex at or behind a surface), so the caller halves the sub-step; true otherwise, also when the
     * world inertia is singular (the body then keeps its state, as the lab's rule does).
     */
    boolean step(LabBody b, LabWorld world, double h, double ld, double ad, IntegrationRule rule,
                 double[] minDistance) {
        return step(b, world, h, ld, ad, rule, minDistance, 0);
    }

    private boolean step(LabBody b, LabWorld world, double h, double ld, double ad, IntegrationRule rule,
                         double[] minDistance, int splits) {
        if (scratchDistance.length < world.colliderCount()) {
            scratchDistance = new double[world.colliderCount()];
        }
        read(b, s0);
        if (!forces.evaluate(b, world, h, s0, minDistance, false)) {
            return true;
        }
        startStiffness = forces.stiffness;
        if (!forces.feasible) {
            return false;
        }
        acceleration(b, world, a0);
        switch (rule) {
            case EXPLICIT_EULER -> {
                drift(s0, s0[7], s0[8], s0[9], s0[10], s0[11], s0[12], h, s1);
                for (int i = 0; i < 6; i++) {
                    s1[7 + i] = (s0[7 + i] + h * a0[i]) * (i < 3 ? ld : ad);
                }
            }
            case MIDPOINT -> {
                double hh = 0.5 * h;
                for (int i = 0; i < 6; i++) {
                    u[i] = s0[7 + i] + hh * a0[i];
                }
                drift(s0, s0[7], s0[8], s0[9], s0[10], s0[11], s0[12], hh, s1);
                System.arraycopy(u, 0, s1, 7, 6);
                if (!evaluate(b, world, h, s1, false)) {
                    return false;
                }
                acceleration(b, world, a1);
                drift(s0, u[0], u[1], u[2], u[3], u[4], u[5], h, s1);
                for (int i = 0; i < 6; i++) {
                    s1[7 + i] = (s0[7 + i] + h * a1[i]) * (i < 3 ? ld : ad);
                }
            }
            case LEAPFROG -> {
                double hh = 0.5 * h;
                for (int i = 0; i < 6; i++) {
                    u[i] = s0[7 + i] + hh * a0[i];
                }
                drift(s0, u[0], u[1], u[2], u[3], u[4], u[5], h, s1);
                System.arraycopy(u, 0, s1, 7, 6);
                if (!evaluate(b, world, h, s1, false)) {
                    return false;
                }
                acceleration(b, world, a1);
                for (int i = 0; i < 6; i++) {
                    s1[7 + i] = (u[i] + hh * a1[i]) * (i < 3 ? ld : ad);
                }
            }
            case IMPLICIT_EULER, TRAPEZOID -> {
                if (!solve(b, world, h, ld, ad, rule.driftWeight())) {
                    // Newton stalls where the contact set flips between iterates (the forces' kinks)
                    // and h^2 k / M is large; two half steps shrink that jump of the Jacobian by 4.
                    return splits < MAX_SPLITS
                            && step(b, world, 0.5 * h, Math.sqrt(ld), Math.sqrt(ad), rule, scratchDistance,
                                    splits + 1)
                            && step(b, world, 0.5 * h, Math.sqrt(ld), Math.sqrt(ad), rule, scratchDistance,
                                    splits + 1);
                }
            }
            default -> throw new IllegalStateException("the semi-implicit rule has its own step: " + rule);
        }
        write(s1, b);
        return true;
    }

    /**
     * Newton on {@code G(u)}; leaves the end state in s1. Returns false when no feasible iterate
     * lowers |G| (the barrier's sub-step is then halved).
     */
    private boolean solve(LabBody b, LabWorld world, double h, double ld, double ad, double theta) {
        double scale = 1;
        for (int i = 0; i < 6; i++) {
            scale = Math.max(scale, Math.abs(s0[7 + i]) + h * Math.abs(a0[i]));
            // The u that leaves the body where it is: (1 - theta) v0 + theta u = 0.
            u[i] = -(1 - theta) / theta * s0[7 + i];
        }
        double tolerance = TOLERANCE * scale;
        if (!residual(b, world, h, ld, ad, theta, u, true)) {
            // The start pose is feasible, so this only happens for a singular inertia.
            return false;
        }
        double norm = norm(g);
        for (int iteration = 0; iteration < MAX_NEWTON; iteration++) {
            if (norm <= tolerance) {
                return true;
            }
            // J = diag(1/ld, 1/ad) - h theta [M^-1; I^-1] (h theta dF/dpos + dF/dvel)
            double ht = h * theta;
            double invM = 1.0 / b.mass;
            for (int row = 0; row < 6; row++) {
                for (int col = 0; col < 6; col++) {
                    double d = 0;
                    if (row < 3) {
                        d = invM * dForce(row, col, ht);
                    } else {
                        for (int k = 0; k < 3; k++) {
                            d += forces.inertiaInv[3 * (row - 3) + k] * dForce(3 + k, col, ht);
                        }
                    }
                    jac[6 * row + col] = (row == col ? 1.0 / (row < 3 ? ld : ad) : 0) - ht * d;
                }
                step[row] = -g[row];
            }
            if (!solve6(jac, step)) {
                throw new SimulationException(b.name, world.stepCount() + 1,
                        "the implicit step's Newton matrix is singular");
            }
            double alpha = 1;
            boolean accepted = false;
            for (int k = 0; k < MAX_BACKTRACK && !accepted; k++, alpha *= 0.5) {
                for (int i = 0; i < 6; i++) {
                    trial[i] = u[i] + alpha * step[i];
                }
                if (residual(b, world, h, ld, ad, theta, trial, true) && forces.feasible) {
                    double trialNorm = norm(g);
                    if (trialNorm < norm || trialNorm <= tolerance) {
                        System.arraycopy(trial, 0, u, 0, 6);
                        norm = trialNorm;
                        accepted = true;
                    }
                }
            }
            if (!accepted) {
                // Round-off floor: |G| cannot fall further; accept when it is already small.
                residual(b, world, h, ld, ad, theta, u, true);
                if (norm <= 1e3 * tolerance) {
                    return true;
                }
                return false;
            }
        }
        if (norm <= 1e3 * tolerance) {
            return true;
        }
        throw new SimulationException(b.name, world.stepCount() + 1, "the implicit step's Newton solve"
                + " did not converge in " + MAX_NEWTON + " iterations (|G| = " + norm + "); lower dt");
    }

    /** Row r, column c of {@code h theta dF/dpos + dF/dvel}, the force's change per unit of u. */
    private double dForce(int r, int c, double ht) {
        return ht * forces.kPos[6 * r + c] + forces.kVel[6 * r + c];
    }

    /**
     * G(u) into g, with s1 the end state for u and the forces evaluated there (with derivatives).
     * Returns false when the world inertia at s1 is singular.
     */
    private boolean residual(LabBody b, LabWorld world, double h, double ld, double ad, double theta,
                             double[] uu, boolean jacobian) {
        double keep = 1 - theta;
        drift(s0, keep * s0[7] + theta * uu[0], keep * s0[8] + theta * uu[1], keep * s0[9] + theta * uu[2],
                keep * s0[10] + theta * uu[3], keep * s0[11] + theta * uu[4], keep * s0[12] + theta * uu[5],
                h, s1);
        System.arraycopy(uu, 0, s1, 7, 6);
        if (!forces.evaluate(b, world, h, s1, scratchDistance, jacobian)) {
            return false;
        }
        acceleration(b, world, a1);
        for (int i = 0; i < 6; i++) {
            g[i] = uu[i] / (i < 3 ? ld : ad) - s0[7 + i] - h * (keep * a0[i] + theta * a1[i]);
        }
        return true;
    }

    private boolean evaluate(LabBody b, LabWorld world, double h, double[] s, boolean jacobian) {
        return forces.evaluate(b, world, h, s, scratchDistance, jacobian) && forces.feasible;
    }

    /** {@code [g + F / M, I^-1 tau]} of the last evaluation into out. */
    private void acceleration(LabBody b, LabWorld world, double[] out) {
        double invM = 1.0 / b.mass;
        double[] ii = forces.inertiaInv;
        out[0] = world.gx + forces.fx * invM;
        out[1] = world.gy + forces.fy * invM;
        out[2] = world.gz + forces.fz * invM;
        out[3] = ii[0] * forces.tx + ii[1] * forces.ty + ii[2] * forces.tz;
        out[4] = ii[3] * forces.tx + ii[4] * forces.ty + ii[5] * forces.tz;
        out[5] = ii[6] * forces.tx + ii[7] * forces.ty + ii[8] * forces.tz;
    }

    private static double norm(double[] v) {
        double m = 0;
        for (double x : v) {
            m = Math.max(m, Math.abs(x));
        }
        return m;
    }

    /**
     * Position and orientation of {@code from} moved over h by velocity (v, w) into {@code to}:
     * {@code x + h v} and {@code q + 1/2 h [w, 0] q}, normalised (the lab's update).
     */
    static void drift(double[] from, double vx, double vy, double vz, double wx, double wy, double wz,
                      double h, double[] to) {
        to[0] = from[0] + h * vx;
        to[1] = from[1] + h * vy;
        to[2] = from[2] + h * vz;
        double qx = from[3], qy = from[4], qz = from[5], qw = from[6];
        double ax = 0.5 * h * wx, ay = 0.5 * h * wy, az = 0.5 * h * wz;
        // [a, 0] * q, Hamilton product with a zero scalar part
        double dx = ax * qw + ay * qz - az * qy;
        double dy = -ax * qz + ay * qw + az * qx;
        double dz = ax * qy - ay * qx + az * qw;
        double dw = -(ax * qx + ay * qy + az * qz);
        double nx = qx + dx, ny = qy + dy, nz = qz + dz, nw = qw + dw;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
        to[3] = nx / len;
        to[4] = ny / len;
        to[5] = nz / len;
        to[6] = nw / len;
    }

    static void read(LabBody b, double[] s) {
        s[0] = b.x;
        s[1] = b.y;
        s[2] = b.z;
        s[3] = b.qx;
        s[4] = b.qy;
        s[5] = b.qz;
        s[6] = b.qw;
        s[7] = b.vx;
        s[8] = b.vy;
        s[9] = b.vz;
        s[10] = b.wx;
        s[11] = b.wy;
        s[12] = b.wz;
    }

    private static void write(double[] s, LabBody b) {
        b.x = s[0];
        b.y = s[1];
        b.z = s[2];
        b.qx = s[3];
        b.qy = s[4];
        b.qz = s[5];
        b.qw = s[6];
        b.vx = s[7];
        b.vy = s[8];
        b.vz = s[9];
        b.wx = s[10];
        b.wy = s[11];
        b.wz = s[12];
    }

    /**
     * Solves {@code m x = rhs} in place (rhs becomes x) by Gaussian elimination with partial
     * pivoting; m (6x6 row-major) is overwritten. Returns false for a singular m.
     */
    static boolean solve6(double[] m, double[] rhs) {
        for (int col = 0; col < 6; col++) {
            int pivot = col;
            for (int row = col + 1; row < 6; row++) {
                if (Math.abs(m[6 * row + col]) > Math.abs(m[6 * pivot + col])) {
                    pivot = row;
                }
            }
            double p = m[6 * pivot + col];
            if (!(Math.abs(p) > 0) || !Double.isFinite(p)) {
                return false;
            }
            if (pivot != col) {
                for (int k = 0; k < 6; k++) {
                    double t = m[6 * col + k];
                    m[6 * col + k] = m[6 * pivot + k];
                    m[6 * pivot + k] = t;
                }
                double t = rhs[col];
                rhs[col] = rhs[pivot];
                rhs[pivot] = t;
            }
            for (int row = col + 1; row < 6; row++) {
                double f = m[6 * row + col] / p;
                if (f != 0) {
                    for (int k = col; k < 6; k++) {
                        m[6 * row + k] -= f * m[6 * col + k];
                    }
                    rhs[row] -= f * rhs[col];
                }
            }
        }
        for (int row = 5; row >= 0; row--) {
            double sum = rhs[row];
            for (int k = row + 1; k < 6; k++) {
                sum -= m[6 * row + k] * rhs[k];
            }
            rhs[row] = sum / m[6 * row + row];
        }
        return true;
    }
}
