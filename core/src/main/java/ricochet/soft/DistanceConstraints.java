package ricochet.soft;

import java.util.Arrays;

/**
 * Distance constraints {@code C = |xa - xb| - L} between particle pairs: a cloth's stretch edges, a
 * soft body's tetrahedron edges, and long-range attachments (tethers, Kim, Tang and Ko 2012), which
 * act only when {@code C > 0}: a particle may come closer to its pin than it started, never further.
 *
 * <p>XPBD (Macklin, Mueller and Chentanez 2016), one iteration per substep with the multiplier reset
 * at its start ("Small Steps", Macklin et al. 2019), so {@code dlambda = -C / (wa + wb + alpha / h^2)}
 * and {@code x_a += wa dlambda n}, {@code x_b -= wb dlambda n}, {@code n = (xa - xb) / |xa - xb|}.
 * The compliance alpha (m/N) is the inverse stiffness; dividing it by h^2 makes the stiffness the
 * same at any step and substep count.
 *
 * <p>A rigid constraint (alpha = 0) also gets a velocity pass after the velocity update ({@link #settle}):
 * one Gauss-Seidel sweep leaves a residual that the next substep corrects, and {@code v = (x - x_s) / h}
 * turns that correction into speed. In a cloth the triangle edges make the sheet rigid in its plane,
 * the residual travels along the sweep and comes back as velocity many times larger than the motion
 * that caused it (a crumpling cloth gained energy without bound). Removing the relative velocity along
 * each rigid edge, {@code dv_a = -wa (v_ab . n) n / (wa + wb)}, is a projection in the mass metric, so it
 * conserves momentum and never adds kinetic energy (the velocity pass of Mueller et al. 2020,
 * "Detailed rigid body simulation with extended position based dynamics", 3.6).
 */
final class DistanceConstraints {

    int count;
    int[] a = new int[64], b = new int[64];
    double[] rest = new double[64], compliance = new double[64];
    /** Tethers: active only when stretched. */
    boolean[] tether = new boolean[64];
    /** How the constraint is integrated ({@link ParticleRules#PROJECTED} and the others). */
    byte[] mode = new byte[64];
    /** Multipliers accumulated over the passes of an implicit rule's solve, N s^2. */
    double[] lambda = new double[64];
    private final Sweep sweep = new Sweep();

    void add(int pa, int pb, double length, double alpha, boolean isTether) {
        if (count == a.length) {
            int c = 2 * count;
            a = Arrays.copyOf(a, c);
            b = Arrays.copyOf(b, c);
            rest = Arrays.copyOf(rest, c);
            compliance = Arrays.copyOf(compliance, c);
            tether = Arrays.copyOf(tether, c);
            mode = Arrays.copyOf(mode, c);
            lambda = Arrays.copyOf(lambda, c);
        }
        a[count] = pa;
        b[count] = pb;
        rest[count] = length;
        compliance[count] = alpha;
        tether[count] = isTether;
        mode[count] = ParticleRules.PROJECTED;
        count++;
        sweep.invalidate();
    }

    /** Constraints {@code from .. to - 1} with a compliance are integrated as {@code m} says. */
    void setMode(int from, int to, byte m) {
        for (int c = from; c < to; c++) {
            if (compliance[c] != 0 && !tether[c]) {
                mode[c] = m;
            }
        }
    }

    /**
     * One pass over constraints {@code from .. to - 1} for a substep with {@code 1 / h^2 = invH2}, in
     * {@link Sweep}'s order.
     */
    void solve(Particles p, int from, int to, double invH2) {
        if (from != 0 || to != count) {
            for (int c = from; c < to; c++) {
                solveOne(p, c, invH2);
            }
            return;
        }
        sweep.cut(count, a, 1, p.owner);
        for (int k = 0; k < sweep.longest(); k++) {
            for (int r = 0; r < sweep.runs(); r++) {
                int c = sweep.at(r, k);
                if (c >= 0) {
                    solveOne(p, c, invH2);
                }
            }
        }
    }

    private void solveOne(Particles p, int c, double invH2) {
        double[] x = p.x, y = p.y, z = p.z, w = p.w;
        if (mode[c] != ParticleRules.PROJECTED) {
            return;
        }
        int i = a[c], j = b[c];
        double wsum = w[i] + w[j];
        if (wsum == 0) {
            return;
        }
        double dx = x[i] - x[j], dy = y[i] - y[j], dz = z[i] - z[j];
        double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double err = len - rest[c];
        if (len == 0 || (tether[c] && err <= 0)) {
            return;
        }
        double dl = -err / ((wsum + compliance[c] * invH2) * len);
        if (w[i] == 0 || w[j] == 0) {
            // The free end moves by w dl (+-d): m times that is the pin's (position-level) impulse.
            double s = w[i] == 0 ? -dl : dl;
            p.pinSx += s * dx;
            p.pinSy += s * dy;
            p.pinSz += s * dz;
        }
        push(x, y, z, w, i, j, dl, dx, dy, dz);
    }

    /**
     * Adds every elastic constraint's force over mass to the accelerations (m/s^2):
     * {@code a_a += -wa (C / alpha) n}, {@code a_b += wb (C / alpha) n}, the force of the energy
     * {@code C^2 / (2 alpha)}.
     */
    void accelerate(Particles p, double[] ax, double[] ay, double[] az) {
        double[] x = p.x, y = p.y, z = p.z, w = p.w;
        for (int c = 0; c < count; c++) {
            if (mode[c] == ParticleRules.PROJECTED) {
                continue;
            }
            int i = a[c], j = b[c];
            double dx = x[i] - x[j], dy = y[i] - y[j], dz = z[i] - z[j];
            double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (len == 0) {
                continue;
            }
            double f = -(len - rest[c]) / compliance[c] / len;
            push(ax, ay, az, w, i, j, f, dx, dy, dz);
        }
    }

