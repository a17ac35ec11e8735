package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.HeightfieldShape;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * A dropped ball comes back at its restitution, and a stack rests on its contacts at one lone body's
 * deflection each, at the default settings. Figures: {@code -Dricochet.bounceReport=true}.
 */
class ReboundAndStackSagTest {

    private static final double G = Scenes.G, DT = Scenes.DT;
    private static final boolean REPORT = Boolean.getBoolean("ricochet.bounceReport");

    /**
     * A ball dropped from rest at H above the ground (a static box or a flat heightfield) meets it at
     * {@code v = sqrt(2 g H)} and leaves at {@code e v}, so it rises to {@code e^2 H}: the velocity ratio
     * is {@code sqrt(apex / H)}, which must be within 2 % of e. The integrator's path through its
     * positions is a parabola of the same height, so only the impact's timing within a substep can
     * lose speed (it lost {@code (1 + e) g h / 2} when the substep's velocity was read as the one at
     * its end); the apex, sampled once a step, is low by at most {@code g dt^2 / 8} (0.34 mm).
     */
    @ParameterizedTest(name = "e {0}, H {1} m, r {2} m, heightfield {3}, {4} substeps")
    @CsvSource({
        "0.5, 0.3, 0.1, false, 4", "0.5, 1.0, 0.4, false, 4", "0.5, 3.0, 0.2, true, 4",
        "1.0, 0.3, 0.4, true, 4", "1.0, 1.0, 0.1, false, 4", "1.0, 3.0, 0.25, false, 4",
        "0.8, 0.5, 0.15, true, 4", "0.5, 0.7, 0.3, false, 2", "1.0, 0.7, 0.3, true, 1",
    })
    void droppedBallReboundsAtItsRestitution(double e, double drop, double r, boolean field, int substeps) {
        World w = Scenes.world(substeps);
        ground(w, e, field);
        BodyId ball = ball(w, r, drop, e);
        double apex = nextApex(w, ball, r);
        double ratio = Math.sqrt(apex / drop);
        report("rebound e %.2f H %.1f m r %.2f m %s %d substeps: v_out / v_in = %.4f (%.3f of e)%n", e, drop, r,
                field ? "heightfield" : "box", substeps, ratio, ratio / e);
        assertTrue(Math.abs(ratio / e - 1) < 0.02, "rebound " + ratio + " for e = " + e);
    }

    /**
     * A box dropped from rest with its lowest corner H above the ground, flat or turned a degree about
     * a horizontal axis, meets it at {@code v = sqrt(2 g H)}; its centre, at height {@code c_t} when the
     * box first touches, rises after the bounce to {@code c_t + e^2 H} when the box leaves at
     * {@code e v}, so {@code sqrt((apex - c_t) / H)} is the rebound ratio. The box's bounce is the
     * restitution after the substeps, not the impact stage: each corner bounces at its approach before
     * the run's impulses of the pass, its corners swept together, so it leaves turning by no more than
     * its tilt gives. Within 4.5 % of e (measured: 0.960-1.000 of e; 0.81-0.95 before the sweeps and the
     * reading; a box that lands from a speculative gap was braked to close it in the substeps before,
     * which the impact stage's time of impact avoids for a ball), and never above e by more than 0.5 %.
     */
    @ParameterizedTest(name = "e {0}, H {1} m, half {2} m, turned {3} deg")
    @CsvSource({
        "0.5, 0.3, 0.2, 0", "0.5, 1.0, 0.5, 0", "0.5, 3.0, 0.1, 0", "1.0, 0.3, 0.5, 0", "1.0, 1.0, 0.2, 0",
        "1.0, 3.0, 0.3, 0", "0.5, 1.0, 0.2, 1", "1.0, 1.0, 0.2, 1", "0.5, 3.0, 0.5, 1", "1.0, 0.5, 0.3, 1",
    })
    void droppedBoxReboundsAtItsRestitution(double e, double drop, double half, double turnDegrees) {
        World w = Scenes.world(4);
        ground(w, e, false);
        Quat turn = Quat.fromAxisAngle(new Vec3(1, 0, 1).normalized(), Math.toRadians(turnDegrees));
        // The lowest corner's depth below the centre: the largest of R c . (-e_y) over the corners.
        double low = 0;
        for (int k = 0; k < 8; k++) {
            Vec3 corner = turn.rotate(new Vec3((k & 1) == 0 ? -half : half, (k & 2) == 0 ? -half : half,
                    (k & 4) == 0 ? -half : half));
            low = Math.max(low, -corner.y());
        }
        Shape s = new BoxShape(half, half, half);
        BodyId box = w.add(BodyDef.dynamic().withShape(s, 700).withPosition(new Vec3(0.13, low + drop, 0.37))
                .withOrientation(turn), s, 0.5, e);
        double apex = nextApex(w, box, low);
        double ratio = Math.sqrt(apex / drop);
        report("box rebound e %.2f H %.1f m half %.2f m turned %.0f deg: v_out / v_in = %.4f (%.3f of e)%n", e, drop,
                half, turnDegrees, ratio, ratio / e);
        assertTrue(ratio / e > 0.955, "rebound " + ratio + " for e = " + e);
        assertTrue(ratio / e < 1.005, "rebound " + ratio + " above e = " + e);
    }

