package ricochet.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.io.scene.Scene;
import ricochet.math.Vec3;
import ricochet.soft.SoftBodies;
import ricochet.soft.SoftId;
import ricochet.world.WorldSimulation;

/**
 * The cloths' and soft bodies' built-in scenes, read through {@link BuiltinScenes} and
 * {@link WorldBuilder} as the command line runs them, each measured against what it is built to show.
 */
class SoftBuiltinScenesTest {

    static WorldSimulation build(String name) throws Exception {
        Scene scene = BuiltinScenes.read(name);
        return WorldBuilder.buildWorld(scene);
    }

    static SoftId id(SoftBodies soft, String name) {
        for (SoftId id : soft.ids()) {
            if (soft.name(id).equals(name)) {
                return id;
            }
        }
        throw new AssertionError("no soft body " + name);
    }

    /** Kinetic plus gravitational energy of the body's particles, J, with gravity along -y. */
    static double energy(SoftBodies soft, SoftId id, double g) {
        double[] x = new double[3], v = new double[3];
        double e = 0;
        for (int k = 0; k < soft.particleCount(id); k++) {
            soft.position(id, k, x);
            soft.velocity(id, k, v);
            double m = soft.particleMass(id, k);
            e += m * (0.5 * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]) + g * x[1]);
        }
        return e;
    }

    static double distance(SoftBodies soft, SoftId id, int a, int b) {
        double[] x = new double[3], y = new double[3];
        soft.position(id, a, x);
        soft.position(id, b, y);
        return Math.sqrt((x[0] - y[0]) * (x[0] - y[0]) + (x[1] - y[1]) * (x[1] - y[1]) + (x[2] - y[2]) * (x[2] - y[2]));
    }

    @Test
    void flagHangsWithoutStretchOrEnergyGain() throws Exception {
        WorldSimulation sim = build("flag");
        try (var world = sim.world()) {
            SoftBodies soft = sim.world().softBodies();
            SoftId flag = id(soft, "flag");
            int nx = soft.gridSize(flag)[0], ny = soft.gridSize(flag)[1];
            double g = 9.81;
            double e0 = energy(soft, flag, g);
            double most = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < 600; i++) {
                sim.step();
                most = Math.max(most, energy(soft, flag, g));
            }
            // Rest lengths from the grid: 2 m over nx cells, 1 m over ny.
            double dx = 2.0 / nx, dy = 1.0 / ny;
            double worst = 0;
            for (int j = 0; j <= ny; j++) {
                for (int i = 0; i <= nx; i++) {
                    int k = i + j * (nx + 1);
                    if (i < nx) {
                        worst = Math.max(worst, distance(soft, flag, k, k + 1) / dx - 1);
                    }
                    if (j < ny) {
                        worst = Math.max(worst, distance(soft, flag, k, k + nx + 1) / dy - 1);
                    }
                }
            }
            // Overall: the middle column from hem to top, against its 1 m.
            double column = 0;
            for (int j = 0; j < ny; j++) {
                int k = nx / 2 + j * (nx + 1);
                column += distance(soft, flag, k, k + nx + 1);
            }
            System.out.printf("flag: worst edge stretch %.4f %%, column stretch %.4f %%, energy %.6f -> max %.6f J%n",
                    100 * worst, 100 * (column - 1), e0, most);
            assertTrue(worst < 0.01, "most stretched edge " + worst);
            assertTrue(column - 1 < 0.005, "column stretch " + (column - 1));
            assertTrue(most <= e0 + 1e-9 * Math.abs(e0), "energy rose from " + e0 + " to " + most);
        }
    }

    @Test
    void drapeKeepsParticlesOutOfTheShapes() throws Exception {
        WorldSimulation sim = build("drape");
        try (var world = sim.world()) {
            SoftBodies soft = sim.world().softBodies();
            SoftId sheet = id(soft, "sheet");
            double t = soft.thickness(sheet);
            Vec3 sc = new Vec3(-0.8, 0.45, 0);
            double r = 0.45;
            Vec3 bc = new Vec3(0.8, 0.4, 0);
            double h = 0.4;
            double[] x = new double[3];
            double closest = Double.POSITIVE_INFINITY;
            for (int i = 0; i < 300; i++) {
                sim.step();
                for (int k = 0; k < soft.particleCount(sheet); k++) {
                    soft.position(sheet, k, x);
                    double ds = Math.sqrt((x[0] - sc.x()) * (x[0] - sc.x()) + (x[1] - sc.y()) * (x[1] - sc.y())
                            + (x[2] - sc.z()) * (x[2] - sc.z())) - r;
                    double qx = Math.abs(x[0] - bc.x()) - h, qy = Math.abs(x[1] - bc.y()) - h,
                            qz = Math.abs(x[2] - bc.z()) - h;
                    double out = Math.sqrt(Math.max(qx, 0) * Math.max(qx, 0) + Math.max(qy, 0) * Math.max(qy, 0)
                            + Math.max(qz, 0) * Math.max(qz, 0));
                    double db = out + Math.min(Math.max(qx, Math.max(qy, qz)), 0);
                    closest = Math.min(closest, Math.min(x[1], Math.min(ds, db)));
                }
            }
            Vec3 c = soft.centreOfMass(sheet);
            System.out.printf("drape: closest approach %.5f m (thickness %.3f), centre of mass %s%n", closest, t, c);
            assertTrue(closest >= -(t + 1e-3), "a particle went " + -closest + " m into a shape");
            assertTrue(c.y() < 1.3 && c.y() > 0, "the sheet's centre of mass ended at " + c);
        }
    }

    @Test
    void foldingStripKeepsItsParticlesApartAndGainsNoEnergy() throws Exception {
        WorldSimulation sim = build("fold");
        try (var world = sim.world()) {
            SoftBodies soft = sim.world().softBodies();
            SoftId strip = id(soft, "strip");
            assertEquals(30 * 200, soft.particleCount(strip));
            double e0 = energy(soft, strip, 9.81), most = e0;
            for (int i = 0; i < 240; i++) {
                sim.step();
                most = Math.max(most, energy(soft, strip, 9.81));
            }
            // Released at rest, the strip's kinetic plus gravitational energy can only fall (elastic energy
            // is never negative); 1e-9 of it covers round-off in summing 6,000 particles' terms.
            assertTrue(most <= e0 + 1e-9 * Math.abs(e0), "energy rose from " + e0 + " to " + most);
            double gap = soft.closestPair(strip);
            System.out.printf("fold: closest pair %.5f m (thickness %.3f), centre %s, energy %.6f -> max %.6f J%n",
                    gap, soft.thickness(strip), soft.centreOfMass(strip), e0, most);
            assertTrue(gap >= soft.thickness(strip) / 2, "closest pair " + gap);
            // It fell over: its centre ends lower than it started (about 0.99 m).
            assertTrue(soft.centreOfMass(strip).y() < 0.5, "centre of mass " + soft.centreOfMass(strip));
        }
    }

    @Test
    void jellyKeepsItsVolumeAndSlidesWithFriction() throws Exception {
        WorldSimulation sim = build("jelly");
        try (var world = sim.world()) {
            SoftBodies soft = sim.world().softBodies();
            SoftId[] ids = soft.ids().toArray(new SoftId[0]);
            double[] v0 = new double[ids.length];
            for (int k = 0; k < ids.length; k++) {
                v0[k] = soft.volume(ids[k]);
            }
            SoftId slider = id(soft, "jelly0");
            // Down the slope: 30 degrees below +x.
            Vec3 down = new Vec3(Math.cos(Math.PI / 6), -Math.sin(Math.PI / 6), 0);
            double worst = 0;
            double s1 = 0, s2 = 0;
            double dt = sim.dt();
            for (int i = 1; i <= 300; i++) {
                sim.step();
                if (i == 20) {
                    s1 = soft.meanVelocity(slider).dot(down);
                }
                if (i == 50) {
                    s2 = soft.meanVelocity(slider).dot(down);
                }
                if (i > 10) {
                    for (int k = 0; k < ids.length; k++) {
                        worst = Math.max(worst, Math.abs(soft.volume(ids[k]) / v0[k] - 1));
                    }
                }
            }
            double a = (s2 - s1) / (30 * dt);
            double coulomb = 9.81 * (Math.sin(Math.PI / 6) - 0.3 * Math.cos(Math.PI / 6));
            System.out.printf("jelly: worst volume change %.4f %%, slide acceleration %.4f m/s^2 (Coulomb %.4f),"
                    + " resting at %s%n", 100 * worst, a, coulomb, soft.centreOfMass(id(soft, "resting")));
            assertTrue(worst < 0.02, "volume changed by " + worst);
            assertEquals(coulomb, a, 0.15 * coulomb, "sliding acceleration");
        }
    }

    @Test
    void balloonKeepsBoylesLawUnderThePress() throws Exception {
        WorldSimulation sim = build("balloon");
        try (var world = sim.world()) {
            SoftBodies soft = sim.world().softBodies();
            SoftId balloon = id(soft, "balloon");
            double nRT = soft.gasConstant(balloon);
            double t = soft.thickness(balloon);
            int press = -1;
            for (int b = 0; b < sim.bodyCount(); b++) {
                if (sim.bodyName(b).equals("press")) {
                    press = b;
                }
            }
            double[] slab = new double[13];
            double[] x = new double[3];
            double worst = 0, above = Double.NEGATIVE_INFINITY, lowest = Double.POSITIVE_INFINITY;
            for (int i = 1; i <= 150; i++) {
                sim.step();
                worst = Math.max(worst, Math.abs(soft.pressure(balloon) * soft.volume(balloon) / nRT - 1));
                sim.readState(press, slab);
                double bottom = slab[1] - 0.05;
                lowest = Math.min(lowest, bottom);
                for (int k = 0; k < soft.particleCount(balloon); k++) {
                    soft.position(balloon, k, x);
                    above = Math.max(above, x[1] - (bottom - t));
                }
            }
            System.out.printf("balloon: worst |pV/nRT - 1| %.4f %%, slab down to %.4f m, volume %.5f -> %.5f m^3,"
                    + " pressure %.1f Pa, deepest into the slab's skin %.5f m%n", 100 * worst, lowest,
                    nRT / 500, soft.volume(balloon), soft.pressure(balloon), above);
            // The slab came down from 0.62 m to 0.47 m, below the balloon's unsquashed top at 0.61 m.
            assertEquals(0.47, lowest, 1e-9);
            assertTrue(worst < 0.03, "pV off nRT by " + worst);
            assertTrue(above < 1e-3, "a particle went " + above + " m into the slab's skin");
        }
    }
}
