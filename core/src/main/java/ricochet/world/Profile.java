package ricochet.world;

/**
 * Where the last step's time went, by stage of {@link World#step}, in nanoseconds of wall time
 * ({@code System.nanoTime}; a debugging aid, not a benchmark: measure speed with JMH).
 */
public final class Profile {

    /** The stages of a step, in the order they run. */
    public enum Stage {
        /** Copying what the step changes, so a failed step can be undone (see {@link World#step}). */
        CHECKPOINT("checkpoint"), UPDATE_POSES("update poses"), VEHICLES("vehicles"), FIND_CONTACTS("find contacts"),
                ISLANDS("islands"), SOLVE("solve"),
        CONTINUOUS("continuous"), CHARACTERS("characters"),
        SOFT_BODIES("soft bodies"), SLEEP("sleep"), EVENTS("events");

        private final String label;

        Stage(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private static final Stage[] STAGES = Stage.values();

    private final long[] nanos = new long[STAGES.length];
    private final long[] totalNanos = new long[STAGES.length];
    private long steps;

    void record(Stage stage, long ns) {
        nanos[stage.ordinal()] = ns;
        totalNanos[stage.ordinal()] += ns;
    }

    void endStep() {
        steps++;
    }

    /** Nanoseconds the stage took in the last step. */
    public long nanos(Stage stage) {
        return nanos[stage.ordinal()];
    }

    /** Mean milliseconds per step the stage took over every step so far. */
    public double meanMillis(Stage stage) {
        return steps == 0 ? 0 : totalNanos[stage.ordinal()] / 1e6 / steps;
    }

    public long steps() {
        return steps;
    }

    /** One line per stage with its mean ms per step, and the total. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        double total = 0;
        for (Stage s : STAGES) {
            double ms = meanMillis(s);
            total += ms;
            sb.append(String.format("%-14s %9.4f ms/step%n", s.label(), ms));
        }
        sb.append(String.format("%-14s %9.4f ms/step (%d steps)%n", "total", total, steps));
        return sb.toString();
    }
}
