package ricochet.soft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import ricochet.body.BodyDef;
import ricochet.geometry.shape.PlaneShape;
import ricochet.math.IntegrationRule;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.SimulationException;
import ricochet.world.World;
import ricochet.world.WorldSnapshot;

/**
 * The integration rules on particles, against closed forms: a free particle's fall, a particle on a
 * compliant distance constraint held straight below a pin (a linear spring of stiffness 1 / alpha
 * under gravity, exactly harmonic), and an elastic pendulum's energy over 20 s.
 */
class ParticleRulesTest {

    static final double G = 9.81;
    /** A 1 kg particle on the spring: w = 2 pi rad/s (1 Hz), alpha = 1 / (m w^2). */
    static final double W = 2 * Math.PI;
    static final double ALPHA = 1 / (W * W);

    /**
     * Under a constant acceleration every rule moves by {@code h ((1 - b) v0 + b v1)} a substep, b its
     * drift weight (0 explicit Euler, 1 semi- and implicit Euler, 1/2 the second-order rules), so after n
     * substeps {@code x = x0 + n h v0 + g h^2 (n^2 / 2 + (b - 1/2) n)} and {@code v = v0 + n h g}.
     */
    @ParameterizedTest
    @EnumSource(IntegrationRule.class)
    void aFreeParticleFallsAsItsRulesRecurrenceSays(IntegrationRule rule) {
        try (World w = new World(new Vec3(0, -G, 0))) {
            SoftBodies s = w.softBodies();
            s.setSubsteps(4);
            SoftId id = s.addParticles("dot", new double[] {0.5, 0.5, -0.25}, new double[] {2}, new int[0], 0, 0.01,
                    rule);
            s.setVelocity(id, new Vec3(1, 2, -3));
            double dt = 0.01, h = dt / 4;
            int steps = 25;
            for (int i = 0; i < steps; i++) {
                w.step(dt);
            }
            int n = 4 * steps;
            double b = rule.driftWeight();
            double[] x = new double[3], v = new double[3];
            s.position(id, 0, x);
            s.velocity(id, 0, v);
            // 1e-12: about 100 substeps of rounding on values of order 1.
            assertEquals(0.5 + n * h * 1, x[0], 1e-12);
            assertEquals(0.5 + n * h * 2 - G * h * h * (n * n / 2.0 + (b - 0.5) * n), x[1], 1e-12);
            assertEquals(-0.25 + n * h * -3, x[2], 1e-12);
            // A velocity is a difference of positions over h = 2.5 ms: 1e-12 m of rounding is 4e-10 m/s.
            assertEquals(2 - n * h * G, v[1], 1e-9);
        }
    }

    /**
     * A flat cloth (rigid stretch, soft bending) falling freely keeps its shape, so every particle
     * falls as the free particle does: the rigid constraints and the elastic forces add nothing.
     */
    @ParameterizedTest
    @EnumSource(IntegrationRule.class)
    void aFreeClothFallsAsItsRulesRecurrenceSays(IntegrationRule rule) {
        try (World w = new World(new Vec3(0, -G, 0))) {
            SoftBodies s = w.softBodies();
            s.setSubsteps(5);
            SoftId id = s.addCloth(ClothDef.defaults("sheet").withSize(1, 1, 6, 6).withCompliance(0, 1)
                    .withPose(new Vec3(0, 5, 0), Quat.fromAxisAngle(Vec3.UNIT_X, -Math.PI / 2)).withIntegrator(rule));
            double dt = 1 / 60.0, h = dt / 5;
            int steps = 30, n = 5 * steps;
            for (int i = 0; i < steps; i++) {
                w.step(dt);
            }
            double b = rule.driftWeight();
            double expected = 5 - G * h * h * (n * n / 2.0 + (b - 0.5) * n);
            double[] x = new double[3];
            for (int k = 0; k < s.particleCount(id); k++) {
                s.position(id, k, x);
                // 1e-11: the constraints' corrections are rounding (1e-16 m) a substep; the implicit
                // rules' solve stops within 1e-13 m a substep, up to 1.5e-11 m over the 150.
                assertEquals(expected, x[1], rule.implicit() ? 5e-11 : 1e-11, "particle " + k);
            }
        }
    }

