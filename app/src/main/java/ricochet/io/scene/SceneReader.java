package ricochet.io.scene;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import ricochet.geometry.TriangleMesh;
import ricochet.io.ObjReader;

/**
 * Reads scene files ({@code "format": "ricochet-scene/1"}, the README's "Scene files") into a validated
 * {@link Scene}. A file with problems gives a {@link SceneException} listing all of them, each with
 * its JSON path ({@code $.bodies[1].shape.radius}), in file order, rather than stopping at the
 * first; a broken OBJ file that a mesh names is one of those problems.
 */
public final class SceneReader {

    // NaN and Infinity tokens are let through the parser so that validation can report them with
    // their path instead of a bare syntax error. Overflowing literals (1e999) become infinities,
    // which the same finiteness check reports.
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    /** The "[Source: REDACTED (...); line: 2, column: 12]" that Jackson puts inside some messages. */
    private static final Pattern SOURCE_IN_LOCATION =
            Pattern.compile("\\[Source: [^;\\]]*; (line: \\d+, column: \\d+)\\]");

    private SceneReader() {
    }

    /**
     * Reads a scene file; {@code obj} paths in it are relative to the file's folder and must lead
     * into it.
     *
     * @throws SceneException listing every problem when the file is not a valid scene
     * @throws IOException when the scene file itself cannot be read ({@link NoSuchFileException}
     *     when it does not exist, {@link InputFiles.Refused} when it is not a regular file, is
     *     larger than {@link InputFiles#MAX_SCENE_BYTES} or is not UTF-8)
     */
    public static Scene read(Path file) throws SceneException, IOException {
        return read(file, List.of());
    }

    /**
     * {@link #read(Path)}, also reading OBJ files under the folders {@code allowed} (a user's
     * {@code --allow-paths}).
     */
    public static Scene read(Path file, List<Path> allowed) throws SceneException, IOException {
        String json = InputFiles.readUtf8(file, InputFiles.MAX_SCENE_BYTES);
        Path folder = file.toAbsolutePath().getParent();
        return parse(json, file.toString(), folder, allowed);
    }

