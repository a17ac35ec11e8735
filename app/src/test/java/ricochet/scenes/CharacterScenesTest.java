package ricochet.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.character.GroundState;
import ricochet.io.scene.Scene;
import ricochet.io.scene.SceneException;
import ricochet.io.scene.SceneReader;
import ricochet.world.WorldSimulation;

/** Characters read from scene files, built into the world and driven by their input tracks. */
class CharacterScenesTest {

    /** A 100 m box whose top is y = 0, and one character standing on it (centre 0.9 m + skin up). */
    static String scene(String character) {
        return """
                {"format": "ricochet-scene/1", "settings": {"dt": 0.01},
                 "bodies": [{"name": "ground", "type": "static", "position": [0, -0.5, 0],
                             "shape": {"type": "box", "halfExtents": [50, 0.5, 50]}}],
                 "characters": [%s]}
                """.formatted(character);
    }

    static Scene parse(String json) throws SceneException {
        return SceneReader.parse(json, "test.json", null);
    }

    static double[] state(WorldSimulation sim, int character) {
        double[] s = new double[13];
        sim.readCharacterState(character, s);
        return s;
    }

    @Test
    void aWalkingCharacterCoversVelocityTimesTime() throws SceneException {
        Scene scene = parse(scene("""
                {"name": "hero", "position": [0, 0.92, 0],
                 "input": [{"t": 0, "velocity": [2, 5, 0]}, {"t": 1, "velocity": [0, 0, 0]}]}"""));
        WorldSimulation sim = WorldBuilder.buildWorld(scene);
        assertEquals(1, sim.characterCount());
        assertEquals("hero", sim.characterName(0));
        for (int i = 0; i < 150; i++) {
            sim.step();
        }
        // Steps 0..99 start before t = 1 s and move it 2 m/s x 0.01 s each: 2 m. On flat ground the
        // contact normal is vertical, so sliding takes nothing from x; what is left is rounding over
        // a hundred sums, far below a micrometre. The vertical 5 is ignored: it stays on the ground.
        double[] s = state(sim, 0);
        assertEquals(2.0, s[0], 1e-6);
        assertEquals(0.0, s[2], 1e-9);
        assertEquals(0.92, s[1], 0.03);
        assertEquals(0.0, s[7], 1e-9);
        assertEquals(List.of(0.0, 0.0, 0.0, 1.0), List.of(s[3], s[4], s[5], s[6]));
        assertEquals(GroundState.GROUNDED, sim.world().characters().groundState(sim.characterId(0)));
    }

    @Test
    void beforeItsFirstEntryACharacterStandsStillAndAJumpIsGivenOnce() throws SceneException {
        Scene scene = parse(scene("""
                {"name": "hero", "position": [0, 0.92, 0],
                 "input": [{"t": 0.5, "velocity": [1, 0, 0], "jump": 3}, {"t": 3, "crouch": true}]}"""));
        WorldSimulation sim = WorldBuilder.buildWorld(scene);
        for (int i = 0; i < 50; i++) {
            sim.step();
        }
        assertEquals(0.0, state(sim, 0)[0], 1e-12);
        double highest = 0;
        for (int i = 0; i < 250; i++) {
            sim.step();
            highest = Math.max(highest, state(sim, 0)[1]);
        }
        // v^2 / 2g = 9 / 19.62 = 0.46 m above where it stood; the one-off jump does not repeat on landing.
        assertTrue(highest > 0.92 + 0.35 && highest < 0.92 + 0.5, "highest " + highest);
        assertEquals(GroundState.GROUNDED, sim.world().characters().groundState(sim.characterId(0)));
        assertEquals(2.5, state(sim, 0)[0], 1e-6);
        for (int i = 0; i < 10; i++) {
            sim.step();
        }
        assertTrue(sim.world().characters().isCrouching(sim.characterId(0)));
    }

    @Test
    void defaultsComeFromTheCharacterDefinition() throws SceneException {
        Scene scene = parse(scene("{\"name\": \"hero\", \"position\": [0, 1, 0]}"));
        var def = scene.characters().get(0).def();
        assertEquals(ricochet.character.CharacterDef.defaults("hero"), def);
        assertTrue(scene.characters().get(0).input().isEmpty());
    }

    static String problems(String character) {
        SceneException e = assertThrows(SceneException.class, () -> parse(scene(character)));
        return e.getMessage();
    }

    @Test
    void badCharactersAreReportedWithTheirPath() {
        String head = "\"name\": \"hero\", \"position\": [0, 1, 0], ";
        assertTrue(problems("{" + head + "\"radius\": -1}").contains(
                "$.characters[0].radius: radius must be > 0, got -1.0"));
        assertTrue(problems("{" + head + "\"radius\": NaN}").contains("$.characters[0].radius"));
        assertTrue(problems("{" + head + "\"mass\": Infinity}").contains("$.characters[0].mass"));
        assertTrue(problems("{" + head + "\"height\": 0.5}").contains(
                "$.characters[0].height: height must be >= 2 x radius (0.6), got 0.5"));
        assertTrue(problems("{" + head + "\"maxSlope\": 91}").contains("$.characters[0].maxSlope"));
        assertTrue(problems("{" + head + "\"maxSlope\": -1}").contains("$.characters[0].maxSlope"));
        assertTrue(problems("{" + head + "\"speed\": 1}").contains("$.characters[0].speed: unknown key 'speed'"));
        assertTrue(problems("{" + head + "\"input\": [{\"t\": 1}, {\"t\": 1}]}").contains(
                "$.characters[0].input[1].t: t must be after the entry before (1.0), got 1.0"));
        assertTrue(problems("{" + head + "\"input\": [{\"t\": 0, \"run\": 1}]}").contains(
                "$.characters[0].input[0].run: unknown key"));
        assertTrue(problems("{" + head + "\"input\": [{\"t\": 0, \"jump\": -1}]}").contains(
                "$.characters[0].input[0].jump"));
        assertTrue(problems("{" + head + "\"input\": [{\"velocity\": [1, 0, 0]}]}").contains(
                "$.characters[0].input[0]: missing required key 't'"));
        assertTrue(problems("{\"name\": \"ground\", \"position\": [0, 1, 0]}").contains(
                "$.characters[0].name: character name 'ground' is taken (first at $.bodies[0])"));
        String hero = "{\"name\": \"hero\", \"position\": [0, 1, 0]}";
        assertTrue(problems(hero + ", " + hero).contains(
                "$.characters[1].name: character name 'hero' is taken (first at $.characters[0])"));
        assertTrue(problems("{\"name\": \"" + "x".repeat(257) + "\", \"position\": [0, 1, 0]}").contains(
                "$.characters[0].name: name must be at most 256"));
        assertTrue(problems("{\"name\": \"hero\"}").contains("missing required key 'position'"));
    }

    @Test
    void aWorldWithoutCharactersHasNone() throws SceneException {
        WorldSimulation sim = WorldBuilder.buildWorld(parse(scene("")));
        assertEquals(0, sim.characterCount());
        assertFalse(sim.world().characters().count() > 0);
    }
}
