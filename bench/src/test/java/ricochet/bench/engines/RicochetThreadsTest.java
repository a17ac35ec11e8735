package ricochet.bench.engines;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.bench.scene.BenchScene;
import ricochet.bench.scene.BenchScenes;

/** {@code --engines ricochet@N}: Ricochet on N threads, the same bodies in the same places. */
class RicochetThreadsTest {

    @Test
    void namesWithAThreadCountAreRicochet() {
        assertTrue(Engines.exists("ricochet@2"));
        assertEquals(2, Engines.ricochetThreads("ricochet@2"));
        assertEquals(1, Engines.ricochetThreads("ricochet"));
        assertTrue(Engines.isRicochet("ricochet@16"));
        for (String bad : new String[] {"ricochet@0", "ricochet@", "ricochet@x", "ricochet@-1", "jolt@2",
                "ricochet@100"}) {
            assertFalse(Engines.exists(bad), bad);
        }
        assertFalse(Engines.NAMES.contains("ricochet@2"), "the default engines stay one each");
    }

    /** The bench's pile, 120 steps: every coordinate bit-identical on 1, 2 and 4 threads. */
    @Test
    void thePileOnSeveralThreadsEndsWhereOneThreadEnds() {
        BenchScene scene = BenchScenes.pile();
        double[] one = run("ricochet", scene);
        assertArrayEquals(one, run("ricochet@2", scene));
        assertArrayEquals(one, run("ricochet@4", scene));
    }

    private static double[] run(String engine, BenchScene scene) {
        try (PeerEngine e = Engines.create(engine, scene)) {
            for (int i = 0; i < 120; i++) {
                e.step();
            }
            return e.positions();
        }
    }
}
