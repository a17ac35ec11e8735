package ricochet.soft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.geometry.shape.PlaneShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;
import ricochet.world.WorldSnapshot;

/** Soft bodies held by shape-matching clusters instead of tetrahedra. */
class ShapeClustersTest {

    static final double G = 9.81;

    static SoftBodyDef cube(String name, double half, double stiffness, int size) {
        return SoftBodyDef.defaults(name, new SoftShape.Box(half, half, half))
                .withModel(SoftBodyDef.Model.CLUSTERS, stiffness, size);
    }

    /**
     * A clustered 0.6 m cube (resolution 4, clusters of 2 cells, stiffness 0.5) dropped 0.3 m onto the
     * ground: at rest its volume is within 2 % of the start and no particle is further than 1 cm (a
     * tenth of a cell, 15 cm) from the best rigid placement of its rest shape; its energy never rises
     * above the start.
     */
    @Test
    void aClusteredCubeAtRestKeepsItsVolumeAndShape() {
        for (int substeps : new int[] {10, 20}) {
            try (World w = new World(new Vec3(0, -G, 0))) {
                w.add(BodyDef.staticBody(), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0);
                SoftBodies s = w.softBodies();
                s.setSubsteps(substeps);
                SoftId id = s.addSoftBody(cube("jelly", 0.3, 0.5, 2).withPose(new Vec3(0, 0.6, 0),
                        Quat.fromAxisAngle(new Vec3(1, 0, 1).normalized(), 0.2)));
                double[] rest = SoftShapes.positions(s, id);
                double v0 = s.volume(id);
                assertEquals(0.6 * 0.6 * 0.6, v0, 1e-12, "the tetrahedra that measure it tile the box");
                double e0 = SoftShapes.energy(s, G, id), most = e0;
                for (int i = 0; i < 240; i++) {
                    w.step(1 / 60.0);
                    most = Math.max(most, SoftShapes.energy(s, G, id));
                }
                double deviation = SoftShapes.rigidDeviation(s, id, rest);
                System.out.printf("clustered cube at rest, %d substeps: volume %.3f %% off, deviation %.2f mm, "
                        + "energy at most %.6f of start, speed %.4f%n", substeps, 100 * (s.volume(id) / v0 - 1),
                        1e3 * deviation, most / e0, s.meanVelocity(id).length());
                assertEquals(v0, s.volume(id), 0.02 * v0, "volume within 2 %");
                assertTrue(deviation < 0.01, "deviation from rigid " + deviation);
                assertTrue(most <= e0, "energy rose to " + most + " from " + e0);
                assertTrue(s.meanVelocity(id).length() < 0.02, "at rest");
                assertEquals(0.3 + s.thickness(id), s.centreOfMass(id).y(), 0.01, "on the ground");
            }
        }
    }

    /**
     * At stiffness 1, a free body moving and spinning with no gravity. Every projection keeps the linear
     * momentum and applies no torque ({@code A R^T} symmetric), so the linear momentum stays within
     * 1e-9 of the start (relative) and, with one cluster, the body is exactly rigid (no particle off the
     * rigid placement by 1e-9 m); with overlapping clusters of 2 cells, within 0.1 mm. The angular
     * momentum is not kept exactly: the prediction {@code x + h v} moves along a chord, whose best
     * rotation turns by {@code atan(sin t / (2 - cos t))}, about {@code t (1 - 2 t^2 / 3)}, where the
     * last substep turned by t. The loss per substep is of order {@code (omega h)^2}, so over a second it
     * is at most {@code omega^2 h} (checked), and halving h halves it (within 10 %).
     */
    @Test
    void atStiffnessOneAFreeBodyMovesRigidly() {
        for (int size : new int[] {4, 2}) {
            double[] loss = new double[2];
            for (int run = 0; run < 2; run++) {
                int substeps = 20 << run;
                try (World w = new World(Vec3.ZERO)) {
                    SoftBodies s = w.softBodies();
                    s.setSubsteps(substeps);
                    SoftId id = s.addSoftBody(cube("block", 0.2, 1, size).withPose(new Vec3(0.1, 0.2, -0.3),
                            Quat.fromAxisAngle(Vec3.UNIT_Z, 0.4)));
                    double[] rest = SoftShapes.positions(s, id);
                    // v = V + omega x (x - c)
                    Vec3 c = s.centreOfMass(id);
                    double[] omega = {1.5, -2, 3}, v0 = {0.5, 0.2, -0.1};
                    double[] x = new double[3];
                    for (int k = 0; k < s.particleCount(id); k++) {
                        s.position(id, k, x);
                        double rx = x[0] - c.x(), ry = x[1] - c.y(), rz = x[2] - c.z();
                        s.moveParticle(id, k, new Vec3(x[0], x[1], x[2]), new Vec3(v0[0] + omega[1] * rz
                                - omega[2] * ry, v0[1] + omega[2] * rx - omega[0] * rz, v0[2] + omega[0] * ry
                                - omega[1] * rx));
                    }
                    double[] p0 = SoftShapes.momentum(s, id), l0 = SoftShapes.angularMomentum(s, id);
                    double worstP = 0, worstShape = 0;
                    for (int i = 0; i < 60; i++) {
                        w.step(1 / 60.0);
                        double[] p = SoftShapes.momentum(s, id);
                        worstP = Math.max(worstP, SoftShapes.norm(new double[] {p[0] - p0[0], p[1] - p0[1],
                            p[2] - p0[2]}));
                        worstShape = Math.max(worstShape, SoftShapes.rigidDeviation(s, id, rest));
                    }
                    double[] l = SoftShapes.angularMomentum(s, id);
                    loss[run] = SoftShapes.norm(new double[] {l[0] - l0[0], l[1] - l0[1], l[2] - l0[2]})
                            / SoftShapes.norm(l0);
                    double w2h = (omega[0] * omega[0] + omega[1] * omega[1] + omega[2] * omega[2]) / (60.0 * substeps);
                    System.out.printf("free rigid clusters of %d, %d substeps: momentum %.3g relative, angular "
                            + "momentum lost in 1 s %.3g (omega^2 h %.3g), shape %.3g m%n", size, substeps,
                            worstP / SoftShapes.norm(p0), loss[run], w2h, worstShape);
                    assertTrue(worstP <= 1e-9 * SoftShapes.norm(p0), "linear momentum drift " + worstP);
                    assertTrue(worstShape < (size == 4 ? 1e-9 : 1e-4), "off rigid by " + worstShape);
                    assertTrue(loss[run] <= w2h, "angular momentum lost " + loss[run]);
                }
            }
            assertEquals(0.5, loss[1] / loss[0], 0.05, "the loss is first order in h");
        }
    }

