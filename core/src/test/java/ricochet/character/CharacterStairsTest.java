package ricochet.character;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ricochet.character.CharacterScenes.DT;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import ricochet.math.Vec3;
import ricochet.world.World;

/** Ten 0.3 m risers walked at 4 m/s: climbed with a step height of 0.35 m, a wall with 0.25 m. */
class CharacterStairsTest {

    static final int RISERS = 10;
    static final double RISE = 0.3, TREAD = 0.4, X0 = 2, SPEED = 4;

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void climbsTenRisersGroundedEveryFrameAndStrictlyForward(int substeps) {
        World w = CharacterScenes.world(substeps);
        CharacterScenes.floor(w);
        CharacterScenes.stairs(w, RISERS, RISE, TREAD, X0);
        CharacterDef def = CharacterDef.defaults("hero").withStepHeight(0.35);
        // Dropped from 5 cm above its resting height: it lands, then walks.
        CharacterId id = w.characters().add(def, new Vec3(0, CharacterScenes.standY(def, 0) + 0.05, 0));
        w.characters().setInput(id, SPEED, 0, 0, false);
        double topY = CharacterScenes.standY(def, RISERS * RISE);
        boolean landed = false;
        double lastX = 0, topTime = Double.NaN, maxGap = 0;
        for (int step = 1; step <= 240 && Double.isNaN(topTime); step++) {
            w.step(DT);
            Vec3 p = w.characters().position(id);
            GroundState g = w.characters().groundState(id);
            if (landed) {
                assertEquals(GroundState.GROUNDED, g, "step " + step + " at " + p);
                assertTrue(p.x() > lastX, "step " + step + ": x " + p.x() + " after " + lastX);
                maxGap = Math.max(maxGap, p.x() - lastX);
            }
            landed |= g == GroundState.GROUNDED;
            lastX = p.x();
            if (p.y() >= topY - 1e-3) {
                topTime = step * DT;
            }
        }
        // Flat ground: the time to walk from the start to the last riser's face.
        double flatTime = (X0 + (RISERS - 1) * TREAD) / SPEED;
        System.out.printf("stairs substeps %d: top at %.3f s, flat %.3f s, ratio %.3f, largest frame advance %.3f m%n",
                substeps, topTime, flatTime, topTime / flatTime, maxGap);
        assertTrue(topTime <= 1.2 * flatTime, "top at " + topTime + " s, flat time " + flatTime + " s");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void stopsAtTheFirstRiserWhenItsStepIsLower(int substeps) {
        World w = CharacterScenes.world(substeps);
        CharacterScenes.floor(w);
        CharacterScenes.stairs(w, RISERS, RISE, TREAD, X0);
        CharacterDef def = CharacterDef.defaults("hero").withStepHeight(0.25);
        CharacterId id = w.characters().add(def, new Vec3(0, CharacterScenes.standY(def, 0), 0));
        w.characters().setInput(id, SPEED, 0, 0, false);
        for (int step = 0; step < 120; step++) {
            w.step(DT);
        }
        Vec3 p = w.characters().position(id);
        // Held a skin from the riser's top edge (x0, rise), which its bottom sphere (centre a skin
        // above the floor plus its radius) meets: (r + skin)^2 = dx^2 + (r + skin - rise)^2.
        double reach = def.radius() + def.skin(), dy = reach - RISE;
        double expectedX = X0 - Math.sqrt(reach * reach - dy * dy);
        System.out.printf("stairs 0.25 m step, substeps %d: x %.5f (edge contact at %.5f), y %.5f%n", substeps,
                p.x(), expectedX, p.y());
        assertEquals(expectedX, p.x(), 1e-4);
        assertEquals(CharacterScenes.standY(def, 0), p.y(), 1e-3);
        assertEquals(GroundState.GROUNDED, w.characters().groundState(id));
    }
}
