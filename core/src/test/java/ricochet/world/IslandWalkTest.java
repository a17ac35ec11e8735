package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
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
