package ricochet.soft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;

/**
 * A soft body resting on a cloth that lies on a rigid shape: each cloth particle under the body is
 * hundreds of times lighter than the body's, and only the shape's support ({@link ShapeSupports}) keeps
 * it from being pressed into the shape and the body from sinking through the cloth. The measure is the
 * cloth's depth in the body's closed surface (winding number): the contact keeps every cloth particle
 * the thickness outside it, so none may come closer than the thickness less 1 mm (the bound the other
 * contact tests use), sampled every 10 steps.
 */
class ShapeSupportsTest {

    static final double G = 9.81;
    /** 3 s at 60 Hz. */
    static final int STEPS = 180;

    /** A cloth lying on the x-z plane, its normal up, w x w m in n x n cells, centred at height y. */
    private static ClothDef sheet(String name, double size, int cells, double y) {
        return ClothDef.defaults(name).withSize(size, size, cells, cells)
                .withPose(new Vec3(0, y, 0), Quat.fromAxisAngle(Vec3.UNIT_X, -Math.PI / 2));
    }

    /** A soft cube of half-size h whose bottom lies at height y, its centre at (x, z). */
    private static SoftBodyDef cube(String name, double h, double x, double y, double z) {
        return SoftBodyDef.defaults(name, new SoftShape.Box(h, h, h))
                .withPose(new Vec3(x, y + h, z), Quat.IDENTITY);
    }

