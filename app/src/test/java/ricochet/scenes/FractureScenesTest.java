package ricochet.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.fracture.Fractures;
import ricochet.geometry.shape.MassProperties;
import ricochet.io.scene.Scene;
import ricochet.io.scene.SceneException;
import ricochet.io.scene.SceneReader;
import ricochet.math.Mat3;
import ricochet.math.Quat;
import ricochet.world.Event;
import ricochet.world.World;
import ricochet.world.WorldSimulation;

/**
 * Fractured bodies in scene files and the built-in scenes {@code shatter} and {@code slab-bridge}:
 * what each scene is there to show, worked out from the scene itself.
 */
class FractureScenesTest {

    static String scene(String wall) {
        return """
                {"format": "ricochet-scene/1", "settings": {"dt": 0.01},
                 "bodies": [{"name": "ground", "type": "static", "position": [0, -0.5, 0],
                             "shape": {"type": "box", "halfExtents": [50, 0.5, 50]}},
                            %s]}
                """.formatted(wall);
    }

    static String problems(String wall) {
        SceneException e = assertThrows(SceneException.class,
                () -> SceneReader.parse(scene(wall), "test.json", null));
        return e.getMessage();
    }

    private static final String WALL = "\"name\": \"wall\", \"position\": [0, 1, 0], "
            + "\"shape\": {\"type\": \"box\", \"halfExtents\": [1, 1, 0.1]}, ";

    @Test
    void badFracturesAreReportedWithTheirPath() {
        assertTrue(problems("{" + WALL + "\"fracture\": {\"pieces\": 1, \"strength\": 10}}").contains(
                "$.bodies[1].fracture.pieces: pieces must be >= 2, got 1"));
        assertTrue(problems("{" + WALL + "\"fracture\": {\"pieces\": 10001, \"strength\": 10}}").contains(
                "$.bodies[1].fracture.pieces: pieces must be at most 10000, got 10001"));
        assertTrue(problems("{" + WALL + "\"fracture\": {\"pieces\": 10, \"strength\": 0}}").contains(
                "$.bodies[1].fracture.strength"));
        assertTrue(problems("{" + WALL + "\"fracture\": {\"pieces\": 10, \"strength\": -5}}").contains(
                "$.bodies[1].fracture.strength"));
        assertTrue(problems("{" + WALL + "\"fracture\": {\"pieces\": 10}}").contains(
                "$.bodies[1].fracture: missing required key 'strength'"));
        assertTrue(problems("{" + WALL + "\"fracture\": {\"pieces\": 10, \"strength\": 1, \"glue\": 2}}").contains(
                "$.bodies[1].fracture.glue: unknown key"));
        String compound = "\"name\": \"wall\", \"shape\": {\"type\": \"compound\", \"children\": ["
                + "{\"shape\": {\"type\": \"sphere\", \"radius\": 1}}]}, ";
        assertTrue(problems("{" + compound + "\"fracture\": {\"pieces\": 10, \"strength\": 1}}").contains(
                "$.bodies[1].shape: 'fracture' needs a convex shape"));
        assertTrue(problems("{" + WALL + "\"type\": \"static\", \"fracture\": {\"pieces\": 10, \"strength\": 1}}")
                .contains("$.bodies[1].fracture: 'fracture' needs a dynamic body"));
    }

    /** Pieces are rows name.0 .. name.(n-1) from frame 0, each at its own centroid, the cut solid's mass. */
    @Test
    void piecesAreListedFromTheFirstFrameWithTheWholeMass() throws SceneException {
        Scene s = SceneReader.parse(scene("{" + WALL + "\"density\": 100, "
                + "\"fracture\": {\"pieces\": 12, \"seed\": 3, \"strength\": 50, \"anchored\": true}}"), "t", null);
        WorldSimulation sim = WorldBuilder.buildWorld(s);
        assertEquals(13, sim.bodyCount());
        double mass = 0, cy = 0;
        double[] st = new double[13];
        Fractures fr = sim.world().fractures();
        for (int p = 0; p < 12; p++) {
            assertEquals("wall." + p, sim.bodyName(1 + p));
            sim.readState(1 + p, st);
            mass += fr.pieceMass(0, p);
            cy += fr.pieceMass(0, p) * st[1];
        }
        // A 2 x 2 x 0.2 m box at 100 kg/m^3, centred 1 m up.
        assertEquals(80, mass, 80e-9);
        assertEquals(1, cy / mass, 1e-9);
        boolean anchored = false;
        for (int p = 0; p < 12; p++) {
            anchored |= fr.isAnchored(0, p);
        }
        assertTrue(anchored, "pieces on the ground are bonded to it");
        // Snapshots hold them: one taken now restores into the same scene built again.
        WorldSimulation again = WorldBuilder.buildWorld(s);
        again.restore(sim.snapshot());
        assertEquals(sim.stateHash(), again.stateHash());
    }

