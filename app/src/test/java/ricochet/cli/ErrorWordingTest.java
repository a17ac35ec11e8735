package ricochet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every error the command line prints opens with {@code error: }, whether picocli refused the
 * arguments or a command refused their values: one form a script can look for.
 */
class ErrorWordingTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "                               | missing command",
        "--bogus                        | Unknown option: '--bogus'",
        "frobnicate                     | Unmatched argument at index 0: 'frobnicate'",
        "run --threads x bunny          | Invalid value for option '--threads': 'x' is not an int",
        "run bunny --steps              | Missing required parameter for option '--steps'",
        "validate                       | Missing required parameter: 'SCENE'",
        "run                            | missing SCENE",
        "run no-such-scene              | no scene file 'no-such-scene'",
        "run bunny --threads 0          | --threads must be >= 1, got 0"})
    void everyErrorOpensWithTheSameWord(String args, String message) {
        String[] argv = args == null ? new String[0] : args.trim().split(" +");
        CliResult r = CliResult.run(argv);
        assertEquals(Main.BAD_INPUT, r.code, r.err);
        String first = r.err.lines().findFirst().orElse("");
        assertTrue(first.startsWith("error: ") && first.contains(message), "first line: " + first);
        assertFalse(r.err.contains("Error:"), r.err);
        assertEquals(1, r.err.lines().filter(l -> l.startsWith("error: ")).count(),
                "one error line:\n" + r.err);
    }
}
