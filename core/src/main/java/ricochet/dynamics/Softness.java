package ricochet.dynamics;

/**
 * A soft constraint's coefficients for a spring of frequency {@code f} (Hz) and damping ratio
 * {@code zeta} taken implicitly over a substep {@code h} (Catto, "Soft Constraints", GDC 2011, and
 * "Solver2D", 2024): with {@code omega = 2 pi f}, {@code a1 = 2 zeta + h omega},
 * {@code a2 = h omega a1}, {@code a3 = 1 / (1 + a2)}, the bias rate is {@code omega / a1}, the mass
 * scale {@code a2 a3} and the impulse scale {@code a3}: a constraint row then solves
 * {@code lambda = -m_eff massScale (Cdot + biasRate C) - impulseScale lambda_acc}, a damped spring
 * that is stable at any stiffness.
 */
public final class Softness {

    public double biasRate, massScale = 1, impulseScale;

    public void set(double f, double zeta, double h) {
        double omega = 2 * Math.PI * f;
        double a1 = 2 * zeta + h * omega;
        double a2 = h * omega * a1;
        double a3 = 1 / (1 + a2);
        biasRate = omega / a1;
        massScale = a2 * a3;
        impulseScale = a3;
    }
}
