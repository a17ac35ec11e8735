package ricochet.bench.run;

import java.util.Locale;

/**
 * One run of one engine on one scene, as the child JVM prints it on a line of its own:
 * {@code RESULT,scene,engine,bodies,median_ms,p95_ms,max_ms,contacts,drift_m,check}. Times are
 * per step in milliseconds; drift is the largest distance any dynamic body moved, metres.
 */
public record RunResult(String scene, String engine, int bodies, double medianMs, double p95Ms, double maxMs,
                        int contacts, double driftM, String check) {

    /** Starts the one line of a child's output that carries its result. */
    public static final String PREFIX = "RESULT,";
    private static final int FIELDS = 9;

    public RunResult {
        for (String s : new String[] {scene, engine, check}) {
            if (s == null || s.isEmpty() || s.contains(",") || s.contains("\n")) {
                throw new IllegalArgumentException("run result: scene, engine and check must be non-empty"
                        + " without commas or newlines, got '" + s + "'");
            }
        }
    }

    /** Doubles printed with 17 significant digits, so {@link #parse} gives back the same record. */
    public String toLine() {
        return String.format(Locale.ROOT, "%s%s,%s,%d,%.17g,%.17g,%.17g,%d,%.17g,%s", PREFIX, scene, engine, bodies,
                medianMs, p95Ms, maxMs, contacts, driftM, check);
    }

    /**
     * Reads a line written by {@link #toLine}.
     *
     * @throws IllegalArgumentException naming the line and the field when it is not one
     */
    public static RunResult parse(String line) {
        if (line == null || !line.startsWith(PREFIX)) {
            throw new IllegalArgumentException("not a result line (no '" + PREFIX + "' prefix): " + line);
        }
        String[] f = line.substring(PREFIX.length()).split(",", -1);
        if (f.length != FIELDS) {
            throw new IllegalArgumentException("result line has " + f.length + " fields, expected " + FIELDS
                    + ": " + line);
        }
        try {
            return new RunResult(f[0], f[1], Integer.parseInt(f[2]), Double.parseDouble(f[3]),
                    Double.parseDouble(f[4]), Double.parseDouble(f[5]), Integer.parseInt(f[6]),
                    Double.parseDouble(f[7]), f[8]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("result line has a bad number (" + e.getMessage() + "): " + line, e);
        }
    }
}
