package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/** Kinematic bodies move at their velocity whatever they meet, and carry and push dynamic ones. */
class KinematicTest {

    private static BodyId platform(World w, Vec3 velocity) {
        return w.add(BodyDef.kinematic().withPosition(new Vec3(0, 1, 0)).withVelocity(velocity).withName("platform"),
                new BoxShape(3, 0.25, 3), 0.8, 0);
    }

    @Test
    void platformCarriesABoxAndIsNotSlowedByIt() {
        World w = Scenes.world(4);
        Vec3 v = new Vec3(1, 0, 0);
        BodyId p = platform(w, v);
        BodyId box = Scenes.cube(w, 0.5, new Vec3(-1, 1.5, 0), Quat.IDENTITY, 0.8);
        int steps = 180;
        for (int i = 0; i < steps; i++) {
            w.step(Scenes.DT);
        }
        assertEquals(v, w.velocity(p));
        assertEquals(steps * Scenes.DT, w.position(p).x(), 1e-9, "the platform moves by v t exactly");
        assertEquals(1.0, w.velocity(box).x(), 0.01, "the box rides at the platform's speed");
        assertEquals(1.5, w.position(box).y(), 0.01, "the box stays on top");
        assertFalse(w.isSleeping(box), "a carried box is not at rest");
    }

    @Test
    void movingWallPushesABoxAlongTheGround() {
        World w = Scenes.world(4);
        Scenes.groundBox(w, 0.3);
        BodyId wall = w.add(BodyDef.kinematic().withPosition(new Vec3(-1, 1, 0)).withVelocity(new Vec3(2, 0, 0))
                .withName("wall"), new BoxShape(0.25, 1, 2), 0.3, 0);
        BodyId box = Scenes.cube(w, 0.5, new Vec3(0.5, 0.25, 0), Quat.IDENTITY, 0.3);
        for (int i = 0; i < 120; i++) {
            w.step(Scenes.DT);
        }
        // The wall's face is at x = -1 + 0.25 + 2 t; the box's back face rides on it.
        double face = -1 + 0.25 + 2 * 120 * Scenes.DT;
        assertEquals(face, w.position(box).x() - 0.25, 0.02);
        assertEquals(2.0, w.velocity(box).x(), 0.05);
        assertEquals(new Vec3(2, 0, 0), w.velocity(wall));
        assertTrue(w.position(box).y() < 0.26, "pushed, not launched: y " + w.position(box).y());
    }

    @Test
    void platformWakesASleepingBoxItReaches() {
        World w = Scenes.world(4);
        Scenes.groundBox(w, 0.6);
        BodyId box = Scenes.cube(w, 0.5, new Vec3(2, 0.25, 0), Quat.IDENTITY, 0.6);
        for (int i = 0; i < 60; i++) {
            w.step(Scenes.DT);
        }
        assertTrue(w.isSleeping(box));
        w.add(BodyDef.kinematic().withPosition(new Vec3(0, 0.5, 0)).withVelocity(new Vec3(1, 0, 0)).withName("pusher"),
                new BoxShape(0.25, 0.5, 0.5), 0.6, 0);
        for (int i = 0; i < 150; i++) {
            w.step(Scenes.DT);
        }
        assertFalse(w.isSleeping(box));
        assertTrue(w.position(box).x() > 2.2, "the box was pushed: " + w.position(box));
    }
}
