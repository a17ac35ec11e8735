package ricochet.vehicle;

/**
 * The rows a vehicle's update solves per wheel, by sequential impulses on the chassis' velocity
 * predicted at the end of the step: the bump stop (along the ground normal) and the tyre's two rows
 * (along and across the wheel, the brake solved with the first), each an implicit solve of
 * {@link TyreModel}; {@link Vehicles} sets the predicted velocity and the chassis' inverse mass and
 * inertia for each vehicle, then sweeps the rows. The scratch is this object's: nothing is allocated.
 */
final class TyreRows {

    /** The row's solve stops when a step moves the impulse by less than this fraction of its bracket. */
    static final double NEWTON_TOLERANCE = 1e-12;
    /** Most Newton steps per row; the bracket halves at least every other step, so this is never reached. */
    static final int NEWTON_LIMIT = 100;
    /** Fraction of the bump stop's overrun taken back per step. */
    static final double STOP_BIAS = 0.5;

    // Predicted chassis velocity at the end of the step, changed by the rows.
    double pvx, pvy, pvz, pwx, pwy, pwz;
    double invMass;
    final double[] invI = new double[9];

    /**
     * The tyre's axes in the ground plane: the wheel's forward axis with its normal part removed, and
     * {@code s = n x f} across it. The wheel is massless, so the ground's force on it (normal load
     * along n, friction in the plane) is what reaches the chassis.
     */
    static void groundAxes(VehicleState v, int i) {
        double nx = v.nx[i], ny = v.ny[i], nz = v.nz[i];
        double d = v.fx[i] * nx + v.fy[i] * ny + v.fz[i] * nz;
        double fx = v.fx[i] - d * nx, fy = v.fy[i] - d * ny, fz = v.fz[i] - d * nz;
        double len = Math.sqrt(fx * fx + fy * fy + fz * fz);
        if (len < 1e-9) {
            return;
        }
        fx /= len;
        fy /= len;
        fz /= len;
        v.fx[i] = fx;
        v.fy[i] = fy;
        v.fz[i] = fz;
        v.sx[i] = ny * fz - nz * fy;
        v.sy[i] = nz * fx - nx * fz;
        v.sz[i] = nx * fy - ny * fx;
    }

    /** {@code 1/m + (r x a) . I^-1 (r x a)}, keeping {@code I^-1 (r x a)} for the row. */
    double rowMass(int i, double rx, double ry, double rz, double ax, double ay, double az,
                           double[] ix, double[] iy, double[] iz) {
        double cx = ry * az - rz * ay, cy = rz * ax - rx * az, cz = rx * ay - ry * ax;
        double[] a = invI;
        double bx = a[0] * cx + a[1] * cy + a[2] * cz;
        double by = a[3] * cx + a[4] * cy + a[5] * cz;
        double bz = a[6] * cx + a[7] * cy + a[8] * cz;
        ix[i] = bx;
        iy[i] = by;
        iz[i] = bz;
        return invMass + cx * bx + cy * by + cz * bz;
    }

    /** The patch's sliding velocity along the wheel, {@code (v + w x r - v_ground) . f - omega R}, m/s. */
    double slipX(VehicleState v, int i) {
        return patchAlong(v, i, v.fx[i], v.fy[i], v.fz[i]) - v.omega[i] * v.radius[i];
    }

    /** The patch's sliding velocity across the wheel, m/s. */
    double slipY(VehicleState v, int i) {
        return patchAlong(v, i, v.sx[i], v.sy[i], v.sz[i]);
    }

    double patchAlong(VehicleState v, int i, double ax, double ay, double az) {
        double rx = v.rx[i], ry = v.ry[i], rz = v.rz[i];
        double cx = pvx + pwy * rz - pwz * ry - v.gvx[i];
        double cy = pvy + pwz * rx - pwx * rz - v.gvy[i];
        double cz = pvz + pwx * ry - pwy * rx - v.gvz[i];
        return cx * ax + cy * ay + cz * az;
    }

