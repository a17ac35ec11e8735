package ricochet.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import ricochet.geometry.PlaneSdf;
import ricochet.math.IntegrationRule;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * A lab step allocates nothing once warm: counted with the thread's allocated-bytes counter (bytes,
 * not time, so the count does not depend on the machine's load). The JVM itself now and then
 * charges the thread some bytes while it compiles (seen: 192 B and 1,112 B in single windows, at a
 * different step each run), so the test takes five windows of 1,000 steps and asks that the
 * cleanest one allocates nothing: an allocation in the step would show in every window.
 */
class LabAllocationTest {

    @ParameterizedTest
    @EnumSource(LabMethod.class)
    void aStepAllocatesNothing(LabMethod method) {
        var threads = ManagementFactory.getThreadMXBean();
        assumeTrue(threads instanceof com.sun.management.ThreadMXBean, "needs HotSpot's allocation counter");
        var counter = (com.sun.management.ThreadMXBean) threads;
        LabParams p = LabParams.defaults().withPenalty(0.005, 1e4).withStiffness(1e5).withBarrier(100, 0.01)
                .withStabilisers(method != LabMethod.PENALTY_LOG_BARRIER, 0.2, false, 0, 0, 0);
        LabWorld world = new LabWorld(0.015, 2, new Vec3(0, -9.8, 0));
        world.addCollider("floor", new PlaneSdf(Vec3.UNIT_Y, 0.01), Vec3.ZERO, Quat.IDENTITY);
        world.addCollider("wall", new PlaneSdf(new Vec3(-1, 0, 0), -2), Vec3.ZERO, Quat.IDENTITY);
        world.addBody(LabBodyDef.of("ball", method, LabMeshes.sphere(0.15, 12, 16))
                .withPose(new Vec3(0, 0.4, 0), Quat.IDENTITY).withVelocity(new Vec3(3, 0, 0), Vec3.ZERO)
                .withParams(p));
        assertEquals(0, cleanestWindow(world, counter), method + " allocated in every window of 1,000 steps");
    }

    /** The penalty methods under every rule, the implicit ones' Newton solves included. */
    @ParameterizedTest
    @EnumSource(IntegrationRule.class)
    void aPenaltyStepUnderEveryRuleAllocatesNothing(IntegrationRule rule) {
        var threads = ManagementFactory.getThreadMXBean();
        assumeTrue(threads instanceof com.sun.management.ThreadMXBean, "needs HotSpot's allocation counter");
        var counter = (com.sun.management.ThreadMXBean) threads;
        LabParams p = LabParams.defaults().withPenalty(0.005, 1e4).withStiffness(1e5).withBarrier(100, 0.01)
                .withIntegrator(rule);
        LabWorld world = new LabWorld(0.015, 2, new Vec3(0, -9.8, 0));
        world.addCollider("floor", new PlaneSdf(Vec3.UNIT_Y, 0.01), Vec3.ZERO, Quat.IDENTITY);
        world.addCollider("wall", new PlaneSdf(new Vec3(-1, 0, 0), -2), Vec3.ZERO, Quat.IDENTITY);
        for (LabMethod method : List.of(LabMethod.PENALTY_QUADRATIC, LabMethod.PENALTY_LOG_BARRIER)) {
            world.addBody(LabBodyDef.of(method.key(), method, LabMeshes.sphere(0.15, 12, 16))
                    .withPose(new Vec3(0, 0.4, 0), Quat.IDENTITY).withVelocity(new Vec3(3, 0, 0), Vec3.ZERO)
                    .withParams(p));
        }
        assertEquals(0, cleanestWindow(world, counter),
                rule.key() + " allocated in every window of 1,000 steps");
    }

    /** Bytes the cleanest of five windows of 1,000 steps allocated, after 500 steps of warm-up. */
    private static long cleanestWindow(LabWorld world, com.sun.management.ThreadMXBean counter) {
        // Warm-up: bounces off the wall and the floor (the event buffer grows to its size here).
        for (int i = 0; i < 500; i++) {
            world.step();
        }
        long thread = Thread.currentThread().getId();
        long cleanest = Long.MAX_VALUE;
        for (int window = 0; window < 5 && cleanest > 0; window++) {
            long before = counter.getThreadAllocatedBytes(thread);
            for (int i = 0; i < 1000; i++) {
                world.step();
            }
            cleanest = Math.min(cleanest, counter.getThreadAllocatedBytes(thread) - before);
        }
        return cleanest;
    }
}
