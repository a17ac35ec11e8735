package ricochet.soft;

import java.util.Arrays;
import ricochet.math.IntegrationRule;

/**
 * How a cloth's or soft body's particles move over a substep of length h under the integration rule
 * its def names. The forces are gravity, a shell's gas ({@code p dV/dx}) and the elastic force of
 * every constraint with a compliance alpha > 0 (stretch, edges, bending, volume), the gradient of the
 * energy {@code C^2 / (2 alpha)}. Constraints without compliance (rigid edges, long-range
 * attachments, pins, attachments to bodies), self-collision and contacts have no force to integrate:
 * every rule projects them after its update, and their correction enters the velocity as
 * {@code (x - x_pred) / h}, as in XPBD.
 *
 * <p>With a the acceleration of those forces, e the external part (gravity and gas), c(x) the
 * elastic part, and x0, v0 the substep's start:
 * <pre>
 * explicit-euler  x = x0 + h v0                          v = v0 + h a(x0)
 * semi-implicit   XPBD: x = P(x0 + h v0 + h^2 e(x0)), elastic forces projected with alpha / h^2
 * implicit-euler  x = x0 + h v0 + h^2 (e(x0) + c(x))      v = (x - x0) / h                (solved)
 * midpoint        x = x0 + h (v0 + h/2 a(x0))             v = v0 + h a(x0 + h/2 v0)
 * trapezoid       x = x0 + h v0 + h^2/4 (a(x0) + e(x0) + c(x))   v = 2 (x - x0) / h - v0  (solved)
 * leapfrog        v_half = v0 + h/2 a(x0), x = x0 + h v_half, v = v_half + h/2 a(x)  (after P)
 * </pre>
 * The implicit rules are solved by XPBD's own iteration with the multipliers accumulated
 * (Macklin, Mueller and Chentanez 2016, eq. 18) and the compliance over tau^2, tau = h (implicit
 * Euler) or h / 2 (trapezoid: {@code x - y = (h/2)^2 c(x)}), repeated until no particle moves more
 * than {@link #TOLERANCE} in a pass (at most {@link #MAX_PASSES} passes). The default rule keeps
 * the one-pass XPBD loop in {@link SoftBodies} untouched, so its results are the same bit for bit;
 * for the elastic forces that loop is itself implicit Euler.
 *
 * <p>After the update every rule writes {@code x_s = x - h v}, so that the velocity update
 * {@code v = (x - x_s) / h} after the projections gives the rule's velocity plus the projections'
 * correction over h.
 */
final class ParticleRules {

    /** Projected by the XPBD sweep of the default rule (every rigid constraint, and all of a default body's). */
    static final byte PROJECTED = 0;
    /** An elastic force integrated explicitly (explicit Euler, midpoint, leapfrog). */
    static final byte FORCE = 1;
    /** An elastic force taken at the end of the substep, solved with tau = h. */
    static final byte IMPLICIT_EULER = 2;
    /** An elastic force averaged over the substep, its end part solved with tau = h / 2. */
    static final byte TRAPEZOID = 3;

    /** The implicit solve stops when no particle moves further than this in a pass, m. */
    static final double TOLERANCE = 1e-13;
    /** The implicit solve's most passes per substep. */
    static final int MAX_PASSES = 100;

    /** Start of the substep: positions and velocities (m, m/s). */
    double[] x0 = new double[0], y0 = x0, z0 = x0, vx0 = x0, vy0 = x0, vz0 = x0;
    /** External (gravity and gas) and whole accelerations at the start, m/s^2. */
    double[] ex = x0, ey = x0, ez = x0, ax0 = x0, ay0 = x0, az0 = x0;
    /** Acceleration at a later point (midpoint: x0 + h/2 v0; leapfrog: the end), m/s^2. */
    double[] ax = x0, ay = x0, az = x0;

    /** How a constraint with a compliance of a body under {@code rule} is integrated. */
    static byte mode(IntegrationRule rule) {
        return switch (rule) {
            case SEMI_IMPLICIT -> PROJECTED;
            case IMPLICIT_EULER -> IMPLICIT_EULER;
            case TRAPEZOID -> TRAPEZOID;
            default -> FORCE;
        };
    }

