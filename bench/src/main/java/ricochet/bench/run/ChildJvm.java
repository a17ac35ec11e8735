package ricochet.bench.run;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs {@link BenchRunner} in a fresh JVM: the running JVM's own java binary and class path, so a
 * run sees exactly the jars this one does and none of this JVM's JIT state or heap. The child's
 * standard output is searched for its one {@link RunResult#PREFIX} line; anything else it prints
 * (library banners, logging) is ignored, and its standard error is kept for the message when it
 * fails.
 */
public final class ChildJvm {

    private ChildJvm() {
    }

    /** A run that ended without a result line: the child's exit code and its last words. */
    public static final class RunFailure extends Exception {
        private static final long serialVersionUID = 1L;

        public RunFailure(String message) {
            super(message);
        }
    }

    /** {@code <java.home>/bin/java -cp <java.class.path> ricochet.bench.run.BenchRunner ...}, JVM defaults otherwise. */
    public static List<String> command(String engine, String scene, int warmup, int steps) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // A peer's native crash writes its report to the temporary folder, not the caller's.
        cmd.add("-XX:ErrorFile=" + Path.of(System.getProperty("java.io.tmpdir"), "ricochet-bench-hs_err_%p.log"));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(BenchRunner.class.getName());
        cmd.add(engine);
        cmd.add(scene);
        cmd.add(Integer.toString(warmup));
        cmd.add(Integer.toString(steps));
        return cmd;
    }

    /** Runs one child to its end and parses its result. */
    public static RunResult run(String engine, String scene, int warmup, int steps) throws RunFailure {
        ProcessBuilder pb = new ProcessBuilder(command(engine, scene, warmup, steps));
        Process p;
        try {
            p = pb.start();
            p.getOutputStream().close();
        } catch (IOException e) {
            throw new UncheckedIOException("starting a child JVM", e);
        }
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread drain = new Thread(() -> copy(p.getErrorStream(), err), "bench-child-stderr");
        drain.setDaemon(true);
        drain.start();
        String out;
        int code;
        try {
            out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            code = p.waitFor();
            drain.join();
        } catch (IOException e) {
            throw new UncheckedIOException("reading a child JVM", e);
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new RunFailure(engine + " on " + scene + ": interrupted");
        }
        return parseOutput(engine, scene, code, out, err.toString(StandardCharsets.UTF_8));
    }

    /**
     * The result line of a child's output.
     *
     * @throws RunFailure with the exit code and the tail of stderr when the child failed or printed
     *     no result line
     */
    public static RunResult parseOutput(String engine, String scene, int exitCode, String stdout, String stderr)
            throws RunFailure {
        RunResult found = null;
        for (String line : stdout.split("\\R")) {
            if (line.startsWith(RunResult.PREFIX)) {
                found = RunResult.parse(line.strip());
            }
        }
        if (exitCode != 0 || found == null) {
            String tail = stderr.strip();
            if (tail.length() > 2000) {
                tail = "..." + tail.substring(tail.length() - 2000);
            }
            throw new RunFailure(engine + " on " + scene + ": child JVM exited with " + exitCode
                    + (found == null ? " and no result line" : "") + (tail.isEmpty() ? "" : "\n" + tail));
        }
        return found;
    }

    private static void copy(InputStream in, ByteArrayOutputStream out) {
        try {
            in.transferTo(out);
        } catch (IOException e) {
            // The child is gone; what was read so far is what there is.
        }
    }
}
