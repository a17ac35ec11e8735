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
import ricochet.bench.scene.BenchCharacter;
import ricochet.bench.scene.BenchScene;
import ricochet.bench.scene.BenchScenes;

/**
 * The {@code characters} scene in the two engines that drive characters: the characters land on the
 * bowl, stay on it and walk at their wanted speed; Ricochet's step, inputs included, allocates
 * nothing; engines without a character controller refuse the scene.
 */
class CharactersSceneTest {

    /**
     * Two seconds from the start: every character is on the bowl (the scene's check), and their
     * mean horizontal speed over the second second, from the positions, is at most the wanted
     * 2.5 m/s (5 % for round-off and the overlap push-out) and at least half of it (some press
     * against boxes they cannot push, most walk freely).
     */
    @ParameterizedTest
    @ValueSource(strings = {"ricochet", "jolt"})
    void charactersWalkOnTheBowl(String engine) {
        BenchScene scene = BenchScenes.characters();
        int n = scene.characters().size();
        int first = 3 * scene.dynamicCount();
        try (PeerEngine e = Engines.create(engine, scene)) {
            double[] start = e.positions();
            assertEquals(scene.startPositions().length, start.length, "bodies then characters");
            for (int i = 0; i < 60; i++) {
                e.step();
            }
            double[] mid = e.positions();
            for (int i = 0; i < 60; i++) {
                e.step();
            }
            double[] end = e.positions();
            double drift = BenchScene.drift(start, end);
            assertEquals("walking", scene.check().verdict(scene, start, end, drift), engine);
            double sum = 0;
            for (int c = 0; c < n; c++) {
                int k = first + 3 * c;
                double dx = end[k] - mid[k], dz = end[k + 2] - mid[k + 2];
                assertTrue(Double.isFinite(dx) && Double.isFinite(end[k + 1]) && Double.isFinite(dz),
                        "character " + c);
                sum += Math.sqrt(dx * dx + dz * dz);
            }
            double speed = sum / n / (60 * BenchScene.DT);
            double wanted = scene.characters().get(0).speed();
            assertTrue(speed <= 1.05 * wanted && speed >= 0.5 * wanted,
                    engine + ": mean horizontal speed " + speed + " m/s, wanted " + wanted);
        }
    }

    /** After 300 steps, the cleanest of five 100-step windows allocates nothing on the stepping thread. */
    @Test
    void ricochetStepAllocatesNothing() {
        com.sun.management.ThreadMXBean counter =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        try (PeerEngine e = Engines.create("ricochet", BenchScenes.characters())) {
            // Long enough for the JIT's C2 to compile the step: code still running interpreted or
            // under C1 allocates what escape analysis later removes (64 bytes a window was seen).
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
    void enginesWithoutCharactersRefuseTheScene() {
        for (String engine : new String[] {"physx", "bullet", "ode4j", "jbullet"}) {
            String why = Workload.cannotRun("characters", engine);
            assertNotNull(why, engine);
            assertTrue(why.contains("characters") && why.contains(engine), why);
            IllegalArgumentException x = assertThrows(IllegalArgumentException.class,
                    () -> Engines.create(engine, BenchScenes.characters()));
            assertEquals(why, x.getMessage());
        }
        for (String engine : new String[] {"ricochet", "ricochet@2", "jolt"}) {
            assertNull(Workload.cannotRun("characters", engine), engine);
        }
        assertNull(Workload.cannotRun("terrain", "physx"), "a scene without characters runs everywhere");
    }

    /** Four legs make a closed square: each leg a quarter turn from the last, the sum zero. */
    @Test
    void walkIsASquare() {
        double dt = BenchScene.DT;
        for (BenchCharacter c : BenchScenes.characters().characters()) {
            double[] w = new double[2];
            double[][] legs = new double[4][];
            // The first whole leg starts where the phase has run out.
            long start = BenchCharacter.LEG_STEPS - c.phase();
            double sx = 0, sz = 0;
            for (int leg = 0; leg < 4; leg++) {
                c.wish(start + (long) leg * BenchCharacter.LEG_STEPS, w);
                legs[leg] = w.clone();
                for (int s = 0; s < BenchCharacter.LEG_STEPS; s++) {
                    c.wish(start + (long) leg * BenchCharacter.LEG_STEPS + s, w);
                    assertEquals(legs[leg][0], w[0], 0, "one heading a leg");
                    sx += w[0] * dt;
                    sz += w[1] * dt;
                }
                assertEquals(c.speed(), Math.hypot(w[0], w[1]), 1e-12);
            }
            for (int leg = 0; leg < 4; leg++) {
                double[] a = legs[leg], b = legs[(leg + 1) % 4];
                assertEquals(0, a[0] * b[0] + a[1] * b[1], 1e-9, "a quarter turn");
                // Turning sense: the cross product's y part, a_z b_x - a_x b_z, has the sign of turn.
                assertEquals(c.turn() * c.speed() * c.speed(), a[1] * b[0] - a[0] * b[1], 1e-9);
            }
            double side = c.speed() * BenchCharacter.LEG_STEPS * dt;
            assertEquals(0, Math.hypot(sx, sz), 1e-9 * side, "back where it started");
        }
    }
}
