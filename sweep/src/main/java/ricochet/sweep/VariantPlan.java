package ricochet.sweep;

import java.util.List;
import java.util.SplittableRandom;

/**
 * The variants of a sweep, decided on the driver before any run, so that they do not depend on how
 * many workers run them. A grid walks all combinations with the first parameter varying slowest;
 * {@code --samples N --seed S} draws each parameter of each variant in turn from one
 * {@link SplittableRandom} (its sequence is fixed by its specification for a given seed): uniform
 * in {@code [a, b)} for a range, one of the values with equal chance for a list.
 */
final class VariantPlan {

    /** The most variants a sweep may have (an int index, and a table that fits on the driver). */
    static final int MAX_VARIANTS = 10_000_000;

    private VariantPlan() {
    }

    /**
     * Each variant's values in parameter order, and for a list value its literal (or null).
     *
     * @param values out: one array of the parameters' values per variant
     * @param literals out: one array of literals per variant (null entries for computed values)
     */
    static void grid(List<ParamSpec> params, List<double[]> values, List<String[]> literals) {
        long count = 1;
        for (ParamSpec p : params) {
            if (p.isRange()) {
                throw new IllegalArgumentException("--param " + p.path() + ": a:b has no n; give a:b:n for a"
                        + " grid, or --samples N to draw from the range");
            }
            count *= p.values().size();
            if (count > MAX_VARIANTS) {
                throw new IllegalArgumentException("the grid has more than " + MAX_VARIANTS + " variants");
            }
        }
        int k = params.size();
        for (long v = 0; v < count; v++) {
            double[] row = new double[k];
            String[] lit = new String[k];
            long rest = v;
            for (int j = k - 1; j >= 0; j--) {
                ParamSpec p = params.get(j);
                int n = p.values().size();
                int i = (int) (rest % n);
                rest /= n;
                row[j] = p.values().get(i);
                lit[j] = p.literal(i);
            }
            values.add(row);
            literals.add(lit);
        }
    }

    /** {@code samples} variants drawn from {@code seed}, as the class comment says. */
    static void sample(List<ParamSpec> params, int samples, long seed, List<double[]> values,
                       List<String[]> literals) {
        if (samples < 1 || samples > MAX_VARIANTS) {
            throw new IllegalArgumentException("--samples must be 1 to " + MAX_VARIANTS + ", got " + samples);
        }
        SplittableRandom random = new SplittableRandom(seed);
        int k = params.size();
        for (int v = 0; v < samples; v++) {
            double[] row = new double[k];
            String[] lit = new String[k];
            for (int j = 0; j < k; j++) {
                ParamSpec p = params.get(j);
                if (p.isList()) {
                    int i = random.nextInt(p.values().size());
                    row[j] = p.values().get(i);
                    lit[j] = p.literal(i);
                } else {
                    row[j] = p.low() + (p.high() - p.low()) * random.nextDouble();
                }
            }
            values.add(row);
            literals.add(lit);
        }
    }
}
