package ricochet.io.gltf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.javagl.jgltf.model.AccessorFloatData;
import de.javagl.jgltf.model.AccessorModel;
import de.javagl.jgltf.model.AnimationModel;
import de.javagl.jgltf.model.GltfModel;
import de.javagl.jgltf.model.NodeModel;
import de.javagl.jgltf.model.io.GltfModelReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import ricochet.cli.Main;
import ricochet.io.scene.BodyType;
import ricochet.io.scene.Scene;
import ricochet.io.trajectory.TrajectoryWriter;
import ricochet.scenes.BuiltinScenes;
import ricochet.scenes.WorldBuilder;
import ricochet.world.Simulation;

/** glTF written by {@code run --out} reads back with jgltf-model and replays the simulation's poses. */
class GltfTrajectoryWriterTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({"bunny, gltf", "bunny, glb", "terrain, glb", "sensor, gltf", "kinematic, glb"})
    void animationKeysTheSimulatedPosesAtTheWrittenFrames(String name, String extension) throws Exception {
        Scene scene = BuiltinScenes.load(name);
        Simulation sim = WorldBuilder.simulation(scene);
        Path file = dir.resolve(name + "." + extension);
        int every = 5;
        int steps = 60;
        // The poses the file must hold: frame 0, then every 5th step.
        Map<Integer, double[][]> expected = new HashMap<>();
        try (TrajectoryWriter w = TrajectoryWriter.open(file, scene)) {
            w.writeFrame(0, sim);
            expected.put(0, poses(sim));
            for (int i = 1; i <= steps; i++) {
                sim.step();
                if (i % every == 0) {
                    w.writeFrame(i, sim);
                    expected.put(i / every, poses(sim));
                }
            }
            w.finish();
        }
        if (extension.equals("glb")) {
            ByteBuffer head = ByteBuffer.wrap(Files.readAllBytes(file)).order(ByteOrder.LITTLE_ENDIAN);
            assertEquals(0x46546C67, head.getInt(), "GLB magic 'glTF'");
            assertEquals(2, head.getInt());
            assertEquals(Files.size(file), head.getInt(), "GLB header length is the file's");
        }
        GltfChecks.assertValid(file);
        GltfModel model = new GltfModelReader().read(file);
        List<NodeModel> nodes = model.getNodeModels();
        assertEquals(scene.bodies().size(), nodes.size());
        for (int b = 0; b < nodes.size(); b++) {
            assertEquals(scene.bodies().get(b).name(), nodes.get(b).getName());
            AccessorModel positions = nodes.get(b).getMeshModels().get(0).getMeshPrimitiveModels().get(0)
                    .getAttributes().get("POSITION");
            assertTrue(positions.getCount() >= 3, "body " + b + " has triangles");
        }
        assertEquals(1, model.getAnimationModels().size());
        AnimationModel animation = model.getAnimationModels().get(0);
        long moving = scene.bodies().stream().filter(b -> b.type() != BodyType.STATIC).count();
        assertEquals(2 * moving, animation.getChannels().size(), "translation and rotation per moving body");
        int frames = steps / every + 1;
        for (AnimationModel.Channel c : animation.getChannels()) {
            AccessorFloatData times = (AccessorFloatData) c.getSampler().getInput().getAccessorData();
            AccessorFloatData values = (AccessorFloatData) c.getSampler().getOutput().getAccessorData();
            assertEquals(frames, times.getNumElements());
            assertEquals(frames, values.getNumElements());
            int body = nodes.indexOf(c.getNodeModel());
            for (int f = 0; f < frames; f++) {
                assertEquals(f * every * sim.dt(), times.get(f), 1e-6, "key time of frame " + f);
                double[] pose = expected.get(f)[body];
                if (c.getPath().equals("translation")) {
                    for (int k = 0; k < 3; k++) {
                        // Stored as float: about 1e-7 relative.
                        assertEquals(pose[k], values.get(f, k), 1e-6 * (1 + Math.abs(pose[k])));
                    }
                } else {
                    // q and -q are one rotation: compare |q_file . q_sim| with 1.
                    double dot = 0;
                    for (int k = 0; k < 4; k++) {
                        dot += values.get(f, k) * pose[3 + k];
                    }
                    assertEquals(1, Math.abs(dot), 1e-6);
                    if (f > 0) {
                        double previous = 0;
                        for (int k = 0; k < 4; k++) {
                            previous += values.get(f, k) * values.get(f - 1, k);
                        }
                        assertTrue(previous >= 0, "consecutive keys on one hemisphere, so slerp turns the short way");
                    }
                }
            }
        }
    }

    private static double[][] poses(Simulation sim) {
        double[][] out = new double[sim.bodyCount()][];
        double[] s = new double[13];
        for (int b = 0; b < sim.bodyCount(); b++) {
            sim.readState(b, s);
            out[b] = new double[] {s[0], s[1], s[2], s[3], s[4], s[5], s[6]};
        }
        return out;
    }

    @ParameterizedTest
    @CsvSource({"gltf", "glb"})
    void runCommandWritesGltf(String extension) throws Exception {
        Path file = dir.resolve("pyramid." + extension);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.execute(new String[] {"run", "pyramid", "--steps", "30", "--every", "10", "--out", file.toString()},
                new PrintWriter(out), new PrintWriter(err));
        assertEquals(0, code, err.toString());
        GltfModel model = new GltfModelReader().read(file);
        assertEquals(BuiltinScenes.load("pyramid").bodies().size(), model.getNodeModels().size());
        // 210 equal boxes share one mesh; the ground has its own.
        assertEquals(2, model.getMeshModels().size());
        AccessorModel input = model.getAnimationModels().get(0).getChannels().get(0).getSampler().getInput();
        assertEquals(4, input.getCount(), "frames 0, 10, 20, 30");
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "no temporary file left beside the output");
        }
    }
}
