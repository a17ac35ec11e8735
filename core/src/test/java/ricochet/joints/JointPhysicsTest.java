package ricochet.joints;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.world.World;

/** Joints against analytic answers: pendulum periods, energy, sag, limits, motors, springs. */
class JointPhysicsTest {

    static final double G = 9.81, DT = 1.0 / 60;

    static World world(int substeps) {
        World w = new World(new Vec3(0, -G, 0));
        w.setSubsteps(substeps);
        return w;
    }

    static BodyId sphere(World w, double r, Vec3 at) {
        Shape s = new SphereShape(r);
        return w.add(BodyDef.dynamic().withShape(s, 1000).withPosition(at).withName("bob"), s, 0.5, 0);
    }

    static BodyId box(World w, double hx, double hy, double hz, Vec3 at) {
        Shape s = new BoxShape(hx, hy, hz);
        return w.add(BodyDef.dynamic().withShape(s, 1000).withPosition(at).withName("box"), s, 0.5, 0);
    }

    /** Angle of the bob from straight down, about z. */
    static double swing(World w, BodyId bob) {
        Vec3 p = w.position(bob);
        return Math.atan2(p.x(), -p.y());
    }

    /** Mean period from the zero crossings of the swing angle over {@code steps}. */
    static double period(World w, BodyId bob, int steps) {
        double prev = swing(w, bob), first = -1, last = -1;
        int crossings = 0;
        for (int i = 1; i <= steps; i++) {
            w.step(DT);
            double th = swing(w, bob);
            if (prev < 0 && th >= 0 || prev > 0 && th <= 0) {
                double t = (i - 1 + prev / (prev - th)) * DT;
                if (first < 0) {
                    first = t;
                } else {
                    last = t;
                    crossings++;
                }
            }
            prev = th;
        }
        return 2 * (last - first) / crossings;
    }

    @Test
    void smallHingePendulumHasTheCompoundPendulumPeriod() {
        World w = world(4);
        double L = 1, r = 0.05, amp = 0.05;
        BodyId bob = sphere(w, r, new Vec3(L * Math.sin(amp), -L * Math.cos(amp), 0));
        w.addJoint(JointDef.hinge(bob, null, Vec3.ZERO, Vec3.UNIT_Z));
        double measured = period(w, bob, 1800);
        // Compound pendulum: T = 2 pi sqrt(I_pivot / (m g L)), I_pivot = m (L^2 + 2/5 r^2), times the
        // finite-amplitude factor 1 + amp^2 / 16.
        double exact = 2 * Math.PI * Math.sqrt((L * L + 0.4 * r * r) / (G * L)) * (1 + amp * amp / 16);
        System.out.printf("hinge pendulum: period %.6f s, exact %.6f s, ratio %.6f%n", measured, exact, measured / exact);
        assertEquals(exact, measured, 1e-3 * exact);
        assertEquals(2 * Math.PI * Math.sqrt(L / G), measured, 0.01 * measured);
    }

    @Test
    void largeSwingKeepsItsEnergyOverAHundredSeconds() {
        World w = world(4);
        double L = 1, amp = 1.5;
        BodyId bob = sphere(w, 0.05, new Vec3(L * Math.sin(amp), -L * Math.cos(amp), 0));
        JointId j = w.addJoint(JointDef.hinge(bob, null, Vec3.ZERO, Vec3.UNIT_Z));
        double swingEnergy = w.mass(bob) * G * L * (1 - Math.cos(amp));
        int window = 600, steps = 6000;
        double first = 0, last = 0, maxGap = 0;
        for (int i = 1; i <= steps; i++) {
            w.step(DT);
            double e = w.kineticEnergy() + w.potentialEnergy();
            if (i <= window) {
                first += e / window;
            } else if (i > steps - window) {
                last += e / window;
            }
            maxGap = Math.max(maxGap, w.jointGap(j));
        }
        double drift = (last - first) / swingEnergy;
        System.out.printf("large pendulum: energy drift %.4f%% over 100 s, largest joint gap %.2e m%n", 100 * drift, maxGap);
        assertTrue(Math.abs(drift) < 0.01, "drift " + drift);
        assertTrue(maxGap < 2e-3, "gap " + maxGap);
    }

