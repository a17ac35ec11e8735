package ricochet.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import ricochet.io.scene.Scene;
import ricochet.lab.LabWorld;
import ricochet.scenes.WorldBuilder;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.world.Event;
import ricochet.world.Simulation;
import ricochet.world.SimulationException;
import ricochet.world.World;
import ricochet.world.WorldSimulation;
import ricochet.world.fuzz.SceneCheck;

/**
 * {@code ./ricochet soak [--scenes a,b] [--steps N] [--report-every K]}: promise 6, long runs of
 * scenes watched for energy gain, penetration, non-finite states and sleep; and
 * {@code ./ricochet soak --random N [--seed S] [--steps N]}: promise 1's soak, random scenes under
 * {@link SceneCheck}'s three checks, with the numbers of the failing scenes printed for replay.
 */
@Command(name = "soak", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs scenes for many steps and reports the energy drift and gain, the deepest"
                + " penetration, the first non-finite state and when everything slept; with --random N,"
                + " runs N random scenes under promise 1's checks.",
                "Exit code 0 when clean, 1 when a non-finite state or an energy explosion was found"
                        + " (--random: when any scene failed a check), 2 for bad arguments."})
final class SoakCommand implements Callable<Integer> {

    static final List<String> DEFAULT_SCENES = List.of("spheres", "wall");
    static final long DEFAULT_STEPS = 1_000_000;

    @Spec
    CommandSpec spec;

    @Option(names = "--scenes", split = ",", paramLabel = "SCENE",
            description = "built-in scene names or scene files (default spheres,wall)")
    List<String> scenes;

    @Option(names = "--steps", paramLabel = "N",
            description = "steps per scene (default 1000000; with --random 300)")
    Long steps;

    @Option(names = "--report-every", paramLabel = "K",
            description = "print a progress line every K steps (default a tenth of the run; 0: none)")
    Long reportEvery;

    @Option(names = "--random", paramLabel = "N", description = "run N random scenes (promise 1's soak)")
    Integer random;

