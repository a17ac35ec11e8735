package ricochet.viewer;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;
import ricochet.lab.LabMethod;
import ricochet.world.SettingsLimits;

/**
 * The panel's settings that override the scene: the lab method, restitution and friction of the
 * dynamic bodies, dt and sub-steps. A null field keeps the scene's value.
 */
record ViewerParams(String method, Double restitution, Double friction, Double dt, Integer substeps) {

    static final ViewerParams NONE = new ViewerParams(null, null, null, null, null);
    /** Longer steps than this make every built-in scene tunnel; the panel's slider stops here. */
    static final double MAX_DT = 0.1;
    /** The scene files' bound ({@link SettingsLimits#MAX_SUBSTEPS}), so the panel cannot exceed it. */
    static final int MAX_SUBSTEPS = SettingsLimits.MAX_SUBSTEPS;

    /** A bad value of one field of {@code POST /api/params}. */
    static final class BadParam extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        final String field;

        BadParam(String field, String message) {
            super(field + ": " + message);
            this.field = field;
        }
    }

    /**
     * These settings with the fields given in {@code body} replacing them.
     *
     * @throws BadParam naming the first field that is unknown or out of range
     */
    ViewerParams merge(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new BadParam("body", "expected a JSON object with any of method, restitution, friction, dt,"
                    + " substeps");
        }
        String m = method;
        Double e = restitution;
        Double mu = friction;
        Double h = dt;
        Integer n = substeps;
        for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            JsonNode v = f.getValue();
            switch (f.getKey()) {
                case "method" -> {
                    if (!v.isTextual()) {
                        throw new BadParam("method", "expected a string, got " + v);
                    }
                    try {
                        m = LabMethod.fromKey(v.asText()).key();
                    } catch (IllegalArgumentException ex) {
                        throw new BadParam("method", ex.getMessage());
                    }
                }
                case "restitution" -> {
                    e = number("restitution", v);
                    if (!(e >= 0 && e <= 1)) {
                        throw new BadParam("restitution", "must be in [0, 1], got " + e);
                    }
                }
                case "friction" -> {
                    mu = number("friction", v);
                    if (!(mu >= 0) || mu.isInfinite()) {
                        throw new BadParam("friction", "must be finite and >= 0, got " + mu);
                    }
                }
                case "dt" -> {
                    h = number("dt", v);
                    if (!(h > 0 && h <= MAX_DT)) {
                        throw new BadParam("dt", "must be in (0, " + MAX_DT + "] s, got " + h);
                    }
                }
                case "substeps" -> {
                    if (!v.isIntegralNumber() || !v.canConvertToInt()) {
                        throw new BadParam("substeps", "expected a whole number, got " + v);
                    }
                    n = v.asInt();
                    if (n < 1 || n > MAX_SUBSTEPS) {
                        throw new BadParam("substeps", "must be in [1, " + MAX_SUBSTEPS + "], got " + n);
                    }
                }
                default -> throw new BadParam(f.getKey(), "unknown parameter (expected method, restitution,"
                        + " friction, dt or substeps)");
            }
        }
        return new ViewerParams(m, e, mu, h, n);
    }

    private static Double number(String field, JsonNode v) {
        if (!v.isNumber()) {
            throw new BadParam(field, "expected a number, got " + v);
        }
        double d = v.asDouble();
        if (!Double.isFinite(d)) {
            throw new BadParam(field, "must be finite, got " + d);
        }
        return d;
    }
}
