package ricochet.io.scene;

import java.util.List;

/**
 * A validated scene: every value is finite and in range, every name resolves.
 *
 * @param description one line for {@code ./ricochet scenes}, or "" when the file has none
 */
public record Scene(String description, Settings settings, List<BodySpec> bodies, List<JointSpec> joints) {

    public static final String FORMAT = "ricochet-scene/1";

    public Scene {
        bodies = List.copyOf(bodies);
        joints = List.copyOf(joints);
    }
}