    /** The spring of the closed form: a pin at the origin, a 1 kg particle hanging from it. */
    private static SoftId spring(World w, IntegrationRule rule, double y, double vy) {
        SoftBodies s = w.softBodies();
        s.setSubsteps(1);
        SoftId id = s.addParticles("spring", new double[] {0, 0, 0, 0, -1, 0}, new double[] {0, 1},
                new int[] {0, 1}, ALPHA, 0.01, rule);
        s.moveParticle(id, 1, new Vec3(0, y, 0), new Vec3(0, vy, 0));
        return id;
    }

    /** Rest of the spring under gravity: 1 m plus the stretch alpha m g. */
    static final double Y_EQ = -1 - ALPHA * G;
    static final double A = 0.05, V0 = 0.2;

    /** Error (m) after time t taken in steps of h from the closed form's start, position and velocity / w. */
    static double error(IntegrationRule rule, double h, double t) {
        try (World w = new World(new Vec3(0, -G, 0))) {
            SoftId id = spring(w, rule, Y_EQ + A, V0);
            int steps = (int) Math.round(t / h);
            for (int i = 0; i < steps; i++) {
                w.step(h);
            }
            double[] x = new double[3], v = new double[3];
            w.softBodies().position(id, 1, x);
            w.softBodies().velocity(id, 1, v);
            double tt = steps * h;
            double y = Y_EQ + A * Math.cos(W * tt) + V0 / W * Math.sin(W * tt);
            double vy = -A * W * Math.sin(W * tt) + V0 * Math.cos(W * tt);
            return Math.hypot(x[1] - y, (v[1] - vy) / W);
        }
    }

    static double order(IntegrationRule rule, double h, double t) {
        double coarse = error(rule, h, t < 0 ? h : t), fine = error(rule, h / 2, t < 0 ? h / 2 : t);
        return Math.log(coarse / fine) / Math.log(2);
    }

    /**
     * One step from the exact state is off by {@code h^(p+1)}, p the rule's order (halving h: 0.002
     * and 0.001 s, w h about 0.01); after 0.5 s by {@code h^p} (h = 0.001 and 0.0005 s). Within 0.2
     * and 0.15: the next term of the series.
     */
    @ParameterizedTest
    @EnumSource(IntegrationRule.class)
    void theErrorFallsWithTheRulesOrder(IntegrationRule rule) {
        double local = order(rule, 0.002, -1);
        double global = order(rule, 0.001, 0.5);
        assertEquals(rule.order() + 1, local, 0.2, "one step");
        assertEquals(rule.order(), global, 0.15, "after 0.5 s");
    }

    /** The elastic pendulum: the spring's particle let go 0.5 m to the side, stretched by 0.1 m. */
    static double[] pendulumEnergies(IntegrationRule rule, double seconds, int substeps) {
        try (World w = new World(new Vec3(0, -G, 0))) {
            SoftBodies s = w.softBodies();
            SoftId id = spring(w, rule, Y_EQ, 0);
            s.setSubsteps(substeps);
            s.moveParticle(id, 1, new Vec3(0.5, -1, 0), Vec3.ZERO);
            double dt = 0.005;
            int steps = (int) Math.round(seconds / dt);
            double[] e = new double[steps + 1];
            e[0] = s.energy(id, 0, -G, 0);
            for (int i = 1; i <= steps; i++) {
                w.step(dt);
                e[i] = s.energy(id, 0, -G, 0);
            }
            return e;
        }
    }

    /** Energy above the rest (hanging still at Y_EQ): {@code m g Y_EQ + (alpha m g)^2 / (2 alpha)}. */
    static final double E_REST = G * Y_EQ + ALPHA * G * G / 2;

