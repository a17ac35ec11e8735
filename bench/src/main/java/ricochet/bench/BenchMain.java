package ricochet.bench;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import ricochet.bench.engines.Engines;
import ricochet.bench.run.BenchChart;
import ricochet.bench.run.BenchRow;
import ricochet.bench.run.ChildJvm;
import ricochet.bench.run.RunResult;
import ricochet.bench.run.Workload;
import ricochet.bench.scene.BenchScenes;
import ricochet.cli.ParameterErrors;
import ricochet.io.output.AtomicOutput;

/**
 * {@code ./ricochet bench}: each (engine, scene, run) in a fresh JVM ({@link ChildJvm}), runs
 * interleaved so a change in the machine's load spreads over every engine; prints the table and the
 * {@code scene,engine,bodies,ms_per_step_median,contacts,check,...} rows, and
 * writes the CSV and the chart on request. {@code ./ricochet bench --jmh [JMH options]} runs the JMH
 * benchmarks instead. Exit 0 when every run gave a result, 1 when one failed, 2 for bad arguments.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Times the benchmark scenes in Ricochet and its peer engines; --jmh runs the JMH"
                + " micro-benchmarks.")
public final class BenchMain implements Callable<Integer> {

    @Option(names = "--scenes", split = ",", paramLabel = "a,b",
            description = "benchmark scenes (default: pile,pyramid,spheres,terrain,ragdolls; also characters,"
                    + " vehicles, drop, swing), or Ricochet's"
                    + " built-in scene files (builtin:NAME, or NAME where no benchmark scene has it)")
    List<String> scenes = new ArrayList<>(BenchScenes.DEFAULT);

    @Option(names = "--engines", split = ",", paramLabel = "e,f",
            description = "engines (default: all of ricochet,physx,jolt,bullet,ode4j,jbullet; scene files: ricochet);"
                    + " ricochet@N: Ricochet on N threads")
    List<String> engines;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "120", description = "untimed steps first")
    int warmup;

    @Option(names = "--steps", paramLabel = "N", defaultValue = "600", description = "timed steps")
    int steps;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "3",
            description = "fresh JVMs per engine and scene; the table shows the median of runs")
    int runs;

    @Option(names = "--out", paramLabel = "FILE.csv", description = "also write the rows to a CSV file")
    Path out;

    @Option(names = "--plot", paramLabel = "FILE.svg|.png", description = "draw ms per step per engine and scene")
    Path plot;

    @Option(names = "--jmh", description = "run the JMH benchmarks; the other arguments go to JMH")
    boolean jmh;

    @CommandLine.Unmatched
    List<String> jmhArgs = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The CSV header (six common columns, then the benchmark's extras). */
    static final String HEADER = BenchRow.CSV_HEADER;

    @Override
    public Integer call() throws Exception {
        if (jmh) {
            org.openjdk.jmh.Main.main(jmhArgs.toArray(new String[0]));
            return 0;
        }
        PrintWriter err = spec.commandLine().getErr();
        String problem = problem();
        if (problem != null) {
            err.println("error: " + problem);
            err.flush();
            return 2;
        }
        // Each (scene, engine) in the order asked, each with its runs.
        Map<String, List<RunResult>> results = new LinkedHashMap<>();
        Map<String, String[]> jobs = new LinkedHashMap<>();
        for (String scene : scenes) {
            for (String engine : enginesFor(scene)) {
                String why = Workload.cannotRun(scene, engine);
                if (why != null) {
                    err.println("bench: skipped: " + why);
                    continue;
                }
                String key = scene + "/" + engine;
                jobs.put(key, new String[] {scene, engine});
                results.put(key, new ArrayList<>());
            }
        }
        if (jobs.isEmpty()) {
            err.println("error: none of the engines asked for can run the scenes asked for");
            err.flush();
            return 2;
        }
        boolean failed = false;
        for (int run = 1; run <= runs; run++) {
            for (Map.Entry<String, String[]> job : jobs.entrySet()) {
                String scene = job.getValue()[0], engine = job.getValue()[1];
                try {
                    RunResult r = ChildJvm.run(engine, scene, warmup, steps);
                    results.get(job.getKey()).add(r);
                    err.printf(Locale.ROOT, "bench: run %d/%d %-8s %-11s %9.3f ms/step  drift %.4f m  %s%n",
                            run, runs,
                            scene, engine, r.medianMs(), r.driftM(), r.check());
                } catch (ChildJvm.RunFailure e) {
                    failed = true;
                    err.println("bench: run " + run + "/" + runs + " failed: " + e.getMessage());
                }
                err.flush();
            }
        }
        List<BenchRow> rows = new ArrayList<>();
        for (Map.Entry<String, List<RunResult>> e : results.entrySet()) {
            String[] job = jobs.get(e.getKey());
            rows.add(e.getValue().isEmpty() ? BenchRow.failed(job[0], job[1]) : BenchRow.of(e.getValue()));
        }
        PrintWriter o = spec.commandLine().getOut();
        for (String line : BenchRow.table(rows)) {
            o.println(line);
        }
        o.println();
        o.println(HEADER);
        for (BenchRow r : rows) {
            o.println(r.csv());
        }
        o.flush();
        if (out != null) {
            try (AtomicOutput file = new AtomicOutput(out)) {
                file.writer().write(HEADER + "\n");
                for (BenchRow r : rows) {
                    file.writer().write(r.csv() + "\n");
                }
                file.commit();
            }
        }
        if (plot != null) {
            BenchChart.write(rows, String.format(Locale.ROOT,
                    "Median ms per step (%d warm-up + %d timed steps of 1/60 s, median of %d runs)", warmup, steps,
                    runs), plot);
        }
        return failed ? 1 : 0;
    }

    /** The first thing wrong with the arguments, or null. */
    private String problem() {
        if (!jmhArgs.isEmpty()) {
            return "unknown arguments " + jmhArgs;
        }
        if (steps < 1) {
            return "--steps must be >= 1, got " + steps;
        }
        if (warmup < 0) {
            return "--warmup must be >= 0, got " + warmup;
        }
        if (runs < 1) {
            return "--runs must be >= 1, got " + runs;
        }
        if (scenes.isEmpty()) {
            return "--scenes is empty";
        }
        for (String scene : scenes) {
            if (!Workload.exists(scene)) {
                return "unknown scene '" + scene + "' (benchmark scenes: " + String.join(",", BenchScenes.NAMES)
                        + "; Ricochet's scene files as builtin:NAME)";
            }
        }
        if (engines != null) {
            if (engines.isEmpty()) {
                return "--engines is empty";
            }
            for (String engine : engines) {
                if (!Engines.exists(engine)) {
                    return "unknown engine '" + engine + "' (engines: " + String.join(",", Engines.NAMES) + ")";
                }
            }
            for (String scene : scenes) {
                if (!Workload.isBenchScene(scene)) {
                    for (String engine : engines) {
                        if (!Engines.isRicochet(engine)) {
                            return "scene '" + scene + "' is a Ricochet scene file: engine '" + engine
                                    + "' cannot run it (only ricochet)";
                        }
                    }
                }
            }
        }
        if (plot != null && !BenchChart.supports(plot)) {
            return "--plot " + plot + ": the chart is written as .svg or .png";
        }
        for (Path file : new Path[] {out, plot}) {
            if (file != null) {
                Path dir = file.toAbsolutePath().getParent();
                if (dir != null && !Files.isDirectory(dir)) {
                    return "no directory " + dir + " for " + file;
                }
            }
        }
        return null;
    }

    private List<String> enginesFor(String scene) {
        if (engines != null) {
            return engines;
        }
        return Workload.isBenchScene(scene) ? Engines.NAMES : List.of("ricochet");
    }

    public static void main(String[] args) {
        System.exit(ParameterErrors.install(new CommandLine(new BenchMain())).execute(args));
    }
}
