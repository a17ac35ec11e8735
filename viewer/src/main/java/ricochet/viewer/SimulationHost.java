package ricochet.viewer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import ricochet.io.scene.BodySpec;
import ricochet.io.scene.BodyType;
import ricochet.io.scene.Scene;
import ricochet.io.scene.Settings;
import ricochet.lab.LabMethod;
import ricochet.lab.LabWorld;
import ricochet.math.Vec3;
import ricochet.scenes.SimulationBodies;
import ricochet.scenes.WorldBuilder;
import ricochet.world.Simulation;
import ricochet.world.SimulationException;
import ricochet.world.WorldSimulation;

/**
 * One simulation of a scene stepped on its own thread in real time, and the viewer's commands on
 * it. Before {@link #launch()} the scene stands at its initial pose with its bodies at rest; launch
 * rebuilds it with the scene's velocities and starts time. Every method is safe from any thread:
 * commands and steps take turns on one lock, so a command never sees half a step.
 */
final class SimulationHost implements AutoCloseable {

    /**
     * Steps the thread may run to catch up after a stall; behind by more, it drops the lag and runs
     * in slow motion rather than spiralling (each catch-up step making it later still).
     */
    private static final int MAX_CATCH_UP = 8;
    /** Frame header, doubles: see {@link #frame}. */
    static final int HEADER = 12;
    /** Doubles per body in a frame: see {@link #frame}. */
    static final int PER_BODY = 14;

    private Scene scene;
    private boolean lab;
    private final Object lock = new Object();
    private final double[] state = new double[13];
    private final Thread thread;
    private volatile boolean running = true;

    private ViewerParams params = ViewerParams.NONE;
    private Simulation sim;
    private boolean launched;
    private boolean paused;
    private String error;
    /** Built when a page first asks for contacts. */
    private ContactProbe probe;
    /** Bumped by every step and command: the broadcaster sends a frame only when it moved. */
    private long version;
    private double stepsPerSecond;
    private long windowStart = System.nanoTime();
    private long windowSteps;
    /** The scene's joints as lines between their anchors. */
    private final JointLines jointLines;
    /** See {@link #bodySpecs}. */
    private List<BodySpec> bodies;
    /** The mouse spring, or null when nothing is dragged; a rebuild of the world drops it. */
    private MouseSpring drag;
    /** The particle the mouse holds, or null. */
    private ViewerSoftBodies.Grab particleDrag;
    /** The characters' frame, state and inputs; a rebuild hands them back to their tracks. */
    private ViewerCharacters characters = new ViewerCharacters();
    /** Snapshots of the run since the launch, for the timeline. */
    private final ViewerTimeline timeline = new ViewerTimeline();
    /** The panel's world settings, applied to every world built. */
    private ViewerWorldSettings worldSettings = ViewerWorldSettings.NONE;
    /** Bumped by every switch of scene: a page drawing another scene reloads. */
    private long sceneGeneration;
    /** The vehicles' frame block, state and inputs; a rebuild hands them back to their tracks. */
    private ViewerVehicles vehicles = new ViewerVehicles();

