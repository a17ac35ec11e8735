package ricochet.io.scene;

import java.util.List;

/**
 * A validated scene: every value is finite and in range, every name resolves.
 *
 * @param description one line for {@code ./ricochet scenes}, or "" when the file has none
 * @param ragdolls the top-level {@code "ragdolls"} entries; their bodies are not in {@code bodies}
 * @param characters the top-level {@code "characters"} entries, in file order
 * @param vehicles the top-level {@code "vehicles"} entries, in file order; their chassis are not in
 *     {@code bodies}
 * @param cloths the top-level {@code "cloths"} entries, in file order
 * @param softBodies the top-level {@code "softBodies"} entries, in file order
 */
public record Scene(String description, Settings settings, List<BodySpec> bodies, List<JointSpec> joints,
                    List<RagdollSpec> ragdolls, List<CharacterSpec> characters, List<VehicleSpec> vehicles,
                    List<ClothSpec> cloths, List<SoftBodySpec> softBodies) {

    public static final String FORMAT = "ricochet-scene/1";

    /**
     * The longest body, joint, ragdoll or character name, in UTF-16 chars: a snapshot stores names as modified
     * UTF-8 of at most 65,535 bytes, and 256 chars take at most 768 of them.
     */
    public static final int MAX_NAME_LENGTH = 256;

    public Scene {
        bodies = List.copyOf(bodies);
        joints = List.copyOf(joints);
        ragdolls = List.copyOf(ragdolls);
        characters = List.copyOf(characters);
        vehicles = List.copyOf(vehicles);
        cloths = List.copyOf(cloths);
        softBodies = List.copyOf(softBodies);
    }

    /** A scene without cloths and soft bodies. */
    public Scene(String description, Settings settings, List<BodySpec> bodies, List<JointSpec> joints,
                 List<RagdollSpec> ragdolls, List<CharacterSpec> characters, List<VehicleSpec> vehicles) {
        this(description, settings, bodies, joints, ragdolls, characters, vehicles, List.of(), List.of());
    }

    /** A scene without vehicles. */
    public Scene(String description, Settings settings, List<BodySpec> bodies, List<JointSpec> joints,
                 List<RagdollSpec> ragdolls, List<CharacterSpec> characters) {
        this(description, settings, bodies, joints, ragdolls, characters, List.of());
    }

    /** A scene without characters. */
    public Scene(String description, Settings settings, List<BodySpec> bodies, List<JointSpec> joints,
                 List<RagdollSpec> ragdolls) {
        this(description, settings, bodies, joints, ragdolls, List.of());
    }

    /** A scene without ragdolls. */
    public Scene(String description, Settings settings, List<BodySpec> bodies, List<JointSpec> joints) {
        this(description, settings, bodies, joints, List.of());
    }

    /**
     * This scene with other settings and bodies (same names), its joints, ragdolls, characters, vehicles,
     * cloths and soft bodies kept.
     */
    public Scene with(Settings newSettings, List<BodySpec> newBodies) {
        return new Scene(description, newSettings, newBodies, joints, ragdolls, characters, vehicles, cloths,
                softBodies);
    }
}
