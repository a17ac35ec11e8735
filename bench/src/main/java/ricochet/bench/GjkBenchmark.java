package ricochet.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import ricochet.collision.narrow.Epa;
import ricochet.collision.narrow.EpaResult;
import ricochet.collision.narrow.Gjk;
import ricochet.collision.narrow.GjkResult;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/**
 * One GJK distance query on a separated pair, and one GJK + EPA penetration query on an overlapping
 * pair, for box-box, hull-hull (icosahedra, 12 vertices) and cylinder-box. Each call cycles through
 * {@link #POSES} random poses so the branch predictor cannot learn one. The average GJK and EPA
 * iteration counts are printed at the end of each trial; run with {@code -prof gc} for bytes per call
 * (expected 0).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class GjkBenchmark {

    static final int POSES = 64;

    @Param({"box-box", "hull-hull", "cylinder-box"})
    public String pair;

    private ConvexShape a, b;
    private final Transform[] apartA = new Transform[POSES], apartB = new Transform[POSES];
    private final Transform[] overlapA = new Transform[POSES], overlapB = new Transform[POSES];
    private final Gjk gjk = new Gjk();
    private final Epa epa = new Epa();
    private final GjkResult gjkResult = new GjkResult();
    private final EpaResult epaResult = new EpaResult();
    private int next;
    private long gjkCalls, gjkIterations, epaCalls, epaIterations;

    @Setup(Level.Trial)
    public void setUp() {
        switch (pair) {
            case "box-box":
                a = new BoxShape(0.5, 0.7, 0.9);
                b = new BoxShape(0.6, 0.4, 0.8);
                break;
            case "hull-hull":
                a = icosahedron(0.5);
                b = icosahedron(0.6);
                break;
            default:
                a = new CylinderShape(0.5, 0.8);
                b = new BoxShape(0.6, 0.4, 0.8);
                break;
        }
        java.util.Random random = new java.util.Random(42);
        for (int i = 0; i < POSES; i++) {
            Vec3 dir = new Vec3(random.nextGaussian(), random.nextGaussian(), random.nextGaussian())
                    .normalized();
            apartA[i] = new Transform(Vec3.ZERO, randomRotation(random));
            apartB[i] = new Transform(dir.times(3), randomRotation(random));
            overlapA[i] = new Transform(Vec3.ZERO, randomRotation(random));
            overlapB[i] = new Transform(dir.times(0.6), randomRotation(random));
        }
    }

    private static Quat randomRotation(java.util.Random random) {
        return new Quat(random.nextGaussian(), random.nextGaussian(), random.nextGaussian(),
                random.nextGaussian()).normalized();
    }

    @Benchmark
    public double gjkDistance() {
        int i = next++ & (POSES - 1);
        gjk.distance(a, apartA[i], b, apartB[i], gjkResult);
        gjkCalls++;
        gjkIterations += gjkResult.iterations;
        return gjkResult.distance;
    }

    @Benchmark
    public double epaPenetration() {
        int i = next++ & (POSES - 1);
        if (!gjk.distance(a, overlapA[i], b, overlapB[i], gjkResult)) {
            epa.penetration(gjk, epaResult);
            epaCalls++;
            epaIterations += epaResult.iterations;
        }
        return epaResult.depth;
    }

    @TearDown(Level.Trial)
    public void report() {
        if (gjkCalls > 0) {
            double mean = (double) gjkIterations / gjkCalls;
            System.out.printf("%n%s: GJK %.2f iterations per call%n", pair, mean);
        }
        if (epaCalls > 0) {
            double mean = (double) epaIterations / epaCalls;
            System.out.printf("%n%s: EPA %.2f iterations per call%n", pair, mean);
        }
    }

    /**
     * An icosahedron of circumradius {@code r}: the points (0, +-1, +-phi) and their cyclic
     * permutations, each face a triple of points with the other nine on one side of its plane.
     */
    static ConvexHullShape icosahedron(double r) {
        double phi = (1 + Math.sqrt(5)) / 2;
        double s = r / Math.sqrt(1 + phi * phi);
        double[] v = new double[36];
        int k = 0;
        for (int sign1 = -1; sign1 <= 1; sign1 += 2) {
            for (int sign2 = -1; sign2 <= 1; sign2 += 2) {
                double[][] cyc = {{0, sign1, sign2 * phi}, {sign1, sign2 * phi, 0}, {sign2 * phi, 0, sign1}};
                for (double[] p : cyc) {
                    v[k++] = s * p[0];
                    v[k++] = s * p[1];
                    v[k++] = s * p[2];
                }
            }
        }
        List<int[]> faces = new ArrayList<>();
        for (int a = 0; a < 12; a++) {
            for (int b = a + 1; b < 12; b++) {
                for (int c = b + 1; c < 12; c++) {
                    double[] n = cross(v, a, b, c);
                    int above = 0, below = 0;
                    for (int p = 0; p < 12; p++) {
                        double h = n[0] * (v[3 * p] - v[3 * a]) + n[1] * (v[3 * p + 1] - v[3 * a + 1])
                                + n[2] * (v[3 * p + 2] - v[3 * a + 2]);
                        above += h > 1e-12 ? 1 : 0;
                        below += h < -1e-12 ? 1 : 0;
                    }
                    if (above == 0 && below == 9) {
                        faces.add(new int[] {a, b, c});
                    } else if (below == 0 && above == 9) {
                        faces.add(new int[] {a, c, b});
                    }
                }
            }
        }
        return new ConvexHullShape(v, faces.toArray(new int[0][]));
    }

    private static double[] cross(double[] v, int a, int b, int c) {
        double ux = v[3 * b] - v[3 * a], uy = v[3 * b + 1] - v[3 * a + 1], uz = v[3 * b + 2] - v[3 * a + 2];
        double wx = v[3 * c] - v[3 * a], wy = v[3 * c + 1] - v[3 * a + 1], wz = v[3 * c + 2] - v[3 * a + 2];
        return new double[] {uy * wz - uz * wy, uz * wx - ux * wz, ux * wy - uy * wx};
    }
}
