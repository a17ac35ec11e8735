package ricochet.io.scene;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import ricochet.character.CharacterDef;
import ricochet.lab.LabParams;
import ricochet.math.IntegrationRule;
import ricochet.io.scene.JsonChecks.Range;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.MotionTrack;
import ricochet.ragdoll.Ragdoll;
import ricochet.world.SettingsLimits;

/**
 * Turns a scene file's JSON tree into a {@link Scene}, checking it against the scene format and
 * recording every problem in a {@link JsonChecks}. Shapes are left to {@link ShapeValidator}.
 */
final class SceneValidator {

    static final List<String> TOP_KEYS = List.of(
            "format", "description", "settings", "bodies", "ragdolls", "joints", "characters", "vehicles",
            "cloths", "softBodies");
    static final List<String> SETTINGS_KEYS = List.of(
            "dt", "substeps", "gravity", "iterations", "sleeping", "jointIterations", "jointFrequency",
            "jointDamping", "threads");
    static final List<String> CHARACTER_KEYS = List.of(
            "name", "position", "radius", "height", "mass", "maxSlope", "stepHeight", "skin", "maxPushForce",
            "crouchHeight", "input");
    static final List<String> INPUT_KEYS = List.of("t", "velocity", "jump", "crouch");
    static final List<String> MOTION_KEYS = List.of("t", "velocity", "angularVelocity");
    static final List<String> RAGDOLL_KEYS = List.of(
            "name", "position", "orientation", "velocity", "density", "friction");

    static final String LOG_BARRIER = "penalty-log-barrier";
    static final List<String> METHODS = List.of(
            BodySpec.SOLVER, "impulse", "penalty-quadratic", LOG_BARRIER, "shape-matching");
    /** The log barrier's default epsilon, metres: it acts only within epsilon of a surface, so 0 is none. */
    static final double LOG_BARRIER_EPSILON = 0.01;

    static final List<String> LAB_KEYS = List.of(
            "vertexMass", "linearDecay", "angularDecay", "stiffness", "epsilon", "rho", "damping",
            "positionCorrection", "restingSpeed", "punish", "sleepSpeed", "sleepAngularSpeed", "sleepTime",
            "integrator");
    /** Keys the engine's world reads and the lab methods do not (they have their own decays). */
    static final List<String> SOLVER_KEYS = List.of("bullet", "linearDamping", "angularDamping", "gravityScale");
    static final List<String> BODY_KEYS;

    static {
        List<String> keys = new ArrayList<>(List.of(
                "name", "type", "shape", "position", "orientation", "velocity", "angularVelocity",
                "mass", "density", "friction", "restitution", "sensor", "method", "motion", "fracture"));
        keys.addAll(SOLVER_KEYS);
        keys.addAll(LAB_KEYS);
        BODY_KEYS = List.copyOf(keys);
    }

    static final List<String> BODY_TYPES = Stream.of(BodyType.values()).map(BodyType::key).toList();

    private final JsonChecks in;
    private final ShapeValidator shapes;
    private final JointValidator joints;

    SceneValidator(JsonChecks in, ShapeValidator.MeshLoader meshes) {
        this.in = in;
        this.shapes = new ShapeValidator(in, meshes);
        this.joints = new JointValidator(in);
    }

