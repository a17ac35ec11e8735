package ricochet.viewer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Iterator;
import java.util.Map;
import ricochet.body.BodyId;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.vehicle.VehicleDef;
import ricochet.vehicle.VehicleId;
import ricochet.vehicle.Vehicles;
import ricochet.world.Simulation;
import ricochet.world.WorldSimulation;

/**
 * The scene's vehicles as the viewer shows and drives them: their block at the end of the frame,
 * {@code GET /api/vehicles} and {@code POST /api/vehicle/input}. A vehicle's input track drives it
 * until the first input for it arrives; from then on only inputs do, until a launch or reset builds
 * the world again. An input lands between two steps (the host's lock), so what a step sees is
 * decided before it starts.
 *
 * <p>Not thread-safe: the host calls it under its lock, passing the simulation it shows now.
 */
final class ViewerVehicles {

    /**
     * Doubles per vehicle in the frame's vehicle block: the chassis' body number, forward speed (m/s,
     * the chassis velocity along its local +z), engine rpm, gear (0 first), driven by inputs (0/1),
     * wheel count.
     */
    static final int PER_VEHICLE = 6;
    /**
     * Doubles per wheel, after its vehicle's: centre (3, world, m), orientation (x, y, z, w: the
     * chassis', steered, then spun about the axle), slip ratio, slip angle (rad), on the ground (0/1).
     */
    static final int PER_WHEEL = 10;

    /** The simulation the fields below describe; a new one (launch, reset) starts them again. */
    private Simulation owner;
    /** Per vehicle: the last input given, or null while its track drives it. */
    private Input[] driven = new Input[0];
    private final double[] scratch = new double[4];

