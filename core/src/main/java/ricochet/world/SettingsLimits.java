package ricochet.world;

/**
 * Upper bounds on a world's settings, so that a scene file or a command line cannot ask for work
 * that never ends or memory that is never there. The work of one step grows as
 * {@code substeps * (iterations + relax) * (contacts + jointIterations * joints)}: each bound keeps
 * one factor within what a real-time or offline run can use, well above what any scene needs.
 * {@link World}'s setters, scene files, the command line and snapshot restores all enforce them.
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

    /** Unbiased relax passes per substep: as for {@link #MAX_ITERATIONS}. */
    public static final int MAX_RELAX_ITERATIONS = 1000;

    /**
     * Events a world (or a simulation) holds for draining, {@link World#setEventCapacity}: 2^24
     * events of 33 bytes each is about half a gigabyte, past which a buffer nobody drains is a leak.
     */
    public static final int MAX_EVENT_CAPACITY = 1 << 24;

    private SettingsLimits() {
    }
}
