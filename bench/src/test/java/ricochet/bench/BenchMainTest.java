package ricochet.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code ./ricochet bench}'s arguments and output files. */
class BenchMainTest {

    private record Outcome(int code, String out, String err) {
    }

    private static Outcome bench(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        CommandLine cl = new CommandLine(new BenchMain());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new Outcome(code, out.toString(), err.toString());
    }

    private static void rejected(String named, String... args) {
        Outcome o = bench(args);
        assertEquals(2, o.code, String.join(" ", args) + ": " + o.err);
        assertTrue(o.err.contains(named), "message should name " + named + ": " + o.err);
        assertEquals("", o.out, "nothing printed on stdout");
    }

    @Test
    void badArgumentsExitTwoNamingTheProblem(@TempDir Path dir) {
        rejected("'piles'", "--scenes", "piles");
        rejected("'havok'", "--engines", "ricochet,havok");
        rejected("'bunny'", "--scenes", "bunny", "--engines", "jolt");
        rejected("--steps", "--steps", "0");
        rejected("--warmup", "--warmup", "-1");
        rejected("--runs", "--runs", "0");
        rejected("chart.gif", "--plot", dir.resolve("chart.gif").toString());
        rejected("no-such-dir", "--out", dir.resolve("no-such-dir/x.csv").toString());
        rejected("--steps", "--steps", "many");
        rejected("--frobnicate", "--frobnicate");
    }

    @Test
    void writesTableCsvAndChart(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("bench.csv"), svg = dir.resolve("bench.svg");
        Outcome o = bench("--scenes", "drop", "--engines", "ricochet,jbullet", "--runs", "1", "--warmup", "0",
                "--steps", "20", "--out", csv.toString(), "--plot", svg.toString());
        assertEquals(0, o.code, o.err);
        List<String> lines = Files.readAllLines(csv);
        assertEquals(3, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("scene,engine,bodies,ms_per_step_median,contacts,check,"));
        assertTrue(lines.get(1).startsWith("drop,ricochet,4,"), lines.get(1));
        assertTrue(lines.get(2).startsWith("drop,jbullet,4,"), lines.get(2));
        assertTrue(o.out.contains("median ms") && o.out.contains(lines.get(1)), o.out);
        String chart = Files.readString(svg);
        // VectorGraphics2D draws text as outlines, so the legend cannot be searched for: BenchChartTest
        // checks the chart's series.
        assertTrue(chart.contains("<svg") && chart.contains("<path"), "an SVG drawing");
        try (var files = Files.list(dir)) {
            assertFalse(files.anyMatch(p -> p.getFileName().toString().endsWith(".tmp")), "no temporary files left");
        }
    }
}
