package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.MassProperties;
import ricochet.geometry.shape.SphereShape;
import ricochet.joints.JointDef;
import ricochet.joints.JointId;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * Promise 2, the API half: every public mutator of {@link World} given NaN, Infinity, a negative
 * mass, null or a stale handle throws an {@link IllegalArgumentException} whose message names the
 * argument, and the world's state hash, body count, joint count and settings are as before.
 */
class WorldBadInputTest {

    private record Call(String name, String mentions, Consumer<Fixture> call) {
    }

    /** Two boxes on a hinge above a ground, one removed body and one removed joint for stale handles. */
    private static final class Fixture {
        final World w = Scenes.world(4);
        final BodyId a, b, stale;
        final JointId hinge, worldBall, staleJoint;

        Fixture() {
            Scenes.groundBox(w, 0.5);
            a = Scenes.cube(w, 1, new Vec3(0, 1, 0), Quat.IDENTITY, 0.5);
            b = Scenes.cube(w, 1, new Vec3(1.2, 1, 0), Quat.IDENTITY, 0.5);
            stale = Scenes.cube(w, 1, new Vec3(5, 1, 0), Quat.IDENTITY, 0.5);
            w.remove(stale);
            hinge = w.addJoint(JointDef.hinge(a, b, new Vec3(0.6, 1, 0), Vec3.UNIT_Z).velocityMotor(1, 10));
            worldBall = w.addJoint(JointDef.ball(b, null, new Vec3(1.2, 2, 0)));
            staleJoint = w.addJoint(JointDef.ball(a, null, new Vec3(0, 2, 0)));
            w.removeJoint(staleJoint);
            for (int i = 0; i < 10; i++) {
                w.step(Scenes.DT);
            }
        }

        String snapshot() {
            return w.stateHash() + " " + w.bodyCount() + " " + w.jointCount() + " " + w.gravity() + " "
                    + w.substeps() + " " + w.friction(a) + " " + w.restitution(a) + " " + w.contactMargin();
        }
    }

    private static final double[] UNIT_INERTIA = {1, 0, 0, 0, 1, 0, 0, 0, 1};

