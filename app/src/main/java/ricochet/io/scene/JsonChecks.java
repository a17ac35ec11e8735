package ricochet.io.scene;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * Typed reads of a Jackson tree that record a {@link SceneProblem} instead of throwing, so that one
 * pass over a scene file finds every problem. A read that fails records the problem and returns a
 * stand-in (null, NaN or the key's default) so the caller can go on; the caller throws the scene
 * away when {@link #hasProblems()}.
 *
 * <p>Paths are JSONPath-like: {@code $.bodies[1].shape.radius}. A missing key is reported at the
 * path of the object that lacks it, since the key's own path points at nothing.
 */
final class JsonChecks {

    /** A range a number must lie in, with the words its message uses. */
    enum Range {
        ANY(""), POSITIVE("> 0"), NON_NEGATIVE(">= 0"), UNIT("in [0, 1]"), DECAY("in (0, 1]");

        private final String words;

        Range(String words) {
            this.words = words;
        }

        boolean contains(double v) {
            return switch (this) {
                case ANY -> true;
                case POSITIVE -> v > 0;
                case NON_NEGATIVE -> v >= 0;
                case UNIT -> v >= 0 && v <= 1;
                case DECAY -> v > 0 && v <= 1;
            };
        }
    }

    private final List<SceneProblem> problems = new ArrayList<>();

    void report(String path, String message) {
        problems.add(new SceneProblem(path, message));
    }

    boolean hasProblems() {
        return !problems.isEmpty();
    }

    List<SceneProblem> problems() {
        return problems;
    }

    static String key(String path, String key) {
        return path + "." + key;
    }

    static String index(String path, int i) {
        return path + "[" + i + "]";
    }

    /** The last segment of a path ({@code radius}, {@code halfExtents[1]}), to name a value in a message. */
    static String label(String path) {
        return path.substring(path.lastIndexOf('.') + 1);
    }

    /** How a value reads in a message: {@code string "abc"}, {@code number 3}, {@code an array}. */
    static String describe(JsonNode n) {
        return switch (n.getNodeType()) {
            case STRING -> "string " + quote(n.textValue());
            case NUMBER -> "number " + n.asText();
            case BOOLEAN -> "boolean " + n.asText();
            case NULL -> "null";
            case ARRAY -> "an array";
            case OBJECT -> "an object";
            default -> n.getNodeType().toString().toLowerCase(Locale.ROOT);
        };
    }

    /** A string as JSON would write it, cut short so a stray paragraph does not flood the message. */
    static String quote(String s) {
        String cut = s.length() > 60 ? s.substring(0, 57) + "..." : s;
        return "\"" + cut.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }

    static String show(Vec3 v) {
        return "[" + v.x() + ", " + v.y() + ", " + v.z() + "]";
    }

    static double maxAbs(Vec3 v) {
        return Math.max(Math.abs(v.x()), Math.max(Math.abs(v.y()), Math.abs(v.z())));
    }

    /**
     * The unit vector along a non-zero {@code v}; dividing by the largest component first keeps
     * the length from overflowing (1e300) or underflowing (1e-200) on the way.
     */
    static Vec3 unit(Vec3 v) {
        double m = maxAbs(v);
        return new Vec3(v.x() / m, v.y() / m, v.z() / m).normalized();
    }

    ObjectNode object(JsonNode n, String path) {
        if (n instanceof ObjectNode o) {
            return o;
        }
        report(path, "expected an object, got " + describe(n));
        return null;
    }

    ArrayNode array(JsonNode n, String path) {
        if (n instanceof ArrayNode a) {
            return a;
        }
        report(path, "expected an array, got " + describe(n));
        return null;
    }

    /** Reports every key of {@code o} not in {@code allowed}, naming the allowed ones. */
    void allowKeys(ObjectNode o, String path, List<String> allowed) {
        allowKeys(o, path, allowed, allowed);
    }

    /** Reports every key of {@code o} not in {@code allowed}, naming those in {@code shown}. */
    void allowKeys(ObjectNode o, String path, List<String> allowed, List<String> shown) {
        for (Map.Entry<String, JsonNode> e : o.properties()) {
            if (!allowed.contains(e.getKey())) {
                report(key(path, e.getKey()), "unknown key '" + e.getKey() + "' (expected one of: "
                        + String.join(", ", shown) + ")");
            }
        }
    }

    /**
     * The time {@code t} of a track's entry (an input or a motion track): required, >= 0 and after
     * {@code last}, the entry before's (NaN for the first); NaN when missing or not a number.
     */
    double entryTime(ObjectNode o, String path, double last) {
        JsonNode tn = require(o, path, "t");
        double t = tn == null ? Double.NaN : number(tn, key(path, "t"), Range.NON_NEGATIVE);
        if (!Double.isNaN(t) && !Double.isNaN(last) && !(t > last)) {
            report(key(path, "t"), "t must be after the entry before (" + last + "), got " + t);
        }
        return t;
    }

    /** The value of a required key, or null (reported) when it is missing. */
    JsonNode require(ObjectNode o, String path, String key) {
        JsonNode n = o.get(key);
        if (n == null) {
            report(path, "missing required key '" + key + "'");
        }
        return n;
    }

    /** A finite number in {@code range}, or NaN (reported). */
    double number(JsonNode n, String path, Range range) {
        if (!n.isNumber()) {
            report(path, "expected a number, got " + describe(n));
            return Double.NaN;
        }
        // Numbers beyond double range (1e999) arrive here as infinities, so one check covers them.
        double v = n.doubleValue();
        if (!Double.isFinite(v)) {
            report(path, label(path) + " must be finite, got " + v);
            return Double.NaN;
        }
        if (!range.contains(v)) {
            report(path, label(path) + " must be " + range.words + ", got " + v);
            return Double.NaN;
        }
        return v;
    }

    /** A required number, or NaN (reported) when missing or bad. */
    double number(ObjectNode o, String path, String key, Range range) {
        JsonNode n = require(o, path, key);
        return n == null ? Double.NaN : number(n, key(path, key), range);
    }

    /** An optional number: {@code absent} when the key is missing, NaN (reported) when bad. */
    double number(ObjectNode o, String path, String key, double absent, Range range) {
        JsonNode n = o.get(key);
        return n == null ? absent : number(n, key(path, key), range);
    }

    /** An integer (a number with no fractional part) of at least {@code min}, or null (reported). */
    Integer integer(JsonNode n, String path, int min) {
        return integer(n, path, min, Integer.MAX_VALUE);
    }

    /** An integer in [min, max], or null (reported). */
    Integer integer(JsonNode n, String path, int min, int max) {
        if (!n.isNumber()) {
            report(path, "expected an integer, got " + describe(n));
            return null;
        }
        double v = n.doubleValue();
        if (!Double.isFinite(v) || v != Math.rint(v)) {
            report(path, label(path) + " must be an integer, got " + n.asText());
            return null;
        }
        if (v < min) {
            report(path, label(path) + " must be >= " + min + ", got " + n.asText());
            return null;
        }
        if (v > max) {
            report(path, label(path) + " must be at most " + max + ", got " + n.asText());
            return null;
        }
        return (int) v;
    }

    /** An optional integer: {@code absent} when the key is missing, null (reported) when bad. */
    Integer integer(ObjectNode o, String path, String key, int absent, int min) {
        return integer(o, path, key, absent, min, Integer.MAX_VALUE);
    }

    /** An optional integer in [min, max]: {@code absent} when the key is missing, null (reported) when bad. */
    Integer integer(ObjectNode o, String path, String key, int absent, int min, int max) {
        JsonNode n = o.get(key);
        return n == null ? Integer.valueOf(absent) : integer(n, key(path, key), min, max);
    }

    /** An optional boolean: {@code absent} when the key is missing or bad (reported). */
    boolean bool(ObjectNode o, String path, String key, boolean absent) {
        JsonNode n = o.get(key);
        if (n == null) {
            return absent;
        }
        if (!n.isBoolean()) {
            report(key(path, key), "expected true or false, got " + describe(n));
            return absent;
        }
        return n.booleanValue();
    }

    String string(JsonNode n, String path) {
        if (!n.isTextual()) {
            report(path, "expected a string, got " + describe(n));
            return null;
        }
        return n.textValue();
    }

    /** An optional string: {@code absent} when the key is missing, null (reported) when bad. */
    String string(ObjectNode o, String path, String key, String absent) {
        JsonNode n = o.get(key);
        return n == null ? absent : string(n, key(path, key));
    }

    /** One of {@code choices}, or null (reported). */
    String choice(JsonNode n, String path, List<String> choices) {
        String s = string(n, path);
        if (s != null && !choices.contains(s)) {
            report(path, label(path) + " must be one of: " + String.join(", ", choices) + "; got "
                    + quote(s));
            return null;
        }
        return s;
    }

    /** An optional choice: {@code absent} when the key is missing, null (reported) when bad. */
    String choice(ObjectNode o, String path, String key, String absent, List<String> choices) {
        JsonNode n = o.get(key);
        return n == null ? absent : choice(n, key(path, key), choices);
    }

    /** An array of exactly {@code count} finite numbers, or null (reported). */
    double[] numbers(JsonNode n, String path, int count, String form, Range range) {
        if (!n.isArray() || n.size() != count) {
            report(path, "expected " + form + ", got "
                    + (n.isArray() ? n.size() + " elements" : describe(n)));
            return null;
        }
        double[] out = new double[count];
        boolean ok = true;
        for (int i = 0; i < count; i++) {
            out[i] = number(n.get(i), index(path, i), range);
            ok &= !Double.isNaN(out[i]);
        }
        return ok ? out : null;
    }

    /** A vector {@code [x, y, z]} of finite numbers, or null (reported). */
    Vec3 vector(JsonNode n, String path) {
        double[] a = numbers(n, path, 3, "a vector [x, y, z]", Range.ANY);
        return a == null ? null : Vec3.of(a);
    }

    /** An optional vector: {@code absent} when the key is missing, null (reported) when bad. */
    Vec3 vector(ObjectNode o, String path, String key, Vec3 absent) {
        JsonNode n = o.get(key);
        return n == null ? absent : vector(n, key(path, key));
    }

    /**
     * A non-zero vector as written (not normalised: a plane needs the original length), or null
     * (reported).
     */
    Vec3 direction(JsonNode n, String path) {
        Vec3 v = vector(n, path);
        if (v != null && maxAbs(v) == 0) {
            report(path, label(path) + " must be a non-zero vector, got " + show(v));
            return null;
        }
        return v;
    }

    /**
     * A unit quaternion from {@code [x, y, z, w]} (normalised here) or from
     * {@code {"axis": [x, y, z], "degrees": a}}, or null (reported).
     */
    Quat orientation(JsonNode n, String path) {
        if (n instanceof ObjectNode o) {
            allowKeys(o, path, List.of("axis", "degrees"));
            JsonNode axisNode = require(o, path, "axis");
            Vec3 axis = axisNode == null ? null : direction(axisNode, key(path, "axis"));
            double degrees = number(o, path, "degrees", Range.ANY);
            if (axis == null || Double.isNaN(degrees)) {
                return null;
            }
            return Quat.fromAxisAngle(unit(axis), Math.toRadians(degrees));
        }
        if (!n.isArray()) {
            report(path, "expected a quaternion [x, y, z, w] or {\"axis\": [x, y, z], \"degrees\": a}, got "
                    + describe(n));
            return null;
        }
        double[] q = numbers(n, path, 4, "a quaternion [x, y, z, w]", Range.ANY);
        if (q == null) {
            return null;
        }
        double m = Math.max(Math.max(Math.abs(q[0]), Math.abs(q[1])),
                Math.max(Math.abs(q[2]), Math.abs(q[3])));
        if (m == 0) {
            report(path, "quaternion has length 0");
            return null;
        }
        // Dividing by the largest component first keeps the norm from overflowing or underflowing.
        return new Quat(q[0] / m, q[1] / m, q[2] / m, q[3] / m).normalized();
    }

    /** An optional orientation: {@code absent} when the key is missing, null (reported) when bad. */
    Quat orientation(ObjectNode o, String path, String key, Quat absent) {
        JsonNode n = o.get(key);
        return n == null ? absent : orientation(n, key(path, key));
    }
}
