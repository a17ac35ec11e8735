package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.Shape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.fuzz.RandomScene;
import ricochet.world.fuzz.SceneCheck;

/**
 * A small body landing on a corner: stopping that corner alone takes a spin of {@code v / r}
 * (tens of thousands of rad/s for millimetres at tens of m/s), far past the integrator's cap of
 * {@code Integrator.MAX_ROTATION} per substep. Cut after the solve, the spin no longer met the
 * contact and the body went on into the ground at most of its speed; the solver now cuts it inside
 * the contact's own sweep and meets the contact with the body's turning held.
 */
class SpinCapContactTest {

    @Test
    void smallCylinderLandingOnACornerStaysOutOfTheGround() {
        World w = new World(new Vec3(0, -9.81, 0));
        w.add(BodyDef.staticBody().withPosition(new Vec3(0, -5, 0)), new BoxShape(2000, 5, 2000), 0.6, 0);
        double r = 0.002;
        Shape s = new CylinderShape(r, 1.2 * r);
        BodyId b = w.add(BodyDef.dynamic().withShape(s, 1).withMass(10).withPosition(new Vec3(0, 0.5, 0))
                .withOrientation(Quat.fromAxisAngle(new Vec3(1, 0, 0.3).normalized(), 1.0))
                .withVelocity(new Vec3(0, -40, 0)), s, 0.5, 0.2);
        // The first step's sweep puts it back at the ground with the speed of the whole step (the
        // continuous stage keeps the velocity); from there the landing and the bounce only lose energy.
        w.step(1.0 / 60);
        double e1 = w.kineticEnergy() + w.potentialEnergy();
        double lowest = Double.POSITIVE_INFINITY;
        for (int k = 1; k < 60; k++) {
            w.step(1.0 / 60);
            lowest = Math.min(lowest, w.centerOfMass(b).y());
            assertTrue(w.kineticEnergy() + w.potentialEnergy() <= e1 * (1 + 1e-12),
                    "step " + (k + 1) + " gained energy");
        }
        // Its centre is at least 1.2 r up standing and r lying; before the fix it reached -11 r.
        assertTrue(lowest > 0, "centre reached y = " + lowest + " m");
    }

    /** Soak scenes that failed this way (free bodies: 75, 154; with joints: 437, 607). */
    @Test
    void soakScenesOfSmallBodiesLandingFastStayAboveTheGround() {
        for (long n : new long[] {75, 154, 437, 607}) {
            SceneCheck.Outcome o = SceneCheck.run(RandomScene.numbered(n));
            assertNull(o.belowGround(), "scene " + n + ": " + o.belowGround());
        }
    }
}
