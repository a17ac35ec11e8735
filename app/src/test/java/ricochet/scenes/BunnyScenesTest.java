package ricochet.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.lab.LabWorld;

/**
 * The built-in bunny scenes against their acceptance criteria, measured in simulation. Each test
 * prints the figures it measured (time to rest, pose, penetration), so a failure can be read from the log.
 */
class BunnyScenesTest {

    private static final int FLOOR = 0, WALL = 1, BUNNY = 2;

    /** What a run of a scene measured. */
    private record Run(double restTime, double maxPenetrationAfterFirstContact, double minClearance,
                       double[] finalState, double kineticEnergy) {
    }

    private static Run run(String scene, double seconds) throws Exception {
        LabWorld world = WorldBuilder.buildLab(BuiltinScenes.read(scene));
        assertEquals("bunny", world.bodyName(BUNNY));
        int steps = (int) Math.ceil(seconds / world.dt() - 1e-9);
        double[] s = new double[13];
        double lastMoving = 0;
        double maxPenetration = 0;
        double minClearance = Double.POSITIVE_INFINITY;
        boolean contactResolved = false;
        boolean touched = false;
        for (int i = 1; i <= steps; i++) {
            world.step();
            world.readState(BUNNY, s);
            double speed = Math.sqrt(s[7] * s[7] + s[8] * s[8] + s[9] * s[9]);
            double spin = Math.sqrt(s[10] * s[10] + s[11] * s[11] + s[12] * s[12]);
            if (speed >= 1e-3 || spin >= 1e-2) {
                lastMoving = world.time();
            }
            double clearance = Math.min(world.clearance(BUNNY, FLOOR), world.clearance(BUNNY, WALL));
            minClearance = Math.min(minClearance, clearance);
            // "after the first contact has been resolved": from the step after the first one in contact.
            if (contactResolved) {
                maxPenetration = Math.max(maxPenetration, -clearance);
            }
            contactResolved |= touched;
            touched |= world.contactCount() > 0;
        }
        System.out.printf("%s: rest from t=%.3f s, max penetration after first contact %.5f m, min clearance"
                        + " %.5f m, final origin (%.4f, %.4f, %.4f) q (%.4f, %.4f, %.4f, %.4f)%n", scene, lastMoving,
                maxPenetration, minClearance, s[0], s[1], s[2], s[3], s[4], s[5], s[6]);
        return new Run(lastMoving, maxPenetration, minClearance, s.clone(), world.kineticEnergy());
    }

    @Test
    void bunnyComesToRestWithinTenSecondsWithoutSinking() throws Exception {
        Run r = run("bunny", 10);
        assertTrue(r.restTime <= 8, "still moving at t=" + r.restTime + " s; must rest for the last 2 s");
        assertTrue(r.maxPenetrationAfterFirstContact <= 1e-3,
                "a vertex went " + r.maxPenetrationAfterFirstContact + " m into the floor or wall");
    }

    @Test
    void seedBunnyNeverComesToRest() throws Exception {
        // The lab's plain impulse method alone rocks and creeps forever (the reason the stabilisers exist).
        Run r = run("bunny-seed", 10);
        assertTrue(r.restTime > 9.9, "the plain impulse bunny unexpectedly rested at t=" + r.restTime);
    }

    @Test
    void quadraticPenaltyBunnyRestsWithoutExploding() throws Exception {
        Run r = run("bunny-penalty", 10);
        assertTrue(r.restTime <= 8, "still moving at t=" + r.restTime);
        // A penalty contact must sink to push back; with k = 1e6 N/m per vertex it stays within a centimetre.
        assertTrue(r.maxPenetrationAfterFirstContact < 0.01, "penetration " + r.maxPenetrationAfterFirstContact);
        assertTrue(Math.abs(r.finalState[0]) < 2 && r.finalState[1] < 1, "no explosion");
    }

    @Test
    void logBarrierBunnyRestsAndNeverTouches() throws Exception {
        Run r = run("bunny-log-barrier", 10);
        assertTrue(r.restTime <= 8, "still moving at t=" + r.restTime);
        assertTrue(r.minClearance > 0, "clearance must stay positive, min " + r.minClearance);
    }

    @Test
    void shapeMatchingBunnyRests() throws Exception {
        Run r = run("bunny-shape-matching", 10);
        assertTrue(r.restTime <= 8, "still moving at t=" + r.restTime);
        assertTrue(r.finalState[1] > 0 && r.finalState[1] < 0.6, "rests on the floor");
    }
}
