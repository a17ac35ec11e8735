package ricochet.sweep;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The table a sweep prints at its end: counts, timings, and each metric's spread over the runs that finished. */
final class Summary {

    private Summary() {
    }

    static void print(PrintWriter o, String scene, String master, SweepCommand.Plan plan, SparkSweep.Result r,
                      double startSeconds, double wallSeconds, Path out, boolean trajectories) {
        List<Outcome> rows = r.outcomes();
        long ok = rows.stream().filter(Outcome::ok).count();
        double taskMs = rows.stream().mapToDouble(Outcome::wallMs).sum();
        o.println("scene            " + scene);
        o.println("variants         " + rows.size() + " (" + ok + " ok, " + (rows.size() - ok) + " failed)");
        o.println("steps            " + (plan.steps() >= 0 ? plan.steps() + " per variant"
                : "by each variant's dt"));
        o.println("master           " + master);
        o.println(String.format(Locale.ROOT, "wall time        %.2f s (Spark start %.2f s, variants %.2f s,"
                + " %.1f ms of runs per variant)", wallSeconds, startSeconds, r.runSeconds(),
                rows.isEmpty() ? 0.0 : taskMs / rows.size()));
        o.println(String.format(Locale.ROOT, "%-24s %14s %14s %14s %14s", "metric", "min", "median", "max", "runs"));
        for (int m = 0; m < plan.metrics().size(); m++) {
            final int k = m;
            double[] v = rows.stream().filter(Outcome::ok).mapToDouble(x -> x.metrics()[k])
                    .filter(x -> !Double.isNaN(x)).sorted().toArray();
            if (v.length == 0) {
                o.println(String.format(Locale.ROOT, "%-24s %14s %14s %14s %14d", plan.metrics().get(m).name(),
                        "-", "-", "-", 0));
            } else {
                o.println(String.format(Locale.ROOT, "%-24s %14.6g %14.6g %14.6g %14d", plan.metrics().get(m).name(),
                        v[0], median(v), v[v.length - 1], v.length));
            }
        }
        for (Outcome x : rows) {
            if (!x.ok()) {
                o.println("failed           variant " + x.variant() + ": " + x.error());
                break;
            }
        }
        o.println("results          " + out.resolve("results.csv") + ", " + out.resolve("results.parquet"));
        if (trajectories) {
            o.println("trajectories     " + out.resolve("trajectories"));
        }
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
