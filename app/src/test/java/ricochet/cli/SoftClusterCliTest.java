package ricochet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Clustered soft bodies in scene files: their keys checked with the JSON path; run, particles and glTF. */
class SoftClusterCliTest {

    @TempDir
    Path dir;

    Path cube(String extra) throws IOException {
        Path scene = dir.resolve("soft.json");
        Files.writeString(scene, """
                {"format": "ricochet-scene/1", "settings": {"dt": 0.01},
                 "bodies": [{"name": "ground", "type": "static", "shape": {"type": "plane", "normal": [0, 1, 0], "offset": 0}}],
                 "softBodies": [{"name": "jelly", "position": [0, 0.5, 0], %s
                   "shape": {"type": "box", "halfExtents": [0.1, 0.1, 0.1]}}]}
                """.formatted(extra));
        return scene;
    }

    String problems(Path scene) {
        CliResult v = CliResult.run("validate", scene.toString());
        assertEquals(2, v.code, v.out + v.err);
        return v.out + v.err;
    }

    @Test
    void badClusterKeysAreReportedWithTheirPath() throws IOException {
        String model = problems(cube("\"model\": \"springs\","));
        assertTrue(model.contains("$.softBodies[0].model") && model.contains("tetrahedra, clusters"), model);
        String stiff = problems(cube("\"model\": \"clusters\", \"clusterStiffness\": 1.5,"));
        assertTrue(stiff.contains("$.softBodies[0].clusterStiffness"), stiff);
        String size = problems(cube("\"model\": \"clusters\", \"clusterSize\": 0,"));
        assertTrue(size.contains("$.softBodies[0].clusterSize"), size);
        String shell = problems(cube("\"model\": \"clusters\", \"pressure\": 100,"));
        assertTrue(shell.contains("$.softBodies[0].model"), shell);
    }

    /** A clustered cube runs, writes its particles, and is a morphing mesh in glTF like any soft body. */
    @Test
    void aClusteredCubeRunsAndExports() throws IOException {
        Path scene = cube("\"model\": \"clusters\", \"clusterStiffness\": 0.3, \"clusterSize\": 2, \"resolution\": 3,");
        assertEquals(0, CliResult.run("validate", scene.toString()).code);
        Path particles = dir.resolve("p.csv");
        Path gltf = dir.resolve("out.gltf");
        CliResult r = CliResult.run("run", scene.toString(), "--steps", "20", "--every", "10", "--out",
                gltf.toString(), "--particles", particles.toString());
        assertEquals(0, r.code, r.err);
        List<String> rows = Files.readAllLines(particles);
        // resolution 3: 4 x 4 x 4 particles, 3 frames.
        assertEquals(1 + 3 * 64, rows.size());
        JsonNode json = new ObjectMapper().readTree(gltf.toFile());
        JsonNode node = null;
        for (JsonNode n : json.get("nodes")) {
            if (n.get("name").asText().equals("jelly")) {
                node = n;
            }
        }
        assertTrue(node != null && node.has("mesh"), "a node for the clustered cube");
        JsonNode prim = json.get("meshes").get(node.get("mesh").asInt()).get("primitives").get(0);
        assertEquals(2, prim.get("targets").size(), "a morph target per frame after the first");
        // The surface: 6 faces of 3 x 3 cells, two triangles each.
        assertEquals(3 * 2 * 6 * 9, json.get("accessors").get(prim.get("indices").asInt()).get("count").asInt());
    }
}