    /**
     * @throws IllegalArgumentException when the scene cannot be simulated (naming the body)
     */
    SimulationHost(Scene scene) {
        this.scene = scene;
        this.lab = WorldBuilder.usesLabMethods(scene);
        this.sim = build(params, false);
        this.bodies = SimulationBodies.specs(scene, sim);
        this.jointLines = new JointLines();
        thread = new Thread(this::loop, "ricochet-viewer-sim");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Every body of the simulation, its order: the scene's, then those the world made (ragdoll parts,
     * vehicle chassis, fractured bodies' pieces).
     */
    List<BodySpec> bodies() {
        synchronized (lock) {
            return bodies;
        }
    }

    Scene scene() {
        synchronized (lock) {
            return scene;
        }
    }

    // ---------------------------------------------------------------- commands

    /** Runs a command and reads the state after it with no step in between. */
    ObjectNode apply(Runnable command) {
        synchronized (lock) {
            command.run();
            return stateJson();
        }
    }

    /** Rebuilds the scene with its initial velocities and starts time. */
    void launch() {
        synchronized (lock) {
            rebuild(true);
            drag = null;
            launched = true;
            paused = false;
            error = null;
            changed();
        }
    }

    /** Back to the initial pose at rest, time 0, waiting for a launch. */
    void reset() {
        synchronized (lock) {
            rebuild(false);
            drag = null;
            launched = false;
            paused = false;
            error = null;
            changed();
        }
    }

    /** Pauses a running simulation, or resumes a paused one; before a launch it does nothing. */
    void togglePause() {
        synchronized (lock) {
            if (launched) {
                paused = !paused;
                changed();
            }
        }
    }

    /** Pauses and advances one step (launching first, paused, when not yet launched). */
    void stepOnce() {
        synchronized (lock) {
            if (!launched) {
                rebuild(true);
                drag = null;
                launched = true;
                error = null;
            }
            paused = true;
            stepGuarded();
            changed();
        }
    }

    /**
     * Applies the fields of {@code body} (any of method, restitution, friction, dt, substeps). The lab
     * world takes every one at once; the engine's world takes sub-steps and its dynamic bodies'
     * friction and restitution at once, and dt at the next launch or reset (fixed when it is built).
     *
     * @throws ViewerParams.BadParam naming the field, with nothing changed
     */
    void setParams(JsonNode body) {
        synchronized (lock) {
            ViewerParams next = params.merge(body);
            if (next.method() != null && !lab) {
                throw new ViewerParams.BadParam("method", "this scene has no lab-method bodies (its bodies use"
                        + " the engine's solver)");
            }
            // A trial build finds what only the world checks (the log barrier needs epsilon > 0).
            try {
                closeWorkers(build(next, false));
            } catch (IllegalArgumentException e) {
                String field = body.fieldNames().hasNext() ? body.fieldNames().next() : "body";
                throw new ViewerParams.BadParam(field, e.getMessage());
            }
            params = next;
            applyLive();
            changed();
        }
    }

    /** A drag asked of the lab methods' world, which has no joints: HTTP 409. */
    static final class DragUnavailable extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        DragUnavailable(String message) {
            super(message);
        }
    }

