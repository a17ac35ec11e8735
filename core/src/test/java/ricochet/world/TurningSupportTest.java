package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.joints.JointDef;
import ricochet.geometry.shape.Shape;
import ricochet.math.Vec3;

/**
 * Friction on a turning support. A box {@code r} from the axis of a table turning at {@code w} needs
 * the centripetal force {@code m w^2 r}; Coulomb friction gives up to {@code mu m g}, so below the slip
 * limit {@code w^2 r < mu g} the box rides on its circle for ever, and past it the box slides off along
 * the path of a particle in the turning frame under the centrifugal {@code w^2 r}, the Coriolis
 * {@code -2 w x u} and kinetic friction {@code -mu g u / |u|} ({@code u} its velocity relative to the
 * table). The table is kinematic, a free heavy slab spinning on frictionless ground, a slab on a hinge
 * driven by a motor, or a kinematic table that turns and translates.
 */
class TurningSupportTest {

    /** How the table is held: moved by the world, free, on a motor-driven hinge. */
    enum Table { KINEMATIC, FREE, MOTOR, KINEMATIC_TRANSLATING }

    /** The table's drift when it translates, m/s. */
    private static final Vec3 TABLE_DRIFT = new Vec3(0.3, 0, -0.2);

    /** The table last built. */
    private BodyId table;

    /**
     * The table's top is the plane y = 0 (y = 0.5 for a dynamic one); it turns about the vertical
     * through the origin at {@code omega} rad/s.
     */
    private World table(Table kind, double omega, double mu, boolean anchors) {
        World w = Scenes.world(4);
        w.setSleepingEnabled(false);
        w.setFrictionAnchors(anchors);
        Shape top = new BoxShape(4, 0.25, 4);
        Vec3 spin = new Vec3(0, omega, 0);
        switch (kind) {
            case KINEMATIC -> table = w.add(BodyDef.kinematic().withPosition(new Vec3(0, -0.25, 0))
                    .withAngularVelocity(spin).withName("table"), top, mu, 0);
            case KINEMATIC_TRANSLATING -> table = w.add(BodyDef.kinematic().withPosition(new Vec3(0, -0.25, 0))
                    .withVelocity(TABLE_DRIFT).withAngularVelocity(spin).withName("table"), top, mu, 0);
            case FREE -> {
                // A free 50 t slab spinning on frictionless ground: a dynamic support whose spin the box
                // barely changes (its inertia is 10^5 times the box's m r^2).
                Scenes.groundBox(w, 0);
                table = w.add(BodyDef.dynamic().withShape(top, 3125).withPosition(new Vec3(0, 0.25, 0))
                        .withAngularVelocity(spin).withName("table"), top, mu, 0);
            }
            case MOTOR -> {
                // A 1.6 t slab on a vertical hinge whose motor holds its speed (the box's drag on it is
                // a few N m against up to 10^5).
                table = w.add(BodyDef.dynamic().withShape(top, 100).withPosition(new Vec3(0, 0.25, 0))
                        .withAngularVelocity(spin).withName("table"), top, mu, 0);
                w.addJoint(JointDef.hinge(table, null, new Vec3(0, 0.25, 0), Vec3.UNIT_Y)
                        .velocityMotor(omega, 1e5));
            }
            default -> throw new IllegalArgumentException("table " + kind);
        }
        return w;
    }

    /**
     * A cube of side {@code side} riding on the table {@code r} from its axis (along +x), at the
     * table's velocity there.
     */
    private BodyId rider(World w, Table kind, double omega, double r, double side, double mu) {
        Shape s = new BoxShape(side / 2, side / 2, side / 2);
        double y0 = kind == Table.FREE || kind == Table.MOTOR ? 0.5 : 0;
        Vec3 v = new Vec3(0, 0, -omega * r);
        if (kind == Table.KINEMATIC_TRANSLATING) {
            v = v.plus(TABLE_DRIFT);
        }
        return w.add(BodyDef.dynamic().withShape(s, 500).withPosition(new Vec3(r, y0 + side / 2, 0))
                .withVelocity(v).withAngularVelocity(new Vec3(0, omega, 0)).withName("box"), s, mu, 0);
    }

    /** The box's distance from the table's axis, m (a free slab drifts with the box's momentum). */
    private double radius(World w, BodyId b) {
        Vec3 p = w.position(b), c = w.position(table);
        return Math.hypot(p.x() - c.x(), p.z() - c.z());
    }

    /** The box's radial creep, m/s, over {@code seconds} after a first second of settling. */
    private double creep(Table kind, double omega, double r, double side, double mu, boolean anchors,
                         double seconds) {
        World w = table(kind, omega, mu, anchors);
        BodyId box = rider(w, kind, omega, r, side, mu);
        for (int i = 0; i < 60; i++) {
            w.step(Scenes.DT);
        }
        double r1 = radius(w, box);
        int steps = (int) Math.round(seconds / Scenes.DT);
        for (int i = 0; i < steps; i++) {
            w.step(Scenes.DT);
        }
        return (radius(w, box) - r1) / seconds;
    }

