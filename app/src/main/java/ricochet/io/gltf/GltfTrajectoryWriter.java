package ricochet.io.gltf;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import ricochet.character.CharacterDef;
import ricochet.io.scene.BodySpec;
import ricochet.io.scene.BodyType;
import ricochet.io.scene.CharacterSpec;
import ricochet.io.scene.Scene;
import ricochet.io.scene.ShapeSpec;
import ricochet.io.output.AtomicOutput;
import ricochet.scenes.SimulationBodies;
import ricochet.world.Simulation;
import ricochet.world.WorldSimulation;

/**
 * A trajectory as glTF 2.0 (.gltf with the buffer embedded as a data URI, or .glb): one node per
 * body carrying its shape's mesh in the body's frame, then one node per character carrying its
 * standing capsule, and one animation whose translation and rotation channels key every moving body
 * at the written frames' times, and whose translation channels key every character's centre. A
 * character that crouches also gets a scale channel: its capsule scaled along y by crouched height
 * over standing height (its caps squashed with it), the centre already lowered so that the feet stay.
 * Each vehicle wheel follows as a node of its own ({@link GltfWheels}), then each cloth and soft
 * body as a morph-target mesh ({@link SoftMeshes}). Frames are kept in memory
 * (7 floats per body and per wheel, 4 per character, per frame) and the file is written by
 * {@link #prepare()}, beside the target and moved onto it, so a failed run leaves nothing half-written.
 *
 * <p>Knows nothing of the other trajectory formats: {@code ricochet.io.trajectory.TrajectoryWriter}
 * chooses this writer for a .gltf or .glb file and adapts it to its interface, so this package does
 * not depend on that one.
 */
public final class GltfTrajectoryWriter implements AutoCloseable {

    private static final int FLOAT = 5126;
    private static final int UNSIGNED_INT = 5125;
    private static final int ARRAY_BUFFER = 34962;
    private static final int ELEMENT_ARRAY_BUFFER = 34963;
    private static final int GLB_MAGIC = 0x46546C67;
    private static final int GLB_JSON = 0x4E4F534A;
    private static final int GLB_BIN = 0x004E4942;

    private final Path target;
    private final boolean binary;
    private final Scene scene;
    private final ShapeTriangles.FloatList times = new ShapeTriangles.FloatList();
    /** Each body the simulation lists, as drawn: the scene's own, then those the world made. */
    private List<BodySpec> bodies;
    private ShapeTriangles.FloatList[] poses;
    /** Per character, per frame: centre (3) and height now over standing height. */
    private final ShapeTriangles.FloatList[] characters;
    private final double[] state = new double[13];
    /** The vehicles' wheels: nodes after the characters'. */
    private final GltfWheels wheels = new GltfWheels();
    private final SoftMeshes soft = new SoftMeshes();
    /** The file written by {@link #prepare()}, until {@link #commit()} moves it. */
    private AtomicOutput output;

