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

/** Riding kinematic bodies: a turntable at 1 rev/s and an elevator going up and down. */
class CharacterPlatformTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void ridesATurntable3MetresOutFor10SecondsWithoutDrifting(int substeps) {
        World w = CharacterScenes.world(substeps);
        // A 12 m square turntable, top at y = 0, turning 2 pi rad/s about +y.
        BodyId table = w.add(BodyDef.kinematic().withPosition(new Vec3(0, -0.25, 0))
                .withAngularVelocity(new Vec3(0, 2 * Math.PI, 0)), new BoxShape(6, 0.25, 6), 0.5, 0);
        CharacterDef def = CharacterDef.defaults("rider");
        CharacterId id = w.characters().add(def, new Vec3(3, CharacterScenes.standY(def, 0), 0));
        w.step(DT);
        assertEquals(GroundState.GROUNDED, w.characters().groundState(id));
        Vec3 start = local(w, table, w.characters().position(id));
        double drift = 0;
        for (int i = 0; i < 600; i++) {
            w.step(DT);
            assertEquals(GroundState.GROUNDED, w.characters().groundState(id), "step " + i);
            Vec3 p = local(w, table, w.characters().position(id));
            drift = Math.max(drift, p.minus(start).length());
        }
        Vec3 world = w.characters().position(id);
        System.out.printf("turntable substeps %d: drift relative to the table in 10 s %.3e m, radius now %.6f m%n",
                substeps, drift, Math.hypot(world.x(), world.z()));
        assertTrue(drift < 0.01, "drift " + drift);
        // Carried, it moves at the table's speed at 3 m: 2 pi 3 m/s.
        assertEquals(2 * Math.PI * 3, Math.hypot(w.characters().velocity(id).x(), w.characters().velocity(id).z()), 0.05);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void ridesAnElevatorUpAndDownWithoutLeavingIt(int substeps) {
        World w = CharacterScenes.world(substeps);
        CharacterScenes.floor(w);
        BodyId lift = w.add(BodyDef.kinematic().withPosition(new Vec3(0, 0.25, 0)), new BoxShape(1.5, 0.25, 1.5),
                0.5, 0);
        CharacterDef def = CharacterDef.defaults("rider");
        CharacterId id = w.characters().add(def, new Vec3(0, CharacterScenes.standY(def, 0.5), 0));
        w.step(DT);
        double offset = w.characters().position(id).y() - w.position(lift).y();
        double worst = 0;
        // Up at 2 m/s for 2 s, down at 3 m/s (less than g: it keeps up without falling) for 1 s.
        double[][] legs = {{2, 120}, {-3, 60}, {1, 30}, {-1, 30}};
        for (double[] leg : legs) {
            w.setVelocity(lift, new Vec3(0, leg[0], 0));
            for (int i = 0; i < leg[1]; i++) {
                w.step(DT);
                assertEquals(GroundState.GROUNDED, w.characters().groundState(id), "speed " + leg[0] + " step " + i);
                double off = w.characters().position(id).y() - w.position(lift).y();
                worst = Math.max(worst, Math.abs(off - offset));
            }
        }
        System.out.printf("elevator substeps %d: height above the lift varied by at most %.3e m%n", substeps, worst);
        assertTrue(worst < 1e-3, "height above the lift varied by " + worst);
    }

    /** A world point in the body's frame. */
    private static Vec3 local(World w, BodyId body, Vec3 p) {
        Quat q = w.orientation(body);
        return q.conjugate().rotate(p.minus(w.position(body)));
    }
}