    /**
     * No energy gained by bouncing: an elastic ball's apexes never rise above its drop height, and an
     * e = 0.5 ball's above {@code e^(2k) H} after k bounces, beyond the impact's position error within
     * its substep, at most {@code g h^2 / 8} (the bounced path is a parabola through a point that the
     * substep's straight segment misses by that), taken twice; and each bounce keeps all but 4 % of
     * its apex (measured: 0.3 %), so the test cannot pass by losing the bounce.
     */
    @ParameterizedTest(name = "e {0}")
    @ValueSource(doubles = {1.0, 0.5})
    void bouncingBallGainsNoEnergy(double e) {
        int substeps = 4;
        World w = Scenes.world(substeps);
        ground(w, e, false);
        double drop = 1.5, r = 0.2, h = DT / substeps;
        BodyId ball = ball(w, r, drop, e);
        double slack = G * h * h / 4;
        double bound = drop;
        // While the approach, sqrt(2 g apex), is past the default 1 m/s restitution threshold with room.
        for (int k = 1; k <= 4 && Math.sqrt(2 * G * bound) > 1.2; k++) {
            double apex = nextApex(w, ball, r);
            bound *= e * e;
            report("bounce %d, e %.1f: apex %.6f m, e^2k H %.6f m%n", k, e, apex, bound);
            assertTrue(apex <= bound + slack, "bounce " + k + ": apex " + apex + " above " + bound);
            assertTrue(apex >= 0.96 * bound, "bounce " + k + ": apex " + apex + " far below " + bound);
        }
    }