    /** A 50-link chain with a 10x weight at its end: sag per joint is load / (m_eff omega^2), tiny at 16 substeps. */
    @Test
    void hangingChainHoldsWithinAMillimetreAndSwingsWithinACentimetre() {
        for (boolean swinging : new boolean[] {false, true}) {
            World w = world(16);
            int n = 50;
            double len = 0.1, r = 0.02;
            Shape link = new CapsuleShape(r, len / 2 - r);
            BodyId prev = null;
            JointId[] joints = new JointId[n];
            Quat q = swinging ? Quat.fromAxisAngle(Vec3.UNIT_Z, Math.PI / 2) : Quat.IDENTITY;
            double linkMass = 0, weightMass = 0;
            for (int i = 0; i < n; i++) {
                Vec3 c = q.rotate(new Vec3(0, -(i + 0.5) * len, 0));
                Shape s = i == n - 1 ? new SphereShape(Math.cbrt(10 * 1.0890e-4 * 3 / (4 * Math.PI))) : link;
                BodyId b = w.add(BodyDef.dynamic().withShape(s, 1000).withPosition(c).withOrientation(q), s, 0.5, 0);
                joints[i] = w.addJoint(JointDef.ball(prev == null ? b : prev, prev == null ? null : b,
                        q.rotate(new Vec3(0, -i * len, 0))));
                if (i == 0) {
                    linkMass = w.mass(b);
                }
                weightMass = w.mass(b);
                prev = b;
            }
            assertEquals(10, weightMass / linkMass, 0.05, "the weight is 10 links");
            double maxGap = 0;
            for (int i = 1; i <= 600; i++) {
                w.step(DT);
                if (swinging || i > 300) {
                    for (JointId j : joints) {
                        maxGap = Math.max(maxGap, w.jointGap(j));
                    }
                }
            }
            System.out.printf("chain %s: largest joint gap %.5f m%n", swinging ? "swinging from horizontal" : "at rest", maxGap);
            assertTrue(maxGap < (swinging ? 0.01 : 0.001), "gap " + maxGap);
        }
    }

    /** A 1:100 mass ratio along a chain stays together. */
    @Test
    void heavyOnLightChainHolds() {
        World w = world(8);
        BodyId light = box(w, 0.05, 0.05, 0.05, new Vec3(0, -0.1, 0));
        BodyId heavy = w.add(BodyDef.dynamic().withShape(new BoxShape(0.05, 0.05, 0.05), 100_000)
                .withPosition(new Vec3(0, -0.3, 0)), new BoxShape(0.05, 0.05, 0.05), 0.5, 0);
        assertEquals(100, w.mass(heavy) / w.mass(light), 1e-9);
        JointId top = w.addJoint(JointDef.ball(light, null, Vec3.ZERO));
        JointId mid = w.addJoint(JointDef.ball(light, heavy, new Vec3(0, -0.2, 0)));
        w.setVelocity(heavy, new Vec3(1, 0, 0));
        double maxGap = 0;
        for (int i = 0; i < 600; i++) {
            w.step(DT);
            maxGap = Math.max(maxGap, Math.max(w.jointGap(top), w.jointGap(mid)));
        }
        System.out.printf("1:100 chain: largest gap %.4f m%n", maxGap);
        assertTrue(maxGap < 0.02, "gap " + maxGap);
    }

    @Test
    void doorMotorDrivesToItsLimitAndStops() {
        World w = world(4);
        BodyId door = box(w, 0.5, 1, 0.025, new Vec3(0.5, 1, 0));
        JointId hinge = w.addJoint(JointDef.hinge(door, null, new Vec3(0, 1, 0), Vec3.UNIT_Y).limits(-0.2, 1.2)
                .velocityMotor(1.0, 200));
        for (int i = 0; i < 300; i++) {
            w.step(DT);
        }
        double angle = w.jointCoordinate(hinge);
        System.out.printf("door: angle %.5f rad at the 1.2 rad limit, w %.2e rad/s%n", angle, w.angularVelocity(door).length());
        assertEquals(1.2, angle, 0.01);
        assertTrue(w.angularVelocity(door).length() < 1e-3);
        // Reversed, it swings back to the other limit.
        w.setMotorSpeed(hinge, -1.0);
        for (int i = 0; i < 300; i++) {
            w.step(DT);
        }
        assertEquals(-0.2, w.jointCoordinate(hinge), 0.01);
    }

