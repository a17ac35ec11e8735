package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/** Fast small bodies never pass through thin ones: speculative contacts plus time-of-impact sweeps. */
class ContinuousTest {

    /** A 1 cm ball at 300 m/s (5 m per 60 Hz step) against a 2 cm static wall at x = 0. */
    @ParameterizedTest
    @ValueSource(doubles = {0, 30, 60, 80})
    void bulletNeverPassesAThinWall(double degrees) {
        World w = Scenes.world(4);
        w.setGravity(Vec3.ZERO);
        w.add(BodyDef.staticBody().withName("wall"), new BoxShape(0.01, 5, 5), 0.5, 0);
        double a = Math.toRadians(degrees);
        Vec3 dir = new Vec3(Math.cos(a), Math.sin(a), 0);
        SphereShape s = new SphereShape(0.005);
        BodyId ball = w.add(BodyDef.dynamic().withShape(s, 7800).withPosition(dir.times(-3))
                .withVelocity(dir.times(300)).withName("ball"), s, 0.5, 0.5);
        w.setBullet(ball, true);
        for (int i = 0; i < 60; i++) {
            w.step(Scenes.DT);
            assertTrue(w.position(ball).x() < 0.01, "through the wall at step " + i + ": " + w.position(ball));
        }
        assertTrue(w.continuousHits() > 0, "the sweep stopped it");
    }

    /** Not a bullet: any fast body is still swept against static geometry. */
    @ParameterizedTest
    @ValueSource(doubles = {30, 100})
    void fastBoxDroppedOnAThinStaticPlateStaysAbove(double speed) {
        World w = Scenes.world(4);
        BodyId b = boxFallingOnAPlate(w, 3, speed);
        for (int i = 0; i < 240; i++) {
            w.step(Scenes.DT);
            assertTrue(w.position(b).y() > 0, "below the plate at step " + i + ": " + w.position(b));
        }
        // On the plate (its centre between a face's 0.055 m and a corner's 0.092 m up), not sunk in it.
        assertTrue(w.position(b).y() > 0.05 && w.position(b).y() < 0.095, "on the plate: " + w.position(b));
        assertTrue(w.velocity(b).length() < 0.1, "come to rest: " + w.velocity(b));
    }

    /**
     * The sweep puts a fast body back along its path with its velocity: without the height it gives
     * back being taken from its speed, a box falling onto a thin plate gained {@code g} times the
     * distance moved back in one step: 4.5 J/kg at 30 m/s and 17.6 J/kg at 100 m/s (dt 1/30), twice
     * the soak's whole allowance of 9 J/kg. Energy may only fall, step after step.
     */
    @ParameterizedTest
    @ValueSource(doubles = {30, 60, 100})
    void sweptBackBodyGainsNoEnergy(double speed) {
        World w = Scenes.world(4);
        BodyId b = boxFallingOnAPlate(w, 1.6, speed);
        double m = w.mass(b), before = w.kineticEnergy() + w.potentialEnergy();
        for (int i = 0; i < 30; i++) {
            long hits = w.continuousHits();
            w.step(1.0 / 30);
            double e = w.kineticEnergy() + w.potentialEnergy();
            assertTrue(e <= before + 1e-9 * Math.abs(before), "step " + i + (w.continuousHits() > hits
                    ? " (swept back)" : "") + ": energy rose by " + (e - before) / m + " J/kg");
            before = e;
        }
        assertTrue(w.continuousHits() > 0, "the sweep caught it");
        assertTrue(w.position(b).y() > 0, "above the plate: " + w.position(b));
    }

    /** A bullet also meets dynamic bodies: a fast ball at a thin free-floating board hits it. */
    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void onlyABulletMeetsAThinDynamicBoard(boolean bullet) {
        World w = Scenes.world(4);
        w.setGravity(Vec3.ZERO);
        BoxShape board = new BoxShape(0.005, 1, 1);
        BodyId target = w.add(BodyDef.dynamic().withShape(board, 500).withName("board"), board, 0.5, 0);
        SphereShape s = new SphereShape(0.01);
        BodyId ball = w.add(BodyDef.dynamic().withShape(s, 7800).withPosition(new Vec3(-2, 0, 0))
                .withVelocity(new Vec3(200, 0, 0)).withName("ball"), s, 0.5, 0);
        w.setBullet(ball, bullet);
        for (int i = 0; i < 10; i++) {
            w.step(Scenes.DT);
        }
        boolean hit = w.velocity(target).x() > 0;
        // Without the sweep the ball jumps 3.3 m per step, from x = -2 to 1.33: it never overlaps the
        // board, so only the bullet pushes it.
        assertTrue(hit == bullet, "board velocity " + w.velocity(target) + ", ball " + w.position(ball));
        assertTrue(!bullet || w.position(ball).x() < w.position(target).x(), "the bullet stays on its side");
    }

    /** A 10 cm box at height {@code y} falling at {@code speed} onto a 1 cm static plate at y = 0. */
    private static BodyId boxFallingOnAPlate(World w, double y, double speed) {
        w.add(BodyDef.staticBody().withName("plate"), new BoxShape(5, 0.005, 5), 0.5, 0);
        BoxShape box = new BoxShape(0.05, 0.05, 0.05);
        return w.add(BodyDef.dynamic().withShape(box, 1000).withPosition(new Vec3(0, y, 0))
                .withVelocity(new Vec3(0, -speed, 0)).withName("box"), box, 0.5, 0);
    }
}
