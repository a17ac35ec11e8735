package ricochet.bench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.bench.scene.BenchScene;
import ricochet.bench.scene.BenchScenes;

/** A real child JVM, started the way the bench starts it, on the tiny scene. */
class ChildJvmTest {

    @Test
    void childMeasuresTheDropSceneAndReportsOneLine() throws Exception {
        RunResult r = ChildJvm.run("ricochet", "drop", 90, 30);
        assertEquals("drop", r.scene());
        assertEquals("ricochet", r.engine());
        assertEquals(BenchScenes.drop().bodies().size(), r.bodies());
        assertTrue(r.medianMs() > 0 && r.medianMs() <= r.p95Ms() && r.p95Ms() <= r.maxMs(), r.toString());
        // 120 steps (2 s): everything has landed; the drift is the 1 m drop.
        assertEquals(BenchScenes.DROP_HEIGHT, r.driftM(), 0.03);
        assertEquals("rests", r.check());
    }

    @Test
    void childRejectsAnUnknownEngineWithExitTwo() {
        ChildJvm.RunFailure e = assertThrows(ChildJvm.RunFailure.class, () -> ChildJvm.run("havok", "drop", 0, 1));
        assertTrue(e.getMessage().contains("exited with 2") && e.getMessage().contains("'havok'"), e.getMessage());
    }

    @Test
    void inProcessRunMatchesTheScene() {
        RunResult r = BenchRunner.run("jbullet", "drop", 0, 10);
        assertEquals(BenchScenes.drop().bodies().size(), r.bodies());
        // Ten steps from rest: still falling, by less than the symplectic-Euler bound.
        double h = BenchScene.DT;
        assertTrue(r.driftM() <= 0.5 * BenchScene.GRAVITY * h * h * 10 * 11 + 1e-3, r.toString());
        assertThrows(IllegalArgumentException.class, () -> BenchRunner.run("jbullet", "drop", 0, 0));
    }
}
