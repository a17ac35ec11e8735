package ricochet.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code ./ricochet}: the entry point. */
@Command(name = "ricochet", mixinStandardHelpOptions = true, version = "ricochet 0.1.0",
        description = "Ricochet, a pure-Java rigid-body physics engine.",
        subcommands = {RunCommand.class, ScenesCommand.class, ValidateCommand.class, SoakCommand.class})
public final class Main implements Runnable {

    /** Exit code of a run whose simulation failed (e.g. a non-finite state). */
    public static final int SIMULATION_ERROR = 1;
    /** Exit code for bad arguments or a bad scene. */
    public static final int BAD_INPUT = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getErr());
        throw new CommandLine.ParameterException(spec.commandLine(), "missing sub-command");
    }

    /** Runs the command line with the given streams; returns the exit code (for tests). */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler((ex, line, parsed) -> {
            line.getErr().println("error: " + ex);
            ex.printStackTrace(line.getErr());
            return SIMULATION_ERROR;
        });
        int code = cli.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    public static void main(String[] args) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }
}