    /**
     * @param binary .glb when true, else .gltf
     * @throws IOException when the target's folder does not exist
     */
    public GltfTrajectoryWriter(Path file, Scene scene, boolean binary) throws IOException {
        this.target = file.toAbsolutePath();
        Path dir = target.getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            throw new IOException("folder " + dir + " does not exist");
        }
        this.binary = binary;
        this.scene = scene;
        this.bodies = scene.bodies();
        this.poses = new ShapeTriangles.FloatList[0];
        this.characters = new ShapeTriangles.FloatList[scene.characters().size()];
        for (int c = 0; c < characters.length; c++) {
            characters[c] = new ShapeTriangles.FloatList();
        }
    }

    /** Keeps the current pose of every moving body and character as frame {@code frame}. */
    public void writeFrame(long frame, Simulation sim) {
        if (times.size() == 0) {
            bodies = SimulationBodies.specs(scene, sim);
            poses = new ShapeTriangles.FloatList[bodies.size()];
            for (int b = 0; b < poses.length; b++) {
                poses[b] = new ShapeTriangles.FloatList();
            }
        } else if (sim.bodyCount() != poses.length) {
            throw new IllegalArgumentException("glTF: the simulation has " + sim.bodyCount() + " bodies, "
                    + poses.length + " at the first frame");
        }
        if (sim.characterCount() != characters.length) {
            throw new IllegalArgumentException("glTF: the simulation has " + sim.characterCount()
                    + " characters, the scene " + characters.length);
        }
        times.add(sim.time());
        for (int b = 0; b < poses.length; b++) {
            sim.readState(b, state);
            ShapeTriangles.FloatList p = poses[b];
            // q and -q are one rotation; keyed with the previous key's sign, a linear (slerp)
            // channel turns the short way instead of nearly a full turn.
            double sign = 1;
            int n = p.size();
            if (n >= 7) {
                double dot = p.get(n - 4) * state[3] + p.get(n - 3) * state[4] + p.get(n - 2) * state[5]
                        + p.get(n - 1) * state[6];
                sign = dot < 0 ? -1 : 1;
            }
            p.add(state[0], state[1], state[2], sign * state[3], sign * state[4], sign * state[5], sign * state[6]);
        }
        for (int c = 0; c < characters.length; c++) {
            sim.readCharacterState(c, state);
            characters[c].add(state[0], state[1], state[2], heightScale(sim, c));
        }
        wheels.writeFrame(sim);
        soft.record(sim);
    }

    /** Character {@code c}'s capsule height now over its standing height: 1 unless it crouches. */
    private double heightScale(Simulation sim, int c) {
        if (sim instanceof WorldSimulation ws && ws.world().characters().isCrouching(ws.characterId(c))) {
            CharacterDef def = scene.characters().get(c).def();
            return def.effectiveCrouchHeight() / def.height();
        }
        return 1;
    }

    /** Writes the whole file beside the target under a temporary name; {@link #commit()} moves it. */
    public void prepare() throws IOException {
        Builder g = new Builder();
        ObjectNode root = g.json;
        root.putObject("asset").put("version", "2.0").put("generator", "ricochet run --out");
        root.put("scene", 0);
        ArrayNode sceneNodes = root.putArray("scenes").addObject().putArray("nodes");
        ArrayNode nodes = root.putArray("nodes");
        ArrayNode meshes = root.putArray("meshes");
        ArrayNode materials = root.putArray("materials");
        Map<BodyType, Integer> materialOf = new HashMap<>();
        Map<List<Object>, Integer> meshOf = new HashMap<>();
        int frames = times.size();
        for (int b = 0; b < poses.length; b++) {
            BodySpec spec = bodies.get(b);
            Integer material = materialOf.computeIfAbsent(spec.type(), t -> {
                double[] rgba = t == BodyType.STATIC ? new double[] {0.62, 0.65, 0.70, 1}
                        : t == BodyType.KINEMATIC ? new double[] {0.88, 0.63, 0.25, 1}
                        : new double[] {0.85, 0.47, 0.29, 1};
                ObjectNode m = materials.addObject().put("name", t.key());
                ArrayNode c = m.putObject("pbrMetallicRoughness").put("metallicFactor", 0.0)
                        .put("roughnessFactor", 0.7).putArray("baseColorFactor");
                for (double x : rgba) {
                    c.add(x);
                }
                m.put("doubleSided", t == BodyType.STATIC);
                return materials.size() - 1;
            });
            // Scenes repeat shapes (a pyramid's 210 boxes): one mesh per distinct shape and material.
            Integer mesh = meshOf.computeIfAbsent(List.of(spec.shape(), spec.type()),
                    k -> mesh(g, meshes, spec.shape(), spec.shape().type(), material));
            ObjectNode node = nodes.addObject().put("name", spec.name()).put("mesh", mesh);
            ArrayNode translation = node.putArray("translation");
            ArrayNode rotation = node.putArray("rotation");
            if (frames > 0) {
                for (int i = 0; i < 3; i++) {
                    translation.add(poses[b].get(i));
                }
                for (int i = 3; i < 7; i++) {
                    rotation.add(poses[b].get(i));
                }
            } else {
                translation.add(spec.position().x()).add(spec.position().y()).add(spec.position().z());
                rotation.add(spec.orientation().x()).add(spec.orientation().y()).add(spec.orientation().z())
                        .add(spec.orientation().w());
            }
            sceneNodes.add(b);
        }
        int characterMaterial = materials.size();
        if (characters.length > 0) {
            materials.addObject().put("name", "character").putObject("pbrMetallicRoughness")
                    .put("metallicFactor", 0.0).put("roughnessFactor", 0.5)
                    .putArray("baseColorFactor").add(0.25).add(0.78).add(0.66).add(1.0);
        }
        for (int c = 0; c < characters.length; c++) {
            CharacterSpec spec = scene.characters().get(c);
            double r = spec.def().radius();
            ShapeSpec capsule = new ShapeSpec.Capsule(r, 0.5 * spec.def().height() - r);
            Integer mesh = meshOf.computeIfAbsent(List.of(capsule, "character"),
                    k -> mesh(g, meshes, capsule, "character", characterMaterial));
            ObjectNode node = nodes.addObject().put("name", spec.name()).put("mesh", mesh);
            ArrayNode translation = node.putArray("translation");
            if (frames > 0) {
                ShapeTriangles.FloatList p = characters[c];
                translation.add(p.get(0)).add(p.get(1)).add(p.get(2));
                if (p.get(3) != 1) {
                    node.putArray("scale").add(1.0).add(p.get(3)).add(1.0);
                }
            } else {
                translation.add(spec.position().x()).add(spec.position().y()).add(spec.position().z());
            }
            sceneNodes.add(poses.length + c);
        }
        wheels.nodes(g, sceneNodes, nodes, meshes, materials, meshOf);
        soft.addNodes(g, nodes, meshes, materials, sceneNodes);
        if (frames > 0) {
            animation(g, root);
        }
        write(g.finishBuffer(binary));
    }

    /** A mesh of {@code shape}'s triangles in {@code material}; its number. */
    static int mesh(Builder g, ArrayNode meshes, ShapeSpec shape, String name, int material) {
        ShapeTriangles t = ShapeTriangles.of(shape);
        ObjectNode prim = meshes.addObject().put("name", name).putArray("primitives").addObject();
        ObjectNode attributes = prim.putObject("attributes");
        attributes.put("POSITION", g.floats(t.positions, 3, "VEC3", true, ARRAY_BUFFER));
        attributes.put("NORMAL", g.floats(t.normals, 3, "VEC3", false, ARRAY_BUFFER));
        prim.put("indices", g.indices(t.indices));
        prim.put("material", material);
        return meshes.size() - 1;
    }

    private void animation(Builder g, ObjectNode root) {
        int input = g.floats(times, 1, "SCALAR", true, 0);
        ObjectNode anim = root.putArray("animations").addObject().put("name", "trajectory");
        ArrayNode samplers = anim.putArray("samplers");
        ArrayNode channels = anim.putArray("channels");
        for (int b = 0; b < poses.length; b++) {
            if (bodies.get(b).type() == BodyType.STATIC) {
                continue;
            }
            ShapeTriangles.FloatList translation = new ShapeTriangles.FloatList();
            ShapeTriangles.FloatList rotation = new ShapeTriangles.FloatList();
            ShapeTriangles.FloatList p = poses[b];
            for (int f = 0; f < times.size(); f++) {
                int o = 7 * f;
                translation.add(p.get(o), p.get(o + 1), p.get(o + 2));
                rotation.add(p.get(o + 3), p.get(o + 4), p.get(o + 5), p.get(o + 6));
            }
            channel(samplers, channels, input, g.floats(translation, 3, "VEC3", false, 0), b, "translation");
            channel(samplers, channels, input, g.floats(rotation, 4, "VEC4", false, 0), b, "rotation");
        }
        for (int c = 0; c < characters.length; c++) {
            ShapeTriangles.FloatList translation = new ShapeTriangles.FloatList();
            ShapeTriangles.FloatList scale = new ShapeTriangles.FloatList();
            ShapeTriangles.FloatList p = characters[c];
            boolean crouches = false;
            for (int f = 0; f < times.size(); f++) {
                int o = 4 * f;
                translation.add(p.get(o), p.get(o + 1), p.get(o + 2));
                scale.add(1, p.get(o + 3), 1);
                crouches |= p.get(o + 3) != 1;
            }
            int node = poses.length + c;
            channel(samplers, channels, input, g.floats(translation, 3, "VEC3", false, 0), node, "translation");
            if (crouches) {
                // STEP: a crouch is a change of capsule from one step to the next, not a gradual squash.
                samplers.addObject().put("input", input).put("output", g.floats(scale, 3, "VEC3", false, 0))
                        .put("interpolation", "STEP");
                channels.addObject().put("sampler", samplers.size() - 1).putObject("target").put("node", node)
                        .put("path", "scale");
            }
        }
        wheels.channels(g, input, samplers, channels, poses.length + characters.length);
        soft.addChannels(g, samplers, channels, input, poses.length + characters.length + wheels.count());
    }

    static void channel(ArrayNode samplers, ArrayNode channels, int input, int output, int node, String path) {
        samplers.addObject().put("input", input).put("output", output).put("interpolation", "LINEAR");
        ObjectNode c = channels.addObject().put("sampler", samplers.size() - 1);
        c.putObject("target").put("node", node).put("path", path);
    }

    private void write(byte[] bytes) throws IOException {
        AtomicOutput o = new AtomicOutput(target);
        try {
            o.stream().write(bytes);
            o.prepare();
        } catch (IOException | RuntimeException e) {
            o.close();
            throw e;
        }
        output = o;
    }

    /** Moves the file written by {@link #prepare()} into place. */
    public void commit() throws IOException {
        if (output == null) {
            throw new IllegalStateException("glTF: commit before prepare");
        }
        output.commit();
    }

    /** Nothing is on disk before {@link #prepare()}; a prepared file not committed is deleted. */
    @Override
    public void close() throws IOException {
        if (output != null) {
            output.close();
        }
    }

    /** The glTF JSON and its one binary buffer, filled view by view. */
    static final class Builder {
        final ObjectNode json = JsonNodeFactory.instance.objectNode();
        final ByteArrayOutputStream bin = new ByteArrayOutputStream();
        final ArrayNode views = json.putArray("bufferViews");
        final ArrayNode accessors = json.putArray("accessors");

        /** An accessor of {@code count / width} elements; min and max when {@code bounds} (POSITION and times need them). */
        int floats(ShapeTriangles.FloatList data, int width, String type, boolean bounds, int target) {
            ByteBuffer b = ByteBuffer.allocate(4 * data.size()).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < data.size(); i++) {
                b.putFloat(data.get(i));
            }
            int view = view(b.array(), target);
            ObjectNode a = accessors.addObject().put("bufferView", view).put("componentType", FLOAT)
                    .put("count", data.size() / width).put("type", type);
            if (bounds) {
                ArrayNode min = a.putArray("min");
                ArrayNode max = a.putArray("max");
                for (int c = 0; c < width; c++) {
                    float lo = Float.POSITIVE_INFINITY;
                    float hi = Float.NEGATIVE_INFINITY;
                    for (int i = c; i < data.size(); i += width) {
                        lo = Math.min(lo, data.get(i));
                        hi = Math.max(hi, data.get(i));
                    }
                    min.add(lo);
                    max.add(hi);
                }
            }
            return accessors.size() - 1;
        }

        int indices(ShapeTriangles.IntList data) {
            ByteBuffer b = ByteBuffer.allocate(4 * data.size()).order(ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < data.size(); i++) {
                b.putInt(data.get(i));
            }
            int view = view(b.array(), ELEMENT_ARRAY_BUFFER);
            accessors.addObject().put("bufferView", view).put("componentType", UNSIGNED_INT)
                    .put("count", data.size()).put("type", "SCALAR");
            return accessors.size() - 1;
        }

        private int view(byte[] bytes, int target) {
            ObjectNode v = views.addObject().put("buffer", 0).put("byteOffset", bin.size()).put("byteLength", bytes.length);
            if (target != 0) {
                v.put("target", target);
            }
            bin.writeBytes(bytes);
            return views.size() - 1;
        }

        /** The whole file: GLB container, or JSON with the buffer as a base64 data URI. */
        byte[] finishBuffer(boolean glb) throws IOException {
            byte[] data = bin.toByteArray();
            ObjectNode buffer = json.putArray("buffers").addObject().put("byteLength", data.length);
            ObjectMapper mapper = new ObjectMapper();
            if (!glb) {
                buffer.put("uri", "data:application/octet-stream;base64," + Base64.getEncoder().encodeToString(data));
                return mapper.writerWithDefaultPrettyPrinter().writeValueAsBytes(json);
            }
            // GLB (glTF 2.0 spec, section 4.4): a 12-byte header, then the JSON chunk padded with
            // spaces and the BIN chunk padded with zeros, each to a multiple of 4 bytes.
            byte[] text = mapper.writeValueAsString(json).getBytes(StandardCharsets.UTF_8);
            int jsonLength = (text.length + 3) & ~3;
            int binLength = (data.length + 3) & ~3;
            ByteBuffer out = ByteBuffer.allocate(12 + 8 + jsonLength + 8 + binLength).order(ByteOrder.LITTLE_ENDIAN);
            out.putInt(GLB_MAGIC).putInt(2).putInt(out.capacity());
            out.putInt(jsonLength).putInt(GLB_JSON).put(text);
            for (int i = text.length; i < jsonLength; i++) {
                out.put((byte) ' ');
            }
            out.putInt(binLength).putInt(GLB_BIN).put(data);
            return out.array();
        }
    }
}