    /** The scene, or null when anything is wrong (every problem is in the {@link JsonChecks}). */
    Scene scene(JsonNode root) {
        ObjectNode o = in.object(root, "$");
        if (o == null) {
            return null;
        }
        in.allowKeys(o, "$", TOP_KEYS);
        JsonNode format = in.require(o, "$", "format");
        if (format != null) {
            String f = in.string(format, "$.format");
            if (f != null && !f.equals(Scene.FORMAT)) {
                in.report("$.format", "format must be " + JsonChecks.quote(Scene.FORMAT) + ", got "
                        + JsonChecks.quote(f));
            }
        }
        String description = in.string(o, "$", "description", "");
        JsonNode settingsNode = o.get("settings");
        Settings settings = settingsNode == null ? Settings.defaults() : settings(settingsNode, "$.settings");

        // Bodies first whatever the key order in the file: joints refer to them by name.
        Map<String, String> names = new HashMap<>();
        List<BodySpec> bodies = new ArrayList<>();
        JsonNode bodiesNode = in.require(o, "$", "bodies");
        ArrayNode bodyArray = bodiesNode == null ? null : in.array(bodiesNode, "$.bodies");
        if (bodyArray != null) {
            for (int i = 0; i < bodyArray.size(); i++) {
                BodySpec b = body(bodyArray.get(i), JsonChecks.index("$.bodies", i), names);
                if (b != null) {
                    bodies.add(b);
                }
            }
        }

        Map<String, BodySpec> byName = new HashMap<>();
        for (BodySpec b : bodies) {
            byName.put(b.name(), b);
        }
        List<RagdollSpec> ragdolls = new ArrayList<>();
        JsonNode ragdollsNode = o.get("ragdolls");
        ArrayNode ragdollArray = ragdollsNode == null ? null : in.array(ragdollsNode, "$.ragdolls");
        if (ragdollArray != null) {
            for (int i = 0; i < ragdollArray.size(); i++) {
                RagdollSpec r = ragdoll(ragdollArray.get(i), JsonChecks.index("$.ragdolls", i), names);
                if (r != null) {
                    ragdolls.add(r);
                }
            }
            labScene(bodies, ragdollArray.isEmpty() ? null : "$.ragdolls", "ragdolls");
        }

        List<JointSpec> jointList = new ArrayList<>();
        JsonNode jointsNode = o.get("joints");
        ArrayNode jointArray = jointsNode == null ? null : in.array(jointsNode, "$.joints");
        if (jointArray != null) {
            // Without a bodies array every name would dangle; that is one problem, reported above.
            Map<String, String> known = bodyArray == null ? null : names;
            for (int i = 0; i < jointArray.size(); i++) {
                JointSpec j = joints.joint(jointArray.get(i), JsonChecks.index("$.joints", i), known, byName);
                if (j != null) {
                    jointList.add(j);
                }
            }
        }
        List<CharacterSpec> characters = new ArrayList<>();
        JsonNode charactersNode = o.get("characters");
        ArrayNode characterArray = charactersNode == null ? null : in.array(charactersNode, "$.characters");
        if (characterArray != null) {
            for (int i = 0; i < characterArray.size(); i++) {
                CharacterSpec c = character(characterArray.get(i), JsonChecks.index("$.characters", i), names);
                if (c != null) {
                    characters.add(c);
                }
            }
            labScene(bodies, characterArray.isEmpty() ? null : "$.characters", "characters");
        }
        List<VehicleSpec> vehicles = new ArrayList<>();
        JsonNode vehiclesNode = o.get("vehicles");
        ArrayNode vehicleArray = vehiclesNode == null ? null : in.array(vehiclesNode, "$.vehicles");
        if (vehicleArray != null) {
            VehicleValidator vv = new VehicleValidator(in);
            for (int i = 0; i < vehicleArray.size(); i++) {
                VehicleSpec v = vv.vehicle(vehicleArray.get(i), JsonChecks.index("$.vehicles", i), names);
                if (v != null) {
                    vehicles.add(v);
                }
            }
            labScene(bodies, vehicleArray.isEmpty() ? null : "$.vehicles", "vehicles");
        }
        SoftValidator soft = new SoftValidator(in, shapes);
        List<ClothSpec> cloths = new ArrayList<>();
        JsonNode clothsNode = o.get("cloths");
        ArrayNode clothArray = clothsNode == null ? null : in.array(clothsNode, "$.cloths");
        if (clothArray != null) {
            for (int i = 0; i < clothArray.size(); i++) {
                ClothSpec c = soft.cloth(clothArray.get(i), JsonChecks.index("$.cloths", i), names);
                if (c != null) {
                    cloths.add(c);
                }
            }
            labScene(bodies, clothArray.isEmpty() ? null : "$.cloths", "cloths");
        }
        List<SoftBodySpec> softBodies = new ArrayList<>();
        JsonNode softNode = o.get("softBodies");
        ArrayNode softArray = softNode == null ? null : in.array(softNode, "$.softBodies");
        if (softArray != null) {
            for (int i = 0; i < softArray.size(); i++) {
                SoftBodySpec b = soft.softBody(softArray.get(i), JsonChecks.index("$.softBodies", i), names);
                if (b != null) {
                    softBodies.add(b);
                }
            }
            labScene(bodies, softArray.isEmpty() ? null : "$.softBodies", "soft bodies");
        }
        if (in.hasProblems() || settings == null) {
            return null;
        }
        return new Scene(description, settings, bodies, jointList, ragdolls, characters, vehicles, cloths,
                softBodies);
    }

