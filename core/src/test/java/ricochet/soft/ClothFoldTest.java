package ricochet.soft;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.geometry.shape.PlaneShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;

/**
 * A 30 x 200 particle strip (0.435 x 2.985 m, 1.5 cm between particles, 1 cm thick) stood on its end
 * and let go: it buckles and folds onto itself on the ground. Self-collision must hold: after 2.5 s no
 * two particles (that started further apart than the thickness) are closer than half the thickness.
 */
class ClothFoldTest {

    @Test
    void aStripDroppedOnItselfFoldsWithoutPassingThroughItself() {
        try (World w = new World(new Vec3(0, -9.81, 0))) {
            w.add(BodyDef.staticBody(), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0);
            SoftBodies s = w.softBodies();
            double length = 2.985;
            SoftId id = s.addCloth(ClothDef.defaults("strip").withSize(0.435, length, 29, 199)
                    .withMass(0.15 * 0.435 * length).withThickness(0.01).withSelfCollision(true)
                    .withPose(new Vec3(0, 1.52, 0), Quat.fromAxisAngle(Vec3.UNIT_X, 0.05)));
            for (int i = 0; i < 150; i++) {
                w.step(1 / 60.0);
            }
            double[] x = new double[3];
            double lo = Double.POSITIVE_INFINITY, hi = Double.NEGATIVE_INFINITY, top = 0;
            for (int k = 0; k < s.particleCount(id); k++) {
                s.position(id, k, x);
                lo = Math.min(lo, x[2]);
                hi = Math.max(hi, x[2]);
                top = Math.max(top, x[1]);
            }
            // Folded: it lies in less than half its length, and lower than it stood.
            assertTrue(hi - lo < length / 2, "the strip lies " + (hi - lo) + " m long: it did not fold");
            assertTrue(top < length / 2, "a particle is still " + top + " m up");
            double t = s.thickness(id);
            double closest = s.closestPair(id);
            assertTrue(closest >= t / 2, "two particles are " + closest + " m apart, under half the thickness " + t);
        }
    }
}
