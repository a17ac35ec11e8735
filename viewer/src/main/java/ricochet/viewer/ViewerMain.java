package ricochet.viewer;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import ricochet.cli.Main;
import ricochet.cli.ParameterErrors;
import ricochet.io.scene.Scene;
import ricochet.io.scene.SceneException;
import ricochet.scenes.BuiltinScenes;

/**
 * {@code ./ricochet view SCENE [--port P] [--allow-paths DIR]...}: serves the viewer until the
 * process is stopped.
 */
@Command(name = "view", mixinStandardHelpOptions = true,
        description = {"Serves the browser viewer of a scene on 127.0.0.1 and prints its URL.",
                "It answers only requests addressed to 127.0.0.1, localhost or [::1] at its port, and"
                        + " refuses commands and WebSockets from other pages' origins (403)."})
public final class ViewerMain implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SCENE", description = "a scene file or a built-in scene's name")
    String scene;

    @Option(names = "--port", paramLabel = "P", defaultValue = "8080",
            description = "port on 127.0.0.1 (default 8080; 0 picks a free one)")
    int port;

    @Option(names = "--allow-paths", paramLabel = "DIR",
            description = "also read a scene's OBJ files from under DIR (repeatable); by default a mesh"
                    + " path must lead, links resolved, into the scene file's folder")
    List<Path> allowPaths = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        if (port < 0 || port > 65535) {
            err.println("error: --port must be in [0, 65535], got " + port);
            return Main.BAD_INPUT;
        }
        for (Path dir : allowPaths) {
            if (!Files.isDirectory(dir)) {
                err.println("error: --allow-paths " + dir + ": not a folder");
                return Main.BAD_INPUT;
            }
        }
        Scene s;
        try {
            s = BuiltinScenes.load(scene, allowPaths);
        } catch (SceneException e) {
            err.println(e.source() + ": " + e.problems().size() + " problem(s)");
            e.problems().forEach(p -> err.println("  " + p));
            return Main.BAD_INPUT;
        } catch (IllegalArgumentException | IOException e) {
            err.println("error: " + e.getMessage());
            return Main.BAD_INPUT;
        }
        ViewerServer server;
        try {
            server = new ViewerServer(s, scene, port);
        } catch (IllegalArgumentException e) {
            err.println("error: " + scene + ": " + e.getMessage());
            return Main.BAD_INPUT;
        } catch (RuntimeException e) {
            if (!boundElsewhere(e)) {
                throw e;
            }
            err.println("error: --port " + port + ": the port is in use on 127.0.0.1; give another with --port,"
                    + " or 0 for any free one");
            return Main.BAD_INPUT;
        }
        PrintWriter out = spec.commandLine().getOut();
        out.println("ricochet viewer: " + server.url() + "  (scene " + scene + "; Ctrl-C stops)");
        out.flush();
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stop.countDown();
        }));
        stop.await();
        return 0;
    }

    /** Whether {@code e} comes from a port another process holds (a {@link java.net.BindException} in its causes). */
    private static boolean boundElsewhere(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.net.BindException) {
                return true;
            }
        }
        return false;
    }

    /** The command line, its parse errors printed as every other error ({@code error: ...}, exit 2). */
    static CommandLine commandLine() {
        return ParameterErrors.install(new CommandLine(new ViewerMain()));
    }

    public static void main(String[] args) {
        CommandLine cli = commandLine();
        int code;
        try {
            code = cli.execute(args);
        } catch (OutOfMemoryError | StackOverflowError e) {
            // One line, as the command line's other commands do (Main.execute).
            System.err.println("error: " + e);
            code = Main.SIMULATION_ERROR;
        }
        if (code != 0) {
            System.exit(code);
        }
    }
}