    /** Reports at {@code path} (when not null) that {@code what} need the engine's world, if a lab body claims the scene. */
    private void labScene(List<BodySpec> bodies, String path, String what) {
        if (path == null) {
            return;
        }
        for (BodySpec b : bodies) {
            if (b.type() == BodyType.DYNAMIC && b.usesLabMethod()) {
                in.report(path, what + " need the engine's world, but body '" + b.name() + "' uses lab method '"
                        + b.method() + "', which makes this a lab scene (the lab world has no joints)");
                return;
            }
        }
    }

    /**
     * One ragdoll, or null when it has a problem (reported). Its parts' names ({@code name.part})
     * join {@code names}, mapped to the ragdoll's path, so that they clash with bodies and other
     * ragdolls and joints can refer to them.
     */
    private RagdollSpec ragdoll(JsonNode node, String path, Map<String, String> names) {
        ObjectNode o = in.object(node, path);
        if (o == null) {
            return null;
        }
        int before = in.problems().size();
        in.allowKeys(o, path, RAGDOLL_KEYS);
        String at = JsonChecks.key(path, "name");
        String name = usableName(o, path);
        if (name != null) {
            for (String part : Ragdoll.PARTS) {
                String full = name + "." + part;
                String first = names.putIfAbsent(full, path);
                if (first != null) {
                    in.report(at, "ragdoll '" + name + "' names its body '" + full + "', but that name is taken"
                            + " (at " + first + ")");
                    break;
                }
            }
        }
        JsonNode p = in.require(o, path, "position");
        Vec3 position = p == null ? null : in.vector(p, JsonChecks.key(path, "position"));
        Quat orientation = in.orientation(o, path, "orientation", Quat.IDENTITY);
        Vec3 velocity = in.vector(o, path, "velocity", Vec3.ZERO);
        double density = in.number(o, path, "density", RagdollSpec.DEFAULT_DENSITY, Range.POSITIVE);
        double friction = in.number(o, path, "friction", RagdollSpec.DEFAULT_FRICTION, Range.NON_NEGATIVE);
        if (in.problems().size() > before) {
            return null;
        }
        return new RagdollSpec(name, position, orientation, velocity, density, friction);
    }

