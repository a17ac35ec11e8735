package ricochet.joints;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.BoxShape;
import ricochet.math.Vec3;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.world.World;

/**
 * A heavy body jointed onto a light one that stands on the ground: the light body's ground contacts
 * are solved in the joint's block ({@link GroundedBlock}), so both rest on springs as stiff as the
 * pair, not as the light body.
 */
class GroundedBlockTest {

    private static final double FOOT_HALF_HEIGHT = 0.025;

    /** A 0.2 x 0.05 x 0.2 m foot on the ground and a 0.5 m cube on top of it, jointed at the foot's top. */
    private static final class Stand {
        final World w = new World(new Vec3(0, -9.81, 0));
        final BodyId foot, top;
        final JointId joint;

        Stand(double footMass, double topMass, double drop, boolean ball) {
            w.add(BodyDef.staticBody().withPosition(new Vec3(0, -0.5, 0)), new BoxShape(5, 0.5, 5), 0.5, 0);
            foot = w.add(BodyDef.dynamic().withMass(footMass).withPosition(new Vec3(0, FOOT_HALF_HEIGHT + drop, 0)),
                    new BoxShape(0.1, FOOT_HALF_HEIGHT, 0.1), 0.5, 0);
            top = w.add(BodyDef.dynamic().withMass(topMass).withPosition(new Vec3(0, 0.3 + drop, 0)),
                    new BoxShape(0.25, 0.25, 0.25), 0.5, 0);
            Vec3 anchor = new Vec3(0, 0.05 + drop, 0);
            joint = w.addJoint(ball ? JointDef.ball(foot, top, anchor) : JointDef.fixed(foot, top, anchor));
        }

        double energy() {
            return w.kineticEnergy() + w.potentialEnergy();
        }

        /**
         * Steps at 60 Hz, asserting the energy never rises above the start's; returns the foot's
         * deepest point below its resting height and the widest joint gap, m.
         */
        double[] run(int steps) {
            double e0 = energy(), deepest = 0, widest = 0;
            for (int step = 0; step < steps; step++) {
                w.step(1 / 60.0);
                deepest = Math.max(deepest, FOOT_HALF_HEIGHT - w.centerOfMass(foot).y());
                widest = Math.max(widest, w.jointGap(joint));
                assertTrue(energy() <= e0 + 1e-9, "energy at step " + step);
            }
            return new double[] {deepest, widest};
        }
    }

    /**
     * 100 kg on a 0.1 kg foot: with the foot's own springs (its mass, 60 Hz against the ground) the
     * foot sank 8.7 mm and the joint stretched 42 mm until the top box stood on the ground beside it.
     */
    @Test
    void aHeavyBodyRestsOnALightFootWithoutSinkingIt() {
        for (boolean ball : new boolean[] {false, true}) {
            Stand s = new Stand(0.1, 100, 0, ball);
            double[] run = s.run(600);
            double deepest = run[0], widest = run[1];
            System.out.printf("grounded %s joint: foot %.3f mm deep, joint gap at most %.3f mm%n",
                    ball ? "ball" : "fixed", deepest * 1000, widest * 1000);
            assertTrue(deepest < 1e-3, "foot depth " + deepest);
            assertTrue(widest < 1e-3, "joint gap " + widest);
            assertEquals(0.3, s.w.centerOfMass(s.top).y(), 1e-3, "the top stands on the foot");
        }
    }

    /** Dropped 1 m (4.4 m/s on landing) with 1,000 kg on 0.1 kg: no energy gained, the foot stops on the ground. */
    @Test
    void aDroppedPairLandsOnItsFoot() {
        Stand s = new Stand(0.1, 1000, 1, false);
        double[] run = s.run(300);
        double deepest = run[0], widest = run[1];
        System.out.printf("dropped pair: foot %.3f mm deep, joint gap at most %.3f mm%n", deepest * 1000,
                widest * 1000);
        assertTrue(deepest < 2e-3, "foot depth " + deepest);
        assertTrue(widest < 5e-3, "joint gap " + widest);
        assertEquals(FOOT_HALF_HEIGHT, s.w.centerOfMass(s.foot).y(), 1e-3);
    }

