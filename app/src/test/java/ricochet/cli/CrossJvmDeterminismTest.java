package ricochet.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ricochet.io.snapshot.RunSnapshotFile;

/**
 * Promise 5: the same scene gives the same state on every run and on another JVM. Each scene runs
 * through the command line ({@code run SCENE --steps N --hash --snapshot FILE}) twice in this JVM
 * (the second run mostly in code the JIT compiled during the first) and once in a child JVM of
 * another version, by default the Temurin 25 installed beside JDK 17 ({@code -Dricochet.otherJava=PATH}
 * names another; the test is skipped where it is missing). The state hashes and the snapshots' bytes
 * (the whole state: contacts, warm-start impulses, the broad-phase tree, sleep timers) must be equal.
 *
 * <p>The scenes cover the engine's stages: {@code pile} (1,000 boxes, the broad phase under load),
 * {@code pyramid} and {@code spheres} (stacking and sleep), {@code wall} (to step 700: the ball's hit at
 * step 600 wakes the sleeping wall), {@code chain} and {@code ragdolls} (joints), {@code bunny} (the
 * lab world's impulse method on a mesh).
 */
class CrossJvmDeterminismTest {

    static final String OTHER_JAVA = "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java";

    /** Scene name and steps; {@code pile} is the slowest (about 7 ms a step), so it runs 300. */
    static final Map<String, Integer> SCENES = new LinkedHashMap<>();

    static {
        SCENES.put("pile", 300);
        SCENES.put("pyramid", 600);
        SCENES.put("spheres", 600);
        SCENES.put("wall", 700);
        SCENES.put("chain", 600);
        SCENES.put("ragdolls", 600);
        SCENES.put("bunny", 600);
    }

    @TempDir
    Path dir;

    /**
     * Runs each {@code scene=steps} argument through {@link Main#execute} with {@code --hash} and a
     * snapshot into the folder given first, printing {@code java.version} and then {@code scene hash}.
     */
    public static final class Probe {
        public static void main(String[] args) {
            System.out.println("java " + System.getProperty("java.version"));
            Path folder = Path.of(args[0]);
            for (int i = 1; i < args.length; i++) {
                String[] sceneSteps = args[i].split("=");
                System.out.println(sceneSteps[0] + " " + hash(sceneSteps[0], Integer.parseInt(sceneSteps[1]),
                        folder.resolve(sceneSteps[0] + ".snap")));
            }
        }
    }

    /** The hash {@code run SCENE --steps N --hash --snapshot FILE} prints. */
    static String hash(String scene, int steps, Path snapshot) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.execute(new String[] {"run", scene, "--steps", Integer.toString(steps), "--hash",
            "--snapshot", snapshot.toString()}, new PrintWriter(out), new PrintWriter(err));
        if (code != 0 || !out.toString().startsWith("state hash")) {
            throw new IllegalStateException(scene + ": exit " + code + ", out '" + out + "', err '" + err
                    + "'");
        }
        // "state hash       0123456789abcdef": the last word.
        String line = out.toString().strip();
        return line.substring(line.lastIndexOf(' ') + 1);
    }

    private static byte[] state(Path snapshot) throws IOException {
        return RunSnapshotFile.read(snapshot).state().toBytes();
    }

    @Test
    void sceneHashesAgreeAcrossRunsAndJvms() throws Exception {
        Path otherJava = Path.of(System.getProperty("ricochet.otherJava", OTHER_JAVA));
        assumeTrue(Files.isExecutable(otherJava), "no other JDK at " + otherJava
                + " (set -Dricochet.otherJava=PATH to a java)");
        Path first = Files.createDirectory(dir.resolve("first")), second = Files.createDirectory(
                dir.resolve("second")), child = Files.createDirectory(dir.resolve("child"));

        Process p = startChild(otherJava, child);
        Map<String, String> firstHashes = new LinkedHashMap<>(), secondHashes = new LinkedHashMap<>();
        try {
            for (Map.Entry<String, Integer> s : SCENES.entrySet()) {
                firstHashes.put(s.getKey(), hash(s.getKey(), s.getValue(),
                        first.resolve(s.getKey() + ".snap")));
            }
            for (Map.Entry<String, Integer> s : SCENES.entrySet()) {
                secondHashes.put(s.getKey(), hash(s.getKey(), s.getValue(),
                        second.resolve(s.getKey() + ".snap")));
            }
            assertTrue(p.waitFor(300, TimeUnit.SECONDS), "the child JVM finished within 300 s");
        } finally {
            p.destroyForcibly();
        }
        String childOut = Files.readString(dir.resolve("child.out"));
        assertEquals(0, p.exitValue(), childOut + Files.readString(dir.resolve("child.err")));
        List<String> lines = childOut.lines().toList();
        String childJava = lines.get(0);
        Map<String, String> childHashes = new LinkedHashMap<>();
        for (String l : lines.subList(1, lines.size())) {
            childHashes.put(l.substring(0, l.indexOf(' ')), l.substring(l.indexOf(' ') + 1));
        }

        System.out.printf("%-9s %-18s %-18s %s%n", "scene", "java " + System.getProperty("java.version"),
                "(again)", childJava + " (" + otherJava + ")");
        for (String scene : SCENES.keySet()) {
            System.out.printf("%-9s %-18s %-18s %s%n", scene, firstHashes.get(scene), secondHashes.get(scene),
                    childHashes.get(scene));
        }
        assertEquals(firstHashes, secondHashes, "two runs in this JVM");
        assertEquals(firstHashes, childHashes, "this JVM and " + childJava);
        for (String scene : SCENES.keySet()) {
            byte[] state = state(first.resolve(scene + ".snap"));
            assertArrayEquals(state, state(second.resolve(scene + ".snap")),
                    scene + ": the whole state, again");
            assertArrayEquals(state, state(child.resolve(scene + ".snap")), scene + ": the whole state, "
                    + childJava);
        }
    }

    /** The probe in {@code java} on this test's class path, running while this JVM does its own runs. */
    private Process startChild(Path java, Path snapshots) throws IOException {
        List<String> command = new ArrayList<>(List.of(java.toString(), "-cp",
                System.getProperty("java.class.path"), Probe.class.getName(), snapshots.toString()));
        SCENES.forEach((scene, steps) -> command.add(scene + "=" + steps));
        return new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(dir.resolve("child.out").toFile())
                .redirectError(dir.resolve("child.err").toFile()).start();
    }
}
