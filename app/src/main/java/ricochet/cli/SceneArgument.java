package ricochet.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import ricochet.io.scene.InputFiles;
import ricochet.io.scene.Scene;
import ricochet.io.scene.SceneException;
import ricochet.io.scene.SceneProblem;
import ricochet.io.scene.SceneSource;
import ricochet.scenes.BuiltinScenes;
import ricochet.scenes.WorldBuilder;
import ricochet.world.Simulation;
import ricochet.world.WorldSimulation;

/** Loads the SCENE argument (a built-in name or a file), turning every failure into one clear report. */
final class SceneArgument {

    private SceneArgument() {
    }

    /** What {@code --allow-paths} says on every command that reads a scene. */
    static final String ALLOW_PATHS_HELP = "also read a scene's OBJ files from under DIR (repeatable);"
            + " by default a mesh path must lead, links resolved, into the scene file's folder";

    /**
     * The scene, or null after printing every problem to {@code err}; its meshes may also come from
     * under the folders {@code allowed}.
     */
    static Scene load(String nameOrPath, List<Path> allowed, PrintWriter err) {
        SceneSource s = read(() -> new SceneSource(BuiltinScenes.load(nameOrPath, allowed), nameOrPath, "",
                Map.of()), nameOrPath, err);
        return s == null ? null : s.scene();
    }

    /** The scene with its text and OBJ files (for snapshots), or null after printing every problem. */
    static SceneSource loadSource(String nameOrPath, List<Path> allowed, PrintWriter err) {
        return read(() -> BuiltinScenes.loadSource(nameOrPath, allowed), nameOrPath, err);
    }

    /** Whether every {@code --allow-paths} entry is a folder; else false after saying which is not. */
    static boolean checkAllowed(List<Path> allowed, PrintWriter err) {
        for (Path dir : allowed) {
            if (!Files.isDirectory(dir)) {
                err.println("error: --allow-paths " + dir + ": not a folder");
                return false;
            }
        }
        return true;
    }

    /**
     * What {@code run} steps, built from the scene, or null after printing why the world rejects it,
     * at its JSON path in the form of the file's own problems: {@code validate} and {@code run} say
     * the same thing.
     */
    static Simulation build(Scene scene, String source, PrintWriter err) {
        try {
            return WorldBuilder.simulation(scene);
        } catch (WorldBuilder.BuildException e) {
            err.println(source + ": 1 problem");
            err.println("  " + new SceneProblem(e.path(), e.getMessage()));
        } catch (IllegalArgumentException e) {
            err.println(source + ": 1 problem");
            err.println("  " + new SceneProblem("$", e.getMessage()));
        }
        return null;
    }

    /** Stops the threads of what {@link #build} built. */
    static void close(Simulation sim) {
        if (sim instanceof WorldSimulation w) {
            w.world().close();
        }
    }

    @FunctionalInterface
    interface Reader {
        SceneSource read() throws IOException, SceneException;
    }

    /** What {@code reader} reads, or null after printing why it could not. */
    static SceneSource read(Reader reader, String nameOrPath, PrintWriter err) {
        try {
            return reader.read();
        } catch (SceneException e) {
            err.println(e.source() + ": " + e.problems().size()
                    + (e.problems().size() == 1 ? " problem" : " problems"));
            for (SceneProblem p : e.problems()) {
                err.println("  " + p);
            }
        } catch (NoSuchFileException e) {
            err.println("error: file not found: " + e.getFile());
        } catch (InputFiles.Refused e) {
            err.println("error: " + e.getMessage());
        } catch (IOException e) {
            err.println("error: cannot read " + nameOrPath + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
        }
        return null;
    }
}
