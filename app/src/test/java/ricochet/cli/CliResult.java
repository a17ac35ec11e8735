package ricochet.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One call of the command line through its real entry point, with what it printed and its exit code. */
final class CliResult {

    final int code;
    final String out;
    final String err;

    CliResult(int code, String out, String err) {
        this.code = code;
        this.out = out;
        this.err = err;
    }

    static CliResult run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new CliResult(code, out.toString(), err.toString());
    }
}
