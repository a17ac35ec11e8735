package ricochet.io.trajectory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import ricochet.io.gltf.GltfTrajectoryWriter;
import ricochet.io.scene.Scene;
import ricochet.world.Simulation;

/**
 * Writes frames of a simulation's bodies (the formats are in the README's "Trajectory and events").
 * Frame 0 is the initial state; the caller writes every K-th step after it. Numbers are printed by
 * {@link Double#toString}, the shortest text that reads back to the same double.
 */
public interface TrajectoryWriter extends AutoCloseable {

    /** Appends the current state of every body as frame {@code frame}. */
    void writeFrame(long frame, Simulation sim) throws IOException;

    /**
     * Completes the file beside its target under a temporary name; {@link #commit()} moves it into
     * place (so that a run can write all its outputs before moving any).
     */
    void prepare() throws IOException;

    /** Moves the file completed by {@link #prepare()} into place. */
    void commit() throws IOException;

    /** Completes the file and moves it into place. */
    default void finish() throws IOException {
        prepare();
        commit();
    }

    /** Discards an unfinished file. */
    @Override
    void close() throws IOException;

    /** A writer chosen by the extension of {@code file}: .csv or .json (glTF needs the scene: {@link #open(Path, Scene)}). */
    static TrajectoryWriter open(Path file) throws IOException {
        return open(file, null);
    }

    /**
     * A writer chosen by the extension of {@code file}: .csv, .json, or .gltf / .glb (the scene's
     * shapes with an animation of the trajectory; {@code scene} must then be given).
     */
    static TrajectoryWriter open(Path file, Scene scene) throws IOException {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".csv")) {
            return new CsvTrajectoryWriter(file);
        }
        if (name.endsWith(".json")) {
            return new JsonTrajectoryWriter(file);
        }
        if (name.endsWith(".gltf") || name.endsWith(".glb")) {
            if (scene == null) {
                throw new IllegalArgumentException("--out " + file + ": glTF output needs the scene's shapes");
            }
            GltfTrajectoryWriter gltf = new GltfTrajectoryWriter(file, scene, name.endsWith(".glb"));
            return new GltfOutput(gltf);
        }
        throw new IllegalArgumentException("--out " + file + ": unknown extension (expected .csv, .json, .gltf or .glb)");
    }
}
