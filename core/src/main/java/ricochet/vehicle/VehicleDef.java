package ricochet.vehicle;

import java.util.ArrayList;
import java.util.List;
import ricochet.math.Vec3;

/**
 * Everything needed to add a vehicle, with defaults: start from {@link #of} and change parts with the
 * {@code with...} methods. The chassis frame has +z forward, +y up and +x to the left; wheel
 * positions are in it, at the suspension's top mount. A def is plain data; {@link #validate} (called
 * when the vehicle is added) rejects what cannot be simulated.
 *
 * @param name for messages, trajectories and events
 * @param chassis the chassis box and its mass
 * @param wheels one or more wheels, in the order their rows and events use
 * @param suspension the same for every wheel
 * @param tyre the same for every wheel
 * @param engine torque, speed range and the automatic gearbox's shift points
 * @param gears forward gear ratios, first gear first, each > 0
 * @param differentialRatio the final drive's ratio, > 0
 * @param differential how the driven wheels share the torque
 * @param antiRoll anti-roll bar stiffness between the two wheels of an axle, N/m (>= 0)
 * @param maxSteer steering angle at full input, degrees, in [0, 90)
 * @param brakeTorque each wheel's brake torque at full brake, N m (>= 0)
 * @param handbrakeTorque each handbrake wheel's torque at full handbrake, N m (>= 0)
 * @param reverseRatio the reverse gear's ratio (> 0, the magnitude; a negative throttle engages it)
 */
