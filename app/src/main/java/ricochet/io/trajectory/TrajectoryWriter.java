package ricochet.io.trajectory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import ricochet.world.Simulation;

/**
 * Writes frames of a simulation's bodies (contract section 2). Frame 0 is the initial state; the
 * caller writes every K-th step after it. Numbers are printed by {@link Double#toString}, the
 * shortest text that reads back to the same double.
 */
public interface TrajectoryWriter extends AutoCloseable {

    /** Appends the current state of every body as frame {@code frame}. */
    void writeFrame(long frame, Simulation sim) throws IOException;

    /** Completes the file and moves it into place. */
    void finish() throws IOException;

    /** Discards an unfinished file. */
    @Override
    void close() throws IOException;

    /** A writer chosen by the extension of {@code file}: .csv or .json. */
    static TrajectoryWriter open(Path file) throws IOException {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".csv")) {
            return new CsvTrajectoryWriter(file);
        }
        if (name.endsWith(".json")) {
            return new JsonTrajectoryWriter(file);
        }
        throw new IllegalArgumentException("--out " + file + ": unknown extension (expected .csv or .json)");
    }
}
