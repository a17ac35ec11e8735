package ricochet.joints;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.world.World;

/**
 * The joints' relax guard ({@code JointImpulses.endRelax}): passive joints only take kinetic energy
 * out, so a group of jointed bodies out of contact that leaves a substep's relax pass with more than
 * it had before the warm start has that substep's change to its velocities scaled back. It stops the
 * energy pumping of jammed sets, where one relax pass leaves part of the position correction in the
 * velocities every substep.
 */
class RelaxGuardTest {

    /**
     * Soak scene 62 taken apart: a 35.7 kg ball of 1.3 cm radius (its inertia is tiny beside the
     * levers of its anchors, 0.3 and 0.56 m) held to the world by a ball joint and a distance joint,
     * both made where the ball is, thrown at 32 m/s. The two joints fight through Gauss-Seidel; the
     * ball went from 1,128 J under its start energy to 14 kJ over it within 300 steps.
     */
    @Test
    void aLightlyBuiltBallOnTwoJointsGainsNoEnergy() {
        World w = new World(new Vec3(0, -9.81, 0));
        double r = 0.013321254007580469, m = 35.704400871855015;
        SphereShape ball = new SphereShape(r);
        BodyId b = w.add(BodyDef.dynamic().withShape(ball, m / (4.0 / 3 * Math.PI * r * r * r))
                .withPosition(new Vec3(0.4885, 1.7813, 0.9928))
                .withVelocity(new Vec3(-26.52, -17.51, 6.64))
                .withAngularVelocity(new Vec3(4.24, -5.02, -12.12)),
                ball, 0.5, 0);
        w.addJoint(JointDef.ball(b, null, new Vec3(0.6913, 1.5921, 1.0996)));
        w.addJoint(JointDef.distance(b, null, new Vec3(0.2170, 2.2379, 0.5722),
                new Vec3(-0.7803, 2.2224, 0.6445)));
        double e0 = w.kineticEnergy() + w.potentialEnergy(), highest = Double.NEGATIVE_INFINITY;
        for (int step = 0; step < 300; step++) {
            w.step(1 / 176.0);
            highest = Math.max(highest, w.kineticEnergy() + w.potentialEnergy());
        }
        assertTrue(highest <= e0, "energy " + highest + " J, at the start " + e0 + " J");
    }

    /**
     * The guard scales the change the joints made, which their equal and opposite impulses give no
     * net momentum: two fast-spinning light balls on two joints, in free fall without gravity, keep
     * their momentum while their energy stays at most what it was.
     */
    @Test
    void aFreeJammedPairKeepsItsMomentum() {
        World w = new World(Vec3.ZERO);
        SphereShape ball = new SphereShape(0.01);
        BodyId a = w.add(BodyDef.dynamic().withShape(ball, 2e6).withPosition(new Vec3(0, 0, 0))
                .withVelocity(new Vec3(3, 1, 0)).withAngularVelocity(new Vec3(0, 0, 40)), ball, 0.5, 0);
        BodyId b = w.add(BodyDef.dynamic().withShape(ball, 5e6).withPosition(new Vec3(0.5, 0, 0))
                .withVelocity(new Vec3(-2, 0, 1)).withAngularVelocity(new Vec3(30, 0, 0)), ball, 0.5, 0);
        w.addJoint(JointDef.ball(a, b, new Vec3(0.2, 0.3, 0)));
        w.addJoint(JointDef.distance(a, b, new Vec3(-0.3, 0.1, 0.2), new Vec3(0.8, -0.2, 0.1)));
        double e0 = w.kineticEnergy();
        Vec3 p0 = momentum(w, a, b);
        double highest = 0;
        for (int step = 0; step < 300; step++) {
            w.step(1 / 60.0);
            highest = Math.max(highest, w.kineticEnergy());
        }
        Vec3 p = momentum(w, a, b);
        double scale = Math.abs(p0.x()) + Math.abs(p0.y()) + Math.abs(p0.z());
        assertEquals(p0.x(), p.x(), 1e-9 * scale);
        assertEquals(p0.y(), p.y(), 1e-9 * scale);
        assertEquals(p0.z(), p.z(), 1e-9 * scale);
        assertTrue(highest <= e0 * (1 + 1e-9), "energy " + highest + " J, at the start " + e0 + " J");
    }

