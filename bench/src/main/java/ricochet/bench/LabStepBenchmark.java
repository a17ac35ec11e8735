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
import org.openjdk.jmh.annotations.Warmup;
import ricochet.geometry.Meshes;
import ricochet.geometry.PlaneSdf;
import ricochet.geometry.TriangleMesh;
import ricochet.lab.LabBodyDef;
import ricochet.lab.LabMethod;
import ricochet.lab.LabParams;
import ricochet.lab.LabWorld;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.Event;

/**
 * One lab step of each method on a 30,000-vertex sphere resting on the lab's floor (sleeping off,
 * so every step does its full per-vertex work). Divide the score by {@link #VERTICES} for ns per
 * vertex; run with {@code -prof gc} for bytes allocated per step.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class LabStepBenchmark {

    static final int RINGS = 150;
    static final int SEGMENTS = 200;
    public static final int VERTICES = RINGS * SEGMENTS;

    @Param({"impulse", "penalty-quadratic", "penalty-log-barrier", "shape-matching"})
    public String method;

    private LabWorld world;

    @Setup(Level.Iteration)
    public void setUp() {
        LabMethod m = LabMethod.fromKey(method);
        // The built-in scenes' parameters, sleeping off; vertexMass 0.06 keeps the 30k-vertex ball
        // near the bunny's mass, so the penalty and barrier scales stay those of the scenes.
        LabParams p = LabParams.defaults().withVertexMass(0.06)
                .withPenalty(m == LabMethod.IMPULSE ? 0.002 : m == LabMethod.PENALTY_QUADRATIC ? 0.005 : 0.01, 1e4)
                .withStiffness(1e6).withBarrier(1000, m == LabMethod.PENALTY_LOG_BARRIER ? 0.01 : 0.005)
                .withStabilisers(m != LabMethod.PENALTY_LOG_BARRIER, 0.2, false, 0, 0, 0);
        world = new LabWorld(0.015, m == LabMethod.PENALTY_QUADRATIC ? 4 : 1, new Vec3(0, -9.8, 0));
        world.addCollider("floor", PlaneSdf.throughPoint(new Vec3(0, 0.01, 0), Vec3.UNIT_Y), Vec3.ZERO,
                Quat.IDENTITY);
        world.addCollider("wall", PlaneSdf.throughPoint(new Vec3(2, 0, 0), new Vec3(-1, 0, 0)), Vec3.ZERO,
                Quat.IDENTITY);
        world.addBody(LabBodyDef.of("ball", m, sphere(0.15)).withPose(new Vec3(0, 0.2, 0), Quat.IDENTITY)
                .withParams(p));
        // Settle onto the floor so the measured steps are resting contact, the lab's long-run case.
        for (int i = 0; i < 200; i++) {
            world.step();
        }
    }

    private final List<Event> events = new ArrayList<>();

    @Benchmark
    public LabWorld step() {
        world.step();
        // As an application would: take the step's events (usually none while resting).
        world.drainEvents(events);
        events.clear();
        return world;
    }

    static TriangleMesh sphere(double r) {
        return Meshes.uvSphere(r, RINGS, SEGMENTS);
    }
}