    @Test
    void report() {
        for (IntegrationRule r : IntegrationRule.values()) {
            double[] e = pendulumEnergies(r, 80, 1);
            double swing = e[0] - E_REST;
            System.out.printf("%s: E0 %.4f J, swing %.4f J, after 20 s %.4f J (swing x %.4f), band20 %.4f %%,"
                    + " band80 %.4f %%, after 80 s swing x %.4f, orders %.2f %.2f%n", r.key(), e[0], swing, e[4000],
                    (e[4000] - E_REST) / swing, 100 * band(e, 0, 4000) / swing, 100 * band(e, 0, 16000) / swing,
                    (e[16000] - E_REST) / swing, order(r, 0.002, -1), order(r, 0.001, 0.5));
        }
        // A flag pinned at its top corners (rigid stretch, bending of compliance 1), released flat,
        // 20 s at 60 Hz.
        for (IntegrationRule r : IntegrationRule.values()) {
            try (World w = new World(new Vec3(0, -G, 0))) {
                SoftId id = w.softBodies().addCloth(ClothDef.defaults("flag").withSize(1, 0.5, 8, 4)
                        .withCompliance(0, 1).withIntegrator(r)
                        .withPose(new Vec3(0, 2, 0), Quat.fromAxisAngle(Vec3.UNIT_X, -Math.PI / 2))
                        .withPins(List.of(new ClothDef.Pin(0, 4), new ClothDef.Pin(8, 4))));
                double e0 = w.softBodies().energy(id, 0, -G, 0), lo = e0, hi = e0;
                for (int i = 0; i < 1200; i++) {
                    w.step(1 / 60.0);
                    double e = w.softBodies().energy(id, 0, -G, 0);
                    lo = Math.min(lo, e);
                    hi = Math.max(hi, e);
                }
                System.out.printf("flag %s: E0 %.5f J, after 20 s %.5f J, range %.5f .. %.5f J%n", r.key(), e0,
                        w.softBodies().energy(id, 0, -G, 0), lo, hi);
            }
        }
    }

    @Test
    void explicitEulerGainsEnergyEveryFiveSeconds() {
        double[] e = pendulumEnergies(IntegrationRule.EXPLICIT_EULER, 20, 1);
        for (int k = 1000; k < e.length; k += 1000) {
            assertTrue(e[k] > e[k - 1000], "rises by " + k * 0.005 + " s");
        }
        // The swing alone gains (1 + (h w_p)^2)^n, w_p^2 = g / 1.1 m: 2.4 times over 4,000 steps.
        assertTrue(e[e.length - 1] - E_REST > 2 * (e[0] - E_REST), "ends above twice its start");
    }

    /** Implicit Euler never gains (each step is the minimum of the step's incremental potential). */
    @Test
    void implicitEulerLosesEnergyEveryStep() {
        double[] e = pendulumEnergies(IntegrationRule.IMPLICIT_EULER, 20, 1);
        for (int k = 1; k < e.length; k++) {
            assertTrue(e[k] <= e[k - 1] + 1e-9, "step " + k + ": " + e[k - 1] + " to " + e[k]);
        }
        // The swing alone keeps 1 / (1 + (h w_p)^2)^n: 0.41 of it over 4,000 steps.
        assertTrue(e[e.length - 1] - E_REST < 0.5 * (e[0] - E_REST), "keeps less than half");
    }

    /**
     * Leapfrog is symplectic: its energy wanders in a band that does not grow (the band over 20 s and
     * over 80 s are within 10 % of each other) and stays within 1 % of the swing's energy.
     */
    @Test
    void leapfrogStaysInABandThatDoesNotGrow() {
        double[] e = pendulumEnergies(IntegrationRule.LEAPFROG, 80, 1);
        double swing = e[0] - E_REST;
        double band20 = band(e, 0, 4000) / swing, band80 = band(e, 0, e.length - 1) / swing;
        assertTrue(band20 < 0.01, "band over 20 s " + band20);
        assertTrue(band80 < 1.1 * band20, "band over 80 s " + band80 + " against " + band20);
    }

    /** The default rule (XPBD) takes the elastic force at the end of the step: it loses energy. */
    @Test
    void theDefaultRuleLosesEnergyLikeImplicitEuler() {
        double[] semi = pendulumEnergies(IntegrationRule.SEMI_IMPLICIT, 20, 1);
        double[] implicit = pendulumEnergies(IntegrationRule.IMPLICIT_EULER, 20, 1);
        double swing = semi[0] - E_REST;
        double last = semi[semi.length - 1] - E_REST;
        assertTrue(last < 0.5 * swing, "keeps less than half: " + last / swing);
        // The same map up to the multiplier iteration: within 1 % of the swing all along.
        for (int k = 0; k < semi.length; k += 100) {
            assertEquals(implicit[k], semi[k], 0.01 * swing, "at " + k * 0.005 + " s");
        }
    }

