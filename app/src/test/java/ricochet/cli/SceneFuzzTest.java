package ricochet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Promise 2, the file half: scene files mutated at random (seeded) are fed to {@code validate} and
 * {@code run --steps 3 --out}: a scene that stays valid may run (exit 0) or stop with a simulation
 * error (exit 1, one line); a broken one ends with exit 2 and a message. Never a stack trace, never
 * an exception out of {@link Main#execute}, never an output file left behind by a run that failed on
 * its input. Mutations: a value's type swapped, a number made NaN, Infinity (1e400), huge, negative
 * or a string, a key dropped or an unknown key added, an element duplicated or dropped, a joint's body
 * renamed to one that does not exist, the OBJ path broken or its file replaced by garbage, and the
 * file cut short.
 */
class SceneFuzzTest {

    static final int MUTATIONS = 400;
    static final String[] SCENES = {"bunny", "bunny-solver", "bridge", "chain", "door", "pendulum",
        "ragdolls", "pyramid", "spheres", "slide", "sensor", "kinematic", "terrain", "newton-cradle",
        "bullet", "mass-ratio"};

    /** A small hand-made scene: every primitive, a nested compound, a hull and a hinge. */
    static final String HAND_MADE = ("{'format': 'ricochet-scene/1', 'settings': {'dt': 0.01}, 'bodies': ["
            + "{'name': 'ground', 'type': 'static',"
            + " 'shape': {'type': 'plane', 'normal': [0, 1, 0], 'offset': 0}},"
            + "{'name': 'a', 'shape': {'type': 'box', 'halfExtents': [0.5, 0.5, 0.5]},"
            + " 'position': [0, 1, 0]},"
            + "{'name': 'b', 'shape': {'type': 'compound', 'children': ["
            + "  {'shape': {'type': 'capsule', 'radius': 0.2, 'halfHeight': 0.3}, 'position': [0.5, 0, 0]},"
            + "  {'shape': {'type': 'compound', 'children': [{'shape': {'type': 'cylinder', 'radius': 0.2,"
            + "     'halfHeight': 0.1}}]}, 'position': [-0.5, 0, 0]}]}, 'position': [2, 1, 0]},"
            + "{'name': 'c', 'shape': {'type': 'convexHull',"
            + " 'points': [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]},"
            + " 'position': [4, 1, 0]},"
            + "{'name': 'd', 'shape': {'type': 'sphere', 'radius': 0.3}, 'position': [6, 1, 0]}],"
            + "'joints': [{'name': 'h', 'type': 'hinge', 'bodyA': 'a', 'bodyB': 'b', 'anchor': [1, 1, 0],"
            + " 'axis': [0, 0, 1]}]}").replace('\'', '"');

    @TempDir
    Path dir;

    private final ObjectMapper mapper = new ObjectMapper();
    private final JsonNodeFactory nodes = JsonNodeFactory.instance;

    private record Result(int code, String out, String err) {
    }

    private static Result cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    @Test
    void mutatedScenesEndWithAMessageNeverAStackTrace() throws IOException {
        List<JsonNode> seeds = new ArrayList<>();
        for (String name : SCENES) {
            try (InputStream in = getClass().getResourceAsStream("/ricochet/scenes/" + name + ".json")) {
                seeds.add(mapper.readTree(in));
            }
        }
        seeds.add(mapper.readTree(HAND_MADE));
        Path handMade = dir.resolve("hand-made.json");
        Files.writeString(handMade, HAND_MADE);
        Result valid = cli("validate", handMade.toString());
        assertEquals(0, valid.code, "the unmutated hand-made scene is valid: " + valid.err);
        try (InputStream in = getClass().getResourceAsStream("/ricochet/scenes/bunny.obj")) {
            Files.write(dir.resolve("bunny.obj"), in.readAllBytes());
        }
        SplittableRandom r = new SplittableRandom(20261123);
        List<String> problems = new ArrayList<>();
        int[] codes = new int[3];
        for (int k = 0; k < MUTATIONS; k++) {
            JsonNode scene = seeds.get(r.nextInt(seeds.size())).deepCopy();
            StringBuilder what = new StringBuilder();
            int n = 1 + r.nextInt(3);
            for (int m = 0; m < n; m++) {
                scene = mutate(scene, r, what);
            }
            String text = mapper.writerWithDefaultPrettyPrinter().writeValueAsString(scene);
            if (r.nextInt(20) == 0) {
                text = text.substring(0, r.nextInt(text.length()));
                what.append(" cut short;");
            } else if (r.nextInt(20) == 0) {
                text = text.replaceFirst("(?<=: )-?[0-9][0-9.eE+-]*", r.nextBoolean() ? "NaN" : "Infinity");
                what.append(" a bare NaN/Infinity token;");
            }
            Path file = dir.resolve("m" + k + ".json");
            Files.writeString(file, text, StandardCharsets.UTF_8);
            Path out = dir.resolve("m" + k + ".csv");
            for (String[] args : List.of(new String[] {"validate", file.toString()},
                    new String[] {"run", file.toString(), "--steps", "3", "--out", out.toString()})) {
                Result res;
                try {
                    res = cli(args);
                } catch (RuntimeException | StackOverflowError e) {
                    problems.add("#" + k + " " + args[0] + " threw " + e + ":" + what);
                    continue;
                }
                String label = "#" + k + " " + args[0] + ":" + what + " -> exit " + res.code + ": "
                        + res.err.lines().findFirst().orElse("");
                if (res.code < 0 || res.code > 2) {
                    problems.add(label);
                    continue;
                }
                codes[res.code]++;
                if (res.err.contains("\tat ") || res.err.contains("Caused by")) {
                    problems.add(label + " (stack trace on stderr)");
                }
                if (res.code != 0 && res.err.isBlank()) {
                    problems.add(label + " (no message)");
                }
                if (res.code == Main.BAD_INPUT && Files.exists(out)) {
                    problems.add(label + " (left " + out.getFileName() + " behind)");
                }
            }
        }
        System.out.println("scene fuzz: " + MUTATIONS + " mutated files, exits 0/1/2: " + codes[0] + "/"
                + codes[1]
                + "/" + codes[2]);
        assertTrue(codes[2] > MUTATIONS / 2, "most mutations break the scene: " + codes[2]);
        assertEquals(List.of(), problems, problems.size() + " problems:\n" + String.join("\n", problems));
    }

    /** One random mutation somewhere in the tree; returns the new root. */
    private JsonNode mutate(JsonNode root, SplittableRandom r, StringBuilder what) throws IOException {
        if (r.nextInt(12) == 0) {
            return danglingOrBrokenReference(root, r, what);
        }
        List<JsonNode> containers = new ArrayList<>();
        collect(root, containers);
        JsonNode parent = containers.get(r.nextInt(containers.size()));
        if (parent instanceof ObjectNode o) {
            List<String> keys = new ArrayList<>();
            o.fieldNames().forEachRemaining(keys::add);
            if (keys.isEmpty() || r.nextInt(8) == 0) {
                o.put("unknownKey" + r.nextInt(100), 1);
                what.append(" added a key;");
                return root;
            }
            String key = keys.get(r.nextInt(keys.size()));
            if (r.nextInt(6) == 0) {
                o.remove(key);
                what.append(" dropped '").append(key).append("';");
            } else {
                o.set(key, replacement(o.get(key), r));
                what.append(" '").append(key).append("' := ").append(o.get(key)).append(';');
            }
        } else if (parent instanceof ArrayNode a && a.size() > 0) {
            int i = r.nextInt(a.size());
            switch (r.nextInt(4)) {
                case 0 -> {
                    a.remove(i);
                    what.append(" dropped element ").append(i).append(';');
                }
                case 1 -> {
                    a.add(a.get(i).deepCopy());
                    what.append(" duplicated element ").append(i).append(';');
                }
                default -> {
                    a.set(i, replacement(a.get(i), r));
                    what.append(" element ").append(i).append(" := ").append(a.get(i)).append(';');
                }
            }
        }
        return root;
    }

    private JsonNode replacement(JsonNode old, SplittableRandom r) {
        return switch (r.nextInt(12)) {
            case 0 -> nodes.numberNode(Double.NaN);
            case 1 -> nodes.numberNode(1e308);
            case 2 -> nodes.numberNode(-1e308);
            case 3 -> nodes.numberNode(old != null && old.isNumber() ? -old.asDouble() - 1 : -1);
            case 4 -> nodes.numberNode(0);
            case 5 -> nodes.textNode(old == null ? "x" : old.toString());
            case 6 -> nodes.nullNode();
            case 7 -> nodes.booleanNode(true);
            case 8 -> nodes.arrayNode().add(1).add(2);
            case 9 -> nodes.objectNode();
            case 10 -> nodes.numberNode(old != null && old.isNumber() ? old.asDouble() * 1e6 : 1e6);
            default -> nodes.textNode("sphere");
        };
    }

    /** A joint's body renamed to a missing one, or the OBJ path broken or its file made garbage. */
    private JsonNode danglingOrBrokenReference(JsonNode root, SplittableRandom r, StringBuilder what)
            throws IOException {
        List<ObjectNode> joints = new ArrayList<>(), meshes = new ArrayList<>();
        findAll(root, joints, meshes);
        if (!joints.isEmpty() && (meshes.isEmpty() || r.nextBoolean())) {
            ObjectNode j = joints.get(r.nextInt(joints.size()));
            j.put(r.nextBoolean() ? "bodyA" : "bodyB", "nobody");
            what.append(" joint body 'nobody';");
        } else if (!meshes.isEmpty()) {
            ObjectNode m = meshes.get(r.nextInt(meshes.size()));
            switch (r.nextInt(4)) {
                case 0 -> m.put("obj", "missing.obj");
                case 1 -> m.put("obj", "../../../../etc");
                case 2 -> m.put("obj", dir.toString());
                default -> {
                    String name = "garbage" + r.nextInt(1000) + ".obj";
                    String[] junk = {"v 1 2\nf 1 2 3\n", "v NaN 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n",
                        "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n", "f 1 2 3\n", "", "v 1e999 0 0\n",
                        "\u0000\u0001binary"};
                    Files.writeString(dir.resolve(name), junk[r.nextInt(junk.length)]);
                    m.put("obj", name);
                }
            }
            what.append(" obj := ").append(m.get("obj")).append(';');
        }
        return root;
    }

    private static void collect(JsonNode n, List<JsonNode> out) {
        if (n.isContainerNode()) {
            out.add(n);
            for (Iterator<JsonNode> it = n.elements(); it.hasNext(); ) {
                collect(it.next(), out);
            }
        }
    }

    private static void findAll(JsonNode n, List<ObjectNode> joints, List<ObjectNode> meshes) {
        if (n instanceof ObjectNode o) {
            if (o.has("bodyA")) {
                joints.add(o);
            }
            if (o.has("obj")) {
                meshes.add(o);
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
                findAll(it.next().getValue(), joints, meshes);
            }
        } else if (n instanceof ArrayNode a) {
            for (JsonNode e : a) {
                findAll(e, joints, meshes);
            }
        }
    }
}
