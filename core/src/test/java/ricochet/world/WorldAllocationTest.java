package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * A world step allocates nothing once warm, counted with the thread's allocated-bytes counter. The
 * JVM now and then charges a window a few bytes while it compiles, so the cleanest of five windows
 * of 200 steps must be 0 B: an allocation in the step would show in every window.
 */
class WorldAllocationTest {

    @Test
    void aStepWithRestingBoxesAllocatesNothing() {
        var threads = ManagementFactory.getThreadMXBean();
        assumeTrue(threads instanceof com.sun.management.ThreadMXBean, "needs HotSpot's allocation counter");
        var counter = (com.sun.management.ThreadMXBean) threads;
        World w = Scenes.world(4);
        Scenes.groundBox(w, 0.6);
        for (int k = 0; k < 4; k++) {
            Scenes.cube(w, 1, new Vec3(2 * k, 0.5, 0), Quat.IDENTITY, 0.6);
            Scenes.cube(w, 1, new Vec3(2 * k, 1.5, 0), Quat.IDENTITY, 0.6);
        }
        Scenes.sphere(w, 0.3, new Vec3(-3, 0.3, 0), 0);
        for (int i = 0; i < 1000; i++) {
            w.step(Scenes.DT);
        }
        long thread = Thread.currentThread().getId();
        long cleanest = Long.MAX_VALUE;
        for (int window = 0; window < 5 && cleanest > 0; window++) {
            long before = counter.getThreadAllocatedBytes(thread);
            for (int i = 0; i < 200; i++) {
                w.step(Scenes.DT);
            }
            cleanest = Math.min(cleanest, counter.getThreadAllocatedBytes(thread) - before);
        }
        assertEquals(0, cleanest, "allocated in every window of 200 steps, at least " + cleanest + " B");
    }
}
