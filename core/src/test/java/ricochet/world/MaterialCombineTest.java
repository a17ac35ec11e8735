package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/** The pair rules: friction sqrt(muA muB), restitution max(eA, eB). */
class MaterialCombineTest {

    private static final double SLOPE = Math.toRadians(30);

    /** Down-slope acceleration of a cube (friction muBox) on a 30-degree ramp (friction muRamp). */
    private static double slideAcceleration(double muRamp, double muBox) {
        World w = Scenes.world(4);
        Quat tilt = Quat.fromAxisAngle(Vec3.UNIT_Z, SLOPE);
        w.add(BodyDef.staticBody().withOrientation(tilt).withName("ramp"), new BoxShape(10, 0.5, 3), muRamp, 0);
        BodyId cube = Scenes.cube(w, 1, tilt.rotate(Vec3.UNIT_Y), tilt, muBox);
        Vec3 down = tilt.rotate(Vec3.UNIT_X).times(-1);
        for (int i = 0; i < 30; i++) {
            w.step(Scenes.DT);
        }
        double v1 = w.velocity(cube).dot(down);
        for (int i = 0; i < 60; i++) {
            w.step(Scenes.DT);
        }
        return w.velocity(cube).dot(down) - v1;
    }

    @Test
    void frictionIsTheGeometricMeanOfThePair() {
        // sqrt(0.9 * 0.1) = 0.3: slides at g (sin 30 - 0.3 cos 30).
        double expected = Scenes.G * (Math.sin(SLOPE) - 0.3 * Math.cos(SLOPE));
        assertEquals(expected, slideAcceleration(0.9, 0.1), 0.02 * expected);
        assertEquals(expected, slideAcceleration(0.1, 0.9), 0.02 * expected);
    }

    @Test
    void aFrictionlessBodySlidesOnAnything() {
        double expected = Scenes.G * Math.sin(SLOPE);
        assertEquals(expected, slideAcceleration(5, 0), 0.02 * expected);
    }

    /** Bounce height of a ball (restitution eBall) dropped 1 m onto a plane (restitution ePlane). */
    private static double bounce(double ePlane, double eBall) {
        World w = Scenes.world(4);
        w.add(BodyDef.staticBody().withName("floor"), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, ePlane);
        SphereShape s = new SphereShape(0.1);
        BodyId ball = w.add(BodyDef.dynamic().withShape(s, 1000).withPosition(new Vec3(0, 1.1, 0)).withName("ball"),
                s, 0.5, eBall);
        boolean bounced = false;
        double apex = 0;
        for (int i = 0; i < 120; i++) {
            w.step(Scenes.DT);
            if (w.velocity(ball).y() > 0) {
                bounced = true;
            }
            if (bounced) {
                apex = Math.max(apex, w.position(ball).y() - 0.1);
            }
        }
        return apex;
    }

    @Test
    void restitutionIsTheLargerOfThePair() {
        // e = 0.5 either way round: the ball rises to about e^2 = 0.25 of the 1 m drop.
        double a = bounce(0.5, 0), b = bounce(0, 0.5);
        assertEquals(0.25, a, 0.03, "bouncy floor, dead ball");
        assertEquals(a, b, 1e-9, "the rule is symmetric");
        assertTrue(bounce(0, 0) < 1e-3, "two dead bodies do not bounce");
    }

    @Test
    void materialsChangeBetweenStepsAndBadValuesChangeNothing() {
        World w = Scenes.world(4);
        w.add(BodyDef.staticBody().withName("floor"), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0);
        SphereShape s = new SphereShape(0.1);
        BodyId ball = w.add(BodyDef.dynamic().withShape(s, 1000).withPosition(new Vec3(0, 1.1, 0)).withName("ball"),
                s, 0.5, 0);
        w.setRestitution(ball, 0.5);
        w.setFriction(ball, 0.25);
        assertEquals(0.5, w.restitution(ball));
        assertEquals(0.25, w.friction(ball));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> w.setFriction(ball, -1));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> w.setRestitution(ball, Double.NaN));
        assertEquals(0.5, w.restitution(ball));
        assertEquals(0.25, w.friction(ball));
        // The changed restitution acts: the ball bounces to about e^2 of its 1 m drop.
        double apex = 0;
        boolean rising = false;
        for (int i = 0; i < 120; i++) {
            w.step(Scenes.DT);
            rising |= w.velocity(ball).y() > 0;
            if (rising) {
                apex = Math.max(apex, w.position(ball).y() - 0.1);
            }
        }
        assertEquals(0.25, apex, 0.03);
    }
}
