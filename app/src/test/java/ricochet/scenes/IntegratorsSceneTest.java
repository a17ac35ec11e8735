package ricochet.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.lab.LabMethod;
import ricochet.lab.LabWorld;
import ricochet.math.IntegrationRule;

/**
 * The built-in 'integrators' scene: six tilted cubes, one per rule, dropped on a quadratic penalty
 * floor with no decay, damping or friction, so the exact motion keeps each cube's energy. Over the
 * 20 s at the scene's dt of 0.005 s, each cube's energy does what its rule's theory says.
 */
class IntegratorsSceneTest {

    @Test
    void eachRulesCubeKeepsGainsOrLosesEnergyAsItsTheorySays() throws Exception {
        LabWorld world = WorldBuilder.buildLab(BuiltinScenes.read("integrators"));
        assertEquals(0.005, world.dt());
        IntegrationRule[] rules = IntegrationRule.values();
        assertEquals(1 + rules.length, world.bodyCount());
        double[] e0 = new double[rules.length], min = new double[rules.length], max = new double[rules.length];
        for (int i = 0; i < rules.length; i++) {
            int body = 1 + i;
            assertEquals(rules[i].key(), world.bodyName(body));
            assertEquals(rules[i], world.integrator(body));
            assertEquals(LabMethod.PENALTY_QUADRATIC, world.method(body));
            e0[i] = world.energy(body);
            min[i] = e0[i];
            max[i] = e0[i];
        }
        // The same drop for all: equal starting energies.
        for (double e : e0) {
            assertEquals(e0[0], e, 1e-9);
        }
        for (int s = 0; s < 4000; s++) {
            world.step();
            for (int i = 0; i < rules.length; i++) {
                double e = world.energy(1 + i);
                min[i] = Math.min(min[i], e);
                max[i] = Math.max(max[i], e);
            }
        }
        double[] end = new double[rules.length];
        StringBuilder report = new StringBuilder("energy after 20 s (start " + e0[0] + " J):");
        for (int i = 0; i < rules.length; i++) {
            end[i] = world.energy(1 + i);
            report.append(String.format(" %s %.2f [%.2f, %.2f]", rules[i].key(), end[i], min[i], max[i]));
        }
        System.out.println(report);
        double start = e0[0];
        assertTrue(end[0] > 5 * start, "explicit Euler gains: " + report);
        assertTrue(end[2] < 0.5 * start, "implicit Euler loses: " + report);
        // The symplectic rules keep a band (semi-implicit about h w = 0.11 wide, leapfrog (h w)^2);
        // the trapezoid conserves the linear spring; the midpoint drifts up by (h w)^4 / 4 a contact step.
        assertTrue(min[1] > 0.94 * start && max[1] < 1.06 * start, "semi-implicit: " + report);
        assertTrue(min[5] > 0.99 * start && max[5] < 1.01 * start, "leapfrog: " + report);
        assertTrue(min[4] > 0.99 * start && max[4] < 1.01 * start, "trapezoid: " + report);
        assertTrue(end[3] > start && max[3] < 1.05 * start, "midpoint: " + report);
    }
}
