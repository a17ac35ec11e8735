package ricochet.vehicle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.body.BodyId;
import ricochet.world.World;

/**
 * Reverse: a negative throttle engages the reverse gear and backs the car up, as fast as the time
 * integrated from the drivetrain alone says ({@link VehicleLaunchTest}'s closed form through the
 * reverse ratio, no shifts); a positive throttle takes it back to first gear.
 */
class VehicleReverseTest {

    /** Backing speed to reach, m/s: in the reverse gear's range (the limiter is at 22 m/s). */
    static final double TARGET = 8;

    @Test
    void fullReverseFromRestBacksUpAsTheTorqueCurveGives() {
        int hz = 60;
        double dt = 1.0 / hz;
        World w = VehicleScenes.flat(4);
        // Four-wheel drive under the tyres' grip, as the launch test, so the closed form holds.
        VehicleDef def = VehicleScenes.allWheelDrive("car").withEngine(VehicleDef.Engine.of(250, 6000));
        VehicleId car = VehicleScenes.place(w, def, 0, 0, 0);
        BodyId body = w.vehicles().chassis(car);
        for (int i = 0; i < 2 * hz; i++) {
            w.step(dt);
        }
        double z0 = w.position(body).z();
        w.vehicles().setInput(car, -1, 0, 0, 0);
        double t = 0;
        while (-w.velocity(body).z() < TARGET && t < 30) {
            w.step(dt);
            t += dt;
            assertEquals(-1, w.vehicles().gear(car), "in reverse");
            assertTrue(w.velocity(body).z() < 1e-3, "it never goes forward: " + w.velocity(body).z());
        }
        double expected = integrated(def, 1e-4);
        System.out.printf("reverse: 0 to %.0f m/s backwards in %.3f s, integrated %.3f s; backed %.2f m%n", TARGET,
                t, expected, z0 - w.position(body).z());
        assertEquals(expected, t, 0.05 * expected, "time to reach the backing speed, s");
        assertTrue(w.position(body).z() < z0 - 5, "it backed up");

        // Throttle forward: first gear, and it slows, stops and drives forward.
        w.vehicles().setInput(car, 1, 0, 0, 0);
        for (int i = 0; i < 6 * hz; i++) {
            w.step(dt);
        }
        assertEquals(true, w.vehicles().gear(car) >= 0, "a forward gear");
        assertTrue(w.velocity(body).z() > 1, "driving forward again: " + w.velocity(body).z());
    }

    @Test
    void throttleBeyondFullReverseIsRefused() {
        World w = VehicleScenes.flat(1);
        VehicleId car = VehicleScenes.place(w, VehicleScenes.car("car"), 0, 0, 0);
        assertThrows(IllegalArgumentException.class, () -> w.vehicles().setInput(car, -1.5, 0, 0, 0));
        assertThrows(IllegalArgumentException.class,
                () -> VehicleScenes.car("car").withReverseRatio(0).validate());
    }

    /**
     * The closed form's time to {@link #TARGET} backwards, explicit Euler at step {@code h}:
     * {@code (m + sum I / R^2) dv/dt = min(T(rpm) g_r d / R, mu m g)}, {@code rpm = max(idle, v / R g_r d
     * 60 / 2 pi)}.
     */
    static double integrated(VehicleDef def, double h) {
        double m = def.chassis().mass();
        double r = def.wheels().get(0).radius();
        double inertia = 0;
        for (VehicleDef.Wheel wh : def.wheels()) {
            inertia += wh.inertia();
        }
        double meff = m + inertia / (r * r);
        double ratio = def.reverseRatio() * def.differentialRatio();
        VehicleDef.Engine e = def.engine();
        double v = 0, t = 0;
        while (v < TARGET) {
            double rpm = v / r * ratio * 60 / (2 * Math.PI);
            double torque = Vehicles.engineCurve(e, Math.max(e.idleRpm(), rpm));
            double force = Math.min(torque * ratio / r, def.tyre().friction() * m * VehicleScenes.G);
            v += h * force / meff;
            t += h;
        }
        return t;
    }
}
