package ricochet.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import ricochet.cli.Main;
import ricochet.io.scene.SceneSource;
import ricochet.scenes.BuiltinScenes;

/**
 * Sweeps of the bunny scene run in-process on Spark: the same table for any number of workers,
 * each row's hash the one {@code ./ricochet run --hash} gives for that variant written out, a
 * failing variant kept as a row, and the Parquet read back by Spark and by Parquet's own reader.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SweepTest {

    /** 20 restitutions x 10 frictions = 200 variants; 100 steps keep the test short. */
    private static final String[] GRID = {"bunny",
        "--param", "bodies.bunny.restitution=0:0.95:20",
        "--param", "bodies.bunny.friction=0.05,0.1,0.15,0.2,0.25,0.3,0.35,0.4,0.45,0.5",
        "--steps", "100",
        "--metrics", "final.bunny.x,final.bunny.y,maxSpeed.bunny,restTime,maxPenetration,energy"};

    private Path tmp;

    private SweepRun one;
    private SweepRun two;
    private SweepRun all;

    @BeforeAll
    void sweepOnOneTwoAndAllCores(@TempDir Path dir) {
        tmp = dir;
        one = SweepRun.of(tmp.resolve("one"), with(GRID, "--master", "local[1]"));
        two = SweepRun.of(tmp.resolve("two"), with(GRID, "--master", "local[2]"));
        all = SweepRun.of(tmp.resolve("all"), GRID);
    }

    @AfterAll
    void stopSpark() {
        SparkSession.getActiveSession().foreach(s -> {
            s.stop();
            return null;
        });
    }

    private static String[] with(String[] args, String... more) {
        return Stream.concat(Stream.of(args), Stream.of(more)).toArray(String[]::new);
    }

    @Test
    void tableIsTheSameForOneTwoAndAllCores() throws Exception {
        for (SweepRun r : List.of(one, two, all)) {
            assertEquals(0, r.code(), r.err());
        }
        List<String> expected = one.withoutWallTime();
        assertEquals(201, expected.size(), "a header and 200 variants");
        assertEquals("variant|bodies.bunny.restitution|bodies.bunny.friction|final.bunny.x|final.bunny.y|"
                + "maxSpeed.bunny|restTime|maxPenetration|energy|status|error|hash", expected.get(0));
        assertEquals(expected, two.withoutWallTime());
        assertEquals(expected, all.withoutWallTime());
        List<String[]> rows = one.csv();
        for (int v = 1; v <= 200; v++) {
            assertEquals(String.valueOf(v - 1), rows.get(v)[0], "rows sorted by variant");
            assertEquals("ok", rows.get(v)[9]);
        }
        // The grid's first parameter varies slowest: variant 10 * i + j has restitution i, friction j.
        assertEquals(0.95 * 7 / 19, Double.parseDouble(rows.get(1 + 73)[1]), 1e-15);
        assertEquals("0.2", rows.get(1 + 73)[2]);
    }

    @Test
    void hashesEqualRunHashOfEachVariantWrittenOut() throws Exception {
        SceneSource bunny = BuiltinScenes.loadSource("bunny");
        SweepJob job = new SweepJob("bunny", bunny.json(), bunny.objFiles(),
                List.of("bodies.bunny.restitution", "bodies.bunny.friction"), List.of(), 100, 0, 0);
        Path dir = tmp.resolve("scenes");
        BuiltinScenes.export("bunny", dir);
        List<String[]> rows = one.csv();
        for (int v : new int[] {0, 73, 137, 199}) {
            String[] row = rows.get(1 + v);
            Variant variant = new Variant(v, new double[] {Double.parseDouble(row[1]), Double.parseDouble(row[2])},
                    new String[2]);
            Path scene = dir.resolve("variant-" + v + ".json");
            Files.writeString(scene, job.variantJson(variant));
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int code = Main.execute(new String[] {"run", scene.toString(), "--steps", "100", "--hash"},
                    new PrintWriter(out), new PrintWriter(err));
            assertEquals(0, code, err.toString());
            assertEquals("state hash       " + row[11], out.toString().strip(), "variant " + v);
        }
        // Different restitutions give different runs: the hash sees the parameter.
        assertFalse(rows.get(1)[11].equals(rows.get(1 + 190)[11]));
    }

    @Test
    void parquetReadsBackWithSparkAndWithParquetsOwnReader() throws Exception {
        List<String[]> csv = one.csv();
        Path parquet = one.dir().resolve("results.parquet");
        SparkSession spark = SweepTestSpark.session();
        try {
            readBack(spark, csv, parquet);
        } finally {
            spark.stop();
        }
    }

    private static void readBack(SparkSession spark, List<String[]> csv, Path parquet) throws Exception {
        Dataset<Row> table = spark.read().parquet(parquet.toString()).orderBy("variant");
        assertArrayEquals(csv.get(0), table.columns(), "same columns, same order");
        List<Row> rows = table.collectAsList();
        assertEquals(200, rows.size());
        for (int v = 0; v < 200; v++) {
            Row r = rows.get(v);
            String[] c = csv.get(1 + v);
            assertEquals(v, r.getInt(0));
            assertEquals(Double.parseDouble(c[1]), r.getDouble(1));
            assertEquals(Double.parseDouble(c[4]), r.getDouble(4), "final.bunny.y reads back exactly");
            assertEquals(c[11], r.getString(11));
        }
        Path part;
        try (Stream<Path> files = Files.list(parquet)) {
            List<Path> parts = files.filter(p -> p.getFileName().toString().endsWith(".parquet")).toList();
            assertEquals(1, parts.size(), "one part file");
            part = parts.get(0);
        }
        List<Group> groups = new ArrayList<>();
        try (ParquetReader<Group> reader = ParquetReader.builder(new GroupReadSupport(),
                new org.apache.hadoop.fs.Path(part.toUri())).withConf(new Configuration()).build()) {
            for (Group g = reader.read(); g != null; g = reader.read()) {
                groups.add(g);
            }
        }
        assertEquals(200, groups.size());
        for (int v = 0; v < 200; v++) {
            String[] c = csv.get(1 + v);
            Group g = groups.get(v);
            assertEquals(v, g.getInteger("variant", 0));
            assertEquals(Double.parseDouble(c[5]), g.getDouble("maxSpeed.bunny", 0));
            assertEquals(c[11], g.getString("hash", 0));
            assertEquals("ok", g.getString("status", 0));
        }
    }

    @Test
    void variantsAreCutIntoEightTasksPerCoreAndNeverMoreTasksThanVariants() {
        assertEquals(16, SparkSweep.slices(2000, 2));
        assertEquals(128, SparkSweep.slices(2000, 16));
        assertEquals(3, SparkSweep.slices(3, 2));
        assertEquals(1, SparkSweep.slices(0, 2));
    }

    @Test
    void poisonedVariantIsAFailedRowAndTheOthersFinish() throws Exception {
        // Gravity of 1e14 m/s^2 passes the scene's checks, but its first step leaves the bunny faster
        // than the engine's speed limit, which fails the step.
        SweepRun r = SweepRun.of(tmp.resolve("poison"), "bunny", "--param", "settings.gravity.1=-9.8,-1e14,-4.9",
                "--steps", "20", "--metrics", "final.bunny.y,energy", "--master", "local[2]");
        assertEquals(0, r.code(), r.err());
        List<String[]> rows = r.csv();
        assertEquals(4, rows.size());
        assertEquals("ok", rows.get(1)[4]);
        assertEquals("failed", rows.get(2)[4]);
        assertTrue(rows.get(2)[5].length() > 10, "the failure says why: " + rows.get(2)[5]);
        assertEquals("", rows.get(2)[2], "no metric for a failed run");
        assertEquals("", rows.get(2)[6], "no hash for a failed run");
        assertEquals("ok", rows.get(3)[4]);
        // Falling from rest for 20 steps, the bunny is lower under stronger gravity.
        assertTrue(Double.parseDouble(rows.get(1)[2]) < Double.parseDouble(rows.get(3)[2]));
        assertTrue(r.out().contains("3 (2 ok, 1 failed)"), r.out());
    }

    @Test
    void trajectoriesArePartitionedByVariantAndEndWhereTheTableSays() throws Exception {
        SweepRun r = SweepRun.of(tmp.resolve("traj"), "bunny", "--param", "bodies.bunny.velocity.0=1:5:3",
                "--steps", "12", "--every", "4", "--metrics", "final.bunny.x,final.bunny.y", "--trajectories",
                "--master", "local[2]");
        assertEquals(0, r.code(), r.err());
        Path dir = r.dir().resolve("trajectories");
        for (int v = 0; v < 3; v++) {
            assertTrue(Files.isDirectory(dir.resolve("variant=" + v)), "variant=" + v);
        }
        SparkSession spark = SweepTestSpark.session();
        try {
            checkTrajectories(spark, dir, r.csv());
        } finally {
            spark.stop();
        }
    }

    private static void checkTrajectories(SparkSession spark, Path dir, List<String[]> table) {
        Dataset<Row> frames = spark.read().parquet(dir.toString());
        // Frames 0, 4, 8, 12 of the 3 bodies (floor, wall, bunny) for each of 3 variants.
        assertEquals(3 * 4 * 3, frames.count());
        for (int v = 0; v < 3; v++) {
            Row last = frames.where("variant = " + v + " and body = 'bunny' and frame = 12").first();
            assertEquals(Double.parseDouble(table.get(1 + v)[2]), last.getDouble(last.fieldIndex("x")));
            assertEquals(Double.parseDouble(table.get(1 + v)[3]), last.getDouble(last.fieldIndex("y")));
            Row first = frames.where("variant = " + v + " and body = 'bunny' and frame = 0").first();
            assertEquals(1 + 2 * v, first.getDouble(first.fieldIndex("vx")), "the swept initial velocity");
        }
    }

    @Test
    void badPathSpecOrValueExitsTwoBeforeAnyRun() {
        Map<String[], String> cases = Map.of(
                new String[] {"--param", "bodies.nobody.mass=1:2:3"}, "no body",
                new String[] {"--param", "bodies.bunny.restitution=0.5,1.5"}, "$.bodies[2].restitution",
                new String[] {"--param", "settings.dt=0:0.01:2"}, "$.settings.dt",
                new String[] {"--param", "bodies.bunny.friction=0:1"}, "--samples",
                new String[] {"--param", "bodies.bunny.friction=a,b"}, "not a number",
                new String[] {"--param", "bodies.bunny.shape.obj=1,2"}, "not a number",
                new String[] {"--param", "settings.dt=0.01", "--metrics", "final.ghost.y"}, "no body 'ghost'");
        for (Map.Entry<String[], String> c : cases.entrySet()) {
            Path dir = tmp.resolve("bad-" + Math.abs(c.getValue().hashCode()));
            SweepRun r = SweepRun.of(dir, with(with(new String[] {"bunny", "--steps", "1"}, c.getKey())));
            assertEquals(2, r.code(), String.join(" ", c.getKey()) + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
            assertTrue(r.err().contains(c.getValue()), r.err());
            assertFalse(Files.exists(dir), "nothing written, nothing run");
        }
    }

    @Test
    void aJvmWithoutSparksOptionsGetsOneLineAndExitTwo() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                SweepMain.class.getName(), "bunny", "--param", "settings.dt=0.01", "--out", tmp.resolve("x").toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes());
        assertEquals(2, p.waitFor(), err);
        assertEquals(1, err.strip().lines().count(), err);
        assertTrue(err.contains("--add-opens=java.base/"), err);
    }
}
