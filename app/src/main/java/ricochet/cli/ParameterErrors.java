package ricochet.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Prints a command line that does not parse (an unknown option, a missing or malformed value) in the
 * form of every other error: {@code error: MESSAGE}, then picocli's suggestions for a mistyped name
 * or else the command's usage; exit code {@link Main#BAD_INPUT}.
 */
public final class ParameterErrors implements CommandLine.IParameterExceptionHandler {

    /** Sets this handler on {@code cli} and its subcommands; returns {@code cli}. */
    public static CommandLine install(CommandLine cli) {
        return cli.setParameterExceptionHandler(new ParameterErrors());
    }

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cli = ex.getCommandLine();
        PrintWriter err = cli.getErr();
        err.println("error: " + ex.getMessage());
        if (!UnmatchedArgumentException.printSuggestions(ex, err)) {
            cli.usage(err);
        }
        err.flush();
        return Main.BAD_INPUT;
    }
}
