package ricochet.bench.run;

import ricochet.bench.engines.PeerEngine;
import ricochet.bench.scene.BenchScene;

/**
 * The child JVM's entry point: one engine, one scene, one run.
 * {@code java -cp ... ricochet.bench.run.BenchRunner ENGINE SCENE WARMUP STEPS} builds the scene,
 * takes WARMUP untimed steps, then STEPS steps each timed on its own with {@link System#nanoTime},
 * and prints one {@link RunResult} line. Exit 0 with the line; 2 for bad arguments; 1 when the
 * engine fails (message on stderr).
 */
public final class BenchRunner {

    private BenchRunner() {
    }

    public static void main(String[] args) {
        if (args.length != 4) {
            System.err.println("usage: BenchRunner ENGINE SCENE WARMUP STEPS");
            System.exit(2);
        }
        int warmup, steps;
        try {
            warmup = Integer.parseInt(args[2]);
            steps = Integer.parseInt(args[3]);
        } catch (NumberFormatException e) {
            System.err.println("error: WARMUP and STEPS must be integers, got " + args[2] + " and " + args[3]);
            System.exit(2);
            return;
        }
        RunResult result;
        try {
            result = run(args[0], args[1], warmup, steps);
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
            return;
        } catch (RuntimeException | LinkageError e) {
            System.err.println("error: " + args[0] + " on " + args[1] + " failed: " + e);
            e.printStackTrace();
            System.exit(1);
            return;
        }
        System.out.println(result.toLine());
        System.out.flush();
        // Native libraries' non-daemon threads must not keep the JVM alive.
        System.exit(0);
    }

    /**
     * Measures one run in this JVM: drift is taken after the last timed step, before the contact
     * count (which may step once more, untimed).
     *
     * @throws IllegalArgumentException for an unknown engine or scene, or steps < 1, warmup < 0
     */
    public static RunResult run(String engineName, String sceneName, int warmup, int steps) {
        if (steps < 1 || warmup < 0) {
            throw new IllegalArgumentException("steps must be >= 1 and warmup >= 0, got " + steps + " and " + warmup);
        }
        try (Workload w = Workload.open(sceneName, engineName)) {
            PeerEngine engine = w.engine();
            double[] start = engine.positions();
            for (int i = 0; i < warmup; i++) {
                engine.step();
            }
            double[] ms = new double[steps];
            for (int i = 0; i < steps; i++) {
                long t0 = System.nanoTime();
                engine.step();
                ms[i] = (System.nanoTime() - t0) * 1e-6;
            }
            double[] end = engine.positions();
            double drift = BenchScene.drift(start, end);
            String check = w.check(start, end, drift);
            int bodies = engine.bodyCount();
            int contacts = engine.contactCount();
            return new RunResult(sceneName, engineName, bodies, Stats.median(ms), Stats.percentile(ms, 95),
                    Stats.max(ms), contacts, drift, check);
        }
    }
}
