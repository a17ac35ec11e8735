package ricochet.viewer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import ricochet.io.scene.Scene;
import ricochet.scenes.BuiltinScenes;

/** Every built-in scene runs in the viewer's host and its shapes reach the page. */
class SimulationHostTest {

    @Test
    void everyBuiltinSceneSteppedOnceGivesAFullFrameAndState() throws Exception {
        for (String name : BuiltinScenes.NAMES) {
            Scene scene = BuiltinScenes.load(name);
            try (SimulationHost host = new SimulationHost(scene)) {
                host.stepOnce();
                double[] frame = host.frame(null);
                // Every body of the simulation, ragdoll parts included, reaches the frame and the page.
                int n = host.bodies().size();
                assertTrue(n >= scene.bodies().size(), name);
                if (!scene.ragdolls().isEmpty()) {
                    assertTrue(n > scene.bodies().size(), name + ": the ragdolls' parts are drawn");
                }
                int characters = scene.characters().size();
                int vehicles = scene.vehicles().size();
                int wheels = host.simulation().wheelCount();
                // Then x, y, z of every cloth and soft-body particle, and last the vehicle block.
                int particles = 0;
                for (JsonNode soft : host.softBodiesJson()) {
                    particles += soft.get("particles").asInt();
                }
                assertEquals(SimulationHost.HEADER + SimulationHost.PER_BODY * n
                        + ViewerCharacters.PER_CHARACTER * characters + 3 * particles
                        + ViewerVehicles.PER_VEHICLE * vehicles + ViewerVehicles.PER_WHEEL * wheels,
                        frame.length, name);
                assertEquals(1, frame[1], name + ": one step");
                for (double x : frame) {
                    assertTrue(Double.isFinite(x), name + ": finite frame");
                }
                JsonNode state = host.stateJson();
                assertEquals(n, state.get("bodies").size(), name);
                assertEquals(n, SceneGeometry.json(scene, host, name).get("bodies").size(), name);
                assertEquals(characters, state.get("characters").size(), name);
                assertEquals(vehicles, state.get("vehicles").size(), name);
                assertEquals(characters, SceneGeometry.json(scene, host, name).get("characters").size(), name);
                assertEquals(frame[6] + frame[7], state.get("awake").asInt() + state.get("asleep").asInt(), name);
            }
        }
    }

    /**
     * Each lab body's energy and rule reach /api/state. One step of h from rest 1 m up (no contact)
     * drops the centre by {@code g h^2 b} with the rule's drift weight b and gives it speed g h, so the
     * energy moves by {@code M g^2 h^2 (1/2 - b)}: up for explicit Euler, down for the semi- and
     * implicit Euler, and not at all for the second-order rules.
     */
    @Test
    void labBodiesReportTheirEnergyAndIntegrator() throws Exception {
        Scene scene = BuiltinScenes.load("integrators");
        try (SimulationHost host = new SimulationHost(scene)) {
            JsonNode before = host.stateJson().get("bodies");
            host.stepOnce();
            JsonNode bodies = host.stateJson().get("bodies");
            assertTrue(bodies.get("floor").get("energy") == null, "a collider has no energy of its own");
            double m = 8, g = 9.8, h = scene.settings().dt();
            for (var rule : ricochet.math.IntegrationRule.values()) {
                JsonNode b = bodies.get(rule.key());
                assertEquals(rule.key(), b.get("integrator").asText());
                double e0 = before.get(rule.key()).get("energy").asDouble();
                assertEquals(m * g * 1.25, e0, 1e-9, rule.key());
                double expected = e0 + m * g * g * h * h * (0.5 - rule.driftWeight());
                assertEquals(expected, b.get("energy").asDouble(), 1e-9, rule.key());
            }
        }
    }

    /** The engine's world takes friction and restitution at once, on its dynamic bodies only. */
    @Test
    void engineWorldMaterialsChangeAtOnce() throws Exception {
        Scene scene = BuiltinScenes.load("slide");
        try (SimulationHost host = new SimulationHost(scene)) {
            host.setParams(new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree("{\"friction\": 0.05, \"restitution\": 0.25}"));
            var sim = (ricochet.world.WorldSimulation) host.simulation();
            for (int b = 0; b < sim.bodyCount(); b++) {
                var id = sim.id(b);
                boolean dynamic = scene.bodies().get(b).type() == ricochet.io.scene.BodyType.DYNAMIC;
                if (dynamic) {
                    assertEquals(0.05, sim.world().friction(id), sim.bodyName(b));
                    assertEquals(0.25, sim.world().restitution(id), sim.bodyName(b));
                } else {
                    assertEquals(scene.bodies().get(b).friction(), sim.world().friction(id), sim.bodyName(b));
                }
            }
        }
    }

    /**
     * The page shows no events, so the host drains them every step: left undrained they grew by
     * tens of megabytes an hour on a busy scene and went into every snapshot.
     */
    @Test
    void theHostDrainsEventsEveryStep() throws Exception {
        Scene scene = BuiltinScenes.load("sensor");
        try (SimulationHost host = new SimulationHost(scene)) {
            for (int i = 0; i < 120; i++) {
                host.stepOnce();
            }
            java.util.List<ricochet.world.Event> left = new java.util.ArrayList<>();
            host.simulation().drainEvents(left);
            assertEquals(0, left.size(), "events held by the host's simulation");
        }
        // The scene does make events: the same steps driven directly leave them for a drain.
        try (SimulationHost host = new SimulationHost(scene)) {
            host.stepOnce();
            ricochet.world.Simulation sim = host.simulation();
            for (int i = 1; i < 120; i++) {
                sim.step();
            }
            java.util.List<ricochet.world.Event> held = new java.util.ArrayList<>();
            sim.drainEvents(held);
            assertTrue(!held.isEmpty(), "the sensor scene makes events");
        }
    }
}
