package ricochet.math;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.Tuple;
import net.jqwik.api.arbitraries.DoubleArbitrary;

/**
 * Random inputs for the property tests of math, geometry and io. Entries are drawn with 12 decimal
 * places rather than jqwik's default 2, so that random matrices are not secretly integer-like (which
 * would make singular and exactly-representable cases far more common than they are in use). Four draws
 * in five are uniform over the range (typical inputs); the fifth uses jqwik's biased distribution, which
 * spreads magnitudes from 1e-12 up (inputs mixing scales). jqwik's edge cases (0, +-1, the range ends)
 * are mixed in as well and give the axis-aligned and half-turn cases.
 */
public final class MathArbitraries {

    private static final int SCALE = 12;

    private MathArbitraries() {
    }

    /** Doubles in {@code [-bound, bound]}. */
    public static Arbitrary<Double> doubles(double bound) {
        DoubleArbitrary range = Arbitraries.doubles().between(-bound, bound).ofScale(SCALE);
        return Arbitraries.frequencyOf(
                Tuple.of(4, range.withDistribution(RandomDistribution.uniform())),
                Tuple.of(1, range));
    }

    /** Unit quaternions: four components in [-1, 1], normalised (the edge cases give the half turns). */
    public static Arbitrary<Quat> unitQuaternions() {
        return doubles(1).array(double[].class).ofSize(4)
                .filter(a -> a[0] * a[0] + a[1] * a[1] + a[2] * a[2] + a[3] * a[3] > 1e-4)
                .map(a -> new Quat(a[0], a[1], a[2], a[3]).normalized());
    }

    /**
     * Rotations within {@code 10^-k} radians of a half turn ({@code k} in 3..16, or exactly pi), where
     * {@code w} is near 0 and the naive {@code w = sqrt(1 + trace) / 2} formula divides by it.
     */
    public static Arbitrary<Quat> nearHalfTurns() {
        Arbitrary<Vec3> axes = vectors(1).filter(v -> v.length() > 1e-3);
        Arbitrary<Double> angles = Arbitraries.integers().between(3, 17)
                .map(k -> k == 17 ? Math.PI : Math.PI - Math.pow(10, -k));
        Arbitrary<Integer> signs = Arbitraries.of(-1, 1);
        return Combinators.combine(axes, angles, signs)
                .as((axis, angle, sign) -> Quat.fromAxisAngle(axis, sign * angle));
    }

    /** Vectors with components in {@code [-bound, bound]}. */
    public static Arbitrary<Vec3> vectors(double bound) {
        return doubles(bound).array(double[].class).ofSize(3).map(Vec3::of);
    }

    /** Row-major 3x3 matrices with entries in {@code [-bound, bound]}. */
    public static Arbitrary<double[]> matrices(double bound) {
        return doubles(bound).array(double[].class).ofSize(9);
    }

    /** Symmetric row-major 3x3 matrices with entries in {@code [-bound, bound]}. */
    public static Arbitrary<double[]> symmetricMatrices(double bound) {
        return doubles(bound).array(double[].class).ofSize(6)
                .map(e -> new double[] {e[0], e[1], e[2], e[1], e[3], e[4], e[2], e[4], e[5]});
    }
}