    /**
     * One pass of an implicit rule's solve over its elastic constraints, multipliers accumulated
     * (XPBD proper, Macklin et al. 2016, eq. 18): {@code dlambda = (-C - at lambda) / (wa + wb + at)},
     * {@code at = alpha / tau^2}, tau = h for implicit Euler and h / 2 for the trapezoid.
     *
     * @return the largest distance a particle moved in the pass, m
     */
    double solveElastic(Particles p, double invH2) {
        double[] x = p.x, y = p.y, z = p.z, w = p.w;
        double moved = 0;
        for (int c = 0; c < count; c++) {
            if (mode[c] < ParticleRules.IMPLICIT_EULER) {
                continue;
            }
            int i = a[c], j = b[c];
            double wsum = w[i] + w[j];
            double dx = x[i] - x[j], dy = y[i] - y[j], dz = z[i] - z[j];
            double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (wsum == 0 || len == 0) {
                continue;
            }
            double at = compliance[c] * ParticleRules.invTau2(mode[c], invH2);
            double dl = (-(len - rest[c]) - at * lambda[c]) / (wsum + at);
            lambda[c] += dl;
            moved = Math.max(moved, Math.abs(dl) * Math.max(w[i], w[j]));
            dl /= len;
            push(x, y, z, w, i, j, dl, dx, dy, dz);
        }
        return moved;
    }

    /**
     * The elastic energy {@code C^2 / (2 alpha)} of the compliant constraints whose first particle is
     * one of {@code first .. first + n - 1}, J.
     */
    double energy(Particles p, int first, int n) {
        double e = 0;
        for (int c = 0; c < count; c++) {
            int i = a[c], j = b[c];
            if (compliance[c] == 0 || tether[c] || i < first || i >= first + n) {
                continue;
            }
            double dx = p.x[i] - p.x[j], dy = p.y[i] - p.y[j], dz = p.z[i] - p.z[j];
            double err = Math.sqrt(dx * dx + dy * dy + dz * dz) - rest[c];
            e += err * err / (2 * compliance[c]);
        }
        return e;
    }

    /**
     * After the velocity update: the relative velocity along every rigid (zero-compliance) distance
     * constraint of {@code from .. to - 1} is removed, shared by inverse mass; tethers keep theirs.
     */
    void settle(Particles p, int from, int to) {
        if (from != 0 || to != count) {
            for (int c = from; c < to; c++) {
                settleOne(p, c);
            }
            return;
        }
        sweep.cut(count, a, 1, p.owner);
        for (int k = 0; k < sweep.longest(); k++) {
            for (int r = 0; r < sweep.runs(); r++) {
                int c = sweep.at(r, k);
                if (c >= 0) {
                    settleOne(p, c);
                }
            }
        }
    }

    private void settleOne(Particles p, int c) {
        double[] x = p.x, y = p.y, z = p.z, w = p.w, vx = p.vx, vy = p.vy, vz = p.vz;
        if (compliance[c] != 0 || tether[c]) {
            return;
        }
        int i = a[c], j = b[c];
        double wsum = w[i] + w[j];
        if (wsum == 0) {
            return;
        }
        double dx = x[i] - x[j], dy = y[i] - y[j], dz = z[i] - z[j];
        double d2 = dx * dx + dy * dy + dz * dz;
        if (d2 == 0) {
            return;
        }
        // (v_ab . n) / wsum along n = d / |d|, as a multiple of d: -(v_ab . d) / (wsum |d|^2)
        double k = -((vx[i] - vx[j]) * dx + (vy[i] - vy[j]) * dy + (vz[i] - vz[j]) * dz) / (wsum * d2);
        if (w[i] == 0 || w[j] == 0) {
            double s = w[i] == 0 ? -k : k;
            p.pinJx += s * dx;
            p.pinJy += s * dy;
            p.pinJz += s * dz;
        }
        push(vx, vy, vz, w, i, j, k, dx, dy, dz);
    }

    /** Drops the constraints of particles {@code first .. first + n - 1} and renumbers the rest. */
    void removeRange(int first, int n) {
        int k = 0;
        for (int c = 0; c < count; c++) {
            int i = Particles.remap(a[c], first, n), j = Particles.remap(b[c], first, n);
            if (i < 0 || j < 0) {
                continue;
            }
            a[k] = i;
            b[k] = j;
            rest[k] = rest[c];
            compliance[k] = compliance[c];
            tether[k] = tether[c];
            mode[k] = mode[c];
            k++;
        }
        count = k;
        sweep.invalidate();
    }

    /**
     * {@code u_i += w_i k d}, {@code u_j -= w_j k d}: moves the pair's positions (or velocities, or
     * accelerations) along {@code d = xi - xj} in inverse proportion to their masses.
     */
    private static void push(double[] ux, double[] uy, double[] uz, double[] w, int i, int j, double k,
            double dx, double dy, double dz) {
        ux[i] += w[i] * k * dx;
        uy[i] += w[i] * k * dy;
        uz[i] += w[i] * k * dz;
        ux[j] -= w[j] * k * dx;
        uy[j] -= w[j] * k * dy;
        uz[j] -= w[j] * k * dz;
    }
}