    /**
     * A column of ten cubes (sides 0.5, 1 and 2 m, different densities) stands on static ground for 60 s.
     * Each spring rests at a lone body's deflection {@code g / omega^2}, whatever it holds up: nine
     * contacts between cubes at the free spring and one against the ground at the stiffer one, so the
     * top sinks {@code 9 g / omega^2 + g / omega_ground^2} (2.55 mm at 4 substeps: 30 and 60 Hz;
     * 2.76 mm at 2: 30 and 30 Hz), which must stay within 25 % for the settling's spin and rounding,
     * and under 5 mm at the default settings. It did not sway off its line by more than 5 mm.
     */
    @ParameterizedTest(name = "side {0} m, density {1}, {2} substeps")
    @CsvSource({"1, 1000, 4", "0.5, 300, 4", "2, 500, 4", "1, 1000, 2", "0.7, 2500, 2", "1, 1000, 8"})
    void columnOfTenRestsAtOneLoneDeflectionPerContact(double side, double density, int substeps) {
        World w = Scenes.world(substeps);
        Scenes.groundBox(w, 0.6);
        int n = 10;
        double[] sides = new double[n], densities = new double[n];
        Arrays.fill(sides, side);
        Arrays.fill(densities, density);
        double[] figures = stack(w, sides, densities, 60);
        double predicted = (n - 1) * restSag(w, substeps, false) + restSag(w, substeps, true);
        report("column of %d x %.1f m, %.0f kg/m^3, %d substeps: sink %.2f mm (%.2f mm predicted), sway %.2f mm%n",
                n, side, density, substeps, 1000 * figures[0], 1000 * predicted, 1000 * figures[1]);
        assertTrue(figures[0] < 1.25 * predicted, "sank " + figures[0] + " m, predicted " + predicted);
        assertTrue(figures[0] > -0.001, "rose " + -figures[0] + " m");
        if (substeps >= 4) {
            assertTrue(figures[0] < 0.005, "sank " + figures[0] + " m");
        }
        assertTrue(figures[1] < 0.005, "swayed " + figures[1] + " m");
    }

    /**
     * The same column of ten unit cubes with the ground's top 30 m below the origin, so that the
     * stack's heights are negative: the weights are summed from the highest body down whatever the
     * sign of its height, and the top sinks as it does above the origin.
     */
    @Test
    void columnBelowTheOriginRestsTheSame() {
        int substeps = 4;
        World below = Scenes.world(substeps);
        below.add(BodyDef.staticBody().withPosition(new Vec3(0, -30.5, 0)), new BoxShape(20, 0.5, 20), 0.6, 0);
        World above = Scenes.world(substeps);
        Scenes.groundBox(above, 0.6);
        double[] sides = new double[10], densities = new double[10];
        Arrays.fill(sides, 1);
        Arrays.fill(densities, 1000);
        double[] low = stack(below, sides, densities, 20, -30);
        double[] high = stack(above, sides, densities, 20, 0);
        double predicted = 9 * restSag(above, substeps, false) + restSag(above, substeps, true);
        assertTrue(low[0] < 1.25 * predicted, "sank " + low[0] + " m below the origin, predicted " + predicted);
        assertTrue(Math.abs(low[0] - high[0]) < 0.1 * predicted, "sank " + low[0] + " m below, " + high[0]
                + " m above the origin");
    }

    /**
     * Twelve boxes of sides 0.4-1.2 m and densities 200-5,000 kg/m^3, denser ones on top, stacked
     * centred: the top sinks under 1 cm in 60 s (the springs' rests: 11 free contacts and one on the
     * ground, 3.1 mm at 4 substeps) and sways off its line by no more than 5 mm while settling.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(ints = {1, 2, 3})
    void mixedStackSinksUnderACentimetre(int seed) {
        int substeps = 4;
        World w = Scenes.world(substeps);
        Scenes.groundBox(w, 0.6);
        Random random = new Random(seed);
        int n = 12;
        double[] sides = new double[n], densities = new double[n];
        for (int i = 0; i < n; i++) {
            sides[i] = 0.4 + 0.8 * random.nextDouble();
            densities[i] = 200 + 4800 * random.nextDouble();
        }
        Arrays.sort(densities);
        double[] figures = stack(w, sides, densities, 60);
        double predicted = (n - 1) * restSag(w, substeps, false) + restSag(w, substeps, true);
        report("mixed stack, seed %d: sink %.2f mm (%.2f mm predicted), sway %.2f mm%n", seed, 1000 * figures[0],
                1000 * predicted, 1000 * figures[1]);
        assertTrue(figures[0] < 0.01, "sank " + figures[0] + " m");
        assertTrue(figures[0] < 1.5 * predicted, "sank " + figures[0] + " m, predicted " + predicted);
        assertTrue(figures[1] < 0.005, "swayed " + figures[1] + " m");
    }

    /** Before and after the preload, printed (no assertion: the tests above hold the promises). */
    @Test
    void printFigures() {
        if (!REPORT) {
            return;
        }
        for (boolean preload : new boolean[] {false, true}) {
            World w = Scenes.world(4);
            w.setSupportPreload(preload);
            Scenes.groundBox(w, 0.6);
            double[] sides = new double[10], densities = new double[10];
            Arrays.fill(sides, 1);
            Arrays.fill(densities, 1000);
            double[] f = stack(w, sides, densities, 60);
            report("preload %s: column of 10 unit cubes, 60 s: sink %.2f mm, sway %.2f mm%n", preload, 1000 * f[0],
                    1000 * f[1]);
        }
    }

