package ricochet.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.NoSuchFileException;
import ricochet.io.scene.Scene;
import ricochet.io.scene.SceneException;
import ricochet.io.scene.SceneProblem;
import ricochet.scenes.BuiltinScenes;

/** Loads the SCENE argument (a built-in name or a file), turning every failure into one clear report. */
final class SceneArgument {

    private SceneArgument() {
    }

    /** The scene, or null after printing every problem to {@code err}. */
    static Scene load(String nameOrPath, PrintWriter err) {
        try {
            return BuiltinScenes.load(nameOrPath);
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
