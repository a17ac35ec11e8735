package ricochet.scenes;

import java.util.List;
import java.util.Locale;

/**
 * Line plots of energy against time as one standalone SVG, one curve per series with a legend: a
 * panel on a logarithmic axis (the rules' energies span two decades) and a panel on a linear axis
 * (the rules that keep their energy, in percent of the start). Draws docs/integrators-energy.svg from
 * a run of the 'integrators' scene.
 */
final class EnergyPlotSvg {

    private static final String[] COLOURS = {
        "#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"};
    private static final List<String> NAMES = ricochet.math.IntegrationRule.keys();
    private static final int W = 800, H = 460, LEFT = 70, RIGHT = 170, TOP = 40, BOTTOM = 50;

    /** One curve: its name and energies (J, > 0) at the shared times. */
    record Series(String name, double[] energy) {
    }

    private EnergyPlotSvg() {
    }

    /** An SVG document of the panels one above the other. */
    static String page(String... panels) {
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\""
                + " height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"13\">%n",
                W, H * panels.length, W, H * panels.length));
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n",
                W, H * panels.length));
        for (int i = 0; i < panels.length; i++) {
            svg.append(String.format(Locale.ROOT, "<g transform=\"translate(0 %d)\">%n", H * i))
                    .append(panels[i]).append("</g>\n");
        }
        return svg.append("</svg>\n").toString();
    }

    /** A panel of {@code series} over {@code time} (s) on a log10 energy axis spanning whole decades. */
    static String logPanel(String title, double[] time, List<Series> series) {
        double lo = Double.POSITIVE_INFINITY, hi = 0;
        for (Series s : series) {
            for (double e : s.energy()) {
                lo = Math.min(lo, e);
                hi = Math.max(hi, e);
            }
        }
        double logLo = Math.floor(Math.log10(lo)), logHi = Math.ceil(Math.log10(hi));
        StringBuilder svg = new StringBuilder();
        int pw = W - LEFT - RIGHT, ph = H - TOP - BOTTOM;
        // Decade grid lines with labels, and 1-2-5 minor lines.
        for (double d = logLo; d <= logHi; d++) {
            for (int m : new int[] {1, 2, 5}) {
                double v = m * Math.pow(10, d);
                if (Math.log10(v) > logHi + 1e-9) {
                    continue;
                }
                double y = TOP + ph * (1 - (Math.log10(v) - logLo) / (logHi - logLo));
                svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\""
                        + " stroke=\"%s\"/>%n", LEFT, LEFT + pw, y, y, m == 1 ? "#bbb" : "#eee"));
                svg.append(String.format(Locale.ROOT,
                        "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>%n", LEFT - 6, y + 4,
                        label(v)));
            }
        }
        frame(svg, title, time, "energy (J, log scale)");
        curves(svg, time, series, e -> (Math.log10(e) - logLo) / (logHi - logLo));
        return svg.toString();
    }

    /** A panel of {@code series} in percent of their first value, on a linear axis lo..hi (%). */
    static String percentPanel(String title, double[] time, List<Series> series, double lo, double hi,
                               double tick) {
        StringBuilder svg = new StringBuilder();
        int pw = W - LEFT - RIGHT, ph = H - TOP - BOTTOM;
        for (double v = lo; v <= hi + 1e-9; v += tick) {
            double y = TOP + ph * (1 - (v - lo) / (hi - lo));
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\""
                    + " stroke=\"%s\"/>%n", LEFT, LEFT + pw, y, y, Math.abs(v) < 1e-9 ? "#bbb" : "#eee"));
            svg.append(String.format(Locale.ROOT,
                    "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%+.0f %%</text>%n", LEFT - 6, y + 4, v));
        }
        frame(svg, title, time, "energy change (% of start)");
        List<Series> relative = series.stream().map(s -> {
            double[] p = new double[s.energy().length];
            for (int i = 0; i < p.length; i++) {
                p[i] = 100 * (s.energy()[i] / s.energy()[0] - 1);
            }
            return new Series(s.name(), p);
        }).toList();
        curves(svg, time, relative, p -> (p - lo) / (hi - lo));
        return svg.toString();
    }

    /** Title, time grid and labels, the plot's border and the y label. */
    private static void frame(StringBuilder svg, String title, double[] time, String yLabel) {
        double t0 = time[0], t1 = time[time.length - 1];
        int pw = W - LEFT - RIGHT, ph = H - TOP - BOTTOM;
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"24\" font-size=\"15\">%s</text>%n",
                LEFT, title));
        for (int s = (int) Math.ceil(t0); s <= t1; s += 5) {
            double x = LEFT + pw * (s - t0) / (t1 - t0);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\""
                    + " stroke=\"#eee\"/>%n", x, x, TOP, TOP + ph));
            svg.append(String.format(Locale.ROOT,
                    "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d</text>%n", x, TOP + ph + 18, s));
        }
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\""
                + " fill=\"none\" stroke=\"#444\"/>%n", LEFT, TOP, pw, ph));
        svg.append(String.format(Locale.ROOT,
                "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">time (s)</text>%n", LEFT + pw / 2, H - 12));
        svg.append(String.format(Locale.ROOT, "<text transform=\"translate(18 %d) rotate(-90)\""
                + " text-anchor=\"middle\">%s</text>%n", TOP + ph / 2, yLabel));
    }

    /** The curves, y mapped to [0, 1] of the plot's height by {@code unit}, and their legend. */
    private static void curves(StringBuilder svg, double[] time, List<Series> series,
                               java.util.function.DoubleUnaryOperator unit) {
        double t0 = time[0], t1 = time[time.length - 1];
        int pw = W - LEFT - RIGHT, ph = H - TOP - BOTTOM;
        for (int k = 0; k < series.size(); k++) {
            Series s = series.get(k);
            String colour = COLOURS[colourIndex(s.name())];
            StringBuilder points = new StringBuilder();
            for (int i = 0; i < time.length; i++) {
                double x = LEFT + pw * (time[i] - t0) / (t1 - t0);
                double y = TOP + ph * (1 - unit.applyAsDouble(s.energy()[i]));
                points.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
            }
            svg.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\""
                    + " points=\"%s\"/>%n", colour, points.toString().trim()));
            int ly = TOP + 14 + 22 * k;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\""
                    + " stroke=\"%s\" stroke-width=\"3\"/>%n", LEFT + pw + 14, LEFT + pw + 40, ly - 4, ly - 4,
                    colour));
            svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s</text>%n", LEFT + pw + 46, ly,
                    s.name()));
        }
    }

    /** The same colour for a rule's curve in every panel. */
    private static int colourIndex(String name) {
        return Math.floorMod(NAMES.indexOf(name), COLOURS.length);
    }

    private static String label(double v) {
        return v >= 1 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.2g", v);
    }
}
