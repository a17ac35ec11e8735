package ricochet.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code --plot FILE.svg}: one metric against one parameter, a point per variant that finished and
 * a red cross on the bottom axis per variant that failed. Plain SVG 1.1, no script, no fonts beyond
 * the viewer's sans-serif.
 */
final class SvgPlot {

    private static final int W = 640, H = 420, LEFT = 80, RIGHT = 20, TOP = 30, BOTTOM = 60;

    private SvgPlot() {
    }

    static void write(Path file, SweepCommand.Plan plan, List<Outcome> rows, String xName, String yName)
            throws IOException {
        int xi = xName == null ? 0 : plan.paths().indexOf(xName);
        if (xi < 0) {
            throw new IllegalArgumentException("--plot-x " + xName + ": not a --param path (" + plan.paths() + ")");
        }
        int yi = -1;
        for (int m = 0; m < plan.metrics().size(); m++) {
            if (yName == null ? m == 0 : plan.metrics().get(m).name().equals(yName)) {
                yi = m;
                break;
            }
        }
        if (yi < 0) {
            throw new IllegalArgumentException("--plot-y " + yName + ": not one of --metrics");
        }
        double[] xs = new double[rows.size()];
        double[] ys = new double[rows.size()];
        double x0 = Double.POSITIVE_INFINITY, x1 = Double.NEGATIVE_INFINITY;
        double y0 = Double.POSITIVE_INFINITY, y1 = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < rows.size(); i++) {
            xs[i] = plan.variants().get(i).values()[xi];
            ys[i] = rows.get(i).metrics()[yi];
            x0 = Math.min(x0, xs[i]);
            x1 = Math.max(x1, xs[i]);
            if (!Double.isNaN(ys[i])) {
                y0 = Math.min(y0, ys[i]);
                y1 = Math.max(y1, ys[i]);
            }
        }
        if (!(y0 <= y1)) {
            y0 = 0;
            y1 = 1;
        }
        if (x0 == x1) {
            x0 -= 0.5;
            x1 += 0.5;
        }
        if (y0 == y1) {
            y0 -= 0.5;
            y1 += 0.5;
        }
        StringBuilder s = new StringBuilder();
        s.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n", W, H, W, H));
        s.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\""
                + " stroke=\"#444\"/>\n", LEFT, TOP, W - LEFT - RIGHT, H - TOP - BOTTOM));
        for (int t = 0; t <= 4; t++) {
            double fx = x0 + (x1 - x0) * t / 4;
            double fy = y0 + (y1 - y0) * t / 4;
            s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
                    px(fx, x0, x1), H - BOTTOM + 18, tick(fx)));
            s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                    LEFT - 6, py(fy, y0, y1) + 4, tick(fy)));
        }
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
                (LEFT + W - RIGHT) / 2, H - 20, escape(plan.paths().get(xi))));
        s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\">%s (%d variants)</text>\n",
                LEFT, TOP - 10, escape(plan.metrics().get(yi).name()), rows.size()));
        for (int i = 0; i < rows.size(); i++) {
            double x = px(xs[i], x0, x1);
            if (!rows.get(i).ok()) {
                double y = H - BOTTOM;
                s.append(String.format(Locale.ROOT, "<path d=\"M%.1f %.1fl6 6m0 -6l-6 6\" stroke=\"#c00\"/>\n",
                        x - 3, y - 3));
            } else if (!Double.isNaN(ys[i])) {
                s.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"#1f77b4\"/>\n",
                        x, py(ys[i], y0, y1)));
            }
        }
        s.append("</svg>\n");
        Files.writeString(file, s.toString(), StandardCharsets.UTF_8);
    }

    private static double px(double x, double x0, double x1) {
        return LEFT + (x - x0) / (x1 - x0) * (W - LEFT - RIGHT);
    }

    private static double py(double y, double y0, double y1) {
        return H - BOTTOM - (y - y0) / (y1 - y0) * (H - TOP - BOTTOM);
    }

    private static String tick(double v) {
        return String.format(Locale.ROOT, "%.4g", v);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
