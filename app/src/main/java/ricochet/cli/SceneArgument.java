package ricochet.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import java.util.Map;
import ricochet.io.scene.Scene;
import ricochet.io.scene.SceneException;
import ricochet.io.scene.SceneProblem;
import ricochet.io.scene.SceneSource;
import ricochet.scenes.BuiltinScenes;

/** Loads the SCENE argument (a built-in name or a file), turning every failure into one clear report. */
final class SceneArgument {

    private SceneArgument() {
    }

    /** The scene, or null after printing every problem to {@code err}. */
    static Scene load(String nameOrPath, PrintWriter err) {
        SceneSource s = read(() -> new SceneSource(BuiltinScenes.load(nameOrPath), nameOrPath, "", Map.of()),
                nameOrPath, err);
        return s == null ? null : s.scene();
    }

    /** The scene with its text and OBJ files (for snapshots), or null after printing every problem. */
    static SceneSource loadSource(String nameOrPath, PrintWriter err) {
        return read(() -> BuiltinScenes.loadSource(nameOrPath), nameOrPath, err);
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
        } catch (IOException e) {
            err.println("error: cannot read " + nameOrPath + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
        }
        return null;
    }
}
