package ricochet.io.gltf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import ricochet.cli.Main;
import ricochet.scenes.BuiltinScenes;
import ricochet.scenes.WorldBuilder;
import ricochet.world.Simulation;

/**
 * Scenes whose world makes bodies beyond the scene file's own (a ragdoll's parts, a vehicle's
 * chassis, a fractured body's pieces) export every one of them: one node with a mesh per body the
 * simulation lists, under its name, and a moving body's node animated.
 */
class GltfWorldBodiesTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"ragdolls", "car-brake", "shatter"})
    void everyBodyOfTheSimulationIsANodeWithAMesh(String name) throws Exception {
        Path out = dir.resolve(name + ".gltf");
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"run", name, "--steps", "20", "--every", "5", "--out", out.toString()},
                new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertEquals(0, code, err.toString());
        JsonNode g = GltfChecks.assertValid(out).json();
        Simulation sim = WorldBuilder.simulation(BuiltinScenes.load(name));
        assertEquals(sim.bodyCount() + sim.characterCount() + sim.wheelCount(), g.get("nodes").size());
        Set<Integer> animated = new HashSet<>();
        for (JsonNode channel : g.get("animations").get(0).get("channels")) {
            animated.add(channel.get("target").get("node").asInt());
        }
        for (int b = 0; b < sim.bodyCount(); b++) {
            JsonNode node = g.get("nodes").get(b);
            assertEquals(sim.bodyName(b), node.get("name").asText());
            int mesh = node.get("mesh").asInt();
            assertTrue(g.get("meshes").get(mesh).get("primitives").get(0).has("indices"), sim.bodyName(b));
        }
        // The last body listed is one the world made (a part, the chassis or a piece), and it moves.
        assertTrue(animated.contains(sim.bodyCount() - 1), name + ": the last body is animated");
    }
}
