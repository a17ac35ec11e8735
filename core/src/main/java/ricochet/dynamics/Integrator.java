package ricochet.dynamics;

/**
 * Semi-implicit (symplectic) Euler for rigid bodies: velocities first from the forces at the start
 * of the substep, then positions from the new velocities. Allocation-free: everything is locals and
 * the store's arrays.
 *
 * <p>The gyroscopic term {@code -w x I w} is what turns a spin about the intermediate axis into
 * Dzhanibekov's flip; taken explicitly it pumps energy into the body and a spinning T-handle blows
 * up. Following Catto, "Numerical Methods", GDC 2015, it is taken implicitly in the body frame,
 * where the inertia is constant, and solved by Newton's method with Catto's Jacobian
 * {@code I + h ([w]x I - [I w]x)}. Catto takes one Newton step of backward Euler,
 * {@code I (w2 - w1) + h w2 x I w2 = 0}; that is stable but dissipative (dotting
 * {@code L2 - L1 = -h w2 x L2} with {@code L2} gives {@code |L2|^2 = L1 . L2 <= |L1| |L2|}), and on
 * the T-handle test at 240 Hz it lost 7.6% of |L| and 15% of the energy in 10 s. So the
 * implicit-midpoint rule is used instead, {@code I (w2 - w1) + h m x I m = 0} with
 * {@code m = (w1 + w2) / 2}, iterated to convergence (2-3 Newton steps): the midpoint rule keeps
 * every quadratic invariant (Hairer, Lubich and Wanner, "Geometric Numerical Integration", IV.2).
 * Dotting with {@code I m} gives {@code |L2| = |L1|}, and with {@code m} gives
 * {@code E2 = E1}, so a free body neither gains nor loses energy through this term.
 */
public final class Integrator {

    private Integrator() {
    }

    /**
     * Dynamic bodies: {@code v += h (g s + F / m)}, {@code w += h I^-1 (tau - w x I w)} (gyroscopic
     * part implicit, see the class comment), then damping {@code v *= 1 / (1 + h c)} (the implicit
     * solution of {@code dv/dt = -c v}, stable for any {@code h c}). Kinematic and static bodies
     * keep their velocities; sleeping bodies are skipped.
     *
     * @param gx gravity, world frame, m/s^2
     * @param h the substep, seconds
     */
    public static void integrateVelocities(BodyStore s, double gx, double gy, double gz, double h) {
        integrateVelocities(s, gx, gy, gz, h, 0, s.count());
    }

    /**
     * {@link #integrateVelocities(BodyStore, double, double, double, double)} for bodies
     * {@code from .. to - 1}.
     */
    public static void integrateVelocities(BodyStore s, double gx, double gy, double gz, double h, int from,
                                           int to) {
        for (int i = from; i < to; i++) {
            if (s.type[i] != BodyStore.DYNAMIC || s.asleep[i] != 0) {
                continue;
            }
            double im = s.invMass[i], gs = s.gravityScale[i];
            double linDamp = 1.0 / (1.0 + h * s.linearDamping[i]);
            s.vx[i] = (s.vx[i] + h * (gx * gs + s.fx[i] * im)) * linDamp;
            s.vy[i] = (s.vy[i] + h * (gy * gs + s.fy[i] * im)) * linDamp;
            s.vz[i] = (s.vz[i] + h * (gz * gs + s.fz[i] * im)) * linDamp;

            // w x (k E) w = 0: nothing to integrate for an inertia the same about every axis.
            if (!BodyStore.isotropic(s.inertiaBody, 9 * i)) {
                gyroscopic(s, i, h);
            }

            int o = 9 * i;
            double[] a = s.invInertiaWorld;
            double tx = s.tx[i], ty = s.ty[i], tz = s.tz[i];
            double angDamp = 1.0 / (1.0 + h * s.angularDamping[i]);
            s.wx[i] = (s.wx[i] + h * (a[o] * tx + a[o + 1] * ty + a[o + 2] * tz)) * angDamp;
            s.wy[i] = (s.wy[i] + h * (a[o + 3] * tx + a[o + 4] * ty + a[o + 5] * tz)) * angDamp;
            s.wz[i] = (s.wz[i] + h * (a[o + 6] * tx + a[o + 7] * ty + a[o + 8] * tz)) * angDamp;
        }
    }

