package ricochet.soft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import ricochet.math.IntegrationRule;
import ricochet.world.World;

/**
 * A world step with cloths and a soft body under each integration rule allocates nothing once warm,
 * counted with the thread's allocated-bytes counter: six windows of 10 steps, the cleanest must be
 * 0 B (the JVM now and then charges the thread a few bytes while it compiles; an allocation in the
 * step would show in every window).
 */
class ParticleRulesAllocationTest {

    @ParameterizedTest
    @EnumSource(IntegrationRule.class)
    void aStepUnderEveryRuleAllocatesNothing(IntegrationRule rule) {
        var threads = ManagementFactory.getThreadMXBean();
        assumeTrue(threads instanceof com.sun.management.ThreadMXBean, "needs HotSpot's allocation counter");
        var counter = (com.sun.management.ThreadMXBean) threads;
        long thread = Thread.currentThread().getId();
        // Soft constraints, so that explicit Euler's growth stays small over the 120 steps.
        try (World w = ParticleRulesTest.scene(rule, 0, 10, 0.1, 1)) {
            for (int i = 0; i < 60; i++) {
                w.step(1 / 60.0);
            }
            long cleanest = Long.MAX_VALUE;
            for (int window = 0; window < 6; window++) {
                long before = counter.getThreadAllocatedBytes(thread);
                for (int i = 0; i < 10; i++) {
                    w.step(1 / 60.0);
                }
                cleanest = Math.min(cleanest, counter.getThreadAllocatedBytes(thread) - before);
            }
            assertEquals(0, cleanest, rule.key() + " allocated in every window of 10 steps");
        }
    }
}
