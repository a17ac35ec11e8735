package ricochet.io.gltf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import de.javagl.jgltf.model.io.GltfModelReader;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * The glTF 2.0 rules a written file must keep, beyond what a reader needs to load it: every index
 * in range, every accessor inside its view and every view inside the buffer, a node tree without
 * shared children or cycles whose scene lists only roots, unit quaternions, and animation samplers
 * on strictly increasing key times (with the min and max the specification requires) whose
 * outputs match their channel's path. The file is also read with jgltf-model.
 */
final class GltfChecks {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int FLOAT = 5126;
    private static final int UNSIGNED_INT = 5125;
    /** Quaternions are stored as float: unit to about 1e-7, and this leaves room. */
    private static final double UNIT = 1e-5;

    /** A file's JSON and its binary buffer. */
    record Gltf(JsonNode json, ByteBuffer bin) {

        /** Reads a .gltf (buffer as a base64 data URI) or a .glb. */
        static Gltf read(Path file) throws Exception {
            byte[] bytes = Files.readAllBytes(file);
            if (file.toString().endsWith(".glb")) {
                ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
                assertEquals(0x46546C67, b.getInt(0), "GLB magic");
                assertEquals(2, b.getInt(4), "GLB version");
                assertEquals(bytes.length, b.getInt(8), "GLB length");
                int jsonLength = b.getInt(12);
                assertEquals(0x4E4F534A, b.getInt(16), "first chunk is JSON");
                JsonNode json = JSON.readTree(new String(bytes, 20, jsonLength, StandardCharsets.UTF_8));
                int at = 20 + jsonLength;
                int binLength = b.getInt(at);
                assertEquals(0x004E4942, b.getInt(at + 4), "second chunk is BIN");
                assertEquals(0, jsonLength % 4, "JSON chunk padded to 4 bytes");
                assertEquals(0, binLength % 4, "BIN chunk padded to 4 bytes");
                byte[] bin = Arrays.copyOfRange(bytes, at + 8, at + 8 + binLength);
                return new Gltf(json, ByteBuffer.wrap(bin).order(ByteOrder.LITTLE_ENDIAN));
            }
            JsonNode json = JSON.readTree(bytes);
            String uri = json.get("buffers").get(0).get("uri").asText();
            assertTrue(uri.startsWith("data:application/octet-stream;base64,"), uri.substring(0, 40));
            byte[] bin = java.util.Base64.getDecoder().decode(uri.substring(uri.indexOf(',') + 1));
            return new Gltf(json, ByteBuffer.wrap(bin).order(ByteOrder.LITTLE_ENDIAN));
        }

        /** Accessor {@code a}'s values as floats (FLOAT or UNSIGNED_INT components). */
        float[] values(int a) {
            JsonNode accessor = json.get("accessors").get(a);
            JsonNode view = json.get("bufferViews").get(accessor.get("bufferView").asInt());
            int n = width(accessor) * accessor.get("count").asInt();
            int offset = view.path("byteOffset").asInt(0) + accessor.path("byteOffset").asInt(0);
            float[] out = new float[n];
            boolean floats = accessor.get("componentType").asInt() == FLOAT;
            for (int i = 0; i < n; i++) {
                out[i] = floats ? bin.getFloat(offset + 4 * i) : bin.getInt(offset + 4 * i);
            }
            return out;
        }

