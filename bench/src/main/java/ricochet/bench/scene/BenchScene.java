package ricochet.bench.scene;

import java.util.List;

/**
 * A benchmark scene every engine builds alike: bodies in a fixed order (an engine reports positions
 * of the dynamic ones in that order), gravity {@link #GRAVITY} along -y, steps of {@link #DT}.
 * Joints (for a later {@code ragdolls} scene of capsules) will join as a list beside the bodies
 * naming them by index, so adapters that know no joints keep working unchanged.
 *
 * @param name what {@code --scenes} calls it
 * @param description one line for people
 * @param bodies static and dynamic, in the order adapters add them
 * @param check turns the final positions into the CSV's {@code check} word
 */
public record BenchScene(String name, String description, List<BenchBody> bodies, Check check) {

    /** Seconds per step, one engine step per call, for every engine. */
    public static final double DT = 1.0 / 60.0;
    /** m/s^2, along -y. */
    public static final double GRAVITY = 9.81;
    /** Coulomb coefficient of every contact pair (each adapter says how it gets its engine there). */
    public static final double FRICTION = 0.5;
    public static final double RESTITUTION = 0;

    public BenchScene {
        bodies = List.copyOf(bodies);
    }

    /** A one-word verdict on where the dynamic bodies ended, e.g. {@code stands} or {@code toppled}. */
    @FunctionalInterface
    public interface Check {
        /**
         * @param start dynamic bodies' positions after building, packed x y z in scene order
         * @param end the same bodies after the last step
         * @param drift the largest distance any one of them moved, m
         */
        String verdict(BenchScene scene, double[] start, double[] end, double drift);
    }

    public int dynamicCount() {
        int n = 0;
        for (BenchBody b : bodies) {
            if (b.dynamic()) {
                n++;
            }
        }
        return n;
    }

    /** The dynamic bodies' positions as built, packed x y z in scene order. */
    public double[] startPositions() {
        double[] out = new double[3 * dynamicCount()];
        int k = 0;
        for (BenchBody b : bodies) {
            if (b.dynamic()) {
                out[k++] = b.x();
                out[k++] = b.y();
                out[k++] = b.z();
            }
        }
        return out;
    }

    /** The largest distance between matching bodies of two packed position arrays, m. */
    public static double drift(double[] start, double[] end) {
        if (start.length != end.length) {
            throw new IllegalArgumentException("drift: " + start.length / 3 + " start positions but "
                    + end.length / 3 + " end positions");
        }
        double worst = 0;
        for (int i = 0; i < start.length; i += 3) {
            double dx = end[i] - start[i], dy = end[i + 1] - start[i + 1], dz = end[i + 2] - start[i + 2];
            double d = Math.sqrt(dx * dx + dy * dy + dz * dz);
            // NaN (a body blew up) must win over any number.
            if (!(d <= worst)) {
                worst = d;
            }
        }
        return worst;
    }
}
