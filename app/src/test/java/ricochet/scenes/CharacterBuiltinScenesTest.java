package ricochet.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.character.CharacterDef;
import ricochet.character.GroundState;
import ricochet.cli.Main;
import ricochet.io.scene.BodySpec;
import ricochet.io.scene.CharacterSpec;
import ricochet.io.scene.Scene;
import ricochet.io.scene.ShapeSpec;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.WorldSimulation;

/**
 * The characters' built-in scenes, read through {@link BuiltinScenes} and {@link WorldBuilder}: each
 * test steps its scene (at most 10 s) and checks what the scene is there to show, with the expected
 * values worked out from the scene file itself.
 */
class CharacterBuiltinScenesTest {

    static final List<String> SCENES = List.of("stairs", "slopes", "push", "platform");

    private static final int X = 0, Y = 1, Z = 2, VX = 7;

    private static double[] character(WorldSimulation sim, int character) {
        double[] s = new double[13];
        sim.readCharacterState(character, s);
        return s;
    }

    private static double[] body(WorldSimulation sim, String name) {
        for (int i = 0; i < sim.bodyCount(); i++) {
            if (sim.bodyName(i).equals(name)) {
                double[] s = new double[13];
                sim.readState(i, s);
                return s;
            }
        }
        throw new AssertionError("no body " + name);
    }

    private static int characterIndex(WorldSimulation sim, String name) {
        for (int i = 0; i < sim.characterCount(); i++) {
            if (sim.characterName(i).equals(name)) {
                return i;
            }
        }
        throw new AssertionError("no character " + name);
    }

    private static GroundState ground(WorldSimulation sim, int character) {
        return sim.world().characters().groundState(sim.characterId(character));
    }

    private static BodySpec spec(Scene scene, String name) {
        return scene.bodies().stream().filter(b -> b.name().equals(name)).findFirst().orElseThrow();
    }

    private static CharacterSpec spec(Scene scene, int character) {
        return scene.characters().get(character);
    }

    /** Centre height of a character standing a skin above the surface at {@code surfaceY}. */
    private static double standY(CharacterDef def, double surfaceY) {
        return surfaceY + 0.5 * def.height() + def.skin();
    }

    private static Vec3 halfExtents(BodySpec b) {
        return ((ShapeSpec.Box) b.shape()).halfExtents();
    }

    @Test
    void everyCharacterSceneValidatesAndIsListed() {
        for (String name : SCENES) {
            assertTrue(BuiltinScenes.exists(name), name);
            StringWriter out = new StringWriter(), err = new StringWriter();
            int code = Main.execute(new String[] {"validate", name}, new PrintWriter(out), new PrintWriter(err));
            assertEquals(0, code, name + ": " + err);
            assertTrue(out.toString().contains("valid"), name + ": " + out);
        }
    }

    @Test
    void stairsAreClimbedNearlyAsFastAsFlatGroundAndAlwaysForward() throws Exception {
        Scene scene = BuiltinScenes.read("stairs");
        WorldSimulation sim = WorldBuilder.buildWorld(scene);
        CharacterSpec hero = spec(scene, 0);
        int risers = 10;
        // The top step's box ends where the landing does; its riser's face is its low-x side, one
        // tread past the riser before it: the last tread ends one tread past that face.
        BodySpec top = spec(scene, "step-" + risers);
        BodySpec below = spec(scene, "step-" + (risers - 1));
        double topFace = top.position().x() - halfExtents(top).x();
        double tread = topFace - (below.position().x() - halfExtents(below).x());
        double lastTreadEnd = topFace + tread;
        double topY = standY(hero.def(), top.position().y() + halfExtents(top).y());
        double speed = hero.input().get(0).vx();
        // On flat ground it would cover the same horizontal distance at its input speed.
        double flatTime = (lastTreadEnd - hero.position().x()) / speed;
        double lastX = hero.position().x(), topTime = Double.NaN;
        for (int step = 1; step <= (int) Math.round(3 / sim.dt()) && Double.isNaN(topTime); step++) {
            sim.step();
            double[] s = character(sim, 0);
            assertTrue(s[X] > lastX, "step " + step + ": x " + s[X] + " after " + lastX);
            lastX = s[X];
            if (s[X] > lastTreadEnd && s[Y] >= topY - 1e-3) {
                topTime = sim.time();
            }
        }
        System.out.printf("stairs: past the last tread at %.3f s, flat ground %.3f s, ratio %.3f%n", topTime,
                flatTime, topTime / flatTime);
        assertTrue(topTime <= 1.2 * flatTime, "top at " + topTime + " s, flat ground " + flatTime + " s");
        assertEquals(GroundState.GROUNDED, ground(sim, 0));
    }

