package ricochet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.Command;
import ricochet.io.scene.InputFiles;
import ricochet.io.scene.Scene;
import ricochet.world.SettingsLimits;

/**
 * The command line against inputs meant to break it: paths out of the scene's folder, special and
 * huge files, settings without bounds, colliding outputs, a killed run. Each ends in one line and
 * exit code 2 (or 1), never a hang, a stack trace or another file's content.
 */
class HostileInputTest {

    private static final String SECRET = "TOPSECRET-TOKEN-12345";
    private static final String TETRA = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n";

    @TempDir
    Path dir;

    private static CliResult cli(String... args) {
        return CliResult.run(args);
    }

    /** A scene with a floor and one static mesh body whose shape is {@code shape}. */
    private Path sceneWithMesh(Path file, String shape) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, """
                {"format": "ricochet-scene/1", "bodies": [
                  {"name": "floor", "type": "static", "shape": {"type": "plane", "normal": [0, 1, 0], "offset": 0}},
                  {"name": "m", "type": "static", "shape": %s}]}
                """.formatted(shape));
        return file;
    }

    private Path sceneWithObj(String obj) throws IOException {
        return sceneWithMesh(dir.resolve("scenes/s.json"), "{\"type\": \"mesh\", \"obj\": \""
                + obj.replace("\\", "\\\\") + "\"}");
    }

    private static void assertRefused(CliResult r, String expected) {
        assertEquals(Main.BAD_INPUT, r.code, r.out + r.err);
        assertTrue(r.err.contains(expected), r.err);
        assertFalse(r.err.contains(SECRET), r.err);
        assertFalse(r.err.contains("\tat "), r.err);
    }

    // ------------------------------------------------------------------ mesh paths

    @Test
    void meshPathOutOfTheScenesFolderIsRefused() throws IOException {
        Path secret = dir.resolve("secret.obj");
        Files.writeString(secret, "v 1 " + SECRET + " 0\n");
        Path scene = sceneWithObj("../secret.obj");
        assertRefused(cli("validate", scene.toString()), "outside the scene's folder");
        Path snap = dir.resolve("run.snap");
        assertRefused(cli("run", scene.toString(), "--steps", "1", "--snapshot", snap.toString()),
                "outside the scene's folder");
        assertFalse(Files.exists(snap));

        assertRefused(cli("validate", sceneWithObj(secret.toString()).toString()), "outside the scene's folder");

        Path link = dir.resolve("scenes/link.obj");
        Files.createSymbolicLink(link, secret);
        assertRefused(cli("validate", sceneWithObj("link.obj").toString()), "outside the scene's folder");

        // Allowed, the foreign file is read, and its bad line is named by line and column only.
        sceneWithObj("../secret.obj");
        assertRefused(cli("validate", scene.toString(), "--allow-paths", dir.toString()), "secret.obj:1: column 5: ");
        Files.writeString(secret, TETRA);
        assertEquals(0, cli("validate", scene.toString(), "--allow-paths", dir.toString()).code);
        assertEquals(0, cli("run", scene.toString(), "--steps", "2", "--allow-paths", dir.toString()).code);
    }

    @Test
    void meshPathInsideTheScenesFolderIsRead() throws IOException {
        Files.createDirectories(dir.resolve("scenes/meshes"));
        Files.writeString(dir.resolve("scenes/meshes/t.obj"), TETRA);
        CliResult r = cli("validate", sceneWithObj("meshes/../meshes/t.obj").toString());
        assertEquals(0, r.code, r.err);
    }

    @Test
    void meshThatIsNotARegularFileIsRefusedWithoutReadingIt() throws Exception {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            assertRefused(cli("validate", sceneWithObj("/dev/zero").toString(), "--allow-paths", "/dev"),
                    "not a regular file");
            Path fifo = dir.resolve("scenes/pipe.obj");
            Files.createDirectories(fifo.getParent());
            boolean made;
            try {
                made = new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0;
            } catch (IOException e) {
                made = false;
            }
            assumeTrue(made, "mkfifo is not available");
            assertRefused(cli("validate", sceneWithObj("pipe.obj").toString()), "not a regular file");
        });
    }

    @Test
    void meshOverTheSizeLimitIsRefusedBeforeReading() throws IOException {
        Path big = dir.resolve("scenes/big.obj");
        Files.createDirectories(big.getParent());
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(InputFiles.MAX_OBJ_BYTES + 1);
        }
        assertRefused(cli("validate", sceneWithObj("big.obj").toString()), "larger than the limit");
    }

    // ------------------------------------------------------------------ scene files and snapshots

    @Test
    void sceneAndSnapshotOverTheirLimitsOrNotRegularFilesAreRefused() throws IOException {
        Path scene = dir.resolve("huge.json");
        try (RandomAccessFile f = new RandomAccessFile(scene.toFile(), "rw")) {
            f.setLength(InputFiles.MAX_SCENE_BYTES + 1);
        }
        assertRefused(cli("validate", scene.toString()), "larger than the limit");
        Path snap = dir.resolve("huge.snap");
        try (RandomAccessFile f = new RandomAccessFile(snap.toFile(), "rw")) {
            f.setLength(InputFiles.MAX_SNAPSHOT_BYTES + 1);
        }
        assertRefused(cli("run", "--resume", snap.toString(), "--steps", "1"), "larger than the limit");
        assumeTrue(Files.exists(Path.of("/dev/urandom")));
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> assertRefused(
                cli("run", "--resume", "/dev/urandom", "--steps", "1"), "not a regular file"));
    }

    @Test
    void nonUtf8SceneNamesTheByteOffset() throws IOException {
        Path scene = dir.resolve("latin1.json");
        byte[] head = "{\"format\": \"ricochet-scene/1\", \"description\": \"caf".getBytes(StandardCharsets.UTF_8);
        byte[] bytes = new byte[head.length + 3];
        System.arraycopy(head, 0, bytes, 0, head.length);
        bytes[head.length] = (byte) 0xE9; // é in ISO 8859-1, a broken sequence in UTF-8
        bytes[head.length + 1] = '"';
        bytes[head.length + 2] = '}';
        Files.write(scene, bytes);
        assertRefused(cli("validate", scene.toString()), "not UTF-8 at byte " + head.length);
    }

    /** An Error thrown by a command is one line on stderr and exit code 1, with no stack trace. */
    @Test
    void errorsLeaveMainAsOneLine() {
        for (Throwable t : List.of(new OutOfMemoryError("Java heap space"), new StackOverflowError())) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Main.execute(new Throwing(t), new String[0], new PrintWriter(out), new PrintWriter(err));
            assertEquals(Main.SIMULATION_ERROR, code, err.toString());
            assertEquals(1, err.toString().lines().count(), err.toString());
            assertTrue(err.toString().startsWith("error: "), err.toString());
        }
    }

    @Command(name = "throwing")
    static final class Throwing implements Callable<Integer> {
        private final Throwable t;

        Throwing(Throwable t) {
            this.t = t;
        }

        @Override
        public Integer call() throws Exception {
            if (t instanceof Error e) {
                throw e;
            }
            throw (Exception) t;
        }
    }

    // ------------------------------------------------------------------ settings, names, builds

    @Test
    void settingsOverTheirBoundsAreRefusedWithTheirPath() throws IOException {
        record Case(String key, int max) {
        }
        for (Case c : List.of(new Case("threads", SettingsLimits.MAX_THREADS),
                new Case("substeps", SettingsLimits.MAX_SUBSTEPS),
                new Case("iterations", SettingsLimits.MAX_ITERATIONS),
                new Case("jointIterations", SettingsLimits.MAX_JOINT_ITERATIONS))) {
            Path scene = dir.resolve(c.key + ".json");
            Files.writeString(scene, """
                    {"format": "ricochet-scene/1", "settings": {"%s": %d}, "bodies": [
                      {"name": "b", "shape": {"type": "sphere", "radius": 1}}]}
                    """.formatted(c.key, c.max + 1));
            String expected = "$.settings." + c.key + ": " + c.key + " must be at most " + c.max + ", got "
                    + (c.max + 1);
            assertRefused(cli("validate", scene.toString()), expected);
            assertRefused(cli("run", scene.toString(), "--steps", "1"), expected);
            Files.writeString(scene, Files.readString(scene).replace(Integer.toString(c.max + 1),
                    Integer.toString(c.max)));
            assertEquals(0, cli("validate", scene.toString()).code, c.key);
        }
        assertRefused(cli("run", "wall", "--steps", "1", "--threads", "2000000000"),
                "--threads must be at most " + SettingsLimits.MAX_THREADS + ", got 2000000000");
    }

    @Test
    void namesLongerThanTheLimitAreRefusedWithTheirPath() throws IOException {
        String name = "n".repeat(Scene.MAX_NAME_LENGTH + 1);
        Path scene = dir.resolve("names.json");
        Files.writeString(scene, """
                {"format": "ricochet-scene/1", "bodies": [
                  {"name": "%s", "shape": {"type": "sphere", "radius": 1}},
                  {"name": "b", "shape": {"type": "sphere", "radius": 1}, "position": [3, 0, 0]}],
                 "joints": [{"type": "ball", "name": "%s", "bodyA": "b", "anchor": [3, 1, 0]}],
                 "ragdolls": [{"name": "%s", "position": [9, 0, 0]}]}
                """.formatted(name, name, name));
        CliResult r = cli("validate", scene.toString());
        assertRefused(r, "$.bodies[0].name: name must be at most " + Scene.MAX_NAME_LENGTH);
        assertTrue(r.err.contains("$.joints[0].name"), r.err);
        assertTrue(r.err.contains("$.ragdolls[0].name"), r.err);
        // A name made of 4-byte UTF-8 characters at the limit still snapshots.
        String wide = "\uD83D\uDE00".repeat(Scene.MAX_NAME_LENGTH / 2);
        Files.writeString(scene, """
                {"format": "ricochet-scene/1", "bodies": [{"name": "%s", "shape": {"type": "sphere", "radius": 1}}]}
                """.formatted(wide));
        Path snap = dir.resolve("wide.snap");
        CliResult ok = cli("run", scene.toString(), "--steps", "2", "--snapshot", snap.toString());
        assertEquals(0, ok.code, ok.err);
        assertEquals(0, cli("run", "--resume", snap.toString(), "--steps", "2").code);
    }

    /** What run cannot build, validate reports too, in the same words, at the body's path. */
    @Test
    void validateReportsWhatRunCannotBuild() throws IOException {
        Files.createDirectories(dir.resolve("scenes"));
        Files.writeString(dir.resolve("scenes/nofaces.obj"), "v 0 0 0\nv 1 0 0\nv 0 1 0\n");
        List<Path> scenes = List.of(
                sceneWithMesh(dir.resolve("scenes/flat.json"),
                        "{\"type\": \"mesh\", \"vertices\": [[0,0,0],[1,0,0],[2,0,0]], \"triangles\": [[0,1,2]]}"),
                sceneWithMesh(dir.resolve("scenes/plane.json"),
                        "{\"type\": \"mesh\", \"obj\": \"nofaces.obj\"}"),
                sceneWithMesh(dir.resolve("scenes/coplanar.json"),
                        "{\"type\": \"mesh\", \"vertices\": [[0,0,0],[1,0,0],[0,1,0],[1,1,0]],"
                                + " \"triangles\": [[0,1,2],[1,3,2]]}"));
        Files.writeString(scenes.get(2), Files.readString(scenes.get(2)).replace(
                "\"name\": \"m\", \"type\": \"static\"", "\"name\": \"m\", \"type\": \"dynamic\""));
        for (Path scene : scenes) {
            CliResult validate = cli("validate", scene.toString());
            assertRefused(validate, "$.bodies[1]: body 'm': ");
            CliResult run = cli("run", scene.toString(), "--steps", "1");
            assertRefused(run, "$.bodies[1]: body 'm': ");
            assertEquals(validate.err, run.err);
        }
    }

    // ------------------------------------------------------------------ outputs

    @Test
    void outputsNamingOneFileAreRefusedBeforeRunning() throws IOException {
        Path x = dir.resolve("x.csv");
        assertRefused(cli("run", "wall", "--steps", "5", "--out", x.toString(), "--events", x.toString()),
                "--out and --events both name " + x);
        assertFalse(Files.exists(x));
        String other = dir.resolve("sub/../x.csv").toString();
        assertRefused(cli("run", "wall", "--steps", "5", "--out", x.toString(), "--snapshot", other),
                "--out and --snapshot both name " + x);
        assertFalse(Files.exists(x));
    }

    @Test
    void outputsCommitTogetherOrNotAtAll() throws IOException {
        Path csv = dir.resolve("t.csv");
        Path events = dir.resolve("e.jsonl");
        // A folder with a file in it cannot be replaced by the snapshot.
        Path snap = dir.resolve("snap");
        Files.createDirectories(snap);
        Files.writeString(snap.resolve("keep"), "x");
        CliResult r = cli("run", "wall", "--steps", "5", "--out", csv.toString(), "--events", events.toString(),
                "--snapshot", snap.toString());
        assertEquals(Main.BAD_INPUT, r.code, r.err);
        assertFalse(Files.exists(csv), "the trajectory waits for the snapshot");
        assertFalse(Files.exists(events), "the events wait for the snapshot");
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(snap), files.toList(), "no temporary file left");
        }
    }

    /** A run stopped by SIGTERM (what Ctrl-C's SIGINT does too) leaves no temporary file behind. */
    @Test
    void stoppedRunLeavesNoPartialFiles() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "run", "pile", "--steps", "100000000", "--out", "t.csv",
                "--events", "e.jsonl")
                .directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("child.out").toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (partials().isEmpty() && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertFalse(partials().isEmpty(), "the run never opened its outputs: "
                    + Files.readString(dir.resolve("child.out")));
            p.destroy();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the run did not stop");
        } finally {
            p.destroyForcibly();
        }
        assertEquals(List.of(), partials());
    }

    private List<Path> partials() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".partial")).toList();
        }
    }
}
