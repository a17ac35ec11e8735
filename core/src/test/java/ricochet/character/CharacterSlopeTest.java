package ricochet.character;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ricochet.character.CharacterScenes.DT;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import ricochet.body.BodyDef;
import ricochet.character.CharacterScenes.Slope;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;

/**
 * A max slope of 45 degrees against slopes of 44 (walked up, stood on without drifting) and 46
 * degrees (a wall to walk into, a slope to slide down), each as a box, a mesh and a capsule; and
 * capsules lying across the path, one low enough to step over and one too high.
 */
class CharacterSlopeTest {

    static final double X0 = 2;

    static Stream<Arguments> kinds() {
        return Stream.of(Slope.values()).flatMap(k -> Stream.of(Arguments.of(k, 1), Arguments.of(k, 4)));
    }

    private static World scene(Slope kind, double degrees, int substeps) {
        World w = CharacterScenes.world(substeps);
        CharacterScenes.floor(w);
        CharacterScenes.slope(w, kind, degrees, X0);
        return w;
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void walksUp44DegreesAndStandsStillThere(Slope kind, int substeps) {
        World w = scene(kind, 44, substeps);
        CharacterDef def = CharacterDef.defaults("hero").withMaxSlope(45);
        double y0 = CharacterScenes.standY(def, 0);
        CharacterId id = w.characters().add(def, new Vec3(0, y0, 0));
        w.characters().setInput(id, 2, 0, 0, false);
        for (int i = 0; i < 180; i++) {
            w.step(DT);
        }
        Vec3 up = w.characters().position(id);
        // 3 s at 2 m/s: 2 m on the floor to the foot, then up the slope (slower: the walk is
        // projected onto it), so well over a metre of height.
        assertTrue(up.y() - y0 > 1.0, kind + ": climbed only to " + up);
        assertEquals(GroundState.GROUNDED, w.characters().groundState(id), kind + " at " + up);
        w.characters().setInput(id, 0, 0, 0, false);
        w.step(DT);
        Vec3 rest = w.characters().position(id);
        double drift = 0;
        for (int i = 0; i < 600; i++) {
            w.step(DT);
            Vec3 p = w.characters().position(id);
            drift = Math.max(drift, Math.sqrt(sq(p.x() - rest.x()) + sq(p.y() - rest.y()) + sq(p.z() - rest.z())));
            assertEquals(GroundState.GROUNDED, w.characters().groundState(id), kind + " step " + i);
        }
        System.out.printf("slope 44 %s substeps %d: climbed %.3f m in 3 s, drift in 10 s %.2e m%n", kind, substeps,
                up.y() - y0, drift);
        assertTrue(drift < 1e-3, kind + ": drift " + drift);
    }

    @ParameterizedTest
    @MethodSource("kinds")
    void cannotWalkUp46DegreesAndSlidesDownThem(Slope kind, int substeps) {
        World w = scene(kind, 46, substeps);
        CharacterDef def = CharacterDef.defaults("hero").withMaxSlope(45);
        double y0 = CharacterScenes.standY(def, 0);
        CharacterId id = w.characters().add(def, new Vec3(0, y0, 0));
        w.characters().setInput(id, 2, 0, 0, false);
        double highest = y0;
        for (int i = 0; i < 180; i++) {
            w.step(DT);
            highest = Math.max(highest, w.characters().position(id).y());
        }
        Vec3 stopped = w.characters().position(id);
        // Its bottom sphere, a skin from the slope's foot, cannot rise more than its round-off lets
        // it: the sphere of radius r + skin resting in the crease lifts by nothing.
        assertTrue(highest - y0 < 1e-3, kind + ": climbed to " + highest + " from " + y0);
        assertTrue(stopped.x() < X0, kind + ": walked to " + stopped);

        // Put on the slope 3 m up (its bottom sphere a skin off the surface), no input: it slides.
        double a = Math.toRadians(46), along = 3 / Math.sin(a);
        double r = def.radius() + def.skin() + 0.01;
        double sx = X0 + along * Math.cos(a) - r * Math.sin(a), sy = along * Math.sin(a) + r * Math.cos(a);
        Vec3 start = new Vec3(sx, sy + 0.5 * def.height() - def.radius(), 0);
        w.characters().setPosition(id, start);
        w.characters().setInput(id, 0, 0, 0, false);
        int sliding = 0;
        for (int i = 0; i < 60; i++) {
            w.step(DT);
            sliding += w.characters().groundState(id) == GroundState.SLIDING ? 1 : 0;
        }
        Vec3 end = w.characters().position(id);
        System.out.printf("slope 46 %s substeps %d: highest rise walking %.3g m; slid %.3f m down in 1 s, "
                + "%d of 60 frames sliding%n", kind, substeps, highest - y0, start.y() - end.y(), sliding);
        assertTrue(start.y() - end.y() > 0.5, kind + ": slid only from " + start + " to " + end);
        assertTrue(end.x() < start.x(), kind + ": " + end);
        assertTrue(sliding > 30, kind + ": sliding in " + sliding + " frames");
    }

    @ParameterizedTest
    @MethodSource("substeps")
    void walksOverALowCapsuleBumpAndNotOverAHighOne(int substeps) {
        for (double radius : new double[] {0.15, 0.5}) {
            World w = CharacterScenes.world(substeps);
            CharacterScenes.floor(w);
            // A capsule lying on the floor across the path (its axis along z), top at 2 radius.
            w.add(BodyDef.staticBody().withPosition(new Vec3(X0, radius, 0))
                    .withOrientation(Quat.fromAxisAngle(Vec3.UNIT_X, Math.PI / 2)), new CapsuleShape(radius, 3), 0.5, 0);
            CharacterDef def = CharacterDef.defaults("hero");
            CharacterId id = w.characters().add(def, new Vec3(0, CharacterScenes.standY(def, 0), 0));
            w.characters().setInput(id, 2, 0, 0, false);
            int airborne = 0, sliding = 0;
            double highest = 0;
            for (int i = 0; i < 150; i++) {
                w.step(DT);
                airborne += w.characters().groundState(id) == GroundState.AIRBORNE ? 1 : 0;
                sliding += w.characters().groundState(id) == GroundState.SLIDING ? 1 : 0;
                highest = Math.max(highest, w.characters().position(id).y() - CharacterScenes.standY(def, 0));
            }
            Vec3 p = w.characters().position(id);
            System.out.printf("capsule bump radius %.2f substeps %d: x after 2.5 s %.3f, highest %.3f m, %d frames "
                    + "airborne, %d sliding%n", radius, substeps, p.x(), highest, airborne, sliding);
            if (2 * radius <= def.stepHeight()) {
                assertTrue(p.x() > X0 + 1, "stopped at " + p);
                // Over the bump's far side its round top is steeper than the max slope under the
                // character for a few frames (sliding), but it never leaves the ground.
                assertEquals(0, airborne);
                assertTrue(highest <= 2 * radius + 1e-3, "rose " + highest);
            } else {
                assertTrue(p.x() < X0 - radius, "passed the high bump: " + p);
                assertTrue(highest < 1e-3, "climbed the high bump by " + highest);
            }
        }
    }

    static Stream<Integer> substeps() {
        return Stream.of(1, 4);
    }

    private static double sq(double v) {
        return v * v;
    }
}
