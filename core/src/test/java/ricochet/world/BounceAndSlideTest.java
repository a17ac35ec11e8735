package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/** Restitution and Coulomb friction against closed forms. */
class BounceAndSlideTest {

    /**
     * An elastic ball dropped from H = 1 m comes back to H, less what the integrator loses. With
     * v = sqrt(2 g H) = 4.4 m/s and the substep h = dt / 4: symplectic Euler's positions lag its
     * velocities by half a substep, which costs h v / 2 of height on the fall and again on the rise
     * (together v h / H = 1.8%); and the approach speed is read up to one substep before the gap
     * closes, missing at most another v h / H = 1.8%. So the apex is at least 96.3% of H (measured:
     * 96.6%); the 5% tolerance is that bound with room for the apex being sampled once per step.
     */
    @Test
    void elasticBallBouncesBackToItsDropHeight() {
        World w = Scenes.world(4);
        Scenes.groundPlane(w, 0.5, 1);
        double r = 0.25, drop = 1;
        BodyId ball = Scenes.sphere(w, r, new Vec3(0, r + drop, 0), 1);
        boolean rising = false;
        double apex = 0;
        for (int i = 0; i < 150; i++) {
            w.step(Scenes.DT);
            double vy = w.velocity(ball).y();
            if (vy > 0) {
                rising = true;
            }
            if (rising) {
                apex = Math.max(apex, w.position(ball).y() - r);
                if (vy < 0) {
                    break;
                }
            }
        }
        assertTrue(rising, "never bounced");
        assertEquals(drop, apex, 0.05 * drop, "apex after the bounce");
    }

    /**
     * A light elastic box (restitution 1, 0.4 m, 0.64 kg) on the ground, built with a 1 t box sunk
     * 0.1 m into it: the overlap is pushed out at no more than the 3 m/s push-out, and the squeeze's
     * approach speeds (the box is pressed into the ground from above) must not be bounced back as if
     * it had fallen: nothing was falling, so the approach floor (the normal velocity at the step's
     * start less what gravity adds in it) keeps restitution out. Without the floor the box left at
     * 10.7 m/s; with it, 2.4 m/s.
     */
    @Test
    void squeezedElasticBoxIsNotLaunchedByRestitution() {
        World w = Scenes.world(4);
        w.add(BodyDef.staticBody().withPosition(new Vec3(0, -0.5, 0)), new BoxShape(50, 0.5, 50), 0.5, 1);
        BoxShape small = new BoxShape(0.2, 0.2, 0.2);
        BodyId box = w.add(BodyDef.dynamic().withShape(small, 10).withPosition(new Vec3(0, 0.2, 0)),
                small, 0.5, 1);
        BoxShape big = new BoxShape(1, 1, 1);
        w.add(BodyDef.dynamic().withShape(big, 1000).withPosition(new Vec3(0.3, 0.4 + 1 - 0.1, 0)), big,
                0.5, 1);
        double fastest = 0;
        for (int i = 0; i < 60; i++) {
            w.step(Scenes.DT);
            fastest = Math.max(fastest, w.velocity(box).length());
        }
        assertTrue(fastest < 4, "the squeezed box reached " + fastest + " m/s");
    }

