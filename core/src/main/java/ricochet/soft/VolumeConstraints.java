package ricochet.soft;

import java.util.Arrays;

/**
 * Tetrahedron volume: {@code C = 6 (V - V0)} with {@code 6 V = (x2 - x1) x (x3 - x1) . (x4 - x1)}, whose
 * gradients are the (doubled) area vectors of the faces opposite each vertex:
 * <pre>
 *   grad1 = (x4 - x2) x (x3 - x2),  grad2 = (x3 - x1) x (x4 - x1),
 *   grad3 = (x4 - x1) x (x2 - x1),  grad4 = (x2 - x1) x (x3 - x1)
 * </pre>
 * XPBD as in {@link DistanceConstraints}, alpha in 1/(N m^2) (Mueller, Macklin et al., "Detailed
 * rigid body simulation with extended position based dynamics", 2020, and the tetrahedral soft
 * bodies of Mueller's Ten Minute Physics).
 */
final class VolumeConstraints {

    int count;
    int[] v = new int[256];
    /** Six times the rest volume, m^3. */
    double[] rest6 = new double[64], compliance = new double[64];
    /** How the constraint is integrated ({@link ParticleRules#PROJECTED} and the others). */
    byte[] mode = new byte[64];
    /** Multipliers accumulated over the passes of an implicit rule's solve, N m^2 s^2. */
    double[] lambda = new double[64];
    private final Sweep sweep = new Sweep();
    /** The gradients of one constraint, grad1..grad4 (12), C, sum w |grad|^2. */
    private final double[] g = new double[14];

    void add(int a, int b, int c, int d, double volume6, double alpha) {
        if (count == rest6.length) {
            v = Arrays.copyOf(v, 8 * count);
            rest6 = Arrays.copyOf(rest6, 2 * count);
            compliance = Arrays.copyOf(compliance, 2 * count);
            mode = Arrays.copyOf(mode, 2 * count);
            lambda = Arrays.copyOf(lambda, 2 * count);
        }
        v[4 * count] = a;
        v[4 * count + 1] = b;
        v[4 * count + 2] = c;
        v[4 * count + 3] = d;
        rest6[count] = volume6;
        compliance[count] = alpha;
        mode[count] = ParticleRules.PROJECTED;
        count++;
        sweep.invalidate();
    }

    /** Constraints {@code from .. to - 1} with a compliance are integrated as {@code m} says. */
    void setMode(int from, int to, byte m) {
        for (int c = from; c < to; c++) {
            if (compliance[c] != 0) {
                mode[c] = m;
            }
        }
    }

    /**
     * One pass over every tetrahedron for a substep with {@code 1 / h^2 = invH2}, in
     * {@link Sweep}'s order.
     */
    void solve(Particles p, double invH2) {
        sweep.cut(count, v, 4, p.owner);
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
        int i1 = v[4 * c], i2 = v[4 * c + 1], i3 = v[4 * c + 2], i4 = v[4 * c + 3];
        double ax = x[i2] - x[i1], ay = y[i2] - y[i1], az = z[i2] - z[i1];
        double bx = x[i3] - x[i1], by = y[i3] - y[i1], bz = z[i3] - z[i1];
        double cx = x[i4] - x[i1], cy = y[i4] - y[i1], cz = z[i4] - z[i1];
        // grad4 = a x b, grad2 = b x c, grad3 = c x a, grad1 = -(grad2 + grad3 + grad4)
        double g4x = ay * bz - az * by, g4y = az * bx - ax * bz, g4z = ax * by - ay * bx;
        double g2x = by * cz - bz * cy, g2y = bz * cx - bx * cz, g2z = bx * cy - by * cx;
        double g3x = cy * az - cz * ay, g3y = cz * ax - cx * az, g3z = cx * ay - cy * ax;
        double g1x = -g2x - g3x - g4x, g1y = -g2y - g3y - g4y, g1z = -g2z - g3z - g4z;
        double err = g4x * cx + g4y * cy + g4z * cz - rest6[c];
        double denom = w[i1] * (g1x * g1x + g1y * g1y + g1z * g1z) + w[i2] * (g2x * g2x + g2y * g2y + g2z * g2z)
                + w[i3] * (g3x * g3x + g3y * g3y + g3z * g3z) + w[i4] * (g4x * g4x + g4y * g4y + g4z * g4z)
                + compliance[c] * invH2;
        if (denom == 0) {
            return;
        }
        double dl = -err / denom;
        double s = w[i1] * dl;
        x[i1] += s * g1x;
        y[i1] += s * g1y;
        z[i1] += s * g1z;
        s = w[i2] * dl;
        x[i2] += s * g2x;
        y[i2] += s * g2y;
        z[i2] += s * g2z;
        s = w[i3] * dl;
        x[i3] += s * g3x;
        y[i3] += s * g3y;
        z[i3] += s * g3z;
        s = w[i4] * dl;
        x[i4] += s * g4x;
        y[i4] += s * g4y;
        z[i4] += s * g4z;
    }