    @Test
    void velocityMotorReachesItsSpeedAndPositionMotorItsTarget() {
        World w = world(4);
        w.setGravity(Vec3.ZERO);
        BodyId wheel = box(w, 0.3, 0.3, 0.1, Vec3.ZERO);
        JointId j = w.addJoint(JointDef.hinge(wheel, null, Vec3.ZERO, Vec3.UNIT_Z).velocityMotor(2, 50));
        for (int i = 0; i < 120; i++) {
            w.step(DT);
        }
        assertEquals(2, w.angularVelocity(wheel).z(), 1e-6);
        World w2 = world(4);
        BodyId slider = box(w2, 0.2, 0.2, 0.2, new Vec3(0, 1, 0));
        JointId s = w2.addJoint(JointDef.slider(slider, null, new Vec3(0, 1, 0), Vec3.UNIT_X)
                .positionMotor(0.5, 2, 1, 1000));
        for (int i = 0; i < 600; i++) {
            w2.step(DT);
        }
        assertEquals(0.5, w2.jointCoordinate(s), 1e-3);
        // Held 0.5 m from its anchor, the box hangs on the angular lock's soft spring: a static sag of
        // about g / omega^2 plus the tilt (m g 0.5) / (I omega^2) times 0.5 m, 1.4 mm here.
        assertEquals(1, w2.position(slider).y(), 2e-3, "the slider holds it up against gravity");
        assertTrue(w.containsJoint(j));
    }

    @Test
    void sliderStopsAtItsLimitsAndNeverTurns() {
        World w = world(4);
        // Along a 45 degree incline: gravity pulls it down to the lower limit.
        Vec3 axis = new Vec3(1, 1, 0).normalized();
        BodyId b = box(w, 0.2, 0.1, 0.1, new Vec3(0, 2, 0));
        JointId s = w.addJoint(JointDef.slider(b, null, new Vec3(0, 2, 0), axis).limits(-0.4, 0.3));
        w.setAngularVelocity(b, new Vec3(1, 2, 3));
        for (int i = 0; i < 240; i++) {
            w.step(DT);
        }
        assertEquals(-0.4, w.jointCoordinate(s), 2e-3);
        Vec3 p = w.position(b);
        assertEquals(0, p.minus(new Vec3(0, 2, 0)).cross(axis).length(), 2e-3, "stays on its axis");
        assertTrue(Math.abs(w.orientation(b).w()) > 0.99999, "does not turn: " + w.orientation(b));
    }

    @Test
    void distanceSpringOscillatesAtItsFrequency() {
        World w = world(8);
        w.setGravity(Vec3.ZERO);
        BodyId b = sphere(w, 0.1, new Vec3(1.2, 0, 0));
        double hz = 1.5;
        w.addJoint(JointDef.distance(b, null, new Vec3(1.2, 0, 0), Vec3.ZERO).spring(1.0, hz, 1e-6));
        double prev = w.position(b).x() - 1, first = -1, last = -1;
        int crossings = 0;
        for (int i = 1; i <= 600; i++) {
            w.step(DT);
            double x = w.position(b).x() - 1;
            if (prev > 0 && x <= 0 || prev < 0 && x >= 0) {
                double t = (i - 1 + prev / (prev - x)) * DT;
                if (first < 0) {
                    first = t;
                } else {
                    last = t;
                    crossings++;
                }
            }
            prev = x;
        }
        double period = 2 * (last - first) / crossings;
        System.out.printf("distance spring: period %.5f s vs 1/f %.5f s%n", period, 1 / hz);
        assertEquals(1 / hz, period, 0.02 / hz);
    }

    @Test
    void ropeHoldsAtItsMaximumAndIsSlackBelow() {
        World w = world(4);
        BodyId b = sphere(w, 0.1, new Vec3(0.5, 0, 0));
        JointId rope = w.addJoint(JointDef.distance(b, null, new Vec3(0.5, 0, 0), new Vec3(0, 0, 0)).lengths(0, 2));
        // Slack: it falls freely until the rope is taut at 2 m.
        for (int i = 0; i < 20; i++) {
            w.step(DT);
        }
        assertEquals(-0.5 * G * Math.pow(20 * DT, 2), w.position(b).y(), 0.02, "free fall while slack");
        double longest = 0;
        for (int i = 0; i < 600; i++) {
            w.step(DT);
            longest = Math.max(longest, w.jointCoordinate(rope));
        }
        assertTrue(longest < 2.01, "rope stretched to " + longest);
        assertEquals(2, w.jointCoordinate(rope), 0.01);
    }

