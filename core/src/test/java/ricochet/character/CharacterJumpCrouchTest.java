package ricochet.character;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ricochet.character.CharacterScenes.DT;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;

/** Jumps, crouching under a low ceiling, and the checks on a character's definition. */
class CharacterJumpCrouchTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void jumpRisesAsABallisticArcAndLands(int substeps) {
        World w = CharacterScenes.world(substeps);
        CharacterScenes.floor(w);
        CharacterDef def = CharacterDef.defaults("jumper");
        double y0 = CharacterScenes.standY(def, 0);
        CharacterId id = w.characters().add(def, new Vec3(0, y0, 0));
        w.step(DT);
        assertEquals(GroundState.GROUNDED, w.characters().groundState(id));
        double v = 4, g = 9.81;
        w.characters().setInput(id, 0, 0, v, false);
        double peak = y0;
        int airborne = 0, steps = 0;
        do {
            w.step(DT);
            steps++;
            peak = Math.max(peak, w.characters().position(id).y());
            airborne += w.characters().groundState(id) == GroundState.AIRBORNE ? 1 : 0;
        } while (w.characters().groundState(id) != GroundState.GROUNDED && steps < 300);
        // Semi-implicit Euler from v with step h: heights v h, (2v - g h) h, ...; the peak is
        // v^2 / 2g + v h / 2 to within g h^2.
        double expectedPeak = v * v / (2 * g) + v * DT / 2;
        System.out.printf("jump substeps %d: peak %.4f m (expected %.4f), flight %d steps (2 v / g = %.1f)%n",
                substeps, peak - y0, expectedPeak, steps, 2 * v / g / DT);
        assertEquals(expectedPeak, peak - y0, g * DT * DT);
        assertEquals(2 * v / g / DT, steps, 2);
        assertEquals(y0, w.characters().position(id).y(), 1e-9);
        // One jump per request: it stays down afterwards.
        for (int i = 0; i < 10; i++) {
            w.step(DT);
            assertEquals(GroundState.GROUNDED, w.characters().groundState(id));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void crouchesUnderALowCeilingAndStandsOnlyWhereThereIsRoom(int substeps) {
        World w = CharacterScenes.world(substeps);
        CharacterScenes.floor(w);
        // A ceiling 1.5 m up from x = 2 to x = 4.
        CharacterScenes.staticBox(w, new Vec3(3, 2, 0), 1, 0.5, 2, Quat.IDENTITY);
        CharacterDef def = CharacterDef.defaults("crawler");
        CharacterId id = w.characters().add(def, new Vec3(0, CharacterScenes.standY(def, 0), 0));
        w.characters().setInput(id, 2, 0, 0, true);
        w.step(DT);
        assertTrue(w.characters().isCrouching(id));
        double crouchedY = w.characters().position(id).y();
        assertEquals(def.skin() + def.effectiveCrouchHeight() / 2, crouchedY, 1e-9, "feet stay on the floor");
        for (int i = 0; i < 90; i++) {
            w.step(DT);
        }
        // At x = 3, under the ceiling: asked to stand, it cannot.
        assertEquals(3, w.characters().position(id).x(), 0.1);
        w.characters().setInput(id, 2, 0, 0, false);
        w.step(DT);
        assertTrue(w.characters().isCrouching(id), "stood up under the ceiling");
        for (int i = 0; i < 60; i++) {
            w.step(DT);
        }
        assertFalse(w.characters().isCrouching(id), "still crouching in the open at " + w.characters().position(id));
        assertEquals(CharacterScenes.standY(def, 0), w.characters().position(id).y(), 1e-9);
    }

    @Test
    void aBadDefinitionIsRejectedNamingTheField() {
        World w = CharacterScenes.world(1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> w.characters().add(CharacterDef.defaults("hero").withRadius(-1), Vec3.ZERO));
        assertEquals("character 'hero': radius must be > 0, got -1.0", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> w.characters().add(CharacterDef.defaults("hero").withHeight(0.5), Vec3.ZERO));
        assertTrue(e.getMessage().startsWith("character 'hero': height must be >= 2 x radius"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> w.characters().add(CharacterDef.defaults("hero").withMaxSlope(91), Vec3.ZERO));
        assertTrue(e.getMessage().startsWith("character 'hero': maxSlope"), e.getMessage());
        assertEquals(0, w.characters().count());
    }
}
