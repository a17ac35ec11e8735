package ricochet.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import ricochet.scenes.BuiltinScenes;
import ricochet.scenes.WorldBuilder;
import ricochet.world.BodyDef;
import ricochet.world.World;
import ricochet.world.WorldSimulation;
import ricochet.world.fuzz.RandomScene;
import ricochet.world.fuzz.SceneCheck;

/**
 * {@code ./ricochet soak}: a short soak of named scenes reports what the world's own queries say
 * (checked by stepping the same scene here), random scenes are counted and their failures named by
 * number as {@link SceneCheck} judges them, failures give exit code 1 and bad arguments exit code 2.
 */
class SoakCommandTest {

    @TempDir
    Path dir;

    private static CliResult cli(String... args) {
        return CliResult.run(args);
    }

    /** The value after {@code label} in the report of scene {@code scene}. */
    private static String field(String out, String scene, String label) {
        String report = out.substring(out.indexOf("soak " + scene + ":"));
        Matcher m = Pattern.compile("(?m)^  " + Pattern.quote(label) + " +(.*)$").matcher(report);
        assertTrue(m.find(), "no '" + label + "' in the report of " + scene + ":\n" + out);
        return m.group(1);
    }

    /** What a soak of {@code steps} should see, from the world's queries step by step. */
    private record Expected(double e0, double end, double maxEnergy, double deepest, long allAsleep) {
    }

    private static Expected stepHere(String scene, int steps) throws Exception {
        WorldSimulation sim = (WorldSimulation) WorldBuilder.simulation(BuiltinScenes.read(scene));
        World w = sim.world();
        List<Integer> dynamic = new ArrayList<>();
        for (int b = 0; b < sim.bodyCount(); b++) {
            if (w.type(sim.id(b)) == BodyDef.Type.DYNAMIC) {
                dynamic.add(b);
            }
        }
        double e0 = sim.kineticEnergy() + sim.potentialEnergy(), max = e0, deepest = 0;
        long asleep = -1;
        for (int step = 1; step <= steps; step++) {
            sim.step();
            max = Math.max(max, sim.kineticEnergy() + sim.potentialEnergy());
            for (int k = 0; k < w.contactPointCount(); k++) {
                deepest = Math.min(deepest, w.contactSeparation(k));
            }
            if (asleep < 0 && dynamic.stream().allMatch(sim::isSleeping)) {
                asleep = step;
            }
        }
        return new Expected(e0, sim.kineticEnergy() + sim.potentialEnergy(), max, deepest, asleep);
    }

    /**
     * 700 steps: the spheres pour into their bin and all sleep (near step 350); the wall stands asleep
     * while the ball flies, which hits it at 10 s (step 600) and keeps going, so the wall scene never
     * sleeps whole. Gravity, friction and soft contacts only take energy out.
     */
    @Test
    void shortSoakOfSpheresAndWallReportsWhatTheWorldSaw() throws Exception {
        CliResult r = cli("soak", "--scenes", "spheres,wall", "--steps", "700", "--report-every", "350");
        assertEquals(0, r.code, r.out + r.err);
        for (String scene : List.of("spheres", "wall")) {
            Expected x = stepHere(scene, 700);
            assertEquals(String.format(Locale.ROOT, "%.9g J (kinetic + potential)", x.e0),
                    field(r.out, scene, "energy start"));
            assertEquals(String.format(Locale.ROOT, "%.9g J", x.end), field(r.out, scene, "energy end"));
            assertTrue(x.end < x.e0, scene + " loses energy");
            assertTrue(field(r.out, scene, "energy drift").startsWith(
                    String.format(Locale.ROOT, "%+.4g%%", 100 * (x.end - x.e0) / Math.abs(x.e0))), r.out);
            assertEquals(x.maxEnergy > x.e0 ? "gain" : "never (gain none)",
                    field(r.out, scene, "energy above start").replaceAll(".*\\(gain\\)$", "gain"));
            assertTrue(x.deepest < 0, scene + ": bodies overlap somewhere in 700 steps");
            assertTrue(field(r.out, scene, "deepest penetration").startsWith(
                    String.format(Locale.ROOT, "%.3f mm at step ", -x.deepest * 1e3)), r.out);
            assertEquals(x.allAsleep < 0 ? "never" : "from step " + x.allAsleep + " ",
                    field(r.out, scene, "all asleep").replaceAll("\\(.*", ""));
            assertEquals("none", field(r.out, scene, "non-finite"));
            assertEquals("none", field(r.out, scene, "explosion"));
            assertEquals("clean", field(r.out, scene, "result"));
            assertTrue(field(r.out, scene, "steps run").startsWith("700 "), r.out);
            assertTrue(Double.parseDouble(field(r.out, scene, "ms/step")) > 0, r.out);
        }
        assertTrue(stepHere("spheres", 700).allAsleep > 0, "the spheres sleep within 700 steps");
        assertTrue(field(r.out, "spheres", "gain after asleep").startsWith("none"), r.out);
        // Two progress lines a scene, at steps 350 and 700.
        assertEquals(4, r.out.lines().filter(l -> l.matches("  step (350|700)  ms/step .*")).count(), r.out);
    }