    /**
     * Below the slip limit (here 0.5 to 0.9 of it) the box rides on its circle on every kind of table:
     * it creeps less than 1 mm/s (measured 0.03 to 0.8 mm/s), where friction that holds only the
     * velocity at the step's levers lost the centripetal change of the table's velocity,
     * {@code (w r dt)^2 / (2 r)} of radius a step: 20 to 360 mm/s here.
     */
    @ParameterizedTest(name = "{0}, w {1} rad/s, r {2} m, side {3} m, mu {4}")
    @CsvSource({
        "KINEMATIC, 2, 1, 0.2, 0.8",
        "KINEMATIC, 3, 0.5, 0.4, 0.8",
        "KINEMATIC, 1, 2.5, 0.3, 0.5",
        "KINEMATIC, 4, 0.3, 0.1, 0.9",
        "KINEMATIC, 2, 1, 0.2, 0.46",
        "FREE, 2, 1, 0.2, 0.8",
        "FREE, 3, 0.5, 0.4, 0.8",
        "FREE, 4, 0.3, 0.1, 0.9",
        "MOTOR, 2, 1, 0.2, 0.8",
        "MOTOR, 3, 0.5, 0.4, 0.8",
        "KINEMATIC_TRANSLATING, 2, 1, 0.2, 0.8",
        "KINEMATIC_TRANSLATING, 3, 0.5, 0.4, 0.8"
    })
    void aBoxBelowTheSlipLimitRidesOnItsCircle(Table kind, double omega, double r, double side, double mu) {
        assertTrue(omega * omega * r <= 0.9 * mu * Scenes.G, "a case below the slip limit");
        double creep = creep(kind, omega, r, side, mu, true, 4);
        assertTrue(Math.abs(creep) < 1e-3, "creep " + creep + " m/s");
    }

    /**
     * At 10 % past the slip limit the box slides from the start and follows the Coulomb particle's
     * path in the turning frame (integrated here with RK4 at 0.1 ms): after 1.5 s its radius agrees
     * within 3 % of the distance travelled (the box spins with the table and its friction patch has a
     * size the particle lacks), on a kinematic table, turning or turning and translating. (On a free
     * or motor-driven slab it leaves 5-8 % farther than the particle: not yet understood.)
     */
    @ParameterizedTest(name = "{0}, w {1} rad/s, r {2} m, past the limit")
    @CsvSource({"KINEMATIC, 2, 1", "KINEMATIC, 3, 0.6", "KINEMATIC, 1.5, 2", "KINEMATIC_TRANSLATING, 2, 1"})
    void aBoxPastTheSlipLimitLeavesAsCoulombSays(Table kind, double omega, double r) {
        double mu = omega * omega * r / (1.1 * Scenes.G);
        World w = table(kind, omega, mu, true);
        BodyId box = rider(w, kind, omega, r, 0.2, mu);
        double seconds = 1.5;
        for (int i = 0; i < Math.round(seconds / Scenes.DT); i++) {
            w.step(Scenes.DT);
        }
        double expected = coulombRadius(omega, r, mu * Scenes.G, seconds);
        double got = radius(w, box);
        assertTrue(expected - r > 0.1, "the particle slides: " + expected);
        assertEquals(expected, got, 0.03 * (expected - r), "radius after " + seconds + " s");
    }

    /**
     * The radius after {@code t} of a particle starting at rest on a table turning at {@code omega},
     * {@code r0} from the axis, under kinetic friction of deceleration {@code a} (mu g), in the turning
     * frame: {@code x'' = w^2 x + 2 w y' - a u_x / |u|}, {@code y'' = w^2 y - 2 w x' - a u_y / |u|}
     * (turning about +z seen from above, y ahead), RK4 with steps of 0.1 ms. At rest the friction
     * balances up to {@code a}: the particle starts sliding since {@code w^2 r0 > a}.
     */
    static double coulombRadius(double omega, double r0, double a, double t) {
        double[] y = {r0, 0, 0, 0};
        double h = 1e-4;
        int n = (int) Math.round(t / h);
        for (int i = 0; i < n; i++) {
            double[] k1 = rate(y, omega, a);
            double[] k2 = rate(add(y, k1, h / 2), omega, a);
            double[] k3 = rate(add(y, k2, h / 2), omega, a);
            double[] k4 = rate(add(y, k3, h), omega, a);
            for (int j = 0; j < 4; j++) {
                y[j] += h / 6 * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]);
            }
        }
        return Math.hypot(y[0], y[1]);
    }

    private static double[] rate(double[] y, double omega, double a) {
        double x = y[0], z = y[1], ux = y[2], uz = y[3];
        double fx = omega * omega * x + 2 * omega * uz, fz = omega * omega * z - 2 * omega * ux;
        double speed = Math.hypot(ux, uz);
        double ax, az;
        if (speed > 1e-9) {
            ax = fx - a * ux / speed;
            az = fz - a * uz / speed;
        } else {
            // At rest: static friction cancels up to a of the applied acceleration.
            double f = Math.hypot(fx, fz);
            double k = f > a ? (f - a) / f : 0;
            ax = k * fx;
            az = k * fz;
        }
        return new double[] {ux, uz, ax, az};
    }

    private static double[] add(double[] y, double[] k, double h) {
        return new double[] {y[0] + h * k[0], y[1] + h * k[1], y[2] + h * k[2], y[3] + h * k[3]};
    }

    /**
     * The creep without and with friction anchors: {@code mvn -B -q -pl core -am test
     * -Dtest=TurningSupportTest#printFigures -Dsurefire.failIfNoSpecifiedTests=false}.
     */
    @Test
    void printFigures() {
        System.out.println("turntable creep, m/s (anchors off -> on):");
        double[][] cases = {{2, 1, 0.2, 0.8}, {3, 0.5, 0.4, 0.8}, {1, 2.5, 0.3, 0.5}, {4, 0.3, 0.1, 0.9}};
        for (Table kind : Table.values()) {
            for (double[] k : cases) {
                System.out.printf("  %s w %.1f rad/s r %.2f m side %.1f m mu %.1f: %.2e -> %.2e%n", kind, k[0], k[1],
                        k[2], k[3], creep(kind, k[0], k[1], k[2], k[3], false, 4),
                        creep(kind, k[0], k[1], k[2], k[3], true, 4));
            }
        }
    }
}
