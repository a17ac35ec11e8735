package ricochet.io.scene;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import ricochet.lab.LabParams;
import ricochet.io.scene.JsonChecks.Range;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * Turns a scene file's JSON tree into a {@link Scene}, checking it against contract section 4 and
 * recording every problem in a {@link JsonChecks}. Shapes are left to {@link ShapeValidator}.
 */
final class SceneValidator {

    static final List<String> TOP_KEYS = List.of("format", "description", "settings", "bodies", "joints");
    static final List<String> SETTINGS_KEYS = List.of("dt", "substeps", "gravity", "iterations", "sleeping");

    static final String LOG_BARRIER = "penalty-log-barrier";
    static final List<String> METHODS = List.of(
            BodySpec.SOLVER, "impulse", "penalty-quadratic", LOG_BARRIER, "shape-matching");
    /** The log barrier's default epsilon, metres: it acts only within epsilon of a surface, so 0 is none. */
    static final double LOG_BARRIER_EPSILON = 0.01;

    static final List<String> LAB_KEYS = List.of(
            "vertexMass", "linearDecay", "angularDecay", "stiffness", "epsilon", "rho", "damping",
            "positionCorrection", "restingSpeed", "punish", "sleepSpeed", "sleepAngularSpeed", "sleepTime");
    /** Keys the engine's world reads and the lab methods do not (they have their own decays). */
    static final List<String> SOLVER_KEYS = List.of("bullet", "linearDamping", "angularDamping", "gravityScale");
    static final List<String> BODY_KEYS;

    static {
        List<String> keys = new ArrayList<>(List.of(
                "name", "type", "shape", "position", "orientation", "velocity", "angularVelocity",
                "mass", "density", "friction", "restitution", "sensor", "method"));
        keys.addAll(SOLVER_KEYS);
        keys.addAll(LAB_KEYS);
        BODY_KEYS = List.copyOf(keys);
    }

    static final List<String> BODY_TYPES = Stream.of(BodyType.values()).map(BodyType::key).toList();

    static final List<String> JOINT_TYPES = List.of(
            "fixed", "ball", "hinge", "slider", "distance", "coneTwist", "sixDof");
    static final List<String> JOINTS_WITH_AXIS = List.of("hinge", "slider", "coneTwist");
    static final List<String> JOINT_KEYS = List.of(
            "type", "bodyA", "bodyB", "anchor", "axis", "limits", "collide",
            "min", "max", "frequency", "damping", "breakForce", "breakTorque", "motor");
    static final List<String> MOTOR_KEYS = List.of("speed", "maxForce", "maxTorque", "target");

    private final JsonChecks in;
    private final ShapeValidator shapes;

    SceneValidator(JsonChecks in, ShapeValidator.MeshLoader meshes) {
        this.in = in;
        this.shapes = new ShapeValidator(in, meshes);
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

        List<JointSpec> joints = new ArrayList<>();
        JsonNode jointsNode = o.get("joints");
        ArrayNode jointArray = jointsNode == null ? null : in.array(jointsNode, "$.joints");
        if (jointArray != null) {
            // Without a bodies array every name would dangle; that is one problem, reported above.
            Map<String, String> known = bodyArray == null ? null : names;
            for (int i = 0; i < jointArray.size(); i++) {
                JointSpec j = joint(jointArray.get(i), JsonChecks.index("$.joints", i), known);
                if (j != null) {
                    joints.add(j);
                }
            }
        }
        if (in.hasProblems() || settings == null) {
            return null;
        }
        return new Scene(description, settings, bodies, joints);
    }

    private Settings settings(JsonNode node, String path) {
        ObjectNode o = in.object(node, path);
        if (o == null) {
            return null;
        }
        in.allowKeys(o, path, SETTINGS_KEYS);
        Settings d = Settings.defaults();
        double dt = in.number(o, path, "dt", d.dt(), Range.POSITIVE);
        Integer substeps = in.integer(o, path, "substeps", d.substeps(), 1);
        Vec3 gravity = in.vector(o, path, "gravity", d.gravity());
        Integer iterations = in.integer(o, path, "iterations", d.iterations(), 1);
        boolean sleeping = in.bool(o, path, "sleeping", d.sleeping());
        if (Double.isNaN(dt) || substeps == null || gravity == null || iterations == null) {
            return null;
        }
        return new Settings(dt, substeps, gravity, iterations, sleeping);
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
            // The lab methods weigh a mesh as vertexMass per vertex (contract 4.1); a mass here would
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
        if (name == null || type == null || shape == null || position == null || orientation == null
                || velocity == null || angularVelocity == null || method == null || labParams == null) {
            return null;
        }
        return new BodySpec(name, type, shape, position, orientation, velocity, angularVelocity,
                mass, density, friction, restitution, sensor, bullet, linearDamping, angularDamping, gravityScale,
                method, labParams);
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
        String first = names.putIfAbsent(name, path);
        if (first != null) {
            in.report(at, "body name '" + name + "' is used twice (first at " + first + ")");
        }
        return name;
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
        try {
            return new LabParams(vertexMass, linearDecay, angularDecay, stiffness, epsilon, rho, damping,
                    correct, resting, punish, sleepSpeed, sleepSpin, sleepTime);
        } catch (IllegalArgumentException alreadyReported) {
            // A bad value was reported above at its own path (and came back as NaN).
            return null;
        }
    }