    /**
     * Reads a scene from the class path, such as {@code "ricochet/scenes/bunny.json"}; {@code obj}
     * paths in it are relative to the resource's folder on the class path. Problems name the
     * source {@code classpath:ricochet/scenes/bunny.json}.
     *
     * @throws SceneException listing every problem when the resource is not a valid scene
     * @throws IOException when the resource cannot be read ({@link NoSuchFileException} when there
     *     is none of that name)
     */
    public static Scene readResource(String classpathResource) throws SceneException, IOException {
        String name = classpathResource.startsWith("/") ? classpathResource.substring(1) : classpathResource;
        ClassLoader loader = SceneReader.class.getClassLoader();
        String json;
        try (InputStream in = loader.getResourceAsStream(name)) {
            if (in == null) {
                throw new NoSuchFileException("classpath:" + name, null, "scene resource not found");
            }
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String folder = name.substring(0, name.lastIndexOf('/') + 1);
        return parseWith(json, "classpath:" + name, obj -> loadResource(loader, folder, obj));
    }

    /**
     * Parses a scene from text.
     *
     * @param sourceName names the scene in the exception's message, such as its file name
     * @param baseDir the folder {@code obj} paths are relative to and must lead into; null for the
     *     working directory
     * @throws SceneException listing every problem when the text is not a valid scene
     */
    public static Scene parse(String json, String sourceName, Path baseDir) throws SceneException {
        return parse(json, sourceName, baseDir, List.of());
    }

    /** {@link #parse(String, String, Path)}, also reading OBJ files under the folders {@code allowed}. */
    public static Scene parse(String json, String sourceName, Path baseDir, List<Path> allowed)
            throws SceneException {
        Path base = (baseDir == null ? Path.of("") : baseDir).toAbsolutePath();
        return parseWith(json, sourceName, obj -> readObj(base, obj, allowed, null));
    }

    /**
     * The mesh of {@code obj}, read through {@link InputFiles} (inside {@code base} or
     * {@code allowed}, a regular file, at most {@link InputFiles#MAX_OBJ_BYTES}); its bytes go into
     * {@code keep} unless that is null.
     */
    private static TriangleMesh readObj(Path base, String obj, List<Path> allowed, Map<String, byte[]> keep)
            throws IOException {
        Path path = InputFiles.meshPath(base, obj, allowed);
        byte[] bytes = InputFiles.read(path, InputFiles.MAX_OBJ_BYTES);
        if (keep != null) {
            keep.put(obj, bytes);
        }
        return ObjReader.read(new ByteArrayInputStream(bytes), base.resolve(obj).toString());
    }

    /**
     * {@link #read(Path)}, keeping the file's text and the bytes of every OBJ file it names, so that
     * the scene can be read again anywhere ({@link SceneSource#parse}): what a snapshot embeds.
     *
     * @param name what the user called the scene (a path or a built-in name), kept in the source
     */
    public static SceneSource readSource(Path file, String name) throws SceneException, IOException {
        return readSource(file, name, List.of());
    }

    /** {@link #readSource(Path, String)}, also reading OBJ files under the folders {@code allowed}. */
    public static SceneSource readSource(Path file, String name, List<Path> allowed)
            throws SceneException, IOException {
        String json = InputFiles.readUtf8(file, InputFiles.MAX_SCENE_BYTES);
        Path base = file.toAbsolutePath().getParent();
        Map<String, byte[]> objFiles = new LinkedHashMap<>();
        Scene scene = parseWith(json, file.toString(), obj -> readObj(base, obj, allowed, objFiles));
        return new SceneSource(scene, name, json, objFiles);
    }

    /** {@link #readResource}, keeping the text and OBJ bytes as {@link #readSource(Path, String)} does. */
    public static SceneSource readResourceSource(String classpathResource, String name)
            throws SceneException, IOException {
        String resource = classpathResource.startsWith("/") ? classpathResource.substring(1)
                : classpathResource;
        ClassLoader loader = SceneReader.class.getClassLoader();
        String json;
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new NoSuchFileException("classpath:" + resource, null, "scene resource not found");
            }
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String folder = resource.substring(0, resource.lastIndexOf('/') + 1);
        Map<String, byte[]> objFiles = new LinkedHashMap<>();
        Scene scene = parseWith(json, "classpath:" + resource, obj -> {
            String full = resolveResource(folder, obj);
            InputStream in = full == null ? null : loader.getResourceAsStream(full);
            if (in == null) {
                throw new NoSuchFileException("classpath:" + (full == null ? folder + obj : full));
            }
            byte[] bytes;
            try (in) {
                bytes = in.readAllBytes();
            }
            objFiles.put(obj, bytes);
            return ObjReader.read(new ByteArrayInputStream(bytes), "classpath:" + full);
        });
        return new SceneSource(scene, name, json, objFiles);
    }

    /**
     * Parses a scene whose {@code obj} paths name entries of {@code objFiles} (an OBJ file's bytes by
     * the path as the scene writes it).
     */
    public static Scene parseWithObjFiles(String json, String sourceName, Map<String, byte[]> objFiles)
            throws SceneException {
        return parseWith(json, sourceName, obj -> {
            byte[] bytes = objFiles.get(obj);
            if (bytes == null) {
                throw new NoSuchFileException(obj, null, "OBJ file not kept with the scene");
            }
            return ObjReader.read(new ByteArrayInputStream(bytes), obj);
        });
    }

    /** Parses a scene whose {@code obj} paths {@code meshes} resolves and loads. */
    static Scene parseWith(String json, String sourceName, ShapeValidator.MeshLoader meshes)
            throws SceneException {
        JsonNode root;
        try {
            // A byte-order mark is not JSON; editors on Windows still write one.
            root = MAPPER.readTree(json.startsWith("\uFEFF") ? json.substring(1) : json);
        } catch (JsonProcessingException e) {
            throw new SceneException(sourceName, List.of(syntaxProblem(e)));
        }
        if (root == null || root.isMissingNode()) {
            throw new SceneException(sourceName,
                    List.of(new SceneProblem("$", "the scene is empty; expected a JSON object")));
        }
        JsonChecks checks = new JsonChecks();
        Scene scene = new SceneValidator(checks, meshes).scene(root);
        if (checks.hasProblems() || scene == null) {
            throw new SceneException(sourceName, inFileOrder(root, checks.problems()));
        }
        return scene;
    }

