package ricochet.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.cli.Main;
import ricochet.io.scene.BodySpec;
import ricochet.io.scene.Scene;
import ricochet.io.scene.ShapeSpec;
import ricochet.io.scene.VehicleSpec;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.vehicle.VehicleDef;
import ricochet.vehicle.VehicleId;
import ricochet.vehicle.Vehicles;
import ricochet.world.WorldSimulation;

/**
 * The vehicles' built-in scenes, read through {@link BuiltinScenes} and {@link WorldBuilder}: each
 * test runs its scene and checks the figure it is there to show, the expected value worked out
 * from the scene file (friction, input times, drivetrain).
 */
class VehicleBuiltinScenesTest {

    static final List<String> SCENES = List.of("car-brake", "car-circle", "car-slope", "car-bumps", "car-launch");
    static final double G = 9.81;

    private static int body(WorldSimulation sim, String name) {
        for (int i = 0; i < sim.bodyCount(); i++) {
            if (sim.bodyName(i).equals(name)) {
                return i;
            }
        }
        throw new AssertionError("no body " + name);
    }

    private static double[] state(WorldSimulation sim, int body) {
        double[] s = new double[13];
        sim.readState(body, s);
        return s;
    }

    private static double speed(double[] s) {
        return Math.sqrt(s[7] * s[7] + s[8] * s[8] + s[9] * s[9]);
    }

    @Test
    void everyVehicleSceneValidatesAndIsListed() {
        for (String name : SCENES) {
            assertTrue(BuiltinScenes.exists(name), name);
            StringWriter out = new StringWriter(), err = new StringWriter();
            int code = Main.execute(new String[] {"validate", name}, new PrintWriter(out), new PrintWriter(err));
            assertEquals(0, code, name + ": " + err);
        }
    }

    /** Braking starts at the input's brake entry; from the speed then, it stops in v^2 / (2 mu g). */
    @Test
    void carBrakeStopsInTheFrictionDistanceAndStays() throws Exception {
        Scene scene = BuiltinScenes.read("car-brake");
        WorldSimulation sim = WorldBuilder.buildWorld(scene);
        VehicleSpec car = scene.vehicles().get(0);
        double brakeAt = car.input().get(1).t();
        int chassis = body(sim, car.name());
        double v0 = Double.NaN, z0 = Double.NaN, stop = Double.NaN;
        for (int step = 0; step < 40 / sim.dt() && Double.isNaN(stop); step++) {
            if (Double.isNaN(v0) && sim.time() >= brakeAt - 1e-9) {
                double[] s = state(sim, chassis);
                v0 = s[9];
                z0 = s[2];
            }
            sim.step();
            if (!Double.isNaN(v0) && state(sim, chassis)[9] <= 0) {
                stop = state(sim, chassis)[2] - z0;
            }
        }
        double expected = v0 * v0 / (2 * car.def().tyre().friction() * G);
        System.out.printf("car-brake: from %.3f m/s stopped in %.3f m, v^2 / (2 mu g) = %.3f m%n", v0, stop, expected);
        assertEquals(20, v0, 1.0, "braking starts near 20 m/s");
        assertEquals(expected, stop, 0.05 * expected, "stopping distance, m");
        for (int step = 0; step < 3 / sim.dt(); step++) {
            sim.step();
        }
        double settled = state(sim, chassis)[2];
        for (int step = 0; step < 10 / sim.dt(); step++) {
            sim.step();
        }
        double[] s = state(sim, chassis);
        assertTrue(Math.abs(s[2] - settled) < 1e-3, "no creep: " + (s[2] - settled));
        assertTrue(z0 + stop - settled < 0.05, "no reversal beyond rocking on the springs: " + (z0 + stop - settled));
    }

    /** The lateral acceleration v r peaks where it starts to slide, at sqrt(mu g R). */
    @Test
    void carCircleSlidesAtTheFrictionSpeed() throws Exception {
        Scene scene = BuiltinScenes.read("car-circle");
        WorldSimulation sim = WorldBuilder.buildWorld(scene);
        VehicleSpec car = scene.vehicles().get(0);
        int chassis = body(sim, car.name());
        double best = 0, bestV = 0, bestR = 0;
        for (int step = 0; step < 300 / sim.dt(); step++) {
            sim.step();
            double[] s = state(sim, chassis);
            double v = Math.hypot(s[7], s[9]);
            double lateral = v * Math.abs(s[11]);
            if (lateral > best) {
                best = lateral;
                bestV = v;
                bestR = v / Math.abs(s[11]);
            }
            if (best > 3 && lateral < 0.8 * best) {
                break;
            }
        }
        double expected = Math.sqrt(car.def().tyre().friction() * G * bestR);
        System.out.printf("car-circle: slides at %.3f m/s on R %.2f m, sqrt(mu g R) = %.3f m/s (peak %.3f g)%n",
                bestV, bestR, expected, best / G);
        assertEquals(expected, bestV, 0.05 * expected, "speed at the onset of sliding, m/s");
    }