        int node(String name) {
            JsonNode nodes = json.get("nodes");
            for (int i = 0; i < nodes.size(); i++) {
                if (nodes.get(i).path("name").asText().equals(name)) {
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
    }

    private GltfChecks() {
    }

    private static int width(JsonNode accessor) {
        return switch (accessor.get("type").asText()) {
            case "SCALAR" -> 1;
            case "VEC2" -> 2;
            case "VEC3" -> 3;
            case "VEC4" -> 4;
            case "MAT4" -> 16;
            default -> throw new AssertionError("accessor type " + accessor.get("type"));
        };
    }

    /** Checks {@code file} against the rules above; the parsed file, for further checks. */
    static Gltf assertValid(Path file) throws Exception {
        Gltf g = Gltf.read(file);
        JsonNode j = g.json();
        assertEquals("2.0", j.get("asset").get("version").asText());
        assertEquals(1, j.get("buffers").size(), "one buffer");
        int bufferLength = j.get("buffers").get(0).get("byteLength").asInt();
        assertTrue(bufferLength <= g.bin().capacity(), "buffer byteLength within the data");
        for (JsonNode view : j.get("bufferViews")) {
            assertEquals(0, view.get("buffer").asInt());
            int end = view.path("byteOffset").asInt(0) + view.get("byteLength").asInt();
            assertTrue(end <= bufferLength, "view inside the buffer: " + view);
        }
        JsonNode accessors = j.get("accessors");
        for (int a = 0; a < accessors.size(); a++) {
            JsonNode acc = accessors.get(a);
            int v = acc.get("bufferView").asInt();
            assertTrue(v >= 0 && v < j.get("bufferViews").size(), "accessor " + a + " view");
            JsonNode view = j.get("bufferViews").get(v);
            int type = acc.get("componentType").asInt();
            assertTrue(type == FLOAT || type == UNSIGNED_INT, "accessor " + a + " component type " + type);
            int bytes = 4 * width(acc) * acc.get("count").asInt() + acc.path("byteOffset").asInt(0);
            assertTrue(bytes <= view.get("byteLength").asInt(), "accessor " + a + " inside its view");
            assertEquals(0, (view.path("byteOffset").asInt(0) + acc.path("byteOffset").asInt(0)) % 4,
                    "accessor " + a + " aligned to its component");
            float[] values = g.values(a);
            for (float x : values) {
                assertTrue(Float.isFinite(x), "accessor " + a + " finite");
            }
            if (acc.has("min")) {
                for (int c = 0; c < width(acc); c++) {
                    for (int i = c; i < values.length; i += width(acc)) {
                        assertTrue(values[i] >= acc.get("min").get(c).floatValue()
                                && values[i] <= acc.get("max").get(c).floatValue(),
                                "accessor " + a + " within min/max");
                    }
                }
            }
        }
        int meshCount = j.path("meshes").size();
        for (JsonNode mesh : j.path("meshes")) {
            for (JsonNode prim : mesh.get("primitives")) {
                JsonNode attributes = prim.get("attributes");
                int position = attributes.get("POSITION").asInt();
                assertTrue(accessors.get(position).has("min") && accessors.get(position).has("max"),
                        "POSITION has min and max");
                int vertices = accessors.get(position).get("count").asInt();
                if (attributes.has("NORMAL")) {
                    int normals = attributes.get("NORMAL").asInt();
                    assertEquals(vertices, accessors.get(normals).get("count").asInt(), "a normal per vertex");
                }
                if (prim.has("indices")) {
                    for (float i : g.values(prim.get("indices").asInt())) {
                        assertTrue(i >= 0 && i < vertices, "index in range");
                    }
                }
                assertTrue(prim.path("material").asInt(0) < j.path("materials").size(), "material in range");
            }
        }
        JsonNode nodes = j.get("nodes");
        int[] parent = new int[nodes.size()];
        Arrays.fill(parent, -1);
        for (int n = 0; n < nodes.size(); n++) {
            JsonNode node = nodes.get(n);
            if (node.has("mesh")) {
                assertTrue(node.get("mesh").asInt() < meshCount, "node " + n + " mesh in range");
            }
            for (JsonNode child : node.path("children")) {
                int c = child.asInt();
                assertTrue(c >= 0 && c < nodes.size() && c != n, "node " + n + " child in range");
                assertEquals(-1, parent[c], "node " + c + " has one parent");
                parent[c] = n;
            }
            if (node.has("rotation")) {
                JsonNode q = node.get("rotation");
                assertUnit(q.get(0).asDouble(), q.get(1).asDouble(), q.get(2).asDouble(), q.get(3).asDouble(),
                        "node " + n);
            }
        }
        for (int n = 0; n < nodes.size(); n++) {
            int steps = 0;
            for (int p = parent[n]; p >= 0; p = parent[p]) {
                assertTrue(++steps <= nodes.size(), "node " + n + " in a cycle");
            }
        }
        Set<Integer> roots = new HashSet<>();
        for (JsonNode r : j.get("scenes").get(j.path("scene").asInt(0)).get("nodes")) {
            assertEquals(-1, parent[r.asInt()], "a scene lists roots only");
            assertTrue(roots.add(r.asInt()), "a root listed once");
        }
        for (JsonNode animation : j.path("animations")) {
            Set<String> targets = new HashSet<>();
            JsonNode samplers = animation.get("samplers");
            for (JsonNode channel : animation.get("channels")) {
                int node = channel.get("target").get("node").asInt();
                String path = channel.get("target").get("path").asText();
                assertTrue(node >= 0 && node < nodes.size(), "channel node in range");
                assertTrue(targets.add(node + path), "one channel per node and path: " + node + " " + path);
                JsonNode sampler = samplers.get(channel.get("sampler").asInt());
                JsonNode input = accessors.get(sampler.get("input").asInt());
                JsonNode output = accessors.get(sampler.get("output").asInt());
                assertEquals("SCALAR", input.get("type").asText());
                assertTrue(input.has("min") && input.has("max"), "key times have min and max");
                float[] t = g.values(sampler.get("input").asInt());
                for (int i = 0; i < t.length; i++) {
                    assertTrue(t[i] >= 0 && (i == 0 || t[i] > t[i - 1]), "key times increase: " + i);
                }
                assertEquals(input.get("count").asInt(), output.get("count").asInt(), "a key per time");
                String interpolation = sampler.path("interpolation").asText("LINEAR");
                assertTrue(interpolation.equals("LINEAR") || interpolation.equals("STEP"), interpolation);
                String expected = path.equals("rotation") ? "VEC4" : "VEC3";
                assertEquals(expected, output.get("type").asText(), path + " output");
                if (path.equals("rotation")) {
                    float[] q = g.values(sampler.get("output").asInt());
                    for (int i = 0; i < q.length; i += 4) {
                        assertUnit(q[i], q[i + 1], q[i + 2], q[i + 3], "node " + node + " key " + i / 4);
                    }
                }
            }
        }
        assertFalse(j.has("extensionsRequired"), "no extension needed");
        try {
            assertNotNull(new GltfModelReader().read(file), "jgltf-model reads it");
        } catch (RuntimeException e) {
            throw new AssertionError("jgltf-model cannot read it: " + e.getMessage(), e);
        }
        return g;
    }

    private static void assertUnit(double x, double y, double z, double w, String what) {
        assertEquals(1, Math.sqrt(x * x + y * y + z * z + w * w), UNIT, what + ": a unit quaternion");
    }
}
