package ricochet.soft;

import java.util.Arrays;

/**
 * Dihedral bending: {@code C = theta - theta0} across each edge shared by two triangles, theta the
 * angle between their normals. With x1, x2 the vertices opposite the edge x3 -> x4 (Bridson, Marino
 * and Fedkiw 2003, "Simulation of clothing with folds and wrinkles"):
 * <pre>
 *   n1 = (x1 - x3) x (x1 - x4),  n2 = (x2 - x4) x (x2 - x3),  e = x4 - x3
 *   theta = atan2((n1 x n2) . e / |e|, n1 . n2)
 *   dtheta/dx1 = -|e| n1 / |n1|^2,   dtheta/dx2 = -|e| n2 / |n2|^2
 *   dtheta/dx3 = -((x1 - x4) . e / |e|) n1 / |n1|^2 - ((x2 - x4) . e / |e|) n2 / |n2|^2
 *   dtheta/dx4 =  ((x1 - x3) . e / |e|) n1 / |n1|^2 + ((x2 - x3) . e / |e|) n2 / |n2|^2
 * </pre>
 * (the gradients sum to zero, so the correction moves no centre of mass). XPBD as in
 * {@link DistanceConstraints}: {@code dlambda = -C / (sum w_i |grad_i|^2 + alpha / h^2)}, alpha in
 * 1/(N m). Unlike a spring across the two far vertices, the angle does not resist stretch, so bending
 * stiffness and stretch stiffness stay separate.
 *
 * <p>After the velocity update every hinge loses its angular rate ({@link #settle}):
 * {@code dlambda = -(sum grad_i . v_i) / sum w_i |grad_i|^2}, {@code v_i += w_i dlambda grad_i}. With a
 * cloth's particle masses and spacing {@code sum w |grad|^2} is some 10^7 against {@code alpha / h^2}
 * of 10^2, so each hinge is in effect rigid for one sweep, and like a rigid distance its Gauss-Seidel
 * residual comes back as speed: a crease folded to nearly pi, pushed open by the hinge and shut again
 * by self-collision or the ground, gained speed every substep until the strip flew apart. The pass
 * is a projection in the mass metric (kinetic energy never rises) along a gradient that sums to zero
 * and is unchanged by rotating the hinge, so linear and angular momentum are kept.
 */
final class BendConstraints {

    /**
     * The most a hinge's angle is corrected by in one projection, rad. The correction is linear in
     * the angle's gradient, which turns with the hinge: a crease a fast body folded far from its
     * rest angle (or through a flat, nearly collapsed triangle) is thrown past its rest angle by a
     * full step, and its particles leave at thousands of m/s. Limited, the hinge opens over a few
     * substeps instead.
     */
    static final double MAX_TURN = 0.2;

    int count;
    /** Opposite vertices x1, x2 and edge x3 -> x4, four per constraint. */
    int[] v = new int[256];
    double[] rest = new double[64], compliance = new double[64];
    /** How the constraint is integrated ({@link ParticleRules#PROJECTED} and the others). */
    byte[] mode = new byte[64];
    /** Multipliers accumulated over the passes of an implicit rule's solve, N m s^2. */
    double[] lambda = new double[64];
    private final Sweep sweep = new Sweep();
    /** The gradient of one constraint: k1, k2, k31, k32, k41, k42, n1 (3), n2 (3), C, sum w |grad|^2. */
    private final double[] g = new double[14];