    /**
     * One character, or null when it has a problem (reported). Its name joins {@code names}: it may
     * not be a body's, a ragdoll part's or another character's.
     */
    private CharacterSpec character(JsonNode node, String path, Map<String, String> names) {
        ObjectNode o = in.object(node, path);
        if (o == null) {
            return null;
        }
        int before = in.problems().size();
        in.allowKeys(o, path, CHARACTER_KEYS);
        String at = JsonChecks.key(path, "name");
        String name = usableName(o, path);
        if (name != null) {
            String first = names.putIfAbsent(name, path);
            if (first != null) {
                in.report(at, "character name '" + name + "' is taken (first at " + first + ")");
            }
        }
        JsonNode p = in.require(o, path, "position");
        Vec3 position = p == null ? null : in.vector(p, JsonChecks.key(path, "position"));
        CharacterDef d = CharacterDef.defaults(name == null ? "" : name);
        double radius = in.number(o, path, "radius", d.radius(), Range.POSITIVE);
        double height = in.number(o, path, "height", d.height(), Range.POSITIVE);
        double mass = in.number(o, path, "mass", d.mass(), Range.POSITIVE);
        double maxSlope = in.number(o, path, "maxSlope", d.maxSlope(), Range.NON_NEGATIVE);
        double stepHeight = in.number(o, path, "stepHeight", d.stepHeight(), Range.NON_NEGATIVE);
        double skin = in.number(o, path, "skin", d.skin(), Range.POSITIVE);
        double maxPushForce = in.number(o, path, "maxPushForce", d.maxPushForce(), Range.NON_NEGATIVE);
        double crouchHeight = in.number(o, path, "crouchHeight", d.crouchHeight(), Range.POSITIVE);
        if (!Double.isNaN(maxSlope) && maxSlope > 90) {
            in.report(JsonChecks.key(path, "maxSlope"), "maxSlope must be in 0..90 degrees, got " + maxSlope);
        }
        if (!Double.isNaN(radius) && !Double.isNaN(height) && !(height >= 2 * radius)) {
            in.report(JsonChecks.key(path, "height"), "height must be >= 2 x radius (" + 2 * radius + "), got "
                    + height);
        }
        if (!Double.isNaN(radius) && !Double.isNaN(skin) && !(skin < radius)) {
            in.report(JsonChecks.key(path, "skin"), "skin must be < radius (" + radius + "), got " + skin);
        }
        if (o.has("crouchHeight") && !Double.isNaN(crouchHeight) && !Double.isNaN(radius) && !Double.isNaN(height)
                && !(crouchHeight >= 2 * radius && crouchHeight <= height)) {
            in.report(JsonChecks.key(path, "crouchHeight"), "crouchHeight must be in 2 x radius .. height ("
                    + 2 * radius + " .. " + height + "), got " + crouchHeight);
        }
        List<CharacterSpec.Input> input = new ArrayList<>();
        JsonNode inputNode = o.get("input");
        ArrayNode inputArray = inputNode == null ? null : in.array(inputNode, JsonChecks.key(path, "input"));
        if (inputArray != null) {
            double last = Double.NaN;
            for (int i = 0; i < inputArray.size(); i++) {
                CharacterSpec.Input e = input(inputArray.get(i), JsonChecks.index(JsonChecks.key(path, "input"), i),
                        last);
                if (e != null) {
                    input.add(e);
                    last = e.t();
                }
            }
        }
        if (in.problems().size() > before) {
            return null;
        }
        CharacterDef def = new CharacterDef(name, radius, height, mass, maxSlope, stepHeight, skin, maxPushForce,
                crouchHeight);
        try {
            def.validate();
        } catch (IllegalArgumentException e) {
            in.report(path, e.getMessage());
            return null;
        }
        return new CharacterSpec(def, position, input);
    }

    /** One input entry, or null (reported); {@code last} is the time of the entry before, NaN for none. */
    private CharacterSpec.Input input(JsonNode node, String path, double last) {
        ObjectNode o = in.object(node, path);
        if (o == null) {
            return null;
        }
        int before = in.problems().size();
        in.allowKeys(o, path, INPUT_KEYS);
        double t = in.entryTime(o, path, last);
        // The vertical part is read, so a bad value is still reported, and then ignored: a character
        // chooses its horizontal velocity; gravity, jumps and the ground decide the vertical one.
        Vec3 velocity = in.vector(o, path, "velocity", Vec3.ZERO);
        double jump = in.number(o, path, "jump", 0, Range.NON_NEGATIVE);
        boolean crouch = in.bool(o, path, "crouch", false);
        if (in.problems().size() > before || velocity == null) {
            return null;
        }
        return new CharacterSpec.Input(t, velocity.x(), velocity.z(), jump, crouch);
    }

