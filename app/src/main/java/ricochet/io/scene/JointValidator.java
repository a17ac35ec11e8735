package ricochet.io.scene;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import ricochet.io.scene.JsonChecks.Range;
import ricochet.joints.JointDef;
import ricochet.math.Vec3;
import ricochet.body.BodyId;

/**
 * Reads a scene file's {@code "joints"} entries into {@link JointSpec}s. The JSON's shape (keys per
 * type, vectors, finiteness, names) is checked here; the rules on the values themselves (ranges,
 * limits within [-pi, pi], a normal along the axis, ...) are {@link JointDef#problems()}'s, asked key
 * by key so that each problem is reported at the key's path.
 */
final class JointValidator {

    static final List<String> TYPES = Stream.of(JointDef.Type.values()).map(JointDef.Type::key).toList();
    static final List<String> COMMON_KEYS = List.of(
            "type", "name", "bodyA", "bodyB", "anchor", "collide", "breakForce", "breakTorque");
    static final List<String> FRAME_KEYS = List.of("axis", "normal");
    static final List<String> MOTOR_KEYS = List.of("speed", "target", "frequency", "damping", "maxForce");
    /** Types that need an {@code axis}; a six-DOF joint's defaults to x. */
    static final List<String> NEEDS_AXIS = List.of("hinge", "slider", "coneTwist");
    /** Every key some type takes, in the order messages list them. */
    static final List<String> ALL_KEYS;

    static {
        Set<String> all = new LinkedHashSet<>(COMMON_KEYS);
        for (String t : TYPES) {
            all.addAll(ownKeys(t));
        }
        ALL_KEYS = List.copyOf(all);
    }

    /** Stands in for the bodies while {@link JointDef#problems()} checks a def on its own. */
    private static final BodyId SOME_BODY = new BodyId(0, 0);

    private final JsonChecks in;

    JointValidator(JsonChecks in) {
        this.in = in;
    }

    /** The keys a joint of this type takes besides {@link #COMMON_KEYS}. */
    static List<String> ownKeys(String type) {
        return switch (type) {
            case "ball" -> List.of("frequency", "damping");
            case "hinge", "slider" -> List.of("axis", "normal", "limits", "limitFrequency", "limitDamping", "motor");
            case "distance" -> List.of("anchorB", "min", "max", "length", "frequency", "damping");
            case "coneTwist" -> List.of("axis", "normal", "swing", "twist");
            case "sixDof" -> List.of("axis", "normal", "axes");
            default -> List.of();
        };
    }

