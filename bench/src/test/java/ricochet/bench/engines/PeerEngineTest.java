package ricochet.bench.engines;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import ricochet.bench.scene.BenchScene;
import ricochet.bench.scene.BenchScenes;

/**
 * Every adapter on the tiny {@code drop} scene (a box, a sphere and a lying capsule 1 m above the
 * ground): it holds every body, lets them fall as gravity says, and rests each at its analytic
 * height. The natives come from the Maven jars on the test class path, as on a fresh machine.
 */
class PeerEngineTest {

    static Iterable<String> engines() {
        return Engines.NAMES;
    }

    @ParameterizedTest
    @MethodSource("engines")
    void dropSceneHasEveryBody(String engine) {
        BenchScene scene = BenchScenes.drop();
        try (PeerEngine e = Engines.create(engine, scene)) {
            assertEquals(scene.bodies().size(), e.bodyCount(), "bodies, static ground included");
            double[] start = e.positions();
            double[] expected = scene.startPositions();
            assertEquals(expected.length, start.length);
            for (int i = 0; i < start.length; i++) {
                // Single-precision engines store positions as floats.
                assertEquals(expected[i], start[i], 1e-6, "start coordinate " + i);
            }
        }
    }

    /**
     * After n steps of h from rest, explicit Euler gives a fall of g h^2 n(n-1)/2, symplectic Euler
     * g h^2 n(n+1)/2 and the exact curve g (nh)^2 / 2 lies between: every engine must be inside
     * that band (widened by 2 mm for substepping and float round-off). After 10 steps the bodies
     * have fallen 14 cm of their 1 m: nothing touches yet.
     */
    @ParameterizedTest
    @MethodSource("engines")
    void bodiesFallAsGravitySays(String engine) {
        BenchScene scene = BenchScenes.drop();
        int n = 10;
        double h = BenchScene.DT, g = BenchScene.GRAVITY;
        double low = 0.5 * g * h * h * n * (n - 1) - 0.002;
        double high = 0.5 * g * h * h * n * (n + 1) + 0.002;
        try (PeerEngine e = Engines.create(engine, scene)) {
            double[] start = e.positions();
            for (int i = 0; i < n; i++) {
                e.step();
            }
            double[] now = e.positions();
            for (int b = 0; b < start.length / 3; b++) {
                double fall = start[3 * b + 1] - now[3 * b + 1];
                assertTrue(fall >= low && fall <= high, engine + " body " + b + " fell " + fall + " m, expected "
                        + low + " .. " + high);
                assertEquals(start[3 * b], now[3 * b], 1e-6, "no sideways motion in free fall");
            }
        }
    }

    /**
     * After 1.5 s the bodies rest on the ground: each centre at its rest height (box half extent,
     * sphere radius, capsule radius when lying; 3 cm for engines' allowed penetration, e.g. Jolt's 2 cm
     * slop), so the drift is the 1 m drop; each touches the ground (three touching pairs).
     */
    @ParameterizedTest
    @MethodSource("engines")
    void bodiesComeToRestOnTheGround(String engine) {
        BenchScene scene = BenchScenes.drop();
        double[] rest = BenchScenes.dropRestHeights();
        try (PeerEngine e = Engines.create(engine, scene)) {
            double[] start = e.positions();
            for (int i = 0; i < 90; i++) {
                e.step();
            }
            double[] end = e.positions();
            for (int b = 0; b < rest.length; b++) {
                assertEquals(rest[b], end[3 * b + 1], 0.03, engine + " body " + b + " rest height");
            }
            double drift = BenchScene.drift(start, end);
            assertEquals(BenchScenes.DROP_HEIGHT, drift, 0.03, engine + " drift");
            assertEquals("rests", scene.check().verdict(scene, start, end, drift));
            assertEquals(3, e.contactCount(), engine + " touching pairs");
        }
    }

    /**
     * The joints in every adapter, on the {@code swing} scene: for 2 s the ball-jointed pendulum stays
     * its length from its pivot while it swings through the bottom, straight below the pivot; the
     * hinged one has stopped at its limit, 0.6 rad below the horizontal (0.1 rad for each engine's
     * limit softness), whatever sign its engine gives the angle.
     */
    @ParameterizedTest
    @MethodSource("engines")
    void jointsHoldAndHingeStopsAtItsLimit(String engine) {
        BenchScene scene = BenchScenes.swing();
        try (PeerEngine e = Engines.create(engine, scene)) {
            double[] start = e.positions();
            double lowest = Double.POSITIVE_INFINITY;
            double[] end = start;
            for (int i = 0; i < 120; i++) {
                e.step();
                end = e.positions();
                double ball = Math.hypot(end[0] + 2, end[1] - BenchScenes.SWING_PIVOT);
                assertEquals(BenchScenes.SWING_LENGTH, ball, 0.01, engine
                        + " ball pendulum length, step " + i);
                lowest = Math.min(lowest, end[1]);
            }
            assertEquals(BenchScenes.SWING_PIVOT - BenchScenes.SWING_LENGTH, lowest, 0.01,
                    engine + " ball pendulum's lowest point");
            double below = Math.atan2(BenchScenes.SWING_PIVOT - end[4], end[3] - 2);
            assertEquals(BenchScenes.SWING_LIMIT, below, 0.1, engine + " hinge angle below the horizontal");
            assertEquals("swings", scene.check().verdict(scene, start, end, BenchScene.drift(start, end)),
                    engine);
        }
    }
}