    /** Newton iterations of the midpoint rule; quadratic convergence reaches rounding in 2-3. */
    private static final int MAX_NEWTON = 4;

    /**
     * The implicit-midpoint gyroscopic step on body i's angular velocity, in place (see the class
     * comment): Newton on {@code r(w2) = I (w2 - w1) + h m x I m}, {@code m = (w1 + w2) / 2}, with
     * Jacobian {@code I + h/2 ([m]x I - [I m]x)}, all in the body frame.
     */
    private static void gyroscopic(BodyStore s, int i, double h) {
        double x = s.qx[i], y = s.qy[i], z = s.qz[i], w = s.qw[i];
        double r0 = 1 - 2 * (y * y + z * z), r1 = 2 * (x * y - w * z), r2 = 2 * (x * z + w * y);
        double r3 = 2 * (x * y + w * z), r4 = 1 - 2 * (x * x + z * z), r5 = 2 * (y * z - w * x);
        double r6 = 2 * (x * z - w * y), r7 = 2 * (y * z + w * x), r8 = 1 - 2 * (x * x + y * y);
        // Body-frame angular velocity w1 = R^T w.
        double wx = s.wx[i], wy = s.wy[i], wz = s.wz[i];
        double ax = r0 * wx + r3 * wy + r6 * wz;
        double ay = r1 * wx + r4 * wy + r7 * wz;
        double az = r2 * wx + r5 * wy + r8 * wz;
        int o = 9 * i;
        double[] in = s.inertiaBody;
        double a0 = in[o], a1 = in[o + 1], a2 = in[o + 2];
        double a3 = in[o + 3], a4 = in[o + 4], a5 = in[o + 5];
        double a6 = in[o + 6], a7 = in[o + 7], a8 = in[o + 8];
        double hh = 0.5 * h;
        double bx = ax, by = ay, bz = az;
        for (int it = 0; it < MAX_NEWTON; it++) {
            double mx = 0.5 * (ax + bx), my = 0.5 * (ay + by), mz = 0.5 * (az + bz);
            double lx = a0 * mx + a1 * my + a2 * mz;
            double ly = a3 * mx + a4 * my + a5 * mz;
            double lz = a6 * mx + a7 * my + a8 * mz;
            double ex = bx - ax, ey = by - ay, ez = bz - az;
            double fx = a0 * ex + a1 * ey + a2 * ez + h * (my * lz - mz * ly);
            double fy = a3 * ex + a4 * ey + a5 * ez + h * (mz * lx - mx * lz);
            double fz = a6 * ex + a7 * ey + a8 * ez + h * (mx * ly - my * lx);
            // J = I + h/2 ([m]x I - [L]x); [a]x = [[0, -az, ay], [az, 0, -ax], [-ay, ax, 0]].
            double j0 = a0 + hh * (-mz * a3 + my * a6);
            double j1 = a1 + hh * (-mz * a4 + my * a7 + lz);
            double j2 = a2 + hh * (-mz * a5 + my * a8 - ly);
            double j3 = a3 + hh * (mz * a0 - mx * a6 - lz);
            double j4 = a4 + hh * (mz * a1 - mx * a7);
            double j5 = a5 + hh * (mz * a2 - mx * a8 + lx);
            double j6 = a6 + hh * (-my * a0 + mx * a3 + ly);
            double j7 = a7 + hh * (-my * a1 + mx * a4 - lx);
            double j8 = a8 + hh * (-my * a2 + mx * a5);
            // Solve J d = f by Cramer's rule; J is close to I (positive definite) for sane h.
            double c0 = j4 * j8 - j5 * j7, c1 = j5 * j6 - j3 * j8, c2 = j3 * j7 - j4 * j6;
            double det = j0 * c0 + j1 * c1 + j2 * c2;
            if (!(det != 0) || !Double.isFinite(det)) {
                break;
            }
            double inv = 1.0 / det;
            double dx = (c0 * fx + (j2 * j7 - j1 * j8) * fy + (j1 * j5 - j2 * j4) * fz) * inv;
            double dy = (c1 * fx + (j0 * j8 - j2 * j6) * fy + (j2 * j3 - j0 * j5) * fz) * inv;
            double dz = (c2 * fx + (j1 * j6 - j0 * j7) * fy + (j0 * j4 - j1 * j3) * fz) * inv;
            bx -= dx;
            by -= dy;
            bz -= dz;
            if (dx * dx + dy * dy + dz * dz <= 1e-30 * (bx * bx + by * by + bz * bz)) {
                break;
            }
        }
        // Back to world: w = R w2.
        s.wx[i] = r0 * bx + r1 * by + r2 * bz;
        s.wy[i] = r3 * bx + r4 * by + r5 * bz;
        s.wz[i] = r6 * bx + r7 * by + r8 * bz;
    }

