package ricochet.world;

import java.util.ArrayList;
import java.util.List;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.CompoundShape;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.SphereShape;
import ricochet.joints.JointDef;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;
import ricochet.ragdoll.Ragdoll;

/**
 * A world with something of everything a snapshot or a rolled-back step must carry, built the same
 * way every time: a pile of tumbled boxes that lands and falls asleep part-way (islands, sleep
 * timers, warm-start caches, the manifold cache), a compound and a capsule, a bouncing ball through
 * a sensor (sensor and contact events), a kinematic platform carrying a box, a bullet, a hinge chain
 * driven by a motor, a breakable joint that breaks under a load that arrives later, and a ragdoll.
 */
final class BusyWorld {

    final World world = Scenes.world(4);
    final List<BodyId> boxes = new ArrayList<>();
    final BodyId ball;
    final BodyId link0;

    BusyWorld() {
        World w = world;
        Scenes.groundBox(w, 0.6);
        // The pile: 3 x 3 x 3 boxes, each turned a little, dropped from 0.5-3 m.
        for (int k = 0; k < 27; k++) {
            int x = k % 3, y = k / 9, z = (k / 3) % 3;
            Quat q = Quat.fromAxisAngle(new Vec3(Math.sin(k), 1, Math.cos(k)).normalized(), 0.3 * k);
            Shape s = new BoxShape(0.2, 0.2, 0.2);
            boxes.add(w.add(BodyDef.dynamic().withShape(s, 800).withName("box" + k)
                    .withPosition(new Vec3(-3 + 0.45 * x, 0.5 + 0.8 * y, 0.45 * z)).withOrientation(q), s,
                            0.6, 0));
        }
        CompoundShape dumbbell = new CompoundShape(List.of(
                new CompoundShape.Child(new SphereShape(0.2), new Transform(new Vec3(-0.3, 0, 0),
                        Quat.IDENTITY)),
                new CompoundShape.Child(new SphereShape(0.2), new Transform(new Vec3(0.3, 0, 0),
                        Quat.IDENTITY))));
        w.add(BodyDef.dynamic().withShape(dumbbell, 500).withName("dumbbell")
                .withPosition(new Vec3(-2, 1.5, -1.5))
                .withAngularVelocity(new Vec3(0, 0, 3)), dumbbell, 0.5, 0);
        Shape capsule = new CapsuleShape(0.15, 0.3);
        w.add(BodyDef.dynamic().withShape(capsule, 500).withName("capsule").withPosition(new Vec3(-1.5, 2, 1))
                .withOrientation(Quat.fromAxisAngle(Vec3.UNIT_X, 1.2)), capsule, 0.5, 0);
        BodyId trigger = w.add(BodyDef.staticBody().withPosition(new Vec3(2, 1, 0)).withName("trigger"),
                new BoxShape(0.5, 0.2, 0.5), 0.5, 0);
        w.setSensor(trigger, true);
        Shape ballShape = new SphereShape(0.2);
        ball = w.add(BodyDef.dynamic().withShape(ballShape, 1000).withName("ball")
                .withPosition(new Vec3(2, 2.5, 0)),
                ballShape, 0.5, 0.9);
        w.add(BodyDef.kinematic().withPosition(new Vec3(4, 0.5, 0)).withVelocity(new Vec3(0, 0, 0.3))
                .withName("platform"), new BoxShape(0.6, 0.1, 0.6), 0.8, 0);
        Shape rider = new BoxShape(0.2, 0.2, 0.2);
        w.add(BodyDef.dynamic().withShape(rider, 500).withName("rider").withPosition(new Vec3(4, 0.85, 0)),
                rider,
                0.8, 0);
        Shape bulletShape = new SphereShape(0.05);
        BodyId bullet = w.add(BodyDef.dynamic().withShape(bulletShape, 2000).withName("bullet")
                .withPosition(new Vec3(6, 0.3, 0)).withVelocity(new Vec3(-40, 0, 0)), bulletShape, 0.5, 0);
        w.setBullet(bullet, true);
        // A chain of four links hanging from the world by a motorised hinge.
        BodyId prev = null;
        BodyId first = null;
        for (int i = 0; i < 4; i++) {
            Shape s = new BoxShape(0.05, 0.2, 0.05);
            BodyId link = w.add(BodyDef.dynamic().withShape(s, 1000).withName("link" + i)
                    .withPosition(new Vec3(0, 3.8 - 0.4 * i, 3)), s, 0.5, 0);
            Vec3 top = new Vec3(0, 4 - 0.4 * i, 3);
            if (prev == null) {
                w.addJoint(JointDef.hinge(link, null, top, Vec3.UNIT_Z).velocityMotor(2, 50).name("motor"));
                first = link;
            } else {
                w.addJoint(JointDef.ball(prev, link, top).name("ball" + i));
            }
            prev = link;
        }
        link0 = first;
        // A weight on a breakable joint: it holds, until the chain swings into it.
        Shape weight = new BoxShape(0.15, 0.15, 0.15);
        BodyId hanging = w.add(BodyDef.dynamic().withShape(weight, 1000).withName("weight")
                .withPosition(new Vec3(0.6, 3, 3)), weight, 0.5, 0);
        w.addJoint(JointDef.distance(prev, hanging, new Vec3(0, 2.4, 3), new Vec3(0.6, 3.15, 3))
                .breakable(400, 1e9)
                .name("fragile"));
        Ragdoll.add(w, "doll", new Vec3(1.5, 2.5, -2), Quat.fromAxisAngle(Vec3.UNIT_Z, 0.7), Vec3.ZERO, 1000,
                0.6);
    }

    /** The world as a simulation at {@link Scenes#DT} that names every body (the first 64 slots). */
    WorldSimulation simulation() {
        WorldSimulation sim = new WorldSimulation(world, Scenes.DT);
        for (int slot = 0; slot < 64; slot++) {
            BodyId id = new BodyId(slot, 0);
            if (world.contains(id)) {
                sim.adopt(world.name(id) + "#" + slot, id);
            }
        }
        return sim;
    }

    /** Everything a user can ask the world after a step, as text, for comparisons. */
    static String queries(World w) {
        StringBuilder sb = new StringBuilder();
        sb.append(w.stateHash()).append(' ').append(w.stepCount()).append(' ').append(w.time()).append(' ')
                .append(w.touchingPairCount()).append(' ').append(w.sleepingCount()).append(' ')
                .append(w.kineticEnergy()).append(' ').append(w.potentialEnergy()).append(' ')
                .append(w.continuousHits()).append('\n');
        for (int k = 0; k < w.contactPoints().count(); k++) {
            sb.append(w.contactPoints().bodyA(k)).append(w.contactPoints().bodyB(k)).append(w.contactPoints().featureId(k))
                    .append(w.contactPoints().normal(k)).append(w.contactPoints().separation(k)).append(' ')
                    .append(w.contactPoints().normalImpulse(k)).append(w.contactPoints().warmStarted(k)).append('\n');
        }
        double[] out = new double[6];
        for (var j : w.joints()) {
            w.jointReaction(j, out);
            sb.append(j).append(w.jointName(j)).append(w.jointCoordinate(j)).append(' ')
                    .append(java.util.Arrays.toString(out)).append('\n');
        }
        return sb.toString();
    }

    /** Steps {@code n} times, returning each step's state hash; the drained events go into {@code events}. */
    static long[] run(World w, int n, List<Event> events) {
        long[] hashes = new long[n];
        for (int i = 0; i < n; i++) {
            w.step(Scenes.DT);
            hashes[i] = w.stateHash();
            w.drainEvents(events);
        }
        return hashes;
    }
}