    /**
     * Elastic boxes (restitution 1 on box and floor) thrown tilted at the floor at 5, 20 and 70 m/s:
     * nothing is overlapping at the start and no force works on them but gravity, so the energy
     * never rises above its start. One box, 1 x 0.6 x 1.7 m at 20 m/s, landed on a corner, swung its
     * far end 20 cm into the floor the next step, and its four points each bounced their own approach:
     * +48 % of its start energy. Holds since restitution gives a body bouncing off a static one no
     * more energy than it brought into the step.
     */
    @Test
    void tiltedElasticBoxesThrownAtTheFloorGainNoEnergy() {
        for (double speed : new double[] {5, 20, 70}) {
            for (int tilt = 0; tilt < 12; tilt++) {
                for (double half : new double[] {0.05, 0.5}) {
                    World w = Scenes.world(4);
                    Scenes.groundPlane(w, 0.5, 1);
                    BoxShape box = new BoxShape(half, 0.6 * half, 1.7 * half);
                    Quat q = Quat.fromAxisAngle(new Vec3(1, 0.3 * tilt, 0.7), 0.13 * tilt + 0.05);
                    w.add(BodyDef.dynamic().withShape(box, Scenes.DENSITY).withOrientation(q)
                            .withPosition(new Vec3(0, 3 * half + 0.5 * speed * Scenes.DT, 0))
                            .withVelocity(new Vec3(0, -speed, 0)), box, 0.5, 1);
                    double e0 = w.kineticEnergy() + w.potentialEnergy();
                    for (int i = 0; i < 30; i++) {
                        w.step(Scenes.DT);
                        double e = w.kineticEnergy() + w.potentialEnergy();
                        assertTrue(e <= e0 * (1 + 1e-9), String.format(
                                "%.0f m/s, tilt %d, half %.2f m: step %d has %.6g J, over the start's %.6g J",
                                speed, tilt, half, i + 1, e, e0));
                    }
                }
            }
        }
    }

    /** With restitution 0 the ball stops on the first contact: it never rises again. */
    @Test
    void deadBallDoesNotBounce() {
        World w = Scenes.world(4);
        Scenes.groundPlane(w, 0.5, 0);
        double r = 0.25;
        BodyId ball = Scenes.sphere(w, r, new Vec3(0, r + 1, 0), 0);
        double maxRise = 0;
        boolean landed = false;
        for (int i = 0; i < 240; i++) {
            w.step(Scenes.DT);
            double y = w.position(ball).y() - r;
            landed |= y < 1e-3;
            if (landed) {
                maxRise = Math.max(maxRise, y);
            }
        }
        assertTrue(landed, "never landed");
        // The soft contact may leave it within a millimetre of the plane, never a bounce.
        assertTrue(maxRise < 1e-3, "rose " + maxRise + " m after landing");
    }

    private static final double SLOPE = Math.toRadians(30);

    /** A static 20 x 1 x 6 m box tilted by 30 degrees about z, and a 1 m cube resting on it. */
    private static BodyId[] ramp(World w, double friction) {
        Quat tilt = Quat.fromAxisAngle(Vec3.UNIT_Z, SLOPE);
        w.add(BodyDef.staticBody().withOrientation(tilt).withName("ramp"), new BoxShape(10, 0.5, 3), friction, 0);
        Vec3 up = tilt.rotate(Vec3.UNIT_Y);
        BodyId cube = Scenes.cube(w, 1, up.times(1.0), tilt, friction);
        return new BodyId[] {cube};
    }

    @Test
    void cubeOnA30DegreeRampWithFriction07Stays() {
        World w = Scenes.world(4);
        BodyId cube = ramp(w, 0.7)[0];
        // Settle the 0 m gap's first contact, then measure: tan 30 = 0.577 < 0.7 so it must hold.
        w.step(Scenes.DT);
        Vec3 start = w.position(cube);
        for (int i = 0; i < 120; i++) {
            w.step(Scenes.DT);
        }
        double moved = w.position(cube).minus(start).length();
        assertTrue(moved < 0.01, "moved " + moved + " m in 2 s");
    }

    @Test
    void cubeOnA30DegreeRampWithFriction03SlidesAtTheCoulombAcceleration() {
        World w = Scenes.world(4);
        BodyId cube = ramp(w, 0.3)[0];
        Vec3 down = Quat.fromAxisAngle(Vec3.UNIT_Z, SLOPE).rotate(Vec3.UNIT_X).times(-1);
        for (int i = 0; i < 60; i++) {
            w.step(Scenes.DT);
        }
        double v1 = w.velocity(cube).dot(down);
        for (int i = 0; i < 60; i++) {
            w.step(Scenes.DT);
        }
        double v2 = w.velocity(cube).dot(down);
        double expected = Scenes.G * (Math.sin(SLOPE) - 0.3 * Math.cos(SLOPE));
        assertEquals(expected, v2 - v1, 0.02 * expected, "acceleration over the second second");
    }
}
