package ricochet.fracture;

/**
 * Steele, Lea and Flood's SplitMix64 ("Fast Splittable Pseudorandom Number Generators", OOPSLA 2014):
 * a 64-bit counter stepped by the golden-ratio increment and mixed by two multiply-xorshift rounds.
 * Integer arithmetic only, so a seed gives the same numbers on every JVM and CPU (java.util.Random
 * is specified too, but its double paths are not all pinned across versions; this one is ours).
 */
final class SplitMix64 {

    private long state;

    SplitMix64(long seed) {
        state = seed;
    }

    long nextLong() {
        long z = (state += 0x9E3779B97F4A7C15L);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** Uniform in [0, 1): the top 53 bits as a fraction, exact in a double. */
    double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }
}