    private Settings settings(JsonNode node, String path) {
        ObjectNode o = in.object(node, path);
        if (o == null) {
            return null;
        }
        in.allowKeys(o, path, SETTINGS_KEYS);
        Settings d = Settings.defaults();
        double dt = in.number(o, path, "dt", d.dt(), Range.POSITIVE);
        Integer substeps = in.integer(o, path, "substeps", d.substeps(), 1,
                SettingsLimits.MAX_SUBSTEPS);
        Vec3 gravity = in.vector(o, path, "gravity", d.gravity());
        Integer iterations = in.integer(o, path, "iterations", d.iterations(), 1,
                SettingsLimits.MAX_ITERATIONS);
        boolean sleeping = in.bool(o, path, "sleeping", d.sleeping());
        Integer jointIterations = in.integer(o, path, "jointIterations", d.jointIterations(), 1,
                SettingsLimits.MAX_JOINT_ITERATIONS);
        // Absent: NaN, the world's own default; given, a bad value comes back as NaN too, but reported.
        double jointFrequency = in.number(o, path, "jointFrequency", Double.NaN, Range.POSITIVE);
        double jointDamping = in.number(o, path, "jointDamping", Double.NaN, Range.POSITIVE);
        Integer threads = in.integer(o, path, "threads", d.threads(), 1, SettingsLimits.MAX_THREADS);
        if (Double.isNaN(dt) || substeps == null || gravity == null || iterations == null || jointIterations == null
                || threads == null
                || o.has("jointFrequency") && Double.isNaN(jointFrequency)
                || o.has("jointDamping") && Double.isNaN(jointDamping)) {
            return null;
        }
        return new Settings(dt, substeps, gravity, iterations, sleeping, jointIterations, jointFrequency,
                jointDamping, threads);
    }