    /** The sink of the top's centre (m) and its largest distance off the vertical (m) over {@code seconds}. */
    private static double[] stack(World w, double[] sides, double[] densities, double seconds) {
        return stack(w, sides, densities, seconds, 0);
    }

    /** {@link #stack(World, double[], double[], double)} on ground whose top is at {@code base}, m. */
    private static double[] stack(World w, double[] sides, double[] densities, double seconds, double base) {
        int n = sides.length;
        BodyId[] boxes = new BodyId[n];
        double y = base;
        for (int i = 0; i < n; i++) {
            double half = sides[i] / 2;
            Shape s = new BoxShape(half, half, half);
            boxes[i] = w.add(BodyDef.dynamic().withShape(s, densities[i]).withPosition(new Vec3(0, y + half, 0)), s,
                    0.6, 0);
            y += sides[i];
        }
        BodyId top = boxes[n - 1];
        double start = y - sides[n - 1] / 2, sway = 0;
        for (int i = 0, steps = (int) Math.round(seconds / DT); i < steps; i++) {
            w.step(DT);
            Vec3 p = w.position(top);
            sway = Math.max(sway, Math.hypot(p.x(), p.z()));
        }
        return new double[] {start - w.position(top).y(), sway};
    }

    /**
     * {@code g / omega^2} for the default spring at {@code substeps}: {@code max(30 Hz, rate / 8)},
     * twice that against the ground, both capped at a quarter of the substep rate.
     */
    private static double restSag(World w, int substeps, boolean ground) {
        double rate = substeps / DT;
        double hertz = Math.max(30, rate / 8);
        double f = Math.min(ground ? 2 * hertz : hertz, rate / 4);
        double omega = 2 * Math.PI * f;
        return G / (omega * omega);
    }

    private static void ground(World w, double e, boolean field) {
        if (field) {
            w.add(BodyDef.staticBody().withPosition(new Vec3(-4, 0, -4)), new HeightfieldShape(new double[9][9], 1, 1),
                    0.5, e);
        } else {
            w.add(BodyDef.staticBody().withPosition(new Vec3(0, -0.5, 0)), new BoxShape(20, 0.5, 20), 0.5, e);
        }
    }

    /** A ball of radius r resting H above the plane y = 0, off the heightfield's grid lines. */
    private static BodyId ball(World w, double r, double drop, double e) {
        Shape s = new SphereShape(r);
        return w.add(BodyDef.dynamic().withShape(s, 700).withPosition(new Vec3(0.13, r + drop, 0.37)), s, 0.5, e);
    }

    /** The height above the ground of the ball's lowest point at the top of its next rise, sampled per step. */
    private static double nextApex(World w, BodyId ball, double r) {
        boolean rising = false;
        double apex = 0;
        for (int i = 0; i < 2000; i++) {
            w.step(DT);
            double vy = w.velocity(ball).y();
            if (vy > 0) {
                rising = true;
            }
            if (rising) {
                apex = Math.max(apex, w.position(ball).y() - r);
                if (vy < 0) {
                    return apex;
                }
            }
        }
        throw new AssertionError("the ball did not rise and fall back within 2000 steps");
    }

    private static void report(String format, Object... args) {
        if (REPORT) {
            System.out.printf(format, args);
        }
    }
}
