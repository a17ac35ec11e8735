package ricochet.viewer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import ricochet.math.Vec3;
import ricochet.world.SettingsLimits;
import ricochet.world.Simulation;
import ricochet.world.World;
import ricochet.world.WorldSimulation;

/**
 * The panel's settings of the engine's world while it runs ({@code POST /api/world}): gravity,
 * solver iterations, sleeping and threads (sub-steps go through {@link ViewerParams}, which the lab
 * world shares). A null field keeps the scene's value. They apply at once, through the world's own
 * setters, and again to every world a launch or reset builds.
 *
 * @param gravity m/s^2, world frame
 * @param iterations soft solve passes per substep
 * @param sleeping whether islands at rest may sleep
 * @param threads threads a step runs on (the result is the same bits on any number)
 */
record ViewerWorldSettings(Vec3 gravity, Integer iterations, Boolean sleeping, Integer threads) {

    static final ViewerWorldSettings NONE = new ViewerWorldSettings(null, null, null, null);
    /** More threads than this only waits on a viewer's machine; the engine allows more. */
    static final int MAX_THREADS = Math.min(64, SettingsLimits.MAX_THREADS);

    /**
     * These settings with the fields of {@code body} replacing them; {@code substeps} is left for
     * {@link ViewerParams} and skipped here.
     *
     * @throws ViewerParams.BadParam naming the first field that is unknown or out of range
     */
    ViewerWorldSettings merge(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new ViewerParams.BadParam("body", "expected a JSON object with any of gravity, substeps,"
                    + " iterations, sleeping, threads");
        }
        Vec3 g = gravity;
        Integer it = iterations;
        Boolean sleep = sleeping;
        Integer n = threads;
        for (Iterator<Map.Entry<String, JsonNode>> fields = body.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> f = fields.next();
            JsonNode v = f.getValue();
            switch (f.getKey()) {
                case "gravity" -> g = vector("gravity", v);
                case "iterations" -> it = whole("iterations", v, 1, SettingsLimits.MAX_ITERATIONS);
                case "threads" -> n = whole("threads", v, 1, MAX_THREADS);
                case "sleeping" -> {
                    if (!v.isBoolean()) {
                        throw new ViewerParams.BadParam("sleeping", "expected true or false, got " + v);
                    }
                    sleep = v.asBoolean();
                }
                case "substeps" -> {
                    // Checked and applied by ViewerParams.
                }
                default -> throw new ViewerParams.BadParam(f.getKey(), "unknown setting (expected gravity,"
                        + " substeps, iterations, sleeping or threads)");
            }
        }
        return new ViewerWorldSettings(g, it, sleep, n);
    }

    boolean isEmpty() {
        return equals(NONE);
    }

    /** Sets the given fields on {@code sim}'s world (the lab world takes none of them). */
    void applyTo(Simulation sim) {
        if (!(sim instanceof WorldSimulation w)) {
            return;
        }
        World world = w.world();
        if (gravity != null) {
            world.setGravity(gravity);
        }
        if (iterations != null) {
            world.setIterations(iterations);
        }
        if (sleeping != null && sleeping != world.sleepingEnabled()) {
            world.setSleepingEnabled(sleeping);
        }
        if (threads != null && threads != world.threads()) {
            world.setThreads(threads);
        }
    }

    /**
     * {@code GET /api/world}: the world's own values now ({@code gravity}, {@code substeps},
     * {@code iterations}, {@code sleeping}, {@code threads}), or for the lab world its sub-steps and
     * {@code lab: true}.
     */
    static ObjectNode json(Simulation sim, int substeps) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("substeps", substeps);
        if (!(sim instanceof WorldSimulation w)) {
            o.put("lab", true);
            return o;
        }
        World world = w.world();
        o.put("lab", false);
        Vec3 g = world.gravity();
        o.putArray("gravity").add(g.x()).add(g.y()).add(g.z());
        o.put("iterations", world.iterations());
        o.put("sleeping", world.sleepingEnabled());
        o.put("threads", world.threads());
        return o;
    }

    private static Vec3 vector(String field, JsonNode v) {
        if (!v.isArray() || v.size() != 3) {
            throw new ViewerParams.BadParam(field, "expected [x, y, z] in m/s^2, got " + v);
        }
        double[] c = new double[3];
        for (int i = 0; i < 3; i++) {
            c[i] = v.get(i).asDouble();
            if (!v.get(i).isNumber() || !Double.isFinite(c[i])) {
                throw new ViewerParams.BadParam(field, "expected three finite numbers (m/s^2), got " + v);
            }
        }
        return new Vec3(c[0], c[1], c[2]);
    }

    private static int whole(String field, JsonNode v, int min, int max) {
        if (!v.isIntegralNumber() || !v.canConvertToInt() || v.asInt() < min || v.asInt() > max) {
            throw new ViewerParams.BadParam(field,
                    "must be a whole number in [" + min + ", " + max + "], got " + v);
        }
        return v.asInt();
    }
}
