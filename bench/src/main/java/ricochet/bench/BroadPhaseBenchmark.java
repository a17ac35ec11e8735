package ricochet.bench;

import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import ricochet.collision.broad.BroadPhase;
import ricochet.collision.broad.DynamicAabbTree;
import ricochet.collision.broad.PairBuffer;
import ricochet.collision.broad.SweepAndPrune;

/**
 * One broad-phase update of 10,000 moving unit boxes (half-size 0.5 m) in a 60 m cube: every box drifts
 * by a small random step (bouncing off the cube's walls), then the pairs are found. The {@code pairs}
 * auxiliary counter reports the pairs found in the last update (a few thousand at this density, with
 * the 0.1 m fat margin); run with {@code -prof gc} for bytes allocated per update (expected 0).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class BroadPhaseBenchmark {

    public static final int BOXES = 10_000;
    static final double SIDE = 60;
    static final double HALF = 0.5;
    /** Largest step per update and axis, metres (a fast body at 60 Hz). */
    static final double STEP = 0.05;

    @Param({"tree", "sap"})
    public String broadPhase;

    private BroadPhase bp;
    private final PairBuffer pairs = new PairBuffer();
    private final double[] x = new double[3 * BOXES];
    private final double[] v = new double[3 * BOXES];

    /** Pairs found by the last update, reported next to the time. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Found {
        public long pairs;
    }

    @Setup(Level.Trial)
    public void setUp() {
        bp = broadPhase.equals("tree") ? new DynamicAabbTree() : new SweepAndPrune();
        Random random = new Random(42);
        for (int i = 0; i < BOXES; i++) {
            for (int k = 0; k < 3; k++) {
                x[3 * i + k] = SIDE * random.nextDouble();
                v[3 * i + k] = STEP * (2 * random.nextDouble() - 1);
            }
            bp.createProxy(x[3 * i] - HALF, x[3 * i + 1] - HALF, x[3 * i + 2] - HALF,
                    x[3 * i] + HALF, x[3 * i + 1] + HALF, x[3 * i + 2] + HALF, i, false, 1, -1);
        }
        // Let the arrays grow and the tree settle before measuring.
        for (int s = 0; s < 100; s++) {
            update();
        }
        System.out.println(broadPhase + ": " + pairs.count() + " pairs among " + BOXES + " boxes");
    }

    @Benchmark
    public PairBuffer update(Found found) {
        update();
        found.pairs = pairs.count();
        return pairs;
    }

    private void update() {
        for (int i = 0; i < BOXES; i++) {
            int o = 3 * i;
            for (int k = 0; k < 3; k++) {
                double p = x[o + k] + v[o + k];
                if (p < 0 || p > SIDE) {
                    v[o + k] = -v[o + k];
                    p = x[o + k] + v[o + k];
                }
                x[o + k] = p;
            }
            bp.moveProxy(i, x[o] - HALF, x[o + 1] - HALF, x[o + 2] - HALF, x[o] + HALF, x[o + 1] + HALF,
                    x[o + 2] + HALF, v[o], v[o + 1], v[o + 2]);
        }
        bp.findPairs(pairs);
    }
}
