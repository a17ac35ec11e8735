package ricochet.vehicle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;

/** Braking, holding on a slope and cornering against the tyre model's closed forms. */
class VehicleDrivingTest {

    /**
     * Full brake from 20 m/s locks the wheels; a locked brush tyre slides at its peak {@code mu Fz},
     * so the car stops in {@code v^2 / (2 mu g)} = 20.39 m at mu = 1. After the stop it rocks on its
     * springs and then stays: no creep.
     */
    @ParameterizedTest
    @ValueSource(ints = {30, 60, 120})
    void fullBrakeStopsInTheFrictionDistance(int hz) {
        World w = VehicleScenes.flat(4);
        w.setSleepingEnabled(false);
        VehicleDef def = VehicleScenes.car("car");
        VehicleId car = VehicleScenes.place(w, def, 0, 0, 0);
        BodyId body = w.vehicles().chassis(car);
        double dt = 1.0 / hz;
        for (int i = 0; i < 3 * hz; i++) {
            w.step(dt);
        }
        w.setVelocity(body, new Vec3(0, 0, 20));
        double z0 = w.position(body).z();
        w.vehicles().setInput(car, 0, 1, 0, 0);
        double stop = Double.NaN;
        for (int i = 0; i < 4 * hz && Double.isNaN(stop); i++) {
            w.step(dt);
            if (w.velocity(body).z() <= 0) {
                stop = w.position(body).z() - z0;
            }
        }
        double expected = 20 * 20 / (2 * def.tyre().friction() * VehicleScenes.G);
        System.out.printf("brake %d Hz: stopped in %.3f m, expected %.3f m%n", hz, stop, expected);
        assertEquals(expected, stop, 0.05 * expected, "stopping distance, m");
        for (int i = 0; i < 3 * hz; i++) {
            w.step(dt);
        }
        double settled = w.position(body).z() - z0;
        for (int i = 0; i < 10 * hz; i++) {
            w.step(dt);
        }
        double later = w.position(body).z() - z0;
        System.out.printf("  rocked back %.4f m, then moved %.2e m in 10 s, speed %.2e m/s%n", stop - settled,
                later - settled, w.velocity(body).length());
        assertTrue(stop - settled < 0.05, "rocking on the springs, not rolling back: " + (stop - settled));
        assertTrue(Math.abs(later - settled) < 1e-3, "no creep after the stop: " + (later - settled));
        assertTrue(w.velocity(body).length() < 1e-3, "at rest");
    }

    /** A world whose ground is a static box tilted by {@code degrees} about x, rising toward +z. */
    static World slope(double degrees) {
        World w = new World(new Vec3(0, -VehicleScenes.G, 0));
        w.setSubsteps(4);
        Quat tilt = Quat.fromAxisAngle(new Vec3(1, 0, 0), -Math.toRadians(degrees));
        w.add(BodyDef.staticBody().withPosition(tilt.rotate(new Vec3(0, -0.5, 0))).withOrientation(tilt)
                .withName("slope"), new BoxShape(200, 0.5, 200), 1.0, 0);
        return w;
    }

    static VehicleId onSlope(World w, VehicleDef def, double degrees) {
        Quat tilt = Quat.fromAxisAngle(new Vec3(1, 0, 0), -Math.toRadians(degrees));
        return w.vehicles().add(def, tilt.rotate(new Vec3(0, VehicleScenes.touchHeight(def), 0)), tilt);
    }