    private static List<Call> calls() {
        Vec3 nan = new Vec3(Double.NaN, 0, 0), inf = new Vec3(0, Double.POSITIVE_INFINITY, 0);
        double[] badNumbers = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
        List<Call> c = new ArrayList<>();
        for (Vec3 v : new Vec3[] {nan, inf, null}) {
            c.add(new Call("setPosition " + v, "position", f -> f.w.setPosition(f.a, v)));
            c.add(new Call("setVelocity " + v, "velocity", f -> f.w.setVelocity(f.a, v)));
            c.add(new Call("setAngularVelocity " + v, "angular velocity",
                    f -> f.w.setAngularVelocity(f.a, v)));
            c.add(new Call("applyForce " + v, "force", f -> f.w.applyForce(f.a, v, Vec3.ZERO)));
            c.add(new Call("applyForce point " + v, "point", f -> f.w.applyForce(f.a, Vec3.UNIT_X, v)));
            c.add(new Call("applyTorque " + v, "torque", f -> f.w.applyTorque(f.a, v)));
            c.add(new Call("applyImpulse " + v, "impulse", f -> f.w.applyImpulse(f.a, v, Vec3.ZERO)));
            c.add(new Call("applyImpulse point " + v, "point", f -> f.w.applyImpulse(f.a, Vec3.UNIT_X, v)));
            c.add(new Call("setGravity " + v, "gravity", f -> f.w.setGravity(v)));
            c.add(new Call("setJointWorldAnchor " + v, "anchor",
                    f -> f.w.setJointWorldAnchor(f.worldBall, v)));
            c.add(new Call("add position " + v, "position", f -> f.w.add(BodyDef.dynamic().withPosition(v),
                    new SphereShape(1), 0.5, 0)));
            c.add(new Call("add velocity " + v, "velocity", f -> f.w.add(BodyDef.dynamic().withVelocity(v),
                    new SphereShape(1), 0.5, 0)));
            c.add(new Call("addJoint anchor " + v, "anchor", f -> f.w.addJoint(JointDef.ball(f.a, null, v))));
            c.add(new Call("addJoint axis " + v, "axis",
                    f -> f.w.addJoint(JointDef.hinge(f.a, null, Vec3.ZERO, v))));
        }
        for (Quat q : new Quat[] {new Quat(Double.NaN, 0, 0, 1), new Quat(0, 0, 0, 0), null}) {
            c.add(new Call("setOrientation " + q, "orientation", f -> f.w.setOrientation(f.a, q)));
        }
        for (double x : badNumbers) {
            c.add(new Call("setFriction " + x, "friction", f -> f.w.setFriction(f.a, x)));
            c.add(new Call("setRestitution " + x, "restitution", f -> f.w.setRestitution(f.a, x)));
            c.add(new Call("add friction " + x, "friction",
                    f -> f.w.add(BodyDef.dynamic(), new SphereShape(1), x, 0)));
            c.add(new Call("add restitution " + x, "restitution",
                    f -> f.w.add(BodyDef.dynamic(), new SphereShape(1), 0.5, x)));
            c.add(new Call("add mass " + x, "mass", f -> f.w.add(BodyDef.dynamic().withMassProperties(
                    new MassProperties(x, Vec3.ZERO, UNIT_INERTIA)), new SphereShape(1), 0.5, 0)));
            c.add(new Call("setMotorSpeed " + x, "speed", f -> f.w.setMotorSpeed(f.hinge, x)));
            c.add(new Call("setMotorTarget " + x, "target", f -> f.w.setMotorTarget(f.hinge, x)));
            c.add(new Call("setSleepSpeed " + x, "sleep speed", f -> f.w.setSleepSpeed(x)));
            c.add(new Call("setTimeToSleep " + x, "time to sleep", f -> f.w.setTimeToSleep(x)));
            c.add(new Call("setContactMargin " + x, "margin", f -> f.w.setContactMargin(x)));
            c.add(new Call("setRestitutionThreshold " + x, "threshold", f -> f.w.setRestitutionThreshold(x)));
            c.add(new Call("setContactHertz " + x, "hertz", f -> f.w.setContactHertz(x)));
            c.add(new Call("setContactDampingRatio " + x, "damping", f -> f.w.setContactDampingRatio(x)));
            c.add(new Call("setMaxPushOutSpeed " + x, "push", f -> f.w.setMaxPushOutSpeed(x)));
            c.add(new Call("setJointHertz " + x, "hertz", f -> f.w.setJointHertz(x)));
            c.add(new Call("setJointDampingRatio " + x, "damping", f -> f.w.setJointDampingRatio(x)));
            c.add(new Call("step " + x, "dt", f -> f.w.step(x)));
        }
        c.add(new Call("add negative mass", "mass", f -> f.w.add(BodyDef.dynamic().withMassProperties(
                new MassProperties(-1, Vec3.ZERO, UNIT_INERTIA)), new SphereShape(1), 0.5, 0)));
        c.add(new Call("withMass negative", "mass", f -> BodyDef.dynamic().withMass(-2)));
        c.add(new Call("add null def", "def", f -> f.w.add(null, new BoxShape(1, 1, 1), 0.5, 0)));
        c.add(new Call("add null shape", "shape", f -> f.w.add(BodyDef.dynamic(), null, 0.5, 0)));
        c.add(new Call("addJoint null", "def", f -> f.w.addJoint(null)));
        c.add(new Call("setSubsteps 0", "substeps", f -> f.w.setSubsteps(0)));
        c.add(new Call("setIterations 0", "iterations", f -> f.w.setIterations(0)));
        c.add(new Call("setRelaxIterations 0", "iterations", f -> f.w.setRelaxIterations(0)));
        c.add(new Call("setJointIterations 0", "iterations", f -> f.w.setJointIterations(0)));
        c.add(new Call("setJointWorldAnchor on a two-body joint", "joint",
                f -> f.w.setJointWorldAnchor(f.hinge, Vec3.ZERO)));
        // Stale and null handles.
        c.add(new Call("remove stale", "stale", f -> f.w.remove(f.stale)));
        c.add(new Call("remove null", "null", f -> f.w.remove(null)));
        c.add(new Call("setPosition stale", "stale", f -> f.w.setPosition(f.stale, Vec3.ZERO)));
        c.add(new Call("setOrientation stale", "stale", f -> f.w.setOrientation(f.stale, Quat.IDENTITY)));
        c.add(new Call("setVelocity stale", "stale", f -> f.w.setVelocity(f.stale, Vec3.ZERO)));
        c.add(new Call("setAngularVelocity stale", "stale", f -> f.w.setAngularVelocity(f.stale, Vec3.ZERO)));
        c.add(new Call("applyForce stale", "stale", f -> f.w.applyForce(f.stale, Vec3.ZERO, Vec3.ZERO)));
        c.add(new Call("applyTorque stale", "stale", f -> f.w.applyTorque(f.stale, Vec3.ZERO)));
        c.add(new Call("applyImpulse stale", "stale", f -> f.w.applyImpulse(f.stale, Vec3.ZERO, Vec3.ZERO)));
        c.add(new Call("setFriction stale", "stale", f -> f.w.setFriction(f.stale, 1)));
        c.add(new Call("setRestitution stale", "stale", f -> f.w.setRestitution(f.stale, 0)));
        c.add(new Call("setSensor stale", "stale", f -> f.w.setSensor(f.stale, true)));
        c.add(new Call("setBullet stale", "stale", f -> f.w.setBullet(f.stale, true)));
        c.add(new Call("wake stale", "stale", f -> f.w.wake(f.stale)));
        c.add(new Call("addJoint stale body", "bodyA",
                f -> f.w.addJoint(JointDef.ball(f.stale, null, Vec3.ZERO))));
        c.add(new Call("removeJoint stale", "stale", f -> f.w.removeJoint(f.staleJoint)));
        c.add(new Call("removeJoint null", "null", f -> f.w.removeJoint(null)));
        c.add(new Call("setMotorSpeed stale", "stale", f -> f.w.setMotorSpeed(f.staleJoint, 1)));
        c.add(new Call("setMotorTarget stale", "stale", f -> f.w.setMotorTarget(f.staleJoint, 1)));
        c.add(new Call("setJointWorldAnchor stale", "stale",
                f -> f.w.setJointWorldAnchor(f.staleJoint, Vec3.ZERO)));
        return c;
    }

