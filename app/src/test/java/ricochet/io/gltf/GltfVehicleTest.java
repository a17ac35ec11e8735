package ricochet.io.gltf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import ricochet.cli.Main;
import ricochet.io.scene.Scene;
import ricochet.scenes.BuiltinScenes;
import ricochet.scenes.WorldBuilder;
import ricochet.vehicle.VehicleDef;
import ricochet.world.Simulation;
import ricochet.world.WorldSimulation;

/**
 * Vehicles in glTF: each wheel a root node named as its trajectory row, carrying a cylinder of its
 * radius and width about the node's x axis, keyed with the wheel's centre and orientation (spin and
 * steer) at every written frame; the file keeps the format's rules.
 */
class GltfVehicleTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"car-brake, glb", "car-circle, gltf", "car-slope, glb", "car-bumps, gltf", "car-launch, glb"})
    void everyWheelIsACylinderNodeKeyedWithItsPose(String name, String extension) throws Exception {
        Path file = dir.resolve(name + "." + extension);
        int steps = 90;
        int every = 3;
        StringWriter err = new StringWriter();
        String[] args = {"run", name, "--steps", String.valueOf(steps), "--every", String.valueOf(every),
            "--out", file.toString()};
        int code = Main.execute(args, new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertEquals(0, code, err.toString());
        GltfChecks.Gltf g = GltfChecks.assertValid(file);

        // The same run here (the world is deterministic), for the wheels' poses at each written frame.
        Scene scene = BuiltinScenes.load(name);
        Simulation sim = WorldBuilder.simulation(scene);
        int wheels = sim.wheelCount();
        assertTrue(wheels >= 4, name + " has a car");
        assertEquals(sim.bodyCount() + sim.characterCount() + wheels, g.json().get("nodes").size());
        List<double[][]> frames = new ArrayList<>();
        frames.add(wheelPoses(sim));
        for (int i = 1; i <= steps; i++) {
            sim.step();
            if (i % every == 0) {
                frames.add(wheelPoses(sim));
            }
        }
        List<VehicleDef.Wheel> specs = new ArrayList<>();
        WorldSimulation ws = (WorldSimulation) sim;
        for (int k = 0; k < ws.vehicleCount(); k++) {
            specs.addAll(ws.world().vehicles().def(ws.vehicleId(k)).wheels());
        }
        boolean spun = false;
        for (int w = 0; w < wheels; w++) {
            int node = g.node(sim.wheelName(w));
            assertEquals(sim.bodyCount() + sim.characterCount() + w, node, "after the characters");
            JsonNode mesh = g.json().get("meshes").get(g.json().get("nodes").get(node).get("mesh").asInt());
            JsonNode position = g.json().get("accessors").get(mesh.get("primitives").get(0).get("attributes")
                    .get("POSITION").asInt());
            double r = specs.get(w).radius();
            double half = 0.5 * specs.get(w).width();
            // The axle along x: half the width either side, the radius across y and z.
            double[] lo = {-half, -r, -r};
            double[] hi = {half, r, r};
            for (int k = 0; k < 3; k++) {
                assertEquals(lo[k], position.get("min").get(k).asDouble(), 1e-6, "wheel " + w + " min " + k);
                assertEquals(hi[k], position.get("max").get(k).asDouble(), 1e-6, "wheel " + w + " max " + k);
            }
            float[] times = g.values(g.sampler(node, "translation").get("input").asInt());
            float[] centres = g.values(g.sampler(node, "translation").get("output").asInt());
            float[] turns = g.values(g.sampler(node, "rotation").get("output").asInt());
            assertEquals(frames.size(), times.length, "frames 0, " + every + ", ..., " + steps);
            for (int f = 0; f < frames.size(); f++) {
                assertEquals(f * every * sim.dt(), times[f], 1e-5);
                double[] pose = frames.get(f)[w];
                for (int k = 0; k < 3; k++) {
                    // Stored as float: about 1e-7 relative.
                    assertEquals(pose[k], centres[3 * f + k], 1e-6 * (1 + Math.abs(pose[k])), "centre " + k);
                }
                double dot = 0;
                for (int k = 0; k < 4; k++) {
                    dot += pose[3 + k] * turns[4 * f + k];
                }
                assertEquals(1, Math.abs(dot), 1e-6, "wheel " + w + " orientation at frame " + f);
                if (f > 0) {
                    double previous = 0;
                    for (int k = 0; k < 4; k++) {
                        previous += turns[4 * f + k] * turns[4 * (f - 1) + k];
                    }
                    assertTrue(previous >= 0, "consecutive keys on one hemisphere");
                    spun |= previous < 1 - 1e-6;
                }
            }
        }
        assertTrue(spun, name + ": some wheel turns between keys");
    }

    /** Writing the wheels reads their poses (a ray cast each) between steps: that changes nothing. */
    @ParameterizedTest
    @CsvSource({"car-bumps", "car-slope"})
    void readingTheWheelsBetweenStepsLeavesTheRunAsItWas(String name) throws Exception {
        Simulation read = WorldBuilder.simulation(BuiltinScenes.load(name));
        Simulation untouched = WorldBuilder.simulation(BuiltinScenes.load(name));
        for (int i = 0; i < 120; i++) {
            wheelPoses(read);
            read.step();
            untouched.step();
        }
        double[] a = new double[13];
        double[] b = new double[13];
        for (int body = 0; body < read.bodyCount(); body++) {
            read.readState(body, a);
            untouched.readState(body, b);
            for (int k = 0; k < 13; k++) {
                assertEquals(Double.doubleToLongBits(b[k]), Double.doubleToLongBits(a[k]),
                        "body " + body + " [" + k + "]");
            }
        }
    }

    private static double[][] wheelPoses(Simulation sim) {
        double[][] out = new double[sim.wheelCount()][];
        double[] s = new double[13];
        for (int w = 0; w < out.length; w++) {
            sim.readWheelState(w, s);
            out[w] = new double[] {s[0], s[1], s[2], s[3], s[4], s[5], s[6]};
        }
        return out;
    }
}
