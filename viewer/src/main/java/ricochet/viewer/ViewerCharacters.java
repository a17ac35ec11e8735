package ricochet.viewer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import ricochet.body.BodyId;
import ricochet.character.CharacterId;
import ricochet.character.Characters;
import ricochet.character.GroundState;
import ricochet.math.Vec3;
import ricochet.world.Simulation;
import ricochet.world.WorldSimulation;

/**
 * The scene's characters as the viewer shows and drives them: their part of the frame and of
 * {@code /api/state}, and {@code POST /api/character/input}. A character's input track drives it
 * until the first input for it arrives; from then on only inputs do, until a launch or reset builds
 * the world again. An input lands between two steps (the host's lock), so what a step sees is
 * decided before it starts.
 *
 * <p>Not thread-safe: the host calls it under its lock, passing the simulation it shows now.
 */
final class ViewerCharacters {

    /**
     * Doubles per character in a frame, after the bodies: centre (3), velocity (3), the capsule's
     * whole height now (crouched or standing), crouching (0/1), ground state (0 grounded, 1 sliding,
     * 2 airborne), the ground body's number (-1 when airborne), driven by inputs (0/1).
     */
    static final int PER_CHARACTER = 11;

    /** The simulation the fields below describe; a new one (launch, reset) starts them again. */
    private Simulation owner;
    private final Map<BodyId, Integer> bodyNumber = new HashMap<>();
    /** Per character: whether inputs have taken it over from its track. */
    private boolean[] driven = new boolean[0];

