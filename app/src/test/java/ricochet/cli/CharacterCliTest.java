package ricochet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code validate} and {@code run} on scenes with characters. */
class CharacterCliTest {

    @TempDir
    Path dir;

    Path write(String characters) throws IOException {
        Path scene = dir.resolve("walk.json");
        Files.writeString(scene, """
                {"format": "ricochet-scene/1", "settings": {"dt": 0.01},
                 "bodies": [{"name": "ground", "type": "static", "position": [0, -0.5, 0],
                             "shape": {"type": "box", "halfExtents": [50, 0.5, 50]}},
                            {"name": "crate", "position": [0, 0.5, 5], "shape": {"type": "box", "halfExtents": [0.5, 0.5, 0.5]}}],
                 "characters": [%s]}
                """.formatted(characters));
        return scene;
    }

    @Test
    void runWritesOneRowPerCharacterPerFrameAfterTheBodies() throws IOException {
        Path scene = write("""
                {"name": "hero", "position": [0, 0.92, 0], "input": [{"t": 0, "velocity": [2, 0, 0]}]}""");
        assertEquals(0, CliResult.run("validate", scene.toString()).code);
        Path csv = dir.resolve("walk.csv");
        CliResult r = CliResult.run("run", scene.toString(), "--steps", "100", "--out", csv.toString());
        assertEquals(0, r.code, r.err);
        List<String> lines = Files.readAllLines(csv);
        List<String> hero = lines.stream().filter(l -> l.split(",")[2].equals("hero")).toList();
        assertEquals(101, hero.size());
        // Each frame lists ground, crate, then hero.
        assertEquals("hero", lines.get(3).split(",")[2]);
        String[] last = hero.get(100).split(",");
        assertEquals(2.0, Double.parseDouble(last[3]), 1e-6);
        assertEquals("1.0", last[9]);
        assertEquals(2.0, Double.parseDouble(last[10]), 1e-6);
        Path json = dir.resolve("walk.json.out.json");
        assertEquals(0, CliResult.run("run", scene.toString(), "--steps", "3", "--out", json.toString()).code);
        assertTrue(Files.readString(json).contains("\"hero\""));
    }

    @Test
    void validateAndRunRefuseABadCharacterWithItsPath() throws IOException {
        Path scene = write("{\"name\": \"hero\", \"position\": [0, 1, 0], \"radius\": -1}");
        CliResult v = CliResult.run("validate", scene.toString());
        CliResult r = CliResult.run("run", scene.toString());
        assertEquals(2, v.code);
        assertEquals(2, r.code);
        String expected = "$.characters[0].radius: radius must be > 0, got -1.0";
        assertTrue(v.err.contains(expected) || v.out.contains(expected), v.err + v.out);
        assertTrue(r.err.contains(expected), r.err);
    }

    @Test
    void aRunCutBySnapshotAndResumeEndsWithTheSameBitsAsOneRun() throws IOException {
        // A jump and a crouch after the cut: the resumed run must still give them at their times.
        Path scene = write("""
                {"name": "hero", "position": [0, 0.92, 0], "input": [{"t": 0, "velocity": [2, 0, 0]},
                 {"t": 0.8, "velocity": [0, 0, 1], "jump": 4}, {"t": 1.2, "crouch": true}]}""");
        String whole = lastLine(CliResult.run("run", scene.toString(), "--steps", "150", "--hash"));
        Path snap = dir.resolve("walk.snap");
        Path events = dir.resolve("second.jsonl");
        assertEquals(0, CliResult.run("run", scene.toString(), "--steps", "50", "--snapshot", snap.toString()).code);
        CliResult resumed = CliResult.run("run", "--resume", snap.toString(), "--steps", "100", "--hash",
                "--events", events.toString());
        assertEquals(0, resumed.code, resumed.err);
        assertEquals(whole, lastLine(resumed));
        String jsonl = Files.readString(events);
        assertTrue(jsonl.contains("\"type\": \"airborne\", \"a\": \"hero\"")
                || jsonl.contains("\"type\":\"airborne\",\"a\":\"hero\""), jsonl);
    }

    private static String lastLine(CliResult r) {
        assertEquals(0, r.code, r.err);
        String[] lines = r.out.strip().split("\n");
        return lines[lines.length - 1];
    }
}
