package ricochet.bench.run;

import java.util.Arrays;

/** Order statistics of timing samples. */
public final class Stats {

    private Stats() {
    }

    /** The median (mean of the middle two for an even count); NaN for no samples. */
    public static double median(double[] samples) {
        if (samples.length == 0) {
            return Double.NaN;
        }
        double[] s = samples.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
    }

    /**
     * The nearest-rank percentile: the smallest sample with at least {@code p} percent of the samples
     * at or below it (p95 of 600 samples is the 570th smallest).
     *
     * @throws IllegalArgumentException for p outside (0, 100] or no samples
     */
    public static double percentile(double[] samples, double p) {
        if (!(p > 0 && p <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100], got " + p);
        }
        if (samples.length == 0) {
            throw new IllegalArgumentException("percentile of no samples");
        }
        double[] s = samples.clone();
        Arrays.sort(s);
        int rank = (int) Math.ceil(p / 100 * s.length);
        return s[Math.max(rank, 1) - 1];
    }

    public static double max(double[] samples) {
        double m = Double.NEGATIVE_INFINITY;
        for (double x : samples) {
            m = Math.max(m, x);
        }
        return m;
    }
}