    /**
     * Midpoint gains slowly (a spring's energy grows by {@code 1 + (hw)^4 / 4} a step): up in every
     * 20 s, still within 1 % of the swing after 80 s. The trapezoid keeps a linear spring's energy
     * exactly; on the pendulum its error stays within 0.5 % of the swing and does not drift.
     */
    @Test
    void midpointDriftsUpAndTrapezoidKeepsItsEnergy() {
        double[] mid = pendulumEnergies(IntegrationRule.MIDPOINT, 80, 1);
        double swing = mid[0] - E_REST;
        for (int k = 4000; k < mid.length; k += 4000) {
            assertTrue(mid[k] > mid[k - 4000], "rises by " + k * 0.005 + " s");
        }
        assertTrue(band(mid, 0, mid.length - 1) < 0.01 * swing, "within 1 %");
        double[] trap = pendulumEnergies(IntegrationRule.TRAPEZOID, 80, 1);
        assertTrue(band(trap, 0, trap.length - 1) < 0.005 * swing, "within 0.5 %");
    }

    /** On the vertical spring the trapezoid's energy is a constant of the step (to the solve's tolerance). */
    @Test
    void theTrapezoidKeepsALinearSpringsEnergy() {
        try (World w = new World(new Vec3(0, -G, 0))) {
            SoftId id = spring(w, IntegrationRule.TRAPEZOID, Y_EQ + A, V0);
            double e0 = w.softBodies().energy(id, 0, -G, 0);
            double worst = 0;
            for (int i = 0; i < 4000; i++) {
                w.step(0.005);
                worst = Math.max(worst, Math.abs(w.softBodies().energy(id, 0, -G, 0) - e0));
            }
            double swing = e0 - E_REST;
            assertTrue(worst < 1e-9 * swing + 1e-12, "worst " + worst + " J of " + swing);
        }
    }

    static double band(double[] e, int from, int to) {
        double worst = 0;
        for (int k = from; k <= to; k++) {
            worst = Math.max(worst, Math.abs(e[k] - e[0]));
        }
        return worst;
    }

    /** A pinned flag, a sheet dropped on the ground and a soft cube, all under one rule. */
    static World scene(IntegrationRule rule) {
        return scene(rule, 0.05, 1, 1e-2, 1e-1);
    }

    /**
     * The scene with the sheet's stretch compliance, both cloths' bending compliance and the cube's
     * edge and volume compliances; a shell balloon (gas at 100 Pa, edges of compliance 0.1) beside them.
     * The explicit rules need soft constraints: explicit Euler gains a factor {@code 1 + (h w)^2} of a
     * mode's energy every substep, and these constraints' stiffest modes have h w of 0.02 to 0.2.
     */
    static World scene(IntegrationRule rule, double stretch, double bend, double edge, double volume) {
        World w = new World(new Vec3(0, -G, 0));
        w.add(BodyDef.staticBody(), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0);
        SoftBodies s = w.softBodies();
        // Under explicit Euler the sheet gains energy without bound once it strikes the ground (the rule
        // is unstable for every oscillation, contact's included); kept from the others, it cannot
        // fling them, and each body shows its own rule.
        s.setBodyCollision(false);
        s.addCloth(ClothDef.defaults("sheet").withSize(1, 1, 8, 8).withCompliance(stretch, bend).withIntegrator(rule)
                .withPose(new Vec3(0, 0.5, 0), Quat.fromAxisAngle(Vec3.UNIT_X, -Math.PI / 2)));
        s.addCloth(ClothDef.defaults("flag").withSize(1, 0.5, 8, 4).withCompliance(0, bend).withIntegrator(rule)
                .withPose(new Vec3(-2, 2, 0), Quat.IDENTITY)
                .withPins(List.of(new ClothDef.Pin(0, 4), new ClothDef.Pin(8, 4))));
        s.addSoftBody(SoftBodyDef.defaults("jelly", new SoftShape.Box(0.15, 0.15, 0.15)).withResolution(2)
                .withDensity(100).withCompliance(edge, volume).withIntegrator(rule)
                .withPose(new Vec3(1.5, 0.5, 0), Quat.IDENTITY));
        s.addSoftBody(SoftBodyDef.defaults("balloon", new SoftShape.Sphere(0.2)).withResolution(2)
                .withDensity(10).withPressure(100).withCompliance(0.1, 0).withIntegrator(rule)
                .withPose(new Vec3(3, 0.5, 0), Quat.IDENTITY));
        return w;
    }