    void add(int o1, int o2, int e3, int e4, double angle, double alpha) {
        if (count == rest.length) {
            v = Arrays.copyOf(v, 8 * count);
            rest = Arrays.copyOf(rest, 2 * count);
            compliance = Arrays.copyOf(compliance, 2 * count);
            mode = Arrays.copyOf(mode, 2 * count);
            lambda = Arrays.copyOf(lambda, 2 * count);
        }
        v[4 * count] = o1;
        v[4 * count + 1] = o2;
        v[4 * count + 2] = e3;
        v[4 * count + 3] = e4;
        rest[count] = angle;
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

    /** The dihedral angle of four points (radians, -pi..pi; 0 for a flat pair). */
    static double angle(double[] x, double[] y, double[] z, int i1, int i2, int i3, int i4) {
        double ax = x[i1] - x[i3], ay = y[i1] - y[i3], az = z[i1] - z[i3];
        double bx = x[i1] - x[i4], by = y[i1] - y[i4], bz = z[i1] - z[i4];
        double n1x = ay * bz - az * by, n1y = az * bx - ax * bz, n1z = ax * by - ay * bx;
        double cx = x[i2] - x[i4], cy = y[i2] - y[i4], cz = z[i2] - z[i4];
        double dx = x[i2] - x[i3], dy = y[i2] - y[i3], dz = z[i2] - z[i3];
        double n2x = cy * dz - cz * dy, n2y = cz * dx - cx * dz, n2z = cx * dy - cy * dx;
        double ex = x[i4] - x[i3], ey = y[i4] - y[i3], ez = z[i4] - z[i3];
        double el = Math.sqrt(ex * ex + ey * ey + ez * ez);
        double sx = n1y * n2z - n1z * n2y, sy = n1z * n2x - n1x * n2z, sz = n1x * n2y - n1y * n2x;
        return StrictMath.atan2((sx * ex + sy * ey + sz * ez) / el, n1x * n2x + n1y * n2y + n1z * n2z);
    }

    // The gradients of the hinge last passed to gradients(): dtheta/dx1 = k1 n1, dtheta/dx2 = k2 n2,
    // dtheta/dx3 = k31 n1 + k32 n2, dtheta/dx4 = k41 n1 + k42 n2; and sum w_i |dtheta/dx_i|^2.
    private double n1x, n1y, n1z, n2x, n2y, n2z, k1, k2, k31, k32, k41, k42, wg;
    private final double[] pin = new double[3];
    /** Where {@link #move}'s pin impulses go: elastic forces are not counted as the pins'. */
    private final double[] unusedPin = new double[3];
    /** The hinge's unit edge e / |e| and theta's cosine part n1 . n2, of the same hinge. */
    private double ex, ey, ez, cos;

    /** Fills the gradient fields for constraint c; false for a degenerate hinge, which has no angle. */
    private boolean gradients(int c, double[] x, double[] y, double[] z, double[] w) {
        int i1 = v[4 * c], i2 = v[4 * c + 1], i3 = v[4 * c + 2], i4 = v[4 * c + 3];
        double ax = x[i1] - x[i3], ay = y[i1] - y[i3], az = z[i1] - z[i3];
        double bx = x[i1] - x[i4], by = y[i1] - y[i4], bz = z[i1] - z[i4];
        double n1x = ay * bz - az * by, n1y = az * bx - ax * bz, n1z = ax * by - ay * bx;
        double cx = x[i2] - x[i4], cy = y[i2] - y[i4], cz = z[i2] - z[i4];
        double dx = x[i2] - x[i3], dy = y[i2] - y[i3], dz = z[i2] - z[i3];
        double n2x = cy * dz - cz * dy, n2y = cz * dx - cx * dz, n2z = cx * dy - cy * dx;
        double ex = x[i4] - x[i3], ey = y[i4] - y[i3], ez = z[i4] - z[i3];
        double el2 = ex * ex + ey * ey + ez * ez;
        double n1s = n1x * n1x + n1y * n1y + n1z * n1z, n2s = n2x * n2x + n2y * n2y + n2z * n2z;
        if (el2 < 1e-20 || n1s < 1e-24 || n2s < 1e-24) {
            return false;
        }
        double el = Math.sqrt(el2);
        // Three divisions, the other factors as products: the sweep is bound by the divider.
        double invEl = 1 / el, inv1 = 1 / n1s, inv2 = 1 / n2s;
        double f1 = invEl * inv1, f2 = invEl * inv2;
        double n12 = n1x * n2x + n1y * n2y + n1z * n2z;
        double k1 = -el * inv1, k2 = -el * inv2;
        double k31 = -(bx * ex + by * ey + bz * ez) * f1, k32 = -(cx * ex + cy * ey + cz * ez) * f2;
        double k41 = (ax * ex + ay * ey + az * ez) * f1, k42 = (dx * ex + dy * ey + dz * ez) * f2;
        // |grad3|^2 = |k31 n1 + k32 n2|^2
        double g3 = k31 * k31 * n1s + 2 * k31 * k32 * n12 + k32 * k32 * n2s;
        double g4 = k41 * k41 * n1s + 2 * k41 * k42 * n12 + k42 * k42 * n2s;
        wg = w[i1] * k1 * k1 * n1s + w[i2] * k2 * k2 * n2s + w[i3] * g3 + w[i4] * g4;
        this.n1x = n1x;
        this.n1y = n1y;
        this.n1z = n1z;
        this.n2x = n2x;
        this.n2y = n2y;
        this.n2z = n2z;
        this.k1 = k1;
        this.k2 = k2;
        this.k31 = k31;
        this.k32 = k32;
        this.k41 = k41;
        this.k42 = k42;
        this.ex = ex * invEl;
        this.ey = ey * invEl;
        this.ez = ez * invEl;
        cos = n12;
        return true;
    }

    /**
     * theta (radians) of the hinge of the last {@link #gradients} call:
     * {@code atan2((n1 x n2) . e / |e|, n1 . n2)}.
     */
    private double theta() {
        double sx = n1y * n2z - n1z * n2y, sy = n1z * n2x - n1x * n2z, sz = n1x * n2y - n1y * n2x;
        return StrictMath.atan2(sx * ex + sy * ey + sz * ez, cos);
    }

    /**
     * {@code u_i += w_i dl grad_i} for the hinge of the last {@link #gradients} call. With a pinned
     * vertex the free ones take {@code dl sum_free grad = -dl sum_pinned grad} (the gradients sum to
     * zero) from the pin, added to {@code pin[0..2]}.
     */
    private void apply(int c, double dl, double[] ux, double[] uy, double[] uz, double[] w, double[] pin) {
        int i1 = v[4 * c], i2 = v[4 * c + 1], i3 = v[4 * c + 2], i4 = v[4 * c + 3];
        if (w[i1] == 0 || w[i2] == 0 || w[i3] == 0 || w[i4] == 0) {
            double a = (w[i1] == 0 ? k1 : 0) + (w[i3] == 0 ? k31 : 0) + (w[i4] == 0 ? k41 : 0);
            double b = (w[i2] == 0 ? k2 : 0) + (w[i3] == 0 ? k32 : 0) + (w[i4] == 0 ? k42 : 0);
            pin[0] -= dl * (a * n1x + b * n2x);
            pin[1] -= dl * (a * n1y + b * n2y);
            pin[2] -= dl * (a * n1z + b * n2z);
        }
        double s = w[i1] * dl * k1;
        ux[i1] += s * n1x;
        uy[i1] += s * n1y;
        uz[i1] += s * n1z;
        s = w[i2] * dl * k2;
        ux[i2] += s * n2x;
        uy[i2] += s * n2y;
        uz[i2] += s * n2z;
        double s1 = w[i3] * dl * k31, s2 = w[i3] * dl * k32;
        ux[i3] += s1 * n1x + s2 * n2x;
        uy[i3] += s1 * n1y + s2 * n2y;
        uz[i3] += s1 * n1z + s2 * n2z;
        s1 = w[i4] * dl * k41;
        s2 = w[i4] * dl * k42;
        ux[i4] += s1 * n1x + s2 * n2x;
        uy[i4] += s1 * n1y + s2 * n2y;
        uz[i4] += s1 * n1z + s2 * n2z;
    }

    private boolean free(int c, double[] w) {
        return w[v[4 * c]] + w[v[4 * c + 1]] + w[v[4 * c + 2]] + w[v[4 * c + 3]] != 0;
    }

    /** One pass over every hinge for a substep with {@code 1 / h^2 = invH2}, in {@link Sweep}'s order. */
    void solve(Particles p, double invH2) {
        pin[0] = 0;
        pin[1] = 0;
        pin[2] = 0;
        sweep.cut(count, v, 4, p.owner);
        for (int k = 0; k < sweep.longest(); k++) {
            for (int r = 0; r < sweep.runs(); r++) {
                int c = sweep.at(r, k);
                if (c >= 0) {
                    solveOne(p, c, invH2);
                }
            }
        }
        p.pinSx += pin[0];
        p.pinSy += pin[1];
        p.pinSz += pin[2];
    }

    private void solveOne(Particles p, int c, double invH2) {
        double[] x = p.x, y = p.y, z = p.z, w = p.w;
        if (mode[c] != ParticleRules.PROJECTED || !free(c, w) || !gradients(c, x, y, z, w)) {
            return;
        }
        double err = theta() - rest[c];
        if (err > Math.PI) {
            err -= 2 * Math.PI;
        } else if (err < -Math.PI) {
            err += 2 * Math.PI;
        }
        err = Math.max(-MAX_TURN, Math.min(MAX_TURN, err));
        double denom = wg + compliance[c] * invH2;
        if (denom == 0) {
            return;
        }
        apply(c, -err / denom, x, y, z, w, pin);
    }

    /** After the velocity update: each hinge's angular rate removed, shared by inverse mass. */
    void settle(Particles p) {
        pin[0] = 0;
        pin[1] = 0;
        pin[2] = 0;
        sweep.cut(count, v, 4, p.owner);
        for (int k = 0; k < sweep.longest(); k++) {
            for (int r = 0; r < sweep.runs(); r++) {
                int c = sweep.at(r, k);
                if (c >= 0) {
                    settleOne(p, c);
                }
            }
        }
        p.pinJx += pin[0];
        p.pinJy += pin[1];
        p.pinJz += pin[2];
    }

    private void settleOne(Particles p, int c) {
        double[] x = p.x, y = p.y, z = p.z, w = p.w, vx = p.vx, vy = p.vy, vz = p.vz;
        if (mode[c] != ParticleRules.PROJECTED || !free(c, w) || !gradients(c, x, y, z, w) || wg == 0) {
            return;
        }
        int i1 = v[4 * c], i2 = v[4 * c + 1], i3 = v[4 * c + 2], i4 = v[4 * c + 3];
        // dtheta/dt = sum grad_i . v_i
        double rate = k1 * (n1x * vx[i1] + n1y * vy[i1] + n1z * vz[i1])
                + k2 * (n2x * vx[i2] + n2y * vy[i2] + n2z * vz[i2])
                + k31 * (n1x * vx[i3] + n1y * vy[i3] + n1z * vz[i3])
                + k32 * (n2x * vx[i3] + n2y * vy[i3] + n2z * vz[i3])
                + k41 * (n1x * vx[i4] + n1y * vy[i4] + n1z * vz[i4])
                + k42 * (n2x * vx[i4] + n2y * vy[i4] + n2z * vz[i4]);
        apply(c, -rate / wg, vx, vy, vz, w, pin);
    }

    /**
     * Constraint c's gradient into {@link #g} as {@link #solve} computes it; false for a degenerate
     * pair of triangles (no angle, no force).
     */
    private boolean gradient(Particles p, int c) {
        if (!gradients(c, p.x, p.y, p.z, p.w)) {
            return false;
        }
        double err = theta() - rest[c];
        if (err > Math.PI) {
            err -= 2 * Math.PI;
        } else if (err < -Math.PI) {
            err += 2 * Math.PI;
        }
        g[0] = k1;
        g[1] = k2;
        g[2] = k31;
        g[3] = k32;
        g[4] = k41;
        g[5] = k42;
        g[6] = n1x;
        g[7] = n1y;
        g[8] = n1z;
        g[9] = n2x;
        g[10] = n2y;
        g[11] = n2z;
        g[12] = err;
        g[13] = wg;
        return true;
    }

    /** {@code x_i += s grad_i C} for the four vertices of constraint c (its gradient just computed). */
    private void move(double[] x, double[] y, double[] z, double[] w, int c, double s) {
        apply(c, s, x, y, z, w, unusedPin);
    }

    /**
     * Adds every elastic constraint's force over mass to the accelerations (m/s^2):
     * {@code a_i += -w_i (C / alpha) grad_i C}, the force of the energy {@code C^2 / (2 alpha)}.
     */
    void accelerate(Particles p, double[] ax, double[] ay, double[] az) {
        for (int c = 0; c < count; c++) {
            if (mode[c] != ParticleRules.PROJECTED && gradient(p, c)) {
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
            if (mode[c] < ParticleRules.IMPLICIT_EULER || !gradient(p, c)) {
                continue;
            }
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
            if (compliance[c] == 0 || v[4 * c] < first || v[4 * c] >= first + n || !gradient(p, c)) {
                continue;
            }
            e += g[12] * g[12] / (2 * compliance[c]);
        }
        return e;
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
            rest[k] = rest[c];
            compliance[k] = compliance[c];
            mode[k] = mode[c];
            k++;
        }
        count = k;
        sweep.invalidate();
    }
}
