package ricochet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ricochet.fracture.Fractures;
import ricochet.scenes.BuiltinScenes;
import ricochet.scenes.WorldBuilder;
import ricochet.world.WorldSimulation;

/** {@code run} on scenes with fractured bodies. */
class FractureCliTest {

    /** Steps of the runs: the ball meets the wall at about step 8 and is through it well before 30. */
    private static final int STEPS = 30;

    @TempDir
    Path dir;

    /**
     * A snapshot taken with the wall whole (step 4) or in pieces (step 12) resumes to the state and the
     * events of the unbroken run.
     */
    @Test
    void aSnapshotBeforeOrAfterTheBreakResumesToTheUnbrokenRun() throws IOException {
        Path allEvents = dir.resolve("all.jsonl");
        CliResult whole = CliResult.run("run", "shatter", "--steps", String.valueOf(STEPS), "--hash",
                "--events", allEvents.toString());
        assertEquals(0, whole.code, whole.err);
        List<JsonNode> all = rows(allEvents);
        long broke = all.stream().filter(e -> e.get("type").asText().equals("break"))
                .mapToLong(e -> e.get("step").asLong()).min().orElse(-1);
        for (int at : new int[] {4, 12}) {
            assertTrue(at < broke == (at == 4), "step " + at + " against the break at " + broke);
            Path snap = dir.resolve("shatter-" + at + ".snap");
            CliResult first = CliResult.run("run", "shatter", "--steps", String.valueOf(at), "--snapshot",
                    snap.toString());
            assertEquals(0, first.code, first.err);
            Path events = dir.resolve("resumed-" + at + ".jsonl");
            CliResult resumed = CliResult.run("run", "--resume", snap.toString(), "--steps",
                    String.valueOf(STEPS - at), "--hash", "--events", events.toString());
            assertEquals(0, resumed.code, resumed.err);
            assertEquals(whole.out, resumed.out, "the hash after a resume at step " + at);
            assertEquals(all.stream().filter(e -> e.get("step").asLong() > at).toList(), rows(events),
                    "the events after step " + at);
        }
    }

    /**
     * The events file has a {@code break} row per bond that broke, in the step it broke, naming its two
     * pieces ({@code b} null for a bond to the world), as the world built from the scene and stepped
     * alongside says.
     */
    @Test
    void everyBrokenBondIsOneBreakRowInItsStep() throws Exception {
        Path events = dir.resolve("shatter.jsonl");
        CliResult r = CliResult.run("run", "shatter", "--steps", String.valueOf(STEPS), "--events",
                events.toString());
        assertEquals(0, r.code, r.err);
        List<String> rows = new ArrayList<>();
        for (JsonNode e : rows(events)) {
            if (e.get("type").asText().equals("break")) {
                rows.add(e.get("step").asLong() + " " + e.get("a").asText() + " "
                        + (e.get("b").isNull() ? "null" : e.get("b").asText()));
            }
        }
        WorldSimulation sim = WorldBuilder.buildWorld(BuiltinScenes.read("shatter"));
        Fractures f = sim.world().fractures();
        int bonds = f.bondCount(0), pieces = f.pieceCount(0);
        boolean[] broken = new boolean[bonds], anchored = new boolean[pieces];
        for (int p = 0; p < pieces; p++) {
            anchored[p] = f.isAnchored(0, p);
        }
        List<String> expected = new ArrayList<>();
        for (int step = 1; step <= STEPS; step++) {
            sim.step();
            List<String> now = new ArrayList<>();
            for (int k = 0; k < bonds; k++) {
                if (!broken[k] && f.isBondBroken(0, k)) {
                    broken[k] = true;
                    now.add(step + " wall." + f.bondPieceA(0, k) + " wall." + f.bondPieceB(0, k));
                }
            }
            for (int p = 0; p < pieces; p++) {
                if (anchored[p] && !f.isAnchored(0, p)) {
                    anchored[p] = false;
                    now.add(step + " wall." + p + " null");
                }
            }
            expected.addAll(now);
        }
        assertTrue(expected.size() > 10, "the wall broke: " + expected.size() + " bonds");
        assertTrue(expected.stream().anyMatch(s -> s.endsWith(" null")), "world bonds broke too");
        assertEquals(expected.stream().sorted().toList(), rows.stream().sorted().toList());
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

    private static List<JsonNode> rows(Path file) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(file)) {
            out.add(json.readTree(line));
        }
        return out;
    }
}