public record VehicleDef(String name, Chassis chassis, List<Wheel> wheels, Suspension suspension, Tyre tyre,
                         Engine engine, double[] gears, double differentialRatio, Differential differential,
                         double antiRoll, double maxSteer, double brakeTorque, double handbrakeTorque,
                         double reverseRatio) {

    /** How the driven wheels share the drive torque. */
    public enum Differential {
        /** Equal torque on every driven wheel, whatever their speeds. */
        OPEN,
        /**
         * Equal torque, plus a clutch between the two wheels of each driven pair that carries up to
         * {@link #LIMITED_SLIP_PRELOAD} plus {@link #LIMITED_SLIP_BIAS} times the pair's drive torque
         * from the faster wheel to the slower.
         */
        LIMITED_SLIP
    }

    /** N m: the limited-slip clutch's torque with no drive torque. */
    public static final double LIMITED_SLIP_PRELOAD = 50;
    /** The limited-slip clutch's torque per N m of the pair's drive torque. */
    public static final double LIMITED_SLIP_BIAS = 0.5;
    /** Most wheels a vehicle may have (events name a wheel by its vehicle and an 8-bit number). */
    public static final int MAX_WHEELS = 256;

    /**
     * The chassis: a box of {@code halfExtents} (m) centred on the body origin, of {@code mass} (kg),
     * its centre of mass at {@code centerOfMass} (chassis frame, m); inertia is the solid box's.
     */
    public record Chassis(Vec3 halfExtents, double mass, Vec3 centerOfMass) {
    }

    /**
     * A wheel: its suspension's top mount {@code position} (chassis frame, m), radius and width (m),
     * whether it steers, is driven, and has the handbrake, and its spin inertia (kg m^2).
     */
    public record Wheel(Vec3 position, double radius, double width, boolean steer, boolean drive,
                        boolean handbrake, double inertia) {

        /** A wheel whose inertia is a 20 kg disc's, {@code 0.5 m r^2}. */
        public static Wheel of(Vec3 position, double radius, double width, boolean steer, boolean drive,
                               boolean handbrake) {
            return new Wheel(position, radius, width, steer, drive, handbrake, 0.5 * 20 * radius * radius);
        }
    }

    /**
     * The suspension: travel {@code restLength} (m) from the top mount down to the wheel centre at
     * full extension; a spring of natural {@code frequency} (Hz) and {@code damping} ratio for the
     * sprung mass each wheel carries at rest.
     */
    public record Suspension(double restLength, double frequency, double damping) {
    }

    /**
     * The tyre: {@code friction} is the peak friction coefficient; {@code slipStiffness} is the force
     * per unit load per unit slip at zero slip (the brush model's {@code C / Fz}).
     */
    public record Tyre(double friction, double slipStiffness) {
    }

    /**
     * The engine: peak torque (N m) and the rev limit (rpm); below {@code idleRpm} the clutch slips
     * and the engine gives its idle torque; the automatic gearbox shifts up at {@code shiftUpRpm},
     * down below {@code shiftDownRpm}, at most once per {@code shiftTime} seconds.
     */
    public record Engine(double maxTorque, double maxRpm, double idleRpm, double shiftUpRpm,
                         double shiftDownRpm, double shiftTime) {

        /** Idle at a sixth of the limit, up-shifts at 85 % of it, down-shifts below 45 %, 0.3 s apart. */
        public static Engine of(double maxTorque, double maxRpm) {
            return new Engine(maxTorque, maxRpm, maxRpm / 6, 0.85 * maxRpm, 0.45 * maxRpm, 0.3);
        }
    }

    /** Default brake torque per wheel, N m: locks a wheel under a 1000 kg share at friction 1. */
    public static final double DEFAULT_BRAKE_TORQUE = 4000;
    /** Default reverse gear ratio: a little above a five-speed box's first. */
    public static final double DEFAULT_REVERSE_RATIO = 2.9;
    /** Default slip stiffness per unit load. */
    public static final double DEFAULT_SLIP_STIFFNESS = 20;

    /**
     * A vehicle with the given chassis and wheels and the defaults: suspension rest length 0.3 m,
     * 1.5 Hz, damping ratio 0.5; tyre friction 1; engine 500 N m up to 6000 rpm; gears 2.66, 1.78,
     * 1.3, 1.0, 0.74; final drive 3.42, open differential; anti-roll 1000 N/m; 30 degrees of steer;
     * brakes {@link #DEFAULT_BRAKE_TORQUE} on every wheel and as handbrake; reverse
     * {@link #DEFAULT_REVERSE_RATIO}.
     */
    public static VehicleDef of(String name, Chassis chassis, List<Wheel> wheels) {
        return new VehicleDef(name, chassis, wheels, new Suspension(0.3, 1.5, 0.5),
                new Tyre(1.0, DEFAULT_SLIP_STIFFNESS), Engine.of(500, 6000),
                new double[] {2.66, 1.78, 1.3, 1.0, 0.74}, 3.42, Differential.OPEN, 1000, 30,
                DEFAULT_BRAKE_TORQUE, DEFAULT_BRAKE_TORQUE, DEFAULT_REVERSE_RATIO);
    }

    public VehicleDef {
        wheels = wheels == null ? null : List.copyOf(wheels);
        gears = gears == null ? null : gears.clone();
    }

    @Override
    public double[] gears() {
        return gears.clone();
    }

    public VehicleDef withSuspension(Suspension s) {
        return new VehicleDef(name, chassis, wheels, s, tyre, engine, gears, differentialRatio, differential,
                antiRoll, maxSteer, brakeTorque, handbrakeTorque, reverseRatio);
    }

    public VehicleDef withTyre(Tyre t) {
        return new VehicleDef(name, chassis, wheels, suspension, t, engine, gears, differentialRatio,
                differential, antiRoll, maxSteer, brakeTorque, handbrakeTorque, reverseRatio);
    }

    public VehicleDef withEngine(Engine e) {
        return new VehicleDef(name, chassis, wheels, suspension, tyre, e, gears, differentialRatio,
                differential, antiRoll, maxSteer, brakeTorque, handbrakeTorque, reverseRatio);
    }

    public VehicleDef withGears(double[] g, double finalDrive) {
        return new VehicleDef(name, chassis, wheels, suspension, tyre, engine, g, finalDrive, differential,
                antiRoll, maxSteer, brakeTorque, handbrakeTorque, reverseRatio);
    }

    public VehicleDef withDifferential(Differential d) {
        return new VehicleDef(name, chassis, wheels, suspension, tyre, engine, gears, differentialRatio, d,
                antiRoll, maxSteer, brakeTorque, handbrakeTorque, reverseRatio);
    }

    public VehicleDef withAntiRoll(double k) {
        return new VehicleDef(name, chassis, wheels, suspension, tyre, engine, gears, differentialRatio,
                differential, k, maxSteer, brakeTorque, handbrakeTorque, reverseRatio);
    }

    public VehicleDef withMaxSteer(double degrees) {
        return new VehicleDef(name, chassis, wheels, suspension, tyre, engine, gears, differentialRatio,
                differential, antiRoll, degrees, brakeTorque, handbrakeTorque, reverseRatio);
    }

    public VehicleDef withBrakes(double brake, double handbrake) {
        return new VehicleDef(name, chassis, wheels, suspension, tyre, engine, gears, differentialRatio,
                differential, antiRoll, maxSteer, brake, handbrake, reverseRatio);
    }

    public VehicleDef withReverseRatio(double ratio) {
        return new VehicleDef(name, chassis, wheels, suspension, tyre, engine, gears, differentialRatio,
                differential, antiRoll, maxSteer, brakeTorque, handbrakeTorque, ratio);
    }

    /** Every problem, each naming its field ({@code wheels[1].radius: must be > 0, got 0.0}); empty if none. */
    public List<String> problems() {
        List<String> p = new ArrayList<>();
        if (name == null || name.isEmpty()) {
            p.add("name: must not be empty");
        }
        if (chassis == null) {
            p.add("chassis: missing");
        } else {
            finiteVec(p, "chassis.halfExtents", chassis.halfExtents(), true);
            positive(p, "chassis.mass", chassis.mass());
            finiteVec(p, "chassis.centerOfMass", chassis.centerOfMass(), false);
        }
        if (wheels == null || wheels.isEmpty()) {
            p.add("wheels: a vehicle needs at least one wheel");
        } else if (wheels.size() > MAX_WHEELS) {
            p.add("wheels: at most " + MAX_WHEELS + " wheels, got " + wheels.size());
        } else {
            for (int i = 0; i < wheels.size(); i++) {
                Wheel w = wheels.get(i);
                String at = "wheels[" + i + "]";
                if (w == null) {
                    p.add(at + ": missing");
                    continue;
                }
                finiteVec(p, at + ".position", w.position(), false);
                positive(p, at + ".radius", w.radius());
                positive(p, at + ".width", w.width());
                positive(p, at + ".inertia", w.inertia());
            }
        }
        if (suspension == null) {
            p.add("suspension: missing");
        } else {
            positive(p, "suspension.restLength", suspension.restLength());
            positive(p, "suspension.frequency", suspension.frequency());
            nonNegative(p, "suspension.damping", suspension.damping());
        }
        if (tyre == null) {
            p.add("tyre: missing");
        } else {
            nonNegative(p, "tyre.friction", tyre.friction());
            positive(p, "tyre.slipStiffness", tyre.slipStiffness());
        }
        if (engine == null) {
            p.add("engine: missing");
        } else {
            nonNegative(p, "engine.maxTorque", engine.maxTorque());
            positive(p, "engine.maxRpm", engine.maxRpm());
            positive(p, "engine.idleRpm", engine.idleRpm());
            nonNegative(p, "engine.shiftTime", engine.shiftTime());
            if (!(engine.shiftDownRpm() < engine.shiftUpRpm()) || !(engine.shiftUpRpm() <= engine.maxRpm())) {
                p.add("engine: shift points must satisfy shiftDownRpm < shiftUpRpm <= maxRpm, got "
                        + engine.shiftDownRpm() + ", " + engine.shiftUpRpm() + ", " + engine.maxRpm());
            }
        }
        if (gears == null || gears.length == 0) {
            p.add("gears: at least one gear");
        } else {
            for (int i = 0; i < gears.length; i++) {
                positive(p, "gears[" + i + "]", gears[i]);
            }
        }
        positive(p, "differentialRatio", differentialRatio);
        if (differential == null) {
            p.add("differential: missing");
        }
        nonNegative(p, "antiRoll", antiRoll);
        if (!(maxSteer >= 0 && maxSteer < 90)) {
            p.add("maxSteer: must be in [0, 90) degrees, got " + maxSteer);
        }
        nonNegative(p, "brakeTorque", brakeTorque);
        nonNegative(p, "handbrakeTorque", handbrakeTorque);
        positive(p, "reverseRatio", reverseRatio);
        return p;
    }

    /**
     * @throws IllegalArgumentException naming the vehicle and its first problem
     */
    public void validate() {
        List<String> p = problems();
        if (!p.isEmpty()) {
            throw new IllegalArgumentException("vehicle '" + name + "': " + p.get(0));
        }
    }

    private static void positive(List<String> p, String field, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            p.add(field + ": must be > 0 and finite, got " + v);
        }
    }

    private static void nonNegative(List<String> p, String field, double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            p.add(field + ": must be >= 0 and finite, got " + v);
        }
    }

    private static void finiteVec(List<String> p, String field, Vec3 v, boolean positive) {
        if (v == null) {
            p.add(field + ": missing");
        } else if (!Double.isFinite(v.x()) || !Double.isFinite(v.y()) || !Double.isFinite(v.z())) {
            p.add(field + ": must be finite, got " + v);
        } else if (positive && !(v.x() > 0 && v.y() > 0 && v.z() > 0)) {
            p.add(field + ": must be > 0 on every axis, got " + v);
        }
    }
}
