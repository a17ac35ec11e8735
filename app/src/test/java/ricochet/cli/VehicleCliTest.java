package ricochet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code validate} and {@code run} on scenes with vehicles: bad input with its JSON path, rows, snapshots. */
class VehicleCliTest {

    @TempDir
    Path dir;

    static final String WHEELS = """
            "wheels": [{"position": [-0.8, -0.3, 1.3], "steer": true, "drive": true},
                       {"position": [0.8, -0.3, 1.3], "steer": true, "drive": true},
                       {"position": [-0.8, -0.3, -1.3], "handbrake": true},
                       {"position": [0.8, -0.3, -1.3], "handbrake": true}]""";

    Path write(String vehicles) throws IOException {
        Path scene = dir.resolve("drive.json");
        Files.writeString(scene, """
                {"format": "ricochet-scene/1", "settings": {"dt": 0.01},
                 "bodies": [{"name": "ground", "type": "static", "position": [0, -0.5, 0],
                             "shape": {"type": "box", "halfExtents": [100, 0.5, 100]}}],
                 "vehicles": [%s]}
                """.formatted(vehicles));
        return scene;
    }

    /** A car with the defaults and {@code extra} keys (each followed by a comma). */
    Path car(String extra) throws IOException {
        return write("{\"name\": \"car\", \"position\": [0, 0.95, 0], \"chassis\": {}, " + extra + WHEELS + "}");
    }

    String problems(Path scene) {
        CliResult v = CliResult.run("validate", scene.toString());
        CliResult r = CliResult.run("run", scene.toString());
        assertEquals(2, v.code, v.out + v.err);
        assertEquals(2, r.code, r.out + r.err);
        return v.out + v.err;
    }

    @Test
    void badVehiclesAreReportedWithTheirPath() throws IOException {
        assertTrue(problems(write("{\"name\": \"car\", \"position\": [0, 1, 0], \"chassis\": {}, \"wheels\": []}"))
                .contains("$.vehicles[0].wheels: a vehicle needs at least one wheel"));
        assertTrue(problems(write("{\"name\": \"car\", \"position\": [0, 1, 0], \"chassis\": {}}"))
                .contains("$.vehicles[0]: missing required key 'wheels'"));
        assertTrue(problems(write("{\"name\": \"car\", \"position\": [0, 1, 0], \"chassis\": {},"
                + " \"wheels\": [{\"position\": [0, 0, 0], \"radius\": 0}]}"))
                .contains("$.vehicles[0].wheels[0].radius"));
        assertTrue(problems(car("\"gears\": [2.5, 0], ")).contains("$.vehicles[0].gears[1]"));
        assertTrue(problems(car("\"gears\": [-1], ")).contains("$.vehicles[0].gears[0]"));
        assertTrue(problems(car("\"tyre\": {\"friction\": -0.1}, ")).contains("$.vehicles[0].tyre.friction"));
        assertTrue(problems(car("\"input\": [{\"t\": 2, \"throttle\": 1}, {\"t\": 1, \"brake\": 1}], "))
                .contains("$.vehicles[0].input[1].t: t must be after the entry before (2.0), got 1.0"));
        assertTrue(problems(car("\"input\": [{\"t\": 0, \"steer\": 2}], ")).contains("$.vehicles[0].input[0].steer"));
        assertTrue(problems(car("\"input\": [{\"t\": 0, \"throttle\": 1.5}], "))
                .contains("$.vehicles[0].input[0].throttle"));
        assertTrue(problems(car("\"input\": [{\"t\": 0, \"throttle\": -1.5}], "))
                .contains("$.vehicles[0].input[0].throttle: throttle must be in [-1, 1], got -1.5"));
        assertTrue(problems(car("\"reverseRatio\": 0, ")).contains("$.vehicles[0].reverseRatio"));
        assertTrue(problems(car("\"boost\": 1, ")).contains("$.vehicles[0].boost: unknown key"));
        assertTrue(problems(car("\"chassis\": {\"mass\": 0}, ")).contains("$.vehicles[0]"));
        assertTrue(problems(write("{\"name\": \"ground\", \"position\": [0, 1, 0], \"chassis\": {}, " + WHEELS + "}"))
                .contains("$.vehicles[0].name: vehicle name 'ground' is taken (first at $.bodies[0])"));
    }