    /** The highest particle of a body, m. */
    private static double top(SoftBodies s, SoftId id) {
        double[] x = new double[3];
        double most = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < s.particleCount(id); k++) {
            s.position(id, k, x);
            most = Math.max(most, x[1]);
        }
        return most;
    }

    /**
     * Steps the world and returns the deepest the particles of {@code a[i]} came inside the closed
     * surface of {@code b[i]}, over every pair i (m; negative when outside).
     */
    private static double run(World w, int steps, SoftId[] a, SoftId[] b) {
        SoftBodies s = w.softBodies();
        double deepest = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < steps; i++) {
            w.step(1 / 60.0);
            if (i % 10 == 9) {
                for (int k = 0; k < a.length; k++) {
                    deepest = Math.max(deepest, SoftShapes.deepest(s, a[k], b[k]));
                }
            }
        }
        return deepest;
    }

    /** A 0.3 m soft cube set on a 1.2 m cloth lying on the ground. */
    private static double onTheGround(boolean supports, int substeps) {
        try (World w = new World(new Vec3(0, -G, 0))) {
            w.add(BodyDef.staticBody(), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0);
            SoftBodies s = w.softBodies();
            s.setSubsteps(substeps);
            s.setShapeSupports(supports);
            SoftId sheet = s.addCloth(sheet("sheet", 1.2, 24, 0.011));
            double t = s.thickness(sheet);
            SoftId cube = s.addSoftBody(cube("cube", 0.15, 0.05, top(s, sheet) + t + 0.001, 0));
            Vec3 start = s.centreOfMass(cube);
            double deepest = run(w, STEPS, new SoftId[] {sheet}, new SoftId[] {cube});
            Vec3 end = s.centreOfMass(cube);
            System.out.printf("cube on a cloth on the ground, supports %s, %d substeps: cloth %.2f mm inside "
                    + "the cube (bound %.2f), the cube's centre %.4f m up, drift %.2f mm%n", supports,
                    substeps, 1e3 * deepest, -1e3 * (t - 0.001), end.y(),
                    1e3 * Math.hypot(end.x() - start.x(), end.z() - start.z()));
            assertTrue(end.y() > 0.15, "the cube is on the cloth: " + end);
            return deepest;
        }
    }

    /**
     * A 0.3 m soft cube (resolution 4, about 0.2 kg a particle) set on a 1.2 m cloth (24 x 24 cells,
     * 0.24 g a particle) lying on the ground: no cloth particle comes closer to the inside of the cube
     * than the thickness less 1 mm, at 10 and 20 substeps.
     */
    @Test
    void aSoftCubeRestsOnAClothOnTheGround() {
        for (int substeps : new int[] {20, 10}) {
            double t = ClothDef.defaults("t").thickness();
            double deepest = onTheGround(true, substeps);
            assertTrue(deepest <= -(t - 0.001), "a cloth particle " + deepest + " m inside the cube");
        }
    }

    /**
     * A 0.2 m soft cube set on a 1.2 m cloth draped over a static sphere of 1 m radius: it sits on the
     * cloth on the sphere's top for 3 s, no cloth particle closer to the cube's inside than the
     * thickness less 2 mm (the sheet curves away under the cube's bottom edges, where only particles
     * meet triangles). It does not stay on the top: it walks off, 8-18 cm in 3 s (docs/soft-bodies.md,
     * Known limits).
     */
    @Test
    void aSoftCubeOnAClothDrapedOverASphereStaysOutOfIt() {
        try (World w = new World(new Vec3(0, -G, 0))) {
            double r = 1;
            w.add(BodyDef.staticBody(), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0);
            w.add(BodyDef.staticBody().withPosition(new Vec3(0, r, 0)), new SphereShape(r), 0.5, 0);
            SoftBodies s = w.softBodies();
            SoftId sheet = s.addCloth(sheet("sheet", 1.2, 24, 2 * r + 0.05));
            run(w, 120, new SoftId[0], new SoftId[0]);
            double t = s.thickness(sheet);
            SoftId cube = s.addSoftBody(cube("cube", 0.1, 0, top(s, sheet) + t + 0.001, 0));
            double deepest = run(w, STEPS, new SoftId[] {sheet}, new SoftId[] {cube});
            Vec3 end = s.centreOfMass(cube);
            System.out.printf("cube on a cloth on a sphere: cloth %.2f mm inside the cube (bound %.2f), the "
                    + "cube's centre at (%.4f, %.4f, %.4f)%n", 1e3 * deepest, -1e3 * (t - 0.002), end.x(),
                    end.y(), end.z());
            assertTrue(deepest <= -(t - 0.002), "a cloth particle " + deepest + " m inside the cube");
            assertTrue(end.y() > 2 * r, "the cube fell off the sphere: " + end);
        }
    }

    /**
     * A cloth between two soft bodies: a 0.8 m cloth dropped on a 0.4 m soft cube standing on the
     * ground, then a 0.3 m cube set on it. The cloth rests on the lower cube's top, which holds it as a
     * shape would: the cloth stays between the two (no particle of the cloth closer to the inside of
     * either cube than the thickness less 1 mm, none of the upper inside the lower) and the upper rests
     * two thicknesses above the lower's top (less 3 mm of sag). Without the supports the cloth is
     * pressed some 14 mm into the lower cube and the upper rests on the lower at their own pair's
     * thickness (printed).
     */
    @Test
    void aClothBetweenTwoSoftCubesStaysBetween() {
        for (int on = 1; on >= 0; on--) {
            try (World w = new World(new Vec3(0, -G, 0))) {
                w.add(BodyDef.staticBody(), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0);
                SoftBodies s = w.softBodies();
                s.setShapeSupports(on == 1);
                SoftId lower = s.addSoftBody(cube("lower", 0.2, 0, 0.005, 0));
                SoftId sheet = s.addCloth(sheet("sheet", 0.8, 16, 0.45));
                run(w, 60, new SoftId[0], new SoftId[0]);
                double t = s.thickness(sheet);
                SoftId upper = s.addSoftBody(cube("upper", 0.15, 0.03, top(s, sheet) + t + 0.001, 0));
                double deepest = run(w, STEPS, new SoftId[] {sheet, sheet, upper},
                        new SoftId[] {lower, upper, lower});
                System.out.printf("cloth between two cubes, supports %s: deepest %.2f mm (bound %.2f), the "
                        + "upper cube's centre %.4f m%n", on == 1, 1e3 * deepest, -1e3 * (t - 0.001),
                        s.centreOfMass(upper).y());
                if (on == 1) {
                    assertTrue(deepest <= -(t - 0.001), "a particle " + deepest + " m inside another body");
                    // The lower's top at 0.405 m, a thickness on either side of the cloth, 3 mm for the sag.
                    double above = 0.405 + 2 * t + 0.15 - 0.003;
                    Vec3 c = s.centreOfMass(upper);
                    assertTrue(c.y() > above, "the upper cube sank: " + c);
                }
            }
        }
    }

    /**
     * A hammock: a 1 m cloth (compliant in stretch, 1e-5 m/N) pinned at its four corners 0.6 m above
     * the ground, a 0.2 m soft cube set on its middle. It sags (the cube ends lower than it was set, by
     * more than the thickness) and holds (the cube is still above the ground by half its size, and no
     * cloth particle is inside it: the sheet wraps the cube's bottom edges, where only particles meet
     * triangles, so closer than the thickness there); touching no rigid shape, it is the same, bit for
     * bit, with the supports on or off.
     */
    @Test
    void aHammockSagsAndHoldsACube() {
        long[] hash = new long[2];
        for (int on = 0; on < 2; on++) {
            try (World w = new World(new Vec3(0, -G, 0))) {
                w.add(BodyDef.staticBody(), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0);
                SoftBodies s = w.softBodies();
                s.setShapeSupports(on == 1);
                SoftId sheet = s.addCloth(sheet("hammock", 1, 20, 0.6).withCompliance(1e-5, 1e-4)
                        .withPins(List.of(new ClothDef.Pin(0, 0), new ClothDef.Pin(20, 0),
                                new ClothDef.Pin(0, 20), new ClothDef.Pin(20, 20))));
                double t = s.thickness(sheet);
                SoftId cube = s.addSoftBody(cube("cube", 0.1, 0, 0.6 + t + 0.001, 0));
                double set = s.centreOfMass(cube).y();
                double deepest = run(w, STEPS, new SoftId[] {sheet}, new SoftId[] {cube});
                double end = s.centreOfMass(cube).y();
                System.out.printf("hammock, supports %s: the cube sags %.4f m, cloth %.2f mm inside it%n",
                        on == 1, set - end, 1e3 * deepest);
                assertTrue(set - end > t, "the hammock does not sag: " + (set - end));
                assertTrue(end > 0.1 + 0.05, "the hammock let the cube through: " + end);
                assertTrue(deepest < 0, "a cloth particle " + deepest + " m inside the cube");
                hash[on] = w.stateHash();
            }
        }
        assertEquals(hash[0], hash[1], "the supports changed a hammock that touches no shape");
    }

    /** Without the supports the cube on the cloth on the ground sinks into it: the test above can fail. */
    @Test
    void withoutTheSupportsTheCubeSinksIntoTheCloth() {
        double t = ClothDef.defaults("t").thickness();
        double deepest = onTheGround(false, 20);
        assertTrue(deepest > -(t - 0.001), "the cloth held without the supports: " + deepest);
    }
}
