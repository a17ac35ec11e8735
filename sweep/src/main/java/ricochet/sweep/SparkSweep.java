package ricochet.sweep;

import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.JavaFutureAction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import org.apache.spark.util.LongAccumulator;
import ricochet.io.scene.Scene;
import ricochet.world.World;

/**
 * Runs a sweep's variants on Spark: {@link #SLICES_PER_CORE} tasks per core, each a run of
 * consecutive variants (a task costs Spark a few milliseconds, about what a short variant does; eight
 * tasks a core still let a slow variant's neighbours move to other cores), the outcomes gathered on
 * the driver and sorted by variant. Nothing a task computes
 * depends on which worker runs it or what ran before it there, so every column but
 * {@code wall_ms} is the same for any number of workers.
 */
final class SparkSweep {

    /** Tasks per core of the master: enough to even out slow variants, few enough to cost nothing. */
    static final int SLICES_PER_CORE = 8;

    /** Seconds between progress lines when the output is not a terminal. */
    private static final long QUIET_PROGRESS_NANOS = 10_000_000_000L;

    /** What a sweep measured, with its timings. */
    record Result(List<Outcome> outcomes, double startSeconds, double runSeconds) {
    }

    private SparkSweep() {
    }

    /** The Spark session for {@code master}: no web UI, bound to the loopback when local. */
    static SparkSession session(String master) {
        SparkSession.Builder b = SparkSession.builder().appName("ricochet sweep").master(master)
                .config("spark.ui.enabled", "false")
                .config("spark.ui.showConsoleProgress", "false")
                // Parquet summaries and Hadoop's .crc files are of no use to a reader of the table.
                .config("spark.hadoop.parquet.summary.metadata.level", "NONE")
                .config("spark.sql.parquet.compression.codec", "snappy");
        if (master.startsWith("local")) {
            b.config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1");
        } else {
            // A cluster's executors need the engine's classes: the core, app and sweep jars.
            List<String> jars = new ArrayList<>();
            for (Class<?> c : List.of(World.class, Scene.class, SparkSweep.class)) {
                try {
                    Path p = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
                    if (Files.isRegularFile(p)) {
                        jars.add(p.toString());
                    }
                } catch (URISyntaxException | SecurityException e) {
                    // Left to the cluster's own class path.
                }
            }
            b.config("spark.jars", String.join(",", jars));
        }
        return b.getOrCreate();
    }

