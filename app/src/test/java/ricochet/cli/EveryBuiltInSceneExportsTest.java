package ricochet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ricochet.scenes.BuiltinScenes;

/**
 * Every output of {@code run} on every built-in scene: the four trajectory formats, events and
 * particles are written, and a snapshot either resumes to the state an unbroken run reaches or is
 * refused with one line that names what it cannot hold (never for fractured bodies, which snapshots
 * hold).
 */
class EveryBuiltInSceneExportsTest {

    @TempDir
    Path dir;

    @Test
    void everyTrajectoryFormatEventsAndParticlesAreWrittenForEveryBuiltInScene() throws IOException {
        for (String name : BuiltinScenes.NAMES) {
            for (String ext : new String[] {"csv", "json", "glb", "gltf"}) {
                Path out = dir.resolve(name + "." + ext);
                Path events = dir.resolve(name + "-" + ext + ".jsonl");
                Path particles = dir.resolve(name + "-" + ext + "-particles.csv");
                CliResult r = CliResult.run("run", name, "--steps", "3", "--out", out.toString(),
                        "--events", events.toString(), "--particles", particles.toString());
                assertEquals(0, r.code, name + " ." + ext + ": " + r.err);
                assertTrue(Files.size(out) > 0, name + " ." + ext + ": an empty trajectory");
                assertTrue(Files.exists(events), name + ": no events file");
                assertTrue(Files.exists(particles), name + ": no particles file");
            }
        }
    }

    @Test
    void aSnapshotOfEveryBuiltInSceneResumesToTheUnbrokenRunsStateOrIsRefusedInOneLine() throws Exception {
        int fracturedResumed = 0;
        for (String name : BuiltinScenes.NAMES) {
            boolean fractured = BuiltinScenes.read(name).bodies().stream().anyMatch(b -> b.fracture() != null);
            Path snap = dir.resolve(name + ".snap");
            CliResult first = CliResult.run("run", name, "--steps", "3", "--snapshot", snap.toString());
            if (first.code != 0) {
                assertTrue(!fractured, name + ": a scene with fractured bodies is refused: " + first.err);
                assertEquals(2, first.code, name + ": " + first.err);
                assertEquals(1, first.err.lines().count(), name + ": one line\n" + first.err);
                assertTrue(first.err.startsWith("error: "), name + ": " + first.err);
                continue;
            }
            CliResult resumed = CliResult.run("run", "--resume", snap.toString(), "--steps", "3", "--hash");
            CliResult whole = CliResult.run("run", name, "--steps", "6", "--hash");
            assertEquals(0, resumed.code, name + ": " + resumed.err);
            assertEquals(whole.out, resumed.out, name + ": resumed from step 3");
            fracturedResumed += fractured ? 1 : 0;
        }
        assertTrue(fracturedResumed >= 4, "scenes with fractured bodies resumed: " + fracturedResumed);
    }
}