    /**
     * One joint, or null when it has a problem (reported).
     *
     * @param names every body name (ragdoll parts included) mapped to where it is defined, or null
     *     when the scene has no readable bodies array (names are then not checked)
     * @param bodies the valid bodies by name; ragdoll parts and invalid bodies are absent (a ragdoll
     *     part is a dynamic solver body)
     */
    JointSpec joint(JsonNode node, String path, Map<String, String> names, Map<String, BodySpec> bodies) {
        ObjectNode o = in.object(node, path);
        if (o == null) {
            return null;
        }
        int problemsBefore = in.problems().size();
        JsonNode typeNode = in.require(o, path, "type");
        String type = typeNode == null ? null : in.choice(typeNode, JsonChecks.key(path, "type"), TYPES);
        allowKeys(o, path, type);
        String name = in.string(o, path, "name", null);
        if (name != null && name.isEmpty()) {
            in.report(JsonChecks.key(path, "name"), "name must not be empty");
        } else if (name != null) {
            SceneValidator.checkNameLength(in, name, JsonChecks.key(path, "name"));
        }
        JsonNode a = in.require(o, path, "bodyA");
        String bodyA = a == null ? null : bodyRef(a, JsonChecks.key(path, "bodyA"), names, bodies);
        JsonNode b = o.get("bodyB");
        // bodyB null or absent: the joint holds bodyA to the world.
        String bodyB = b == null || b.isNull() ? null : bodyRef(b, JsonChecks.key(path, "bodyB"), names, bodies);
        if (bodyA != null && bodyA.equals(bodyB)) {
            in.report(JsonChecks.key(path, "bodyB"), "bodyB must differ from bodyA (both are '" + bodyA + "')");
        }
        if (bodyA != null && cannotMove(bodyA, names, bodies) && (bodyB == null || cannotMove(bodyB, names, bodies))) {
            in.report(path, "at least one end must be a dynamic body ('" + bodyA + "' is "
                    + bodies.get(bodyA).type().key() + (bodyB == null ? ", bodyB is the world)"
                    : ", '" + bodyB + "' is " + bodies.get(bodyB).type().key() + ")"));
        }
        Vec3 anchor = in.vector(o, path, "anchor", Vec3.ZERO);
        Vec3 anchorB = in.vector(o, path, "anchorB", null);
        Vec3 axis = unitOrNull(o, path, "axis");
        if (!o.has("axis") && type != null && NEEDS_AXIS.contains(type)) {
            in.report(path, "missing required key 'axis' (a " + type + " joint needs one)");
        }
        Vec3 normal = unitOrNull(o, path, "normal");
        boolean collide = in.bool(o, path, "collide", false);
        double[] limits = pair(o, path, "limits", "limits [min, max]");
        double limitFrequency = in.number(o, path, "limitFrequency", Double.NaN, Range.ANY);
        double limitDamping = in.number(o, path, "limitDamping", Double.NaN, Range.ANY);
        JointSpec.Motor motor = motor(o, path);
        double min = in.number(o, path, "min", Double.NaN, Range.ANY);
        double max = in.number(o, path, "max", Double.NaN, Range.ANY);
        double length = in.number(o, path, "length", Double.NaN, Range.ANY);
        double frequency = in.number(o, path, "frequency", Double.NaN, Range.ANY);
        double damping = in.number(o, path, "damping", Double.NaN, Range.ANY);
        if (!Double.isNaN(length) && !o.has("frequency")) {
            in.report(JsonChecks.key(path, "length"), "length is the spring's rest length and needs 'frequency'"
                    + " (for a rod or rope give 'min' and 'max')");
        }
        double swing = in.number(o, path, "swing", Double.NaN, Range.ANY);
        double[] twist = pair(o, path, "twist", "twist [min, max]");
        List<JointSpec.Axis> axes = axes(o, path);
        double inf = Double.POSITIVE_INFINITY;
        double breakForce = in.number(o, path, "breakForce", inf, Range.ANY);
        double breakTorque = in.number(o, path, "breakTorque", inf, Range.ANY);
        if (in.problems().size() > problemsBefore || type == null) {
            return null;
        }
        JointSpec spec = new JointSpec(type, name, bodyA, bodyB, anchor, anchorB, axis, normal, collide,
                limits[0], limits[1], limitFrequency, limitDamping, motor, min, max, length, frequency, damping,
                swing, twist[0], twist[1], axes, breakForce, breakTorque);
        defRules(spec, o, path);
        return in.problems().size() > problemsBefore ? null : spec;
    }

    private void allowKeys(ObjectNode o, String path, String type) {
        if (type == null) {
            in.allowKeys(o, path, ALL_KEYS);
            return;
        }
        List<String> own = ownKeys(type);
        for (Map.Entry<String, JsonNode> e : o.properties()) {
            String k = e.getKey();
            if (COMMON_KEYS.contains(k) || own.contains(k)) {
                continue;
            }
            if (ALL_KEYS.contains(k)) {
                List<String> takes = new ArrayList<>(COMMON_KEYS);
                takes.addAll(own);
                in.report(JsonChecks.key(path, k), "'" + k + "' does not apply to a " + type + " joint (it takes: "
                        + String.join(", ", takes) + ")");
            } else {
                in.report(JsonChecks.key(path, k), "unknown key '" + k + "' (expected one of: "
                        + String.join(", ", ALL_KEYS) + ")");
            }
        }
    }

