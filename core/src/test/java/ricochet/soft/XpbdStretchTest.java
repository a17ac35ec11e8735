package ricochet.soft;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import ricochet.math.Vec3;
import ricochet.world.World;

/**
 * XPBD's promise: a compliance is an inverse stiffness that does not depend on the step or the
 * substep count. A 1 kg particle hung from a fixed point on a distance constraint of compliance
 * alpha = 1e-3 m/N stretches it by {@code alpha m g} = 9.81 mm at rest.
 */
class XpbdStretchTest {

    static final double G = 9.81;

    /**
     * Stretch (m) about which the particle settles: it starts unstretched at rest, so it oscillates
     * about the rest stretch with the numerical damping of the implicit update; the mean over the
     * last half of 40 s (about 100 periods of 0.2 s) is the rest stretch.
     */
    static double meanStretch(int substeps, double hz) {
        try (World w = new World(new Vec3(0, -G, 0))) {
            SoftBodies s = w.softBodies();
            s.setSubsteps(substeps);
            SoftId id = s.addParticles("pendulum", new double[] {0, 0, 0, 0, -1, 0}, new double[] {0, 1},
                    new int[] {0, 1}, 1e-3, 0.01);
            double dt = 1 / hz;
            int steps = (int) Math.round(40 * hz);
            double[] x = new double[3];
            double sum = 0;
            int n = 0;
            for (int i = 0; i < steps; i++) {
                w.step(dt);
                if (i >= steps / 2) {
                    s.position(id, 1, x);
                    sum += Math.sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]) - 1;
                    n++;
                }
            }
            return sum / n;
        }
    }

    @ParameterizedTest
    @CsvSource({"5, 60", "10, 60", "20, 60", "10, 30", "10, 120"})
    void stretchIsComplianceTimesWeight(int substeps, double hz) {
        double expected = 1e-3 * 1 * G;
        // 1 %: what is left of the oscillation in the mean over a whole number of periods, and the
        // stretch's own weight change (the constraint is nonlinear only through the direction).
        assertEquals(expected, meanStretch(substeps, hz), 0.01 * expected);
    }
}
