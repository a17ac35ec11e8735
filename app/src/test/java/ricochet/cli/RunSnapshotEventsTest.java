package ricochet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ricochet.io.scene.SceneSource;
import ricochet.io.snapshot.RunSnapshotFile;
import ricochet.scenes.WorldBuilder;
import ricochet.world.Event;
import ricochet.world.Simulation;

/**
 * {@code run --snapshot}'s file: a run that writes no events drains and forgets them every step, so
 * none pile up in memory or in the snapshot; names and paths of any length are stored whole.
 */
class RunSnapshotEventsTest {

    @TempDir
    Path dir;

    private static List<Event> heldEvents(RunSnapshotFile.Contents contents) throws Exception {
        Simulation sim = WorldBuilder.simulation(contents.scene().scene());
        sim.restore(contents.state());
        List<Event> held = new ArrayList<>();
        sim.drainEvents(held);
        return held;
    }

    @Test
    void aRunWithoutEventsKeepsNoneInItsSnapshot() throws Exception {
        Path snap = dir.resolve("s.snap"), events = dir.resolve("e.jsonl");
        // The pyramid lands in its first steps: contact events the run would otherwise keep.
        CliResult r = CliResult.run("run", "pyramid", "--steps", "60", "--snapshot", snap.toString());
        assertEquals(0, r.code, r.err);
        assertEquals(0, heldEvents(RunSnapshotFile.read(snap)).size(), "events held in the snapshot");
        assertEquals(0, CliResult.run("run", "pyramid", "--steps", "60", "--events", events.toString()).code);
        assertTrue(Files.readAllLines(events).size() > 0, "the steps make events");
    }

    @Test
    void sceneNamesAndObjPathsOfAnyLengthRoundTrip() throws Exception {
        Path snap = dir.resolve("s.snap");
        assertEquals(0, CliResult.run("run", "tower", "--steps", "10", "--snapshot", snap.toString()).code);
        RunSnapshotFile.Contents contents = RunSnapshotFile.read(snap);
        // 140,000 UTF-8 bytes each: past what a modified-UTF-8 string holds.
        String longName = "\u00e9".repeat(70_000);
        Map<String, byte[]> objFiles = new LinkedHashMap<>(contents.objFiles());
        objFiles.put(longName + ".obj", new byte[] {'#'});
        SceneSource source = contents.scene();
        SceneSource renamed = new SceneSource(source.scene(), longName, source.json(), objFiles);
        Path again = dir.resolve("again.snap");
        Files.write(again, RunSnapshotFile.toBytes(renamed, contents.state()));
        RunSnapshotFile.Contents read = RunSnapshotFile.read(again);
        assertEquals(longName, read.sceneName());
        assertTrue(read.objFiles().containsKey(longName + ".obj"));
        CliResult resumed = CliResult.run("run", "--resume", again.toString(), "--steps", "10");
        assertEquals(0, resumed.code, resumed.err);
    }
}