    /** A vehicle input the scene cannot take (it has no vehicles): HTTP 409. */
    static final class Unavailable extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        Unavailable(String message) {
            super(message);
        }
    }

    /** One driver's input, checked: ranges as {@link Vehicles#setInput}. */
    record Input(int vehicle, double throttle, double brake, double handbrake, double steer) {
    }

    private void follow(Simulation sim) {
        if (owner == sim) {
            return;
        }
        owner = sim;
        driven = new Input[vehicleCount(sim)];
    }

    private static int vehicleCount(Simulation sim) {
        return sim instanceof WorldSimulation ws ? ws.vehicleCount() : 0;
    }

    /**
     * Reads {@code {"name"?, "throttle"?, "brake"?, "handbrake"?, "steer"?}}: the vehicle by name (the
     * first when absent), throttle in [-1, 1] (negative: reverse), brake and handbrake in [0, 1], steer
     * in [-1, 1] (a fraction of the
     * vehicle's maxSteer, positive turns left). Every field but {@code name} that is absent is 0, so
     * each input says the whole of what the driver does.
     *
     * @throws ViewerParams.BadParam naming the field
     * @throws Unavailable when the scene has no vehicles
     */
    static Input parse(Simulation sim, JsonNode body) {
        if (vehicleCount(sim) == 0) {
            throw new Unavailable("vehicle input: this scene has no vehicles (the built-in scenes car-brake,"
                    + " car-circle, car-slope, car-bumps and car-launch have)");
        }
        if (body == null || !body.isObject()) {
            throw new ViewerParams.BadParam("body",
                    "expected a JSON object with name, throttle, brake, handbrake, steer");
        }
        WorldSimulation ws = (WorldSimulation) sim;
        int vehicle = 0;
        double throttle = 0;
        double brake = 0;
        double handbrake = 0;
        double steer = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            JsonNode v = f.getValue();
            switch (f.getKey()) {
                case "name" -> vehicle = vehicleNumber(ws, v);
                case "throttle" -> throttle = fraction("throttle", v, -1);
                case "brake" -> brake = fraction("brake", v, 0);
                case "handbrake" -> handbrake = fraction("handbrake", v, 0);
                case "steer" -> steer = fraction("steer", v, -1);
                default -> throw new ViewerParams.BadParam(f.getKey(),
                        "unknown field (expected name, throttle, brake, handbrake, steer)");
            }
        }
        return new Input(vehicle, throttle, brake, handbrake, steer);
    }

    private static double fraction(String field, JsonNode v, int lo) {
        double x = v.asDouble();
        if (!v.isNumber() || !(x >= lo && x <= 1)) {
            throw new ViewerParams.BadParam(field, "expected a number in [" + lo + ", 1], got " + v);
        }
        return x;
    }

    private static int vehicleNumber(WorldSimulation sim, JsonNode v) {
        if (!v.isTextual()) {
            throw new ViewerParams.BadParam("name", "expected a vehicle's name, got " + v);
        }
        for (int k = 0; k < sim.vehicleCount(); k++) {
            if (sim.world().vehicles().name(sim.vehicleId(k)).equals(v.asText())) {
                return k;
            }
        }
        throw new ViewerParams.BadParam("name", "no vehicle named '" + v.asText() + "' in this scene");
    }

    /** Takes the vehicle over from its track, if it had one, and gives it {@code in} for the next steps. */
    void apply(WorldSimulation sim, Input in) {
        follow(sim);
        sim.setVehicleTrack(in.vehicle(), null);
        driven[in.vehicle()] = in;
        sim.world().vehicles().setInput(sim.vehicleId(in.vehicle()), in.throttle(), in.brake(),
                in.handbrake(), in.steer());
    }

    /** The doubles the vehicle block of a frame of {@code sim} takes. */
    static int frameSize(Simulation sim) {
        if (!(sim instanceof WorldSimulation ws)) {
            return 0;
        }
        return PER_VEHICLE * ws.vehicleCount() + PER_WHEEL * ws.wheelCount();
    }

    /**
     * Writes the vehicle block from {@code out[o]} on: per vehicle its {@link #PER_VEHICLE} doubles,
     * then {@link #PER_WHEEL} per wheel.
     */
    void frame(Simulation sim, double[] out, int o) {
        follow(sim);
        if (!(sim instanceof WorldSimulation ws)) {
            return;
        }
        Vehicles all = ws.world().vehicles();
        for (int k = 0; k < ws.vehicleCount(); k++) {
            VehicleId id = ws.vehicleId(k);
            BodyId chassis = all.chassis(id);
            Quat q = ws.world().orientation(chassis);
            out[o] = bodyNumber(ws, chassis);
            out[o + 1] = forwardSpeed(ws, chassis, q);
            out[o + 2] = all.rpm(id);
            out[o + 3] = all.gear(id);
            out[o + 4] = driven[k] != null ? 1 : 0;
            int n = all.wheelCount(id);
            out[o + 5] = n;
            o += PER_VEHICLE;
            for (int i = 0; i < n; i++, o += PER_WHEEL) {
                all.wheelCenter(id, i, scratch);
                out[o] = scratch[0];
                out[o + 1] = scratch[1];
                out[o + 2] = scratch[2];
                all.wheelOrientation(id, i, q, scratch);
                System.arraycopy(scratch, 0, out, o + 3, 4);
                out[o + 7] = all.slipRatio(id, i);
                out[o + 8] = all.slipAngle(id, i);
                out[o + 9] = all.inContact(id, i) ? 1 : 0;
            }
        }
    }

    private static int bodyNumber(WorldSimulation ws, BodyId chassis) {
        for (int b = ws.bodyCount() - 1; b >= 0; b--) {
            if (ws.id(b).equals(chassis)) {
                return b;
            }
        }
        return -1;
    }

    /** The chassis velocity along its forward axis (local +z), m/s. */
    private static double forwardSpeed(WorldSimulation ws, BodyId chassis, Quat q) {
        Vec3 v = ws.world().velocity(chassis);
        Vec3 f = q.rotate(new Vec3(0, 0, 1));
        return v.x() * f.x() + v.y() * f.y() + v.z() * f.z();
    }

    /**
     * {@code GET /api/vehicles} and {@code /api/state}'s {@code vehicles}: per name its chassis body,
     * forward speed, rpm, gear, whether inputs drive it, and per wheel its size, centre, orientation,
     * spin, steering angle, slip, load and contact; a vehicle driven by inputs also its last input.
     */
    void state(Simulation sim, ObjectNode into) {
        follow(sim);
        if (!(sim instanceof WorldSimulation ws)) {
            return;
        }
        Vehicles all = ws.world().vehicles();
        for (int k = 0; k < ws.vehicleCount(); k++) {
            VehicleId id = ws.vehicleId(k);
            BodyId chassis = all.chassis(id);
            Quat q = ws.world().orientation(chassis);
            VehicleDef def = all.def(id);
            ObjectNode o = into.putObject(all.name(id));
            int body = bodyNumber(ws, chassis);
            o.put("chassis", ws.bodyName(body));
            o.put("chassisBody", body);
            o.put("speed", forwardSpeed(ws, chassis, q));
            o.put("rpm", all.rpm(id));
            o.put("gear", all.gear(id));
            o.put("maxRpm", def.engine().maxRpm());
            o.put("driven", driven[k] != null);
            if (driven[k] != null) {
                o.putObject("input").put("throttle", driven[k].throttle()).put("brake", driven[k].brake())
                        .put("handbrake", driven[k].handbrake()).put("steer", driven[k].steer());
            }
            ArrayNode wheels = o.putArray("wheels");
            for (int i = 0; i < all.wheelCount(id); i++) {
                VehicleDef.Wheel spec = def.wheels().get(i);
                ObjectNode w = wheels.addObject();
                w.put("radius", spec.radius()).put("width", spec.width());
                w.put("steer", spec.steer()).put("drive", spec.drive()).put("handbrake", spec.handbrake());
                all.wheelCenter(id, i, scratch);
                w.putArray("position").add(scratch[0]).add(scratch[1]).add(scratch[2]);
                all.wheelOrientation(id, i, q, scratch);
                w.putArray("orientation").add(scratch[0]).add(scratch[1]).add(scratch[2]).add(scratch[3]);
                w.put("spin", all.wheelSpin(id, i));
                w.put("steerAngle", all.steerAngle(id, i));
                w.put("slipRatio", all.slipRatio(id, i));
                w.put("slipAngle", all.slipAngle(id, i));
                w.put("load", all.wheelLoad(id, i));
                w.put("contact", all.inContact(id, i));
            }
        }
    }
}