    /**
     * On a 15 degree slope (tan 15 = 0.27 < mu) the handbrake holds: under 1 cm in 60 s and under
     * 1 mm/s at rest, sleeping off so that nothing but the tyres hold it. Released, it rolls down;
     * with throttle from rest it climbs.
     */
    @ParameterizedTest
    @ValueSource(ints = {30, 60, 120})
    void handbrakeHoldsOnASlopeAndThrottleClimbs(int hz) {
        double dt = 1.0 / hz;
        World w = slope(15);
        w.setSleepingEnabled(false);
        VehicleDef def = VehicleScenes.car("car");
        VehicleId car = onSlope(w, def, 15);
        BodyId body = w.vehicles().chassis(car);
        w.vehicles().setInput(car, 0, 0, 1, 0);
        for (int i = 0; i < 3 * hz; i++) {
            w.step(dt);
        }
        Vec3 p0 = w.position(body);
        double maxSpeed = 0;
        for (int i = 0; i < 60 * hz; i++) {
            w.step(dt);
            if (i > 50 * hz) {
                maxSpeed = Math.max(maxSpeed, w.velocity(body).length());
            }
        }
        double moved = w.position(body).minus(p0).length();
        System.out.printf("slope %d Hz: moved %.2e m in 60 s, speed at rest %.2e m/s%n", hz, moved, maxSpeed);
        assertTrue(moved < 0.01, "moved in 60 s, m: " + moved);
        assertTrue(maxSpeed < 1e-3, "speed at rest, m/s: " + maxSpeed);

        w.vehicles().setInput(car, 0, 0, 0, 0);
        Vec3 p1 = w.position(body);
        for (int i = 0; i < 3 * hz; i++) {
            w.step(dt);
        }
        double down = p1.z() - w.position(body).z();
        System.out.printf("  released: rolled %.3f m down in 3 s%n", down);
        assertTrue(down > 1, "released, it rolls down: " + down);

        World w2 = slope(15);
        VehicleId car2 = onSlope(w2, def, 15);
        BodyId body2 = w2.vehicles().chassis(car2);
        w2.vehicles().setInput(car2, 0, 0, 1, 0);
        for (int i = 0; i < 3 * hz; i++) {
            w2.step(dt);
        }
        Vec3 q0 = w2.position(body2);
        w2.vehicles().setInput(car2, 1, 0, 0, 0);
        for (int i = 0; i < 3 * hz; i++) {
            w2.step(dt);
        }
        double up = w2.position(body2).z() - q0.z();
        System.out.printf("  throttle: climbed %.3f m in 3 s%n", up);
        assertTrue(up > 2, "with throttle from rest it climbs: " + up);
    }

    /**
     * Constant steer, speed raised slowly: the lateral acceleration {@code v r} (r the yaw rate)
     * grows as {@code v^2 / R} until the tyres saturate; the speed at which the car starts to slide
     * (where it peaks) is {@code sqrt(mu g R)} for the radius R it then drives.
     */
    @Test
    void constantSteerSlidesAtTheFrictionSpeed() {
        int hz = 60;
        double dt = 1.0 / hz;
        World w = VehicleScenes.flat(4);
        // Four-wheel drive: the throttle that holds the speed against the tyres' drag in a turn is
        // shared by both axles, so neither saturates long before the other.
        VehicleDef def = VehicleScenes.allWheelDrive("car");
        VehicleId car = VehicleScenes.place(w, def, 0, 0, 0);
        BodyId body = w.vehicles().chassis(car);
        for (int i = 0; i < hz; i++) {
            w.step(dt);
        }
        double best = 0, bestV = 0, bestR = 0;
        double target = 3;
        for (int i = 0; i < 120 * hz; i++) {
            Vec3 v = w.velocity(body);
            double speed = Math.hypot(v.x(), v.z());
            double throttle = Math.max(0, Math.min(1, 0.5 * (target - speed)));
            w.vehicles().setInput(car, throttle, 0, 0, 0.3);
            w.step(dt);
            target += 0.1 * dt;
            double yaw = w.angularVelocity(body).y();
            double lateral = speed * Math.abs(yaw);
            if (lateral > best) {
                best = lateral;
                bestV = speed;
                bestR = speed / Math.abs(yaw);
            }
            if (speed > 25 || lateral < 0.8 * best && best > 3) {
                break;
            }
        }
        double expected = Math.sqrt(def.tyre().friction() * VehicleScenes.G * bestR);
        System.out.printf("circle: slides at %.3f m/s on R %.2f m, sqrt(mu g R) = %.3f m/s (peak %.3f g)%n", bestV,
                bestR, expected, best / VehicleScenes.G);
        assertEquals(expected, bestV, 0.05 * expected, "speed at the onset of sliding, m/s");
    }
}
