package ricochet.viewer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;
import ricochet.io.scene.Scene;
import ricochet.io.scene.SceneException;
import ricochet.io.scene.SceneReader;
import ricochet.scenes.BuiltinScenes;

/**
 * The page's scene picker: the built-in scenes ({@code GET /api/scenes}) and the request that
 * switches the running simulation to another scene ({@code POST /api/scenes/load}), a built-in one
 * by name or a scene file's text the page read from disk.
 */
final class ViewerScenes {

    /** Longest scene file taken from a page, in characters: the largest built-in one is far smaller. */
    static final int MAX_FILE_CHARS = 16 << 20;

    /** A scene to switch to and the name the page shows for it. */
    record Loaded(Scene scene, String name) {
    }

    private static volatile Map<String, String> descriptions;

    private ViewerScenes() {
    }

    /** {@code GET /api/scenes}: {@code current} and {@code scenes}, each with its name and description. */
    static ObjectNode list(String current) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("current", current);
        ArrayNode a = o.putArray("scenes");
        for (Map.Entry<String, String> e : descriptions().entrySet()) {
            a.addObject().put("name", e.getKey()).put("description", e.getValue());
        }
        return o;
    }

    private static Map<String, String> descriptions() {
        Map<String, String> d = descriptions;
        if (d == null) {
            try {
                d = BuiltinScenes.descriptions();
            } catch (IOException | SceneException e) {
                throw new IllegalStateException("built-in scenes: " + e.getMessage(), e);
            }
            descriptions = d;
        }
        return d;
    }

    /**
     * The scene a {@code POST /api/scenes/load} body asks for: {@code {"builtin": NAME}}, or
     * {@code {"file": FILE_NAME, "scene": TEXT}} with a scene file's text (its problems are answered
     * with their JSON paths). A file from the page comes without its folder, so it cannot refer to
     * OBJ meshes: those are refused by name.
     *
     * @throws ViewerParams.BadParam naming the field
     */
    static Loaded parse(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new ViewerParams.BadParam("body",
                    "expected {\"builtin\": NAME} or {\"file\": NAME, \"scene\": TEXT}");
        }
        String builtin = null;
        String file = null;
        String text = null;
        for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            JsonNode v = f.getValue();
            switch (f.getKey()) {
                case "builtin" -> builtin = text("builtin", v);
                case "file" -> file = text("file", v);
                case "scene" -> {
                    text = text("scene", v);
                    if (text.length() > MAX_FILE_CHARS) {
                        throw new ViewerParams.BadParam("scene",
                                "longer than " + MAX_FILE_CHARS + " characters");
                    }
                }
                default -> throw new ViewerParams.BadParam(f.getKey(),
                        "unknown field (expected builtin, or file and scene)");
            }
        }
        if (builtin != null) {
            if (file != null || text != null) {
                throw new ViewerParams.BadParam("builtin",
                        "give either a built-in scene or a file, not both");
            }
            if (!BuiltinScenes.exists(builtin)) {
                throw new ViewerParams.BadParam("builtin", "unknown scene '" + builtin
                        + "' (built-in scenes: " + String.join(", ", BuiltinScenes.NAMES) + ")");
            }
            try {
                return new Loaded(BuiltinScenes.read(builtin), builtin);
            } catch (IOException | SceneException e) {
                throw new IllegalStateException("built-in scene " + builtin + ": " + e.getMessage(), e);
            }
        }
        if (text == null) {
            throw new ViewerParams.BadParam("scene", "missing (the scene file's text), or give builtin");
        }
        String name = file == null || file.isBlank() ? "scene.json" : file;
        try {
            return new Loaded(SceneReader.parseWithObjFiles(text, name, Map.of()), name);
        } catch (SceneException e) {
            throw new ViewerParams.BadParam("scene", e.getMessage());
        }
    }

    private static String text(String field, JsonNode v) {
        if (!v.isTextual()) {
            throw new ViewerParams.BadParam(field,
                    "expected a string, got " + v.getNodeType().name().toLowerCase(java.util.Locale.ROOT));
        }
        return v.asText();
    }
}
