package ricochet.dynamics;

/**
 * Semi-implicit (symplectic) Euler for rigid bodies: velocities first from the forces at the start
 * of the substep, then positions from the new velocities. Allocation-free: everything is locals and
 * the store's arrays.
 *
 * <p>The gyroscopic term {@code -w x I w} is what turns a spin about the intermediate axis into
 * Dzhanibekov's flip; taken explicitly it pumps energy into the body and a spinning T-handle blows
 * up. Following Catto, "Numerical Methods", GDC 2015, it is taken implicitly in the body frame,
 * where the inertia is constant: solve {@code f(w2) = I (w2 - w1) + h w2 x I w2 = 0} with one
 * Newton step from {@code w1}, Jacobian {@code J = I + h ([w1]x I - [I w1]x)}. Backward Euler on
 * this term can only lose angular momentum: dotting {@code L2 - L1 = -h w2 x L2} with {@code L2}
 * gives {@code |L2|^2 = L1 . L2 <= |L1| |L2|}.
 */
public final class Integrator {

    private Integrator() {
    }

    /**
     * Dynamic bodies: {@code v += h (g s + F / m)}, {@code w += h I^-1 (tau - w x I w)} (gyroscopic
     * part implicit, see the class comment), then damping {@code v *= 1 / (1 + h c)} (the implicit
     * solution of {@code dv/dt = -c v}, stable for any {@code h c}). Kinematic and static bodies
     * keep their velocities.
     *
     * @param gx gravity, world frame, m/s^2
     * @param h the substep, seconds
     */
    public static void integrateVelocities(BodyStore s, double gx, double gy, double gz, double h) {
        int n = s.count();
        for (int i = 0; i < n; i++) {
            if (s.type[i] != BodyStore.DYNAMIC) {
                continue;
            }
            double im = s.invMass[i], gs = s.gravityScale[i];
            double linDamp = 1.0 / (1.0 + h * s.linearDamping[i]);
            s.vx[i] = (s.vx[i] + h * (gx * gs + s.fx[i] * im)) * linDamp;
            s.vy[i] = (s.vy[i] + h * (gy * gs + s.fy[i] * im)) * linDamp;
            s.vz[i] = (s.vz[i] + h * (gz * gs + s.fz[i] * im)) * linDamp;

            gyroscopic(s, i, h);

            int o = 9 * i;
            double[] a = s.invInertiaWorld;
            double tx = s.tx[i], ty = s.ty[i], tz = s.tz[i];
            double angDamp = 1.0 / (1.0 + h * s.angularDamping[i]);
            s.wx[i] = (s.wx[i] + h * (a[o] * tx + a[o + 1] * ty + a[o + 2] * tz)) * angDamp;
            s.wy[i] = (s.wy[i] + h * (a[o + 3] * tx + a[o + 4] * ty + a[o + 5] * tz)) * angDamp;
            s.wz[i] = (s.wz[i] + h * (a[o + 6] * tx + a[o + 7] * ty + a[o + 8] * tz)) * angDamp;
        }
    }

    /** One Newton step on the body-frame gyroscopic equation (Catto 2015), in place on w of body i. */
    private static void gyroscopic(BodyStore s, int i, double h) {
        double x = s.qx[i], y = s.qy[i], z = s.qz[i], w = s.qw[i];
        double r0 = 1 - 2 * (y * y + z * z), r1 = 2 * (x * y - w * z), r2 = 2 * (x * z + w * y);
        double r3 = 2 * (x * y + w * z), r4 = 1 - 2 * (x * x + z * z), r5 = 2 * (y * z - w * x);
        double r6 = 2 * (x * z - w * y), r7 = 2 * (y * z + w * x), r8 = 1 - 2 * (x * x + y * y);
        // Body-frame angular velocity: wb = R^T w.
        double wx = s.wx[i], wy = s.wy[i], wz = s.wz[i];
        double bx = r0 * wx + r3 * wy + r6 * wz;
        double by = r1 * wx + r4 * wy + r7 * wz;
        double bz = r2 * wx + r5 * wy + r8 * wz;
        int o = 9 * i;
        double[] in = s.inertiaBody;
        double a0 = in[o], a1 = in[o + 1], a2 = in[o + 2];
        double a3 = in[o + 3], a4 = in[o + 4], a5 = in[o + 5];
        double a6 = in[o + 6], a7 = in[o + 7], a8 = in[o + 8];
        // L = I wb; f = h wb x L (the residual at w2 = w1).
        double lx = a0 * bx + a1 * by + a2 * bz;
        double ly = a3 * bx + a4 * by + a5 * bz;
        double lz = a6 * bx + a7 * by + a8 * bz;
        double fx = h * (by * lz - bz * ly);
        double fy = h * (bz * lx - bx * lz);
        double fz = h * (bx * ly - by * lx);
        // J = I + h ([wb]x I - [L]x); [a]x = [[0, -az, ay], [az, 0, -ax], [-ay, ax, 0]].
        double j0 = a0 + h * (-bz * a3 + by * a6);
        double j1 = a1 + h * (-bz * a4 + by * a7 + lz);
        double j2 = a2 + h * (-bz * a5 + by * a8 - ly);
        double j3 = a3 + h * (bz * a0 - bx * a6 - lz);
        double j4 = a4 + h * (bz * a1 - bx * a7);
        double j5 = a5 + h * (bz * a2 - bx * a8 + lx);
        double j6 = a6 + h * (-by * a0 + bx * a3 + ly);
        double j7 = a7 + h * (-by * a1 + bx * a4 - lx);
        double j8 = a8 + h * (-by * a2 + bx * a5);
        // Solve J d = f by Cramer's rule; J is close to I (positive definite), so det > 0 for sane h.
        double c0 = j4 * j8 - j5 * j7, c1 = j5 * j6 - j3 * j8, c2 = j3 * j7 - j4 * j6;
        double det = j0 * c0 + j1 * c1 + j2 * c2;
        if (!(det != 0) || !Double.isFinite(det)) {
            return;
        }
        double inv = 1.0 / det;
        double dx = (c0 * fx + (j2 * j7 - j1 * j8) * fy + (j1 * j5 - j2 * j4) * fz) * inv;
        double dy = (c1 * fx + (j0 * j8 - j2 * j6) * fy + (j2 * j3 - j0 * j5) * fz) * inv;
        double dz = (c2 * fx + (j1 * j6 - j0 * j7) * fy + (j0 * j4 - j1 * j3) * fz) * inv;
        bx -= dx;
        by -= dy;
        bz -= dz;
        // Back to world: w = R wb.
        s.wx[i] = r0 * bx + r1 * by + r2 * bz;
        s.wy[i] = r3 * bx + r4 * by + r5 * bz;
        s.wz[i] = r6 * bx + r7 * by + r8 * bz;
    }

    /**
     * Dynamic and kinematic bodies: {@code x += h v}; {@code q += h/2 [w, 0] q}, renormalised (the
     * first-order update rotates about w itself, so a torque-free body keeps its energy and |L|
     * through this half of the step); the world inverse inertia is refreshed. Static bodies stay.
     *
     * @param h the substep, seconds
     */
    public static void integratePositions(BodyStore s, double h) {
        int n = s.count();
        double hh = 0.5 * h;
        for (int i = 0; i < n; i++) {
            byte t = s.type[i];
            if (t == BodyStore.STATIC) {
                continue;
            }
            s.px[i] += h * s.vx[i];
            s.py[i] += h * s.vy[i];
            s.pz[i] += h * s.vz[i];
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
