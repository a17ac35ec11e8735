package ricochet.io.gltf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ricochet.cli.Main;

/**
 * Cloths and soft bodies in glTF: a mesh per body whose base plus frame k's morph target gives the
 * particles that {@code --particles} writes for frame k, and a weights channel keying one target per frame.
 */
class GltfSoftBodiesTest {

    @TempDir
    Path dir;

    @Test
    void morphTargetsReplayTheParticles() throws Exception {
        Path gltf = dir.resolve("flag.gltf");
        Path particles = dir.resolve("flag.csv");
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"run", "flag", "--steps", "30", "--every", "10", "--out", gltf.toString(),
                "--particles", particles.toString()}, new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertEquals(0, code, err.toString());
        JsonNode json = new ObjectMapper().readTree(gltf.toFile());
        String uri = json.get("buffers").get(0).get("uri").asText();
        ByteBuffer bin = ByteBuffer.wrap(Base64.getDecoder().decode(uri.substring(uri.indexOf(',') + 1)))
                .order(ByteOrder.LITTLE_ENDIAN);
        int node = -1;
        for (int i = 0; i < json.get("nodes").size(); i++) {
            if (json.get("nodes").get(i).get("name").asText().equals("flag")) {
                node = i;
            }
        }
        assertTrue(node >= 0);
        JsonNode mesh = json.get("meshes").get(json.get("nodes").get(node).get("mesh").asInt());
        JsonNode prim = mesh.get("primitives").get(0);
        int frames = 4;
        assertEquals(frames - 1, prim.get("targets").size());
        assertEquals(frames - 1, mesh.get("weights").size());
        // 40 x 20 cells: 41 x 21 particles, two triangles a cell.
        JsonNode indices = json.get("accessors").get(prim.get("indices").asInt());
        assertEquals(3 * 2 * 40 * 20, indices.get("count").asInt());
        float[] base = floats(json, bin, prim.get("attributes").get("POSITION").asInt());
        assertEquals(3 * 41 * 21, base.length);
        List<String> rows = Files.readAllLines(particles);
        for (int f = 0; f < frames; f++) {
            float[] d = f == 0 ? new float[base.length] : floats(json, bin, prim.get("targets").get(f - 1)
                    .get("POSITION").asInt());
            for (int k = 0; k < 41 * 21; k++) {
                String[] row = rows.get(1 + f * 41 * 21 + k).split(",");
                assertEquals(String.valueOf(10 * f), row[0]);
                assertEquals(String.valueOf(k), row[3]);
                for (int c = 0; c < 3; c++) {
                    // float storage: about 1e-7 relative of positions near 3 m.
                    assertEquals(Double.parseDouble(row[4 + c]), base[3 * k + c] + d[3 * k + c], 2e-6);
                }
            }
        }
        // The weights channel: at frame f's time only target f (1-based) is on.
        JsonNode animation = json.get("animations").get(0);
        JsonNode sampler = null;
        for (JsonNode ch : animation.get("channels")) {
            if (ch.get("target").get("node").asInt() == node) {
                assertEquals("weights", ch.get("target").get("path").asText());
                sampler = animation.get("samplers").get(ch.get("sampler").asInt());
            }
        }
        assertTrue(sampler != null);
        float[] w = floats(json, bin, sampler.get("output").asInt());
        assertEquals(frames * (frames - 1), w.length);
        for (int f = 0; f < frames; f++) {
            for (int k = 1; k < frames; k++) {
                assertEquals(k == f ? 1 : 0, w[f * (frames - 1) + k - 1]);
            }
        }
        // Every morph target's POSITION accessor carries the min and max glTF requires of POSITION.
        for (JsonNode t : prim.get("targets")) {
            JsonNode a = json.get("accessors").get(t.get("POSITION").asInt());
            assertEquals(3, a.get("min").size());
            assertEquals(3, a.get("max").size());
        }
    }

    private static float[] floats(JsonNode json, ByteBuffer bin, int a) {
        JsonNode accessor = json.get("accessors").get(a);
        int width = switch (accessor.get("type").asText()) {
            case "SCALAR" -> 1;
            case "VEC3" -> 3;
            default -> throw new AssertionError(accessor);
        };
        JsonNode view = json.get("bufferViews").get(accessor.get("bufferView").asInt());
        float[] out = new float[width * accessor.get("count").asInt()];
        int offset = view.get("byteOffset").asInt();
        for (int i = 0; i < out.length; i++) {
            out[i] = bin.getFloat(offset + 4 * i);
        }
        return out;
    }
}
