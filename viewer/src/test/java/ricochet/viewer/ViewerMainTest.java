package ricochet.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import ricochet.cli.Main;

/** {@code ./ricochet view} refuses bad arguments with exit code 2 and a message naming them. */
class ViewerMainTest {

    private static String[] run(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cli = ViewerMain.commandLine();
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
    void anUnknownOptionIsAnErrorLineAndBadInput() {
        String[] r = run("bunny", "--no-such-option");
        assertEquals(Integer.toString(Main.BAD_INPUT), r[0]);
        assertTrue(r[1].startsWith("error: Unknown option: '--no-such-option'"), r[1]);
    }

    @Test
    void portOutOfRangeIsBadInput() {
        String[] r = run("bunny", "--port", "70000");
        assertEquals(Integer.toString(Main.BAD_INPUT), r[0]);
        assertTrue(r[1].contains("--port"), r[1]);
    }

    @Test
    void meshOutsideTheScenesFolderIsRefusedUnlessAllowed(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("secret.obj"), "v 1 TOPSECRET 0\n");
        Path scene = dir.resolve("scenes/s.json");
        Files.createDirectories(scene.getParent());
        Files.writeString(scene, """
                {"format": "ricochet-scene/1", "bodies": [
                  {"name": "m", "type": "static", "shape": {"type": "mesh", "obj": "../secret.obj"}}]}
                """);
        String[] r = run(scene.toString(), "--port", "0");
        assertEquals(Integer.toString(Main.BAD_INPUT), r[0]);
        assertTrue(r[1].contains("outside the scene's folder"), r[1]);
        assertFalse(r[1].contains("TOPSECRET"), r[1]);
        r = run(scene.toString(), "--port", "0", "--allow-paths", dir.toString());
        assertEquals(Integer.toString(Main.BAD_INPUT), r[0]);
        assertTrue(r[1].contains("secret.obj:1: column 5: "), r[1]);
        assertFalse(r[1].contains("TOPSECRET"), r[1]);
    }

    @Test
    void aPortInUseIsOneLineAndBadInput() throws IOException {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            String[] r = run("bunny", "--port", Integer.toString(taken.getLocalPort()));
            assertEquals("2", r[0], r[1]);
            assertEquals(1, r[1].strip().lines().count(), r[1]);
            assertTrue(r[1].contains("--port " + taken.getLocalPort()), r[1]);
        }
    }
}