    private String bodyRef(JsonNode n, String path, Map<String, String> names, Map<String, BodySpec> bodies) {
        String name = in.string(n, path);
        if (name == null || names == null) {
            return name;
        }
        if (!names.containsKey(name)) {
            in.report(path, "joint refers to unknown body '" + name + "'");
            return name;
        }
        BodySpec body = bodies.get(name);
        if (body != null && body.usesLabMethod()) {
            in.report(path, "body '" + name + "' uses lab method '" + body.method() + "', and lab-method bodies"
                    + " cannot be jointed (the lab world has no joint solver)");
        }
        return name;
    }

    /** Whether a known, valid body is static or kinematic (ragdoll parts are dynamic). */
    private static boolean cannotMove(String name, Map<String, String> names, Map<String, BodySpec> bodies) {
        BodySpec b = names == null ? null : bodies.get(name);
        return b != null && b.type() != BodyType.DYNAMIC;
    }

    private Vec3 unitOrNull(ObjectNode o, String path, String key) {
        JsonNode n = o.get(key);
        if (n == null) {
            return null;
        }
        Vec3 v = in.direction(n, JsonChecks.key(path, key));
        return v == null ? null : JsonChecks.unit(v);
    }

    /** {@code [min, max]} of finite numbers, {@code [NaN, NaN]} when absent or bad (reported). */
    private double[] pair(ObjectNode o, String path, String key, String form) {
        JsonNode n = o.get(key);
        double[] l = n == null ? null : in.numbers(n, JsonChecks.key(path, key), 2, form, Range.ANY);
        return l == null ? new double[] {Double.NaN, Double.NaN} : l;
    }

    private JointSpec.Motor motor(ObjectNode o, String path) {
        JsonNode n = o.get("motor");
        if (n == null) {
            return null;
        }
        String at = JsonChecks.key(path, "motor");
        ObjectNode m = in.object(n, at);
        if (m == null) {
            return null;
        }
        in.allowKeys(m, at, MOTOR_KEYS);
        boolean velocity = m.has("speed");
        if (velocity == m.has("target")) {
            in.report(velocity ? JsonChecks.key(at, "target") : at, velocity
                    ? "give 'speed' (a velocity motor) or 'target' (a position motor), not both"
                    : "a motor needs 'speed' (a velocity motor) or 'target' (a position motor)");
            return null;
        }
        if (velocity) {
            for (String k : List.of("frequency", "damping")) {
                if (m.has(k)) {
                    in.report(JsonChecks.key(at, k), "'" + k + "' belongs to a position motor ('target'), not to a"
                            + " velocity motor ('speed')");
                }
            }
        }
        double speed = in.number(m, at, "speed", Double.NaN, Range.ANY);
        double target = in.number(m, at, "target", Double.NaN, Range.ANY);
        double frequency = in.number(m, at, "frequency", Double.NaN, Range.ANY);
        double damping = in.number(m, at, "damping", Double.NaN, Range.ANY);
        double maxForce = in.number(m, at, "maxForce", Range.ANY);
        return new JointSpec.Motor(velocity ? JointDef.Motor.VELOCITY : JointDef.Motor.POSITION, speed, target,
                frequency, damping, maxForce);
    }

