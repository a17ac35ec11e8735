package ricochet.io.gltf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import ricochet.cli.Main;

/** The checks catch a file that breaks the format's rules, each on its own: they can fail. */
class GltfChecksTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    private Path good;

    @BeforeEach
    void write() throws Exception {
        good = dir.resolve("car.gltf");
        String[] args = {"run", "car-brake", "--steps", "12", "--every", "3", "--out", good.toString()};
        StringWriter err = new StringWriter();
        assertEquals(0, Main.execute(args, new PrintWriter(new StringWriter()), new PrintWriter(err)), err.toString());
        GltfChecks.assertValid(good);
    }

    private void assertRefused(String what, Consumer<ObjectNode> breakIt) throws Exception {
        ObjectNode json = (ObjectNode) JSON.readTree(good.toFile());
        breakIt.accept(json);
        Path bad = dir.resolve("bad.gltf");
        JSON.writeValue(bad.toFile(), json);
        assertThrows(AssertionError.class, () -> GltfChecks.assertValid(bad), what);
    }

    @Test
    void aBrokenRuleIsCaught() throws Exception {
        assertRefused("a rotation that is not a unit quaternion", j -> {
            ArrayNode r = (ArrayNode) j.get("nodes").get(1).get("rotation");
            r.set(3, JSON.getNodeFactory().numberNode(2.0));
        });
        assertRefused("a node that is its own grandchild", j -> {
            ((ObjectNode) j.get("nodes").get(0)).putArray("children").add(1);
            ((ObjectNode) j.get("nodes").get(1)).putArray("children").add(0);
        });
        assertRefused("a child listed among the scene's roots", j ->
                ((ObjectNode) j.get("nodes").get(0)).putArray("children").add(1));
        assertRefused("two channels on one node's path", j -> {
            ArrayNode channels = (ArrayNode) j.get("animations").get(0).get("channels");
            channels.add(channels.get(0).deepCopy());
        });
        assertRefused("key times without min and max", j -> {
            int input = j.get("animations").get(0).get("samplers").get(0).get("input").asInt();
            ((ObjectNode) j.get("accessors").get(input)).remove("min");
        });
        assertRefused("an accessor longer than its view", j -> {
            ObjectNode a = (ObjectNode) j.get("accessors").get(0);
            a.put("count", a.get("count").asInt() + 1);
        });
        assertRefused("a mesh index out of range", j ->
                ((ObjectNode) j.get("nodes").get(0)).put("mesh", j.get("meshes").size()));
        assertRefused("a translation keyed with four numbers", j -> {
            for (var c : j.get("animations").get(0).get("channels")) {
                if (c.get("target").get("path").asText().equals("translation")) {
                    int s = c.get("sampler").asInt();
                    int out = j.get("animations").get(0).get("samplers").get(s).get("output").asInt();
                    ((ObjectNode) j.get("accessors").get(out)).put("type", "VEC4");
                    return;
                }
            }
        });
    }
}
