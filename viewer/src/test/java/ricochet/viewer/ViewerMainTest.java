package ricochet.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import ricochet.cli.Main;

/** {@code ./ricochet view} refuses bad arguments with exit code 2 and a message naming them. */
class ViewerMainTest {

    private static String[] run(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new ViewerMain());
        cli.setErr(new PrintWriter(err, true));
        cli.setOut(new PrintWriter(new StringWriter(), true));
        return new String[] {Integer.toString(cli.execute(args)), err.toString()};
    }

    @Test
    void unknownSceneIsBadInput() {
        String[] r = run("no-such-scene");
        assertEquals(Integer.toString(Main.BAD_INPUT), r[0]);
        assertTrue(r[1].contains("no-such-scene"), r[1]);
    }

    @Test
    void portOutOfRangeIsBadInput() {
        String[] r = run("bunny", "--port", "70000");
        assertEquals(Integer.toString(Main.BAD_INPUT), r[0]);
        assertTrue(r[1].contains("--port"), r[1]);
    }
}
