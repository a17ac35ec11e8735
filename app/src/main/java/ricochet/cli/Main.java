package ricochet.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code ./ricochet}: the entry point. */
@Command(name = "ricochet", mixinStandardHelpOptions = true, version = "ricochet 0.1.0",
        description = "Ricochet, a pure-Java rigid-body physics engine.",
        subcommands = {RunCommand.class, ScenesCommand.class, ValidateCommand.class, SoakCommand.class},
        footer = {"", "The ./ricochet launcher also runs, each from its own module:",
                "  view      Serves the browser viewer for a scene (--port P).",
                "  bench     Runs the benchmark scenes against the peer engines.",
                "  sweep     Runs parameter sweeps of a scene on Apache Spark.",
                "See docs/command-line.md."})
public final class Main implements Runnable {

    /**
     * Exit code of a run whose simulation failed (e.g. a non-finite state), or that the JVM could not
     * carry on (out of memory, stack overflow: one line, never a stack trace).
     */
    public static final int SIMULATION_ERROR = 1;
    /** Exit code for bad arguments or a bad scene. */
    public static final int BAD_INPUT = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command (run, scenes, validate, soak)");
    }

    /** Runs the command line with the given streams; returns the exit code (for tests). */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        return execute(new Main(), args, out, err);
    }

    /** {@link #execute(String[], PrintWriter, PrintWriter)} with another root command (for tests). */
    static int execute(Object root, String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = ParameterErrors.install(new CommandLine(root));
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler((ex, line, parsed) -> {
            line.getErr().println("error: " + ex);
            ex.printStackTrace(line.getErr());
            return SIMULATION_ERROR;
        });
        int code;
        try {
            code = cli.execute(args);
        } catch (OutOfMemoryError e) {
            // The heap may be nearly full still: the message is built from constants and the error's own.
            err.println("error: out of memory (" + e.getMessage() + "); give the JVM more with -Xmx,"
                    + " or use a smaller scene, fewer steps or a larger --every");
            code = SIMULATION_ERROR;
        } catch (StackOverflowError e) {
            err.println("error: stack overflow; give the JVM a larger stack with -Xss");
            code = SIMULATION_ERROR;
        } catch (Error e) {
            err.println("error: " + e);
            code = SIMULATION_ERROR;
        }
        out.flush();
        err.flush();
        return code;
    }

    public static void main(String[] args) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }
}
