package ricochet.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import ricochet.world.fuzz.RandomScene;
import ricochet.world.fuzz.SceneCheck;

/**
 * Promise 1's soak of numbered random scenes ({@code ./ricochet soak --random N [--seed S]}): each
 * scene judged as it comes, every failing one printed with its number for replay, then the counts of
 * each kind of failure by whether the scene has joints, and the result line.
 */
final class RandomSoak {

    /** How scene {@code number} is judged: {@link SceneCheck#run(RandomScene, int)} for the command. */
    interface Check {
        SceneCheck.Outcome run(long number, RandomScene scene, int steps);
    }

    /** Failure messages are cut to this many characters on a scene's summary line. */
    private static final int MESSAGE_CHARS = 110;

    private RandomSoak() {
    }

    /**
     * Scenes {@code first .. first + count - 1}, {@code steps} steps each, judged by {@code check};
     * one scene alone is printed in full when it fails. Returns the exit code: 0 when all passed,
     * {@link Main#SIMULATION_ERROR} when any failed.
     */
    static int run(PrintWriter o, long first, int count, int steps, Check check) {
        // Rows: scenes of free bodies, scenes with joints (random ones or a ragdoll's).
        int[] scenesOf = new int[2], nonFinite = new int[2], below = new int[2], energy = new int[2],
                failed = new int[2];
        int slipped = 0;
        long start = System.nanoTime();
        for (int i = 0; i < count; i++) {
            long number = first + i;
            RandomScene scene = RandomScene.numbered(number);
            SceneCheck.Outcome out = check.run(number, scene, steps);
            int row = scene.hasJoints() ? 1 : 0;
            scenesOf[row]++;
            nonFinite[row] += out.nonFinite() != null ? 1 : 0;
            below[row] += out.belowGround() != null ? 1 : 0;
            energy[row] += out.energy() != null ? 1 : 0;
            failed[row] += out.passed() ? 0 : 1;
            slipped += out.slipped() ? 1 : 0;
            if (!out.passed()) {
                o.println(count == 1 ? failureInFull(number, scene, out) : failureLine(number, scene, out));
                o.flush();
            }
        }
        double msPerScene = (System.nanoTime() - start) / 1e6 / count;
        o.println(String.format(Locale.ROOT, "random soak: %d scenes (numbers %d to %d) x %d steps, %.1f ms"
                + " a scene", count, first, first + count - 1, steps, msPerScene));
        o.println("               scenes  non-finite  below ground  energy bound  failed");
        String row = "  %-11s %7d %11d %13d %13d %7d";
        o.println(String.format(Locale.ROOT, row, "free bodies", scenesOf[0], nonFinite[0], below[0],
                energy[0], failed[0]));
        o.println(String.format(Locale.ROOT, row, "with joints", scenesOf[1], nonFinite[1], below[1],
                energy[1], failed[1]));
        o.println(String.format(Locale.ROOT, row, "all", count, nonFinite[0] + nonFinite[1],
                below[0] + below[1], energy[0] + energy[1], failed[0] + failed[1]));
        o.println("non-finite states that got past the step's check: " + slipped);
        int failures = failed[0] + failed[1];
        if (failures > 0 && count > 1) {
            o.println("replay one: ./ricochet soak --random 1 --seed NUMBER");
        }
        o.println("result: " + (failures == 0 ? "clean" : failures + " of " + count + " scenes failed"));
        o.flush();
        return failures == 0 ? 0 : Main.SIMULATION_ERROR;
    }

    /** One line: the scene's number, kind, first line of each failure (cut) and knobs. */
    private static String failureLine(long number, RandomScene scene, SceneCheck.Outcome out) {
        StringBuilder b = new StringBuilder("failed scene ").append(number)
                .append(scene.hasJoints() ? " (joints):" : " (free bodies):");
        String sep = " ";
        for (String[] f : failures(out)) {
            String line = f[1].lines().findFirst().orElse("");
            b.append(sep).append(f[0]).append(" at ")
                    .append(line.length() > MESSAGE_CHARS ? line.substring(0, MESSAGE_CHARS) + "..." : line);
            sep = "; ";
        }
        return b.append(" | ").append(scene.description().lines().findFirst().orElse("")).toString();
    }

    /** A replayed scene: every failure's whole first line, then the scene's description once. */
    private static String failureInFull(long number, RandomScene scene, SceneCheck.Outcome out) {
        StringBuilder b = new StringBuilder("failed scene ").append(number)
                .append(scene.hasJoints() ? " (joints)" : " (free bodies)").append('\n');
        for (String[] f : failures(out)) {
            b.append("  ").append(f[0]).append(" at ").append(f[1].lines().findFirst().orElse(""))
                    .append('\n');
        }
        return b.append(scene.description()).toString();
    }

    private static List<String[]> failures(SceneCheck.Outcome out) {
        List<String[]> f = new ArrayList<>();
        if (out.nonFinite() != null) {
            f.add(new String[] {"non-finite", out.nonFinite()});
        }
        if (out.belowGround() != null) {
            f.add(new String[] {"below ground", out.belowGround()});
        }
        if (out.energy() != null) {
            f.add(new String[] {"energy bound", out.energy()});
        }
        return f;
    }
}