    /** The parked car holds for 60 s (under 1 cm, under 1 mm/s), rolls once released; the other climbs. */
    @Test
    void carSlopeHoldsThenRollsAndTheOtherClimbs() throws Exception {
        Scene scene = BuiltinScenes.read("car-slope");
        WorldSimulation sim = WorldBuilder.buildWorld(scene);
        sim.world().setSleepingEnabled(false);
        VehicleSpec parked = scene.vehicles().get(0);
        int p = body(sim, parked.name()), c = body(sim, scene.vehicles().get(1).name());
        double release = parked.input().get(1).t();
        double climbFrom = scene.vehicles().get(1).input().get(1).t();
        double climbY = Double.NaN, climbed = Double.NaN;
        for (int step = 0; step < 2 / sim.dt(); step++) {
            sim.step();
        }
        double[] start = state(sim, p);
        double maxSpeed = 0;
        while (sim.time() < release - 1e-9) {
            sim.step();
            if (Double.isNaN(climbY) && sim.time() >= climbFrom - 1e-9) {
                climbY = state(sim, c)[1];
            }
            if (Double.isNaN(climbed) && sim.time() >= climbFrom + 3 - 1e-9) {
                climbed = state(sim, c)[1] - climbY;
            }
            if (sim.time() > release - 10) {
                maxSpeed = Math.max(maxSpeed, speed(state(sim, p)));
            }
        }
        double[] end = state(sim, p);
        double moved = Math.sqrt(Math.pow(end[0] - start[0], 2) + Math.pow(end[1] - start[1], 2)
                + Math.pow(end[2] - start[2], 2));
        for (int step = 0; step < 3 / sim.dt(); step++) {
            sim.step();
        }
        double rolled = end[2] - state(sim, p)[2];
        System.out.printf("car-slope: held %.2e m over %.0f s, speed at rest %.2e m/s; released, rolled %.2f m in 3 s;"
                + " the other rose %.2f m in 3 s of throttle%n", moved, release - 2, maxSpeed, rolled, climbed);
        assertTrue(moved < 0.01, "moved while held, m: " + moved);
        assertTrue(maxSpeed < 1e-3, "speed at rest, m/s: " + maxSpeed);
        assertTrue(rolled > 1, "rolls once released: " + rolled);
        assertTrue(climbed > 1, "climbs with throttle: " + climbed);
    }

    /** At 30 m/s across the bumps, no sampled point of any wheel's rim is more than 1 cm below the ground. */
    @Test
    void carBumpsKeepsEveryWheelOnTheGround() throws Exception {
        Scene scene = BuiltinScenes.read("car-bumps");
        WorldSimulation sim = WorldBuilder.buildWorld(scene);
        BodySpec field = scene.bodies().get(0);
        ShapeSpec.Heightfield hf = (ShapeSpec.Heightfield) field.shape();
        VehicleSpec car = scene.vehicles().get(0);
        int chassis = body(sim, car.name());
        Vehicles vehicles = sim.world().vehicles();
        VehicleId id = sim.vehicleId(0);
        double[] c = new double[3];
        double worst = 0, minSpeed = Double.MAX_VALUE;
        double bumpsFrom = field.position().z() + 150;
        while (sim.time() < 30) {
            sim.step();
            double[] s = state(sim, chassis);
            if (s[2] < bumpsFrom - 5) {
                continue;
            }
            if (s[2] > field.position().z() + (hf.heights().length - 1) * hf.spacingZ() - 10) {
                break;
            }
            minSpeed = Math.min(minSpeed, s[9]);
            Quat q = new Quat(s[3], s[4], s[5], s[6]);
            Vec3 f = q.rotate(new Vec3(0, 0, 1)), up = q.rotate(new Vec3(0, 1, 0));
            for (int k = 0; k < vehicles.wheelCount(id); k++) {
                vehicles.wheelCenter(id, k, c);
                double r = car.def().wheels().get(k).radius();
                for (int a = -8; a <= 8; a++) {
                    double phi = a * Math.PI / 16;
                    double px = c[0] + r * (Math.sin(phi) * f.x() - Math.cos(phi) * up.x());
                    double py = c[1] + r * (Math.sin(phi) * f.y() - Math.cos(phi) * up.y());
                    double pz = c[2] + r * (Math.sin(phi) * f.z() - Math.cos(phi) * up.z());
                    worst = Math.max(worst, ground(hf, field.position(), px, pz) - py);
                }
            }
        }
        System.out.printf("car-bumps: at %.2f m/s or more, deepest wheel point %.4f m below the ground%n", minSpeed,
                worst);
        assertTrue(minSpeed > 28.5, "across the bumps at about 30 m/s: " + minSpeed);
        assertTrue(worst < 0.01, "deepest wheel point below the ground, m: " + worst);
    }