    /**
     * Runs every variant; with {@code trajectoriesDir} also writes each variant's trajectory there,
     * as Parquet partitioned by variant.
     *
     * @param progress where progress lines go (stderr), or null for none
     */
    static Result run(SparkSession spark, SweepJob job, List<Variant> variants, Path trajectoriesDir,
                      PrintWriter progress) throws InterruptedException {
        long t0 = System.nanoTime();
        JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Broadcast<SweepJob> shared = sc.broadcast(job);
        LongAccumulator done = sc.sc().longAccumulator("variants done");
        LongAccumulator failed = sc.sc().longAccumulator("variants failed");
        double startSeconds = (System.nanoTime() - t0) / 1e9;
        JavaRDD<Outcome> outcomes = sc.parallelize(variants, slices(variants.size(), sc.defaultParallelism()))
                .map(v -> {
                    Outcome o = shared.value().run(v);
                    done.add(1);
                    if (!o.ok()) {
                        failed.add(1);
                    }
                    return o;
                });
        if (trajectoriesDir != null) {
            outcomes = outcomes.persist(StorageLevel.MEMORY_AND_DISK());
        }
        JavaFutureAction<List<Outcome>> future = outcomes.map(SparkSweep::withoutTrajectory).collectAsync();
        List<Outcome> rows;
        try {
            rows = watch(future, done, failed, variants.size(), progress);
        } catch (java.util.concurrent.ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            throw new IllegalStateException("the Spark job failed: " + cause.getMessage(), cause);
        }
        if (trajectoriesDir != null) {
            StructType schema = trajectorySchema();
            Dataset<Row> frames = spark.createDataFrame(outcomes.flatMap(o -> trajectoryRows(o).iterator()), schema);
            frames.write().mode(SaveMode.Overwrite).partitionBy("variant").parquet(trajectoriesDir.toString());
            outcomes.unpersist();
        }
        List<Outcome> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparingInt(Outcome::variant));
        double runSeconds = (System.nanoTime() - t0) / 1e9 - startSeconds;
        return new Result(sorted, startSeconds, runSeconds);
    }

    /** How many tasks {@code variants} variants make on {@code cores} cores: at most one a variant. */
    static int slices(int variants, int cores) {
        return Math.max(1, Math.min(variants, Math.max(1, cores) * SLICES_PER_CORE));
    }

    private static Outcome withoutTrajectory(Outcome o) {
        return o.trajectory() == null ? o : new Outcome(o.variant(), o.metrics(), o.error(), o.hash(), o.wallMs(), null);
    }

    private static List<Outcome> watch(JavaFutureAction<List<Outcome>> future, LongAccumulator done,
                                       LongAccumulator failed, int total, PrintWriter progress)
            throws InterruptedException, java.util.concurrent.ExecutionException {
        boolean terminal = System.console() != null;
        long last = System.nanoTime();
        long shown = -1;
        while (!future.isDone()) {
            Thread.sleep(terminal ? 200 : 500);
            long d = done.value();
            if (progress != null && d != shown
                    && (terminal || System.nanoTime() - last > QUIET_PROGRESS_NANOS)) {
                progress.print(line(d, failed.value(), total) + (terminal ? "\r" : "\n"));
                progress.flush();
                shown = d;
                last = System.nanoTime();
            }
        }
        List<Outcome> rows = future.get();
        if (progress != null && (terminal || shown != rows.size())) {
            long bad = rows.stream().filter(o -> !o.ok()).count();
            progress.println(line(rows.size(), bad, total));
            progress.flush();
        }
        return rows;
    }

    /** The progress line: a bar, then the variants done, failed and left. */
    static String line(long done, long failed, int total) {
        int width = 30;
        int filled = total == 0 ? width : (int) (width * done / total);
        return String.format(Locale.ROOT, "sweep [%s%s] %d/%d done, %d failed, %d left",
                "#".repeat(filled), ".".repeat(width - filled), done, total, failed, total - done);
    }

    static StructType trajectorySchema() {
        List<StructField> fields = new ArrayList<>();
        fields.add(DataTypes.createStructField("variant", DataTypes.IntegerType, false));
        fields.add(DataTypes.createStructField("frame", DataTypes.LongType, false));
        fields.add(DataTypes.createStructField("time", DataTypes.DoubleType, false));
        fields.add(DataTypes.createStructField("body", DataTypes.StringType, false));
        for (String c : TRAJECTORY_VALUES) {
            fields.add(DataTypes.createStructField(c, DataTypes.DoubleType, false));
        }
        return DataTypes.createStructType(fields);
    }

    /** The trajectory columns after {@code body}: the trajectory CSV's, in its order. */
    static final List<String> TRAJECTORY_VALUES = List.of(
            "x", "y", "z", "qx", "qy", "qz", "qw", "vx", "vy", "vz", "wx", "wy", "wz");

    private static List<Row> trajectoryRows(Outcome o) {
        Outcome.Trajectory t = o.trajectory();
        List<Row> rows = new ArrayList<>();
        if (t == null) {
            return rows;
        }
        int n = t.bodies().length;
        for (int f = 0; f < t.frames().length; f++) {
            for (int b = 0; b < n; b++) {
                Object[] r = new Object[4 + 13];
                r[0] = o.variant();
                r[1] = t.frames()[f];
                r[2] = t.times()[f];
                r[3] = t.bodies()[b];
                for (int k = 0; k < 13; k++) {
                    r[4 + k] = t.states()[(f * n + b) * 13 + k];
                }
                rows.add(RowFactory.create(r));
            }
        }
        return rows;
    }
}