    /** Kinetic plus potential energy of every row (pieces, static or not, and the other dynamic bodies). */
    private static double energy(WorldSimulation sim) {
        World w = sim.world();
        double g = -w.gravity().y();
        double e = 0;
        double[] st = new double[13], r = new double[9], scratch = new double[9], iw = new double[9];
        Fractures fr = w.fractures();
        int first = -1;
        for (int row = 0; row < sim.bodyCount(); row++) {
            if (sim.bodyName(row).startsWith(fr.name(0) + ".")) {
                first = first < 0 ? row : first;
            }
        }
        for (int row = 0; row < sim.bodyCount(); row++) {
            sim.readState(row, st);
            double m;
            double[] inertia;
            if (first >= 0 && row >= first && row < first + fr.pieceCount(0)) {
                int p = row - first;
                m = fr.pieceMass(0, p);
                MassProperties unit = MassProperties.of(fr.pieceShape(0, p), 1);
                inertia = unit.inertia();
                for (int k = 0; k < 9; k++) {
                    inertia[k] *= m / unit.mass();
                }
            } else {
                if (w.type(sim.id(row)) != BodyDef.Type.DYNAMIC) {
                    continue;
                }
                m = w.mass(sim.id(row));
                inertia = MassProperties.of(w.shape(sim.id(row)), 1).inertia();
                double unitMass = MassProperties.of(w.shape(sim.id(row)), 1).mass();
                for (int k = 0; k < 9; k++) {
                    inertia[k] *= m / unitMass;
                }
            }
            System.arraycopy(new Quat(st[3], st[4], st[5], st[6]).toMatrix().toArray(), 0, r, 0, 9);
            Mat3.rotateTensor(r, inertia, scratch, iw);
            double wx = st[10], wy = st[11], wz = st[12];
            double spin = wx * (iw[0] * wx + iw[1] * wy + iw[2] * wz) + wy * (iw[3] * wx + iw[4] * wy + iw[5] * wz)
                    + wz * (iw[6] * wx + iw[7] * wy + iw[8] * wz);
            e += 0.5 * m * (st[7] * st[7] + st[8] * st[8] + st[9] * st[9]) + 0.5 * spin + m * g * st[1];
        }
        return e;
    }

    /**
     * shatter: the ball breaks the wall in the step it reaches it and goes through; no step around the break gains
     * energy (pieces that were held static count with their weight all along); every piece is asleep within 5 s of the break, and none is below the
     * ground (its centroid above y = 0).
     */
    @Test
    void shatterBreaksTheWallWithoutMakingEnergyAndThePiecesComeToRest() throws Exception {
        WorldSimulation sim = WorldBuilder.buildWorld(BuiltinScenes.read("shatter"));
        World w = sim.world();
        int breakStep = -1;
        List<Event> events = new ArrayList<>();
        for (int step = 1; step <= 60 && breakStep < 0; step++) {
            double before = energy(sim);
            sim.step();
            double after = energy(sim);
            assertTrue(after <= before + 1e-9 * Math.abs(before), "step " + step + " makes no energy: "
                    + before + " -> " + after);
            if (!w.fractures().breaks().isEmpty()) {
                breakStep = step;
            }
        }
        assertTrue(breakStep > 0, "the ball breaks the wall");
        for (int k = 0; k < 5; k++) {
            double before = energy(sim);
            sim.step();
            double after = energy(sim);
            assertTrue(after <= before + 1e-9 * Math.abs(before), "no energy made after the break");
        }
        assertTrue(w.fractures().clusterCount(0) > 10, "the wall is in pieces: " + w.fractures().clusterCount(0));
        // Through, not back: half a second after the break the ball is beyond the wall's back face
        // (z = -0.05 m) by more than its radius, still flying away from where it came.
        for (int k = 0; k < 30; k++) {
            sim.step();
        }
        double ballZ = w.position(sim.body("ball")).z(), ballVz = w.velocity(sim.body("ball")).z();
        assertTrue(ballZ < -0.05 - 0.15 && ballVz < 0, "the ball went through the wall: z " + ballZ + ", vz " + ballVz);
        sim.drainEvents(events);
        assertTrue(events.stream().anyMatch(e -> e.type() == Event.Type.BREAK && e.a().startsWith("wall.")));
        int stepsTo5s = (int) Math.round(5 / sim.dt());
        double[] st = new double[13];
        for (int step = 0; step < stepsTo5s - 35; step++) {
            sim.step();
        }
        for (int row = 0; row < sim.bodyCount(); row++) {
            if (sim.bodyName(row).startsWith("wall.")) {
                assertTrue(sim.isSleeping(row), sim.bodyName(row) + " rests within 5 s of the break");
                sim.readState(row, st);
                assertTrue(st[1] > 0, sim.bodyName(row) + " is above the ground: " + st[1]);
            }
        }
    }

