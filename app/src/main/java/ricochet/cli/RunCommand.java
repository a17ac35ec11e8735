package ricochet.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import ricochet.io.scene.InputFiles;
import ricochet.io.scene.SceneSource;
import ricochet.io.snapshot.RunSnapshotFile;
import ricochet.io.output.AtomicOutput;
import ricochet.io.trajectory.EventWriter;
import ricochet.io.trajectory.ParticleWriter;
import ricochet.io.trajectory.TrajectoryWriter;
import ricochet.world.Event;
import ricochet.world.SettingsLimits;
import ricochet.world.Simulation;
import ricochet.world.SimulationException;
import ricochet.world.WorldSimulation;

/**
 * {@code ./ricochet run SCENE [--steps N | --seconds S] [--out FILE] [--every K] [--events FILE]
 * [--particles FILE.csv]
 * [--profile | --hash] [--threads N] [--snapshot FILE [--snapshot-every N]] [--allow-paths DIR]...},
 * or {@code ./ricochet run --resume FILE ...}:
 * simulates headless and prints a summary table. A resumed run goes on from a snapshot's state, with
 * step numbers, frame numbers and time going on from it, bit for bit as if the first run had not
 * stopped. The outputs are written under temporary names and moved into place together at the end,
 * only when every one of them was written: a failed or stopped run leaves none of them.
 */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Simulates a scene headless and prints a summary table.",
                "--out, --events and --snapshot must name different files; they are written under"
                        + " temporary names and all moved into place at the end, or none is (a failed or"
                        + " stopped run leaves no output and no temporary file)."})
final class RunCommand implements Callable<Integer> {