    /** The six axes of a six-DOF joint: {@code "free"}, {@code "locked"} or {@code [min, max]} each. */
    private List<JointSpec.Axis> axes(ObjectNode o, String path) {
        JsonNode n = o.get("axes");
        if (n == null) {
            return List.of();
        }
        String at = JsonChecks.key(path, "axes");
        ArrayNode array = in.array(n, at);
        if (array == null) {
            return List.of();
        }
        if (array.size() != 6) {
            in.report(at, "expected six axes [linear x, y, z, angular x, y, z], got " + array.size() + " elements");
            return List.of();
        }
        List<JointSpec.Axis> out = new ArrayList<>();
        for (int k = 0; k < 6; k++) {
            JsonNode e = array.get(k);
            String ek = JsonChecks.index(at, k);
            if (e.isArray()) {
                double[] r = in.numbers(e, ek, 2, "[min, max]", Range.ANY);
                out.add(r == null ? JointSpec.Axis.FREE : new JointSpec.Axis(JointDef.AxisMode.LIMITED, r[0], r[1]));
            } else if (e.isTextual() && (e.textValue().equals("free") || e.textValue().equals("locked"))) {
                out.add(e.textValue().equals("free") ? JointSpec.Axis.FREE : JointSpec.Axis.LOCKED);
            } else {
                in.report(ek, "expected \"free\", \"locked\" or [min, max], got " + JsonChecks.describe(e));
                out.add(JointSpec.Axis.FREE);
            }
        }
        return out;
    }

    /**
     * {@link JointDef#problems()} on the def with one key's value set at a time, reported at that
     * key; then on the whole def, for rules that tie keys together.
     */
    private void defRules(JointSpec s, ObjectNode o, String path) {
        int before = in.problems().size();
        double nan = Double.NaN;
        double inf = Double.POSITIVE_INFINITY;
        check(s, o, path, "normal", d -> d.normal(s.normal()));
        check(s, o, path, "limits", d -> d.limits(s.lowerLimit(), s.upperLimit()));
        check(s, o, path, "limitFrequency", d -> d.softLimits(s.limitFrequency(), d.limitDamping));
        check(s, o, path, "limitDamping", d -> d.softLimits(d.limitHertz, s.limitDamping()));
        check(s, o, path, "motor", d -> JointSpec.setMotor(d, s.motor()));
        check(s, o, path, "min", d -> d.lengths(s.min(), nan));
        check(s, o, path, "max", d -> d.lengths(nan, s.max()));
        if (in.problems().size() == before && o.has("min") && o.has("max")) {
            check(s, o, path, "max", d -> d.lengths(s.min(), s.max()));
        }
        check(s, o, path, "length", d -> d.spring(s.length(), d.springHertz, d.springDamping));
        check(s, o, path, "frequency", d -> d.spring(nan, s.frequency(), d.springDamping));
        check(s, o, path, "damping", d -> d.spring(nan, d.springHertz, s.damping()));
        check(s, o, path, "swing", d -> d.coneLimits(s.swing(), nan, nan));
        check(s, o, path, "twist", d -> d.coneLimits(nan, s.twistMin(), s.twistMax()));
        for (int k = 0; k < s.axes().size(); k++) {
            JointSpec.Axis ax = s.axes().get(k);
            int axisIndex = k;
            String at = JsonChecks.index(JsonChecks.key(path, "axes"), k);
            report(at, base(s), d -> d.axisMode(axisIndex, ax.mode(), ax.min(), ax.max()));
        }
        check(s, o, path, "breakForce", d -> d.breakable(s.breakForce(), inf));
        check(s, o, path, "breakTorque", d -> d.breakable(inf, s.breakTorque()));
        if (in.problems().size() == before) {
            String p = s.toDef(SOME_BODY, null).problems();
            if (!p.isEmpty()) {
                in.report(path, p);
            }
        }
    }

    private void check(JointSpec s, ObjectNode o, String path, String key, Consumer<JointDef> set) {
        if (o.has(key)) {
            report(JsonChecks.key(path, key), base(s), set);
        }
    }

    private void report(String path, JointDef def, Consumer<JointDef> set) {
        set.accept(def);
        String p = def.problems();
        if (!p.isEmpty()) {
            in.report(path, p);
        }
    }

    /** The def of the spec's type and axis with nothing else set. */
    private static JointDef base(JointSpec s) {
        JointDef d = JointSpec.of(s.type(), null, null, Vec3.ZERO).toDef(SOME_BODY, null);
        return s.axis() == null ? d : d.axis(s.axis());
    }
}
