package ricochet.bench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The line protocol between a child JVM and the bench, and how runs fold into a row. */
class RunResultTest {

    private static final RunResult SAMPLE =
            new RunResult("pile", "jolt", 1001, 2.64, 2.9, 7.5, 1000, 0.0461, "stands");

    @Test
    void lineReadsBackToTheSameResult() {
        RunResult r = new RunResult("pile", "physx", 1001, 0.1 + 0.2, 1.0 / 3, Math.PI, 998, 1e-7, "stands");
        assertEquals(r, RunResult.parse(r.toLine()));
    }

    @Test
    void parseNamesWhatIsWrong() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RunResult.parse("pile,jolt,1"))
                .getMessage().contains("prefix"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RunResult.parse("RESULT,pile,jolt,1"))
                .getMessage().contains("3 fields"));
        String bad = SAMPLE.toLine().replace(",1001,", ",many,");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RunResult.parse(bad))
                .getMessage().contains("bad number"));
    }

    @Test
    void commasCannotHideInAField() {
        assertThrows(IllegalArgumentException.class,
                () -> new RunResult("pile", "jolt", 1, 1, 1, 1, 1, 1, "stands,toppled"));
    }

    @Test
    void childOutputIsSearchedForItsResultLine() throws Exception {
        String stdout = "Libbulletjme version 23.1.0 initializing\n" + SAMPLE.toLine() + "\nbye\n";
        assertEquals(SAMPLE, ChildJvm.parseOutput("jolt", "pile", 0, stdout, ""));
    }

    @Test
    void aChildWithoutResultOrWithAnErrorFails() {
        ChildJvm.RunFailure none = assertThrows(ChildJvm.RunFailure.class,
                () -> ChildJvm.parseOutput("jolt", "pile", 0, "hello\n", "warning: x"));
        assertTrue(none.getMessage().contains("no result line") && none.getMessage().contains("warning: x"),
                none.getMessage());
        ChildJvm.RunFailure crashed = assertThrows(ChildJvm.RunFailure.class,
                () -> ChildJvm.parseOutput("physx", "pile", 134, SAMPLE.toLine(), "SIGSEGV"));
        assertTrue(crashed.getMessage().contains("exited with 134"), crashed.getMessage());
    }

    @Test
    void rowTakesTheMedianOfRuns() {
        List<RunResult> runs = List.of(
                new RunResult("pile", "jolt", 1001, 3.0, 4.0, 9.0, 1000, 0.05, "stands"),
                new RunResult("pile", "jolt", 1001, 2.0, 5.0, 7.0, 1002, 0.04, "stands"),
                new RunResult("pile", "jolt", 1001, 2.5, 4.5, 8.0, 1001, 0.06, "toppled"));
        BenchRow row = BenchRow.of(runs);
        assertEquals(2.5, row.medianMs());
        assertEquals(4.5, row.p95Ms());
        assertEquals(8.0, row.maxMs());
        assertEquals(1001, row.contacts());
        assertEquals(0.05, row.driftM());
        assertEquals("stands|toppled", row.check());
        assertEquals(3, row.runs());
    }

    @Test
    void csvKeepsTheSixCommonColumnsFirst() {
        String[] header = BenchRow.CSV_HEADER.split(",");
        assertEquals(List.of("scene", "engine", "bodies", "ms_per_step_median", "contacts", "check"),
                List.of(header).subList(0, 6));
        String[] row = BenchRow.of(List.of(SAMPLE)).csv().split(",");
        assertEquals(header.length, row.length);
        assertEquals("pile", row[0]);
        assertEquals("1000", row[4]);
        assertEquals("stands", row[5]);
    }

    @Test
    void percentileIsNearestRank() {
        double[] xs = new double[600];
        for (int i = 0; i < xs.length; i++) {
            xs[i] = xs.length - i;
        }
        assertEquals(570, Stats.percentile(xs, 95));
        assertEquals(600, Stats.percentile(xs, 100));
        assertEquals(300.5, Stats.median(xs));
        assertEquals(600, Stats.max(xs));
        assertThrows(IllegalArgumentException.class, () -> Stats.percentile(xs, 0));
    }
}
