package ricochet.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ricochet.io.trajectory.CsvTrajectoryWriter;
import ricochet.scenes.BuiltinScenes;

/** The command line through its real entry point: outputs, files and exit codes. */
class CliTest {

    @TempDir
    Path dir;

    private static CliResult cli(String... args) {
        return CliResult.run(args);
    }

    /** {@code --hash} prints the summary's own hash line and nothing else (for scripts on other machines). */
    @Test
    void runWithHashPrintsOnlyTheSummarysStateHashLine() {
        CliResult table = cli("run", "wall", "--steps", "50");
        CliResult hash = cli("run", "wall", "--steps", "50", "--hash");
        assertEquals(0, hash.code, hash.err);
        String line = table.out.lines().filter(l -> l.startsWith("state hash")).findFirst().orElseThrow();
        assertEquals(line + System.lineSeparator(), hash.out);
        assertTrue(line.matches("state hash +[0-9a-f]{16}"), line);
        // One step more is another state: the wall sleeps, but its ball flies on.
        assertFalse(cli("run", "wall", "--steps", "51", "--hash").out.equals(hash.out));
        CliResult both = cli("run", "pyramid", "--steps", "5", "--hash", "--profile");
        assertEquals(2, both.code);
        assertTrue(both.err.contains("--hash prints only the state hash"), both.err);
    }

    @Test
    void runPrintsTheSummaryTable() {
        CliResult r = cli("run", "bunny", "--steps", "100");
        assertEquals(0, r.code, r.err);
        for (String label : List.of("steps            100", "simulated time", "bodies           3", "contacts",
                "kinetic energy", "sleeping bodies", "steps/s", "ms/step")) {
            assertTrue(r.out.contains(label), "summary lacks '" + label + "':\n" + r.out);
        }
    }

    /** The pile's 1,000 boxes, 120 steps: the same state hash on 1, 2 and 4 threads. */
    @Test
    void runOnSeveralThreadsEndsInTheSameStateAsOnOne() {
        String hash = null;
        for (String threads : new String[] {"1", "2", "4"}) {
            CliResult r = cli("run", "pile", "--steps", "120", "--threads", threads);
            assertEquals(0, r.code, r.err);
            assertTrue(r.out.contains("threads          " + threads), r.out);
            String line = r.out.lines().filter(l -> l.startsWith("state hash")).findFirst().orElseThrow();
            if (hash == null) {
                hash = line;
            }
            assertEquals(hash, line, threads + " threads");
        }
        CliResult bad = cli("run", "pile", "--steps", "1", "--threads", "0");
        assertEquals(2, bad.code);
        assertEquals("error: --threads must be >= 1, got 0", bad.err.strip());
    }

    @Test
    void csvHasTheDocumentedHeaderAndOneRowPerBodyPerWrittenFrame() throws IOException {
        Path csv = dir.resolve("t.csv");
        assertEquals(0, cli("run", "bunny", "--steps", "30", "--every", "10", "--out", csv.toString()).code);
        List<String> lines = Files.readAllLines(csv);
        assertEquals(CsvTrajectoryWriter.HEADER, lines.get(0));
        assertEquals("frame,time,body,x,y,z,qx,qy,qz,qw,vx,vy,vz,wx,wy,wz", lines.get(0));
        // frames 0, 10, 20, 30 for 3 bodies
        assertEquals(1 + 4 * 3, lines.size());
        String[] first = lines.get(3).split(",");
        assertEquals("0", first[0]);
        assertEquals("bunny", first[2]);
        // Frame 0 is the scene's initial state: origin (0, 0.6, 0), launch velocity (5, 2, 0).
        assertEquals(0.6, Double.parseDouble(first[4]), 0);
        assertEquals(5, Double.parseDouble(first[10]), 0);
        assertEquals(2, Double.parseDouble(first[11]), 0);
        assertEquals("30", lines.get(lines.size() - 1).split(",")[0]);
    }

    @Test
    void runningTwiceGivesBitIdenticalCsv() throws IOException {
        Path a = dir.resolve("a.csv"), b = dir.resolve("b.csv");
        assertEquals(0, cli("run", "bunny", "--seconds", "3", "--out", a.toString()).code);
        assertEquals(0, cli("run", "bunny", "--seconds", "3", "--out", b.toString()).code);
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
    }