    private static SceneProblem syntaxProblem(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
        String message = e.getOriginalMessage();
        // Strict duplicate detection throws while the parser stands on the repeated key, so its
        // context gives the key's path: more use to the reader than "$".
        if (message != null && message.startsWith("Duplicate field")
                && e.getProcessor() instanceof JsonParser p) {
            String path = pathOf(p.getParsingContext());
            return new SceneProblem(path, "duplicate key '" + JsonChecks.label(path) + "'" + where);
        }
        if (message != null && message.startsWith("Trailing token")) {
            message = "more text after the scene's closing '}'";
        } else if (message != null) {
            // The location is given once already, and the source is the caller's to name.
            message = SOURCE_IN_LOCATION.matcher(message).replaceAll("$1");
        }
        return new SceneProblem("$", "JSON syntax error" + where + ": " + message);
    }

    private static String pathOf(JsonStreamContext context) {
        Deque<String> parts = new ArrayDeque<>();
        for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inArray()) {
                parts.push("[" + c.getCurrentIndex() + "]");
            } else if (c.getCurrentName() != null) {
                parts.push("." + c.getCurrentName());
            }
        }
        return "$" + String.join("", parts);
    }

    /**
     * The problems sorted by where their paths are in the file, as {@link SceneException} promises;
     * validation visits bodies before joints and settings in a fixed order, whatever the file's.
     * Jackson keeps object keys in file order, so a pre-order walk of the tree numbers the paths;
     * the walk only enters nodes on the way to some problem.
     */
    static List<SceneProblem> inFileOrder(JsonNode root, List<SceneProblem> problems) {
        Set<String> wanted = new HashSet<>();
        for (SceneProblem p : problems) {
            wanted.addAll(prefixes(p.path()));
        }
        Map<String, Integer> order = new HashMap<>();
        number(root, "$", wanted, order);
        List<SceneProblem> sorted = new ArrayList<>(problems);
        sorted.sort(Comparator.comparingInt(p -> rank(p.path(), order)));
        return sorted;
    }

    private static List<String> prefixes(String path) {
        List<String> out = new ArrayList<>();
        for (int i = 1; i < path.length(); i++) {
            if (path.charAt(i) == '.' || path.charAt(i) == '[') {
                out.add(path.substring(0, i));
            }
        }
        out.add(path);
        return out;
    }

    private static void number(JsonNode n, String path, Set<String> wanted, Map<String, Integer> order) {
        order.put(path, order.size());
        if (n.isObject()) {
            for (Map.Entry<String, JsonNode> e : n.properties()) {
                String child = JsonChecks.key(path, e.getKey());
                if (wanted.contains(child)) {
                    number(e.getValue(), child, wanted, order);
                }
            }
        } else if (n.isArray()) {
            for (int i = 0; i < n.size(); i++) {
                String child = JsonChecks.index(path, i);
                if (wanted.contains(child)) {
                    number(n.get(i), child, wanted, order);
                }
            }
        }
    }

    /** The walk's number of a path, or of its nearest ancestor in the file (for a missing key). */
    private static int rank(String path, Map<String, Integer> order) {
        List<String> up = prefixes(path);
        for (int i = up.size() - 1; i >= 0; i--) {
            Integer r = order.get(up.get(i));
            if (r != null) {
                return r;
            }
        }
        return Integer.MAX_VALUE;
    }

    /** Loads {@code obj} relative to {@code folder} on the class path ("." and ".." are resolved). */
    private static TriangleMesh loadResource(ClassLoader loader, String folder, String obj)
            throws IOException {
        String name = resolveResource(folder, obj);
        InputStream in = name == null ? null : loader.getResourceAsStream(name);
        if (in == null) {
            throw new NoSuchFileException("classpath:" + (name == null ? folder + obj : name));
        }
        try (in) {
            return ObjReader.read(in, "classpath:" + name);
        }
    }

    /** {@code folder + relative} with "." and ".." segments resolved, or null when ".." leaves the root. */
    static String resolveResource(String folder, String relative) {
        String joined = relative.startsWith("/") ? relative.substring(1) : folder + relative;
        Deque<String> parts = new ArrayDeque<>();
        for (String part : joined.split("/")) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                if (parts.isEmpty()) {
                    return null;
                }
                parts.removeLast();
            } else {
                parts.addLast(part);
            }
        }
        return String.join("/", parts);
    }
}