    @Test
    void everyBadCallThrowsNamingTheArgumentAndChangesNothing() {
        List<String> problems = new ArrayList<>();
        List<Call> calls = calls();
        for (Call call : calls) {
            Fixture f = new Fixture();
            String before = f.snapshot();
            try {
                call.call.accept(f);
                problems.add(call.name + ": accepted");
                continue;
            } catch (IllegalArgumentException e) {
                String m = String.valueOf(e.getMessage()).toLowerCase();
                if (!m.contains(call.mentions.toLowerCase())) {
                    problems.add(call.name + ": message does not name '" + call.mentions + "': "
                            + e.getMessage());
                }
            } catch (RuntimeException e) {
                problems.add(call.name + ": threw " + e);
                continue;
            }
            String after = f.snapshot();
            if (!before.equals(after)) {
                problems.add(call.name + ": state changed " + before + " -> " + after);
            }
            // The world still steps to the same state as an untouched one.
            Fixture g = new Fixture();
            f.w.step(Scenes.DT);
            g.w.step(Scenes.DT);
            if (f.w.stateHash() != g.w.stateHash()) {
                problems.add(call.name + ": the next step differs from an untouched world's");
            }
        }
        assertTrue(calls.size() > 100, "calls tried: " + calls.size());
        assertEquals(List.of(), problems,
                problems.size() + " of " + calls.size() + " calls:\n" + String.join("\n", problems));
    }
}
