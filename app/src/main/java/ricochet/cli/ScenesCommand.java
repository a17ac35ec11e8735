package ricochet.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import ricochet.io.scene.SceneException;
import ricochet.scenes.BuiltinScenes;

/** {@code ./ricochet scenes [--export NAME [--dir DIR]]}. */
@Command(name = "scenes", mixinStandardHelpOptions = true,
        description = "Lists the built-in scenes, or writes one out as a scene file to copy and edit.")
final class ScenesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--export", paramLabel = "NAME",
            description = "write the built-in scene NAME (and its meshes) into --dir")
    String export;

    @Option(names = "--dir", paramLabel = "DIR", defaultValue = ".",
            description = "folder for --export (default: the current folder)")
    Path dir;

    @Override
    public Integer call() throws IOException, SceneException {
        PrintWriter out = spec.commandLine().getOut();
        if (export != null) {
            if (!BuiltinScenes.exists(export)) {
                spec.commandLine().getErr().println("error: unknown scene '" + export + "' (built-in scenes: "
                        + String.join(", ", BuiltinScenes.NAMES) + ")");
                return Main.BAD_INPUT;
            }
            out.println("wrote " + BuiltinScenes.export(export, dir));
            return 0;
        }
        Map<String, String> all = BuiltinScenes.descriptions();
        int width = all.keySet().stream().mapToInt(String::length).max().orElse(0);
        all.forEach((name, description) -> out.printf("%-" + width + "s  %s%n", name, description));
        return 0;
    }
}
