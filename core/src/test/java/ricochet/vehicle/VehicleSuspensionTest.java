package ricochet.vehicle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import ricochet.world.World;

/**
 * The suspension against its spec: at rest each spring carries its share of the weight, so the
 * chassis sinks by {@code g / omega^2} from full extension; dropped onto lightly damped springs it
 * bounces at the damped natural frequency {@code f sqrt(1 - zeta^2)}, with the logarithmic decrement
 * of its damping ratio. The same at 30, 60 and 120 steps per second.
 */
class VehicleSuspensionTest {

    @ParameterizedTest
    @ValueSource(ints = {30, 60, 120})
    void sagMatchesTheSpringsStaticDeflection(int hz) {
        World w = VehicleScenes.flat(4);
        w.setSleepingEnabled(false);
        VehicleDef def = VehicleScenes.car("car");
        VehicleId car = VehicleScenes.place(w, def, 0, 0, 0);
        double y0 = w.position(w.vehicles().chassis(car)).y();
        for (int i = 0; i < 8 * hz; i++) {
            w.step(1.0 / hz);
        }
        double sag = y0 - w.position(w.vehicles().chassis(car)).y();
        double omega = 2 * Math.PI * def.suspension().frequency();
        double expected = VehicleScenes.G / (omega * omega);
        System.out.printf("suspension %d Hz: sag %.5f m, expected %.5f m%n", hz, sag, expected);
        assertEquals(expected, sag, 0.05 * expected, "sag, m");
        // Level at rest: the four loads are the lever rule's even split.
        for (int i = 0; i < 4; i++) {
            assertEquals(def.chassis().mass() * VehicleScenes.G / 4, w.vehicles().wheelLoad(car, i),
                    0.01 * def.chassis().mass() * VehicleScenes.G / 4, "load of wheel " + i);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {30, 60, 120})
    void bounceHasTheSpringsFrequencyAndDamping(int hz) {
        World w = VehicleScenes.flat(4);
        w.setSleepingEnabled(false);
        double zeta = 0.05;
        VehicleDef def = VehicleScenes.car("car").withSuspension(new VehicleDef.Suspension(0.3, 1.5, zeta));
        VehicleId car = VehicleScenes.place(w, def, 0, 0, 0);
        // Released at full extension it oscillates about the sag; record the heave's maxima.
        double dt = 1.0 / hz;
        double prev2 = Double.NaN, prev = Double.NaN;
        double[] peakTime = new double[8];
        double[] peak = new double[8];
        int peaks = 0;
        double y0 = w.position(w.vehicles().chassis(car)).y();
        double omega = 2 * Math.PI * def.suspension().frequency();
        double rest = y0 - VehicleScenes.G / (omega * omega);
        for (int i = 0; i < 6 * hz && peaks < peak.length; i++) {
            w.step(dt);
            double y = w.position(w.vehicles().chassis(car)).y();
            if (prev > prev2 && prev >= y && i > 2) {
                // Parabola through the three samples for the peak's time and height.
                double den = prev2 - 2 * prev + y;
                double off = den == 0 ? 0 : 0.5 * (prev2 - y) / den;
                peakTime[peaks] = (i - 1 + off) * dt;
                peak[peaks] = prev - 0.25 * (prev2 - y) * off - rest;
                peaks++;
            }
            prev2 = prev;
            prev = y;
        }
        assertTrue(peaks >= 4, "peaks found: " + peaks);
        double period = (peakTime[3] - peakTime[0]) / 3;
        double expected = 1 / (def.suspension().frequency() * Math.sqrt(1 - zeta * zeta));
        double delta = Math.log(peak[0] / peak[3]) / 3;
        double measuredZeta = delta / Math.sqrt(4 * Math.PI * Math.PI + delta * delta);
        System.out.printf("suspension %d Hz: period %.4f s, expected %.4f s; damping ratio %.4f, expected %.4f%n",
                hz, period, expected, measuredZeta, zeta);
        assertEquals(expected, period, 0.05 * expected, "period, s");
        assertEquals(zeta, measuredZeta, 0.25 * zeta, "damping ratio from the logarithmic decrement");
    }
}