    /**
     * One body, or null when it has a problem (reported). {@code names} maps each body name seen so
     * far to the path of its body, for the uniqueness check and for joints.
     */
    private BodySpec body(JsonNode node, String path, Map<String, String> names) {
        ObjectNode o = in.object(node, path);
        if (o == null) {
            return null;
        }
        in.allowKeys(o, path, BODY_KEYS);
        String name = name(o, path, names);
        String typeKey = in.choice(o, path, "type", "dynamic", BODY_TYPES);
        BodyType type = typeKey == null ? null : BodyType.values()[BODY_TYPES.indexOf(typeKey)];
        JsonNode shapeNode = in.require(o, path, "shape");
        ShapeSpec shape = shapeNode == null ? null : shapes.shape(shapeNode, JsonChecks.key(path, "shape"));
        Vec3 position = in.vector(o, path, "position", Vec3.ZERO);
        Quat orientation = in.orientation(o, path, "orientation", Quat.IDENTITY);
        Vec3 velocity = in.vector(o, path, "velocity", Vec3.ZERO);
        Vec3 angularVelocity = in.vector(o, path, "angularVelocity", Vec3.ZERO);
        String method = in.choice(o, path, "method", BodySpec.SOLVER, METHODS);
        // An unreadable method (null) is reported already; its lab keys are still checked for bad
        // values, but no rule that depends on the method is claimed.
        boolean lab = method != null && !BodySpec.SOLVER.equals(method);

        double mass = in.number(o, path, "mass", Double.NaN, Range.POSITIVE);
        double density = in.number(o, path, "density", Double.NaN, Range.POSITIVE);
        if (o.has("mass") && o.has("density")) {
            in.report(JsonChecks.key(path, "density"), "give 'mass' or 'density', not both");
        }
        if (lab) {
            // The lab methods weigh a mesh as vertexMass per vertex; a mass here would
            // be silently ignored.
            for (String k : List.of("mass", "density")) {
                if (o.has(k)) {
                    in.report(JsonChecks.key(path, k), "'" + k + "' does not apply to method '" + method
                            + "' (it uses 'vertexMass' per vertex)");
                }
            }
        }
        double friction = in.number(o, path, "friction", lab ? 0.2 : 0.5, Range.NON_NEGATIVE);
        double restitution = in.number(o, path, "restitution", lab ? 0.5 : 0.0, Range.UNIT);
        boolean sensor = in.bool(o, path, "sensor", false);
        boolean bullet = in.bool(o, path, "bullet", false);
        double linearDamping = in.number(o, path, "linearDamping", 0, Range.NON_NEGATIVE);
        double angularDamping = in.number(o, path, "angularDamping", 0, Range.NON_NEGATIVE);
        double gravityScale = in.number(o, path, "gravityScale", 1, Range.ANY);
        LabParams labParams = labParams(o, path, method);
        if (lab) {
            for (String k : SOLVER_KEYS) {
                if (o.has(k)) {
                    in.report(JsonChecks.key(path, k), "'" + k + "' does not apply to method '" + method
                            + "' (only to method '" + BodySpec.SOLVER + "')");
                }
            }
        }
        if (bullet && type != null && type != BodyType.DYNAMIC) {
            // Continuous collision sweeps a body that moves under forces; others have nothing to sweep.
            in.report(JsonChecks.key(path, "bullet"),
                    "'bullet' needs a dynamic body, but type is '" + type.key() + "'");
        }

        if (lab && type != null && type != BodyType.DYNAMIC) {
            in.report(JsonChecks.key(path, "method"),
                    "method '" + method + "' needs a dynamic body, but type is '" + type.key() + "'");
        }
        if (lab && shape != null && !(shape instanceof ShapeSpec.Mesh)) {
            in.report(JsonChecks.key(path, "method"),
                    "method '" + method + "' needs a mesh shape, but the shape is '" + shape.type() + "'");
        }
        if (shape instanceof ShapeSpec.Plane && type != null && type != BodyType.STATIC) {
            in.report(JsonChecks.key(path, "shape"),
                    "a plane needs a static body, but type is '" + type.key() + "'");
        }
        if (type == BodyType.STATIC) {
            staysStill(path, "velocity", velocity);
            staysStill(path, "angularVelocity", angularVelocity);
        }
        MotionTrack motion = o.has("motion") ? motion(o.get("motion"), JsonChecks.key(path, "motion")) : null;
        if (o.has("motion") && type != null && type != BodyType.KINEMATIC) {
            in.report(JsonChecks.key(path, "motion"),
                    "'motion' drives a kinematic body, but type is '" + type.key() + "'");
        }
        FractureSpec fracture = null;
        if (o.has("fracture")) {
            fracture = fracture(o.get("fracture"), JsonChecks.key(path, "fracture"));
            fractureFits(path, type, shape, lab, sensor);
            if (fracture == null) {
                return null;
            }
        }
        if (name == null || type == null || shape == null || position == null || orientation == null
                || velocity == null || angularVelocity == null || method == null || labParams == null
                || o.has("motion") && motion == null) {
            return null;
        }
        return new BodySpec(name, type, shape, position, orientation, velocity, angularVelocity,
                mass, density, friction, restitution, sensor, bullet, linearDamping, angularDamping, gravityScale,
                method, labParams, motion, fracture);
    }

    static final List<String> FRACTURE_KEYS = List.of("pieces", "seed", "strength", "anchored", "impact");

    /** A body's {@code fracture} object, or null when it has a problem (reported). */
    private FractureSpec fracture(JsonNode node, String path) {
        ObjectNode o = in.object(node, path);
        if (o == null) {
            return null;
        }
        in.allowKeys(o, path, FRACTURE_KEYS);
        JsonNode piecesNode = in.require(o, path, "pieces");
        Integer pieces = piecesNode == null ? null
                : in.integer(piecesNode, JsonChecks.key(path, "pieces"), 2, 10_000);
        Integer seed = in.integer(o, path, "seed", 0, 0);
        JsonNode strengthNode = in.require(o, path, "strength");
        double strength = strengthNode == null ? Double.NaN
                : in.number(strengthNode, JsonChecks.key(path, "strength"), Range.POSITIVE);
        boolean anchored = in.bool(o, path, "anchored", false);
        Vec3 impact = o.has("impact") ? in.vector(o.get("impact"), JsonChecks.key(path, "impact")) : null;
        if (pieces == null || seed == null || Double.isNaN(strength) || o.has("impact") && impact == null) {
            return null;
        }
        return new FractureSpec(pieces, seed, strength, anchored, impact);
    }