    @Test
    void fixedJointHoldsACantilever() {
        World w = world(8);
        BodyId beam = box(w, 1, 0.05, 0.05, new Vec3(1, 2, 0));
        JointId j = w.addJoint(JointDef.fixed(beam, null, new Vec3(0, 2, 0)));
        for (int i = 0; i < 300; i++) {
            w.step(DT);
        }
        Quat q = w.orientation(beam);
        double tilt = 2 * Math.asin(Math.min(1, new Vec3(q.x(), q.y(), q.z()).length()));
        System.out.printf("cantilever: tip sag angle %.2e rad, gap %.2e m%n", tilt, w.jointGap(j));
        assertTrue(tilt < 0.02, "tilt " + tilt);
        assertTrue(w.jointGap(j) < 1e-3);
        assertTrue(w.velocity(beam).length() < 1e-3);
    }

    @Test
    void coneTwistKeepsSwingAndTwistWithinLimits() {
        World w = world(8);
        // A capsule hanging from the world, thrown sideways and spun about its own axis.
        Shape s = new CapsuleShape(0.05, 0.2);
        BodyId arm = w.add(BodyDef.dynamic().withShape(s, 1000).withPosition(new Vec3(0, -0.25, 0)), s, 0.5, 0);
        JointId j = w.addJoint(JointDef.coneTwist(arm, null, Vec3.ZERO, new Vec3(0, -1, 0)).coneLimits(0.5, -0.3, 0.3));
        w.setVelocity(arm, new Vec3(3, 0, 1));
        w.setAngularVelocity(arm, new Vec3(0, 8, 0));
        double maxSwing = 0, maxTwist = 0;
        for (int i = 0; i < 300; i++) {
            w.step(DT);
            Vec3 axis = w.orientation(arm).rotate(new Vec3(0, -1, 0));
            maxSwing = Math.max(maxSwing, Math.acos(Math.max(-1, Math.min(1, -axis.y()))));
            maxTwist = Math.max(maxTwist, Math.abs(w.jointCoordinate(j)));
        }
        System.out.printf("cone-twist: largest swing %.4f (limit 0.5), twist %.4f (limit 0.3)%n", maxSwing, maxTwist);
        assertTrue(maxSwing < 0.53, "swing " + maxSwing);
        assertTrue(maxTwist < 0.33, "twist " + maxTwist);
    }

    @Test
    void sixDofLimitsEachAxisAsSet() {
        World w = world(8);
        w.setGravity(Vec3.ZERO);
        BodyId b = box(w, 0.1, 0.1, 0.1, new Vec3(0, 0, 0));
        JointDef def = JointDef.sixDof(b, null, Vec3.ZERO, Vec3.UNIT_X)
                .axisMode(0, JointDef.AxisMode.LIMITED, -0.2, 0.2)
                .axisMode(1, JointDef.AxisMode.FREE, 0, 0)
                .axisMode(3, JointDef.AxisMode.FREE, 0, 0)
                .axisMode(4, JointDef.AxisMode.LIMITED, -0.3, 0.3);
        w.addJoint(def);
        w.setVelocity(b, new Vec3(1, 1, 1));
        w.setAngularVelocity(b, new Vec3(2, 2, 2));
        for (int i = 0; i < 120; i++) {
            w.step(DT);
        }
        Vec3 p = w.position(b);
        assertEquals(0.2, p.x(), 5e-3, "x limited at 0.2");
        assertEquals(2.0, p.y(), 0.02, "y free: 1 m/s for 2 s");
        assertEquals(0, p.z(), 2e-3, "z locked");
        double wz = w.angularVelocity(b).z();
        assertEquals(0, wz, 1e-3, "angular z locked");
    }

    @Test
    void breakableJointBreaksAboveItsForceOnlyAndSaysSo() {
        for (double limit : new double[] {50, 500}) {
            World w = world(4);
            BodyId b = box(w, 0.1, 0.1, 0.1, new Vec3(0, -0.5, 0));
            // 8 kg at g: about 78 N on the joint.
            JointId j = w.addJoint(JointDef.ball(b, null, Vec3.ZERO).breakable(limit, Double.POSITIVE_INFINITY));
            java.util.List<ricochet.world.Event> events = new java.util.ArrayList<>();
            for (int i = 0; i < 60; i++) {
                w.step(DT);
                w.drainEvents(events);
            }
            boolean broke = events.stream().anyMatch(e -> e.type() == ricochet.world.Event.Type.JOINT_BREAK);
            if (limit < 78) {
                assertFalse(w.containsJoint(j));
                assertTrue(broke);
                assertTrue(w.position(b).y() < -1, "it fell");
            } else {
                assertTrue(w.containsJoint(j));
                assertFalse(broke);
                double[] r = new double[6];
                w.jointReaction(j, r);
                // The joint holds A (the box) up, so it pushes B (the world) down by the box's weight.
                assertEquals(-w.mass(b) * G, r[1], 0.02 * w.mass(b) * G);
            }
        }
    }

