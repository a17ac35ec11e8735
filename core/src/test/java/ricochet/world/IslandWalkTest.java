package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Vec3;

/**
 * Walking a step's substeps island by island (each island through all its passes, then the next)
 * gives the same bits as sweeping every island's runs colour by colour, on any thread count: runs
 * of different islands share no moving body, so each body sees the same operations in the same
 * order. Where something couples islands within the substeps (a moving kinematic body, joints, a
 * speculative pair between two islands) the solver must fall back to colours; those scenes must
 * still agree.
 */
class IslandWalkTest {

    /**
     * Steps the scene with the island walk on and off, on {@code threads} threads, in lockstep,
     * comparing state hashes every 5 steps and the snapshots at the end; returns the steps walked
     * by island.
     */
    private static long sameWithAndWithout(Supplier<World> scene, int threads, int steps) {
        try (World walked = scene.get(); World swept = scene.get()) {
            walked.setThreads(threads);
            swept.setThreads(threads);
            swept.setIslandWalk(false);
            for (int i = 1; i <= steps; i++) {
                walked.step(Scenes.DT);
                swept.step(Scenes.DT);
                if (i % 5 == 0) {
                    assertEquals(swept.stateHash(), walked.stateHash(), "step " + i + " on " + threads + " threads");
                }
            }
            assertArrayEquals(swept.snapshot().toBytes(), walked.snapshot().toBytes());
            assertEquals(0, swept.islandWalks());
            return walked.islandWalks();
        }
    }

    /**
     * 1,000 tilted boxes dropped into a pen: hundreds of islands with few points while they land, one
     * heap once they have. Too few points for a walk while there are many islands, so the solver
     * must decline it step by step with nothing changed.
     */
    @Test
    void aLandingPileIsTheSameBitsWithTheWalkAllowed() {
        sameWithAndWithout(ThreadDeterminismTest::pile, 1, 120);
        sameWithAndWithout(ThreadDeterminismTest::pile, 2, 120);
    }

    /**
     * Separate stacks of boxes and a row of balls rolling into them: many small islands from the
     * first step (sleeping off, so that they stay awake).
     */
    private static World stacks() {
        World w = Scenes.world(4);
        w.setSleepingEnabled(false);
        Scenes.groundBox(w, 0.6);
        Shape box = new BoxShape(0.25, 0.25, 0.25);
        // 96 stacks of 6: 2,304 points, over the solver's least for a walk.
        for (int x = 0; x < 12; x++) {
            for (int z = 0; z < 8; z++) {
                for (int y = 0; y < 6; y++) {
                    w.add(BodyDef.dynamic().withShape(box, Scenes.DENSITY)
                            .withPosition(new Vec3(-9 + 1.5 * x, 0.25 + 0.5 * y, -6 + 1.5 * z)), box, 0.6, 0);
                }
            }
        }
        Shape ball = new SphereShape(0.2);
        for (int k = 0; k < 8; k++) {
            w.add(BodyDef.dynamic().withShape(ball, Scenes.DENSITY).withPosition(new Vec3(-4 + k, 2 + 0.3 * k, 6.5))
                    .withVelocity(new Vec3(0.5, 0, -0.2 * k)), ball, 0.4, 0.3);
        }
        return w;
    }

    @Test
    void separateStacksAreWalkedByIslandWithTheSameBits() {
        for (int threads : new int[] {1, 2, 4}) {
            long walks = sameWithAndWithout(IslandWalkTest::stacks, threads, 90);
            assertEquals(90, walks, "every step has 96 stacks and 8 balls: walked by island on " + threads + " threads");
        }
    }

    /**
     * The stacks with what happens after the substeps in play: balls dropped between them bounce
     * (restitution changes their spin and impulses after the walk) and boxes started deep in the
     * ground are lifted out of it (the lift's floor tests).
     */
    private static World stacksWithBouncesAndSunkBoxes() {
        return stacksWithBouncesAndSunkBoxes(new ArrayList<>(), new ArrayList<>());
    }

    /** {@link #stacksWithBouncesAndSunkBoxes()}, adding the balls and the sunk boxes to the lists. */
    private static World stacksWithBouncesAndSunkBoxes(List<BodyId> balls, List<BodyId> sunk) {
        World w = stacks();
        Shape ball = new SphereShape(0.15);
        for (int k = 0; k < 6; k++) {
            balls.add(w.add(BodyDef.dynamic().withShape(ball, Scenes.DENSITY).withPosition(new Vec3(-8.25 + 3 * k, 1.0 + 0.4 * k, -5.25))
                    .withAngularVelocity(new Vec3(0, 0, 3)), ball, 0.5, 0.9));
        }
        Shape box = new BoxShape(0.25, 0.25, 0.25);
        // 0.2 m into the ground: past a quarter of their thickness, where the lift takes them out.
        for (int k = 0; k < 4; k++) {
            sunk.add(w.add(BodyDef.dynamic().withShape(box, Scenes.DENSITY).withPosition(new Vec3(-8.25 + 3 * k, 0.05, 5.25)),
                    box, 0.6, 0));
        }
        return w;
    }

    @Test
    void bouncesAndLiftsAfterAWalkedStepAreTheSameBits() {
        // The scene does what it is for: the balls come back up, the sunk boxes are lifted in one step.
        List<BodyId> balls = new ArrayList<>(), sunk = new ArrayList<>();
        try (World w = stacksWithBouncesAndSunkBoxes(balls, sunk)) {
            w.step(Scenes.DT);
            for (BodyId box : sunk) {
                assertTrue(w.position(box).y() > 0.1, "a sunk box is lifted in the first step: " + w.position(box));
            }
            int steps = 1;
            boolean rose = false;
            while (steps < 60 && !rose) {
                w.step(Scenes.DT);
                steps++;
                rose = w.velocity(balls.get(0)).y() > 1;
            }
            assertTrue(rose, "the first ball bounced");
            assertEquals(steps, w.islandWalks(), "every step walked by island");
        }
        for (int threads : new int[] {1, 2}) {
            long walks = sameWithAndWithout(IslandWalkTest::stacksWithBouncesAndSunkBoxes, threads, 90);
            assertEquals(90, walks, "walked by island on " + threads + " threads");
        }
    }

    /** The stacks on a kinematic platform that slides under all of them: one body under every island. */
    private static World stacksOnAPlatform() {
        World w = stacks();
        w.add(BodyDef.kinematic().withPosition(new Vec3(0, -0.1, 0)).withVelocity(new Vec3(0.3, 0, 0)),
                new BoxShape(12, 0.1, 12), 0.6, 0);
        return w;
    }

    @Test
    void aMovingKinematicBodyUnderSeveralIslandsIsSweptByColour() {
        assertEquals(0, sameWithAndWithout(IslandWalkTest::stacksOnAPlatform, 1, 60));
        assertEquals(0, sameWithAndWithout(IslandWalkTest::stacksOnAPlatform, 2, 60));
    }

    @Test
    void aWorldWithJointsIsSweptByColour() {
        assertEquals(0, sameWithAndWithout(() -> new BusyWorld().world, 2, 120));
    }
}
