package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.CompoundShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/**
 * A world step allocates nothing once warm, counted with the thread's allocated-bytes counter. The
 * JVM now and then charges a window a few bytes while it compiles, so the cleanest of five windows
 * of 200 steps must be 0 B: an allocation in the step would show in every window.
 */
class WorldAllocationTest {

    @Test
    void aStepWithRestingBoxesAllocatesNothing() {
        assumeHotSpot();
        World w = Scenes.world(4);
        // Awake, so that every step solves the resting contacts.
        w.setSleepingEnabled(false);
        Scenes.groundBox(w, 0.6);
        for (int k = 0; k < 4; k++) {
            Scenes.cube(w, 1, new Vec3(2 * k, 0.5, 0), Quat.IDENTITY, 0.6);
            Scenes.cube(w, 1, new Vec3(2 * k, 1.5, 0), Quat.IDENTITY, 0.6);
        }
        Scenes.sphere(w, 0.3, new Vec3(-3, 0.3, 0), 0);
        for (int i = 0; i < 1000; i++) {
            w.step(Scenes.DT);
        }
        assertEquals(0, allocatedInCleanestWindow(w, null), "B");
    }

    /** Joints of every kind, awake, with a ragdoll swinging on a chain: the joint solver allocates nothing. */
    @Test
    void aStepWithJointsAndARagdollAllocatesNothing() {
        assumeHotSpot();
        World w = Scenes.world(4);
        w.setSleepingEnabled(false);
        Scenes.groundBox(w, 0.6);
        BodyId a = Scenes.cube(w, 0.3, new Vec3(0, 3, 0), Quat.IDENTITY, 0.5);
        BodyId b = Scenes.cube(w, 0.3, new Vec3(0.5, 3, 0), Quat.IDENTITY, 0.5);
        BodyId c = Scenes.cube(w, 0.3, new Vec3(1.0, 3, 0), Quat.IDENTITY, 0.5);
        BodyId d = Scenes.cube(w, 0.3, new Vec3(1.5, 3, 0), Quat.IDENTITY, 0.5);
        w.addJoint(ricochet.joints.JointDef.hinge(a, null, new Vec3(0, 3.5, 0), Vec3.UNIT_Z).limits(-1, 1)
                .velocityMotor(1, 5));
        w.addJoint(ricochet.joints.JointDef.ball(a, b, new Vec3(0.25, 3, 0)));
        w.addJoint(ricochet.joints.JointDef.slider(b, c, new Vec3(0.75, 3, 0), Vec3.UNIT_X).limits(-0.1, 0.1));
        w.addJoint(ricochet.joints.JointDef.distance(c, d, new Vec3(1, 3, 0), new Vec3(1.5, 3, 0)).lengths(0, 0.6));
        w.addJoint(ricochet.joints.JointDef.fixed(d, null, new Vec3(1.5, 3, 0)).breakable(1e9, 1e9));
        ricochet.ragdoll.Ragdoll.add(w, "doll", new Vec3(-3, 2, 0), Quat.IDENTITY, Vec3.ZERO, 1000, 0.6);
        for (int i = 0; i < 1000; i++) {
            w.step(Scenes.DT);
        }
        assertEquals(0, allocatedInCleanestWindow(w, null), "B");
    }

    /**
     * Everything awake and busy: a ball bouncing forever (e = 1) through a sensor, a kinematic
     * platform carrying a box, contact and sensor events every few steps, read each step.
     */
    @Test
    void aBusyAwakeStepWithEventsAllocatesNothing() {
        assumeHotSpot();
        World w = Scenes.world(4);
        w.setSleepingEnabled(false);
        Scenes.groundPlane(w, 0.5, 1);
        BodyId trigger = w.add(BodyDef.staticBody().withPosition(new Vec3(0, 1, 0)).withName("trigger"),
                new ricochet.geometry.shape.BoxShape(1, 0.2, 1), 0.5, 0);
        w.setSensor(trigger, true);
        Scenes.sphere(w, 0.2, new Vec3(0, 2, 0), 1);
        w.add(BodyDef.kinematic().withPosition(new Vec3(5, 1, 0)).withVelocity(new Vec3(0, 0, 0.5)).withName("platform"),
                new ricochet.geometry.shape.BoxShape(1, 0.1, 1), 0.8, 0);
        Scenes.cube(w, 0.5, new Vec3(5, 1.35, 0), Quat.IDENTITY, 0.8);
        EventBuffer sink = new EventBuffer();
        for (int i = 0; i < 1000; i++) {
            w.step(Scenes.DT);
            w.drainEvents(sink);
            sink.clear();
        }
        assertEquals(0, allocatedInCleanestWindow(w, sink), "B");
    }

