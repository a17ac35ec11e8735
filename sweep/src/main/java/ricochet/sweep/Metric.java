package ricochet.sweep;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One measured column of a sweep. {@code final.BODY.x|y|z}: the body's origin at the end (metres,
 * world space); {@code maxSpeed.BODY}: the largest speed of its centre of mass over every frame,
 * the first included (m/s); {@code restTime}: the first simulated time after a step at which every
 * dynamic body sleeps (s; empty if never); {@code maxPenetration}: the deepest overlap over the run
 * (m, >= 0: the deepest contact of the engine's world, or the deepest vertex of a lab body inside a
 * static collider); {@code energy}: kinetic plus gravitational potential energy at the end (J,
 * potential relative to the origin).
 *
 * @param name the column name, as given
 * @param kind which measure
 * @param body the body a per-body metric reads, else null
 * @param axis 0, 1, 2 for x, y, z of {@code final}, else -1
 */
record Metric(String name, Kind kind, String body, int axis) implements Serializable {

    private static final long serialVersionUID = 1L;

    enum Kind { FINAL, MAX_SPEED, REST_TIME, MAX_PENETRATION, ENERGY }

    /** What {@code --metrics} is when not given. */
    static final String DEFAULTS = "restTime,maxPenetration,energy";

    /**
     * Parses a comma-separated list; {@code bodies} are the scene's body names. Throws
     * IllegalArgumentException naming the metric that is wrong.
     */
    static List<Metric> parseList(String text, Set<String> bodies) {
        List<Metric> out = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            Metric m = parse(part.trim(), bodies);
            for (Metric seen : out) {
                if (seen.name.equals(m.name)) {
                    throw new IllegalArgumentException("--metrics: '" + m.name + "' is given twice");
                }
            }
            out.add(m);
        }
        return out;
    }

    static Metric parse(String name, Set<String> bodies) {
        switch (name) {
            case "restTime":
                return new Metric(name, Kind.REST_TIME, null, -1);
            case "maxPenetration":
                return new Metric(name, Kind.MAX_PENETRATION, null, -1);
            case "energy":
                return new Metric(name, Kind.ENERGY, null, -1);
            default:
                break;
        }
        if (name.startsWith("final.") && name.length() > "final.".length() + 2
                && name.charAt(name.length() - 2) == '.') {
            int axis = "xyz".indexOf(name.charAt(name.length() - 1));
            String body = name.substring("final.".length(), name.length() - 2);
            if (axis >= 0) {
                return new Metric(name, Kind.FINAL, known(body, bodies, name), axis);
            }
        }
        if (name.startsWith("maxSpeed.")) {
            return new Metric(name, Kind.MAX_SPEED, known(name.substring("maxSpeed.".length()), bodies, name), -1);
        }
        throw new IllegalArgumentException("--metrics: unknown metric '" + name + "' (metrics: final.BODY.x|y|z,"
                + " maxSpeed.BODY, restTime, maxPenetration, energy)");
    }

    private static String known(String body, Set<String> bodies, String metric) {
        if (!bodies.contains(body)) {
            throw new IllegalArgumentException("--metrics " + metric + ": no body '" + body + "' in the scene");
        }
        return body;
    }
}
