package ricochet.io.scene;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import ricochet.io.scene.JsonChecks.Range;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.vehicle.VehicleDef;

/**
 * The {@code "vehicles"} entries of a scene file. Every key but {@code name}, {@code position},
 * {@code chassis} and {@code wheels} (and a wheel's {@code position}) has a default: those of the
 * format's example car (chassis 0.9 x 0.35 x 2.1 half extents, 1200 kg, centre of mass 0.25 m below
 * the origin; wheels 0.35 m by 0.25 m, neither steering, driven nor handbraked; suspension 0.3 m,
 * 1.5 Hz, damping 0.5; tyre friction 1; engine 500 N m to 6000 rpm; gears 2.66, 1.78, 1.3, 1.0,
 * 0.74; final drive 3.42; anti-roll 1000 N/m; 30 degrees of steer). Every problem is reported with
 * its JSON path.
 */
final class VehicleValidator {

    static final List<String> KEYS = List.of("name", "position", "orientation", "chassis", "wheels", "suspension",
            "tyre", "engine", "gears", "differentialRatio", "antiRoll", "maxSteer", "reverseRatio", "input");
    static final List<String> CHASSIS_KEYS = List.of("halfExtents", "mass", "centerOfMass");
    static final List<String> WHEEL_KEYS = List.of("position", "radius", "width", "steer", "drive", "handbrake");
    static final List<String> SUSPENSION_KEYS = List.of("restLength", "frequency", "damping");
    static final List<String> TYRE_KEYS = List.of("friction");
    static final List<String> ENGINE_KEYS = List.of("maxTorque", "maxRpm");
    static final List<String> INPUT_KEYS = List.of("t", "throttle", "brake", "handbrake", "steer");

    private static final Vec3 HALF_EXTENTS = new Vec3(0.9, 0.35, 2.1);
    private static final Vec3 CENTER_OF_MASS = new Vec3(0, -0.25, 0);

    private final JsonChecks in;

    VehicleValidator(JsonChecks in) {
        this.in = in;
    }

    /** One vehicle, or null when it has a problem (reported); its name joins {@code names}. */
    VehicleSpec vehicle(JsonNode node, String path, Map<String, String> names) {
        ObjectNode o = in.object(node, path);
        if (o == null) {
            return null;
        }
        int before = in.problems().size();
        in.allowKeys(o, path, KEYS);
        String at = JsonChecks.key(path, "name");
        JsonNode nameNode = in.require(o, path, "name");
        String name = nameNode == null ? null : in.string(nameNode, at);
        if (name != null && name.isEmpty()) {
            in.report(at, "name must not be empty");
            name = null;
        } else if (name != null && !SceneValidator.checkNameLength(in, name, at)) {
            name = null;
        }
        if (name != null) {
            String first = names.putIfAbsent(name, path);
            if (first != null) {
                in.report(at, "vehicle name '" + name + "' is taken (first at " + first + ")");
            }
        }
        JsonNode p = in.require(o, path, "position");
        Vec3 position = p == null ? null : in.vector(p, JsonChecks.key(path, "position"));
        Quat orientation = in.orientation(o, path, "orientation", Quat.IDENTITY);

        VehicleDef.Chassis chassis = null;
        JsonNode chassisNode = in.require(o, path, "chassis");
        String cp = JsonChecks.key(path, "chassis");
        ObjectNode co = chassisNode == null ? null : in.object(chassisNode, cp);
        if (co != null) {
            in.allowKeys(co, cp, CHASSIS_KEYS);
            Vec3 half = in.vector(co, cp, "halfExtents", HALF_EXTENTS);
            if (half != null && !(half.x() > 0 && half.y() > 0 && half.z() > 0)) {
                in.report(JsonChecks.key(cp, "halfExtents"), "halfExtents must be > 0 on every axis, got " + half);
            }
            double mass = in.number(co, cp, "mass", 1200, Range.POSITIVE);
            Vec3 com = in.vector(co, cp, "centerOfMass", CENTER_OF_MASS);
            chassis = new VehicleDef.Chassis(half, mass, com);
        }

        List<VehicleDef.Wheel> wheels = new ArrayList<>();
        JsonNode wheelsNode = in.require(o, path, "wheels");
        String wp = JsonChecks.key(path, "wheels");
        ArrayNode wheelArray = wheelsNode == null ? null : in.array(wheelsNode, wp);
        if (wheelArray != null) {
            if (wheelArray.isEmpty()) {
                in.report(wp, "a vehicle needs at least one wheel");
            }
            for (int i = 0; i < wheelArray.size(); i++) {
                VehicleDef.Wheel w = wheel(wheelArray.get(i), JsonChecks.index(wp, i));
                if (w != null) {
                    wheels.add(w);
                }
            }
        }

        VehicleDef.Suspension suspension = new VehicleDef.Suspension(0.3, 1.5, 0.5);
        ObjectNode so = optionalObject(o, path, "suspension", SUSPENSION_KEYS);
        if (so != null) {
            String sp = JsonChecks.key(path, "suspension");
            suspension = new VehicleDef.Suspension(in.number(so, sp, "restLength", 0.3, Range.POSITIVE),
                    in.number(so, sp, "frequency", 1.5, Range.POSITIVE),
                    in.number(so, sp, "damping", 0.5, Range.NON_NEGATIVE));
        }
        double friction = 1.0;
        ObjectNode to = optionalObject(o, path, "tyre", TYRE_KEYS);
        if (to != null) {
            friction = in.number(to, JsonChecks.key(path, "tyre"), "friction", 1.0, Range.NON_NEGATIVE);
        }
        VehicleDef.Engine engine = VehicleDef.Engine.of(500, 6000);
        ObjectNode eo = optionalObject(o, path, "engine", ENGINE_KEYS);
        if (eo != null) {
            String ep = JsonChecks.key(path, "engine");
            double torque = in.number(eo, ep, "maxTorque", 500, Range.NON_NEGATIVE);
            double rpm = in.number(eo, ep, "maxRpm", 6000, Range.POSITIVE);
            engine = VehicleDef.Engine.of(torque, rpm);
        }
        double[] gears = {2.66, 1.78, 1.3, 1.0, 0.74};
        JsonNode gearsNode = o.get("gears");
        if (gearsNode != null) {
            String gp = JsonChecks.key(path, "gears");
            ArrayNode ga = in.array(gearsNode, gp);
            if (ga != null) {
                if (ga.isEmpty()) {
                    in.report(gp, "at least one gear");
                }
                gears = new double[ga.size()];
                for (int i = 0; i < ga.size(); i++) {
                    gears[i] = in.number(ga.get(i), JsonChecks.index(gp, i), Range.POSITIVE);
                }
            }
        }
        double finalDrive = in.number(o, path, "differentialRatio", 3.42, Range.POSITIVE);
        double antiRoll = in.number(o, path, "antiRoll", 1000, Range.NON_NEGATIVE);
        double reverseRatio = in.number(o, path, "reverseRatio", VehicleDef.DEFAULT_REVERSE_RATIO, Range.POSITIVE);
        double maxSteer = in.number(o, path, "maxSteer", 30, Range.NON_NEGATIVE);
        if (!Double.isNaN(maxSteer) && !(maxSteer < 90)) {
            in.report(JsonChecks.key(path, "maxSteer"), "maxSteer must be in 0..90 degrees, got " + maxSteer);
        }

        List<VehicleSpec.Input> input = new ArrayList<>();
        JsonNode inputNode = o.get("input");
        String ip = JsonChecks.key(path, "input");
        ArrayNode inputArray = inputNode == null ? null : in.array(inputNode, ip);
        if (inputArray != null) {
            double last = Double.NaN;
            for (int i = 0; i < inputArray.size(); i++) {
                VehicleSpec.Input e = input(inputArray.get(i), JsonChecks.index(ip, i), last);
                if (e != null) {
                    input.add(e);
                    last = e.t();
                }
            }
        }
        if (in.problems().size() > before) {
            return null;
        }
        VehicleDef def = VehicleDef.of(name, chassis, wheels).withSuspension(suspension)
                .withTyre(new VehicleDef.Tyre(friction, VehicleDef.DEFAULT_SLIP_STIFFNESS)).withEngine(engine)
                .withGears(gears, finalDrive).withAntiRoll(antiRoll).withMaxSteer(maxSteer)
                .withReverseRatio(reverseRatio);
        List<String> problems = def.problems();
        if (!problems.isEmpty()) {
            // The def's own messages name the field (e.g. "wheels[1].radius: ..."): keep that path.
            for (String problem : problems) {
                int colon = problem.indexOf(": ");
                String field = colon < 0 ? "" : problem.substring(0, colon);
                in.report(field.isEmpty() ? path : path + "." + field, colon < 0 ? problem : problem.substring(colon + 2));
            }
            return null;
        }
        return new VehicleSpec(def, position, orientation, input);
    }