    /**
     * The bump stop: a unilateral row along the ground normal at the contact, a hard limit on how far
     * the chassis closes on the ground in the step. Its impulse is applied to the chassis at the start
     * of the step (the other rows' act as forces over it), so the chassis closes by dt times the mean
     * of its closing speeds at the start and the end: {@code dt (c - gain / 2)}, with c the closing
     * speed at the end and gain what gravity and the springs add to it over the step. Within the
     * travel that must not exceed the gap to the stop, {@code len (n . up)}; overrun (a negative
     * suspension length), the row takes back {@link #STOP_BIAS} of the overrun in the step. Either way
     * a suspension compressed fast (a landing, a bump at speed) meets its stop at the end of the step
     * instead of passing it.
     */
    void bumpStop(VehicleState v, int i, double dt, double ux, double uy, double uz) {
        // wanted: c <= gap / dt + gain / 2, with gap = len (n . up), or STOP_BIAS times it overrun
        double closing = -patchAlong(v, i, v.nx[i], v.ny[i], v.nz[i]);
        double len = v.length[i];
        double gap = len * (v.nx[i] * ux + v.ny[i] * uy + v.nz[i] * uz);
        double target = (len < 0 ? STOP_BIAS * gap : gap) / dt + 0.5 * v.closingGain[i];
        double lo = v.jn[i];
        double jn = Math.max(0, lo + (closing - target) / v.kn[i]);
        if (jn == lo) {
            return;
        }
        v.jn[i] = jn;
        applyChassis(jn - lo, v.nx[i], v.ny[i], v.nz[i], v.inx[i], v.iny[i], v.inz[i]);
    }

    /**
     * The tyre's two rows. Each solves {@code J = dt F(u_free - K J)} for its total impulse by
     * bisection, with the other component held: {@code g(J) = J - dt F(u_free - K J)} increases with
     * J, so its root is bracketed by 0 and {@code u_free / K} (where the patch stops), including the
     * static case where F jumps at zero sliding speed.
     */
    void tyre(VehicleState v, int i, double dt, double peak, double theta) {
        double stick = v.stick[i] * peak;
        double speed = v.speed[i];
        // Along the wheel, with the brake: the row moves the chassis and the wheel's spin, which the
        // brake holds while it can. Solved as one block: first with the wheel locked (its spin 0,
        // the chassis alone taking the impulse); if the brake cannot give the torque that needs, with
        // the brake slipping at its bound and the wheel free. (As two rows, Gauss-Seidel between a
        // 1 kg m^2 wheel and a 1200 kg chassis would converge by the mass ratio per pass.)
        double uy = slipY(v, i);
        double r = v.radius[i], inertia = v.inertia[i];
        double kc = v.kx[i] - r * r / inertia;
        // The spin without this wheel's own brake and tyre impulses.
        double spin = v.omega[i] + (v.jb[i] - v.jx[i] * r) / inertia;
        double freeChassis = patchAlong(v, i, v.fx[i], v.fy[i], v.fz[i]) + kc * v.jx[i];
        double bound = v.brakeBound[i];
        double jx, jb;
        boolean locked = false;
        jx = 0;
        jb = 0;
        if (bound > 0) {
            jx = solveRow(freeChassis, uy, kc, dt, speed, peak, theta, stick, v.jx[i]);
            jb = inertia * spin + jx * r;
            locked = Math.abs(jb) <= bound;
        }
        double omega;
        if (locked) {
            omega = 0;
        } else {
            jb = bound > 0 ? Math.copySign(bound, jb) : 0;
            double turning = spin - jb / inertia;
            jx = solveRow(freeChassis - turning * r, uy, v.kx[i], dt, speed, peak, theta, stick, v.jx[i]);
            omega = turning + jx * r / inertia;
        }
        double d = jx - v.jx[i];
        v.jx[i] = jx;
        v.jb[i] = jb;
        applyChassis(-d, v.fx[i], v.fy[i], v.fz[i], v.ifx[i], v.ify[i], v.ifz[i]);
        v.omega[i] = omega;
        // Across it.
        double ux = slipX(v, i);
        double ky = v.ky[i];
        double free = slipY(v, i) + ky * v.jy[i];
        double jy = solveRow(free, ux, ky, dt, speed, peak, theta, stick, v.jy[i]);
        d = jy - v.jy[i];
        v.jy[i] = jy;
        applyChassis(-d, v.sx[i], v.sy[i], v.sz[i], v.isx[i], v.isy[i], v.isz[i]);
    }