    @Option(names = "--seed", paramLabel = "S",
            description = "with --random: the first scene's number (default 0); scene S+i is the i-th")
    Long seed;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        String bad = random != null ? checkRandomArguments() : checkSceneArguments();
        if (bad != null) {
            err.println("error: " + bad);
            return Main.BAD_INPUT;
        }
        return random != null ? soakRandom() : soakScenes();
    }

    private String checkRandomArguments() {
        if (scenes != null || reportEvery != null) {
            return (scenes != null ? "--scenes" : "--report-every") + " is for a soak of named scenes, not"
                    + " with --random";
        }
        if (random < 1) {
            return "--random must be >= 1, got " + random;
        }
        if (steps != null && (steps < 1 || steps > Integer.MAX_VALUE)) {
            return "--steps must be in [1, " + Integer.MAX_VALUE + "] with --random, got " + steps;
        }
        return null;
    }

    private String checkSceneArguments() {
        if (seed != null) {
            return "--seed numbers the random scenes: give it with --random N";
        }
        if (steps != null && steps < 1) {
            return "--steps must be >= 1, got " + steps;
        }
        if (reportEvery != null && reportEvery < 0) {
            return "--report-every must be >= 0, got " + reportEvery;
        }
        if (scenes != null && (scenes.isEmpty() || scenes.stream().anyMatch(String::isBlank))) {
            return "--scenes needs scene names separated by commas, got '" + String.join(",", scenes) + "'";
        }
        return null;
    }

    // ---------------------------------------------------------------- named scenes

    private int soakScenes() {
        PrintWriter err = spec.commandLine().getErr();
        long n = steps != null ? steps : DEFAULT_STEPS;
        long every = reportEvery != null ? reportEvery : Math.max(1, n / 10);
        List<String> names = scenes != null ? scenes : DEFAULT_SCENES;
        // Every scene is loaded before the first runs: a typo in the last should not wait for the first.
        List<Simulation> built = new ArrayList<>();
        for (String name : names) {
            Scene scene = SceneArgument.load(name, List.of(), err);
            if (scene == null) {
                return Main.BAD_INPUT;
            }
            try {
                built.add(WorldBuilder.simulation(scene));
            } catch (IllegalArgumentException e) {
                err.println("error: " + name + ": " + e.getMessage());
                return Main.BAD_INPUT;
            }
        }
        boolean clean = true;
        for (int i = 0; i < names.size(); i++) {
            clean &= new SceneSoak(names.get(i), built.get(i)).run(n, every, spec.commandLine().getOut());
        }
        return clean ? 0 : Main.SIMULATION_ERROR;
    }

    /** One scene's long run and what it saw. */
    private static final class SceneSoak {

        private final String name;
        private final Simulation sim;
        /** The world's, or null for a lab scene (whose penetration is not queried). */
        private final World world;
        /** Body numbers of the bodies that move under forces and may sleep (not static, not kinematic). */
        private final int[] moving;
        /** {@code sum m (3 m/s)^2} over the moving bodies: promise 1's allowance for push-out. */
        private final double slack;

        private double e0, eMax, eMin, rise;
        private long eMaxStep, riseStep, riseFrom, eMinStep;
        private double deepest = Double.POSITIVE_INFINITY;
        private long deepestStep;
        private String deepestPair;
        private long allAsleepStep = -1;
        /** The energy when everything first slept, and the most it reached after. */
        private double eAsleep, eMaxAfterAsleep;
        private String nonFinite;
        private String explosion;

        SceneSoak(String name, Simulation sim) {
            this.name = name;
            this.sim = sim;
            this.world = sim instanceof WorldSimulation w ? w.world() : null;
            List<Integer> bodies = new ArrayList<>();
            double s = 0;
            for (int b = 0; b < sim.bodyCount(); b++) {
                double mass = mass(b);
                if (mass > 0) {
                    bodies.add(b);
                    s += mass * SceneCheck.PUSH_OUT_SPEED * SceneCheck.PUSH_OUT_SPEED;
                }
            }
            moving = bodies.stream().mapToInt(Integer::intValue).toArray();
            slack = s;
        }

        /** Body b's mass if it is dynamic (a lab body in a lab scene), else 0. */
        private double mass(int b) {
            if (sim instanceof WorldSimulation w) {
                BodyId id = w.id(b);
                return world.type(id) == BodyDef.Type.DYNAMIC ? world.mass(id) : 0;
            }
            LabWorld lab = (LabWorld) sim;
            return lab.isLabBody(b) ? lab.mass(b) : 0;
        }

        /** Runs {@code n} steps, printing progress every {@code every}; true when clean. */
        boolean run(long n, long every, PrintWriter out) {
            out.println(String.format(Locale.ROOT, "soak %s: %d bodies (%d dynamic), dt %.6g s, %d steps",
                    name, sim.bodyCount(), moving.length, sim.dt(), n));
            out.flush();
            e0 = energy();
            eMax = eMin = e0;
            // The energy bound of promise 1 (see SceneCheck): above it the scene has exploded.
            double bound = e0 + slack + 1e-9 * (Math.abs(e0) + slack);
            List<Event> events = new ArrayList<>();
            long nanos = 0, intervalNanos = 0, done = 0;
            for (long step = 1; step <= n; step++) {
                long t0 = System.nanoTime();
                try {
                    sim.step();
                } catch (SimulationException e) {
                    nonFinite = e.getMessage();
                    break;
                } catch (IllegalArgumentException e) {
                    // A finite but unusable state the step's check let through, refused by a later check.
                    nonFinite = "step " + step + ": IllegalArgumentException, not SimulationException: "
                            + e.getMessage();
                    break;
                }
                long dtNanos = System.nanoTime() - t0;
                nanos += dtNanos;
                intervalNanos += dtNanos;
                done = step;
                // Undrained events pile up in the simulation; nobody reads them here.
                sim.drainEvents(events);
                events.clear();
                double e = energy();
                if (!Double.isFinite(e)) {
                    nonFinite = "step " + step + ": the energy is " + e + " J with every body's state finite";
                    break;
                }
                watchEnergy(e, step);
                if (explosion == null && !(e <= bound)) {
                    explosion = String.format(Locale.ROOT, "at step %d: %.6g J, above the bound %.6g J"
                            + " (start + sum m (3 m/s)^2)", step, e, bound);
                }
                if (world != null) {
                    watchContacts(step);
                }
                if (allAsleepStep < 0 && allAsleep()) {
                    allAsleepStep = step;
                    eAsleep = eMaxAfterAsleep = e;
                } else if (allAsleepStep >= 0) {
                    eMaxAfterAsleep = Math.max(eMaxAfterAsleep, e);
                }
                if (every > 0 && step % every == 0) {
                    out.println(String.format(Locale.ROOT, "  step %d  ms/step %.4f  energy %.6g J  deepest"
                            + " penetration so far %s  awake %d", step, intervalNanos / 1e6 / every, e,
                            depth(), awake()));
                    out.flush();
                    intervalNanos = 0;
                }
            }
            printReport(out, done, nanos);
            return nonFinite == null && explosion == null;
        }

        private double energy() {
            return sim.kineticEnergy() + sim.potentialEnergy();
        }

        /**
         * The highest energy, and the largest rise above an earlier low: a settled scene that creeps
         * back up, or one that bounces higher than it fell, shows there even when it stays below the start.
         */
        private void watchEnergy(double e, long step) {
            if (e > eMax) {
                eMax = e;
                eMaxStep = step;
            }
            if (e < eMin) {
                eMin = e;
                eMinStep = step;
            } else if (e - eMin > rise) {
                rise = e - eMin;
                riseStep = step;
                riseFrom = eMinStep;
            }
        }

        /** The most negative separation among the contact points the step found (they are overlaps). */
        private void watchContacts(long step) {
            int points = world.contactPoints().count();
            for (int k = 0; k < points; k++) {
                double s = world.contactPoints().separation(k);
                if (s < deepest) {
                    deepest = s;
                    deepestStep = step;
                    deepestPair = world.name(world.contactPoints().bodyA(k)) + " / "
                            + world.name(world.contactPoints().bodyB(k));
                }
            }
        }

        private boolean allAsleep() {
            for (int b : moving) {
                if (!sim.isSleeping(b)) {
                    return false;
                }
            }
            return moving.length > 0;
        }

        private int awake() {
            int k = 0;
            for (int b : moving) {
                k += sim.isSleeping(b) ? 0 : 1;
            }
            return k;
        }

        private String depth() {
            if (world == null) {
                return "n/a";
            }
            return deepest < 0 ? String.format(Locale.ROOT, "%.3f mm", -deepest * 1e3) : "none";
        }

        private void printReport(PrintWriter o, long done, long nanos) {
            double e = energy();
            o.println(String.format(Locale.ROOT, "  steps run            %d (%.6g s simulated)", done,
                    sim.time()));
            o.println(String.format(Locale.ROOT, "  ms/step              %.4f",
                    done > 0 ? nanos / 1e6 / done : 0.0));
            o.println(String.format(Locale.ROOT, "  energy start         %.9g J (kinetic + potential)", e0));
            o.println(String.format(Locale.ROOT, "  energy end           %.9g J", e));
            o.println("  energy drift         " + (e0 != 0 && Double.isFinite(e)
                    ? String.format(Locale.ROOT, "%+.4g%% of the start", 100 * (e - e0) / Math.abs(e0))
                    : "n/a"));
            o.println("  energy above start   " + (eMax > e0
                    ? String.format(Locale.ROOT, "%.6g J at step %d (gain)", eMax - e0, eMaxStep)
                    : "never (gain none)"));
            o.println("  largest rise         " + (rise > 0
                    ? String.format(Locale.ROOT, "%.6g J, from step %d to step %d", rise, riseFrom, riseStep)
                    : "none (the energy never went up)"));
            o.println("  explosion            " + (world == null ? "n/a (lab scene)"
                    : explosion != null ? explosion : "none"));
            o.println("  deepest penetration  " + (world == null || deepest >= 0 ? depth()
                    : depth() + " at step " + deepestStep + " (" + deepestPair + ")"));
            o.println("  non-finite           " + (nonFinite != null ? nonFinite : "none"));
            o.println("  all asleep           " + (allAsleepStep >= 0
                    ? String.format(Locale.ROOT, "from step %d (%.6g s)", allAsleepStep,
                            allAsleepStep * sim.dt())
                    : "never"));
            if (allAsleepStep >= 0) {
                // Asleep, nothing moves; a later wake (a hit, a body sliding back) may move energy around
                // but should not add any.
                String gain = eMaxAfterAsleep > eAsleep
                        ? String.format(Locale.ROOT, "%.6g J", eMaxAfterAsleep - eAsleep) : "none";
                o.println(String.format(Locale.ROOT, "  gain after asleep    %s (%.9g J when all slept, at"
                        + " most %.9g J after)", gain, eAsleep, eMaxAfterAsleep));
            }
            o.println("  result               " + (nonFinite != null ? "NON-FINITE"
                    : explosion != null ? "EXPLOSION" : "clean"));
            o.flush();
        }
    }

    // ---------------------------------------------------------------- random scenes

    private int soakRandom() {
        long first = seed != null ? seed : 0;
        int n = steps != null ? (int) (long) steps : SceneCheck.STEPS;
        return RandomSoak.run(spec.commandLine().getOut(), first, random, n,
                (number, scene, stepCount) -> SceneCheck.run(scene, stepCount));
    }
}