    /**
     * The guard's groups take in what their joints' bodies touch: energy passes through a contact
     * between moving bodies, so a group that only counted its jointed bodies would be scaled back when
     * it is hit, and the blow lost. A 1 kg ball at 5 m/s hits a ball-jointed pair of 1 kg boxes at rest
     * (no gravity, no restitution): momentum is kept and the three move on together at 5/3 m/s.
     */
    @Test
    void aJointedPairHitByABallTakesTheBlow() {
        World w = new World(Vec3.ZERO);
        BoxShape box = new BoxShape(0.1, 0.1, 0.1);
        SphereShape ball = new SphereShape(0.1);
        BodyId a = w.add(BodyDef.dynamic().withShape(box, 125).withPosition(new Vec3(0, 0, 0)), box, 0.5, 0);
        BodyId b = w.add(BodyDef.dynamic().withShape(box, 125).withPosition(new Vec3(0.2, 0, 0)), box, 0.5, 0);
        w.addJoint(JointDef.ball(a, b, new Vec3(0.1, 0, 0)));
        BodyId c = w.add(BodyDef.dynamic().withShape(ball, 1 / (4.0 / 3 * Math.PI * 0.001))
                .withPosition(new Vec3(-0.5, 0, 0)).withVelocity(new Vec3(5, 0, 0)), ball, 0.5, 0);
        double e0 = w.kineticEnergy(), highest = e0;
        for (int step = 0; step < 60; step++) {
            w.step(1 / 60.0);
            highest = Math.max(highest, w.kineticEnergy());
        }
        Vec3 p = w.velocity(a).times(w.mass(a)).plus(w.velocity(b).times(w.mass(b)))
                .plus(w.velocity(c).times(w.mass(c)));
        assertEquals(5, p.x(), 1e-9);
        assertEquals(5 / 3.0, (w.velocity(a).x() + w.velocity(b).x()) / 2, 0.05);
        assertTrue(highest <= e0 * (1 + 1e-9), "energy " + highest + " J, at the start " + e0 + " J");
    }

    /**
     * Soak scene 29060 rebuilt: a 0.43 kg bar 8 m long, hinged to the world at its middle by two ball
     * joints and started with its lower end 1.1 m into the ground. Pushed out at the contact's 3 m/s,
     * the hinged bar turns with an effective mass at its end of {@code I / d^2}, several times its
     * own; the relax pass takes that back only with the joints converged, so the guard scales the
     * substep back, and must scale the contact's impulses with it (left at full, the next warm start
     * applied them again: on the build before, the bar reached 1,266 J, 397 J and 101 J at tilts of
     * 5, 10 and 20 degrees). Asserted: its kinetic energy never passes {@code 1/2 m (3 m/s)^2}, the
     * most the push-out may leave a free body of its mass.
     */
    @ParameterizedTest
    @ValueSource(doubles = {5, 10, 20})
    void aHingedBarDeepInTheGroundIsPushedOutWithoutBeingSpunUp(double tiltDegrees) {
        World w = new World(new Vec3(0, -9.81, 0));
        BoxShape ground = new BoxShape(50, 0.5, 50);
        w.add(BodyDef.staticBody().withShape(ground, 1).withPosition(new Vec3(0, -0.5, 0)), ground, 0.5, 0);
        double half = 4, m = 0.43, depth = 1.1, tilt = Math.toRadians(tiltDegrees);
        BoxShape bar = new BoxShape(0.05, half, 0.05);
        double y = half * Math.cos(tilt) - depth;
        BodyId b = w.add(BodyDef.dynamic().withShape(bar, m / (0.1 * 0.1 * 2 * half))
                .withPosition(new Vec3(0, y, 0)).withOrientation(Quat.fromAxisAngle(new Vec3(1, 0, 0), tilt)),
                bar, 0.5, 0);
        w.addJoint(JointDef.ball(b, null, new Vec3(0.25, y, 0)));
        w.addJoint(JointDef.ball(b, null, new Vec3(-0.25, y, 0)));
        double most = 0;
        for (int step = 0; step < 300; step++) {
            w.step(1 / 200.0);
            most = Math.max(most, w.kineticEnergy());
        }
        assertTrue(most <= 0.5 * m * 3 * 3, "kinetic energy reached " + most + " J");
        assertTrue(w.centerOfMass(b).y() - y < 0.01, "the hinge holds: " + w.centerOfMass(b));
    }

    private static Vec3 momentum(World w, BodyId a, BodyId b) {
        return w.velocity(a).times(w.mass(a)).plus(w.velocity(b).times(w.mass(b)));
    }
}
