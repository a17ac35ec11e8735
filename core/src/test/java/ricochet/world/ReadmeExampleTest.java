package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * The Java example of README.md, run as written: a static ground box, a ball dropped onto it, a step
 * loop, a pose read back. It mirrors the README example; change both together.
 */
class ReadmeExampleTest {

    private static final double G = 9.81;
    private static final double DT = 1.0 / 60;
    private static final int SUBSTEPS = 4;
    private static final double RADIUS = 0.25;
    private static final double DROP_HEIGHT = 2;

    /**
     * Before it lands the ball falls freely: the centre is at {@code y0 - g t^2 / 2}, less the
     * semi-implicit Euler integrator's lead. Per substep h = dt / 4 it moves {@code v} after adding
     * {@code -g h} to it, so after n substeps it has fallen {@code g h^2 n (n + 1) / 2}
     * = {@code g t^2 / 2 + g t h / 2}: the tolerance is that {@code g t h / 2} plus round-off.
     * After 2 s it rests on the ground, its centre at the radius above the ground's top, less the soft
     * contact's static sag {@code g / omega^2} with omega = 2 pi 60 Hz against a static body (the
     * quarter of the 240 Hz substep rate), 0.07 mm: a 1 mm tolerance holds that sag with room for
     * the sleep test, which freezes a body within a few millimetres of per-second motion.
     */
    @Test
    void droppedBallFallsBallisticallyThenRestsOnTheGround() {
        int freeFallChecks = 0;
        // --- README example, from here ---
        try (World world = new World(new Vec3(0, -9.81, 0))) {
            // The ground: a static 20 x 1 x 20 m box whose top face is the plane y = 0.
            world.add(BodyDef.staticBody().withPosition(new Vec3(0, -0.5, 0)),
                    new BoxShape(10, 0.5, 10), 0.5, 0.0);

            // A ball of radius 0.25 m, its centre 2 m up; its mass comes from its shape
            // filled with water's 1000 kg/m^3 (withDensity or withMass say otherwise).
            BodyId ball = world.add(BodyDef.dynamic().withPosition(new Vec3(0, 2, 0)),
                    new SphereShape(0.25), 0.5, 0.0);

            double dt = 1.0 / 60;
            for (int i = 0; i < 120; i++) {
                world.step(dt);
                // --- README example, to here (the assertions are the test's) ---
                double t = world.time();
                double y = world.position(ball).y();
                double bottomIfFree = DROP_HEIGHT - 0.5 * G * t * t - RADIUS;
                if (bottomIfFree > 0.1) {
                    double tolerance = G * t * (DT / SUBSTEPS) / 2 + 1e-9;
                    assertEquals(DROP_HEIGHT - 0.5 * G * t * t, y, tolerance, "free fall at t = " + t);
                    freeFallChecks++;
                }
                // --- README example, from here ---
            }

            Vec3 p = world.position(ball);
            Quat q = world.orientation(ball);
            System.out.printf("t = %.2f s: ball at (%.3f, %.3f, %.3f) m, orientation [%.3f, %.3f, %.3f, %.3f]%n",
                    world.time(), p.x(), p.y(), p.z(), q.x(), q.y(), q.z(), q.w());
            // --- README example, to here ---

            // The ball's bottom passes 0.1 m at t = sqrt(2 (2 - 0.25 - 0.1) / g) = 0.58 s: 34 steps.
            assertEquals(34, freeFallChecks, "steps checked against free fall");
            assertEquals(120 * DT, world.time(), 1e-12, "simulated time");
            double sag = G / Math.pow(2 * Math.PI * 60, 2);
            assertTrue(sag < 1e-4, "the derivation's sag");
            assertEquals(RADIUS, p.y(), 1e-3, "resting height: radius above the ground's top");
            assertEquals(0, p.x(), 1e-9, "a vertical drop stays on its vertical");
            assertEquals(0, p.z(), 1e-9, "a vertical drop stays on its vertical");
            assertTrue(world.velocity(ball).length() < 1e-2, "at rest: " + world.velocity(ball));
        }
    }
}
