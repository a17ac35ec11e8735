package ricochet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run} on scenes with fractured bodies. */
class FractureCliTest {

    @TempDir
    Path dir;

    @Test
    void aSnapshotOfFracturedBodiesIsRefusedBeforeTheRun() {
        Path snap = dir.resolve("shatter.snap");
        CliResult r = CliResult.run("run", "shatter", "--steps", "3", "--snapshot", snap.toString());
        assertEquals(2, r.code, r.err);
        assertTrue(r.err.contains("snapshots do not hold fractured bodies"), r.err);
        assertTrue(!Files.exists(snap));
    }

    /** Every frame has a row per piece (50) besides the ground and the ball; the break events name pieces. */
    @Test
    void piecesHaveRowsInEveryFrameAndBreaksAreEvents() throws IOException {
        Path csv = dir.resolve("shatter.csv"), events = dir.resolve("shatter.jsonl");
        CliResult r = CliResult.run("run", "shatter", "--steps", "20", "--out", csv.toString(),
                "--events", events.toString());
        assertEquals(0, r.code, r.err);
        List<String> lines = Files.readAllLines(csv);
        assertEquals(1 + 21 * 52, lines.size());
        assertTrue(lines.get(1 + 2).contains(",wall.0,"), lines.get(3));
        assertTrue(Files.readString(events).contains("\"break\""));
    }
}
