package ricochet.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import ricochet.cli.Main;

/**
 * The pinned results: the state hash that {@code ./ricochet run SCENE --steps N --hash} prints for each
 * scene of the determinism table in {@code docs/determinism.md}, on 1 and 2 threads, and the same hash
 * when the run is cut in two by a snapshot and resumed. A change that alters any simulation result
 * fails here; such a change updates these values and the table in the same commit, saying why.
 */
class GoldenHashTest {

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}, {1} steps: {2}")
    @CsvSource({
        "pile,     300, 6b0764a589537f26",
        "pyramid,  600, 41775685182dc3fc",
        "spheres,  600, 333453c879857eba",
        "wall,     700, 8722329fe3d4db90",
        "chain,    600, cb4e6136e005ee08",
        "ragdolls, 600, 4752cfffce7a9a15",
        "bunny,    600, 8a7b4056a1b48996",
    })
    void sceneHashIsPinnedOnOneAndTwoThreadsAndThroughASnapshot(String scene, int steps, String golden) {
        assertEquals(golden, hash("run", scene, "--steps", Integer.toString(steps), "--threads", "1"),
                scene + " on 1 thread");
        assertEquals(golden, hash("run", scene, "--steps", Integer.toString(steps), "--threads", "2"),
                scene + " on 2 threads");

        // The first part writes a snapshot, the second resumes from it: the same bits as one run.
        int first = steps / 3;
        Path snapshot = dir.resolve(scene + ".snap");
        hash("run", scene, "--steps", Integer.toString(first), "--snapshot", snapshot.toString());
        assertEquals(golden, hash("run", "--resume", snapshot.toString(), "--steps",
                Integer.toString(steps - first)), scene + " resumed at step " + first);
    }

    /** The hash printed by {@code Main.execute(args + --hash)}: the last word of its one line. */
    private static String hash(String... args) {
        List<String> command = new ArrayList<>(List.of(args));
        command.add("--hash");
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.execute(command.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));
        String line = out.toString().strip();
        assertEquals(0, code, String.join(" ", command) + ": " + err);
        assertEquals(true, line.startsWith("state hash"), "one hash line, got '" + line + "'");
        return line.substring(line.lastIndexOf(' ') + 1);
    }
}
