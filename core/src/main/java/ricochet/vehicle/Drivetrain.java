package ricochet.vehicle;

import java.util.Arrays;

/**
 * A vehicle's drivetrain for one update: the automatic gearbox (reverse while the throttle is
 * negative), the engine's torque from its curve,
 * and the equal split of the torque onto the driven wheels' spin (the open differential; the
 * limited-slip clutch is a row of the solve in {@link Vehicles}).
 */
final class Drivetrain {

    /** Engine torque at the rev limit, idle, and the peak between, as fractions of maxTorque. */
    static final double CURVE_AT_ZERO = 0.8, CURVE_PEAK_AT = 0.6, CURVE_AT_LIMIT = 0.8;

    /** {@link VehicleState#gear} in reverse. */
    static final int REVERSE = -1;

    private static final double RPM_PER_RAD_S = 60 / (2 * Math.PI);

    private Drivetrain() {
    }

    /**
     * The engine's torque curve: maxTorque times a piecewise-linear shape through
     * {@link #CURVE_AT_ZERO} at 0 rpm, 1 at {@link #CURVE_PEAK_AT} maxRpm and {@link #CURVE_AT_LIMIT} at
     * maxRpm; 0 from maxRpm on (the rev limiter).
     */
    public static double engineCurve(VehicleDef.Engine e, double rpm) {
        double x = rpm / e.maxRpm();
        if (x >= 1) {
            return 0;
        }
        double shape = x < CURVE_PEAK_AT ? CURVE_AT_ZERO + (1 - CURVE_AT_ZERO) * x / CURVE_PEAK_AT
                : 1 - (1 - CURVE_AT_LIMIT) * (x - CURVE_PEAK_AT) / (1 - CURVE_PEAK_AT);
        return e.maxTorque() * shape;
    }

    /**
     * The gearbox and the engine: the driven wheels' mean spin through the gear and final drive gives
     * the engine speed; the gearbox shifts up when the road speed would turn the engine at
     * {@code shiftUpRpm} and down below {@code shiftDownRpm} (at most once per {@code shiftTime});
     * the engine's torque at its speed (idle torque below idle, the clutch slipping) times the
     * throttle goes through the ratio, split equally, onto the wheels' spin.
     */
    static void drive(VehicleState v, double dt, double roadSpeed) {
        VehicleDef def = v.def;
        VehicleDef.Engine e = def.engine();
        int n = v.wheels;
        Arrays.fill(v.wheelTorque, 0);
        if (v.driven == 0) {
            v.engineTorque = 0;
            v.rpm = e.idleRpm();
            return;
        }
        double mean = 0;
        for (int i = 0; i < n; i++) {
            if (v.drives[i]) {
                mean += v.omega[i];
            }
        }
        mean /= v.driven;
        // The gearbox shifts on road speed (the output shaft of a rolling car), so wheels spinning on
        // a launch do not shift it up: road speed over the mean driven radius, through the gears.
        double roadSpin = roadSpeed * v.driven / drivenRadii(v);
        v.shiftTimer = Math.max(0, v.shiftTimer - dt);
        // A negative throttle selects reverse, a positive one first gear; none keeps the gear.
        if (v.throttle < 0 && v.gear != REVERSE) {
            v.gear = REVERSE;
            v.shiftTimer = e.shiftTime();
        } else if (v.throttle > 0 && v.gear == REVERSE) {
            v.gear = 0;
            v.shiftTimer = e.shiftTime();
        }
        if (v.shiftTimer == 0 && v.gear != REVERSE) {
            double shaft = roadSpin * def.differentialRatio() * RPM_PER_RAD_S;
            if (shaft * v.gears[v.gear] >= e.shiftUpRpm() && v.gear < v.gears.length - 1) {
                v.gear++;
                v.shiftTimer = e.shiftTime();
            } else if (shaft * v.gears[v.gear] < e.shiftDownRpm() && v.gear > 0) {
                v.gear--;
                v.shiftTimer = e.shiftTime();
            }
        }
        // The gear's ratio, negative in reverse: the wheels turn backwards.
        double ratio = v.gear == REVERSE ? -def.reverseRatio() : v.gears[v.gear];
        double rpm = Math.abs(mean * ratio) * def.differentialRatio() * RPM_PER_RAD_S;
        v.rpm = Math.max(e.idleRpm(), rpm);
        double torque = Math.abs(v.throttle) * engineCurve(e, v.rpm);
        v.engineTorque = torque;
        double perWheel = torque * ratio * def.differentialRatio() / v.driven;
        for (int i = 0; i < n; i++) {
            if (v.drives[i]) {
                v.wheelTorque[i] = perWheel;
                v.omega[i] += dt * perWheel / v.inertia[i];
            }
        }
    }

    private static double drivenRadii(VehicleState v) {
        double sum = 0;
        for (int i = 0; i < v.wheels; i++) {
            if (v.drives[i]) {
                sum += v.radius[i];
            }
        }
        return sum;
    }
}
