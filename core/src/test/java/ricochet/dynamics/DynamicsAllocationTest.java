package ricochet.dynamics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.BoxShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.body.BodyDef;

/**
 * A step allocates nothing once warm, counted with the thread's allocated-bytes counter. The JVM
 * now and then charges a window a few bytes while it compiles, so the cleanest of five windows of
 * 200 steps must be 0 B: an allocation in the step would show in every window.
 */
class DynamicsAllocationTest {

    @Test
    void aStepAllocatesNothing() {
        var threads = ManagementFactory.getThreadMXBean();
        assumeTrue(threads instanceof com.sun.management.ThreadMXBean, "needs HotSpot's allocation counter");
        var counter = (com.sun.management.ThreadMXBean) threads;
        RigidBodies bodies = new RigidBodies(new Vec3(0, -9.8, 0));
        for (int i = 0; i < 100; i++) {
            bodies.add(BodyDef.dynamic().withShape(new BoxShape(0.1, 0.5, 0.25), 100)
                    .withOrientation(Quat.fromAxisAngle(new Vec3(1, i, 2), i)).withAngularVelocity(new Vec3(0, 0, i % 7))
                    .withLinearDamping(0.1).withAngularDamping(0.05));
        }
        bodies.add(BodyDef.kinematic().withVelocity(Vec3.UNIT_X));
        bodies.add(BodyDef.staticBody());
        for (int i = 0; i < 2000; i++) {
            bodies.step(1.0 / 60, 4);
        }
        long thread = Thread.currentThread().getId();
        long cleanest = Long.MAX_VALUE;
        for (int window = 0; window < 5 && cleanest > 0; window++) {
            long before = counter.getThreadAllocatedBytes(thread);
            for (int i = 0; i < 200; i++) {
                bodies.step(1.0 / 60, 4);
            }
            cleanest = Math.min(cleanest, counter.getThreadAllocatedBytes(thread) - before);
        }
        assertEquals(0, cleanest, "allocated in every window of 200 steps, at least " + cleanest + " B");
    }
}
