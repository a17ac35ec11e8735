package ricochet.sweep;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.Serializable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import ricochet.io.scene.BodySpec;
import ricochet.io.scene.BodyType;
import ricochet.io.scene.Scene;
import ricochet.io.scene.SceneException;
import ricochet.io.scene.SceneReader;
import ricochet.lab.LabWorld;
import ricochet.scenes.WorldBuilder;
import ricochet.world.ContactPoints;
import ricochet.world.Simulation;
import ricochet.world.WorldSimulation;

/**
 * Everything a task needs to run any variant of one sweep, sent once to each worker: the scene
 * file's text and its OBJ files' bytes (so a worker needs no file of the user's), the parameters'
 * paths, the metrics and the run's length. A variant is the scene text with its values put in at
 * the paths, read by the scene reader, built by the world builder and stepped as
 * {@code ./ricochet run} steps it, so its state hash is the one {@code run --hash} prints for that
 * scene written out.
 */
final class SweepJob implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String sceneName;
    private final String json;
    private final HashMap<String, byte[]> objFiles;
    private final List<String> paths;
    private final List<Metric> metrics;
    /** Steps per variant, or -1 to derive them from {@link #seconds} and the variant's dt. */
    private final long steps;
    private final double seconds;
    /** Trajectory frames every this many steps, or 0 for no trajectory. */
    private final int every;

    SweepJob(String sceneName, String json, Map<String, byte[]> objFiles, List<String> paths,
             List<Metric> metrics, long steps, double seconds, int every) {
        this.sceneName = sceneName;
        this.json = json;
        this.objFiles = new HashMap<>(objFiles);
        this.paths = List.copyOf(paths);
        this.metrics = List.copyOf(metrics);
        this.steps = steps;
        this.seconds = seconds;
        this.every = every;
    }

    List<Metric> metrics() {
        return metrics;
    }

    /** The variant's scene file text: the base text with its values put in. */
    String variantJson(Variant v) {
        JsonNode root;
        try {
            root = SceneEdit.MAPPER.readTree(json.startsWith("\uFEFF") ? json.substring(1) : json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(sceneName + ": " + e.getOriginalMessage(), e);
        }
        for (int j = 0; j < paths.size(); j++) {
            SceneEdit.resolve(root, paths.get(j)).apply(root, v.values()[j], v.literals()[j]);
        }
        try {
            return SceneEdit.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The variant's scene, checked as a scene file is; throws the reader's exception with every problem. */
    Scene scene(Variant v) throws SceneException {
        return SceneReader.parseWithObjFiles(variantJson(v), sceneName + " variant " + v.index(), objFiles);
    }

    /** The steps a variant of time step {@code dt} runs, as {@code ./ricochet run} counts them. */
    long steps(double dt) {
        // The tolerance keeps 10 s at dt 0.01 from becoming 1001 steps through round-off.
        return steps >= 0 ? steps : (long) Math.ceil(seconds / dt - 1e-9);
    }

    /** Runs one variant; any failure becomes a failed outcome carrying its message. */
    Outcome run(Variant v) {
        long start = System.nanoTime();
        double[] values = new double[metrics.size()];
        Arrays.fill(values, Double.NaN);
        Recorder recorder = every > 0 ? new Recorder(every) : null;
        Simulation sim = null;
        try {
            Scene scene = scene(v);
            sim = WorldBuilder.simulation(scene);
            Probe probe = new Probe(sim, scene, metrics);
            long n = steps(sim.dt());
            probe.observe(sim);
            if (recorder != null) {
                recorder.frame(sim);
            }
            for (long i = 1; i <= n; i++) {
                sim.step();
                // As run does without --events: nobody reads them, and kept they would fill memory.
                sim.discardEvents();
                probe.observe(sim);
                if (recorder != null && i % every == 0) {
                    recorder.frame(sim);
                }
            }
            probe.finish(sim, values);
            for (int m = 0; m < values.length; m++) {
                if (Double.isInfinite(values[m]) || (Double.isNaN(values[m])
                        && metrics.get(m).kind() != Metric.Kind.REST_TIME)) {
                    throw new IllegalStateException("metric " + metrics.get(m).name() + " is " + values[m]);
                }
            }
            String hash = String.format(Locale.ROOT, "%016x", sim.stateHash());
            return new Outcome(v.index(), values, null, hash, millisSince(start),
                    recorder == null ? null : recorder.trajectory());
        } catch (SceneException e) {
            return failed(v, start, e.getMessage().replace('\n', ' ').replaceAll(" +", " "), recorder);
        } catch (RuntimeException | StackOverflowError e) {
            String message = e.getMessage();
            return failed(v, start, message == null ? e.toString() : message, recorder);
        } finally {
            if (sim instanceof WorldSimulation w) {
                w.world().close();
            }
        }
    }

    private Outcome failed(Variant v, long start, String error, Recorder recorder) {
        double[] empty = new double[metrics.size()];
        Arrays.fill(empty, Double.NaN);
        return new Outcome(v.index(), empty, error, null, millisSince(start),
                recorder == null ? null : recorder.trajectory());
    }

    private static double millisSince(long start) {
        return Math.round((System.nanoTime() - start) / 1e3) / 1e3;
    }

    /** Follows the metrics through a run: a few numbers kept per step, nothing allocated for most. */
    private static final class Probe {
        private final List<Metric> metrics;
        private final int[] bodyOf;
        private final boolean[] dynamic;
        private final double[] state = new double[13];
        private final double[] maxSpeed;
        private final boolean wantsRest;
        private final boolean wantsPenetration;
        private double restTime = Double.NaN;
        private double penetration;

        Probe(Simulation sim, Scene scene, List<Metric> metrics) {
            this.metrics = metrics;
            Map<String, Integer> index = new HashMap<>();
            for (int b = 0; b < sim.bodyCount(); b++) {
                index.put(sim.bodyName(b), b);
            }
            bodyOf = new int[metrics.size()];
            maxSpeed = new double[metrics.size()];
            boolean rest = false;
            boolean pen = false;
            for (int m = 0; m < metrics.size(); m++) {
                Metric metric = metrics.get(m);
                if (metric.body() != null) {
                    Integer b = index.get(metric.body());
                    if (b == null) {
                        throw new IllegalArgumentException("metric " + metric.name() + ": no body '"
                                + metric.body() + "'");
                    }
                    bodyOf[m] = b;
                }
                rest |= metric.kind() == Metric.Kind.REST_TIME;
                pen |= metric.kind() == Metric.Kind.MAX_PENETRATION;
            }
            wantsRest = rest;
            wantsPenetration = pen;
            // Bodies the scene does not list (a ragdoll's parts) are dynamic.
            Set<String> notDynamic = new HashSet<>();
            for (BodySpec b : scene.bodies()) {
                if (b.type() != BodyType.DYNAMIC) {
                    notDynamic.add(b.name());
                }
            }
            dynamic = new boolean[sim.bodyCount()];
            for (int b = 0; b < sim.bodyCount(); b++) {
                dynamic[b] = sim instanceof LabWorld lab ? lab.isLabBody(b) : !notDynamic.contains(sim.bodyName(b));
            }
        }

        void observe(Simulation sim) {
            for (int m = 0; m < metrics.size(); m++) {
                if (metrics.get(m).kind() == Metric.Kind.MAX_SPEED) {
                    sim.readState(bodyOf[m], state);
                    double speed = Math.sqrt(state[7] * state[7] + state[8] * state[8] + state[9] * state[9]);
                    maxSpeed[m] = Math.max(maxSpeed[m], speed);
                }
            }
            if (wantsRest && Double.isNaN(restTime) && sim.stepCount() > 0 && allAsleep(sim)) {
                restTime = sim.time();
            }
            if (wantsPenetration) {
                penetration = Math.max(penetration, depth(sim));
            }
        }

        private boolean allAsleep(Simulation sim) {
            for (int b = 0; b < dynamic.length; b++) {
                if (dynamic[b] && !sim.isSleeping(b)) {
                    return false;
                }
            }
            return true;
        }

        /** The deepest overlap now, metres (0 when nothing overlaps). */
        private double depth(Simulation sim) {
            double deepest = 0;
            if (sim instanceof WorldSimulation w) {
                ContactPoints points = w.world().contactPoints();
                for (int k = 0; k < points.count(); k++) {
                    deepest = Math.max(deepest, -points.separation(k));
                }
            } else if (sim instanceof LabWorld lab) {
                for (int b = 0; b < lab.bodyCount(); b++) {
                    if (!lab.isLabBody(b)) {
                        continue;
                    }
                    for (int c = 0; c < lab.bodyCount(); c++) {
                        if (!lab.isLabBody(c)) {
                            deepest = Math.max(deepest, -lab.clearance(b, c));
                        }
                    }
                }
            }
            return deepest;
        }

        void finish(Simulation sim, double[] out) {
            for (int m = 0; m < metrics.size(); m++) {
                Metric metric = metrics.get(m);
                switch (metric.kind()) {
                    case FINAL -> {
                        sim.readState(bodyOf[m], state);
                        out[m] = state[metric.axis()];
                    }
                    case MAX_SPEED -> out[m] = maxSpeed[m];
                    case REST_TIME -> out[m] = restTime;
                    case MAX_PENETRATION -> out[m] = penetration;
                    case ENERGY -> out[m] = sim.kineticEnergy() + sim.potentialEnergy();
                    default -> throw new IllegalStateException(metric.kind().toString());
                }
            }
        }
    }

    /** Keeps the frames of a run, growing its arrays by doubling. */
    private static final class Recorder {
        private final int every;
        private String[] bodies;
        private long[] frames = new long[16];
        private double[] times = new double[16];
        private double[] states = new double[0];
        private final double[] state = new double[13];
        private int count;

        Recorder(int every) {
            this.every = every;
        }

        void frame(Simulation sim) {
            int n = sim.bodyCount();
            if (bodies == null) {
                bodies = new String[n];
                for (int b = 0; b < n; b++) {
                    bodies[b] = sim.bodyName(b);
                }
                states = new double[16 * n * 13];
            }
            if (count == frames.length) {
                frames = Arrays.copyOf(frames, 2 * count);
                times = Arrays.copyOf(times, 2 * count);
                states = Arrays.copyOf(states, 2 * count * n * 13);
            }
            frames[count] = sim.stepCount();
            times[count] = sim.time();
            for (int b = 0; b < n; b++) {
                sim.readState(b, state);
                System.arraycopy(state, 0, states, (count * n + b) * 13, 13);
            }
            count++;
        }

        Outcome.Trajectory trajectory() {
            int n = bodies == null ? 0 : bodies.length;
            return new Outcome.Trajectory(bodies == null ? new String[0] : bodies, Arrays.copyOf(frames, count),
                    Arrays.copyOf(times, count), Arrays.copyOf(states, count * n * 13));
        }
    }
}
