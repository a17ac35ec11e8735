package ricochet.dynamics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.MassProperties;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.BodyDef;
import ricochet.world.BodyId;

/** Torque-free rotation: the laws a free rigid body obeys (|L| and energy constant, Euler's equations). */
class RotationTest {

    private static final double DT = 1.0 / 60;
    private static final int SUBSTEPS = 4;

    /**
     * Dzhanibekov's T-handle: a 0.2 x 1.0 x 0.5 m box has I_y < I_z < I_x, so z is the intermediate
     * axis. Spun about z with a 1e-3 rad/s nudge about x, the nudge grows at
     * lambda = w sqrt((I_x - I_z)(I_z - I_y) / (I_x I_y)) (linearised Euler equations), about 6.6/s
     * at w = 10 rad/s, so it reaches order one in ln(1e4) / lambda, about 1.4 s: within 10 s the
     * body's z axis must turn against L. Energy must not grow (the implicit gyroscopic step can only
     * lose it) and |L| must stay within 1e-3.
     */
    @Test
    void anAsymmetricBoxSpunAboutItsIntermediateAxisFlipsWithoutGainingEnergy() {
        MassProperties mp = MassProperties.of(new BoxShape(0.1, 0.5, 0.25), 10);
        double[] in = mp.inertia();
        double ix = in[0], iy = in[4], iz = in[8];
        assertTrue(iy < iz && iz < ix, "z must be the intermediate axis");
        double w = 10;
        double lambda = w * Math.sqrt((ix - iz) * (iz - iy) / (ix * iy));
        double flipTime = Math.log(1e4) / lambda;

        RigidBodies bodies = new RigidBodies(new Vec3(0, -9.8, 0));
        BodyId id = bodies.add(BodyDef.dynamic().withMassProperties(mp).withGravityScale(0)
                .withAngularVelocity(new Vec3(1e-3, 0, w)));
        double e0 = bodies.kineticEnergy();
        Vec3 l0 = bodies.angularMomentum(id);
        double maxEnergyGain = 0, maxMomentumError = 0, minAlignment = 1, firstFlip = Double.NaN;
        int steps = (int) Math.round(10 / DT);
        for (int s = 1; s <= steps; s++) {
            bodies.step(DT, SUBSTEPS);
            double e = bodies.kineticEnergy();
            Vec3 l = bodies.angularMomentum(id);
            maxEnergyGain = Math.max(maxEnergyGain, (e - e0) / e0);
            maxMomentumError = Math.max(maxMomentumError, Math.abs(l.length() - l0.length()) / l0.length());
            double alignment = bodies.orientation(id).rotate(Vec3.UNIT_Z).dot(l0.normalized());
            minAlignment = Math.min(minAlignment, alignment);
            if (alignment < -0.9 && Double.isNaN(firstFlip)) {
                firstFlip = s * DT;
            }
        }
        System.out.printf("T-handle: flip at %.3f s (predicted order %.3f s), max energy gain %.3e, max |L| error %.3e, "
                + "final energy change %.3e%n", firstFlip, flipTime, maxEnergyGain, maxMomentumError,
                bodies.kineticEnergy() / e0 - 1);
        assertTrue(minAlignment < -0.9, "the body's z axis never turned against L: min alignment " + minAlignment);
        assertTrue(firstFlip < 3 * flipTime, "first flip at " + firstFlip + " s, linear theory says ~" + flipTime);
        assertTrue(maxEnergyGain < 1e-3, "kinetic energy grew by " + maxEnergyGain);
        assertTrue(maxMomentumError < 1e-3, "|L| drifted by " + maxMomentumError);
    }
}