    /**
     * The contacts only push: thrown up at 3 m/s, the pair leaves the ground together and rises
     * {@code v^2 / 2g = 0.459 m} (a contact row that could pull would hold the foot down).
     */
    @Test
    void thePairLeavesTheGroundWhenThrownUp() {
        Stand s = new Stand(0.1, 100, 0, false);
        for (int step = 0; step < 60; step++) {
            s.w.step(1 / 60.0);
        }
        s.w.setVelocity(s.top, new Vec3(0, 3, 0));
        s.w.setVelocity(s.foot, new Vec3(0, 3, 0));
        double y0 = s.w.centerOfMass(s.foot).y(), highest = y0;
        for (int step = 0; step < 40; step++) {
            s.w.step(1 / 60.0);
            highest = Math.max(highest, s.w.centerOfMass(s.foot).y());
        }
        assertEquals(9.0 / (2 * 9.81), highest - y0, 0.02, "apex");
    }

    @Test
    void theSameStandGivesTheSameBits() {
        long[] hashes = new long[2];
        for (int k = 0; k < 2; k++) {
            Stand s = new Stand(0.1, 1000, 1, true);
            for (int step = 0; step < 200; step++) {
                s.w.step(1 / 60.0);
            }
            hashes[k] = s.w.stateHash();
        }
        assertEquals(hashes[0], hashes[1]);
    }

    /**
     * A 0.15 kg box half in the ground, spinning, hinged to the world and welded through an anchor
     * 0.8 m away to a 700 kg box that a fixed joint holds to the world (random scene 2237's knot: a
     * six-DOF joint with every axis locked is a weld). The heavy body cannot press
     * it down, so its contacts stay out of the joint's block: in the block they were pushed out with
     * the 700 kg's mass against the world's weld, the contact's and the joint's impulses grew to
     * 2,200 N s each and stopped cancelling once the joint's was turned with the spinning box, which
     * was thrown metres a step. Now it stays within a few centimetres of where it started, and every
     * step after the first (which takes out its spin) ends with it all but at rest.
     */
    @Test
    void aLightBodyWeldedToAWeldedHeavyOneStaysPutInTheGround() {
        World w = new World(new Vec3(0, -9.81, 0));
        w.add(BodyDef.staticBody().withPosition(new Vec3(0, -0.5, 0)), new BoxShape(10, 0.5, 10), 0.5, 0);
        Vec3 start = new Vec3(0, 0.02, 0);
        BodyId light = w.add(BodyDef.dynamic().withMass(0.15).withPosition(start)
                .withAngularVelocity(new Vec3(3, -8, 15)), new BoxShape(0.05, 0.05, 0.05), 0.5, 0);
        BodyId heavy = w.add(BodyDef.dynamic().withMass(700).withPosition(new Vec3(0, 3, 0)),
                new BoxShape(0.4, 0.4, 0.4), 0.5, 0);
        w.addJoint(JointDef.fixed(heavy, null, new Vec3(0, 3, 0)));
        w.addJoint(JointDef.hinge(light, null, new Vec3(-0.3, 0.5, 0.6), new Vec3(0.6, 0, 0.8)).limits(-1, 1));
        w.addJoint(JointDef.sixDof(light, heavy, new Vec3(0.5, 0.4, 0.5), new Vec3(0, 1, 0)));
        double farthest = 0, fastest = 0;
        for (int step = 1; step <= 300; step++) {
            w.step(1 / 60.0);
            farthest = Math.max(farthest, w.centerOfMass(light).minus(start).length());
            if (step > 1) {
                fastest = Math.max(fastest, w.velocity(light).length());
            }
        }
        System.out.printf("welded light box: %.1f mm from its start at most, %.3f m/s at most%n",
                farthest * 1000, fastest);
        assertTrue(farthest < 0.1, "the light box moved " + farthest + " m");
        assertTrue(fastest < 0.5, "the light box reached " + fastest + " m/s");
    }
}
