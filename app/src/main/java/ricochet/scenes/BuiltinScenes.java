package ricochet.scenes;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import ricochet.io.scene.BodySpec;
import ricochet.io.scene.Scene;
import ricochet.io.scene.SceneException;
import ricochet.io.scene.SceneReader;
import ricochet.io.scene.SceneSource;
import ricochet.io.scene.ShapeSpec;

/**
 * The built-in scenes: scene files shipped as class-path resources under {@code ricochet/scenes/},
 * so that {@code ./ricochet scenes --export NAME} hands a user the very file that runs.
 */
public final class BuiltinScenes {

    private static final String ROOT = "ricochet/scenes/";

    /**
     * Names in the order {@code ./ricochet scenes} lists them: the lab's bunnies, then the scenes of
     * the engine's world, joint scenes ({@code tools/solver-scenes.py} writes those), then the
     * characters' scenes, then the fractured bodies' scenes, then the vehicles'
     * ({@code tools/vehicle-scenes.py} writes those).
     */
    public static final List<String> NAMES = List.of(
            "bunny", "bunny-seed", "bunny-penalty", "bunny-log-barrier", "bunny-shape-matching",
            "integrators",
            "pyramid", "wall", "tower", "mass-ratio", "spheres", "bullet", "slide", "newton-cradle",
            "kinematic", "sensor", "terrain", "bunny-solver", "pile",
            "pendulum", "chain", "door", "bridge", "ragdolls",
            "stairs", "slopes", "push", "platform", "seams",
            "shatter", "slab-bridge", "shatter-200", "shatter-200-split",
            "car-brake", "car-circle", "car-slope", "car-bumps", "car-launch",
            "flag", "drape", "fold", "jelly", "balloon", "jelly-stack");

    private BuiltinScenes() {
    }

    public static boolean exists(String name) {
        return NAMES.contains(name);
    }

    /** Reads the built-in scene {@code name}; throws IllegalArgumentException naming the known ones. */
    public static Scene read(String name) throws IOException, SceneException {
        if (!exists(name)) {
            throw new IllegalArgumentException("unknown scene '" + name + "' (built-in scenes: "
                    + String.join(", ", NAMES) + "; or give a path to a scene file)");
        }
        return SceneReader.readResource(ROOT + name + ".json");
    }

    /**
     * A built-in scene by name, or else the scene file at that path. A name that is neither gives an
     * IllegalArgumentException naming both possibilities.
     */
    public static Scene load(String nameOrPath) throws IOException, SceneException {
        return load(nameOrPath, List.of());
    }

    /**
     * {@link #load(String)}; a scene file's meshes may also come from under the folders
     * {@code allowed} (see {@link SceneReader#read(Path, List)}).
     */
    public static Scene load(String nameOrPath, List<Path> allowed) throws IOException, SceneException {
        if (exists(nameOrPath)) {
            return read(nameOrPath);
        }
        Path file = Path.of(nameOrPath);
        if (!Files.exists(file)) {
            throw new IllegalArgumentException("no scene file '" + nameOrPath + "' and no built-in scene of"
                    + " that name (built-in: " + String.join(", ", NAMES) + ")");
        }
        return SceneReader.read(file, allowed);
    }

    /**
     * {@link #load}, keeping the scene file's text and OBJ bytes (see {@link SceneSource}) so that a
     * snapshot can carry the scene.
     */
    public static SceneSource loadSource(String nameOrPath) throws IOException, SceneException {
        return loadSource(nameOrPath, List.of());
    }

    /** {@link #loadSource(String)}, meshes also from under the folders {@code allowed}. */
    public static SceneSource loadSource(String nameOrPath, List<Path> allowed)
            throws IOException, SceneException {
        if (exists(nameOrPath)) {
            return SceneReader.readResourceSource(ROOT + nameOrPath + ".json", nameOrPath);
        }
        Path file = Path.of(nameOrPath);
        if (!Files.exists(file)) {
            throw new IllegalArgumentException("no scene file '" + nameOrPath + "' and no built-in scene of"
                    + " that name (built-in: " + String.join(", ", NAMES) + ")");
        }
        return SceneReader.readSource(file, nameOrPath, allowed);
    }

    /** Each built-in scene's one-line description, in {@link #NAMES} order. */
    public static Map<String, String> descriptions() throws IOException, SceneException {
        Map<String, String> out = new LinkedHashMap<>();
        for (String name : NAMES) {
            out.put(name, read(name).description());
        }
        return out;
    }

    /**
     * Copies the scene file and the OBJ files it refers to into {@code dir} (created if missing), so
     * the copy runs as it is. Returns the written scene file.
     */
    public static Path export(String name, Path dir) throws IOException, SceneException {
        Scene scene = read(name);
        Files.createDirectories(dir);
        Path target = dir.resolve(name + ".json");
        copyResource(ROOT + name + ".json", target);
        for (BodySpec b : scene.bodies()) {
            if (b.shape() instanceof ShapeSpec.Mesh m && m.obj() != null) {
                Path obj = dir.resolve(m.obj()).normalize();
                Files.createDirectories(obj.getParent());
                copyResource(Path.of(ROOT).resolve(m.obj()).normalize().toString().replace('\\', '/'), obj);
            }
        }
        return target;
    }

    private static void copyResource(String resource, Path target) throws IOException {
        try (InputStream in = BuiltinScenes.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("missing class-path resource " + resource);
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
