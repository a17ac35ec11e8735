package ricochet.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import ricochet.io.scene.Scene;

/** {@code ./ricochet validate SCENE}: every problem with its JSON path; exit 0 only when valid. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = "Checks a scene file and prints every problem with its JSON path.")
final class ValidateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENE", description = "a scene file or a built-in scene's name")
    String scene;

    @Override
    public Integer call() {
        Scene s = SceneArgument.load(scene, spec.commandLine().getErr());
        if (s == null) {
            return Main.BAD_INPUT;
        }
        spec.commandLine().getOut().println(scene + ": valid (" + s.bodies().size() + " bodies, "
                + s.joints().size() + " joints, " + s.ragdolls().size() + " ragdolls)");
        return 0;
    }
}