    @Test
    void a44DegreeRampIsWalkedUpAndA46DegreeOneIsNot() throws Exception {
        Scene scene = BuiltinScenes.read("slopes");
        WorldSimulation sim = WorldBuilder.buildWorld(scene);
        int climber = characterIndex(sim, "climber"), blocked = characterIndex(sim, "blocked");
        double y0 = character(sim, climber)[Y], b0 = character(sim, blocked)[Y];
        double highestBlocked = b0;
        for (int i = 0, n = (int) Math.round(3 / sim.dt()); i < n; i++) {
            sim.step();
            highestBlocked = Math.max(highestBlocked, character(sim, blocked)[Y]);
        }
        double climbed = character(sim, climber)[Y] - y0;
        System.out.printf("slopes: climbed %.3f m up 44 degrees in 3 s; blocked rose %.2e m at 46 degrees%n",
                climbed, highestBlocked - b0);
        // 2 m/s reaches the ramp's foot (2 m out) in about 1 s; the 2 s left, even at only the
        // horizontal speed's part along the slope (2 cos 44), rise 2 cos 44 sin 44 x 2 s = 2.0 m: at
        // least half of that allows for the turn at the foot.
        double a = Math.toRadians(44);
        assertTrue(climbed > 0.5 * 2 * Math.cos(a) * Math.sin(a) * 2, "climbed only " + climbed);
        assertEquals(GroundState.GROUNDED, ground(sim, climber));
        assertTrue(highestBlocked - b0 < 0.01, "rose " + (highestBlocked - b0) + " at 46 degrees");
        // The ramp's top face meets the ground at its centre less R (halfX, halfY) turned by 46 degrees.
        BodySpec ramp = spec(scene, "ramp-46");
        double b = Math.toRadians(46);
        double foot = ramp.position().x() - halfExtents(ramp).x() * Math.cos(b) - halfExtents(ramp).y() * Math.sin(b);
        assertTrue(character(sim, blocked)[X] < foot, "walked onto the ramp: x " + character(sim, blocked)[X]);
    }

    @Test
    void aPushedBoxKeepsUpWithTheCharacter() throws Exception {
        Scene scene = BuiltinScenes.read("push");
        WorldSimulation sim = WorldBuilder.buildWorld(scene);
        CharacterSpec pusher = spec(scene, 0);
        BodySpec crate = spec(scene, "crate");
        double speed = pusher.input().get(0).vx();
        // Friction mu m g = 0.5 x 10 x 9.81 = 49 N is below the 100 N push cap, so the box is pushed
        // to the character's speed; the mean over the 4th second (after the 1 s walk to it) is checked.
        double mu = Math.sqrt(crate.friction() * spec(scene, "ground").friction());
        assertTrue(mu * crate.mass() * 9.81 < pusher.def().maxPushForce());
        double sum = 0;
        int n = 0, steps = (int) Math.round(4 / sim.dt());
        for (int i = 0; i < steps; i++) {
            sim.step();
            if (i >= steps - (int) Math.round(1 / sim.dt())) {
                sum += body(sim, "crate")[VX];
                n++;
            }
        }
        double mean = sum / n;
        System.out.printf("push: box speed over the 4th second %.4f m/s (character %.1f)%n", mean, speed);
        assertEquals(speed, mean, 0.1 * speed);
        assertTrue(character(sim, 0)[X] < body(sim, "crate")[X], "the character stays behind the box");
    }

    /** Point (x, y, z) in the frame of a body whose state is {@code b} (position, then quaternion x y z w). */
    private static Vec3 inFrame(double[] b, double x, double y, double z) {
        Quat q = new Quat(b[3], b[4], b[5], b[6]);
        return q.conjugate().rotate(new Vec3(x - b[X], y - b[Y], z - b[Z]));
    }

    @Test
    void aCharacterRidesATurningPlatformWhereItStood() throws Exception {
        Scene scene = BuiltinScenes.read("platform");
        WorldSimulation sim = WorldBuilder.buildWorld(scene);
        int rider = characterIndex(sim, "rider");
        // It lands in the first steps; from then on its place in the platform's frame must stay.
        for (int i = 0; i < 10; i++) {
            sim.step();
        }
        double[] c = character(sim, rider);
        Vec3 local = inFrame(body(sim, "platform"), c[X], c[Y], c[Z]);
        double worst = 0;
        for (int i = 0, n = (int) Math.round(10 / sim.dt()); i < n; i++) {
            sim.step();
            c = character(sim, rider);
            worst = Math.max(worst, inFrame(body(sim, "platform"), c[X], c[Y], c[Z]).minus(local).length());
            assertEquals(GroundState.GROUNDED, ground(sim, rider), "step " + i);
        }
        System.out.printf("platform: drift in the turning platform's frame at most %.2e m in 10 s, %.3f m out%n",
                worst, Math.hypot(local.x(), local.z()));
        assertEquals(3, Math.hypot(local.x(), local.z()), 0.01);
        assertTrue(worst < 0.01, "drifted " + worst + " m relative to the platform");
    }

    @Test
    void aCharacterRidesTheElevatorUpAndDownWithoutLeavingTheFloor() throws Exception {
        Scene scene = BuiltinScenes.read("platform");
        WorldSimulation sim = WorldBuilder.buildWorld(scene);
        int passenger = characterIndex(sim, "passenger");
        sim.step();
        assertEquals(GroundState.GROUNDED, ground(sim, passenger));
        double gap = character(sim, passenger)[Y] - (body(sim, "elevator")[Y] + 0.25);
        double highest = 0, worst = 0;
        for (int i = 0, n = (int) Math.round(15 / sim.dt()); i < n; i++) {
            sim.step();
            double[] e = body(sim, "elevator");
            double[] c = character(sim, passenger);
            assertEquals(GroundState.GROUNDED, ground(sim, passenger), "step " + i + " at elevator height " + e[Y]);
            // Standing on the floor at its skin: the centre a constant height above the moving floor.
            worst = Math.max(worst, Math.abs(c[Y] - (e[Y] + 0.25) - gap));
            highest = Math.max(highest, e[Y]);
        }
        System.out.printf("platform: elevator up %.3f m and back; passenger's height above it constant to %.2e m%n",
                highest - 0.25, worst);
        // Up 2 m/s for 3 s from 0.25 m: each entry starts at the first step starting at or after its
        // time, so the rise is 6 m to within a step's travel either way.
        assertEquals(6.25, highest, 2 * 2 * sim.dt() + 1e-9);
        assertTrue(worst < 1e-3, "height above the elevator varied by " + worst + " m");
    }
}
