package ricochet.joints;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Vec3;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.world.World;
import ricochet.world.fuzz.RandomScene;

/**
 * The joints' warm-start guard ({@code JointImpulses}) holds back a warm start that would more than
 * double its bodies' kinetic energy: per group of bodies joints connect, so that a jammed loop of
 * joints does not damp the warm start, and with it the convergence, of every other jointed body in
 * the world.
 */
class WarmStartGuardTest {

    /** A ball-jointed pendulum 500 m from the origin, swinging at 2 m/s; returns the bob. */
    private static BodyId pendulum(World w) {
        SphereShape ball = new SphereShape(0.1);
        BodyId bob = w.add(BodyDef.dynamic().withShape(ball, 1000).withPosition(new Vec3(500, 50, 0))
                .withVelocity(new Vec3(2, 0, 0)).withName("bob"), ball, 0.5, 0);
        w.addJoint(JointDef.ball(bob, null, new Vec3(500, 51, 0)));
        return bob;
    }

    /**
     * The shrunk soak scene of {@code NoNaNPropertyTest.redundantJointsInAJammedLoopStayFinite} (a
     * hull and a capsule joined twice and each held to the world, made at 57-78 m/s, plus a ragdoll:
     * its loop jams and the guard scales its warm starts back) with a pendulum far away: the
     * pendulum swings bit for bit as it does alone in a world of the same settings.
     */
    @Test
    void aJammedLoopDoesNotChangeAPendulumElsewhere() {
        RandomScene jammed = new RandomScene(0, 3, 4, true, true, 30);
        RandomScene empty = new RandomScene(0, 0, 0, false, true, 30);
        World busy = jammed.world(), alone = empty.world();
        busy.setSleepingEnabled(false);
        alone.setSleepingEnabled(false);
        BodyId a = pendulum(busy), b = pendulum(alone);
        double[] sa = new double[13], sb = new double[13];
        double swing = 0;
        for (int step = 1; step <= 60; step++) {
            busy.step(jammed.dt());
            alone.step(empty.dt());
            busy.readState(a, sa);
            alone.readState(b, sb);
            assertArrayEquals(sb, sa, 0, "the pendulum's state at step " + step);
            swing = Math.max(swing, busy.position(a).x() - 500);
        }
        assertTrue(swing > 0.1, "the pendulum swung " + swing + " m");
    }
}
