package ricochet.bench;

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
import ricochet.scenes.BuiltinScenes;
import ricochet.scenes.WorldBuilder;
import ricochet.world.World;
import ricochet.world.WorldSimulation;

/**
 * One step of the rigid-body world on the built-in scenes, as their files set it up (substeps,
 * iterations), after {@code settle} simulated seconds. With {@code sleeping=false} every body is
 * solved every step: the cost of the scene in motion, not of a scene asleep. Run with
 * {@code -prof gc} for bytes allocated per step (0 once warm; JMH counts the benchmark thread, and
 * {@code WorldAllocationTest} the workers too); {@code -p threads=1,2} for the step on threads.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class WorldStepBenchmark {

    @Param({"pyramid", "wall", "spheres", "pile"})
    public String scene;

    @Param({"false", "true"})
    public boolean sleeping;

    /** Threads the world steps on ({@code World.setThreads}); the state is the same for each. */
    @Param({"1"})
    public int threads;

    /** Simulated seconds before timing: the pile and the spheres have landed by 2 s. */
    @Param({"2"})
    public double settle;

    private WorldSimulation sim;
    private World world;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        sim = (WorldSimulation) WorldBuilder.simulation(BuiltinScenes.read(scene));
        world = sim.world();
        world.setSleepingEnabled(sleeping);
        world.setThreads(threads);
        for (int i = 0, n = (int) Math.round(settle / sim.dt()); i < n; i++) {
            sim.step();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        world.close();
    }

    /** The world's own step (the simulation wrapper would also gather events for a reader). */
    @Benchmark
    public double step() {
        world.step(sim.dt());
        return world.kineticEnergy();
    }
}
