package ricochet.sweep;

import java.util.ArrayList;
import java.util.List;

/**
 * One {@code --param PATH=SPEC}: a scene path and the values it takes. {@code a:b:n} gives n evenly
 * spaced values from a to b (both ends included); {@code a:b} is a range for {@code --samples};
 * {@code v1,v2,...} is a list.
 *
 * @param path the scene path, such as {@code bodies.ball.restitution}
 * @param values the grid values (a list's values, or the n of {@code a:b:n}); empty for a plain range
 * @param literals each list value as written (so {@code 4} stays an integer in the scene), or null
 *     for a range
 * @param low the range's start, or NaN for a list
 * @param high the range's end, or NaN for a list
 */
record ParamSpec(String path, List<Double> values, List<String> literals, double low, double high) {

    /** Parses {@code PATH=SPEC}; throws IllegalArgumentException naming what is wrong. */
    static ParamSpec parse(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0 || eq == text.length() - 1) {
            throw new IllegalArgumentException("--param '" + text + "': expected PATH=SPEC, such as"
                    + " bodies.ball.restitution=0:1:11 or settings.dt=0.01,0.02");
        }
        String path = text.substring(0, eq).trim();
        String spec = text.substring(eq + 1).trim();
        String where = "--param " + path + ": ";
        if (spec.contains(":")) {
            String[] parts = spec.split(":", -1);
            if (parts.length != 2 && parts.length != 3) {
                throw new IllegalArgumentException(where + "range '" + spec + "' must be a:b:n (or a:b with --samples)");
            }
            double a = number(parts[0], where);
            double b = number(parts[1], where);
            if (parts.length == 2) {
                return new ParamSpec(path, List.of(), null, a, b);
            }
            int n;
            try {
                n = Integer.parseInt(parts[2].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(where + "n in a:b:n must be a whole number, got '" + parts[2] + "'");
            }
            if (n < 1) {
                throw new IllegalArgumentException(where + "n in a:b:n must be >= 1, got " + n);
            }
            if (n == 1 && a != b) {
                throw new IllegalArgumentException(where + "a:b:1 needs a == b (one value), got " + spec);
            }
            List<Double> values = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                // The ends are exact: a + (b - a) * i / (n - 1) would round b.
                values.add(i == n - 1 ? b : a + (b - a) * i / (n - 1));
            }
            return new ParamSpec(path, values, null, a, b);
        }
        List<Double> values = new ArrayList<>();
        List<String> literals = new ArrayList<>();
        for (String v : spec.split(",", -1)) {
            values.add(number(v, where));
            literals.add(v.trim());
        }
        return new ParamSpec(path, values, literals, Double.NaN, Double.NaN);
    }

    private static double number(String s, String where) {
        String t = s.trim();
        double v;
        try {
            v = Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + "'" + t + "' is not a number");
        }
        if (!Double.isFinite(v) || t.endsWith("d") || t.endsWith("D") || t.endsWith("f") || t.endsWith("F")) {
            throw new IllegalArgumentException(where + "'" + t + "' is not a finite decimal number");
        }
        return v;
    }

    /** Whether this is a range without n ({@code a:b}), which only {@code --samples} can draw from. */
    boolean isRange() {
        return values.isEmpty();
    }

    /** Whether the values were given as a list. */
    boolean isList() {
        return literals != null;
    }

    /** The literal for value {@code i} of a list, or null when the value is computed. */
    String literal(int i) {
        return literals == null ? null : literals.get(i);
    }
}
