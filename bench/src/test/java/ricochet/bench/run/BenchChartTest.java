package ricochet.bench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;

/** One bar per engine and scene, at the row's median; failed rows draw no bar. */
class BenchChartTest {

    private static BenchRow row(String scene, String engine, double ms) {
        return BenchRow.of(List.of(new RunResult(scene, engine, 2, ms, ms, ms, 1, 0, "ok")));
    }

    @Test
    void seriesAreEnginesAndBarsAreMedians() {
        List<BenchRow> rows = List.of(row("pile", "ricochet", 3), row("pile", "jolt", 2.5),
                row("pyramid", "ricochet", 0.7), row("pyramid", "jolt", 0.8), BenchRow.failed("pyramid", "physx"));
        CategoryChart chart = BenchChart.chart(rows, "t");
        assertEquals(List.of("ricochet", "jolt"), List.copyOf(chart.getSeriesMap().keySet()));
        CategorySeries jolt = chart.getSeriesMap().get("jolt");
        assertEquals(List.of("pile", "pyramid"), List.copyOf(jolt.getXData()));
        assertEquals(List.of(2.5, 0.8), List.copyOf(jolt.getYData()));
        // The log axis starts at the decade below the fastest bar (0.7 ms).
        assertEquals(0.1, chart.getStyler().getYAxisMin(), 1e-12);
    }

    @Test
    void writesPngAndRefusesOtherFormats(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("c.png");
        BenchChart.write(List.of(row("pile", "ricochet", 3)), "t", png);
        byte[] head = Files.readAllBytes(png);
        assertTrue(head.length > 8 && head[1] == 'P' && head[2] == 'N' && head[3] == 'G', "a PNG file");
        assertThrows(IllegalArgumentException.class,
                () -> BenchChart.write(List.of(row("pile", "ricochet", 3)), "t", dir.resolve("c.pdf")));
        assertFalse(Files.exists(dir.resolve("c.pdf")));
    }
}