    /** {@code 1 / tau^2} of an implicit mode, from {@code 1 / h^2}. */
    static double invTau2(byte mode, double invH2) {
        return mode == TRAPEZOID ? 4 * invH2 : invH2;
    }

    void ensure(int n) {
        if (x0.length >= n) {
            return;
        }
        int c = Math.max(n, 2 * x0.length);
        x0 = Arrays.copyOf(x0, c);
        y0 = Arrays.copyOf(y0, c);
        z0 = Arrays.copyOf(z0, c);
        vx0 = Arrays.copyOf(vx0, c);
        vy0 = Arrays.copyOf(vy0, c);
        vz0 = Arrays.copyOf(vz0, c);
        ex = Arrays.copyOf(ex, c);
        ey = Arrays.copyOf(ey, c);
        ez = Arrays.copyOf(ez, c);
        ax0 = Arrays.copyOf(ax0, c);
        ay0 = Arrays.copyOf(ay0, c);
        az0 = Arrays.copyOf(az0, c);
        ax = Arrays.copyOf(ax, c);
        ay = Arrays.copyOf(ay, c);
        az = Arrays.copyOf(az, c);
    }

    /** Keeps particles {@code first .. first + n - 1}'s start state. */
    void start(Particles p, int first, int n) {
        System.arraycopy(p.x, first, x0, first, n);
        System.arraycopy(p.y, first, y0, first, n);
        System.arraycopy(p.z, first, z0, first, n);
        System.arraycopy(p.vx, first, vx0, first, n);
        System.arraycopy(p.vy, first, vy0, first, n);
        System.arraycopy(p.vz, first, vz0, first, n);
    }

    /** The whole start acceleration begins as the external one; the elastic forces are added to it. */
    void startAcceleration(int first, int n) {
        System.arraycopy(ex, first, ax0, first, n);
        System.arraycopy(ey, first, ay0, first, n);
        System.arraycopy(ez, first, az0, first, n);
    }

    /**
     * Moves the particles to where the rule next needs its forces: midpoint to {@code x0 + h/2 v0};
     * implicit Euler to {@code y = x0 + h v0 + h^2 e}, the trapezoid to
     * {@code y = x0 + h v0 + h^2/4 (a0 + e)}, where the solve starts (the solution is {@code y} plus
     * the end's elastic part). One loop per rule: the rule is chosen once per body, never per particle.
     */
    void toEvaluationPoint(Particles p, int first, int n, IntegrationRule rule, double h) {
        switch (rule) {
            case MIDPOINT -> drift(p, first, n, 0.5 * h, 0, ex, ey, ez);
            case IMPLICIT_EULER -> drift(p, first, n, h, h * h, ex, ey, ez);
            case TRAPEZOID -> {
                double q = 0.25 * h * h;
                for (int i = first; i < first + n; i++) {
                    if (p.w[i] != 0) {
                        p.x[i] = x0[i] + h * vx0[i] + q * (ax0[i] + ex[i]);
                        p.y[i] = y0[i] + h * vy0[i] + q * (ay0[i] + ey[i]);
                        p.z[i] = z0[i] + h * vz0[i] + q * (az0[i] + ez[i]);
                    }
                }
            }
            default -> {
            }
        }
    }

    /** {@code x = x0 + s v0 + q a} for the free particles. */
    private void drift(Particles p, int first, int n, double s, double q, double[] ax, double[] ay, double[] az) {
        for (int i = first; i < first + n; i++) {
            if (p.w[i] != 0) {
                p.x[i] = x0[i] + s * vx0[i] + q * ax[i];
                p.y[i] = y0[i] + s * vy0[i] + q * ay[i];
                p.z[i] = z0[i] + s * vz0[i] + q * az[i];
            }
        }
    }