    /**
     * The step's checkpoint (promise 3) allocates nothing either, on every path it takes: a ball
     * bouncing forever (e = 1) and a kinematic platform sliding along keep moving their fat boxes, so
     * the broad phase copies its tree in most steps; boxes fall asleep (the manifold cache's and the
     * contact store's alternating buffers, sleep timers) and the ball wakes the one it lands on.
     */
    @Test
    void theCheckpointOfAStepWithSleepingAndMovingBodiesAllocatesNothing() {
        assumeHotSpot();
        World w = Scenes.world(4);
        Scenes.groundPlane(w, 0.5, 1);
        for (int k = 0; k < 4; k++) {
            Scenes.cube(w, 0.5, new Vec3(k, 0.25, 2), Quat.IDENTITY, 0.6);
            Scenes.cube(w, 0.5, new Vec3(k, 0.75, 2), Quat.IDENTITY, 0.6);
        }
        Scenes.sphere(w, 0.2, new Vec3(0, 2, 0), 1);
        // Bounces on the top box of the first stack, waking its island every bounce.
        Scenes.sphere(w, 0.1, new Vec3(0, 2.5, 2), 1);
        w.add(BodyDef.kinematic().withPosition(new Vec3(-3, 1, -2)).withVelocity(new Vec3(0.5, 0, 0))
                .withName("platform"), new ricochet.geometry.shape.BoxShape(0.5, 0.1, 0.5), 0.8, 0);
        EventBuffer sink = new EventBuffer();
        for (int i = 0; i < 1000; i++) {
            w.step(Scenes.DT);
            w.drainEvents(sink);
            sink.clear();
        }
        assertTrue(w.sleepingCount() > 0, "some boxes sleep");
        assertEquals(0, allocatedInCleanestWindow(w, sink), "B");
    }

    /**
     * Re-anchoring allocates nothing either: a cylinder wheel and a compound axle of two balls roll
     * along a plane at 1 rad a step (past the solver's turn limit), so their contact points are
     * moved to the bodies' lowest points in every substep, on two threads.
     */
    @Test
    void aStepThatReanchorsRollingBodiesAllocatesNothing() {
        assumeHotSpot();
        World w = Scenes.world(4);
        w.setSleepingEnabled(false);
        w.setThreads(2);
        try {
            Scenes.groundPlane(w, 0.8, 0);
            // Axes along z: the cylinder's own axis is its y, turned a quarter turn about x.
            Quat side = Quat.fromAxisAngle(new Vec3(1, 0, 0), 0.5 * Math.PI);
            CylinderShape wheel = new CylinderShape(0.2, 0.05);
            BodyId rolling = w.add(BodyDef.dynamic().withShape(wheel, 500).withPosition(new Vec3(0, 0.2, 0))
                    .withOrientation(side).withVelocity(new Vec3(12, 0, 0))
                    .withAngularVelocity(new Vec3(0, 0, -60)), wheel, 0.8, 0);
            Transform left = new Transform(new Vec3(0, 0, 0.3), Quat.IDENTITY);
            Transform right = new Transform(new Vec3(0, 0, -0.3), Quat.IDENTITY);
            CompoundShape axle = CompoundShape.of(new CompoundShape.Child(new SphereShape(0.2), left),
                    new CompoundShape.Child(new SphereShape(0.2), right));
            BodyId axleBody = w.add(BodyDef.dynamic().withShape(axle, 500).withPosition(new Vec3(0, 0.2, 3))
                    .withVelocity(new Vec3(12, 0, 0)).withAngularVelocity(new Vec3(0, 0, -60)), axle, 0.8, 0);
            EventBuffer sink = new EventBuffer();
            for (int i = 0; i < 1000; i++) {
                w.step(Scenes.DT);
                w.drainEvents(sink);
                sink.clear();
            }
            for (BodyId b : new BodyId[] {rolling, axleBody}) {
                if (!(w.angularVelocity(b).length() * Scenes.DT > 0.4)) {
                    throw new AssertionError(w.name(b) + " turns too slowly to be re-anchored: "
                            + w.angularVelocity(b));
                }
            }
            long[] ids = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().startsWith("ricochet-worker") || t == Thread.currentThread())
                    .mapToLong(Thread::getId).toArray();
            assertEquals(0, allocatedInCleanestWindow(w, sink, ids), "B");
        } finally {
            w.close();
        }
    }

    /**
     * On several threads no thread allocates either: the calling thread and the world's workers are
     * counted together, with the busy world's joints, ragdoll, compound, sensor and sleeping pile.
     */
    @Test
    void aStepOnFourThreadsAllocatesNothingOnAnyThread() {
        assumeHotSpot();
        World w = new BusyWorld().world;
        w.setSleepingEnabled(false);
        w.setThreads(4);
        try {
            EventBuffer sink = new EventBuffer();
            for (int i = 0; i < 1000; i++) {
                w.step(Scenes.DT);
                w.drainEvents(sink);
                sink.clear();
            }
            long[] ids = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().startsWith("ricochet-worker") || t == Thread.currentThread())
                    .mapToLong(Thread::getId).toArray();
            assertTrue(ids.length >= 4, "the caller and three workers");
            assertEquals(0, allocatedInCleanestWindow(w, sink, ids), "B");
        } finally {
            w.close();
        }
    }

    private static void assumeHotSpot() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean,
                "needs HotSpot's allocation counter");
    }

    private static long allocatedInCleanestWindow(World w, EventBuffer sink) {
        return allocatedInCleanestWindow(w, sink, new long[] {Thread.currentThread().getId()});
    }

    private static com.sun.management.ThreadMXBean counter;

    /** The same over the threads {@code ids}, summed. */
    private static long allocatedInCleanestWindow(World w, EventBuffer sink, long[] ids) {
        counter = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long cleanest = Long.MAX_VALUE;
        for (int window = 0; window < 5 && cleanest > 0; window++) {
            long before = allocated(ids);
            for (int i = 0; i < 200; i++) {
                w.step(Scenes.DT);
                if (sink != null) {
                    w.drainEvents(sink);
                    sink.clear();
                }
            }
            cleanest = Math.min(cleanest, allocated(ids) - before);
        }
        return cleanest;
    }

    private static long allocated(long[] ids) {
        long sum = 0;
        for (long id : ids) {
            sum += counter.getThreadAllocatedBytes(id);
        }
        return sum;
    }
}
