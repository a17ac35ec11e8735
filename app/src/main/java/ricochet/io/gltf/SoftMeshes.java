package ricochet.io.gltf;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import ricochet.soft.SoftBodies;
import ricochet.soft.SoftId;
import ricochet.world.Simulation;
import ricochet.world.WorldSimulation;

/**
 * Cloths and soft bodies in glTF: one node per body (after the bodies and characters) whose mesh is
 * its surface triangles at the first written frame, with one morph target per later frame (that
 * frame's positions less the first's) and a {@code weights} channel that is 1 for frame k's target
 * at frame k's time and 0 for the others, so linear interpolation between two keys blends the two
 * frames' positions linearly. Positions are world, m (the node has no transform). A cloth is drawn
 * double-sided. Each frame costs 3 floats per particle and the weights channel
 * {@code frames x (frames - 1)} floats, so long runs want {@code --every}.
 */
final class SoftMeshes {

    private final List<String> names = new ArrayList<>();
    private final List<int[]> triangles = new ArrayList<>();
    private final List<Boolean> cloth = new ArrayList<>();
    /** Per body, per frame: x, y, z of every particle. */
    private final List<ShapeTriangles.FloatList> frames = new ArrayList<>();
    private final double[] x = new double[3];
    private int frameCount;

    /** Keeps the particles of every cloth and soft body of {@code sim} as the next frame. */
    void record(Simulation sim) {
        SoftBodies soft = sim instanceof WorldSimulation w ? w.world().softBodies() : null;
        List<SoftId> ids = soft == null || soft.count() == 0 ? List.of() : soft.ids();
        if (frameCount == 0) {
            for (SoftId id : ids) {
                names.add(soft.name(id));
                triangles.add(soft.triangles(id));
                cloth.add(soft.isCloth(id));
                frames.add(new ShapeTriangles.FloatList());
            }
        } else if (ids.size() != names.size()) {
            throw new IllegalArgumentException("glTF: the simulation has " + ids.size() + " cloths and soft bodies, "
                    + names.size() + " at the first frame");
        }
        for (int b = 0; b < ids.size(); b++) {
            SoftId id = ids.get(b);
            ShapeTriangles.FloatList f = frames.get(b);
            for (int k = 0; k < soft.particleCount(id); k++) {
                soft.position(id, k, x);
                f.add(x[0], x[1], x[2]);
            }
        }
        frameCount++;
    }

    int count() {
        return names.size();
    }

    /** Adds each body's mesh and node, after the nodes already there, to the file. */
    void addNodes(GltfTrajectoryWriter.Builder g, ArrayNode nodes, ArrayNode meshes, ArrayNode materials,
                  ArrayNode sceneNodes) {
        if (names.isEmpty()) {
            return;
        }
        int material = materials.size();
        materials.addObject().put("name", "cloth").put("doubleSided", true).putObject("pbrMetallicRoughness")
                .put("metallicFactor", 0.0).put("roughnessFactor", 0.8)
                .putArray("baseColorFactor").add(0.36).add(0.55).add(0.85).add(1.0);
        materials.addObject().put("name", "soft body").putObject("pbrMetallicRoughness")
                .put("metallicFactor", 0.0).put("roughnessFactor", 0.4)
                .putArray("baseColorFactor").add(0.45).add(0.80).add(0.35).add(1.0);
        for (int b = 0; b < names.size(); b++) {
            ShapeTriangles.FloatList f = frames.get(b);
            int n = f.size() / frameCount;
            ObjectNode mesh = meshes.addObject().put("name", names.get(b));
            ObjectNode prim = mesh.putArray("primitives").addObject();
            prim.putObject("attributes").put("POSITION", g.floats(slice(f, 0, n), 3, "VEC3", true, 34962));
            ShapeTriangles.IntList indices = new ShapeTriangles.IntList();
            for (int t : triangles.get(b)) {
                indices.add(t);
            }
            prim.put("indices", g.indices(indices));
            prim.put("material", cloth.get(b) ? material : material + 1);
            if (frameCount > 1) {
                ArrayNode targets = prim.putArray("targets");
                ArrayNode weights = mesh.putArray("weights");
                for (int k = 1; k < frameCount; k++) {
                    ShapeTriangles.FloatList d = new ShapeTriangles.FloatList();
                    for (int i = 0; i < n; i++) {
                        d.add(f.get(k * n + i) - f.get(i));
                    }
                    targets.addObject().put("POSITION", g.floats(d, 3, "VEC3", true, 34962));
                    weights.add(0.0);
                }
            }
            nodes.addObject().put("name", names.get(b)).put("mesh", meshes.size() - 1);
            sceneNodes.add(nodes.size() - 1);
        }
    }

    /** The weights channels, nodes numbered from {@code firstNode} in {@link #addNodes} order. */
    void addChannels(GltfTrajectoryWriter.Builder g, ArrayNode samplers, ArrayNode channels, int input, int firstNode) {
        if (frameCount < 2) {
            return;
        }
        int targets = frameCount - 1;
        ShapeTriangles.FloatList w = new ShapeTriangles.FloatList();
        for (int f = 0; f < frameCount; f++) {
            for (int k = 1; k <= targets; k++) {
                w.add(k == f ? 1 : 0);
            }
        }
        int output = g.floats(w, 1, "SCALAR", false, 0);
        for (int b = 0; b < names.size(); b++) {
            samplers.addObject().put("input", input).put("output", output).put("interpolation", "LINEAR");
            channels.addObject().put("sampler", samplers.size() - 1).putObject("target").put("node", firstNode + b)
                    .put("path", "weights");
        }
    }

    private static ShapeTriangles.FloatList slice(ShapeTriangles.FloatList f, int from, int n) {
        ShapeTriangles.FloatList out = new ShapeTriangles.FloatList();
        for (int i = from; i < from + n; i++) {
            out.add(f.get(i));
        }
        return out;
    }
}