    @Test
    void jsonTrajectoryHoldsTheSameNumbersAsTheCsv() throws IOException {
        Path csv = dir.resolve("t.csv"), json = dir.resolve("t.json");
        assertEquals(0, cli("run", "bunny-penalty", "--steps", "20", "--out", csv.toString()).code);
        assertEquals(0, cli("run", "bunny-penalty", "--steps", "20", "--out", json.toString()).code);
        JsonNode frames = new ObjectMapper().readTree(json.toFile()).get("frames");
        assertEquals(21, frames.size());
        String[] last = Files.readAllLines(csv).get(21 * 3).split(",");
        JsonNode bunny = frames.get(20).get("bodies").get("bunny");
        assertEquals(Double.parseDouble(last[3]), bunny.get("position").get(0).doubleValue(), 0);
        assertEquals(Double.parseDouble(last[9]), bunny.get("orientation").get(3).doubleValue(), 0);
        assertEquals(Double.parseDouble(last[15]), bunny.get("angularVelocity").get(2).doubleValue(), 0);
    }

    @Test
    void eventsNameTheFloorAndWallContacts() throws IOException {
        Path events = dir.resolve("e.jsonl");
        assertEquals(0, cli("run", "bunny", "--seconds", "10", "--events", events.toString()).code);
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> lines = Files.readAllLines(events).stream().map(l -> {
            try {
                return json.readTree(l);
            } catch (IOException e) {
                throw new AssertionError(l, e);
            }
        }).toList();
        assertTrue(lines.stream().anyMatch(e -> e.get("type").asText().equals("contactBegin")
                && e.get("b").asText().equals("wall")));
        assertTrue(lines.stream().anyMatch(e -> e.get("type").asText().equals("contactEnd")
                && e.get("b").asText().equals("floor")));
        JsonNode sleep = lines.get(lines.size() - 1);
        assertEquals("sleep", sleep.get("type").asText());
        assertEquals("bunny", sleep.get("a").asText());
        assertEquals(sleep.get("step").asLong() * 0.015, sleep.get("time").asDouble(), 1e-12);
    }

    @Test
    void unknownSceneIsExitTwoNamingIt() {
        CliResult r = cli("run", "no-such-scene");
        assertEquals(2, r.code);
        assertTrue(r.err.contains("no-such-scene"), r.err);
    }

    @Test
    void badArgumentsAreExitTwo() {
        assertEquals(2, cli("run", "bunny", "--steps", "ten").code);
        assertEquals(2, cli("run", "bunny", "--steps", "5", "--seconds", "1").code);
        assertEquals(2, cli("run", "bunny", "--every", "0").code);
        assertEquals(2, cli("run", "bunny", "--seconds", "NaN").code);
        assertEquals(2, cli("frobnicate").code);
    }