    /**
     * The rule's end of the substep before the projections: position x, velocity v and
     * {@code x_s = x - h v}. Midpoint reads its half-step acceleration from {@link #ax}; the implicit
     * rules read their solved positions from the particles. A self-colliding cloth's particles are
     * held to {@code maxSpeed} (m/s), in displacement and velocity, as the default rule holds them.
     */
    void finish(Particles p, int first, int n, IntegrationRule rule, double h, double maxSpeed) {
        double hh = 0.5 * h, inv = 1 / h;
        switch (rule) {
            case EXPLICIT_EULER -> {
                for (int i = first; i < first + n; i++) {
                    if (p.w[i] != 0) {
                        end(p, i, x0[i] + h * vx0[i], y0[i] + h * vy0[i], z0[i] + h * vz0[i],
                                vx0[i] + h * ax0[i], vy0[i] + h * ay0[i], vz0[i] + h * az0[i], h, maxSpeed);
                    }
                }
            }
            case MIDPOINT -> {
                for (int i = first; i < first + n; i++) {
                    if (p.w[i] != 0) {
                        end(p, i, x0[i] + h * (vx0[i] + hh * ax0[i]), y0[i] + h * (vy0[i] + hh * ay0[i]),
                                z0[i] + h * (vz0[i] + hh * az0[i]), vx0[i] + h * ax[i], vy0[i] + h * ay[i],
                                vz0[i] + h * az[i], h, maxSpeed);
                    }
                }
            }
            case LEAPFROG -> {
                for (int i = first; i < first + n; i++) {
                    if (p.w[i] != 0) {
                        double vx = vx0[i] + hh * ax0[i], vy = vy0[i] + hh * ay0[i], vz = vz0[i] + hh * az0[i];
                        end(p, i, x0[i] + h * vx, y0[i] + h * vy, z0[i] + h * vz, vx, vy, vz, h, maxSpeed);
                    }
                }
            }
            case IMPLICIT_EULER -> {
                for (int i = first; i < first + n; i++) {
                    if (p.w[i] != 0) {
                        double x = p.x[i], y = p.y[i], z = p.z[i];
                        end(p, i, x, y, z, (x - x0[i]) * inv, (y - y0[i]) * inv, (z - z0[i]) * inv, h, maxSpeed);
                    }
                }
            }
            case TRAPEZOID -> {
                for (int i = first; i < first + n; i++) {
                    if (p.w[i] != 0) {
                        double x = p.x[i], y = p.y[i], z = p.z[i];
                        end(p, i, x, y, z, 2 * (x - x0[i]) * inv - vx0[i], 2 * (y - y0[i]) * inv - vy0[i],
                                2 * (z - z0[i]) * inv - vz0[i], h, maxSpeed);
                    }
                }
            }
            default -> throw new IllegalStateException("the default rule has its own loop");
        }
        for (int i = first; i < first + n; i++) {
            if (p.w[i] == 0) {
                p.sx[i] = p.x[i];
                p.sy[i] = p.y[i];
                p.sz[i] = p.z[i];
            }
        }
    }

    /** Puts particle i at x with velocity v, each held to {@code maxSpeed}, and {@code x_s = x - h v}. */
    private void end(Particles p, int i, double x, double y, double z, double vx, double vy, double vz, double h,
                     double maxSpeed) {
        double dx = x - x0[i], dy = y - y0[i], dz = z - z0[i];
        double reach = maxSpeed * h, d2 = dx * dx + dy * dy + dz * dz;
        if (d2 > reach * reach) {
            double s = reach / Math.sqrt(d2);
            x = x0[i] + s * dx;
            y = y0[i] + s * dy;
            z = z0[i] + s * dz;
        }
        p.x[i] = x;
        p.y[i] = y;
        p.z[i] = z;
        p.setVelocity(i, vx, vy, vz, maxSpeed);
        p.sx[i] = x - h * p.vx[i];
        p.sy[i] = y - h * p.vy[i];
        p.sz[i] = z - h * p.vz[i];
    }

    /** Leapfrog's closing half kick, {@code v += h/2 a(x)}, with a(x) in {@link #ax}. */
    void kick(Particles p, int first, int n, double h) {
        double hh = 0.5 * h;
        for (int i = first; i < first + n; i++) {
            if (p.w[i] != 0) {
                p.vx[i] += hh * ax[i];
                p.vy[i] += hh * ay[i];
                p.vz[i] += hh * az[i];
            }
        }
    }
}
