package ricochet.vehicle;

/**
 * The tyre's force law: the brush model with a parabolic pressure distribution and combined slip
 * (Pacejka, "Tyre and Vehicle Dynamics", 2nd ed., section 3.2.2), isotropic so that the force
 * follows the friction circle.
 *
 * <p>The slip is the contact patch's sliding velocity over the ground speed, as a vector:
 * {@code sigma = (u_x, u_y) / V} with {@code u_x = v . f - omega R} (the patch's sliding velocity
 * along the wheel's forward axis, so {@code -u_x / V} is the practical slip ratio kappa),
 * {@code u_y = v . s} (across it, so {@code u_y / V = tan alpha}, the slip angle), and
 * {@code V = max(|v . f|, V_MIN)}. With {@code theta = C / (3 mu Fz)} ({@code C / Fz} the slip
 * stiffness per unit load) and {@code x = theta |sigma|}, the force opposes the sliding velocity
 * with magnitude
 * <pre>
 *   F = mu Fz (3 x - 3 x^2 + x^3)   for x < 1,
 *   F = mu Fz                        for x >= 1 (the whole patch slides).
 * </pre>
 * Its slope at zero slip is {@code C}, and its peak, reached at {@code |sigma| = 3 mu / (C / Fz)}
 * and kept beyond, is exactly {@code mu Fz}: {@code tyre.friction} is the peak coefficient.
 *
 * <p>At low ground speed the slip's denominator is floored at {@link #V_MIN} and, below
 * {@link #V_STATIC}, the force may reach {@code phi mu Fz} at any sliding velocity, with
 * {@code phi = 1 - |v . f| / V_STATIC}: the force law becomes Coulomb's, a static friction
 * constraint that holds a parked car without creep (the solve finds the force that stops the patch
 * when it is within the bound; see {@link Vehicles}).
 */
final class TyreModel {

    /** m/s: the slip's denominator never falls below this. */
    static final double V_MIN = 1.0;
    /** m/s: below this ground speed the tyre can also stick, fully at rest. */
    static final double V_STATIC = 1.0;

    private TyreModel() {
    }

    /** The brush model's normalised force {@code 3 x - 3 x^2 + x^3}, 1 from {@code x = 1} on. */
    static double brush(double x) {
        if (x >= 1) {
            return 1;
        }
        return x * (3 - x * (3 - x));
    }

    /**
     * The force component (N) along the sliding velocity component {@code u} (m/s) with {@code w} the
     * other component, for peak force {@code peak = mu Fz}, {@code theta = C / (3 mu Fz)} times Fz,
     * i.e. {@code slipStiffness / (3 mu)}, ground speed {@code v} (floored) and stick bound
     * {@code stick} (N): {@code max(stick, peak brush(theta |sigma|)) u / |(u, w)|}.
     */
    static double force(double u, double w, double v, double peak, double theta, double stick) {
        double m = Math.sqrt(u * u + w * w);
        if (m == 0) {
            return 0;
        }
        double f = Math.max(stick, peak * brush(theta * m / v));
        return f * u / m;
    }
}
