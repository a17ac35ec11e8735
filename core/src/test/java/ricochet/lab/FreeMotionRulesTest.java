package ricochet.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import ricochet.geometry.PlaneSdf;
import ricochet.math.IntegrationRule;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * The rules under gravity alone, for every lab method: after n steps of h from rest the centre has
 * fallen {@code g h^2 sum_{k<n} ((1 - b) k + b (k + 1)) = g h^2 (n^2 / 2 + (b - 1/2) n)} with the rule's
 * drift weight b, which is the exact {@code g t^2 / 2} for the second-order rules (b = 1/2), half a
 * step short for explicit Euler and half a step long for the semi- and implicit Euler.
 */
class FreeMotionRulesTest {

    private static final double G = 9.8;

    static double fall(LabMethod method, IntegrationRule rule, double h, int n) {
        LabWorld world = new LabWorld(h, 1, new Vec3(0, -G, 0));
        LabParams p = LabParams.defaults().withDecay(1, 1).withBarrier(1, 0.01).withIntegrator(rule);
        world.addBody(LabBodyDef.of("cube", method, LabMeshes.cube(0.5)).withPose(new Vec3(0, 100, 0),
                Quat.IDENTITY).withParams(p));
        for (int i = 0; i < n; i++) {
            world.step();
        }
        return 100 - world.centerOfMass(0).y();
    }

    @ParameterizedTest
    @EnumSource(LabMethod.class)
    void everyMethodFallsAsItsRuleSays(LabMethod method) {
        double h = 0.01;
        int n = 100;
        for (IntegrationRule rule : IntegrationRule.values()) {
            double b = rule.driftWeight();
            double expected = G * h * h * (n * n / 2.0 + (b - 0.5) * n);
            // Round-off of 100 additions near 100 m, and the shape-matching fit's averaging.
            assertEquals(expected, fall(method, rule, h, n), 1e-9, method.key() + " " + rule.key());
        }
    }

    /** The lab's throw at the floor and the wall, stiff and damped as the bunny-penalty scene is. */
    @ParameterizedTest
    @EnumSource(IntegrationRule.class)
    void everyMethodSurvivesTheLabsThrowUnderEveryRule(IntegrationRule rule) {
        LabParams p = LabParams.defaults().withStiffness(1e6).withPenalty(0.005, 1e4).withIntegrator(rule)
                .withStabilisers(true, 0.2, false, 0, 0, 0);
        for (LabMethod method : LabMethod.values()) {
            LabParams q = method == LabMethod.PENALTY_LOG_BARRIER ? p.withBarrier(1000, 0.01) : p;
            LabWorld world = LabWorldTest.lab(method, q, 4, LabMeshes.sphere(0.15, 8, 10));
            for (int step = 0; step < 400; step++) {
                world.step();
            }
            // Six seconds after the throw the ball lies on the floor: within 2 cm of it, not far in
            // (explicit Euler's penalty bounces gain energy, so its ball may still be in the air).
            double clearance = world.clearance(2, 0);
            boolean gains = rule == IntegrationRule.EXPLICIT_EULER
                    && (method == LabMethod.PENALTY_QUADRATIC || method == LabMethod.PENALTY_LOG_BARRIER);
            assertTrue(clearance > -0.02 && (gains || clearance < 0.02),
                    method.key() + " " + rule.key() + ": " + clearance);
        }
    }

    @ParameterizedTest
    @EnumSource(value = IntegrationRule.class)
    void logBarrierKeepsEveryVertexInFrontUnderEveryRule(IntegrationRule rule) {
        LabWorld world = LabWorldTest.lab(LabMethod.PENALTY_LOG_BARRIER,
                LabParams.defaults().withBarrier(1000, 0.01).withIntegrator(rule), 1,
                LabMeshes.sphere(0.15, 8, 10));
        for (int step = 0; step < 400; step++) {
            world.step();
            assertTrue(world.clearance(2, 0) > 0, rule.key() + ": floor clearance at step " + step);
            assertTrue(world.clearance(2, 1) > 0, rule.key() + ": wall clearance at step " + step);
        }
    }
}