    /**
     * Two failures the soak must report, built from legal input since the engine's own explosions are
     * fixed: a kinematic paddle at 40 m/s (kinematic bodies may add energy without bound) bats a
     * resting box far above promise 1's energy bound; a box launched at 5e11 m/s leaves
     * {@code World.MAX_POSITION} behind within about 120 steps, which the step's check refuses.
     */
    private Path failingScene(boolean runaway) throws IOException {
        String bodies = runaway ? """
                   {"name": "box", "shape": {"type": "box", "halfExtents": [0.1, 0.05, 0.08]},
                    "density": 1000, "position": [0, 0.3, 0], "velocity": [5e11, 0, 0]}"""
                : """
                   {"name": "paddle", "type": "kinematic", "shape": {"type": "box", "halfExtents": [0.2, 0.5, 0.5]},
                    "position": [-2, 0, 0], "velocity": [40, 0, 0]},
                   {"name": "box", "shape": {"type": "box", "halfExtents": [0.1, 0.1, 0.1]},
                    "density": 1000, "position": [0, 0, 0]}""";
        String json = """
                {"format": "ricochet-scene/1",
                 "settings": {"dt": 0.016666666666666666, "substeps": 4, "gravity": [0, 0, 0]},
                 "bodies": [%s]}
                """.formatted(bodies);
        Path file = dir.resolve(runaway ? "runaway.json" : "paddle.json");
        Files.writeString(file, json);
        return file;
    }

    @ParameterizedTest
    @CsvSource({"false, EXPLOSION", "true, NON-FINITE"})
    void aFailingSceneIsReportedWithExitCodeOne(boolean runaway, String result) throws IOException {
        String file = failingScene(runaway).toString();
        CliResult r = cli("soak", "--scenes", file, "--steps", "300", "--report-every", "0");
        assertEquals(1, r.code, r.out + r.err);
        assertEquals(result, field(r.out, file, "result"));
        if (runaway) {
            String nonFinite = field(r.out, file, "non-finite");
            assertTrue(nonFinite.matches("body 'box' at step \\d+: .*"), nonFinite);
            long step = Long.parseLong(nonFinite.replaceAll("body 'box' at step (\\d+):.*", "$1"));
            assertTrue(step > 100 && step < 140, nonFinite);
            // The failed step was undone: the run counts the steps before it.
            assertTrue(field(r.out, file, "steps run").startsWith((step - 1) + " "), r.out);
        } else {
            assertTrue(field(r.out, file, "explosion").matches("at step \\d+: .* J, above the bound .*"), r.out);
            assertEquals("none", field(r.out, file, "non-finite"));
        }
        assertFalse(r.err.contains("Exception"), r.err);
    }

    /** The failures the soak's lines name, by scene number. */
    private static List<Long> failedNumbers(String out) {
        List<Long> numbers = new ArrayList<>();
        Matcher m = Pattern.compile("(?m)^failed scene (-?\\d+) ").matcher(out);
        while (m.find()) {
            numbers.add(Long.parseLong(m.group(1)));
        }
        return numbers;
    }

    private static int[] row(String out, String label) {
        Matcher m = Pattern.compile("(?m)^  " + label + " +(\\d+) +(\\d+) +(\\d+) +(\\d+) +(\\d+)$")
                .matcher(out);
        assertTrue(m.find(), "no row '" + label + "':\n" + out);
        int[] v = new int[5];
        for (int i = 0; i < 5; i++) {
            v[i] = Integer.parseInt(m.group(i + 1));
        }
        return v;
    }

