package ricochet.sweep;

import java.io.PrintWriter;
import java.util.Optional;
import picocli.CommandLine;
import ricochet.cli.ParameterErrors;

/** {@code ./ricochet sweep ...}: checks that the JVM can host Spark, then runs {@link SweepCommand}. */
public final class SweepMain {

    /** Exit code of a sweep that could not finish (Spark failed, an output could not be written). */
    public static final int FAILED = 1;
    /** Exit code for bad arguments, a bad scene or variant, or a JVM without the options Spark needs. */
    public static final int BAD_INPUT = 2;

    private SweepMain() {
    }

    /** Runs the command line with the given streams; returns the exit code (for tests). */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        Optional<String> missing = JvmOptions.firstMissing(JvmOptions.required());
        if (missing.isPresent()) {
            err.println("error: this JVM was started without " + missing.get() + ", which Spark needs on"
                    + " JDK 17 and later; run sweeps through ./ricochet sweep, or give java every option in "
                    + JvmOptions.RESOURCE);
            err.flush();
            return BAD_INPUT;
        }
        CommandLine cli = ParameterErrors.install(new CommandLine(new SweepCommand()));
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler((ex, line, parsed) -> {
            line.getErr().println("error: " + (ex.getMessage() != null ? ex.getMessage() : ex.toString())
                    .lines().findFirst().orElse(""));
            return ex instanceof IllegalArgumentException ? BAD_INPUT : FAILED;
        });
        int code;
        try {
            code = cli.execute(args);
        } catch (OutOfMemoryError e) {
            err.println("error: out of memory (" + e.getMessage() + "); give the JVM more with -Xmx, or run"
                    + " fewer variants or leave out --trajectories");
            code = FAILED;
        } catch (Error e) {
            // Spark's start-up failures come as errors from static initializers: one line, their cause.
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            err.println("error: " + cause);
            code = FAILED;
        }
        out.flush();
        err.flush();
        return code;
    }

    public static void main(String[] args) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }
}
