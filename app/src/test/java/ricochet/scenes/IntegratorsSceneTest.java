package ricochet.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
        double[] e0 = new double[rules.length];
        double[] min = new double[rules.length], max = new double[rules.length];
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
        // Every 10th step (20 ms) for the plot.
        double[] time = new double[401];
        double[][] curve = new double[rules.length][401];
        for (int i = 0; i < rules.length; i++) {
            curve[i][0] = e0[i];
        }
        for (int s = 1; s <= 4000; s++) {
            world.step();
            for (int i = 0; i < rules.length; i++) {
                double e = world.energy(1 + i);
                min[i] = Math.min(min[i], e);
                max[i] = Math.max(max[i], e);
                if (s % 10 == 0) {
                    curve[i][s / 10] = e;
                }
            }
            if (s % 10 == 0) {
                time[s / 10] = world.time();
            }
        }
        List<EnergyPlotSvg.Series> series = new ArrayList<>();
        for (int i = 0; i < rules.length; i++) {
            series.add(new EnergyPlotSvg.Series(rules[i].key(), curve[i]));
        }
        String svg = EnergyPlotSvg.page(
                EnergyPlotSvg.logPanel("The 'integrators' scene: energy of each cube, dt 0.005 s", time,
                        series),
                EnergyPlotSvg.percentPanel("The four that keep their energy, in % of the start", time,
                        List.of(series.get(1), series.get(3), series.get(4), series.get(5)), -6, 6, 2));
        assertEquals(rules.length + 4, svg.split("<polyline").length - 1);
        // The picture in docs/integrators-energy.svg is a copy of this file.
        Files.writeString(Path.of("target", "integrators-energy.svg"), svg);
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
