package ricochet.vehicle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.body.BodyId;
import ricochet.world.World;

/**
 * Full throttle from rest against the time integrated from the drivetrain alone:
 * {@code (m + sum I / R^2) dv/dt = min(T(rpm) g_k d / R, mu m g)} with
 * {@code rpm = max(idle, v / R g_k d 60 / 2 pi)}, shifting up at the set rpm. The car is four-wheel
 * drive with a torque that stays under the tyres' grip, so the rolling slip (a few per cent) is the
 * only thing the closed form leaves out.
 */
class VehicleLaunchTest {

    static final double TARGET = 100 / 3.6;

    @Test
    void zeroToHundredMatchesTheDrivetrainIntegral() {
        int hz = 60;
        double dt = 1.0 / hz;
        World w = VehicleScenes.flat(4);
        VehicleDef def = VehicleScenes.allWheelDrive("car").withEngine(VehicleDef.Engine.of(250, 6000));
        VehicleId car = VehicleScenes.place(w, def, 0, 0, 0);
        BodyId body = w.vehicles().chassis(car);
        for (int i = 0; i < 2 * hz; i++) {
            w.step(dt);
        }
        w.vehicles().setInput(car, 1, 0, 0, 0);
        double t = 0;
        int gear = w.vehicles().gear(car);
        double lastRpm = 0;
        double r = def.wheels().get(0).radius();
        int shifts = 0;
        while (w.velocity(body).z() < TARGET && t < 60) {
            w.step(dt);
            t += dt;
            int g = w.vehicles().gear(car);
            if (g != gear) {
                // The gearbox shifts on road speed: the engine speed the road speed gave in the old gear
                // the step before the shift, at or just under the set point.
                System.out.printf("launch: shift %d -> %d at %.0f rpm of road speed (set %.0f)%n", gear + 1, g + 1,
                        lastRpm, def.engine().shiftUpRpm());
                assertEquals(gear + 1, g, "one gear up at a time");
                double perStep = lastRpm * 0.02;
                assertEquals(def.engine().shiftUpRpm(), lastRpm, Math.max(perStep, 0.03 * def.engine().shiftUpRpm()),
                        "shift rpm");
                gear = g;
                shifts++;
            }
            lastRpm = w.velocity(body).z() / r * def.gears()[g] * def.differentialRatio() * 60 / (2 * Math.PI);
        }
        double expected = integrated(def, 1e-4);
        System.out.printf("launch: 0-100 km/h in %.3f s, integrated %.3f s, %d shifts%n", t, expected, shifts);
        assertTrue(shifts >= 1, "it shifted");
        assertEquals(expected, t, 0.05 * expected, "0-100 km/h time, s");
    }

    /** The closed form's time to {@link #TARGET}, explicit Euler at step {@code h}. */
    static double integrated(VehicleDef def, double h) {
        double m = def.chassis().mass();
        double r = def.wheels().get(0).radius();
        double inertia = 0;
        for (VehicleDef.Wheel wh : def.wheels()) {
            inertia += wh.inertia();
        }
        double meff = m + inertia / (r * r);
        double[] gears = def.gears();
        VehicleDef.Engine e = def.engine();
        int k = 0;
        double v = 0, t = 0, sinceShift = 1e9;
        while (v < TARGET) {
            double ratio = gears[k] * def.differentialRatio();
            double rpm = v / r * ratio * 60 / (2 * Math.PI);
            if (rpm >= e.shiftUpRpm() && k < gears.length - 1 && sinceShift >= e.shiftTime()) {
                k++;
                sinceShift = 0;
                continue;
            }
            double torque = Vehicles.engineCurve(e, Math.max(e.idleRpm(), rpm));
            double force = Math.min(torque * gears[k] * def.differentialRatio() / r,
                    def.tyre().friction() * m * VehicleScenes.G);
            v += h * force / meff;
            t += h;
            sinceShift += h;
        }
        return t;
    }
}