    /** Simulated seconds when neither --steps nor --seconds is given. */
    static final double DEFAULT_SECONDS = 10;
    /** Runs at least this long show a progress bar on a terminal. */
    private static final long PROGRESS_MIN_STEPS = 5_000;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENE",
            description = "a scene file or a built-in scene's name (not with --resume)")
    String scene;

    static final class Length {
        @Option(names = "--steps", paramLabel = "N", description = "steps to simulate")
        Long steps;

        @Option(names = "--seconds", paramLabel = "S",
                description = "simulated seconds (rounded up to whole steps; default 10)")
        Double seconds;
    }

    @ArgGroup(exclusive = true)
    Length length = new Length();

    @Option(names = "--out", paramLabel = "FILE", description = "trajectory: .csv, .json, or .gltf / .glb (meshes + animation)")
    Path out;

    @Option(names = "--every", paramLabel = "K", defaultValue = "1",
            description = "write every K-th step to --out and --particles (default 1)")
    int every;

    @Option(names = "--events", paramLabel = "FILE.jsonl", description = "contact and sleep events, JSON lines")
    Path events;

    @Option(names = "--particles", paramLabel = "FILE.csv",
            description = "every particle of every cloth and soft body, at frame 0 and every K-th step (--every)")
    Path particles;

    @Option(names = "--profile", description = "also print the mean time per step of each stage of the world's step")
    boolean profile;

    @Option(names = "--hash", description = "print only the summary's state hash line (to compare runs"
            + " across JVMs and machines)")
    boolean hashOnly;

    @Option(names = "--threads", paramLabel = "N",
            description = "threads the engine's world steps on (1 to " + SettingsLimits.MAX_THREADS
                    + "; default: the scene's `threads`, else 1; the same result for any N)")
    Integer threads;

    @Option(names = "--resume", paramLabel = "FILE",
            description = "go on from a snapshot written by --snapshot (it holds the scene; no SCENE)")
    Path resume;

    @Option(names = "--snapshot", paramLabel = "FILE",
            description = "write the state to FILE at the end of the run (and every N steps with"
                    + " --snapshot-every), for --resume")
    Path snapshot;

    @Option(names = "--snapshot-every", paramLabel = "N",
            description = "also write --snapshot after every step whose number is a multiple of N")
    Long snapshotEvery;

    @Option(names = "--allow-paths", paramLabel = "DIR", description = SceneArgument.ALLOW_PATHS_HELP)
    List<Path> allowPaths = new ArrayList<>();

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        if (every < 1) {
            err.println("error: --every must be >= 1, got " + every);
            return Main.BAD_INPUT;
        }
        if ((scene == null) == (resume == null)) {
            err.println(scene == null
                    ? "error: missing SCENE (a scene file or a built-in scene's name), or --resume FILE"
                    : "error: give either SCENE or --resume FILE, not both (a snapshot holds its scene)");
            return Main.BAD_INPUT;
        }
        if (hashOnly && profile) {
            err.println("error: --hash prints only the state hash; leave out --profile");
            return Main.BAD_INPUT;
        }
        if (threads != null && threads < 1) {
            err.println("error: --threads must be >= 1, got " + threads);
            return Main.BAD_INPUT;
        }
        if (threads != null && threads > SettingsLimits.MAX_THREADS) {
            err.println("error: --threads must be at most " + SettingsLimits.MAX_THREADS + ", got " + threads);
            return Main.BAD_INPUT;
        }
        if (!SceneArgument.checkAllowed(allowPaths, err) || !outputsDiffer(err)) {
            return Main.BAD_INPUT;
        }
        if (snapshotEvery != null && (snapshotEvery < 1 || snapshot == null)) {
            err.println(snapshotEvery < 1 ? "error: --snapshot-every must be >= 1, got " + snapshotEvery
                    : "error: --snapshot-every needs --snapshot FILE");
            return Main.BAD_INPUT;
        }
        if (snapshot != null && !Files.isDirectory(snapshot.toAbsolutePath().getParent())) {
            err.println("error: --snapshot " + snapshot + ": folder " + snapshot.toAbsolutePath().getParent()
                    + " does not exist");
            return Main.BAD_INPUT;
        }
        SceneSource source;
        Simulation sim;
        if (resume != null) {
            RunSnapshotFile.Contents contents;
            try {
                contents = RunSnapshotFile.read(resume);
            } catch (NoSuchFileException e) {
                err.println("error: --resume: file not found: " + e.getFile());
                return Main.BAD_INPUT;
            } catch (InputFiles.Refused e) {
                err.println("error: --resume " + e.getMessage());
                return Main.BAD_INPUT;
            } catch (IOException | IllegalArgumentException e) {
                err.println("error: --resume " + (e instanceof IOException ? resume + ": " : "")
                        + e.getMessage());
                return Main.BAD_INPUT;
            }
            source = SceneArgument.read(contents::scene, resume.toString(), err);
            if (source == null) {
                return Main.BAD_INPUT;
            }
            sim = SceneArgument.build(source.scene(), resume.toString(), err);
            if (sim == null) {
                return Main.BAD_INPUT;
            }
            try {
                sim.restore(contents.state());
            } catch (IllegalArgumentException e) {
                SceneArgument.close(sim);
                err.println("error: --resume " + resume + ": " + e.getMessage());
                return Main.BAD_INPUT;
            }
        } else {
            source = SceneArgument.loadSource(scene, allowPaths, err);
            if (source == null) {
                return Main.BAD_INPUT;
            }
            sim = SceneArgument.build(source.scene(), scene, err);
            if (sim == null) {
                return Main.BAD_INPUT;
            }
        }
        if (threads != null && sim instanceof WorldSimulation w) {
            w.world().setThreads(threads);
        }
        try {
            return run(sim, source, err);
        } finally {
            SceneArgument.close(sim);
        }
    }

    /** Whether --out, --events and --snapshot name different files; else false after saying which. */
    private boolean outputsDiffer(PrintWriter err) {
        String[] names = {"--out", "--events", "--snapshot", "--particles"};
        Path[] paths = {out, events, snapshot, particles};
        for (int i = 0; i < paths.length; i++) {
            for (int j = i + 1; j < paths.length; j++) {
                if (paths[i] != null && paths[j] != null && same(paths[i], paths[j])) {
                    err.println("error: " + names[i] + " and " + names[j] + " both name "
                            + paths[i].toAbsolutePath().normalize() + "; give each output its own file");
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether two paths name one file: the same after normalizing, or the same existing file. */
    private static boolean same(Path a, Path b) {
        Path x = a.toAbsolutePath().normalize();
        Path y = b.toAbsolutePath().normalize();
        if (x.equals(y)) {
            return true;
        }
        try {
            return Files.exists(x) && Files.exists(y) && Files.isSameFile(x, y);
        } catch (IOException e) {
            return false;
        }
    }

    private int run(Simulation sim, SceneSource source, PrintWriter err) throws IOException {
        long steps = stepCount(sim.dt(), err);
        if (steps < 0) {
            return Main.BAD_INPUT;
        }
        TrajectoryWriter trajectory = null;
        EventWriter eventWriter = null;
        ParticleWriter particleWriter = null;
        try {
            trajectory = out == null ? null : TrajectoryWriter.open(out, source.scene());
            eventWriter = events == null ? null : new EventWriter(events);
            particleWriter = particles == null ? null : new ParticleWriter(particles);
            return simulate(sim, source, steps, trajectory, eventWriter, particleWriter);
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            return Main.BAD_INPUT;
        } catch (IOException e) {
            err.println("error: cannot write output: " + e.getMessage());
            return Main.BAD_INPUT;
        } finally {
            if (trajectory != null) {
                trajectory.close();
            }
            if (eventWriter != null) {
                eventWriter.close();
            }
            if (particleWriter != null) {
                particleWriter.close();
            }
        }
    }

    /** The steps asked for, or -1 after printing why the request is bad. */
    private long stepCount(double dt, PrintWriter err) {
        if (length.steps != null) {
            if (length.steps < 0) {
                err.println("error: --steps must be >= 0, got " + length.steps);
                return -1;
            }
            return length.steps;
        }
        double seconds = length.seconds != null ? length.seconds : DEFAULT_SECONDS;
        if (!(seconds >= 0) || !Double.isFinite(seconds)) {
            err.println("error: --seconds must be a finite number >= 0, got " + seconds);
            return -1;
        }
        // The tolerance keeps 10 s at dt 0.01 from becoming 1001 steps through round-off.
        return (long) Math.ceil(seconds / dt - 1e-9);
    }

    /**
     * Steps {@code steps} times from where the simulation is (step 0, or the resumed snapshot's step):
     * frames and snapshots are numbered by the simulation's own step count, so a resumed run's go on
     * from the first run's. Its first frame is the state it starts from, as frame 0 is a fresh run's.
     */
    private int simulate(Simulation sim, SceneSource source, long steps, TrajectoryWriter trajectory,
                         EventWriter eventWriter, ParticleWriter particleWriter) throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        List<Event> drained = new ArrayList<>();
        long first = sim.stepCount();
        if (trajectory != null) {
            trajectory.writeFrame(first, sim);
        }
        if (particleWriter != null) {
            particleWriter.writeFrame(first, sim);
        }
        ProgressBar bar = steps >= PROGRESS_MIN_STEPS && System.console() != null
                ? new ProgressBarBuilder().setTaskName("run").setInitialMax(steps).continuousUpdate()
                        .setConsumer(new ConsoleProgressBarConsumer(System.err)).build()
                : null;
        long start = System.nanoTime();
        long stepNanos = 0;
        try {
            for (long i = 1; i <= steps; i++) {
                long t0 = System.nanoTime();
                sim.step();
                stepNanos += System.nanoTime() - t0;
                long n = first + i;
                if (trajectory != null && n % every == 0) {
                    trajectory.writeFrame(n, sim);
                }
                if (particleWriter != null && n % every == 0) {
                    particleWriter.writeFrame(n, sim);
                }
                if (eventWriter != null) {
                    sim.drainEvents(drained);
                    for (Event e : drained) {
                        eventWriter.write(e);
                    }
                    drained.clear();
                } else {
                    // Nobody reads them: kept, they would fill memory and every snapshot.
                    sim.discardEvents();
                }
                if (snapshotEvery != null && n % snapshotEvery == 0) {
                    RunSnapshotFile.write(snapshot, source, sim.snapshot());
                }
                if (bar != null && (i & 63) == 0) {
                    bar.stepTo(i);
                }
            }
        } catch (SimulationException e) {
            err.println("error: simulation failed: " + e.getMessage());
            return Main.SIMULATION_ERROR;
        } finally {
            if (bar != null) {
                bar.close();
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        // Every output is written in full beside its target first; only then are they moved into
        // place, so that a failure in any leaves the targets as they were.
        try (AtomicOutput snapshotOut = snapshot == null ? null
                : RunSnapshotFile.prepare(snapshot, source, sim.snapshot())) {
            if (trajectory != null) {
                trajectory.prepare();
            }
            if (eventWriter != null) {
                eventWriter.prepare();
            }
            if (particleWriter != null) {
                particleWriter.prepare();
            }
            if (snapshotOut != null) {
                snapshotOut.commit();
            }
            if (trajectory != null) {
                trajectory.commit();
            }
            if (eventWriter != null) {
                eventWriter.commit();
            }
            if (particleWriter != null) {
                particleWriter.commit();
            }
        }
        printSummary(sim, first, steps, seconds, stepNanos);
        return 0;
    }

    /**
     * @param wallSeconds the whole loop (steps, trajectory, events)
     * @param stepNanos the steps alone
     */
    private void printSummary(Simulation sim, long first, long steps, double wallSeconds, long stepNanos) {
        PrintWriter o = spec.commandLine().getOut();
        String hash = String.format(Locale.ROOT, "state hash       %016x", sim.stateHash());
        if (hashOnly) {
            o.println(hash);
            return;
        }
        int sleeping = 0;
        for (int b = 0; b < sim.bodyCount(); b++) {
            sleeping += sim.isSleeping(b) ? 1 : 0;
        }
        o.println("scene            " + (scene != null ? scene : resume + " (resumed at step " + first
                + ")"));
        o.println("steps            " + steps);
        o.println(String.format(Locale.ROOT, "simulated time   %.6g s", sim.time()));
        o.println("bodies           " + sim.bodyCount());
        o.println("contacts         " + sim.contactCount());
        o.println(String.format(Locale.ROOT, "kinetic energy   %.6g J", sim.kineticEnergy()));
        o.println("sleeping bodies  " + sleeping);
        o.println(String.format(Locale.ROOT, "steps/s          %.0f",
                wallSeconds > 0 ? steps / wallSeconds : Double.POSITIVE_INFINITY));
        // The steps' own wall time, without writing the trajectory and events.
        o.println(String.format(Locale.ROOT, "ms/step          %.4f", steps > 0 ? stepNanos / 1e6 / steps : 0.0));
        if (out != null) {
            o.println("trajectory       " + out);
        }
        if (events != null) {
            o.println("events           " + events);
        }
        if (particles != null) {
            o.println("particles        " + particles);
        }
        if (snapshot != null) {
            o.println("snapshot         " + snapshot + " (step " + sim.stepCount() + ")");
        }
        o.println(hash);
        if (sim instanceof WorldSimulation w) {
            o.println("threads          " + w.world().threads());
        }
        if (profile) {
            if (sim instanceof WorldSimulation w) {
                o.println("profile (mean wall time per step by stage):");
                o.print(w.world().profile());
            } else {
                o.println("profile          none: a lab scene runs in the lab world, which has no stages");
            }
        }
    }
}
