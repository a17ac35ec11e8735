package ricochet.soft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;

/**
 * A body that moves several times its own size in a substep meets particles: the sweep of a particle
 * through a sphere off its centre line counts as a hit, and a tethered particle the body strikes stays
 * within its tethers (its contact is solved with them, {@link TetheredContacts}).
 */
class FastBodyContactTest {

    /**
     * A 1 kg sphere (5 cm) at 250 m/s passes a free 1 g particle 3 cm off its centre line, moving 0.21 m
     * a substep: the particle's path through the sphere's frame crosses it between substeps, entering
     * and leaving through faces that are not opposite. It is struck: a frictionless inelastic hit on a
     * sphere sends it along the normal at cos(theta) of the ball's speed, theta = asin(3 / 5), so
     * forward at cos^2(theta) = 0.64 of it; at least half of that is asked (the contact is found a
     * substep late, when the normal has turned). Momentum is exchanged impulse for impulse.
     */
    @Test
    void particleASphereSweepsOffItsCentreLineIsStruck() {
        try (World w = new World(Vec3.ZERO)) {
            SoftBodies s = w.softBodies();
            SoftId dot = s.addParticles("dot", new double[] {0.03, 0, 0}, new double[] {0.001}, new int[0], 0,
                    0.001);
            double speed = 250;
            BodyId ball = w.add(BodyDef.dynamic().withPosition(new Vec3(0, 0, 0.3))
                    .withVelocity(new Vec3(0, 0, -speed)).withMass(1), new SphereShape(0.05), 0, 0);
            w.step(1 / 60.0);
            double[] v = new double[3];
            s.velocity(dot, 0, v);
            assertTrue(v[2] < -0.5 * 0.64 * speed, "particle's forward speed " + v[2] + " m/s");
            Vec3 p = w.velocity(ball).plus(new Vec3(v[0], v[1], v[2]).times(0.001));
            assertEquals(-speed, p.z(), 1e-9 * speed, "momentum along the shot");
            assertEquals(0, Math.hypot(p.x(), p.y()), 1e-9 * speed, "momentum across the shot");
        }
    }

    /**
     * A 10 kg ball (2 cm) inside a 0.2 m cloth of 1 x 1 cells pinned at one corner runs along the
     * diagonal at 10 m/s into the free corner, pushing it straight away from the pin: the particle is
     * some 10^5 times lighter, so the plain contact, solved last, carries it with the ball beyond its
     * tether. Solved with its tether, the particle ends no step beyond its rest distance from the pin
     * (to the block's Gauss-Newton residual, 1 um), and the ball, which can only go where the particle
     * can, is stopped along the diagonal: its speed there falls below 1 % of the shot.
     */
    @Test
    void tetheredParticleStopsAHeavyBallPushingItFromItsPin() {
        try (World w = new World(Vec3.ZERO)) {
            SoftBodies s = w.softBodies();
            SoftId cloth = s.addCloth(ClothDef.defaults("patch").withSize(0.2, 0.2, 1, 1).withMass(1e-4)
                    .withPose(Vec3.ZERO, Quat.IDENTITY).withPins(List.of(new ClothDef.Pin(0, 0))));
            Vec3 diagonal = new Vec3(1, 1, 0).times(1 / Math.sqrt(2));
            BodyId ball = w.add(BodyDef.dynamic().withPosition(Vec3.ZERO).withVelocity(diagonal.times(10))
                    .withMass(10), new SphereShape(0.02), 0, 0);
            double[] pin = new double[3], x = new double[3];
            s.position(cloth, 0, pin);
            double rest = 0.2 * Math.sqrt(2), furthest = Double.NEGATIVE_INFINITY;
            for (int step = 0; step < 6; step++) {
                w.step(1 / 60.0);
                s.position(cloth, 3, x);
                double d = Math.sqrt((x[0] - pin[0]) * (x[0] - pin[0]) + (x[1] - pin[1]) * (x[1] - pin[1])
                        + (x[2] - pin[2]) * (x[2] - pin[2]));
                furthest = Math.max(furthest, d - rest);
            }
            assertTrue(furthest < 1e-6, "the corner ended " + furthest + " m beyond its tether");
            double along = w.velocity(ball).dot(diagonal);
            assertTrue(Math.abs(along) < 0.1, "ball still moves at " + along + " m/s along the diagonal");
        }
    }
}
