package ricochet.sweep;

import java.io.Serializable;

/**
 * What one variant's run gave: a row of the results table, and its trajectory when asked for.
 *
 * @param variant the variant's number
 * @param metrics each metric's value, NaN where it is empty (a failed run, or {@code restTime} never reached)
 * @param error null for a run that finished, else why it failed
 * @param hash the state hash at the end as {@code ./ricochet run --hash} prints it (16 hex digits), or
 *     null for a failed run
 * @param wallMs the wall time of building and stepping the variant, milliseconds
 * @param trajectory the written frames, or null when not asked for
 */
record Outcome(int variant, double[] metrics, String error, String hash, double wallMs, Trajectory trajectory)
        implements Serializable {

    private static final long serialVersionUID = 1L;

    boolean ok() {
        return error == null;
    }

    /**
     * Frames of a run: {@code states} holds, frame after frame and body after body, the 13 values
     * of {@code Simulation.readState} (position, orientation x y z w, velocity, angular velocity).
     */
    record Trajectory(String[] bodies, long[] frames, double[] times, double[] states) implements Serializable {

        private static final long serialVersionUID = 1L;
    }
}