    /** A character input the scene cannot take (it has no characters): HTTP 409. */
    static final class Unavailable extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        Unavailable(String message) {
            super(message);
        }
    }

    /** The wanted motion of one input, checked. */
    record Input(int character, double vx, double vz, double jump, boolean crouch) {
    }

    private void follow(Simulation sim) {
        if (owner == sim) {
            return;
        }
        owner = sim;
        bodyNumber.clear();
        if (sim instanceof WorldSimulation ws) {
            for (int b = 0; b < ws.bodyCount(); b++) {
                bodyNumber.put(ws.id(b), b);
            }
        }
        driven = new boolean[sim.characterCount()];
    }

    /**
     * Reads {@code {"name"?, "velocity": [x, y, z], "jump"?, "crouch"?}}: the character by name (the
     * first when absent), the wanted velocity in m/s, world axes (its y part is ignored), a jump speed
     * in m/s (default 0, none) and crouch (default false). Every field but {@code name} that is
     * absent takes its default, so each input says the whole of what the character is to do.
     *
     * @throws ViewerParams.BadParam naming the field
     * @throws Unavailable when the scene has no characters
     */
    static Input parse(Simulation sim, JsonNode body) {
        if (sim.characterCount() == 0) {
            throw new Unavailable("character input: this scene has no characters (the built-in scenes"
                    + " stairs, slopes, push and platform have)");
        }
        if (body == null || !body.isObject()) {
            throw new ViewerParams.BadParam("body",
                    "expected a JSON object with name, velocity, jump, crouch");
        }
        int character = 0;
        double vx = 0;
        double vz = 0;
        double jump = 0;
        boolean crouch = false;
        for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            JsonNode v = f.getValue();
            switch (f.getKey()) {
                case "name" -> character = characterNumber(sim, v);
                case "velocity" -> {
                    double[] w = finiteTriple(v);
                    vx = w[0];
                    vz = w[2];
                }
                case "jump" -> {
                    if (!v.isNumber() || !Double.isFinite(v.asDouble()) || v.asDouble() < 0) {
                        throw new ViewerParams.BadParam("jump",
                                "expected an upward speed >= 0 in m/s, got " + v);
                    }
                    jump = v.asDouble();
                }
                case "crouch" -> {
                    if (!v.isBoolean()) {
                        throw new ViewerParams.BadParam("crouch", "expected true or false, got " + v);
                    }
                    crouch = v.asBoolean();
                }
                default -> throw new ViewerParams.BadParam(f.getKey(),
                        "unknown field (expected name, velocity, jump, crouch)");
            }
        }
        return new Input(character, vx, vz, jump, crouch);
    }

    private static int characterNumber(Simulation sim, JsonNode v) {
        if (!v.isTextual()) {
            throw new ViewerParams.BadParam("name", "expected a character's name, got " + v);
        }
        for (int c = 0; c < sim.characterCount(); c++) {
            if (sim.characterName(c).equals(v.asText())) {
                return c;
            }
        }
        throw new ViewerParams.BadParam("name", "no character named '" + v.asText() + "' in this scene");
    }

    private static double[] finiteTriple(JsonNode v) {
        if (!v.isArray() || v.size() != 3) {
            throw new ViewerParams.BadParam("velocity", "expected [x, y, z] in m/s, got " + v);
        }
        double[] out = new double[3];
        for (int i = 0; i < 3; i++) {
            JsonNode c = v.get(i);
            out[i] = c.asDouble();
            if (!c.isNumber() || !Double.isFinite(out[i])) {
                throw new ViewerParams.BadParam("velocity", "expected three finite numbers, got " + v);
            }
        }
        return out;
    }

    /** Takes the character over from its track, if it had one, and gives it {@code in} for the next steps. */
    void apply(WorldSimulation sim, Input in) {
        follow(sim);
        sim.setTrack(in.character(), null);
        driven[in.character()] = true;
        sim.world().characters().setInput(sim.characterId(in.character()), in.vx(), in.vz(), in.jump(),
                in.crouch());
    }

    /** Writes each character's {@link #PER_CHARACTER} doubles from {@code out[o]} on. */
    void frame(Simulation sim, double[] out, int o) {
        follow(sim);
        if (!(sim instanceof WorldSimulation ws)) {
            return;
        }
        Characters all = ws.world().characters();
        for (int c = 0; c < ws.characterCount(); c++, o += PER_CHARACTER) {
            CharacterId id = ws.characterId(c);
            Vec3 p = all.position(id);
            Vec3 v = all.velocity(id);
            out[o] = p.x();
            out[o + 1] = p.y();
            out[o + 2] = p.z();
            out[o + 3] = v.x();
            out[o + 4] = v.y();
            out[o + 5] = v.z();
            var shape = all.shape(id);
            out[o + 6] = 2 * (shape.halfHeight() + shape.radius());
            out[o + 7] = all.isCrouching(id) ? 1 : 0;
            out[o + 8] = all.groundState(id).ordinal();
            out[o + 9] = groundNumber(all.groundBody(id));
            out[o + 10] = driven[c] ? 1 : 0;
        }
    }

    private int groundNumber(BodyId ground) {
        Integer b = ground == null ? null : bodyNumber.get(ground);
        return b == null ? -1 : b;
    }

    /** {@code /api/state}'s {@code characters}: per name its centre, velocity, ground and crouch. */
    void state(Simulation sim, ObjectNode into) {
        follow(sim);
        if (!(sim instanceof WorldSimulation ws)) {
            return;
        }
        Characters all = ws.world().characters();
        for (int c = 0; c < ws.characterCount(); c++) {
            CharacterId id = ws.characterId(c);
            ObjectNode o = into.putObject(ws.characterName(c));
            vec(o.putArray("position"), all.position(id));
            vec(o.putArray("velocity"), all.velocity(id));
            GroundState g = all.groundState(id);
            o.put("groundState", g.name());
            int ground = groundNumber(all.groundBody(id));
            o.put("groundBody", ground < 0 ? null : ws.bodyName(ground));
            vec(o.putArray("groundNormal"), all.groundNormal(id));
            o.put("crouching", all.isCrouching(id));
            o.put("height", 2 * (all.shape(id).halfHeight() + all.shape(id).radius()));
            o.put("driven", driven[c]);
        }
    }

    private static void vec(ArrayNode a, Vec3 v) {
        a.add(v.x()).add(v.y()).add(v.z());
    }
}
