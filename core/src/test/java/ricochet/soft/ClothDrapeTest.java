package ricochet.soft;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.ShapeSdf;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;

/**
 * A 1.6 x 1.6 m cloth (0.15 kg/m^2, 1 cm thick) dropped 0.5 m onto a sphere on the ground: at the
 * end of every step no particle is closer to the sphere or the ground than the thickness less 1 mm.
 */
class ClothDrapeTest {

    @Test
    void noParticleSinksIntoTheSphereOrTheGround() {
        try (World w = new World(new Vec3(0, -9.81, 0))) {
            w.add(BodyDef.staticBody(), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0);
            SphereShape sphere = new SphereShape(0.5);
            w.add(BodyDef.staticBody().withPosition(new Vec3(0, 0.5, 0)), sphere, 0.5, 0);
            SoftBodies s = w.softBodies();
            SoftId id = s.addCloth(ClothDef.defaults("sheet").withSize(1.6, 1.6, 24, 24).withMass(0.15 * 1.6 * 1.6)
                    .withPose(new Vec3(0, 1.5, 0), Quat.fromAxisAngle(Vec3.UNIT_X, -Math.PI / 2)));
            double t = s.thickness(id);
            double[] x = new double[3];
            for (int i = 0; i < 180; i++) {
                w.step(1 / 60.0);
                for (int k = 0; k < s.particleCount(id); k++) {
                    s.position(id, k, x);
                    double d = Math.min(ShapeSdf.distance(sphere, x[0], x[1] - 0.5, x[2]), x[1]);
                    assertTrue(d >= t - 1e-3, "particle " + k + " at step " + i + " is " + d + " m from a shape");
                }
            }
        }
    }
}