    /** The rules a fractured body's other keys must meet (each reported at its own path). */
    private void fractureFits(String path, BodyType type, ShapeSpec shape, boolean lab, boolean sensor) {
        String at = JsonChecks.key(path, "fracture");
        if (type != null && type != BodyType.DYNAMIC) {
            in.report(at, "'fracture' needs a dynamic body, but type is '" + type.key() + "'");
        }
        if (shape != null && !(shape instanceof ShapeSpec.Box || shape instanceof ShapeSpec.Sphere
                || shape instanceof ShapeSpec.Capsule || shape instanceof ShapeSpec.Cylinder
                || shape instanceof ShapeSpec.ConvexHull)) {
            in.report(JsonChecks.key(path, "shape"), "'fracture' needs a convex shape (box, sphere, capsule,"
                    + " cylinder or convexHull), but the shape is '" + shape.type() + "'");
        }
        if (lab) {
            in.report(at, "'fracture' does not apply to a lab method (only to method '" + BodySpec.SOLVER + "')");
        }
        if (sensor) {
            in.report(at, "'fracture' does not apply to a sensor");
        }
    }

                
    /**
     * A kinematic body's motion track: entries {@code {t, velocity?, angularVelocity?}} at increasing
     * times (a missing velocity is zero); null when it has a problem (reported).
     */
    private MotionTrack motion(JsonNode node, String path) {
        ArrayNode entries = in.array(node, path);
        if (entries == null) {
            return null;
        }
        int before = in.problems().size();
        if (entries.isEmpty()) {
            in.report(path, "a motion track needs at least one entry");
        }
        int n = entries.size();
        double[] t = new double[n], v = new double[3 * n], w = new double[3 * n];
        double last = Double.NaN;
        for (int i = 0; i < n; i++) {
            String at = JsonChecks.index(path, i);
            ObjectNode e = in.object(entries.get(i), at);
            if (e == null) {
                continue;
            }
            in.allowKeys(e, at, MOTION_KEYS);
            t[i] = in.entryTime(e, at, last);
            last = t[i];
            Vec3 lin = in.vector(e, at, "velocity", Vec3.ZERO);
            Vec3 ang = in.vector(e, at, "angularVelocity", Vec3.ZERO);
            if (lin != null && ang != null) {
                v[3 * i] = lin.x();
                v[3 * i + 1] = lin.y();
                v[3 * i + 2] = lin.z();
                w[3 * i] = ang.x();
                w[3 * i + 1] = ang.y();
                w[3 * i + 2] = ang.z();
            }
        }
        if (in.problems().size() > before) {
            return null;
        }
        return new MotionTrack(t, v, w);
    }

    private String name(ObjectNode o, String path, Map<String, String> names) {
        JsonNode n = in.require(o, path, "name");
        String at = JsonChecks.key(path, "name");
        String name = n == null ? null : in.string(n, at);
        if (name == null) {
            return null;
        }
        if (name.isEmpty()) {
            in.report(at, "name must not be empty");
            return null;
        }
        if (!shortName(name, at)) {
            return null;
        }
        String first = names.putIfAbsent(name, path);
        if (first != null) {
            in.report(at, "body name '" + name + "' is used twice (first at " + first + ")");
        }
        return name;
    }