    /** The heightfield's surface at world (x, z): two triangles per cell, split along (r, c)-(r+1, c+1). */
    static double ground(ShapeSpec.Heightfield hf, Vec3 origin, double x, double z) {
        double[][] h = hf.heights();
        double fx = (x - origin.x()) / hf.spacingX(), fz = (z - origin.z()) / hf.spacingZ();
        int col = (int) Math.floor(fx), r = (int) Math.floor(fz);
        double u = fx - col, w = fz - r;
        double h00 = h[r][col], h10 = h[r + 1][col], h01 = h[r][col + 1], h11 = h[r + 1][col + 1];
        return origin.y() + (w >= u ? h00 + w * (h10 - h00) + u * (h11 - h10) : h00 + u * (h01 - h00) + w * (h11 - h01));
    }

    /**
     * 0-100 km/h against {@code (m + sum I / R^2) dv/dt = min(T(rpm) g_k d / R, mu m g)}, the rpm from
     * the road speed, shifting up at the set rpm; each shift at that rpm.
     */
    @Test
    void carLaunchMatchesTheDrivetrainIntegral() throws Exception {
        Scene scene = BuiltinScenes.read("car-launch");
        WorldSimulation sim = WorldBuilder.buildWorld(scene);
        VehicleSpec car = scene.vehicles().get(0);
        VehicleDef def = car.def();
        int chassis = body(sim, car.name());
        Vehicles vehicles = sim.world().vehicles();
        VehicleId id = sim.vehicleId(0);
        int gear = 0;
        double lastRpm = 0;
        double target = 100 / 3.6;
        double r = def.wheels().get(0).radius();
        while (state(sim, chassis)[9] < target && sim.time() < 60) {
            sim.step();
            if (vehicles.gear(id) != gear) {
                // The gearbox shifts on road speed: the engine speed the road speed gives in the old gear.
                System.out.printf("car-launch: shift %d -> %d at %.0f rpm of road speed (set %.0f), engine %.0f rpm%n",
                        gear + 1, vehicles.gear(id) + 1, lastRpm, def.engine().shiftUpRpm(), vehicles.rpm(id));
                assertEquals(def.engine().shiftUpRpm(), lastRpm, 0.02 * def.engine().shiftUpRpm(), "shift rpm");
                gear = vehicles.gear(id);
            }
            lastRpm = state(sim, chassis)[9] / r * def.gears()[gear] * def.differentialRatio() * 60 / (2 * Math.PI);
        }
        double expected = integrated(def, target, 1e-4);
        System.out.printf("car-launch: 0-100 km/h in %.3f s, integrated %.3f s%n", sim.time(), expected);
        assertTrue(gear >= 1, "it shifted");
        assertEquals(expected, sim.time(), 0.05 * expected, "0-100 km/h, s");
    }

    static double integrated(VehicleDef def, double target, double h) {
        double m = def.chassis().mass();
        double r = def.wheels().get(0).radius();
        double inertia = 0;
        for (VehicleDef.Wheel w : def.wheels()) {
            inertia += w.inertia();
        }
        double meff = m + inertia / (r * r);
        double[] gears = def.gears();
        VehicleDef.Engine e = def.engine();
        int k = 0;
        double v = 0, t = 0, since = 1e9;
        while (v < target) {
            double ratio = gears[k] * def.differentialRatio();
            double rpm = v / r * ratio * 60 / (2 * Math.PI);
            if (rpm >= e.shiftUpRpm() && k < gears.length - 1 && since >= e.shiftTime()) {
                k++;
                since = 0;
                continue;
            }
            double force = Math.min(Vehicles.engineCurve(e, Math.max(e.idleRpm(), rpm)) * ratio / r,
                    def.tyre().friction() * m * G);
            v += h * force / meff;
            t += h;
            since += h;
        }
        return t;
    }
}
