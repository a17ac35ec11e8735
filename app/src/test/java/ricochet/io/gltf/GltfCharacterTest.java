package ricochet.io.gltf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import de.javagl.jgltf.model.io.GltfModelReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ricochet.cli.Main;
import ricochet.io.scene.Scene;
import ricochet.io.scene.SceneReader;
import ricochet.io.trajectory.TrajectoryWriter;
import ricochet.scenes.BuiltinScenes;
import ricochet.scenes.WorldBuilder;
import ricochet.world.Simulation;

/** Characters in glTF: a capsule node named as the character, keyed at its centre (and crouch). */
class GltfCharacterTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** The file's JSON and its one buffer (a base64 data URI in a .gltf). */
    private record Gltf(JsonNode json, ByteBuffer bin) {

        static Gltf read(Path file) throws Exception {
            JsonNode json = JSON.readTree(file.toFile());
            String uri = json.get("buffers").get(0).get("uri").asText();
            byte[] bytes = Base64.getDecoder().decode(uri.substring(uri.indexOf(',') + 1));
            return new Gltf(json, ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN));
        }

        int node(String name) {
            JsonNode nodes = json.get("nodes");
            for (int i = 0; i < nodes.size(); i++) {
                if (nodes.get(i).get("name").asText().equals(name)) {
                    return i;
                }
            }
            throw new AssertionError("no node named " + name);
        }

        /** The sampler of the channel moving {@code node}'s {@code path}, or null. */
        JsonNode sampler(int node, String path) {
            JsonNode animation = json.get("animations").get(0);
            for (JsonNode c : animation.get("channels")) {
                JsonNode t = c.get("target");
                if (t.get("node").asInt() == node && t.get("path").asText().equals(path)) {
                    return animation.get("samplers").get(c.get("sampler").asInt());
                }
            }
            return null;
        }

        /** Accessor {@code a}'s floats. */
        float[] floats(int a) {
            JsonNode accessor = json.get("accessors").get(a);
            assertEquals(5126, accessor.get("componentType").asInt(), "FLOAT");
            int width = switch (accessor.get("type").asText()) {
                case "SCALAR" -> 1;
                case "VEC3" -> 3;
                case "VEC4" -> 4;
                default -> throw new AssertionError(accessor);
            };
            JsonNode view = json.get("bufferViews").get(accessor.get("bufferView").asInt());
            float[] out = new float[width * accessor.get("count").asInt()];
            int offset = view.get("byteOffset").asInt() + accessor.path("byteOffset").asInt(0);
            for (int i = 0; i < out.length; i++) {
                out[i] = bin.getFloat(offset + 4 * i);
            }
            return out;
        }
    }

    @Test
    void stairsCharacterIsACapsuleNodeKeyedToItsFinalPosition() throws Exception {
        Path file = dir.resolve("stairs.gltf");
        int steps = 180;
        StringWriter err = new StringWriter();
        String[] args = {"run", "stairs", "--steps", String.valueOf(steps), "--every", "10",
            "--out", file.toString()};
        int code = Main.execute(args, new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertEquals(0, code, err.toString());

        // The same run here (the world is deterministic), for the character's final centre.
        Scene scene = BuiltinScenes.load("stairs");
        Simulation sim = WorldBuilder.simulation(scene);
        for (int i = 0; i < steps; i++) {
            sim.step();
        }
        double[] end = new double[13];
        sim.readCharacterState(0, end);
        assertTrue(end[0] > 3 && end[1] > 1, "it climbed some of the stairs: " + end[0] + ", " + end[1]);

        // A glTF reader takes it: every index in range, accessors within their views.
        assertEquals(scene.bodies().size() + 1, new GltfModelReader().read(file).getNodeModels().size());
        Gltf g = Gltf.read(file);
        String name = scene.characters().get(0).name();
        int node = g.node(name);
        assertEquals(scene.bodies().size(), node, "characters come after the bodies");
        JsonNode mesh = g.json().get("meshes").get(g.json().get("nodes").get(node).get("mesh").asInt());
        JsonNode position = g.json().get("accessors").get(mesh.get("primitives").get(0).get("attributes")
                .get("POSITION").asInt());
        double r = scene.characters().get(0).def().radius();
        double h = scene.characters().get(0).def().height();
        // The standing capsule around its centre: radius across, the whole height along y.
        assertEquals(-r, position.get("min").get(0).asDouble(), 1e-6);
        assertEquals(r, position.get("max").get(0).asDouble(), 1e-6);
        assertEquals(-h / 2, position.get("min").get(1).asDouble(), 1e-6);
        assertEquals(h / 2, position.get("max").get(1).asDouble(), 1e-6);

        JsonNode sampler = g.sampler(node, "translation");
        float[] times = g.floats(sampler.get("input").asInt());
        float[] keys = g.floats(sampler.get("output").asInt());
        assertEquals(steps / 10 + 1, times.length, "frames 0, 10, ..., 180");
        assertEquals(3 * times.length, keys.length);
        assertEquals(steps * sim.dt(), times[times.length - 1], 1e-5);
        int last = keys.length - 3;
        for (int k = 0; k < 3; k++) {
            // Stored as float: about 1e-7 relative.
            assertEquals(end[k], keys[last + k], 1e-6 * (1 + Math.abs(end[k])), "final centre, axis " + k);
        }
        assertEquals(scene.characters().get(0).position().x(), keys[0], 1e-6, "first key: the start");
        assertEquals(null, g.sampler(node, "rotation"), "a character has no facing");
        assertEquals(null, g.sampler(node, "scale"), "it never crouches on the stairs");
    }

    @Test
    void crouchIsAStepScaleAlongYFromCrouchedOverStandingHeight() throws Exception {
        String json = """
                {"format": "ricochet-scene/1",
                 "bodies": [{"name": "ground", "type": "static",
                             "shape": {"type": "box", "halfExtents": [10, 0.5, 10]},
                             "position": [0, -0.5, 0]}],
                 "characters": [{"name": "hero", "position": [0, 0.92, 0], "crouchHeight": 1.0,
                                 "input": [{"t": 0.5, "crouch": true}]}]}""";
        Scene scene = SceneReader.parse(json, "crouch", Path.of("."));
        Simulation sim = WorldBuilder.simulation(scene);
        Path file = dir.resolve("crouch.gltf");
        try (TrajectoryWriter w = TrajectoryWriter.open(file, scene)) {
            w.writeFrame(0, sim);
            for (int i = 1; i <= 60; i++) {
                sim.step();
                if (i % 5 == 0) {
                    w.writeFrame(i, sim);
                }
            }
            w.finish();
        }
        Gltf g = Gltf.read(file);
        int node = g.node("hero");
        JsonNode sampler = g.sampler(node, "scale");
        assertFalse(sampler == null, "a crouching character is scaled");
        assertEquals("STEP", sampler.get("interpolation").asText());
        float[] times = g.floats(sampler.get("input").asInt());
        float[] scale = g.floats(sampler.get("output").asInt());
        for (int f = 0; f < times.length; f++) {
            // The track crouches from 0.5 s: the step starting at or after it is the first crouched.
            double expected = times[f] > 0.5 + 1e-6 ? 1.0 / 1.8 : 1.0;
            assertEquals(1, scale[3 * f], 0, "x kept");
            assertEquals(expected, scale[3 * f + 1], 1e-6, "y at " + times[f] + " s");
            assertEquals(1, scale[3 * f + 2], 0, "z kept");
        }
        // The centre lowered by half the height lost: the feet stay on the floor.
        float[] keys = g.floats(g.sampler(node, "translation").get("output").asInt());
        assertEquals(0.92 - (1.8 - 1.0) / 2, keys[keys.length - 2], 1e-6);
    }
}