    @Test
    void jointedBodiesDoNotCollideUnlessAsked() {
        for (boolean collide : new boolean[] {false, true}) {
            World w = world(4);
            w.setGravity(Vec3.ZERO);
            // Two overlapping boxes joined by a loose rope: only contacts could push them apart.
            BodyId a = box(w, 0.5, 0.5, 0.5, Vec3.ZERO);
            BodyId b = box(w, 0.5, 0.5, 0.5, new Vec3(0.6, 0, 0));
            w.addJoint(JointDef.distance(a, b, Vec3.ZERO, new Vec3(0.6, 0, 0)).lengths(0, 5).collide(collide));
            for (int i = 0; i < 60; i++) {
                w.step(DT);
            }
            double apart = w.position(b).x() - w.position(a).x();
            if (collide) {
                assertTrue(apart > 0.95, "pushed apart: " + apart);
            } else {
                assertEquals(0.6, apart, 1e-9, "left alone");
            }
        }
    }

    @Test
    void jointedIslandSleepsAndWakesWhenAPartnerIsPushed() {
        World w = world(4);
        BodyId a = sphere(w, 0.1, new Vec3(0, -0.5, 0));
        BodyId b = sphere(w, 0.1, new Vec3(0, -1.0, 0));
        w.addJoint(JointDef.ball(a, null, Vec3.ZERO));
        w.addJoint(JointDef.ball(a, b, new Vec3(0, -0.75, 0)));
        for (int i = 0; i < 120; i++) {
            w.step(DT);
        }
        assertTrue(w.isSleeping(a) && w.isSleeping(b), "hanging at rest, asleep");
        w.applyImpulse(b, new Vec3(1, 0, 0), w.position(b));
        w.step(DT);
        assertFalse(w.isSleeping(a), "the partner woke it");
        assertFalse(w.isSleeping(b));
    }

    @Test
    void badJointsAreRejectedAndChangeNothing() {
        World w = world(4);
        BodyId a = box(w, 0.1, 0.1, 0.1, Vec3.ZERO);
        BodyId s = w.add(BodyDef.staticBody(), new BoxShape(1, 1, 1), 0.5, 0);
        JointDef[] bad = {
            JointDef.hinge(a, null, Vec3.ZERO, Vec3.ZERO),
            JointDef.hinge(a, null, new Vec3(Double.NaN, 0, 0), Vec3.UNIT_X),
            JointDef.ball(a, a, Vec3.ZERO),
            JointDef.ball(s, null, Vec3.ZERO),
            JointDef.hinge(a, null, Vec3.ZERO, Vec3.UNIT_X).limits(1, -1),
            JointDef.hinge(a, null, Vec3.ZERO, Vec3.UNIT_X).velocityMotor(Double.NaN, 1),
            JointDef.distance(a, null, Vec3.ZERO, Vec3.UNIT_X).lengths(2, 1),
            JointDef.ball(a, new BodyId(99, 0), Vec3.ZERO),
            JointDef.ball(a, null, Vec3.ZERO).breakable(0, 1),
        };
        for (JointDef d : bad) {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> w.addJoint(d));
            assertTrue(e.getMessage().startsWith("joint '") || e.getMessage().contains("joint"), e.getMessage());
            assertEquals(0, w.jointCount());
        }
        JointId ok = w.addJoint(JointDef.ball(a, null, Vec3.ZERO));
        w.removeJoint(ok);
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> w.removeJoint(ok));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> w.jointCoordinate(ok));
    }

    @Test
    void removingABodyRemovesItsJoints() {
        World w = world(4);
        BodyId a = box(w, 0.1, 0.1, 0.1, Vec3.ZERO);
        BodyId b = box(w, 0.1, 0.1, 0.1, new Vec3(0.5, 0, 0));
        JointId j = w.addJoint(JointDef.ball(a, b, new Vec3(0.25, 0, 0)));
        w.remove(b);
        assertFalse(w.containsJoint(j));
        assertEquals(0, w.jointCount());
        w.step(DT);
    }
}