    /**
     * The root of {@code g(J) = J - dt F(free - k J, other)} between 0 and {@code free / k} by Newton's
     * method inside a shrinking bracket (Press et al., Numerical Recipes, 3rd ed., section 9.4,
     * {@code rtsafe}): g increases with J, so each evaluation's sign moves one end of the bracket in,
     * and a Newton step that would leave the bracket is replaced by its midpoint. The brush law is
     * smooth but where the whole patch starts to slide (its second derivative jumps there), so Newton
     * converges in a few steps, where bisection takes about 40 to the same precision. Started from
     * {@code start} (the row's impulse of the last sweep, the best guess once the sweeps settle).
     */
    static double solveRow(double free, double other, double k, double dt, double speed, double peak,
                           double theta, double stick, double start) {
        if (free == 0) {
            return 0;
        }
        double hi = free / k;
        // Straight along the row with the stick bound holding the patch: it stops (the static case,
        // where F jumps at zero sliding speed and g has its root at the jump).
        if (other == 0 && stick > 0 && dt * stick >= Math.abs(hi)) {
            return hi;
        }
        // Work with the row's direction positive: J in [0, |free| / k], g increasing.
        double sign = Math.signum(free);
        double f = Math.abs(free);
        double w = Math.abs(other);
        double lo = 0;
        hi = f / k;
        double tolerance = NEWTON_TOLERANCE * hi;
        double j = sign * start;
        if (!(j > lo && j < hi)) {
            j = 0.5 * hi;
        }
        for (int it = 0; it < NEWTON_LIMIT; it++) {
            // F along u = free - k J >= 0, and dF/du: F = f(m) u / m, m = |(u, w)|,
            // dF/du = f'(m) (u / m)^2 + f(m) w^2 / m^3, f'(m) = peak brush'(theta m / v) theta / v.
            double u = f - k * j;
            double m = Math.sqrt(u * u + w * w);
            double force = 0, slope = 0;
            if (m > 0) {
                double x = theta * m / speed;
                double brush = TyreModel.brush(x);
                double fm = peak * brush;
                double dfm = 0;
                if (fm < stick) {
                    fm = stick;
                } else if (x < 1) {
                    double r = 1 - x;
                    dfm = peak * 3 * r * r * theta / speed;
                }
                double c = u / m;
                force = fm * c;
                slope = dfm * c * c + fm * w * w / (m * m * m);
            }
            double g = j - dt * force;
            if (g > 0) {
                hi = j;
            } else {
                lo = j;
            }
            double next = j - g / (1 + dt * k * slope);
            if (!(next > lo && next < hi)) {
                next = 0.5 * (lo + hi);
            }
            if (Math.abs(next - j) <= tolerance || hi - lo <= tolerance) {
                return sign * next;
            }
            j = next;
        }
        return sign * j;
    }

    /** Impulse {@code j a} at the contact on the predicted chassis velocity ({@code ia = I^-1 (r x a)}). */
    void applyChassis(double j, double ax, double ay, double az, double iax, double iay, double iaz) {
        pvx += j * invMass * ax;
        pvy += j * invMass * ay;
        pvz += j * invMass * az;
        pwx += j * iax;
        pwy += j * iay;
        pwz += j * iaz;
    }

    static double clamp(double x, double bound) {
        return Math.max(-bound, Math.min(bound, x));
    }
}
