package ricochet.soft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;

/** Tetrahedral soft bodies and pressurised shells: volume, gas law, momentum exchange with rigid bodies. */
class SoftBodyTest {

    static final double G = 9.81;

    @Test
    void aSoftCubeKeepsItsVolumeAtRestOnTheGround() {
        try (World w = new World(new Vec3(0, -G, 0))) {
            w.add(BodyDef.staticBody(), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0);
            SoftBodies s = w.softBodies();
            SoftId id = s.addSoftBody(SoftBodyDef.defaults("jelly", new SoftShape.Box(0.3, 0.3, 0.3))
                    .withPose(new Vec3(0, 1, 0), Quat.IDENTITY).withCompliance(1e-4, 0));
            double v0 = s.volume(id);
            assertEquals(0.6 * 0.6 * 0.6, v0, 1e-12, "the tetrahedra tile the box");
            for (int i = 0; i < 240; i++) {
                w.step(1 / 60.0);
            }
            // At rest on the ground: its centre of mass a half-side plus the thickness up, not moving.
            Vec3 c = s.centreOfMass(id);
            assertEquals(0.3 + s.thickness(id), c.y(), 0.02);
            assertTrue(s.meanVelocity(id).length() < 0.05, "still moving at " + s.meanVelocity(id));
            assertEquals(v0, s.volume(id), 0.02 * v0, "volume within 2 %");
        }
    }

    /** A solid sphere of tetrahedra keeps its volume within 2 % when it lands too. */
    @Test
    void aSoftSphereKeepsItsVolumeAfterLanding() {
        try (World w = new World(new Vec3(0, -G, 0))) {
            w.add(BodyDef.staticBody(), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0);
            SoftBodies s = w.softBodies();
            SoftId id = s.addSoftBody(SoftBodyDef.defaults("ball", new SoftShape.Sphere(0.3)).withResolution(6)
                    .withPose(new Vec3(0, 1, 0), Quat.IDENTITY));
            double v0 = s.volume(id);
            for (int i = 0; i < 240; i++) {
                w.step(1 / 60.0);
            }
            assertEquals(v0, s.volume(id), 0.02 * v0);
        }
    }

    /**
     * A rigid sphere fired at a free soft cube (no gravity): the particles' impulses are the body's,
     * with the sign turned, so the total linear momentum stays what it was, within 1 %.
     */
    @Test
    void aRigidSphereHittingASoftBodyConservesMomentum() {
        try (World w = new World(Vec3.ZERO)) {
            SoftBodies s = w.softBodies();
            SoftId id = s.addSoftBody(SoftBodyDef.defaults("cube", new SoftShape.Box(0.3, 0.3, 0.3))
                    .withCompliance(1e-5, 0));
            SphereShape ball = new SphereShape(0.15);
            BodyId b = w.add(BodyDef.dynamic().withShape(ball, 2000).withPosition(new Vec3(-1, 0.05, 0.02))
                    .withVelocity(new Vec3(5, 0, 0)), ball, 0.3, 0);
            double mb = w.mass(b), ms = s.mass(id);
            Vec3 p0 = w.velocity(b).times(mb);
            double speedAfter = Double.NaN;
            for (int i = 0; i < 90; i++) {
                w.step(1 / 60.0);
            }
            Vec3 p1 = w.velocity(b).times(mb).plus(s.meanVelocity(id).times(ms));
            speedAfter = w.velocity(b).x();
            assertTrue(speedAfter < 4.5, "the sphere was slowed by the cube: " + speedAfter);
            assertTrue(s.meanVelocity(id).x() > 0.1, "the cube was pushed");
            assertEquals(p0.x(), p1.x(), 0.01 * p0.length());
            assertEquals(p0.y(), p1.y(), 0.01 * p0.length());
            assertEquals(p0.z(), p1.z(), 0.01 * p0.length());
        }
    }

    /**
     * A balloon (a closed shell of 0.3 m radius with gas at 500 Pa) squeezed between the ground and
     * a slab lowered from 0.65 m to 0.5 m above it and held there: the gas does not push any particle into the slab deeper than the
     * thickness less 1 mm, and (squeezed or free) the pressure the solver last applied times
     * the volume the shell encloses is n R T within 3 % (the pressure lags the volume by one
     * substep), at 10 and 20 substeps.
     */
    @Test
    void aBalloonUnderALoadKeepsPressureTimesVolume() {
        for (int substeps : new int[] {10, 20}) {
            double[] volume = new double[2];
            for (int loaded = 0; loaded < 2; loaded++) {
                try (World w = new World(new Vec3(0, -G, 0))) {
                    w.add(BodyDef.staticBody(), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0);
                    SoftBodies s = w.softBodies();
                    s.setSubsteps(substeps);
                    SoftId id = s.addSoftBody(SoftBodyDef.defaults("balloon", new SoftShape.Sphere(0.3))
                            .withResolution(8).withDensity(5).withPressure(500).withCompliance(0, 0)
                            .withPose(new Vec3(0, 0.32, 0), Quat.IDENTITY));
                    BodyId slab = loaded == 1 ? w.add(BodyDef.kinematic().withPosition(new Vec3(0, 0.7, 0))
                            .withVelocity(new Vec3(0, -0.15, 0)), new BoxShape(1, 0.05, 1), 0.5, 0) : null;
                    for (int i = 0; i < 300; i++) {
                        if (i == 60 && slab != null) {
                            w.setVelocity(slab, Vec3.ZERO);
                        }
                        w.step(1 / 60.0);
                    }
                    volume[loaded] = s.volume(id);
                    double top = 0;
                    double[] x = new double[3];
                    for (int k = 0; k < s.particleCount(id); k++) {
                        s.position(id, k, x);
                        top = Math.max(top, x[1]);
                    }
                    if (loaded == 1) {
                        assertTrue(top <= 0.5 - s.thickness(id) + 1e-3, "highest particle at " + top);
                    }
                    assertEquals(s.gasConstant(id), s.pressure(id) * volume[loaded], 0.03 * s.gasConstant(id));
                }
            }
        }
    }
}
