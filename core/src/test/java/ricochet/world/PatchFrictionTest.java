package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import ricochet.body.BodyId;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * Friction about the contact normal, solved as one patch (two tangents at the manifold's centre and
 * a twist, the default) or point by point: the same closed forms either way. A 1 m cube (1,000 kg,
 * {@code I = m / 6} about the vertical) on the ground carries {@code m g / 4} on each corner of
 * its bottom face, {@code sqrt(2) / 2} m from the centre, so Coulomb friction resists a turn about
 * the vertical with at most {@code mu m g sqrt(2) / 2}.
 */
class PatchFrictionTest {

    private static final double MU = 0.5;
    private static final double ARM = Math.sqrt(0.5);
    private static final double MASS = Scenes.DENSITY;
    private static final double INERTIA = MASS / 6;
    /** The largest torque friction can hold, N m. */
    private static final double TWIST_LIMIT = MU * MASS * Scenes.G * ARM;

    private static World restingCube(boolean patch, BodyId[] cube) {
        World w = Scenes.world(4);
        w.setPatchFriction(patch);
        w.setSleepingEnabled(false);
        Scenes.groundBox(w, MU);
        cube[0] = Scenes.cube(w, 1, new Vec3(0, 0.5, 0), Quat.IDENTITY, MU);
        for (int i = 0; i < 30; i++) {
            w.step(Scenes.DT);
        }
        return w;
    }

    /** The cube's turn about the vertical from the start, rad. */
    private static double yaw(World w, BodyId cube) {
        Quat q = w.orientation(cube);
        return 2 * Math.atan2(q.y(), q.w());
    }

    /**
     * Spun at 5 rad/s about the vertical, the cube slows at the Coulomb rate
     * {@code mu g (sqrt(2) / 2) 6 = 20.8 rad/s^2}: 2.08 rad/s in 0.1 s.
     */
    @ParameterizedTest(name = "patch friction {0}")
    @ValueSource(booleans = {true, false})
    void spinningCubeSlowsAtTheCoulombTwistRate(boolean patch) {
        BodyId[] cube = new BodyId[1];
        World w = restingCube(patch, cube);
        w.setAngularVelocity(cube[0], new Vec3(0, 5, 0));
        for (int i = 0; i < 6; i++) {
            w.step(Scenes.DT);
        }
        double expected = TWIST_LIMIT / INERTIA * 0.1;
        double lost = 5 - w.angularVelocity(cube[0]).y();
        assertEquals(expected, lost, 0.03 * expected, "spin lost in 0.1 s, rad/s");
        assertTrue(w.velocity(cube[0]).length() < 1e-3, "the spin moved the cube: " + w.velocity(cube[0]));
    }

    /**
     * A torque of half the limit about the vertical, applied every step for 2 s, is held: the cube
     * turns by less than a milliradian (the patch's twist impulse is warm-started across steps);
     * at 1.5 times the limit it turns, at {@code (tau - limit) / I}.
     */
    @ParameterizedTest(name = "patch friction {0}")
    @ValueSource(booleans = {true, false})
    void twistBelowTheLimitIsHeldAndAboveItTurnsAtTheCoulombRate(boolean patch) {
        BodyId[] cube = new BodyId[1];
        World w = restingCube(patch, cube);
        double start = yaw(w, cube[0]);
        for (int i = 0; i < 120; i++) {
            w.applyTorque(cube[0], new Vec3(0, 0.5 * TWIST_LIMIT, 0));
            w.step(Scenes.DT);
        }
        double turned = Math.abs(yaw(w, cube[0]) - start);
        assertTrue(turned < 1e-3, "turned " + turned + " rad under half the limit");

        double w0 = w.angularVelocity(cube[0]).y();
        for (int i = 0; i < 30; i++) {
            w.applyTorque(cube[0], new Vec3(0, 1.5 * TWIST_LIMIT, 0));
            w.step(Scenes.DT);
        }
        double expected = 0.5 * TWIST_LIMIT / INERTIA * 0.5;
        double gained = w.angularVelocity(cube[0]).y() - w0;
        assertEquals(expected, gained, 0.05 * expected, "spin gained in 0.5 s at 1.5 times the limit, rad/s");
    }
}
