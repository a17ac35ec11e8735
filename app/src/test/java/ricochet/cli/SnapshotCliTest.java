package ricochet.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import ricochet.io.snapshot.RunSnapshotFile;

/**
 * Promise 4 through the command line: {@code run --snapshot} then {@code run --resume} in a new JVM
 * gives, bit for bit, the trajectory, events and final state of one uninterrupted run; a snapshot
 * file cut short or changed is refused with exit code 2 and a message; snapshots are written
 * atomically.
 */
class SnapshotCliTest {

    @TempDir
    Path dir;

    private static CliResult cli(String... args) {
        return CliResult.run(args);
    }

    /** The command line's main in a child JVM on this test's class path. */
    private CliResult cliInNewJvm(String... args) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        command.addAll(List.of(args));
        Path out = dir.resolve("child.out"), err = dir.resolve("child.err");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        assertTrue(p.waitFor(300, TimeUnit.SECONDS), "the child JVM finished");
        return new CliResult(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static String stateHash(CliResult r) {
        return r.out.lines().filter(l -> l.startsWith("state hash")).findFirst().orElseThrow();
    }

    /** CSV rows (no header) whose frame is in [from, to]. */
    private static List<String> rows(Path csv, long from, long to) throws IOException {
        try (Stream<String> lines = Files.lines(csv)) {
            return lines.skip(1).filter(l -> {
                long frame = Long.parseLong(l.substring(0, l.indexOf(',')));
                return frame >= from && frame <= to;
            }).toList();
        }
    }

    private static List<String> events(Path jsonl, long from, long to) throws IOException {
        return Files.readAllLines(jsonl).stream().filter(l -> {
            long step = Long.parseLong(l.substring(l.indexOf(':') + 1, l.indexOf(',')));
            return step >= from && step <= to;
        }).toList();
    }

    /**
     * {@code ragdolls}: 20 ragdolls (joints) dropped on stairs and a slope, parts falling asleep from
     * step 109 to 953 and some waking; {@code wall}: a wall of bricks asleep from step 32 that a ball
     * knocks down at step 600. Both are split at step 500, with bodies asleep and their timers running.
     */
    @ParameterizedTest
    @ValueSource(strings = {"ragdolls", "wall"})
    void fiveHundredStepsThenFiveHundredInANewJvmEqualAThousand(String scene) throws Exception {
        Path full = dir.resolve("full.csv"), a = dir.resolve("a.csv"), b = dir.resolve("b.csv");
        Path fullEvents = dir.resolve("full.jsonl"), aEvents = dir.resolve("a.jsonl"),
                bEvents = dir.resolve("b.jsonl");
        Path fullSnap = dir.resolve("full.snap"), mid = dir.resolve("mid.snap"),
                end = dir.resolve("end.snap");
        CliResult whole = cli("run", scene, "--steps", "1000", "--every", "20", "--out", full.toString(),
                "--events", fullEvents.toString(), "--snapshot", fullSnap.toString());
        assertEquals(0, whole.code, whole.err);
        CliResult first = cliInNewJvm("run", scene, "--steps", "500", "--every", "20", "--out", a.toString(),
                "--events", aEvents.toString(), "--snapshot", mid.toString(), "--snapshot-every", "250");
        assertEquals(0, first.code, first.err);
        CliResult second = cliInNewJvm("run", "--resume", mid.toString(), "--steps", "500", "--every", "20",
                "--out", b.toString(), "--events", bEvents.toString(), "--snapshot", end.toString());
        assertEquals(0, second.code, second.err);

        assertEquals(rows(full, 0, 500), rows(a, 0, 1000), "the first half's frames");
        // The resumed trajectory starts with the state it resumes from, frame 500, then 520, ...
        assertEquals(rows(full, 500, 1000), rows(b, 0, 1000), "the second half's frames, numbered on");
        assertEquals(Files.readAllLines(a).get(0), Files.readAllLines(b).get(0), "the header");
        assertEquals(events(fullEvents, 0, 500), Files.readAllLines(aEvents));
        assertEquals(events(fullEvents, 501, 1000), Files.readAllLines(bEvents));
        assertEquals(stateHash(whole), stateHash(second));
        // The final states are the same to the last bit of every cache and timer.
        assertArrayEquals(RunSnapshotFile.read(fullSnap).state().toBytes(),
                RunSnapshotFile.read(end).state().toBytes());
        // The scene sleeps part-way: bodies fall asleep on both sides of the split.
        assertFalse(events(fullEvents, 0, 500).stream().noneMatch(l -> l.contains("\"sleep\"")));
        assertFalse(events(fullEvents, 501, 1000).stream().noneMatch(l -> l.contains("\"sleep\"")));
        assertTrue(second.out.contains("resumed at step 500"), second.out);
    }

    /** The lab world's state (a shape-matching bunny's particles) goes into snapshots too. */
    @Test
    void aLabSceneResumesBitForBit() throws IOException {
        Path full = dir.resolve("full.csv"), a = dir.resolve("a.csv"), b = dir.resolve("b.csv");
        Path mid = dir.resolve("mid.snap");
        assertEquals(0, cli("run", "bunny-shape-matching", "--steps", "300", "--out", full.toString()).code);
        assertEquals(0, cli("run", "bunny-shape-matching", "--steps", "150", "--out", a.toString(),
                "--snapshot", mid.toString()).code);
        CliResult r = cli("run", "--resume", mid.toString(), "--steps", "150", "--out", b.toString());
        assertEquals(0, r.code, r.err);
        assertEquals(rows(full, 0, 150), rows(a, 0, 300));
        assertEquals(rows(full, 150, 300), rows(b, 0, 300));
    }

    @Test
    void aCutOrChangedSnapshotIsRefusedWithExitCode2AndAMessage() throws IOException {
        Path good = dir.resolve("good.snap");
        assertEquals(0, cli("run", "tower", "--steps", "20", "--snapshot", good.toString()).code);
        byte[] bytes = Files.readAllBytes(good);
        Path bad = dir.resolve("bad.snap");
        for (int length : new int[] {0, 4, 30, bytes.length / 2, bytes.length - 1}) {
            Files.write(bad, Arrays.copyOf(bytes, length));
            CliResult r = cli("run", "--resume", bad.toString(), "--steps", "5");
            assertEquals(Main.BAD_INPUT, r.code, length + " bytes");
            assertTrue(r.err.contains(length < 8 ? "not a ricochet run snapshot" : "truncated"), r.err);
            assertNoStackTrace(r);
        }
        for (int at : new int[] {20, bytes.length / 3, bytes.length - 3}) {
            byte[] changed = bytes.clone();
            changed[at] ^= 0x40;
            Files.write(bad, changed);
            CliResult r = cli("run", "--resume", bad.toString(), "--steps", "5");
            assertEquals(Main.BAD_INPUT, r.code);
            assertTrue(r.err.contains("checksum") && r.err.contains(bad.toString()), r.err);
            assertNoStackTrace(r);
        }
        Files.writeString(bad, "{\"format\": \"ricochet-scene/1\"}");
        CliResult notOne = cli("run", "--resume", bad.toString());
        assertEquals(Main.BAD_INPUT, notOne.code);
        assertTrue(notOne.err.contains("not a ricochet run snapshot"), notOne.err);
        CliResult missing = cli("run", "--resume", dir.resolve("none.snap").toString());
        assertEquals(Main.BAD_INPUT, missing.code);
        assertTrue(missing.err.contains("file not found"), missing.err);
        assertNoStackTrace(missing);
    }

    @Test
    void badSnapshotOptionsAreRefused() {
        Path s = dir.resolve("s.snap");
        CliResult both = cli("run", "tower", "--resume", s.toString());
        assertEquals(Main.BAD_INPUT, both.code);
        assertTrue(both.err.contains("not both"), both.err);
        CliResult none = cli("run");
        assertEquals(Main.BAD_INPUT, none.code);
        assertTrue(none.err.contains("missing SCENE"), none.err);
        CliResult every = cli("run", "tower", "--snapshot-every", "5");
        assertEquals(Main.BAD_INPUT, every.code);
        assertTrue(every.err.contains("--snapshot-every needs --snapshot"), every.err);
        CliResult zero = cli("run", "tower", "--snapshot", s.toString(), "--snapshot-every", "0");
        assertEquals(Main.BAD_INPUT, zero.code);
        assertFalse(Files.exists(s));
        // Refused before it simulates, not when it comes to write.
        CliResult nowhere = cli("run", "tower", "--snapshot", dir.resolve("none/s.snap").toString());
        assertEquals(Main.BAD_INPUT, nowhere.code);
        assertTrue(nowhere.err.contains("does not exist") && !nowhere.out.contains("steps"), nowhere.err);
    }

    /**
     * A reader polling the file while a run rewrites it every step always finds a whole, valid
     * snapshot (the write goes to a temporary file that is then renamed over it), and no temporary
     * file is left behind.
     */
    @Test
    void snapshotEveryStepIsWrittenAtomically() throws Exception {
        Path s = dir.resolve("s.snap");
        CliResult[] result = new CliResult[1];
        Thread run = new Thread(() -> result[0] = cli("run", "pyramid", "--steps", "300", "--snapshot",
                s.toString(), "--snapshot-every", "1"));
        run.start();
        AtomicInteger reads = new AtomicInteger();
        List<String> failures = new ArrayList<>();
        long last = -1;
        while (run.isAlive()) {
            if (Files.exists(s)) {
                try {
                    long step = RunSnapshotFile.read(s).state().stepCount();
                    if (step < last) {
                        failures.add("step went back from " + last + " to " + step);
                    }
                    last = step;
                    reads.incrementAndGet();
                } catch (IllegalArgumentException | IOException e) {
                    failures.add(e.toString());
                }
            }
        }
        run.join();
        assertEquals(0, result[0].code, result[0].err);
        assertEquals(List.of(), failures);
        assertTrue(reads.get() > 10, "the reader read the file " + reads.get()
                + " times while it was rewritten");
        assertEquals(300, RunSnapshotFile.read(s).state().stepCount());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(s), files.toList(), "no temporary file left");
        }
    }

    private static void assertNoStackTrace(CliResult r) {
        assertFalse(r.err.contains("Exception") || r.err.contains("\tat "), r.err);
        assertEquals(1, r.err.strip().lines().count(), "one line: " + r.err);
        assertTrue(r.err.getBytes(StandardCharsets.UTF_8).length < 400, r.err);
    }
}