    /**
     * {@code POST /api/drag}: grabs body {@code body} (its name) at world point {@code point} with the
     * mouse spring, dropping any earlier grab. Before a launch it launches the scene, as {@code l}
     * does (dragging means time runs); a paused simulation stays paused.
     *
     * @throws ViewerParams.BadParam naming the field (body: unknown, not dynamic; point: not three
     *     finite numbers; any other field), with nothing changed
     * @throws DragUnavailable for the lab methods' world
     */
    void startDrag(JsonNode body) {
        synchronized (lock) {
            if (lab) {
                throw new DragUnavailable("drag: the lab methods' world has no joints to drag with; dragging works"
                        + " in scenes solved by the engine (pyramid, wall, ...)");
            }
            requireObject(body, "body, point");
            if (body.has("particle")) {
                startParticleDrag(body);
                return;
            }
            String name = null;
            Vec3 point = null;
            for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                switch (f.getKey()) {
                    case "body" -> name = bodyName(f.getValue());
                    case "point" -> point = point(f.getValue());
                    default -> throw new ViewerParams.BadParam(f.getKey(), "unknown field (expected body, point)");
                }
            }
            if (name == null) {
                throw new ViewerParams.BadParam("body", "missing (the name of the body to drag)");
            }
            if (point == null) {
                throw new ViewerParams.BadParam("point", "missing (the grabbed point, world space, m)");
            }
            int b = bodyIndex(name);
            if (bodies.get(b).type() != BodyType.DYNAMIC) {
                throw new ViewerParams.BadParam("body", "'" + name + "' is " + bodies.get(b).type().key()
                        + "; only dynamic bodies can be dragged");
            }
            if (!launched) {
                rebuild(true);
                drag = null;
                launched = true;
                paused = false;
                error = null;
            }
            MouseSpring next;
            try {
                next = MouseSpring.grab((WorldSimulation) sim, b, point);
            } catch (IllegalArgumentException e) {
                throw new ViewerParams.BadParam("body", e.getMessage());
            }
            endDragLocked();
            drag = next;
            changed();
        }
    }

    /**
     * {@code POST /api/drag/move}: moves the cursor's point of the grab to {@code point}.
     *
     * @throws ViewerParams.BadParam naming the field, with nothing changed
     * @throws DragUnavailable when nothing is being dragged (a reset or another tab ended it)
     */
    void moveDrag(JsonNode body) {
        synchronized (lock) {
            requireObject(body, "point");
            Vec3 point = null;
            for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                if (!f.getKey().equals("point")) {
                    throw new ViewerParams.BadParam(f.getKey(), "unknown field (expected point)");
                }
                point = point(f.getValue());
            }
            if (point == null) {
                throw new ViewerParams.BadParam("point", "missing (the cursor's point, world space, m)");
            }
            if (particleDrag != null) {
                particleDrag.moveTo(point);
                changed();
                return;
            }
            if (drag == null) {
                throw new DragUnavailable("drag: nothing is being dragged (a reset or launch ends a drag)");
            }
            drag.moveTo(point);
            changed();
        }
    }

    /**
     * {@code POST /api/character/input}: see {@link ViewerCharacters#parse}. The character's input
     * track stops driving it; the input holds from the next step on, until the next input. Before a
     * launch it launches the scene, as {@code l} does; a paused simulation stays paused.
     *
     * @throws ViewerParams.BadParam naming the field, with nothing changed
     * @throws ViewerCharacters.Unavailable when the scene has no characters
     */
    void characterInput(JsonNode body) {
        synchronized (lock) {
            ViewerCharacters.Input in = ViewerCharacters.parse(sim, body);
            if (!launched) {
                rebuild(true);
                drag = null;
                launched = true;
                paused = false;
                error = null;
            }
            characters.apply((WorldSimulation) sim, in);
            changed();
        }
    }

    /**
     * {@code POST /api/vehicle/input}: see {@link ViewerVehicles#parse}. The vehicle's input track
     * stops driving it; the input holds from the next step on, until the next input. Before a launch
     * it launches the scene, as {@code l} does; a paused simulation stays paused.
     *
     * @throws ViewerParams.BadParam naming the field, with nothing changed
     * @throws ViewerVehicles.Unavailable when the scene has no vehicles
     */
    void vehicleInput(JsonNode body) {
        synchronized (lock) {
            ViewerVehicles.Input in = ViewerVehicles.parse(sim, body);
            if (!launched) {
                sim = build(params, true);
                drag = null;
                launched = true;
                paused = false;
                error = null;
            }
            vehicles.apply((WorldSimulation) sim, in);
            changed();
        }
    }

    /** {@code GET /api/vehicles}: time, step and {@link ViewerVehicles#state} under {@code vehicles}. */
    ObjectNode vehiclesJson() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        synchronized (lock) {
            root.put("time", sim.time());
            root.put("step", sim.stepCount());
            vehicles.state(sim, root.putObject("vehicles"));
        }
        return root;
    }

    /** {@code POST /api/drag/end}: lets go of the dragged body, if any. */
    void endDrag() {
        synchronized (lock) {
            endDragLocked();
            changed();
        }
    }

    /** {@link #startDrag} of a cloth's or soft body's particle: {@code {body, particle, point}}. */
    private void startParticleDrag(JsonNode body) {
        JsonNode name = body.get("body");
        JsonNode p = body.get("point");
        if (name == null || !name.isTextual()) {
            throw new ViewerParams.BadParam("body", "missing (the name of the cloth or soft body to drag)");
        }
        if (p == null) {
            throw new ViewerParams.BadParam("point", "missing (the grabbed point, world space, m)");
        }
        Vec3 point = point(p);
        ViewerSoftBodies.Grab.start(sim, name.asText(), body.get("particle"), point);
        if (!launched) {
            sim = build(params, true);
            drag = null;
            launched = true;
            paused = false;
            error = null;
        }
        ViewerSoftBodies.Grab next = ViewerSoftBodies.Grab.start(sim, name.asText(), body.get("particle"), point);
        endDragLocked();
        particleDrag = next;
        changed();
    }

    private void endDragLocked() {
        if (particleDrag != null) {
            particleDrag.release();
            particleDrag = null;
        }
        if (drag != null) {
            drag.release();
            drag = null;
        }
    }

    private static void requireObject(JsonNode body, String fields) {
        if (body == null || !body.isObject()) {
            throw new ViewerParams.BadParam("body", "expected a JSON object with " + fields);
        }
    }

    private String bodyName(JsonNode v) {
        if (!v.isTextual()) {
            throw new ViewerParams.BadParam("body", "expected a body's name, got " + v);
        }
        bodyIndex(v.asText());
        return v.asText();
    }

    private int bodyIndex(String name) {
        for (int b = 0; b < bodies.size(); b++) {
            if (bodies.get(b).name().equals(name)) {
                return b;
            }
        }
        throw new ViewerParams.BadParam("body", "no body named '" + name + "' in this scene");
    }

    private static Vec3 point(JsonNode v) {
        if (!v.isArray() || v.size() != 3) {
            throw new ViewerParams.BadParam("point", "expected [x, y, z], got " + v);
        }
        double[] p = new double[3];
        for (int i = 0; i < 3; i++) {
            JsonNode c = v.get(i);
            p[i] = c.asDouble();
            if (!c.isNumber() || !Double.isFinite(p[i])) {
                throw new ViewerParams.BadParam("point", "expected three finite numbers, got " + v);
            }
        }
        return new Vec3(p[0], p[1], p[2]);
    }

    /** {@code GET /api/softbodies}: see {@link ViewerSoftBodies#json}. */
    com.fasterxml.jackson.databind.node.ArrayNode softBodiesJson() {
        synchronized (lock) {
            return ViewerSoftBodies.json(sim);
        }
    }

    /** {@code GET /api/joints}: see {@link JointLines#json}. */
    ObjectNode jointsJson() {
        synchronized (lock) {
            return jointLines.json(sim, drag);
        }
    }

    /** The simulation being shown now (tests read materials through it). */
    Simulation simulation() {
        synchronized (lock) {
            return sim;
        }
    }

    private void applyLive() {
        if (sim instanceof LabWorld w) {
            for (int b = 0; b < w.bodyCount(); b++) {
                if (!w.isLabBody(b)) {
                    continue;
                }
                if (params.method() != null) {
                    w.setMethod(b, LabMethod.fromKey(params.method()));
                }
                w.setMaterial(b, params.restitution() != null ? params.restitution() : w.restitution(b),
                        params.friction() != null ? params.friction() : w.friction(b));
            }
            w.setTiming(params.dt() != null ? params.dt() : w.dt(),
                    params.substeps() != null ? params.substeps() : w.substeps());
        } else if (sim instanceof WorldSimulation w) {
            if (params.substeps() != null) {
                w.world().setSubsteps(params.substeps());
            }
            // Materials of the dynamic bodies change in place, as the build applies them.
            for (int b = 0; b < w.bodyCount(); b++) {
                if (bodies.get(b).type() != BodyType.DYNAMIC) {
                    continue;
                }
                if (params.friction() != null) {
                    w.world().setFriction(w.id(b), params.friction());
                }
                if (params.restitution() != null) {
                    w.world().setRestitution(w.id(b), params.restitution());
                }
            }
        }
    }

    // ---------------------------------------------------------------- scene picker, settings, timeline

    /**
     * Switches to another scene, waiting for a launch as at the start; the panel's settings go back
     * to the new scene's own.
     *
     * @throws ViewerParams.BadParam naming {@code scene} when the scene cannot be simulated, with
     *     nothing changed
     */
    void loadScene(Scene next) {
        synchronized (lock) {
            Simulation built;
            try {
                built = build(next, ViewerParams.NONE, false);
            } catch (IllegalArgumentException e) {
                throw new ViewerParams.BadParam("scene", e.getMessage());
            }
            Simulation old = sim;
            scene = next;
            lab = WorldBuilder.usesLabMethods(next);
            params = ViewerParams.NONE;
            worldSettings = ViewerWorldSettings.NONE;
            sim = built;
            bodies = SimulationBodies.specs(next, built);
            characters = new ViewerCharacters();
            vehicles = new ViewerVehicles();
            probe = null;
            drag = null;
            particleDrag = null;
            launched = false;
            paused = false;
            error = null;
            timeline.clear();
            closeWorkers(old);
            sceneGeneration++;
            changed();
        }
    }

    long sceneGeneration() {
        synchronized (lock) {
            return sceneGeneration;
        }
    }

    /**
     * {@code POST /api/world}: see {@link ViewerWorldSettings}; {@code substeps} as in
     * {@link #setParams}. The lab world takes only sub-steps.
     *
     * @throws ViewerParams.BadParam naming the field, with nothing changed
     */
    void setWorld(JsonNode body) {
        synchronized (lock) {
            ViewerWorldSettings next = worldSettings.merge(body);
            if (lab && !next.equals(worldSettings)) {
                String field = body.has("gravity") ? "gravity" : body.has("iterations") ? "iterations"
                        : body.has("sleeping") ? "sleeping" : "threads";
                throw new ViewerParams.BadParam(field, "the lab methods' world takes only substeps here");
            }
            if (body.has("substeps")) {
                ObjectNode p = JsonNodeFactory.instance.objectNode();
                p.set("substeps", body.get("substeps"));
                setParams(p);
            }
            worldSettings = next;
            next.applyTo(sim);
            changed();
        }
    }

    /** {@code GET /api/world}: see {@link ViewerWorldSettings#json}. */
    ObjectNode worldJson() {
        synchronized (lock) {
            return ViewerWorldSettings.json(sim, substeps());
        }
    }

    /**
     * {@code POST /api/timeline/rewind} with {@code {"step": k}}: pauses at step k of the run
     * recorded since the launch (see {@link ViewerTimeline#rewind}); a drag ends.
     *
     * @throws ViewerParams.BadParam naming the field, with nothing changed
     */
    void rewind(JsonNode body) {
        synchronized (lock) {
            requireObject(body, "step");
            long step = -1;
            for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                if (!f.getKey().equals("step")) {
                    throw new ViewerParams.BadParam(f.getKey(), "unknown field (expected step)");
                }
                JsonNode v = f.getValue();
                if (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 0) {
                    throw new ViewerParams.BadParam("step",
                            "expected a whole number of steps >= 0, got " + v);
                }
                step = v.asLong();
            }
            if (step < 0) {
                throw new ViewerParams.BadParam("step", "missing (the step to go back to)");
            }
            if (!launched) {
                throw new ViewerParams.BadParam("step", "nothing is recorded before a launch");
            }
            endDragLocked();
            error = null;
            try {
                Simulation now = timeline.rewind(sim, step, () -> build(params, true));
                if (now != sim) {
                    closeWorkers(sim);
                    sim = now;
                }
            } catch (SimulationException e) {
                error = e.getMessage();
            }
            paused = true;
            changed();
        }
    }

    /** {@code POST /api/timeline}: see {@link ViewerTimeline#configure}. */
    void configureTimeline(JsonNode body) {
        synchronized (lock) {
            timeline.configure(body);
        }
    }

    /** {@code GET /api/timeline}: see {@link ViewerTimeline#json}, and the state's hash now. */
    ObjectNode timelineJson() {
        synchronized (lock) {
            ObjectNode o = timeline.json(sim);
            o.put("launched", launched);
            o.put("stateHash", Long.toHexString(sim.stateHash()));
            return o;
        }
    }

    /**
     * {@code GET /api/inspect?body=NAME}: see {@link ViewerInspector#body}.
     *
     * @throws ViewerParams.BadParam naming {@code body} when there is no such body
     */
    ObjectNode inspectJson(String name) {
        synchronized (lock) {
            if (name == null) {
                throw new ViewerParams.BadParam("body", "missing (?body=NAME)");
            }
            int b = bodyIndex(name);
            return ViewerInspector.body(sim, bodies, b, mass(b));
        }
    }

    /** {@code GET /api/profile}: see {@link ViewerInspector#profile}. */
    ObjectNode profileJson() {
        synchronized (lock) {
            return ViewerInspector.profile(sim);
        }
    }

    // ---------------------------------------------------------------- building

    /** The scene with {@code p} applied, built; velocities zero unless {@code moving}. */
    private Simulation build(ViewerParams p, boolean moving) {
        Simulation built = build(scene, p, moving);
        worldSettings.applyTo(built);
        return built;
    }

    /** A new world of the scene in place of the old, whose workers stop; the recording starts over. */
    private void rebuild(boolean moving) {
        Simulation old = sim;
        sim = build(params, moving);
        closeWorkers(old);
        if (moving) {
            timeline.start(sim);
        } else {
            timeline.clear();
        }
    }

    /** Stops the worker threads of a world no longer shown (a world on one thread has none). */
    private static void closeWorkers(Simulation old) {
        if (old instanceof WorldSimulation w) {
            w.world().close();
        }
    }

    private static Simulation build(Scene scene, ViewerParams p, boolean moving) {
        Settings s = scene.settings();
        Settings settings = s.withStepping(p.dt() != null ? p.dt() : s.dt(),
                p.substeps() != null ? p.substeps() : s.substeps());
        List<BodySpec> bodies = new ArrayList<>();
        for (BodySpec b : scene.bodies()) {
            boolean dynamic = b.type() == BodyType.DYNAMIC;
            bodies.add(new BodySpec(b.name(), b.type(), b.shape(), b.position(), b.orientation(),
                    moving || !dynamic ? b.velocity() : Vec3.ZERO,
                    moving || !dynamic ? b.angularVelocity() : Vec3.ZERO,
                    b.mass(), b.density(),
                    dynamic && p.friction() != null ? p.friction() : b.friction(),
                    dynamic && p.restitution() != null ? p.restitution() : b.restitution(),
                    b.sensor(), b.bullet(), b.linearDamping(), b.angularDamping(), b.gravityScale(),
                    dynamic && b.usesLabMethod() && p.method() != null ? p.method() : b.method(), b.lab(),
                    b.motion(), b.fracture()));
        }
        return WorldBuilder.simulation(scene.with(settings, bodies));
    }

    // ---------------------------------------------------------------- the stepping thread

    private void loop() {
        long last = System.nanoTime();
        double owed = 0;
        while (running) {
            double dt;
            synchronized (lock) {
                long now = System.nanoTime();
                dt = sim.dt();
                if (launched && !paused && error == null) {
                    owed += (now - last) / 1e9;
                    int k = 0;
                    while (owed >= dt && k < MAX_CATCH_UP && error == null) {
                        stepGuarded();
                        owed -= dt;
                        k++;
                    }
                    if (k == MAX_CATCH_UP) {
                        owed = 0;
                    }
                    if (k > 0) {
                        changed();
                    }
                } else {
                    owed = 0;
                }
                last = now;
                measure(now);
            }
            LockSupport.parkNanos((long) (Math.max(dt - owed, 5e-4) * 1e9));
        }
    }

    private void stepGuarded() {
        try {
            if (particleDrag != null) {
                particleDrag.apply(sim);
            }
            sim.step();
            // The page shows no events: kept, they would grow for as long as the viewer runs.
            sim.discardEvents();
            windowSteps++;
            timeline.afterStep(sim);
        } catch (SimulationException e) {
            error = e.getMessage();
            paused = true;
        }
    }

    private void measure(long now) {
        if (now - windowStart >= 500_000_000L) {
            stepsPerSecond = windowSteps / ((now - windowStart) / 1e9);
            windowSteps = 0;
            windowStart = now;
        }
    }

    private void changed() {
        version++;
    }

    // ---------------------------------------------------------------- reading

    long version() {
        synchronized (lock) {
            return version;
        }
    }

    /**
     * The compact frame the WebSocket sends, doubles: time, step, kinetic energy, potential energy,
     * contacts, steps/s, awake, asleep, launched (0/1), paused (0/1), body count, version; then per
     * body position (3), orientation (x, y, z, w), velocity (3), centre of mass (3), sleeping (0/1);
     * then per character {@link ViewerCharacters#PER_CHARACTER} (see there); then every cloth and soft
     * body particle's position ({@link ViewerSoftBodies}); last, the vehicle block
     * ({@link ViewerVehicles#frame}). Returns a new array when
     * {@code out} is not the frame's size.
     */
    double[] frame(double[] out) {
        synchronized (lock) {
            int n = sim.bodyCount();
            int size = HEADER + PER_BODY * n + ViewerCharacters.PER_CHARACTER * sim.characterCount()
                    + ViewerSoftBodies.size(sim);
            // Last, so that the page finds it from the frame's end whatever blocks come before it.
            int vehicleBlock = ViewerVehicles.frameSize(sim);
            size += vehicleBlock;
            if (out == null || out.length != size) {
                out = new double[size];
            }
            int awake = 0;
            int asleep = 0;
            for (int b = 0; b < n; b++) {
                sim.readState(b, state);
                int o = HEADER + PER_BODY * b;
                System.arraycopy(state, 0, out, o, 10);
                centreOfMass(b, out, o + 10);
                boolean sleeping = sim.isSleeping(b);
                out[o + 13] = sleeping ? 1 : 0;
                if (bodies.get(b).type() != BodyType.STATIC) {
                    if (sleeping) {
                        asleep++;
                    } else {
                        awake++;
                    }
                }
            }
            characters.frame(sim, out, HEADER + PER_BODY * n);
            vehicles.frame(sim, out, size - vehicleBlock);
            ViewerSoftBodies.frame(sim, out, HEADER + PER_BODY * n + ViewerCharacters.PER_CHARACTER * sim.characterCount());
            out[0] = sim.time();
            out[1] = sim.stepCount();
            out[2] = sim.kineticEnergy();
            out[3] = sim.potentialEnergy();
            out[4] = sim.contactCount();
            out[5] = launched && !paused ? stepsPerSecond : 0;
            out[6] = awake;
            out[7] = asleep;
            out[8] = launched ? 1 : 0;
            out[9] = paused ? 1 : 0;
            out[10] = n;
            out[11] = version;
            return out;
        }
    }

    private void centreOfMass(int b, double[] out, int o) {
        Vec3 c;
        if (sim instanceof LabWorld w) {
            c = w.isLabBody(b) ? w.centerOfMass(b) : new Vec3(state[0], state[1], state[2]);
        } else {
            WorldSimulation w = (WorldSimulation) sim;
            c = w.world().centerOfMass(w.id(b));
        }
        out[o] = c.x();
        out[o + 1] = c.y();
        out[o + 2] = c.z();
    }

    /**
     * {@code GET /api/state}: the state the README documents plus the panel's numbers; a lab body
     * also gives its {@code energy} (J, {@link LabWorld#energy}) and {@code integrator}.
     */
    ObjectNode stateJson() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        synchronized (lock) {
            root.put("time", sim.time());
            root.put("step", sim.stepCount());
            root.put("launched", launched);
            root.put("paused", paused);
            root.put("dt", sim.dt());
            root.put("substeps", substeps());
            root.put("stepsPerSecond", launched && !paused ? stepsPerSecond : 0);
            root.put("contacts", sim.contactCount());
            root.put("kineticEnergy", sim.kineticEnergy());
            root.put("potentialEnergy", sim.potentialEnergy());
            if (error != null) {
                root.put("error", error);
            }
            ObjectNode p = root.putObject("params");
            p.put("method", params.method());
            p.put("restitution", params.restitution());
            p.put("friction", params.friction());
            p.put("dt", params.dt());
            p.put("substeps", params.substeps());
            ObjectNode bodies = root.putObject("bodies");
            int awake = 0;
            int asleep = 0;
            for (int b = 0; b < sim.bodyCount(); b++) {
                sim.readState(b, state);
                ObjectNode o = bodies.putObject(sim.bodyName(b));
                array(o.putArray("position"), 0, 3);
                array(o.putArray("orientation"), 3, 4);
                array(o.putArray("velocity"), 7, 3);
                array(o.putArray("angularVelocity"), 10, 3);
                boolean sleeping = sim.isSleeping(b);
                o.put("sleeping", sleeping);
                if (sim instanceof LabWorld lab && lab.isLabBody(b)) {
                    // Each lab body's own energy and rule, for the page's energy-per-body plot.
                    o.put("energy", lab.energy(b));
                    o.put("integrator", lab.integrator(b).key());
                }
                if (this.bodies.get(b).type() != BodyType.STATIC) {
                    awake += sleeping ? 0 : 1;
                    asleep += sleeping ? 1 : 0;
                }
            }
            root.put("awake", awake);
            root.put("asleep", asleep);
            root.set("drag", JointLines.dragJson(sim, drag));
            characters.state(sim, root.putObject("characters"));
            vehicles.state(sim, root.putObject("vehicles"));
        }
        return root;
    }

    private int substeps() {
        if (sim instanceof LabWorld w) {
            return w.substeps();
        }
        return ((WorldSimulation) sim).world().substeps();
    }

    private void array(ArrayNode a, int from, int count) {
        for (int i = from; i < from + count; i++) {
            a.add(state[i]);
        }
    }

    /** {@code GET /api/contacts}: the contact points now, each {@code [x, y, z, nx, ny, nz]}. */
    ObjectNode contactsJson() {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        ArrayNode points = root.putArray("points");
        synchronized (lock) {
            if (probe == null) {
                probe = new ContactProbe(scene, bodies);
            }
            probe.points(sim, points);
            root.put("step", sim.stepCount());
        }
        return root;
    }

    /** Mass of body {@code b} in kg (0 for static bodies). */
    double mass(int b) {
        synchronized (lock) {
            if (bodies.get(b).type() == BodyType.STATIC) {
                return 0;
            }
            if (sim instanceof LabWorld w) {
                return w.mass(b);
            }
            WorldSimulation w = (WorldSimulation) sim;
            return w.world().mass(w.id(b));
        }
    }

    @Override
    public void close() {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (lock) {
            closeWorkers(sim);
        }
    }
}