    /** A softer body (stiffness 0.05) deforms more than a stiffer one (0.5) under the same fall. */
    @Test
    void lowerStiffnessDeformsMore() {
        double[] deviation = new double[2];
        double[] stiffness = {0.05, 0.5};
        for (int k = 0; k < 2; k++) {
            try (World w = new World(new Vec3(0, -G, 0))) {
                w.add(BodyDef.staticBody(), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0);
                SoftBodies s = w.softBodies();
                SoftId id = s.addSoftBody(cube("jelly", 0.3, stiffness[k], 2).withPose(new Vec3(0, 1, 0),
                        Quat.IDENTITY));
                double[] rest = SoftShapes.positions(s, id);
                for (int i = 0; i < 60; i++) {
                    w.step(1 / 60.0);
                    deviation[k] = Math.max(deviation[k], SoftShapes.rigidDeviation(s, id, rest));
                }
            }
        }
        assertTrue(deviation[0] > 2 * deviation[1], deviation[0] + " vs " + deviation[1]);
    }

    private static World pile() {
        World w = new World(new Vec3(0, -G, 0));
        w.add(BodyDef.staticBody(), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0);
        SoftBodies s = w.softBodies();
        s.addSoftBody(cube("a", 0.2, 0.3, 2).withPose(new Vec3(0, 0.3, 0), Quat.IDENTITY));
        s.addSoftBody(cube("b", 0.2, 0.3, 2).withPose(new Vec3(0.1, 0.9, 0), Quat.fromAxisAngle(Vec3.UNIT_Y, 0.5)));
        s.addSoftBody(SoftBodyDef.defaults("c", new SoftShape.Sphere(0.2)).withResolution(4)
                .withPose(new Vec3(-0.05, 1.5, 0.05), Quat.IDENTITY));
        return w;
    }

    @Test
    void theSameBitsOnAnyThreadCountAndAfterARestore() {
        long[] hash = new long[2];
        for (int run = 0; run < 2; run++) {
            try (World w = pile()) {
                w.setThreads(run == 0 ? 1 : 4);
                for (int i = 0; i < 60; i++) {
                    w.step(1 / 60.0);
                }
                hash[run] = w.stateHash();
            }
        }
        assertEquals(hash[0], hash[1]);
        try (World w = pile()) {
            for (int i = 0; i < 30; i++) {
                w.step(1 / 60.0);
            }
            WorldSnapshot snap = w.snapshot();
            long at = w.stateHash();
            for (int i = 0; i < 30; i++) {
                w.step(1 / 60.0);
            }
            assertEquals(hash[0], w.stateHash(), "the same run without threads");
            w.restore(snap);
            assertEquals(at, w.stateHash());
            for (int i = 0; i < 30; i++) {
                w.step(1 / 60.0);
            }
            assertEquals(hash[0], w.stateHash(), "restored, the same bits");
        }
    }

    @Test
    void removingAClusteredBodyLeavesTheOthersAsTheyWere() {
        try (World w = pile(); World v = pile()) {
            SoftBodies s = w.softBodies();
            SoftId a = s.ids().get(0);
            s.remove(a);
            assertEquals(2, s.count());
            for (int i = 0; i < 60; i++) {
                w.step(1 / 60.0);
            }
            SoftId b = s.ids().get(0);
            assertTrue(s.centreOfMass(b).y() > 0.15 && s.centreOfMass(b).y() < 0.3, "b fell to the ground: "
                    + s.centreOfMass(b));
            assertTrue(Math.abs(s.volume(b) / (0.4 * 0.4 * 0.4) - 1) < 0.02, "b's clusters still hold it");
        }
    }

    @Test
    void badClusterValuesAreRejected() {
        SoftBodyDef base = cube("jelly", 0.3, 0.5, 2);
        assertThrows(IllegalArgumentException.class, () -> base.withModel(SoftBodyDef.Model.CLUSTERS, 1.5, 2).validate());
        assertThrows(IllegalArgumentException.class, () -> base.withModel(SoftBodyDef.Model.CLUSTERS, -0.1, 2).validate());
        assertThrows(IllegalArgumentException.class,
                () -> base.withModel(SoftBodyDef.Model.CLUSTERS, Double.NaN, 2).validate());
        assertThrows(IllegalArgumentException.class, () -> base.withModel(SoftBodyDef.Model.CLUSTERS, 0.5, 0).validate());
        assertThrows(IllegalArgumentException.class, () -> base.withPressure(100).validate());
        try (World w = new World(Vec3.ZERO)) {
            assertThrows(IllegalArgumentException.class, () -> w.softBodies().addSoftBody(base.withPressure(100)));
            assertEquals(0, w.softBodies().count());
        }
    }
}
