package ricochet.bench.run;

import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.style.Styler;

/**
 * The bench's chart, drawn by XChart: median ms per step, one group of bars per scene, one bar per
 * engine, on a logarithmic axis (the engines span two decades). Written beside the target and moved
 * onto it, so a failed write leaves no half file.
 */
public final class BenchChart {

    private BenchChart() {
    }

    /** Whether {@code file} ends in an extension the chart can be written as. */
    public static boolean supports(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".svg") || name.endsWith(".png");
    }

    public static CategoryChart chart(List<BenchRow> rows, String title) {
        Set<String> scenes = new LinkedHashSet<>();
        Set<String> engines = new LinkedHashSet<>();
        double smallest = Double.POSITIVE_INFINITY;
        for (BenchRow r : rows) {
            if (!Double.isNaN(r.medianMs())) {
                scenes.add(r.scene());
                engines.add(r.engine());
                smallest = Math.min(smallest, r.medianMs());
            }
        }
        CategoryChart chart = new CategoryChartBuilder().width(1000).height(560).title(title)
                .xAxisTitle("scene").yAxisTitle("median ms per step (log scale)").build();
        chart.getStyler().setYAxisLogarithmic(true);
        // XChart's bars start at the axis minimum, which must be > 0 on a log axis: the decade below
        // the fastest bar.
        if (smallest > 0 && Double.isFinite(smallest)) {
            chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(smallest))));
        }
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotGridVerticalLinesVisible(false);
        chart.getStyler().setYAxisDecimalPattern("#0.##");
        List<String> xs = new ArrayList<>(scenes);
        for (String engine : engines) {
            List<Double> ys = new ArrayList<>();
            for (String scene : xs) {
                ys.add(lookup(rows, scene, engine));
            }
            chart.addSeries(engine, xs, ys);
        }
        return chart;
    }

    /** A missing or failed row is drawn as no bar (XChart skips null). */
    private static Double lookup(List<BenchRow> rows, String scene, String engine) {
        for (BenchRow r : rows) {
            if (r.scene().equals(scene) && r.engine().equals(engine) && !Double.isNaN(r.medianMs())) {
                return r.medianMs();
            }
        }
        return null;
    }

    /** Writes the chart as SVG or PNG by {@code file}'s extension. */
    public static void write(List<BenchRow> rows, String title, Path file) throws IOException {
        if (!supports(file)) {
            throw new IllegalArgumentException("--plot: " + file + " must end in .svg or .png");
        }
        System.setProperty("java.awt.headless", "true");
        CategoryChart chart = chart(rows, title);
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".svg")) {
                    VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
                } else {
                    BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
                }
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