    private ObjectNode optionalObject(ObjectNode o, String path, String key, List<String> keys) {
        JsonNode n = o.get(key);
        if (n == null) {
            return null;
        }
        String at = JsonChecks.key(path, key);
        ObjectNode obj = in.object(n, at);
        if (obj != null) {
            in.allowKeys(obj, at, keys);
        }
        return obj;
    }

    private VehicleDef.Wheel wheel(JsonNode node, String path) {
        ObjectNode o = in.object(node, path);
        if (o == null) {
            return null;
        }
        int before = in.problems().size();
        in.allowKeys(o, path, WHEEL_KEYS);
        JsonNode p = in.require(o, path, "position");
        Vec3 position = p == null ? null : in.vector(p, JsonChecks.key(path, "position"));
        double radius = in.number(o, path, "radius", 0.35, Range.POSITIVE);
        double width = in.number(o, path, "width", 0.25, Range.POSITIVE);
        boolean steer = in.bool(o, path, "steer", false);
        boolean drive = in.bool(o, path, "drive", false);
        boolean handbrake = in.bool(o, path, "handbrake", false);
        if (in.problems().size() > before || position == null) {
            return null;
        }
        return VehicleDef.Wheel.of(position, radius, width, steer, drive, handbrake);
    }

    /** One input entry, or null (reported); {@code last} is the time of the entry before, NaN for none. */
    private VehicleSpec.Input input(JsonNode node, String path, double last) {
        ObjectNode o = in.object(node, path);
        if (o == null) {
            return null;
        }
        int before = in.problems().size();
        in.allowKeys(o, path, INPUT_KEYS);
        double t = in.entryTime(o, path, last);
        // A negative throttle drives in reverse.
        double throttle = in.number(o, path, "throttle", 0, Range.ANY);
        if (!Double.isNaN(throttle) && !(throttle >= -1 && throttle <= 1)) {
            in.report(JsonChecks.key(path, "throttle"), "throttle must be in [-1, 1], got " + throttle);
        }
        double brake = in.number(o, path, "brake", 0, Range.UNIT);
        double handbrake = in.number(o, path, "handbrake", 0, Range.UNIT);
        double steer = in.number(o, path, "steer", 0, Range.ANY);
        if (!Double.isNaN(steer) && !(steer >= -1 && steer <= 1)) {
            in.report(JsonChecks.key(path, "steer"), "steer must be in [-1, 1], got " + steer);
        }
        if (in.problems().size() > before) {
            return null;
        }
        return new VehicleSpec.Input(t, throttle, brake, handbrake, steer);
    }
}
