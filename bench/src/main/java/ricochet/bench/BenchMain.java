package ricochet.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import ricochet.io.scene.SceneException;
import ricochet.io.trajectory.AtomicOutput;
import ricochet.scenes.BuiltinScenes;
import ricochet.scenes.WorldBuilder;
import ricochet.world.Simulation;

/**
 * {@code ./ricochet bench}: times the benchmark scenes and prints
 * {@code scene,engine,bodies,ms_per_step_median,contacts,check} rows (contract section 1);
 * {@code ./ricochet bench --jmh [JMH options]} runs the JMH benchmarks instead.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Times the benchmark scenes; --jmh runs the JMH micro-benchmarks.")
public final class BenchMain implements Callable<Integer> {

    @Option(names = "--scenes", split = ",", paramLabel = "a,b", description = "scenes (default: all built-in)")
    List<String> scenes = new ArrayList<>(BuiltinScenes.NAMES);

    @Option(names = "--engines", split = ",", paramLabel = "e,f", description = "engines (this build: ricochet)")
    List<String> engines = List.of("ricochet");

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "120", description = "untimed steps first")
    int warmup;

    @Option(names = "--steps", paramLabel = "N", defaultValue = "600", description = "timed steps")
    int steps;

    @Option(names = "--out", paramLabel = "FILE.csv", description = "also write the rows to a CSV file")
    Path out;

    @Option(names = "--jmh", description = "run the JMH benchmarks; the other arguments go to JMH")
    boolean jmh;

    @CommandLine.Unmatched
    List<String> jmhArgs = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    static final String HEADER = "scene,engine,bodies,ms_per_step_median,contacts,check";

    @Override
    public Integer call() throws Exception {
        if (jmh) {
            org.openjdk.jmh.Main.main(jmhArgs.toArray(new String[0]));
            return 0;
        }
        PrintWriter err = spec.commandLine().getErr();
        if (!jmhArgs.isEmpty()) {
            err.println("error: unknown arguments " + jmhArgs);
            return 2;
        }
        for (String engine : engines) {
            if (!engine.equals("ricochet")) {
                err.println("error: engine '" + engine + "' is not in this build (available: ricochet)");
                return 2;
            }
        }
        if (steps < 1 || warmup < 0) {
            err.println("error: --steps must be >= 1 and --warmup >= 0");
            return 2;
        }
        List<String> rows = new ArrayList<>();
        PrintWriter o = spec.commandLine().getOut();
        o.println(HEADER);
        for (String scene : scenes) {
            String row = timeScene(scene);
            rows.add(row);
            o.println(row);
            o.flush();
        }
        if (out != null) {
            try (AtomicOutput file = new AtomicOutput(out)) {
                file.writer().write(HEADER + "\n");
                for (String row : rows) {
                    file.writer().write(row + "\n");
                }
                file.commit();
            }
        }
        return 0;
    }

    /**
     * One scene: warm-up steps, then each timed step on its own; the median ms per step. The check
     * column is the scene's kinetic energy at the end (J): near 0 once a scene has come to rest.
     */
    private String timeScene(String scene) throws IOException, SceneException {
        Simulation world = WorldBuilder.simulation(BuiltinScenes.read(scene));
        for (int i = 0; i < warmup; i++) {
            world.step();
        }
        double[] ms = new double[steps];
        for (int i = 0; i < steps; i++) {
            long t0 = System.nanoTime();
            world.step();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        double median = steps % 2 == 1 ? ms[steps / 2] : 0.5 * (ms[steps / 2 - 1] + ms[steps / 2]);
        return String.format(Locale.ROOT, "%s,ricochet,%d,%.4f,%d,ke=%.4gJ", scene, world.bodyCount(), median,
                world.contactCount(), world.kineticEnergy());
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new BenchMain()).execute(args));
    }
}