    @Test
    void aNegativeThrottleInTheTrackBacksTheCarUp() throws IOException {
        Path scene = car("\"reverseRatio\": 3.5, \"input\": [{\"t\": 0, \"throttle\": -1}], ");
        Path csv = dir.resolve("reverse.csv");
        CliResult r = CliResult.run("run", scene.toString(), "--steps", "100", "--out", csv.toString());
        assertEquals(0, r.code, r.err);
        String[] chassis = Files.readAllLines(csv).stream().filter(l -> l.split(",")[2].equals("car"))
                .reduce((a, b) -> b).orElseThrow().split(",");
        double vz = Double.parseDouble(chassis[12]);
        assertTrue(vz < -1, "backed up (-z): " + vz);
    }

    @Test
    void runWritesTheChassisAndOneRowPerWheel() throws IOException {
        Path scene = car("\"input\": [{\"t\": 0, \"throttle\": 1}], ");
        CliResult v = CliResult.run("validate", scene.toString());
        assertEquals(0, v.code, v.out + v.err);
        Path csv = dir.resolve("drive.csv");
        CliResult r = CliResult.run("run", scene.toString(), "--steps", "100", "--out", csv.toString());
        assertEquals(0, r.code, r.err);
        List<String> lines = Files.readAllLines(csv);
        long frames = lines.stream().filter(l -> l.split(",")[2].equals("ground")).count();
        assertEquals(101, frames, "frame 0 and one per step");
        for (String name : List.of("car", "car.wheel0", "car.wheel1", "car.wheel2", "car.wheel3")) {
            assertEquals(frames, lines.stream().filter(l -> l.split(",")[2].equals(name)).count(), name);
        }
        // The last frame: the car drove forward (+z), a rear wheel (not driven, so not spinning on the launch) rolls forward about the axle (+x).
        String[] chassis = lines.stream().filter(l -> l.split(",")[2].equals("car")).reduce((a, b) -> b)
                .orElseThrow().split(",");
        String[] wheel = lines.stream().filter(l -> l.split(",")[2].equals("car.wheel2")).reduce((a, b) -> b)
                .orElseThrow().split(",");
        double vz = Double.parseDouble(chassis[12]);
        assertTrue(vz > 1, "drove forward: " + vz);
        double spin = Double.parseDouble(wheel[13]);
        assertEquals(vz / 0.35, spin, 0.2 * vz / 0.35, "the wheel rolls at about v / R");
        // The wheel centre sits below its mount, about one radius above the ground.
        assertEquals(0.35, Double.parseDouble(wheel[4]), 0.05);
    }

    @Test
    void aRunCutBySnapshotAndResumeEndsWithTheSameBitsAndEventsAsOneRun() throws IOException {
        // Dropped 0.25 m: the wheels touch down before the cut; throttle, then brake and steer after it.
        Path scene = write("{\"name\": \"car\", \"position\": [0, 1.2, 0], \"chassis\": {}, "
                + "\"input\": [{\"t\": 0, \"throttle\": 1}, {\"t\": 0.8, \"brake\": 1, \"steer\": 0.5}], "
                + WHEELS + "}");
        Path all = dir.resolve("all.jsonl");
        Path first = dir.resolve("first.jsonl");
        Path second = dir.resolve("second.jsonl");
        Path snap = dir.resolve("drive.snap");
        String whole = lastLine(CliResult.run("run", scene.toString(), "--steps", "150", "--hash", "--events",
                all.toString()));
        assertEquals(0, CliResult.run("run", scene.toString(), "--steps", "50", "--snapshot", snap.toString(),
                "--events", first.toString()).code);
        String resumed = lastLine(CliResult.run("run", "--resume", snap.toString(), "--steps", "100", "--hash",
                "--events", second.toString()));
        assertEquals(whole, resumed);
        List<String> expected = new java.util.ArrayList<>(Files.readAllLines(first));
        expected.addAll(Files.readAllLines(second));
        assertEquals(Files.readAllLines(all), expected);
        String jsonl = Files.readString(first).replace(" ", "");
        for (int k = 0; k < 4; k++) {
            assertTrue(jsonl.contains("\"type\":\"wheelContact\",\"a\":\"car.wheel" + k + "\",\"b\":\"ground\""),
                    jsonl);
        }
    }

    private static String lastLine(CliResult r) {
        assertEquals(0, r.code, r.err);
        String[] lines = r.out.strip().split("\n");
        return lines[lines.length - 1];
    }
}
