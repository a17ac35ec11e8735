package ricochet.character;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ricochet.character.CharacterScenes.DT;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;

/** Dynamic bodies a character walks into or stands on. */
class CharacterPushTest {

    static final double SPEED = 2, MAX_PUSH = 100;

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void pushesALightBoxToItsOwnSpeed(int substeps) {
        World w = CharacterScenes.world(substeps);
        CharacterScenes.floor(w);
        // 10 kg, low and wide so a push at the capsule's height does not tip it.
        BoxShape shape = new BoxShape(0.5, 0.25, 0.5);
        BodyId box = w.add(BodyDef.dynamic().withShape(shape, 1).withMass(10).withPosition(new Vec3(2, 0.25, 0)),
                shape, 0.5, 0);
        CharacterDef def = CharacterDef.defaults("pusher").withMaxPushForce(MAX_PUSH);
        CharacterId id = w.characters().add(def, new Vec3(0, CharacterScenes.standY(def, 0), 0));
        w.characters().setInput(id, SPEED, 0, 0, false);
        double sum = 0;
        int n = 0;
        for (int i = 0; i < 240; i++) {
            w.step(DT);
            if (i >= 180) {
                sum += w.velocity(box).x();
                n++;
            }
        }
        double mean = sum / n;
        System.out.printf("push 10 kg substeps %d: box speed over the 4th second %.4f m/s (wish %.1f)%n", substeps,
                mean, SPEED);
        // Friction (mu 0.5: 49 N) is less than the push cap (100 N): the box keeps up, less the one
        // step of friction it loses before each push.
        assertEquals(SPEED, mean, 0.1 * SPEED);
        assertTrue(w.characters().position(id).x() < w.position(box).x(), "the character stays behind the box");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void pushesAHeavyBoxNoHarderThanItsMaxPushForce(int substeps) {
        World w = CharacterScenes.world(substeps);
        // Frictionless floor and box: the push alone accelerates it.
        w.add(BodyDef.staticBody().withPosition(new Vec3(0, -0.5, 0)), new BoxShape(100, 0.5, 100), 0, 0);
        BoxShape shape = new BoxShape(0.5, 0.5, 0.5);
        double mass = 1000;
        BodyId box = w.add(BodyDef.dynamic().withShape(shape, 1).withMass(mass).withPosition(new Vec3(2, 0.5, 0)),
                shape, 0, 0);
        CharacterDef def = CharacterDef.defaults("pusher").withMaxPushForce(MAX_PUSH);
        CharacterId id = w.characters().add(def, new Vec3(1.5 - def.radius() - def.skin() - 0.01,
                CharacterScenes.standY(def, 0), 0));
        w.characters().setInput(id, SPEED, 0, 0, false);
        for (int i = 0; i < 30; i++) {
            w.step(DT);
        }
        double v0 = w.velocity(box).x(), t = 2;
        for (int i = 0; i < 120; i++) {
            w.step(DT);
        }
        double a = (w.velocity(box).x() - v0) / t, limit = MAX_PUSH / mass;
        System.out.printf("push 1000 kg substeps %d: acceleration %.5f m/s^2, cap %.5f m/s^2 (ratio %.4f)%n",
                substeps, a, limit, a / limit);
        assertTrue(a <= 1.05 * limit, "acceleration " + a);
        assertTrue(a >= 0.95 * limit, "the push reaches its cap: acceleration " + a);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void pressesWhatItStandsOnWithItsWeight(int substeps) {
        World w = CharacterScenes.world(substeps);
        BodyId floor = CharacterScenes.floor(w);
        BoxShape shape = new BoxShape(1, 0.25, 1);
        double boxMass = 20;
        BodyId box = w.add(BodyDef.dynamic().withShape(shape, 1).withMass(boxMass).withPosition(new Vec3(0, 0.25, 0)),
                shape, 0.5, 0);
        CharacterDef def = CharacterDef.defaults("stander");
        CharacterId id = w.characters().add(def, new Vec3(0, CharacterScenes.standY(def, 0.5) + 0.01, 0));
        for (int i = 0; i < 60; i++) {
            w.step(DT);
        }
        assertEquals(box, w.characters().groundBody(id));
        // The floor carries box and character: the mean normal impulse per step over a second.
        double impulse = 0;
        int steps = 60;
        for (int i = 0; i < steps; i++) {
            w.step(DT);
            for (int k = 0; k < w.contactPoints().count(); k++) {
                if (floor.equals(w.contactPoints().bodyA(k)) || floor.equals(w.contactPoints().bodyB(k))) {
                    impulse += w.contactPoints().normalImpulse(k);
                }
            }
        }
        double force = impulse / (steps * DT), expected = (boxMass + def.mass()) * 9.81;
        System.out.printf("weight substeps %d: floor force %.2f N, (box + character) g %.2f N%n", substeps, force,
                expected);
        assertEquals(expected, force, 0.02 * expected);
        assertEquals(GroundState.GROUNDED, w.characters().groundState(id));
    }
}