    @ParameterizedTest
    @EnumSource(IntegrationRule.class)
    void twoRunsGiveTheSameBits(IntegrationRule rule) {
        try (World a = scene(rule); World b = scene(rule)) {
            for (int i = 0; i < 60; i++) {
                a.step(1 / 60.0);
                b.step(1 / 60.0);
            }
            assertEquals(a.stateHash(), b.stateHash());
        }
    }

    /** Every rule changes the motion of the scene; none is the default under another name. */
    @ParameterizedTest
    @EnumSource(IntegrationRule.class)
    void everyRuleButTheDefaultMovesTheSceneOtherwise(IntegrationRule rule) {
        if (rule == IntegrationRule.SEMI_IMPLICIT) {
            return;
        }
        try (World a = scene(rule); World b = scene(IntegrationRule.SEMI_IMPLICIT)) {
            for (int i = 0; i < 30; i++) {
                a.step(1 / 60.0);
                b.step(1 / 60.0);
            }
            assertNotEquals(a.stateHash(), b.stateHash());
        }
    }

    /**
     * A snapshot restores the rule's whole state: leapfrog keeps its velocities at whole steps, so
     * position and velocity are all it needs, as for every rule.
     */
    @ParameterizedTest
    @EnumSource(IntegrationRule.class)
    void restoringASnapshotGivesTheSameBits(IntegrationRule rule) {
        try (World w = scene(rule); World other = scene(rule)) {
            for (int i = 0; i < 30; i++) {
                w.step(1 / 60.0);
            }
            WorldSnapshot snap = w.snapshot();
            for (int i = 0; i < 30; i++) {
                w.step(1 / 60.0);
            }
            other.restore(snap);
            for (int i = 0; i < 30; i++) {
                other.step(1 / 60.0);
            }
            assertEquals(w.stateHash(), other.stateHash());
        }
    }

    @Test
    void aDefWithoutARuleIsRefusedNamingTheRules() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> ClothDef.defaults("c").withIntegrator(null).validate());
        assertTrue(e.getMessage().contains("integrator") && e.getMessage().contains("leapfrog"), e.getMessage());
        var f = assertThrows(IllegalArgumentException.class,
                () -> SoftBodyDef.defaults("b", new SoftShape.Sphere(0.2)).withIntegrator(null).validate());
        assertTrue(f.getMessage().contains("integrator"), f.getMessage());
    }

    /**
     * Explicit Euler on the default soft cube (edges of 1e-6 m/N: h w far above 1) diverges; the step in
     * which a particle stops being finite fails naming the body and the step, and leaves the world as
     * it was before that step.
     */
    @Test
    void aDivergingRuleFailsTheStepAndLeavesTheWorldAsItWas() {
        try (World w = new World(new Vec3(0, -G, 0))) {
            w.add(BodyDef.staticBody(), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0);
            w.softBodies().addSoftBody(SoftBodyDef.defaults("jelly", new SoftShape.Box(0.3, 0.3, 0.3))
                    .withIntegrator(IntegrationRule.EXPLICIT_EULER).withPose(new Vec3(0, 1, 0), Quat.IDENTITY));
            SimulationException failure = null;
            long before = 0;
            for (int i = 0; i < 600 && failure == null; i++) {
                before = w.stateHash();
                try {
                    w.step(1 / 60.0);
                } catch (SimulationException e) {
                    failure = e;
                }
            }
            assertTrue(failure != null, "explicit Euler on stiff edges must diverge");
            assertEquals("jelly", failure.body());
            assertEquals(w.stepCount() + 1, failure.step());
            assertEquals(before, w.stateHash());
        }
    }
}
