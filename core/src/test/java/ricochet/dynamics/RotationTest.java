package ricochet.dynamics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.MassProperties;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;

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
    /**
     * A torque-free symmetric top (I_x = I_y = I1 != I_z = I3): Euler's equations keep w_z (body) at
     * its start value and turn the body-frame (w_x, w_y) at Omega = (I3 - I1) / I1 * w_z, while |L|
     * and the energy stay constant. The precession phase after T = 2 s is checked to 1e-2 rad:
     * the per-step phase error of a second-order step is O((Omega h)^3), far below that, and the
     * orientation update is first order in h but does not enter the body-frame equations.
     */
    @Test
    void aTorqueFreeSymmetricTopPrecessesAtTheEulerRateWithConstantMomentumAndEnergy() {
        double i1 = 0.5, i3 = 0.9;
        MassProperties mp = new MassProperties(2, Vec3.ZERO, new double[] {i1, 0, 0, 0, i1, 0, 0, 0, i3});
        double wPerp = 1.5, wAxis = 4;
        Quat q0 = Quat.fromAxisAngle(new Vec3(1, 2, 3), 0.7);
        RigidBodies bodies = new RigidBodies(Vec3.ZERO);
        BodyId id = bodies.add(BodyDef.dynamic().withMassProperties(mp).withOrientation(q0)
                .withAngularVelocity(q0.rotate(new Vec3(wPerp, 0, wAxis))));
        double e0 = bodies.kineticEnergy();
        assertEquals(0.5 * (i1 * wPerp * wPerp + i3 * wAxis * wAxis), e0, 1e-12 * e0, "energy from the closed form");
        Vec3 l0 = bodies.angularMomentum(id);
        double omega = (i3 - i1) / i1 * wAxis;
        int steps = 120;
        for (int s = 0; s < steps; s++) {
            bodies.step(DT, SUBSTEPS);
            assertEquals(l0.length(), bodies.angularMomentum(id).length(), 1e-9 * l0.length(), "|L|");
            assertEquals(e0, bodies.kineticEnergy(), 1e-9 * e0, "energy");
        }
        Vec3 wb = bodies.orientation(id).conjugate().rotate(bodies.angularVelocity(id));
        assertEquals(wAxis, wb.z(), 1e-9, "spin about the symmetry axis is constant");
        assertEquals(wPerp, Math.hypot(wb.x(), wb.y()), 1e-9, "|w_perp| is constant");
        double t = steps * DT;
        double phase = Math.atan2(wb.y(), wb.x());
        double expected = Math.IEEEremainder(omega * t, 2 * Math.PI);
        assertEquals(0, Math.IEEEremainder(phase - expected, 2 * Math.PI), 1e-2, "precession phase after " + t + " s");
    }
    /**
     * The world-frame L of a free body is a constant vector. The velocity and position halves of a
     * semi-implicit step each keep |L| but their splitting turns L's direction by O(h) per unit
     * time, so the drift after a fixed time must halve when the substep halves (first order).
     */
    @Test
    void theDirectionOfLDriftsOnlyAtFirstOrderInTheStep() {
        double drift4 = directionDrift(4), drift8 = directionDrift(8), drift16 = directionDrift(16);
        System.out.printf("L direction drift after 2 s: %.3e (h = 1/240), %.3e (1/480), %.3e (1/960)%n",
                drift4, drift8, drift16);
        assertEquals(2, drift4 / drift8, 0.2, "drift ratio for halving h");
        assertEquals(2, drift8 / drift16, 0.2, "drift ratio for halving h again");
    }

    private static double directionDrift(int substeps) {
        MassProperties mp = new MassProperties(2, Vec3.ZERO, new double[] {0.5, 0, 0, 0, 0.7, 0, 0, 0, 0.9});
        Quat q0 = Quat.fromAxisAngle(new Vec3(1, 2, 3), 0.7);
        RigidBodies bodies = new RigidBodies(Vec3.ZERO);
        BodyId id = bodies.add(BodyDef.dynamic().withMassProperties(mp).withOrientation(q0)
                .withAngularVelocity(new Vec3(1.5, -0.5, 4)));
        Vec3 l0 = bodies.angularMomentum(id);
        for (int s = 0; s < 120; s++) {
            bodies.step(DT, substeps);
        }
        return bodies.angularMomentum(id).minus(l0).length() / l0.length();
    }
}
