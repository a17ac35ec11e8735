package ricochet.sweep;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import ricochet.io.scene.InputFiles;
import ricochet.io.scene.Scene;
import ricochet.io.scene.SceneException;
import ricochet.io.scene.SceneProblem;
import ricochet.io.scene.SceneSource;
import ricochet.scenes.BuiltinScenes;
import ricochet.scenes.WorldBuilder;
import ricochet.world.Simulation;
import ricochet.world.WorldSimulation;

/**
 * {@code ./ricochet sweep SCENE --param PATH=SPEC [--param ...] [--samples N --seed S]
 * [--steps N | --seconds S] [--metrics m1,m2,...] --out DIR [--master URL]}: runs every variant of
 * a scene on Spark and writes {@code DIR/results.csv} and {@code DIR/results.parquet}. Every
 * variant is read and built before Spark starts: a bad path, spec or value stops the sweep with
 * one line and exit code 2, and nothing runs.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs variants of a scene on Apache Spark and writes one table of results.",
                "SPEC is a:b:n (n values from a to b), a list v1,v2,..., or a:b with --samples."})
final class SweepCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENE", description = "a scene file or a built-in scene's name")
    String scene;

    @Option(names = "--param", paramLabel = "PATH=SPEC", required = true,
            description = "a scene value to vary: settings.KEY, bodies.NAME.KEY[.i], joints.I.KEY[.i] (repeatable)")
    List<String> params = new ArrayList<>();

    @Option(names = "--samples", paramLabel = "N",
            description = "draw N variants at random (uniform in each a:b, or one of a list's values)")
    Integer samples;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0", description = "the draw's seed (default 0)")
    long seed;

    static final class Length {
        @Option(names = "--steps", paramLabel = "N", description = "steps per variant")
        Long steps;

        @Option(names = "--seconds", paramLabel = "S",
                description = "simulated seconds per variant (whole steps of its dt, rounded up; default 10)")
        Double seconds;
    }

    @ArgGroup(exclusive = true)
    Length length = new Length();

    @Option(names = "--metrics", paramLabel = "m1,m2", defaultValue = Metric.DEFAULTS,
            description = "final.BODY.x|y|z, maxSpeed.BODY, restTime, maxPenetration, energy (default "
                    + Metric.DEFAULTS + ")")
    String metrics;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "the folder for the results")
    Path out;

    @Option(names = "--master", paramLabel = "URL", defaultValue = "local[*]",
            description = "Spark master: local[*] (default, every core here), local[N], or a cluster's URL")
    String master;

    @Option(names = "--trajectories", description = "also write each variant's trajectory to"
            + " DIR/trajectories (Parquet, partitioned by variant)")
    boolean trajectories;

    @Option(names = "--every", paramLabel = "K", defaultValue = "1",
            description = "with --trajectories, write every K-th step (default 1)")
    int every;

    @Option(names = "--plot", paramLabel = "FILE.svg", description = "draw one metric against one parameter")
    Path plot;

    @Option(names = "--plot-x", paramLabel = "PATH", description = "the plot's parameter (default the first)")
    String plotX;

    @Option(names = "--plot-y", paramLabel = "METRIC", description = "the plot's metric (default the first)")
    String plotY;

    @Option(names = "--allow-paths", paramLabel = "DIR",
            description = "also read a scene's OBJ files from under DIR (repeatable)")
    List<Path> allowPaths = new ArrayList<>();

    @Option(names = "--quiet", description = "no progress line")
    boolean quiet;

    /** The plan of a sweep, checked: everything but the Spark run. */
    record Plan(SweepJob job, List<String> paths, List<Metric> metrics, List<Variant> variants, long steps) {
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        Plan plan;
        try {
            plan = plan();
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return SweepMain.BAD_INPUT;
        } catch (NoSuchFileException e) {
            err.println("error: file not found: " + e.getFile());
            return SweepMain.BAD_INPUT;
        } catch (InputFiles.Refused e) {
            err.println("error: " + e.getMessage());
            return SweepMain.BAD_INPUT;
        }
        Files.createDirectories(out);
        long t0 = System.nanoTime();
        SparkSession spark = SparkSweep.session(master);
        double sessionSeconds = (System.nanoTime() - t0) / 1e9;
        SparkSweep.Result result;
        try {
            result = SparkSweep.run(spark, plan.job(), plan.variants(),
                    trajectories ? out.resolve("trajectories") : null, quiet ? null : err);
            ResultTable table = new ResultTable(plan.paths(), plan.metrics(), plan.variants(), result.outcomes());
            table.writeCsv(out.resolve("results.csv"));
            table.writeParquet(spark, out.resolve("results.parquet"));
        } finally {
            spark.stop();
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        PrintWriter o = spec.commandLine().getOut();
        Summary.print(o, scene, master, plan, result, sessionSeconds + result.startSeconds(), wall, out,
                trajectories);
        if (plot != null) {
            SvgPlot.write(plot, plan, result.outcomes(), plotX, plotY);
            o.println("plot             " + plot);
        }
        o.flush();
        return 0;
    }

    /** Reads the scene and checks every option and every variant; throws IllegalArgumentException. */
    Plan plan() throws IOException {
        if (every < 1) {
            throw new IllegalArgumentException("--every must be >= 1, got " + every);
        }
        if (samples == null && spec.commandLine().getParseResult().hasMatchedOption("--seed")) {
            throw new IllegalArgumentException("--seed needs --samples N");
        }
        long steps = -1;
        double seconds = 10;
        if (length.steps != null) {
            if (length.steps < 0) {
                throw new IllegalArgumentException("--steps must be >= 0, got " + length.steps);
            }
            steps = length.steps;
        } else if (length.seconds != null) {
            seconds = length.seconds;
            if (!(seconds >= 0) || !Double.isFinite(seconds)) {
                throw new IllegalArgumentException("--seconds must be a finite number >= 0, got " + seconds);
            }
        }
        for (Path dir : allowPaths) {
            if (!Files.isDirectory(dir)) {
                throw new IllegalArgumentException("--allow-paths " + dir + ": not a folder");
            }
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new IllegalArgumentException("--out " + out + ": not a folder");
        }
        SceneSource source;
        try {
            source = BuiltinScenes.loadSource(scene, allowPaths);
        } catch (SceneException e) {
            throw new IllegalArgumentException(oneLine(e));
        }
        List<ParamSpec> specs = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        JsonNode root;
        try {
            root = SceneEdit.MAPPER.readTree(source.json().startsWith("\uFEFF") ? source.json().substring(1)
                    : source.json());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(scene + ": " + e.getOriginalMessage());
        }
        for (String p : params) {
            ParamSpec ps = ParamSpec.parse(p);
            if (!seen.add(ps.path())) {
                throw new IllegalArgumentException("--param " + ps.path() + " is given twice");
            }
            SceneEdit.resolve(root, ps.path());
            specs.add(ps);
        }
        List<double[]> values = new ArrayList<>();
        List<String[]> literals = new ArrayList<>();
        if (samples != null) {
            VariantPlan.sample(specs, samples, seed, values, literals);
        } else {
            VariantPlan.grid(specs, values, literals);
        }
        List<Variant> variants = new ArrayList<>(values.size());
        for (int v = 0; v < values.size(); v++) {
            variants.add(new Variant(v, values.get(v), literals.get(v)));
        }
        List<String> paths = specs.stream().map(ParamSpec::path).toList();
        Set<String> bodies = new LinkedHashSet<>();
        Simulation base = build(source.scene(), scene);
        try {
            for (int b = 0; b < base.bodyCount(); b++) {
                bodies.add(base.bodyName(b));
            }
        } finally {
            close(base);
        }
        List<Metric> metricList = Metric.parseList(metrics, bodies);
        SweepJob job = new SweepJob(scene, source.json(), source.objFiles(), paths, metricList, steps, seconds,
                trajectories ? every : 0);
        for (Variant v : variants) {
            check(job, v, paths);
        }
        return new Plan(job, paths, metricList, variants, steps);
    }

    /** Reads and builds one variant as {@code run} would; throws IllegalArgumentException naming it. */
    private static void check(SweepJob job, Variant v, List<String> paths) {
        String who = "variant " + v.index() + " (" + describe(paths, v) + "): ";
        Scene s;
        try {
            s = job.scene(v);
        } catch (SceneException e) {
            SceneProblem first = e.problems().get(0);
            throw new IllegalArgumentException(who + first + (e.problems().size() > 1
                    ? " (and " + (e.problems().size() - 1) + " more)" : ""));
        }
        try {
            close(WorldBuilder.simulation(s));
        } catch (WorldBuilder.BuildException e) {
            throw new IllegalArgumentException(who + e.path() + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(who + e.getMessage());
        }
    }

    static String describe(List<String> paths, Variant v) {
        StringBuilder b = new StringBuilder();
        for (int j = 0; j < paths.size(); j++) {
            b.append(j == 0 ? "" : ", ").append(paths.get(j)).append('=')
                    .append(v.literals()[j] != null ? v.literals()[j] : Double.toString(v.values()[j]));
        }
        return b.toString();
    }

    private static Simulation build(Scene s, String name) {
        try {
            return WorldBuilder.simulation(s);
        } catch (WorldBuilder.BuildException e) {
            throw new IllegalArgumentException(name + ": " + e.path() + ": " + e.getMessage());
        }
    }

    private static void close(Simulation sim) {
        if (sim instanceof WorldSimulation w) {
            w.world().close();
        }
    }

    private static String oneLine(SceneException e) {
        SceneProblem first = e.problems().get(0);
        return e.source() + ": " + first + (e.problems().size() > 1 ? " (and " + (e.problems().size() - 1)
                + " more; ./ricochet validate lists them)" : "");
    }
}