    /** Whether {@code name} is within {@link Scene#MAX_NAME_LENGTH}; else false (reported). */
    /**
     * The object's required {@code name}: null when it is missing, not a string, empty or longer than
     * {@link Scene#MAX_NAME_LENGTH} (each reported at {@code path.name}).
     */
    private String usableName(ObjectNode o, String path) {
        JsonNode n = in.require(o, path, "name");
        String at = JsonChecks.key(path, "name");
        String name = n == null ? null : in.string(n, at);
        if (name != null && name.isEmpty()) {
            in.report(at, "name must not be empty");
            return null;
        }
        return name != null && shortName(name, at) ? name : null;
    }

    private boolean shortName(String name, String at) {
        return checkNameLength(in, name, at);
    }

    /** Whether {@code name} is within {@link Scene#MAX_NAME_LENGTH}; else false (reported to {@code in}). */
    static boolean checkNameLength(JsonChecks in, String name, String at) {
        if (name.length() > Scene.MAX_NAME_LENGTH) {
            in.report(at, "name must be at most " + Scene.MAX_NAME_LENGTH + " characters, got "
                    + name.length());
            return false;
        }
        return true;
    }

    private void staysStill(String path, String key, Vec3 v) {
        if (v != null && JsonChecks.maxAbs(v) != 0) {
            in.report(JsonChecks.key(path, key),
                    "a static body cannot move: " + key + " must be [0, 0, 0], got " + JsonChecks.show(v));
        }
    }

    /** The lab parameters; for a solver body any lab key is a problem and the defaults are returned. */
    private LabParams labParams(ObjectNode o, String path, String method) {
        LabParams d = LabParams.defaults();
        if (BodySpec.SOLVER.equals(method)) {
            for (String k : LAB_KEYS) {
                if (o.has(k)) {
                    in.report(JsonChecks.key(path, k), "'" + k + "' only applies to lab methods (method is '"
                            + BodySpec.SOLVER + "')");
                }
            }
            return d;
        }
        boolean logBarrier = LOG_BARRIER.equals(method);
        double epsilon = in.number(o, path, "epsilon", logBarrier ? LOG_BARRIER_EPSILON : d.epsilon(),
                Range.NON_NEGATIVE);
        if (logBarrier && epsilon == 0) {
            in.report(JsonChecks.key(path, "epsilon"), "epsilon must be > 0 for method '" + LOG_BARRIER
                    + "' (the barrier acts within epsilon of the surface), got 0.0");
        }
        double vertexMass = in.number(o, path, "vertexMass", d.vertexMass(), Range.POSITIVE);
        double linearDecay = in.number(o, path, "linearDecay", d.linearDecay(), Range.DECAY);
        double angularDecay = in.number(o, path, "angularDecay", d.angularDecay(), Range.DECAY);
        double stiffness = in.number(o, path, "stiffness", d.stiffness(), Range.POSITIVE);
        double rho = in.number(o, path, "rho", d.rho(), Range.POSITIVE);
        double damping = in.number(o, path, "damping", d.damping(), Range.NON_NEGATIVE);
        boolean correct = in.bool(o, path, "positionCorrection", d.positionCorrection());
        double resting = in.number(o, path, "restingSpeed", d.restingSpeed(), Range.NON_NEGATIVE);
        boolean punish = in.bool(o, path, "punish", d.punish());
        double sleepSpeed = in.number(o, path, "sleepSpeed", d.sleepSpeed(), Range.NON_NEGATIVE);
        double sleepSpin = in.number(o, path, "sleepAngularSpeed", d.sleepAngularSpeed(), Range.NON_NEGATIVE);
        double sleepTime = in.number(o, path, "sleepTime", d.sleepTime(), Range.NON_NEGATIVE);
        String integrator = in.choice(o, path, "integrator", d.integrator().key(), IntegrationRule.keys());
        if (integrator == null) {
            return null;
        }
        try {
            return new LabParams(vertexMass, linearDecay, angularDecay, stiffness, epsilon, rho, damping,
                    correct, resting, punish, sleepSpeed, sleepSpin, sleepTime,
                    IntegrationRule.fromKey(integrator));
        } catch (IllegalArgumentException alreadyReported) {
            // A bad value was reported above at its own path (and came back as NaN).
            return null;
        }
    }
}
