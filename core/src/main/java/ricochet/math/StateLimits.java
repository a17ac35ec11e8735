package ricochet.math;

/**
 * The largest state a body of either world (the engine's and the lab's) may have and still be
 * stepped: beyond these the next step's arithmetic overflows or loses the contact tolerances'
 * scale, so both worlds refuse such a state before and after each step.
 */
public final class StateLimits {

    /**
     * The largest coordinate (m, of a centre of mass, any axis) a usable state has: beyond it a
     * double's spacing passes 0.1 mm, the contact tolerances' scale, and a fuzz run saw 1e167 m poses
     * there that broke the next step's broad phase.
     */
    public static final double MAX_POSITION = 1e12;
    /** The largest speed component (m/s, and rad/s for spin) a usable state has. */
    public static final double MAX_SPEED = 1e12;

    private StateLimits() {
    }
}
