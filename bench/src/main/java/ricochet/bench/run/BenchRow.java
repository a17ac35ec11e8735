package ricochet.bench.run;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One (scene, engine) row of the bench: the median over its runs of each timing, contact count and
 * drift, and the runs' check words (joined with {@code |} where runs disagree).
 */
public record BenchRow(String scene, String engine, int bodies, double medianMs, double p95Ms, double maxMs,
                       int contacts, double driftM, String check, int runs) {

    /**
     * The CSV header: the six common columns first and in their order, then the benchmark's
     * extra ones.
     */
    public static final String CSV_HEADER =
            "scene,engine,bodies,ms_per_step_median,contacts,check,ms_per_step_p95,ms_step_max,drift_m,runs";

    /** Folds the runs of one (scene, engine). */
    public static BenchRow of(List<RunResult> results) {
        if (results.isEmpty()) {
            throw new IllegalArgumentException("bench row: no runs");
        }
        RunResult first = results.get(0);
        int n = results.size();
        double[] median = new double[n], p95 = new double[n], max = new double[n], contacts = new double[n],
                drift = new double[n];
        Set<String> checks = new LinkedHashSet<>();
        for (int i = 0; i < n; i++) {
            RunResult r = results.get(i);
            if (!r.scene().equals(first.scene()) || !r.engine().equals(first.engine())) {
                throw new IllegalArgumentException("bench row: runs of " + first.scene() + "/" + first.engine()
                        + " and " + r.scene() + "/" + r.engine() + " mixed");
            }
            median[i] = r.medianMs();
            p95[i] = r.p95Ms();
            max[i] = r.maxMs();
            contacts[i] = r.contacts();
            drift[i] = r.driftM();
            checks.add(r.check());
        }
        return new BenchRow(first.scene(), first.engine(), first.bodies(), Stats.median(median), Stats.median(p95),
                Stats.median(max), (int) Math.round(Stats.median(contacts)), Stats.median(drift),
                String.join("|", checks), n);
    }

    /** A (scene, engine) whose runs failed: no numbers, check {@code failed}. */
    public static BenchRow failed(String scene, String engine) {
        return new BenchRow(scene, engine, 0, Double.NaN, Double.NaN, Double.NaN, 0, Double.NaN, "failed", 0);
    }

    public String csv() {
        return String.format(Locale.ROOT, "%s,%s,%d,%.4f,%d,%s,%.4f,%.4f,%.4f,%d", scene, engine, bodies, medianMs,
                contacts, check, p95Ms, maxMs, driftM, runs);
    }

    /** The readable table: a header line and one aligned line per row. */
    public static List<String> table(List<BenchRow> rows) {
        List<String> out = new ArrayList<>();
        String format = "%-10s %-11s %7s %10s %10s %10s %8s %9s  %s";
        out.add(String.format(Locale.ROOT, format, "scene", "engine", "bodies", "median ms", "p95 ms", "max ms",
                "contacts", "drift m", "check"));
        for (BenchRow r : rows) {
            out.add(String.format(Locale.ROOT, format, r.scene, r.engine, r.bodies, num(r.medianMs, 3),
                    num(r.p95Ms, 3), num(r.maxMs, 3), r.contacts, num(r.driftM, 4), r.check));
        }
        return out;
    }

    private static String num(double x, int decimals) {
        return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", x);
    }
}
