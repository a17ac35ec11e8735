package ricochet.sweep;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.ValueNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A sweep path ({@code settings.dt}, {@code bodies.NAME.KEY}, {@code bodies.ball.position.1},
 * {@code joints.I.KEY}) resolved against a scene file's JSON tree, and the edit that puts a number
 * there. The edited tree then goes through the scene reader like any file, so a variant is checked
 * by the same rules, and reported at the same JSON paths, as a scene a user writes.
 */
final class SceneEdit {

    /** As the scene reader: NaN and Infinity get through the parser so the validator can name them. */
    static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    /** One step down the tree: an object key or an array index. */
    private record Step(String key, int index) {
    }

    private final String path;
    private final String jsonPath;
    private final List<Step> steps;
    /** Whether the value found there is a whole number, so whole values are written as integers. */
    private final boolean integral;

    private SceneEdit(String path, String jsonPath, List<Step> steps, boolean integral) {
        this.path = path;
        this.jsonPath = jsonPath;
        this.steps = steps;
        this.integral = integral;
    }

    /** The sweep path as the user wrote it. */
    String path() {
        return path;
    }

    /** Where it is in the scene file ({@code $.bodies[2].position[1]}). */
    String jsonPath() {
        return jsonPath;
    }

    /**
     * Resolves {@code path} in {@code root}; throws IllegalArgumentException naming the path and
     * what does not fit. The last key may be missing (the scene's default then changes); every
     * other step must exist.
     */
    static SceneEdit resolve(JsonNode root, String path) {
        String where = "--param " + path + ": ";
        List<Step> steps = new ArrayList<>();
        String rest;
        if (path.startsWith("settings.")) {
            steps.add(new Step("settings", -1));
            rest = path.substring("settings.".length());
        } else if (path.startsWith("bodies.")) {
            JsonNode bodies = root.path("bodies");
            String tail = path.substring("bodies.".length());
            int best = -1;
            int bestLength = -1;
            // Body names may hold dots ("wall.0"): the longest name that the path starts with wins.
            for (int i = 0; i < bodies.size(); i++) {
                String name = bodies.get(i).path("name").asText(null);
                if (name != null && tail.startsWith(name + ".") && name.length() > bestLength) {
                    best = i;
                    bestLength = name.length();
                }
            }
            if (best < 0) {
                throw new IllegalArgumentException(where + "no body named as in '" + tail + "' (bodies: "
                        + String.join(", ", names(bodies)) + ")");
            }
            steps.add(new Step("bodies", -1));
            steps.add(new Step(null, best));
            rest = tail.substring(bestLength + 1);
        } else if (path.startsWith("joints.")) {
            String tail = path.substring("joints.".length());
            int dot = tail.indexOf('.');
            int index = dot < 0 ? -1 : index(tail.substring(0, dot));
            int count = root.path("joints").size();
            if (index < 0 || index >= count) {
                throw new IllegalArgumentException(where + "expected joints.I.KEY with I from 0 to "
                        + (count - 1) + (count == 0 ? " (the scene has no joints)" : ""));
            }
            steps.add(new Step("joints", -1));
            steps.add(new Step(null, index));
            rest = tail.substring(dot + 1);
        } else {
            throw new IllegalArgumentException(where + "a path starts with settings., bodies.NAME. or joints.I.");
        }
        if (rest.isEmpty()) {
            throw new IllegalArgumentException(where + "names no key");
        }
        for (String part : rest.split("\\.", -1)) {
            if (part.isEmpty()) {
                throw new IllegalArgumentException(where + "has an empty part");
            }
            int i = index(part);
            steps.add(i >= 0 ? new Step(null, i) : new Step(part, -1));
        }
        JsonNode node = root;
        StringBuilder json = new StringBuilder("$");
        for (int s = 0; s < steps.size(); s++) {
            Step step = steps.get(s);
            boolean last = s == steps.size() - 1;
            JsonNode next;
            if (step.key != null) {
                if (!node.isObject()) {
                    throw new IllegalArgumentException(where + json + " is not an object, so has no key '"
                            + step.key + "'");
                }
                json.append('.').append(step.key);
                next = node.get(step.key);
            } else {
                if (!node.isArray() || step.index >= node.size()) {
                    throw new IllegalArgumentException(where + json + (node.isArray()
                            ? " has " + node.size() + " entries, no [" + step.index + "]"
                            : " is not an array, so has no entry " + step.index));
                }
                json.append('[').append(step.index).append(']');
                next = node.get(step.index);
            }
            if (next == null && !last) {
                throw new IllegalArgumentException(where + json + " is not in the scene");
            }
            if (last && next != null && !next.isNumber()) {
                throw new IllegalArgumentException(where + json + " is " + describe(next)
                        + ", not a number; a sweep sets numbers");
            }
            node = next;
        }
        return new SceneEdit(path, json.toString(), List.copyOf(steps), node != null && node.isIntegralNumber());
    }

    /** Puts {@code value} (written as {@code literal} when not null) at this path in {@code root}. */
    void apply(JsonNode root, double value, String literal) {
        JsonNode node = root;
        for (int s = 0; s < steps.size() - 1; s++) {
            Step step = steps.get(s);
            node = step.key != null ? node.get(step.key) : node.get(step.index);
        }
        Step last = steps.get(steps.size() - 1);
        ValueNode v = number(value, literal);
        if (last.key != null) {
            ((ObjectNode) node).set(last.key, v);
        } else {
            ((ArrayNode) node).set(last.index, v);
        }
    }

    private ValueNode number(double value, String literal) {
        boolean whole = value == Math.rint(value) && Math.abs(value) < 0x1p53;
        if (literal != null) {
            try {
                return LongNode.valueOf(Long.parseLong(literal));
            } catch (NumberFormatException e) {
                return DoubleNode.valueOf(value);
            }
        }
        return integral && whole ? LongNode.valueOf((long) value) : DoubleNode.valueOf(value);
    }

    private static int index(String part) {
        if (part.isEmpty() || part.length() > 9) {
            return -1;
        }
        for (int i = 0; i < part.length(); i++) {
            if (part.charAt(i) < '0' || part.charAt(i) > '9') {
                return -1;
            }
        }
        return Integer.parseInt(part);
    }

    private static List<String> names(JsonNode bodies) {
        List<String> out = new ArrayList<>();
        for (JsonNode b : bodies) {
            out.add(b.path("name").asText("?"));
        }
        return out;
    }

    private static String describe(JsonNode n) {
        return n.isObject() ? "an object" : n.isArray() ? "an array" : n.isTextual() ? "text"
                : n.isBoolean() ? "true/false" : "null";
    }
}
