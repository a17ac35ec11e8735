package ricochet.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import ricochet.io.scene.Scene;
import ricochet.io.scene.SceneReader;
import ricochet.math.Vec3;
import ricochet.scenes.WorldBuilder;
import ricochet.soft.SoftBodies;
import ricochet.soft.SoftId;
import ricochet.world.WorldSimulation;

/** The viewer's cloths: their triangles, their particles in the frame, and a particle held by the mouse. */
class ViewerSoftBodiesTest {

    private static final String SCENE = """
            {"format": "ricochet-scene/1", "settings": {"dt": 0.016666666666666666},
             "bodies": [{"name": "ground", "type": "static",
                         "shape": {"type": "plane", "normal": [0, 1, 0], "offset": 0}}],
             "cloths": [{"name": "flag", "position": [0, 2, 0], "size": [1, 0.5], "resolution": [4, 2],
                         "pins": [[0, 2], [4, 2]]}]}""";

    static WorldSimulation build() throws Exception {
        Scene scene = SceneReader.parse(SCENE, "flag-test", Path.of("."));
        return WorldBuilder.buildWorld(scene);
    }

    @Test
    void jsonAndFrameCarryTheClothsMeshAndParticles() throws Exception {
        WorldSimulation sim = build();
        try (var world = sim.world()) {
            JsonNode json = ViewerSoftBodies.json(sim);
            assertEquals(1, json.size());
            JsonNode flag = json.get(0);
            assertEquals("flag", flag.get("name").asText());
            assertTrue(flag.get("cloth").asBoolean());
            assertEquals(5 * 3, flag.get("particles").asInt());
            // Two triangles a cell, three indices each.
            assertEquals(3 * 2 * 4 * 2, flag.get("triangles").size());
            assertEquals(3 * 15, ViewerSoftBodies.size(sim));
            double[] frame = new double[2 + ViewerSoftBodies.size(sim)];
            ViewerSoftBodies.frame(sim, frame, 2);
            // Particle [i, j] = i + 5 j sits at ((i / 4 - 1/2) 1, 2 + (j / 2 - 1/2) 0.5, 0).
            assertEquals(0.5, frame[2 + 3 * 14], 1e-12);
            assertEquals(2.25, frame[2 + 3 * 14 + 1], 1e-12);
            assertEquals(-0.5, frame[2 + 3 * 0], 1e-12);
            assertEquals(1.75, frame[2 + 3 * 0 + 1], 1e-12);
        }
    }

    /**
     * A free corner taken 0.2 m out of the cloth's plane at 0.4 m/s is where the cursor is after every
     * step (held, it is pinned: the cloth cannot pull it back); let go, it is free and swings back.
     */
    @Test
    void aHeldParticleFollowsTheCursor() throws Exception {
        WorldSimulation sim = build();
        try (var world = sim.world()) {
            SoftBodies soft = sim.world().softBodies();
            SoftId flag = soft.ids().get(0);
            Vec3 start = new Vec3(-0.5, 1.75, 0);
            ViewerSoftBodies.Grab grab = ViewerSoftBodies.Grab.start(sim, "flag", IntNode.valueOf(0), start);
            double[] x = new double[3];
            double worst = 0;
            for (int i = 1; i <= 90; i++) {
                double f = Math.min(i / 30.0, 1);
                Vec3 target = new Vec3(-0.5, 1.75 + 0.05 * f, 0.2 * f);
                grab.moveTo(target);
                grab.apply(sim);
                sim.step();
                soft.position(flag, 0, x);
                worst = Math.max(worst, Math.sqrt((x[0] - target.x()) * (x[0] - target.x())
                        + (x[1] - target.y()) * (x[1] - target.y()) + (x[2] - target.z()) * (x[2] - target.z())));
            }
            assertEquals(0, worst, 1e-12, "the held corner strayed from the cursor");
            grab.release();
            assertTrue(!soft.isPinned(flag, 0), "let go, the corner is free");
            for (int i = 0; i < 30; i++) {
                sim.step();
            }
            soft.position(flag, 0, x);
            System.out.printf("viewer particle drag: let go, the corner swung from z 0.2 to %.4f m in 0.5 s%n", x[2]);
            assertTrue(x[2] < 0.19, "let go, the corner stayed at z = " + x[2]);
            assertThrows(ViewerParams.BadParam.class,
                    () -> ViewerSoftBodies.Grab.start(sim, "flag", IntNode.valueOf(15), start));
            assertThrows(ViewerParams.BadParam.class,
                    () -> ViewerSoftBodies.Grab.start(sim, "sail", IntNode.valueOf(0), start));
        }
    }
}