    /**
     * One joint, or null when it has a problem (reported). {@code bodies} maps body names to paths,
     * or is null when the scene has no readable bodies array (names are then not checked).
     */
    private JointSpec joint(JsonNode node, String path, Map<String, String> bodies) {
        ObjectNode o = in.object(node, path);
        if (o == null) {
            return null;
        }
        int problemsBefore = in.problems().size();
        in.allowKeys(o, path, JOINT_KEYS);
        JsonNode typeNode = in.require(o, path, "type");
        String type = typeNode == null ? null
                : in.choice(typeNode, JsonChecks.key(path, "type"), JOINT_TYPES);
        JsonNode a = in.require(o, path, "bodyA");
        String bodyA = a == null ? null : bodyRef(a, JsonChecks.key(path, "bodyA"), bodies);
        JsonNode b = o.get("bodyB");
        // bodyB null or absent: the joint holds bodyA to the world.
        String bodyB = b == null || b.isNull() ? null : bodyRef(b, JsonChecks.key(path, "bodyB"), bodies);
        if (bodyA != null && bodyA.equals(bodyB)) {
            in.report(JsonChecks.key(path, "bodyB"),
                    "bodyB must differ from bodyA (both are '" + bodyA + "')");
        }
        Vec3 anchor = in.vector(o, path, "anchor", Vec3.ZERO);
        Vec3 axis = null;
        JsonNode axisNode = o.get("axis");
        if (axisNode != null) {
            axis = in.direction(axisNode, JsonChecks.key(path, "axis"));
            axis = axis == null ? null : JsonChecks.unit(axis);
        } else if (type != null && JOINTS_WITH_AXIS.contains(type)) {
            in.report(path, "missing required key 'axis' (a " + type + " joint needs one)");
        }
        double[] limits = limits(o, path);
        boolean collide = in.bool(o, path, "collide", false);
        unrecordedKeys(o, path);
        if (in.problems().size() > problemsBefore) {
            return null;
        }
        return new JointSpec(type, bodyA, bodyB, anchor, axis, limits[0], limits[1], collide);
    }

    private String bodyRef(JsonNode n, String path, Map<String, String> bodies) {
        String name = in.string(n, path);
        if (name != null && bodies != null && !bodies.containsKey(name)) {
            in.report(path, "joint refers to unknown body '" + name + "'");
        }
        return name;
    }

    /** {@code [min, max]}, {@code [NaN, NaN]} when absent or bad (reported). */
    private double[] limits(ObjectNode o, String path) {
        JsonNode n = o.get("limits");
        if (n == null) {
            return new double[] {Double.NaN, Double.NaN};
        }
        String at = JsonChecks.key(path, "limits");
        double[] l = in.numbers(n, at, 2, "limits [min, max]", Range.ANY);
        if (l == null) {
            return new double[] {Double.NaN, Double.NaN};
        }
        if (l[0] > l[1]) {
            in.report(at, "limits must have min <= max, got [" + l[0] + ", " + l[1] + "]");
        }
        return l;
    }

    /** Keys the joints issue will use; checked now so that files written today stay valid. */
    private void unrecordedKeys(ObjectNode o, String path) {
        double min = in.number(o, path, "min", Double.NaN, Range.NON_NEGATIVE);
        double max = in.number(o, path, "max", Double.NaN, Range.NON_NEGATIVE);
        if (min > max) {
            in.report(JsonChecks.key(path, "max"), "max must be >= min (" + min + "), got " + max);
        }
        in.number(o, path, "frequency", Double.NaN, Range.POSITIVE);
        in.number(o, path, "damping", Double.NaN, Range.NON_NEGATIVE);
        in.number(o, path, "breakForce", Double.NaN, Range.POSITIVE);
        in.number(o, path, "breakTorque", Double.NaN, Range.POSITIVE);
        JsonNode motorNode = o.get("motor");
        if (motorNode != null) {
            String at = JsonChecks.key(path, "motor");
            ObjectNode motor = in.object(motorNode, at);
            if (motor != null) {
                in.allowKeys(motor, at, MOTOR_KEYS);
                for (String k : MOTOR_KEYS) {
                    in.number(motor, at, k, Double.NaN, Range.ANY);
                }
            }
        }
    }
}