    /**
     * Scenes 43500-43529, each judged here by SceneCheck as well: the soak names exactly the failing
     * ones, counts each kind of failure by whether the scene has joints, and exits 1 (scene 43511
     * fails today, over the energy bound at step 35; README promise 1. Scenes 42600-42629 were used
     * until the bound's groups took in joints and 42615 passed, 29040-29069
     * until the relax guard's scaled contacts made 29060 pass, 24910-24939
     * until the grounded blocks' turn limit made 24927 pass, 21170-21199
     * until the restitution's energy check made 21182 pass, 1510-1539
     * until the last floor made 1526 pass, 1590-1619 until the position floor made 1590 and 1615
     * pass, and 60-89 until the grounded joint blocks made 82 pass).
     */
    @Test
    void randomSoakNamesEachFailingSceneAndCountsThemByKind() {
        CliResult r = cli("soak", "--random", "30", "--seed", "43500");
        List<Long> failing = new ArrayList<>();
        int[][] expected = new int[2][5];
        for (long n = 43500; n < 43530; n++) {
            RandomScene scene = RandomScene.numbered(n);
            SceneCheck.Outcome o = SceneCheck.run(scene);
            int[] e = expected[scene.hasJoints() ? 1 : 0];
            e[0]++;
            e[1] += o.nonFinite() != null ? 1 : 0;
            e[2] += o.belowGround() != null ? 1 : 0;
            e[3] += o.energy() != null ? 1 : 0;
            e[4] += o.passed() ? 0 : 1;
            if (!o.passed()) {
                failing.add(n);
            }
        }
        assertFalse(failing.isEmpty(), "some of the 30 scenes fail today");
        assertEquals(1, r.code, r.out + r.err);
        assertEquals(failing, failedNumbers(r.out));
        assertEquals(List.of(expected[0][0], expected[0][1], expected[0][2], expected[0][3], expected[0][4]),
                toList(row(r.out, "free bodies")));
        assertEquals(List.of(expected[1][0], expected[1][1], expected[1][2], expected[1][3], expected[1][4]),
                toList(row(r.out, "with joints")));
        assertEquals(30, row(r.out, "all")[0]);
        assertTrue(r.out.contains("result: " + failing.size() + " of 30 scenes failed"), r.out);
        assertTrue(r.out.contains("random soak: 30 scenes (numbers 43500 to 43529) x 300 steps"), r.out);
    }

    private static List<Integer> toList(int[] a) {
        List<Integer> l = new ArrayList<>();
        for (int v : a) {
            l.add(v);
        }
        return l;
    }

    /**
     * {@code --random 1 --seed N} replays scene N: a failing one in full, a passing one clean (the
     * first of each from 43500; scene 43511 fails today).
     */
    @Test
    void oneRandomSceneReplaysByItsNumber() {
        Long failing = null, passing = null;
        for (long n = 43500; failing == null || passing == null; n++) {
            SceneCheck.Outcome o = SceneCheck.run(RandomScene.numbered(n));
            if (o.passed() && passing == null) {
                passing = n;
            } else if (!o.passed() && failing == null) {
                failing = n;
            }
        }
        RandomScene scene = RandomScene.numbered(failing);
        SceneCheck.Outcome o = SceneCheck.run(RandomScene.numbered(failing));
        CliResult bad = cli("soak", "--random", "1", "--seed", failing.toString());
        assertEquals(1, bad.code, bad.out);
        assertTrue(bad.out.contains(scene.description()), bad.out);
        for (String message : new String[] {o.nonFinite(), o.belowGround(), o.energy()}) {
            if (message != null) {
                assertTrue(bad.out.contains(" at " + message.lines().findFirst().orElseThrow()), bad.out);
            }
        }
        assertFalse(bad.out.contains("replay one"), "a replay does not ask to be replayed:\n" + bad.out);

        CliResult good = cli("soak", "--random", "1", "--seed", passing.toString());
        assertEquals(0, good.code, good.out);
        assertTrue(good.out.contains("result: clean"), good.out);
        assertTrue(failedNumbers(good.out).isEmpty(), good.out);
        assertEquals(1, row(good.out, "all")[0]);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--random 0                 | --random must be >= 1, got 0",
        "--seed 3                   | --seed numbers the random scenes",
        "--random 2 --scenes wall   | --scenes is for a soak of named scenes",
        "--random 2 --report-every 5| --report-every is for a soak of named scenes",
        "--random 2 --steps 0       | --steps must be in [1, 2147483647]",
        "--steps 0                  | --steps must be >= 1, got 0",
        "--report-every -1          | --report-every must be >= 0, got -1",
        "--scenes spheres,nosuch    | no scene file 'nosuch' and no built-in scene",
        "--random x                 | Invalid value for option '--random'"})
    void badArgumentsExitTwoWithOneLine(String args, String message) {
        List<String> argv = new ArrayList<>(List.of("soak"));
        argv.addAll(List.of(args.trim().split(" +")));
        CliResult r = cli(argv.toArray(String[]::new));
        assertEquals(2, r.code, r.out + r.err);
        assertTrue(r.err.contains(message), r.err);
        assertFalse(r.err.contains("\tat "), "no stack trace:\n" + r.err);
        assertFalse(r.out.contains("soak spheres"), "nothing ran:\n" + r.out);
    }
}