    @Test
    void unknownOutputExtensionIsExitTwoAndLeavesNoFile() throws IOException {
        Path out = dir.resolve("t.xyz");
        CliResult r = cli("run", "bunny", "--steps", "5", "--out", out.toString());
        assertEquals(2, r.code);
        assertTrue(r.err.contains(".csv"), r.err);
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(0, files.count(), "nothing half-written");
        }
    }

    @Test
    void simulationErrorIsExitOneNamingBodyAndStepAndLeavesNoOutput() throws IOException {
        Path scene = dir.resolve("spin.json");
        Path obj = dir.resolve("tet.obj");
        Files.writeString(obj, "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nf 1 2 4\nf 1 3 4\nf 2 3 4\n");
        Files.writeString(scene, """
                {"format": "ricochet-scene/1", "bodies": [
                  {"name": "floor", "type": "static", "shape": {"type": "plane", "normal": [0, 1, 0], "offset": -5}},
                  {"name": "tet", "shape": {"type": "mesh", "obj": "tet.obj"}, "method": "impulse",
                   "angularVelocity": [1e308, 0, 0]}]}
                """);
        Path csv = dir.resolve("out.csv");
        CliResult r = cli("run", scene.toString(), "--steps", "10", "--out", csv.toString());
        assertEquals(1, r.code, r.out + r.err);
        assertTrue(r.err.contains("'tet'") && r.err.contains("step 1"), r.err);
        assertFalse(Files.exists(csv), "no half-written trajectory");
    }

    @Test
    void validateAcceptsEveryBuiltInScene() {
        for (String name : BuiltinScenes.NAMES) {
            CliResult r = cli("validate", name);
            assertEquals(0, r.code, r.err);
            assertTrue(r.out.contains("valid"));
        }
    }

    @Test
    void everyBuiltInSceneRuns() {
        for (String name : BuiltinScenes.NAMES) {
            CliResult r = cli("run", name, "--steps", "3");
            assertEquals(0, r.code, name + ": " + r.err);
            assertTrue(r.out.contains("steps            3"), name + ":\n" + r.out);
        }
    }

    @Test
    void solverSceneWritesOneCsvRowPerBodyPerFrameAndContactEvents() throws IOException {
        Path csv = dir.resolve("tower.csv"), events = dir.resolve("tower.jsonl");
        CliResult r = cli("run", "tower", "--steps", "60", "--out", csv.toString(), "--events", events.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.contains("bodies           31"), r.out);
        List<String> lines = Files.readAllLines(csv);
        assertEquals(CsvTrajectoryWriter.HEADER, lines.get(0));
        // Frames 0..60 of 31 bodies (the static ground is listed too).
        assertEquals(1 + 61 * 31, lines.size());
        String[] ground = lines.get(1).split(",");
        assertEquals("ground", ground[2]);
        String[] top = lines.get(31).split(",");
        assertEquals("box-29", top[2]);
        // Frame 0: the top box of thirty 0.5 m boxes on the ground, centre at 29.5 * 0.5 m.
        assertEquals(14.75, Double.parseDouble(top[4]), 0);
        assertEquals("60", lines.get(lines.size() - 1).split(",")[0]);
        ObjectMapper json = new ObjectMapper();
        boolean groundContact = false;
        for (String line : Files.readAllLines(events)) {
            JsonNode e = json.readTree(line);
            groundContact |= e.get("type").asText().equals("contactBegin")
                    && (e.get("a").asText().equals("ground") || e.get("b").asText().equals("ground"))
                    && (e.get("a").asText().equals("box-0") || e.get("b").asText().equals("box-0"));
        }
        assertTrue(groundContact, "a contactBegin between ground and box-0");
    }

    @Test
    void profilePrintsTheWorldsStages() {
        CliResult r = cli("run", "tower", "--steps", "10", "--profile");
        assertEquals(0, r.code, r.err);
        for (String stage : List.of("find contacts", "solve", "sleep", "events", "total")) {
            assertTrue(r.out.contains(stage), "profile lacks '" + stage + "':\n" + r.out);
        }
        CliResult lab = cli("run", "bunny", "--steps", "10", "--profile");
        assertEquals(0, lab.code, lab.err);
        assertTrue(lab.out.contains("profile          none"), lab.out);
    }

    @Test
    void validateReportsEveryProblemWithItsPathAndExitsTwo() throws IOException {
        Path scene = dir.resolve("bad.json");
        Files.writeString(scene, """
                {"format": "ricochet-scene/1", "settings": {"dt": -1},
                 "bodies": [{"name": "b", "shape": {"type": "sphere", "radius": -2}, "colour": "red"}]}
                """);
        CliResult r = cli("validate", scene.toString());
        assertEquals(2, r.code);
        for (String expected : List.of("$.settings.dt", "$.bodies[0].shape.radius", "$.bodies[0].colour")) {
            assertTrue(r.err.contains(expected), "missing " + expected + " in:\n" + r.err);
        }
    }

    @Test
    void scenesListsEveryBuiltInSceneAndExportsARunnableCopy() throws IOException {
        CliResult list = cli("scenes");
        assertEquals(0, list.code);
        for (String name : BuiltinScenes.NAMES) {
            assertTrue(list.out.contains(name), name);
        }
        CliResult export = cli("scenes", "--export", "bunny", "--dir", dir.resolve("copy").toString());
        assertEquals(0, export.code, export.err);
        Path copy = dir.resolve("copy").resolve("bunny.json");
        assertTrue(Files.exists(dir.resolve("copy").resolve("bunny.obj")));
        Path a = dir.resolve("a.csv"), b = dir.resolve("b.csv");
        assertEquals(0, cli("run", copy.toString(), "--steps", "50", "--out", a.toString()).code);
        assertEquals(0, cli("run", "bunny", "--steps", "50", "--out", b.toString()).code);
        assertArrayEquals(Files.readAllBytes(b), Files.readAllBytes(a), "the export runs as the built-in");
    }

    @Test
    void brokenJointsAreWrittenAsJointBreakEvents() throws IOException {
        // 1 kg under gravity pulls 9.81 N on each joint: a 5 N limit breaks in the first step.
        Path scene = dir.resolve("breaking.json");
        Files.writeString(scene, """
                {"format": "ricochet-scene/1", "bodies": [
                  {"name": "lamp", "shape": {"type": "sphere", "radius": 0.1}, "mass": 1},
                  {"name": "bulb", "shape": {"type": "sphere", "radius": 0.1}, "mass": 1, "position": [0, -0.3, 0]}],
                 "joints": [{"type": "ball", "bodyA": "lamp", "anchor": [0, 0.1, 0], "breakForce": 50},
                            {"type": "ball", "bodyA": "lamp", "bodyB": "bulb", "anchor": [0, -0.15, 0],
                             "breakForce": 5}]}
                """);
        Path events = dir.resolve("events.jsonl");
        CliResult r = cli("run", scene.toString(), "--steps", "30", "--events", events.toString());
        assertEquals(0, r.code, r.err);
        List<String> breaks = Files.readAllLines(events).stream().filter(l -> l.contains("jointBreak")).toList();
        assertEquals(1, breaks.size(), breaks.toString());
        assertTrue(breaks.get(0).contains("\"a\":\"lamp\"") && breaks.get(0).contains("\"b\":\"bulb\""),
                breaks.get(0));
    }

    @Test
    void aJointToTheWorldBreaksWithBNull() throws IOException {
        Path scene = dir.resolve("hook.json");
        Files.writeString(scene, """
                {"format": "ricochet-scene/1", "bodies": [
                  {"name": "lamp", "shape": {"type": "sphere", "radius": 0.1}, "mass": 1}],
                 "joints": [{"type": "ball", "bodyA": "lamp", "anchor": [0, 0.1, 0], "breakForce": 5}]}
                """);
        Path events = dir.resolve("events.jsonl");
        assertEquals(0, cli("run", scene.toString(), "--steps", "5", "--events", events.toString()).code);
        List<String> breaks = Files.readAllLines(events).stream().filter(l -> l.contains("jointBreak")).toList();
        assertEquals(1, breaks.size(), breaks.toString());
        assertTrue(breaks.get(0).contains("\"a\":\"lamp\"") && breaks.get(0).contains("\"b\":null"),
                breaks.get(0));
    }

    @Test
    void ragdollBodiesAreInTheTrajectory() throws IOException {
        Path scene = dir.resolve("doll.json");
        Files.writeString(scene, """
                {"format": "ricochet-scene/1", "bodies": [
                  {"name": "floor", "type": "static", "shape": {"type": "plane", "normal": [0, 1, 0], "offset": 0}}],
                 "ragdolls": [{"name": "ann", "position": [0, 1.5, 0]}]}
                """);
        Path csv = dir.resolve("doll.csv");
        CliResult r = cli("run", scene.toString(), "--steps", "2", "--out", csv.toString());
        assertEquals(0, r.code, r.err);
        assertTrue(r.out.contains("bodies           12"), r.out);
        List<String> lines = Files.readAllLines(csv);
        for (String part : ricochet.ragdoll.Ragdoll.PARTS) {
            assertEquals(3, lines.stream().filter(l -> l.split(",")[2].equals("ann." + part)).count(), part);
        }
    }

    @Test
    void aSolverBodyInALabSceneIsRefusedByNameWithExitTwo() throws IOException {
        Path scene = dir.resolve("mixed.json");
        Files.writeString(scene, """
                {"format": "ricochet-scene/1", "bodies": [
                  {"name": "floor", "type": "static", "shape": {"type": "plane", "normal": [0, 1, 0], "offset": 0}},
                  {"name": "tet", "method": "impulse", "position": [0, 1, 0], "shape": {"type": "mesh",
                   "vertices": [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]],
                   "triangles": [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]]}},
                  {"name": "ball", "position": [3, 1, 0], "shape": {"type": "sphere", "radius": 0.5}}]}
                """);
        CliResult r = cli("run", scene.toString());
        assertEquals(2, r.code);
        assertTrue(r.err.contains("'ball'") && r.err.contains("'tet'"), r.err);
    }

    @Test
    void aValueTheWorldRejectsIsExitTwoNamingTheBody() throws IOException {
        Path scene = dir.resolve("ground.json");
        Files.writeString(scene, """
                {"format": "ricochet-scene/1", "bodies": [
                  {"name": "hill", "shape": {"type": "heightfield", "heights": [[0, 0], [0, 1]], "spacing": [1, 1]}}]}
                """);
        CliResult r = cli("run", scene.toString());
        assertEquals(2, r.code);
        assertTrue(r.err.contains("'hill'") && r.err.contains("heightfield"), r.err);
    }
}