    /**
     * slab-bridge: the anchored slab carries its own weight (no bond breaks while the load falls),
     * and breaks in the step the 400 kg load lands on it.
     */
    @Test
    void slabBridgeHoldsItsWeightAndBreaksWhenTheLoadLands() throws Exception {
        WorldSimulation sim = WorldBuilder.buildWorld(BuiltinScenes.read("slab-bridge"));
        World w = sim.world();
        int landed = -1;
        for (int step = 1; step <= 60 && landed < 0; step++) {
            double vy = w.velocity(sim.body("load")).y();
            sim.step();
            boolean stopped = w.velocity(sim.body("load")).y() - vy > 0;
            if (!w.fractures().breaks().isEmpty()) {
                assertTrue(stopped, "no bond breaks before the load lands (step " + step + ")");
                landed = step;
            }
        }
        assertTrue(landed > 0, "the load breaks the bridge");
        assertTrue(w.fractures().clusterCount(0) > 1);
    }

    /**
     * slab-bridge with bonds too strong to break, the estimate read in the step the load lands. A
     * beam on the piers' centres (x = +-a, a = 3 m; the slab reaches c = 3.5 m) under the landing
     * impulse P at midspan and its own weight W over the step: the reactions are (P + W) / 2 each, so
     * the moment through the midspan section is {@code M = (P + W) a / 2 - (W / 2)(c / 2)}. The
     * moment the bonds crossing x = 0 carry (their angular impulses plus their impulses' moments about
     * the section's centre) is that within 20 %, and the bonds whose load would exceed the scene's
     * strength all lie within 20 % of the span from the load.
     */
    @Test
    void slabBridgeBendsAsABeamAndFailsNearTheLoad() throws Exception {
        String text;
        try (var in = BuiltinScenes.class.getResourceAsStream("/ricochet/scenes/slab-bridge.json")) {
            text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        double strength = 14000;
        assertTrue(text.contains("\"strength\": 14000"), "the scene's strength");
        WorldSimulation sim = WorldBuilder.buildWorld(SceneReader.parse(
                text.replace("\"strength\": 14000", "\"strength\": 1e15"), "slab-bridge.json", null));
        World w = sim.world();
        Fractures fr = w.fractures();
        fr.setEstimateAll(true);
        double g = -w.gravity().y(), dt = sim.dt();
        double slabMass = 0;
        for (int p = 0; p < fr.pieceCount(0); p++) {
            slabMass += fr.pieceMass(0, p);
        }
        double p0 = 0;
        for (int step = 1; step <= 60; step++) {
            double vy = w.velocity(sim.body("load")).y();
            sim.step();
            // The slab's push on the load over the step: its change of momentum less gravity's.
            double push = w.mass(sim.body("load")) * (w.velocity(sim.body("load")).y() - vy + g * dt);
            double most = 0;
            for (int k = 0; k < fr.bondCount(0); k++) {
                most = Math.max(most, fr.bondLoad(0, k));
            }
            if (push < 1) {
                assertTrue(most < strength, "the slab holds its weight: " + most + " at step " + step);
                continue;
            }
            p0 = push;
            break;
        }
        assertTrue(p0 > 0, "the load lands");
        double a = 3, c = 3.5, weight = slabMass * g * dt;
        double beam = (p0 + weight) * a / 2 - (weight / 2) * (c / 2);
        // The slab is static at (0, 2.1, 0), unturned: piece centroids from their rows.
        double[] st = new double[13], cx = new double[fr.pieceCount(0)];
        for (int row = 0; row < sim.bodyCount(); row++) {
            String name = sim.bodyName(row);
            if (name.startsWith("slab.")) {
                sim.readState(row, st);
                cx[Integer.parseInt(name.substring(5))] = st[0];
            }
        }
        double[] ft = new double[6];
        double moment = 0;
        double span = 2 * a;
        boolean any = false;
        for (int k = 0; k < fr.bondCount(0); k++) {
            int pa = fr.bondPieceA(0, k), pb = fr.bondPieceB(0, k);
            var at = fr.bondCentroid(0, k);
            if (fr.bondLoad(0, k) > strength) {
                any = true;
                assertTrue(Math.abs(at.x()) < 0.2 * span, "bond " + k + " fails near the load: x " + at.x());
            }
            if ((cx[pa] < 0) == (cx[pb] < 0)) {
                continue;
            }
            fr.bondVector(0, k, ft);
            // About the section's centre (the origin): T + c x F, z component, from the left to the right.
            double mz = ft[5] + at.x() * ft[1] - at.y() * ft[0];
            moment += cx[pa] < 0 ? mz : -mz;
        }
        assertTrue(any, "the landing would break bonds");
        assertEquals(beam, Math.abs(moment), 0.2 * beam, "midspan moment against the beam's");
    }

    /**
     * An impact point crowds the pieces around it: the pieces whose centroids lie within a quarter of
     * the wall's width of the point are smaller on average than the others, by more than the factor
     * an even spread's scatter gives; an impact outside the shape, or not a vector, is refused at its path.
     */
    @Test
    void anImpactPointMakesSmallerPiecesAroundItAndIsCheckedAtItsPath() throws Exception {
        String wall = "{" + WALL + "\"density\": 100, \"fracture\": {\"pieces\": 60, \"seed\": 5, \"strength\": 50, "
                + "\"impact\": [0.5, 0.3, 0]}}";
        WorldSimulation sim = WorldBuilder.buildWorld(SceneReader.parse(scene(wall), "t", null));
        Fractures fr = sim.world().fractures();
        double[] st = new double[13];
        double near = 0, far = 0;
        int nearCount = 0, farCount = 0;
        for (int p = 0; p < fr.pieceCount(0); p++) {
            sim.readState(1 + p, st);
            // The wall is centred at (0, 1, 0), unturned: the impact point is at (0.5, 1.3, 0).
            double d = Math.hypot(st[0] - 0.5, st[1] - 1.3);
            if (d < 0.5) {
                near += fr.pieceMass(0, p);
                nearCount++;
            } else {
                far += fr.pieceMass(0, p);
                farCount++;
            }
        }
        assertTrue(nearCount > 0 && farCount > 0);
        assertTrue(near / nearCount < 0.5 * far / farCount, "pieces near the impact are smaller: "
                + near / nearCount + " kg against " + far / farCount);
        WorldBuilder.BuildException outside = assertThrows(WorldBuilder.BuildException.class,
                () -> WorldBuilder.buildWorld(SceneReader.parse(scene("{" + WALL
                        + "\"fracture\": {\"pieces\": 10, \"strength\": 1, \"impact\": [3, 0, 0]}}"), "t", null)));
        assertEquals("$.bodies[1].fracture.impact", outside.path());
        assertTrue(problems("{" + WALL + "\"fracture\": {\"pieces\": 10, \"strength\": 1, \"impact\": 2}}")
                .contains("$.bodies[1].fracture.impact"));
    }

    @Test
    void builtInFractureScenesAreListed() {
        assertTrue(BuiltinScenes.NAMES.contains("shatter") && BuiltinScenes.NAMES.contains("slab-bridge"));
    }
}
