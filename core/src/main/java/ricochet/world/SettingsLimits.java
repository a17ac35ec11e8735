package ricochet.world;

/**
 * Upper bounds on a world's settings, so that a scene file or a command line cannot ask for work
 * that never ends or memory that is never there. The work of one step grows as
 * {@code substeps * (iterations + relax) * (contacts + jointIterations * joints)}: each bound keeps
 * one factor within what a real-time or offline run can use, well above what any scene needs.
 */
public final class SettingsLimits {

    /**
     * Threads a world steps on: each is a platform thread with its own stack and scratch; past the
     * core counts of today's largest machines more threads only wait on each other.
     */
    public static final int MAX_THREADS = 256;

    /**
     * Substeps per step: each runs the whole solve (prepare, warm start, solve, integrate, relax),
     * so the step costs that many times one substep; 64 is 3840 substeps a second at 60 Hz, past
     * where stiffness stops improving and round-off in the tiny substep grows.
     */
    public static final int MAX_SUBSTEPS = 64;

    /**
     * Soft solve passes per substep: Gauss-Seidel converges geometrically, and beyond a few
     * hundred passes a stack gains nothing that more substeps would not give far cheaper.
     */
    public static final int MAX_ITERATIONS = 1000;

    /**
     * Passes over the joints in each solver pass: as for {@link #MAX_ITERATIONS}; a long chain
     * converges in about as many passes as it has links, and 1000 covers the longest a step can
     * solve in real time.
     */
    public static final int MAX_JOINT_ITERATIONS = 1000;

    private SettingsLimits() {
    }
}