    /**
     * The most a dynamic body may turn in one substep, rad (Box2D v3's {@code B2_MAX_ROTATION}; Jolt
     * clamps its bodies' angular velocity the same way before integrating positions). Joints and
     * contacts are linearised about the substep's start: a body turning radians per substep leaves
     * them far from where their Jacobians point, and their position correction then pumps energy in.
     * A fast body caught by a joint (100 m/s into a 0.5 m lever on a small inertia) or a small hull
     * hitting the ground at 78 m/s spun at 1,000-3,000 rad/s, 6-20 rad a substep, and went
     * non-finite. The cap only removes energy. At 60 Hz and 4 substeps it allows 188 rad/s (30 turns
     * a second); more substeps allow more. A torque that would spin a body beyond use in one step is
     * refused by the world's step check before it gets here, so the cap never hides it.
     */
    public static final double MAX_ROTATION = 0.25 * Math.PI;

    /**
     * Dynamic and kinematic bodies: {@code x += h v}; {@code q += h/2 [w, 0] q}, renormalised (the
     * first-order update rotates about w itself, so a torque-free body keeps its energy and |L|
     * through this half of the step); the world inverse inertia is refreshed. A dynamic body's spin is
     * first capped at {@link #MAX_ROTATION} per substep ({@code w *= MAX_ROTATION / (h |w|)}, which
     * keeps its axis). Static and sleeping bodies stay.
     *
     * @param h the substep, seconds
     */
    public static void integratePositions(BodyStore s, double h) {
        integratePositions(s, h, 0, s.count());
    }

    /** {@link #integratePositions(BodyStore, double)} for bodies {@code from .. to - 1}. */
    public static void integratePositions(BodyStore s, double h, int from, int to) {
        double hh = 0.5 * h;
        double maxSpin = MAX_ROTATION / h;
        for (int i = from; i < to; i++) {
            byte t = s.type[i];
            if (t == BodyStore.STATIC || s.asleep[i] != 0) {
                continue;
            }
            s.px[i] += h * s.vx[i];
            s.py[i] += h * s.vy[i];
            s.pz[i] += h * s.vz[i];
            if (t == BodyStore.DYNAMIC) {
                double w2 = s.wx[i] * s.wx[i] + s.wy[i] * s.wy[i] + s.wz[i] * s.wz[i];
                if (w2 > maxSpin * maxSpin) {
                    double scale = maxSpin / Math.sqrt(w2);
                    s.wx[i] *= scale;
                    s.wy[i] *= scale;
                    s.wz[i] *= scale;
                }
            }
            double wx = s.wx[i], wy = s.wy[i], wz = s.wz[i];
            double x = s.qx[i], y = s.qy[i], z = s.qz[i], w = s.qw[i];
            double nx = x + hh * (wx * w + wy * z - wz * y);
            double ny = y + hh * (wy * w + wz * x - wx * z);
            double nz = z + hh * (wz * w + wx * y - wy * x);
            double nw = w - hh * (wx * x + wy * y + wz * z);
            double inv = 1.0 / Math.sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
            s.qx[i] = nx * inv;
            s.qy[i] = ny * inv;
            s.qz[i] = nz * inv;
            s.qw[i] = nw * inv;
            if (t == BodyStore.DYNAMIC) {
                s.updateWorldInertia(i);
            }
        }
    }
}
