package ricochet.io.gltf;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import ricochet.io.scene.ShapeSpec;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.vehicle.VehicleDef;
import ricochet.vehicle.VehicleId;
import ricochet.world.Simulation;
import ricochet.world.WorldSimulation;

/**
 * The vehicles' wheels in a glTF trajectory: one root node per wheel, named as its trajectory row
 * ({@code VEHICLE.wheelI}), carrying a cylinder of the wheel's radius and width whose axis is the
 * node's x (the axle), and keyed with the wheel's centre and orientation (the chassis', steered,
 * then spun about the axle) at every written frame. Root nodes rather than children of the chassis:
 * the poses are already in world space, and a child would need the chassis' pose divided out of
 * every key.
 *
 * <p>A wheel spinning more than half a turn between two written frames is keyed correctly but
 * played back turning the short way (a linear rotation channel interpolates along the shorter
 * arc): write frames often enough for the spin to show.
 */
final class GltfWheels {

    /** Per wheel: its name, radius and width (m); null until the first frame. */
    private String[] names;
    private double[] radius;
    private double[] width;
    /** Per wheel, per frame: centre (3) and orientation (x, y, z, w). */
    private ShapeTriangles.FloatList[] poses = new ShapeTriangles.FloatList[0];
    private final double[] state = new double[13];

    /** Keeps every wheel's pose now as the next frame. */
    void writeFrame(Simulation sim) {
        if (names == null) {
            start(sim);
        } else if (sim.wheelCount() != names.length) {
            throw new IllegalArgumentException("glTF: the simulation has " + sim.wheelCount() + " wheels, "
                    + names.length + " at the first frame");
        }
        for (int w = 0; w < names.length; w++) {
            sim.readWheelState(w, state);
            ShapeTriangles.FloatList p = poses[w];
            // q and -q are one rotation; keyed with the previous key's sign, the channel turns the
            // short way between keys instead of nearly a full turn.
            double sign = 1;
            int n = p.size();
            if (n >= 7) {
                double dot = p.get(n - 4) * state[3] + p.get(n - 3) * state[4] + p.get(n - 2) * state[5]
                        + p.get(n - 1) * state[6];
                sign = dot < 0 ? -1 : 1;
            }
            p.add(state[0], state[1], state[2], sign * state[3], sign * state[4], sign * state[5],
                    sign * state[6]);
        }
    }

    /** Names and sizes, numbered as the simulation numbers its wheels: vehicles in order, each's wheels. */
    private void start(Simulation sim) {
        int n = sim.wheelCount();
        names = new String[n];
        radius = new double[n];
        width = new double[n];
        poses = new ShapeTriangles.FloatList[n];
        int w = 0;
        if (sim instanceof WorldSimulation ws) {
            for (int k = 0; k < ws.vehicleCount(); k++) {
                VehicleId id = ws.vehicleId(k);
                for (VehicleDef.Wheel spec : ws.world().vehicles().def(id).wheels()) {
                    radius[w] = spec.radius();
                    width[w] = spec.width();
                    w++;
                }
            }
        }
        if (w != n) {
            throw new IllegalArgumentException("glTF: the simulation lists " + n + " wheels, its vehicles "
                    + w);
        }
        for (int i = 0; i < n; i++) {
            names[i] = sim.wheelName(i);
            poses[i] = new ShapeTriangles.FloatList();
        }
    }

    int count() {
        return poses.length;
    }

    /**
     * Adds one node per wheel at the end of {@code nodes}, each a root of the scene, posed as at the
     * first frame; wheels of one size share a mesh.
     */
    void nodes(GltfTrajectoryWriter.Builder g, ArrayNode sceneNodes, ArrayNode nodes, ArrayNode meshes,
            ArrayNode materials, Map<List<Object>, Integer> meshOf) {
        if (poses.length == 0) {
            return;
        }
        materials.addObject().put("name", "wheel").putObject("pbrMetallicRoughness")
                .put("metallicFactor", 0.0).put("roughnessFactor", 0.9)
                .putArray("baseColorFactor").add(0.14).add(0.15).add(0.17).add(1.0);
        int material = materials.size() - 1;
        for (int w = 0; w < poses.length; w++) {
            ShapeSpec shape = wheelShape(radius[w], width[w]);
            Integer mesh = meshOf.computeIfAbsent(List.of(shape, "wheel"),
                    k -> GltfTrajectoryWriter.mesh(g, meshes, shape, "wheel", material));
            ObjectNode node = nodes.addObject().put("name", names[w]).put("mesh", mesh);
            ShapeTriangles.FloatList p = poses[w];
            node.putArray("translation").add(p.get(0)).add(p.get(1)).add(p.get(2));
            node.putArray("rotation").add(p.get(3)).add(p.get(4)).add(p.get(5)).add(p.get(6));
            sceneNodes.add(nodes.size() - 1);
        }
    }

    /** The wheel's cylinder, its axis along x: the y-axis cylinder turned 90 degrees about z. */
    static ShapeSpec wheelShape(double radius, double width) {
        return new ShapeSpec.Compound(List.of(new ShapeSpec.Child(new ShapeSpec.Cylinder(radius, 0.5 * width),
                Vec3.ZERO, Quat.fromAxisAngle(new Vec3(0, 0, 1), 0.5 * Math.PI))));
    }

    /**
     * A translation and a rotation channel per wheel, on the frames' times {@code input}; the wheels'
     * nodes are {@code firstNode} on.
     */
    void channels(GltfTrajectoryWriter.Builder g, int input, ArrayNode samplers, ArrayNode channels,
            int firstNode) {
        for (int w = 0; w < poses.length; w++) {
            ShapeTriangles.FloatList translation = new ShapeTriangles.FloatList();
            ShapeTriangles.FloatList rotation = new ShapeTriangles.FloatList();
            ShapeTriangles.FloatList p = poses[w];
            for (int o = 0; o < p.size(); o += 7) {
                translation.add(p.get(o), p.get(o + 1), p.get(o + 2));
                rotation.add(p.get(o + 3), p.get(o + 4), p.get(o + 5), p.get(o + 6));
            }
            int centres = g.floats(translation, 3, "VEC3", false, 0);
            int turns = g.floats(rotation, 4, "VEC4", false, 0);
            GltfTrajectoryWriter.channel(samplers, channels, input, centres, firstNode + w, "translation");
            GltfTrajectoryWriter.channel(samplers, channels, input, turns, firstNode + w, "rotation");
        }
    }
}
