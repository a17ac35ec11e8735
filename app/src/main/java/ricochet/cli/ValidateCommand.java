package ricochet.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import ricochet.io.scene.Scene;
import ricochet.world.Simulation;

/**
 * {@code ./ricochet validate SCENE [--allow-paths DIR]...}: every problem with its JSON path; exit 0
 * only when valid. It builds the world as {@code run} does, so a scene it passes runs.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Checks a scene file and prints every problem with its JSON path.",
                "The world is built as run builds it, so what the world rejects is reported too."})
final class ValidateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENE", description = "a scene file or a built-in scene's name")
    String scene;

    @Option(names = "--allow-paths", paramLabel = "DIR", description = SceneArgument.ALLOW_PATHS_HELP)
    List<Path> allowPaths = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (!SceneArgument.checkAllowed(allowPaths, err)) {
            return Main.BAD_INPUT;
        }
        Scene s = SceneArgument.load(scene, allowPaths, err);
        if (s == null) {
            return Main.BAD_INPUT;
        }
        Simulation sim = SceneArgument.build(s, scene, err);
        if (sim == null) {
            return Main.BAD_INPUT;
        }
        SceneArgument.close(sim);
        spec.commandLine().getOut().println(scene + ": valid (" + s.bodies().size() + " bodies, "
                + s.joints().size() + " joints, " + s.ragdolls().size() + " ragdolls)");
        return 0;
    }
}
