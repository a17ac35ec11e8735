package ricochet.bench.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import ricochet.bench.run.Workload;
import ricochet.bench.scene.BenchScene;
import ricochet.bench.scene.BenchScenes;

/**
 * The {@code vehicles} scene in the three engines that drive cars: the cars land on the bowl, stay on
 * it and drive; Ricochet's step, inputs included, allocates nothing; other engines refuse the scene.
 */
class VehiclesSceneTest {

    /**
     * Five seconds from the start (more than a whole throttle-and-brake cycle): every car is on the
     * bowl (the scene's check), and most have moved more than a metre from where they started (a car
     * on a circle of 4.5 to 6.5 m may come back near its start).
     */
    @ParameterizedTest
    @ValueSource(strings = {"ricochet", "jolt", "bullet"})
    void carsDriveOnTheBowl(String engine) {
        BenchScene scene = BenchScenes.get("vehicles");
        int n = scene.vehicles().size();
        assertEquals(20, n);
        try (PeerEngine e = Engines.create(engine, scene)) {
            double[] start = e.positions();
            assertEquals(scene.startPositions().length, start.length, "one position a car");
            for (int i = 0; i < 300; i++) {
                e.step();
            }
            double[] end = e.positions();
            double drift = BenchScene.drift(start, end);
            assertEquals("driving", scene.check().verdict(scene, start, end, drift), engine);
            int moved = 0;
            for (int c = 0; c < n; c++) {
                int k = 3 * c;
                double d = Math.hypot(end[k] - start[k], end[k + 2] - start[k + 2]);
                assertTrue(Double.isFinite(d), engine + ": car " + c);
                if (d > 1) {
                    moved++;
                }
            }
            assertTrue(moved >= n / 2, engine + ": " + moved + " of " + n + " cars moved more than 1 m");
        }
    }

    /** After warming up, the cleanest of ten 100-step windows allocates nothing on the stepping thread. */
    @Test
    void ricochetStepAllocatesNothing() {
        com.sun.management.ThreadMXBean counter =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        try (PeerEngine e = Engines.create("ricochet", BenchScenes.get("vehicles"))) {
            // Long enough for the JIT's C2 to compile the step (see CharactersSceneTest).
            for (int i = 0; i < 1500; i++) {
                e.step();
            }
            long cleanest = Long.MAX_VALUE;
            for (int window = 0; window < 10 && cleanest > 0; window++) {
                long before = counter.getThreadAllocatedBytes(id);
                for (int i = 0; i < 100; i++) {
                    e.step();
                }
                cleanest = Math.min(cleanest, counter.getThreadAllocatedBytes(id) - before);
            }
            assertEquals(0, cleanest, "bytes allocated in 100 steps");
        }
    }

    @Test
    void enginesWithoutVehiclesRefuseTheScene() {
        for (String engine : new String[] {"physx", "ode4j", "jbullet"}) {
            String why = Workload.cannotRun("vehicles", engine);
            assertNotNull(why, engine);
            assertTrue(why.contains("vehicles") && why.contains(engine), why);
            assertThrows(IllegalArgumentException.class, () -> Engines.create(engine, BenchScenes.get("vehicles")));
        }
        for (String engine : new String[] {"ricochet", "ricochet@2", "jolt", "bullet"}) {
            assertNull(Workload.cannotRun("vehicles", engine), engine);
        }
    }
}