    /** Constraint c's gradients, C and {@code sum w |grad|^2} into {@link #g}, as {@link #solve} computes them. */
    private void gradient(Particles p, int c) {
        double[] x = p.x, y = p.y, z = p.z, w = p.w;
        int i1 = v[4 * c], i2 = v[4 * c + 1], i3 = v[4 * c + 2], i4 = v[4 * c + 3];
        double ax = x[i2] - x[i1], ay = y[i2] - y[i1], az = z[i2] - z[i1];
        double bx = x[i3] - x[i1], by = y[i3] - y[i1], bz = z[i3] - z[i1];
        double cx = x[i4] - x[i1], cy = y[i4] - y[i1], cz = z[i4] - z[i1];
        double g4x = ay * bz - az * by, g4y = az * bx - ax * bz, g4z = ax * by - ay * bx;
        double g2x = by * cz - bz * cy, g2y = bz * cx - bx * cz, g2z = bx * cy - by * cx;
        double g3x = cy * az - cz * ay, g3y = cz * ax - cx * az, g3z = cx * ay - cy * ax;
        g[0] = -g2x - g3x - g4x;
        g[1] = -g2y - g3y - g4y;
        g[2] = -g2z - g3z - g4z;
        g[3] = g2x;
        g[4] = g2y;
        g[5] = g2z;
        g[6] = g3x;
        g[7] = g3y;
        g[8] = g3z;
        g[9] = g4x;
        g[10] = g4y;
        g[11] = g4z;
        g[12] = g4x * cx + g4y * cy + g4z * cz - rest6[c];
        double s = 0;
        for (int k = 0; k < 4; k++) {
            s += w[v[4 * c + k]] * (g[3 * k] * g[3 * k] + g[3 * k + 1] * g[3 * k + 1] + g[3 * k + 2] * g[3 * k + 2]);
        }
        g[13] = s;
    }

    /** {@code x_i += s w_i grad_i C} for the four vertices of constraint c (gradients in {@link #g}). */
    private void move(double[] x, double[] y, double[] z, double[] w, int c, double s) {
        for (int k = 0; k < 4; k++) {
            int i = v[4 * c + k];
            double t = w[i] * s;
            x[i] += t * g[3 * k];
            y[i] += t * g[3 * k + 1];
            z[i] += t * g[3 * k + 2];
        }
    }

    /**
     * Adds every elastic constraint's force over mass to the accelerations (m/s^2):
     * {@code a_i += -w_i (C / alpha) grad_i C}, the force of the energy {@code C^2 / (2 alpha)}.
     */
    void accelerate(Particles p, double[] ax, double[] ay, double[] az) {
        for (int c = 0; c < count; c++) {
            if (mode[c] != ParticleRules.PROJECTED) {
                gradient(p, c);
                move(ax, ay, az, p.w, c, -g[12] / compliance[c]);
            }
        }
    }

    /**
     * One pass of an implicit rule's solve, multipliers accumulated, as
     * {@link DistanceConstraints#solveElastic}.
     *
     * @return a bound on the largest distance a vertex moved in the pass, m
     */
    double solveElastic(Particles p, double invH2) {
        double moved = 0;
        for (int c = 0; c < count; c++) {
            if (mode[c] < ParticleRules.IMPLICIT_EULER) {
                continue;
            }
            gradient(p, c);
            double at = compliance[c] * ParticleRules.invTau2(mode[c], invH2);
            double denom = g[13] + at;
            if (denom == 0) {
                continue;
            }
            double dl = (-g[12] - at * lambda[c]) / denom;
            lambda[c] += dl;
            // w_i |grad_i| <= sqrt(max w * sum w |grad|^2): a bound on how far a vertex moves per unit dl.
            double wmax = Math.max(Math.max(p.w[v[4 * c]], p.w[v[4 * c + 1]]),
                    Math.max(p.w[v[4 * c + 2]], p.w[v[4 * c + 3]]));
            moved = Math.max(moved, Math.abs(dl) * Math.sqrt(wmax * g[13]));
            move(p.x, p.y, p.z, p.w, c, dl);
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
            if (compliance[c] == 0 || v[4 * c] < first || v[4 * c] >= first + n) {
                continue;
            }
            gradient(p, c);
            e += g[12] * g[12] / (2 * compliance[c]);
        }
        return e;
    }

    /** The current total volume of constraints {@code from .. to - 1}, m^3. */
    double volume(Particles p, int from, int to) {
        double sum = 0;
        for (int c = from; c < to; c++) {
            int i1 = v[4 * c], i2 = v[4 * c + 1], i3 = v[4 * c + 2], i4 = v[4 * c + 3];
            double ax = p.x[i2] - p.x[i1], ay = p.y[i2] - p.y[i1], az = p.z[i2] - p.z[i1];
            double bx = p.x[i3] - p.x[i1], by = p.y[i3] - p.y[i1], bz = p.z[i3] - p.z[i1];
            double cx = p.x[i4] - p.x[i1], cy = p.y[i4] - p.y[i1], cz = p.z[i4] - p.z[i1];
            sum += (ay * bz - az * by) * cx + (az * bx - ax * bz) * cy + (ax * by - ay * bx) * cz;
        }
        return sum / 6;
    }

    void removeRange(int first, int n) {
        int k = 0;
        for (int c = 0; c < count; c++) {
            int a = Particles.remap(v[4 * c], first, n), b = Particles.remap(v[4 * c + 1], first, n);
            int d = Particles.remap(v[4 * c + 2], first, n), e = Particles.remap(v[4 * c + 3], first, n);
            if (a < 0 || b < 0 || d < 0 || e < 0) {
                continue;
            }
            v[4 * k] = a;
            v[4 * k + 1] = b;
            v[4 * k + 2] = d;
            v[4 * k + 3] = e;
            rest6[k] = rest6[c];
            compliance[k] = compliance[c];
            mode[k] = mode[c];
            k++;
        }
        count = k;
        sweep.invalidate();
    }
}
