package ricochet.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import ricochet.geometry.PlaneSdf;
import ricochet.math.IntegrationRule;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * The integration rules on a penalty floor: a cube of 8 unit vertex masses (M = 8 kg, half-size a)
 * on a quadratic floor of k per vertex, no decay, damping or friction, so the exact motion keeps
 * {@link LabWorld#energy} constant. Resting flat on its 4 bottom vertices the cube is a linear
 * spring: it sags {@code d = M g / (4 k)} and oscillates vertically at {@code w^2 = 4 k / M}.
 */
class IntegrationRulesTest {

    static final double A = 0.25;
    static final double K = 1000;
    static final double G = 9.8;
    static final double M = 8;
    static final double DT = 0.005;
    /** Steps in 20 s at dt 0.005. */
    static final int STEPS = 4000;

    static LabWorld cube(IntegrationRule rule, double dt, double height, double vy, Quat q, double wz) {
        LabWorld world = new LabWorld(dt, 1, new Vec3(0, -G, 0));
        world.addCollider("floor", new PlaneSdf(Vec3.UNIT_Y, 0), Vec3.ZERO, Quat.IDENTITY);
        LabParams p = LabParams.defaults().withDecay(1, 1).withStiffness(K).withIntegrator(rule);
        world.addBody(LabBodyDef.of("cube", LabMethod.PENALTY_QUADRATIC, LabMeshes.cube(A))
                .withPose(new Vec3(0, height, 0), q).withVelocity(new Vec3(0, vy, 0), new Vec3(0, 0, wz))
                .withMaterial(0.5, 0).withParams(p));
        return world;
    }

    /** Energy at every step of a 20 s drop of the flat cube from 1 m (its bottom face at 1 m). */
    static double[] drop(IntegrationRule rule) {
        LabWorld world = cube(rule, DT, 1 + A, 0, Quat.IDENTITY, 0);
        double[] e = new double[STEPS + 1];
        e[0] = world.energy(1);
        for (int s = 1; s <= STEPS; s++) {
            world.step();
            e[s] = world.energy(1);
        }
        return e;
    }

    static double[] longDrop(IntegrationRule rule) {
        LabWorld world = cube(rule, DT, 1 + A, 0, Quat.IDENTITY, 0);
        double[] e = new double[4 * STEPS + 1];
        e[0] = world.energy(1);
        for (int s = 1; s < e.length; s++) {
            world.step();
            e[s] = world.energy(1);
        }
        return e;
    }

    /** Largest |E - E0| / E0 over steps [from, to). */
    static double band(double[] e, int from, int to) {
        double m = 0;
        for (int s = from; s < to; s++) {
            m = Math.max(m, Math.abs(e[s] - e[0]) / e[0]);
        }
        return m;
    }

    @Test
    void theDropStartsWithThePotentialEnergyOfItsHeight() {
        assertEquals(M * G * (1 + A), drop(IntegrationRule.SEMI_IMPLICIT)[0], 1e-12);
    }

    @Test
    void explicitEulerGainsEnergyEveryFiveSeconds() {
        double[] e = drop(IntegrationRule.EXPLICIT_EULER);
        // One step of a spring multiplies its energy by 1 + (h w)^2 and free flight adds M (g h)^2 / 2.
        for (int s = 1000; s <= STEPS; s += 1000) {
            assertTrue(e[s] > e[s - 1000] * 1.2, "E(" + s * DT + " s) = " + e[s] + " after " + e[s - 1000]);
        }
        assertTrue(e[STEPS] > 5 * e[0], "E(20 s) = " + e[STEPS]);
    }

    @Test
    void implicitEulerLosesEnergyEveryStepAndComesToRest() {
        double[] e = drop(IntegrationRule.IMPLICIT_EULER);
        // Implicit Euler minimises E(x1) + M |v1 - v0|^2 / 2 over x1 for a convex potential, so E never
        // rises (1e-9 J: the Newton tolerance).
        for (int s = 1; s <= STEPS; s++) {
            assertTrue(e[s] <= e[s - 1] + 1e-9, "step " + s + ": " + e[s - 1] + " -> " + e[s]);
        }
        // At rest: sag d, centre at a - d, springs store 4 k d^2 / 2, so E = M g (a - d / 2).
        double d = M * G / (4 * K);
        assertEquals(M * G * (A - d / 2), e[STEPS], 1e-6);
    }

    @Test
    void semiImplicitEulerStaysWithinSixPercentForFourTimesAsLong() {
        // Symplectic: the energy oscillates by about h w of itself (here 0.11) and does not drift.
        double[] e = longDrop(IntegrationRule.SEMI_IMPLICIT);
        assertTrue(band(e, 0, STEPS + 1) < 0.06, "20 s: " + band(e, 0, STEPS + 1));
        assertTrue(band(e, 0, e.length) < 0.06, "80 s: " + band(e, 0, e.length));
    }

    @Test
    void leapfrogStaysWithinOnePercentForFourTimesAsLong() {
        // Symplectic and second order: a band of order (h w)^2; the force's kink where a vertex
        // crosses the floor adds a small random walk (0.4 % after 20 s, 0.8 % after 80 s), no drift.
        double[] e = longDrop(IntegrationRule.LEAPFROG);
        assertTrue(band(e, 0, STEPS + 1) < 0.01, "20 s: " + band(e, 0, STEPS + 1));
        assertTrue(band(e, 0, e.length) < 0.01, "80 s: " + band(e, 0, e.length));
    }

    @Test
    void midpointGainsEnergySlowlyAndSteadily() {
        double[] e = longDrop(IntegrationRule.MIDPOINT);
        // Exact in free flight; on the spring each step multiplies the energy by 1 + (h w)^4 / 4.
        for (int s = 1000; s <= e.length - 1; s += 1000) {
            assertTrue(e[s] > e[s - 1000], "E(" + s * DT + " s) = " + e[s] + " after " + e[s - 1000]);
        }
        assertTrue(e[STEPS] < 1.05 * e[0], "E(20 s) = " + e[STEPS]);
        // A drift, not a band: four times as long gains about four times as much.
        assertTrue(e[4 * STEPS] - e[0] > 3 * (e[STEPS] - e[0]), e[STEPS] + ", " + e[4 * STEPS]);
    }

    @Test
    void trapezoidKeepsEnergyToWithinTheContactSwitches() {
        double[] e = drop(IntegrationRule.TRAPEZOID);
        // Conserving for the linear spring and exact in free flight; only the steps where a vertex
        // enters or leaves the floor (where the force's slope jumps) change E.
        assertTrue(band(e, 0, STEPS + 1) < 0.005, "band " + band(e, 0, STEPS + 1));
    }

    @Test
    void trapezoidConservesTheEnergyOfALinearSpring() {
        // Released 1 cm above its rest height it never leaves the floor: a linear system throughout.
        double d = M * G / (4 * K);
        LabWorld world = cube(IntegrationRule.TRAPEZOID, DT, A - d + 0.01, 0, Quat.IDENTITY, 0);
        double e0 = world.energy(1);
        for (int s = 1; s <= STEPS; s++) {
            world.step();
            assertEquals(e0, world.energy(1), 1e-9 * e0, "step " + s);
        }
    }

    /** The vertical oscillation about the rest height: y = y_eq + c cos(w t) + (v0 / w) sin(w t). */
    record Spring(double c, double v0) {
        static final double W = Math.sqrt(4 * K / M);
        static final double REST = A - M * G / (4 * K);

        double y(double t) {
            return REST + c * Math.cos(W * t) + v0 / W * Math.sin(W * t);
        }

        double v(double t) {
            return -c * W * Math.sin(W * t) + v0 * Math.cos(W * t);
        }
    }

    /** Error of the state after one step of h from the exact state at t0, scaled to metres. */
    static double localError(IntegrationRule rule, Spring s, double t0, double h) {
        LabWorld world = cube(rule, h, s.y(t0), s.v(t0), Quat.IDENTITY, 0);
        world.step();
        double y = world.centerOfMass(1).y();
        double[] state = new double[13];
        world.readState(1, state);
        return Math.hypot(y - s.y(t0 + h), (state[8] - s.v(t0 + h)) / Spring.W);
    }

    /** Error of the state after T = 0.3 s (about one period) in steps of h, scaled to metres. */
    static double globalError(IntegrationRule rule, Spring s, double h) {
        LabWorld world = cube(rule, h, s.y(0), s.v(0), Quat.IDENTITY, 0);
        int n = (int) Math.round(0.3 / h);
        for (int i = 0; i < n; i++) {
            world.step();
        }
        double t = n * h;
        double[] state = new double[13];
        world.readState(1, state);
        return Math.hypot(world.centerOfMass(1).y() - s.y(t), (state[8] - s.v(t)) / Spring.W);
    }

    static double order(double coarse, double fine) {
        return Math.log(coarse / fine) / Math.log(2);
    }

    /** 1 cm of amplitude: the cube never leaves the floor (the sag is 2 cm), so the spring is linear. */
    static final Spring SPRING = new Spring(0.006, 0.15);

    @ParameterizedTest
    @EnumSource(IntegrationRule.class)
    void oneStepErrorHasTheOrderAboveTheRulesOrder(IntegrationRule rule) {
        double h = 0.002;
        double coarse = localError(rule, SPRING, 0.1, h), fine = localError(rule, SPRING, 0.1, h / 2);
        double p = order(coarse, fine);
        assertEquals(rule.order() + 1, p, 0.2, rule.key() + ": errors " + coarse + ", " + fine);
    }

    @ParameterizedTest
    @EnumSource(IntegrationRule.class)
    void errorAfterAPeriodHasTheRulesOrder(IntegrationRule rule) {
        double h = 0.001;
        double coarse = globalError(rule, SPRING, h), fine = globalError(rule, SPRING, h / 2);
        double p = order(coarse, fine);
        assertEquals(rule.order(), p, 0.15, rule.key() + ": errors " + coarse + ", " + fine);
    }

    /**
     * Rocking about z at the rest height: a tilt theta lifts the bottom vertices at x = +-a by
     * +-a theta, so the springs give {@code -4 k a^2 theta} and the load M g on the moved contact points
     * {@code + M g a theta}; with {@code I_zz = 8 (2 a^2)} the tilt is {@code (w0 / W) sin(W t)},
     * {@code W^2 = (4 k a^2 - M g a) / I_zz}. Amplitude 1e-4 rad keeps the neglected cubic terms far
     * below the rules' errors.
     */
    static final double ROCK = Math.sqrt((4 * K * A * A - M * G * A) / (16 * A * A));

    static double rockingError(IntegrationRule rule, double t0, double h, int steps) {
        double w0 = 1e-4 * ROCK;
        double theta0 = w0 / ROCK * Math.sin(ROCK * t0);
        Quat q = Quat.fromAxisAngle(new Vec3(0, 0, 1), theta0);
        LabWorld world = cube(rule, h, Spring.REST, 0, q, w0 * Math.cos(ROCK * t0));
        for (int i = 0; i < steps; i++) {
            world.step();
        }
        double t = t0 + steps * h;
        double[] state = new double[13];
        world.readState(1, state);
        double theta = 2 * Math.atan2(state[5], state[6]);
        return Math.hypot(theta - w0 / ROCK * Math.sin(ROCK * t),
                (state[12] - w0 * Math.cos(ROCK * t)) / ROCK);
    }

    @ParameterizedTest
    @EnumSource(IntegrationRule.class)
    void rotationFollowsTheSameRuleWithTheSameOrders(IntegrationRule rule) {
        double h = 0.002;
        double local = order(rockingError(rule, 0.1, h, 1), rockingError(rule, 0.1, h / 2, 1));
        assertEquals(rule.order() + 1, local, 0.2, rule.key() + " one step");
        double global = order(rockingError(rule, 0, h / 2, 400), rockingError(rule, 0, h / 4, 800));
        assertEquals(rule.order(), global, 0.15, rule.key() + " after 0.4 s");
    }

    /** Prints the numbers the docs quote: energy after 20 s and the measured orders. */
    @Test
    void report() {
        Map<IntegrationRule, String> lines = new EnumMap<>(IntegrationRule.class);
        for (IntegrationRule rule : IntegrationRule.values()) {
            double[] e = longDrop(rule);
            double h = 0.002;
            lines.put(rule, String.format("| `%s` | %.2f | %.2f | %.2f %% | %.2f %% | %.2f | %.2f |",
                    rule.key(), e[0], e[STEPS], 100 * band(e, 0, STEPS + 1), 100 * band(e, 0, e.length),
                    order(localError(rule, SPRING, 0.1, h), localError(rule, SPRING, 0.1, h / 2)),
                    order(globalError(rule, SPRING, h / 2), globalError(rule, SPRING, h / 4)))
                    + String.format(" rocking: %.2f, %.2f",
                    order(rockingError(rule, 0.1, h, 1), rockingError(rule, 0.1, h / 2, 1)),
                    order(rockingError(rule, 0, h / 2, 400), rockingError(rule, 0, h / 4, 800))));
        }
        lines.values().forEach(System.out::println);
    }
}
