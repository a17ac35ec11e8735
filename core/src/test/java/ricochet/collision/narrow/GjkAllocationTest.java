package ricochet.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static ricochet.collision.narrow.GjkTestShapes.pose;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/**
 * GJK, EPA, the convex collide, the shape cast and the ray cast allocate nothing once warm: counted
 * with the thread's allocated-bytes counter. As in the lab's allocation test, the JIT now and then
 * charges the thread a few bytes while it compiles, so the cleanest of five windows must be zero.
 */
class GjkAllocationTest {

    @Test
    void queriesAllocateNothing() {
        var threads = ManagementFactory.getThreadMXBean();
        assumeTrue(threads instanceof com.sun.management.ThreadMXBean, "needs HotSpot's allocation counter");
        var counter = (com.sun.management.ThreadMXBean) threads;
        Gjk gjk = new Gjk();
        Epa epa = new Epa();
        ConvexCollide collide = new ConvexCollide();
        ShapeCast cast = new ShapeCast();
        ConvexRaycast ray = new ConvexRaycast();
        GjkResult g = new GjkResult();
        EpaResult e = new EpaResult();
        ShapeCastResult s = new ShapeCastResult();
        ConvexRaycastResult rr = new ConvexRaycastResult();
        Manifold m = new Manifold();
        ConvexShape[] shapes = {new BoxShape(0.5, 0.7, 0.9), new CylinderShape(0.5, 0.8),
            new CapsuleShape(0.3, 0.6), new SphereShape(0.6), GjkTestShapes.icosahedron(0.4, 0.5, 0.6)};
        Transform ta = pose(new Vec3(0, 0, 0), Quat.fromAxisAngle(new Vec3(1, 2, 3), 0.4));
        Transform[] tb = {pose(new Vec3(0.5, 0.3, 0.2), Quat.fromAxisAngle(new Vec3(-1, 0, 2), 1.1)),
            pose(new Vec3(2.5, 0.3, 0.2), Quat.fromAxisAngle(new Vec3(0, 1, 1), 0.3))};
        Runnable work = () -> {
            for (ConvexShape a : shapes) {
                for (ConvexShape b : shapes) {
                    for (Transform t : tb) {
                        if (!gjk.distance(a, ta, b, t, g)) {
                            epa.penetration(gjk, e);
                        }
                        collide.collide(a, ta, b, t, 0.1, m);
                        cast.cast(a, ta, 3, 0.2, 0.1, b, t, 1e-9, s);
                    }
                }
                ray.cast(a, ta, 3, 0.1, 0.2, -6, 0, 0, rr);
            }
        };
        for (int i = 0; i < 2000; i++) {
            work.run();
        }
        long thread = Thread.currentThread().getId();
        long cleanest = Long.MAX_VALUE;
        for (int window = 0; window < 5 && cleanest > 0; window++) {
            long before = counter.getThreadAllocatedBytes(thread);
            for (int i = 0; i < 200; i++) {
                work.run();
            }
            cleanest = Math.min(cleanest, counter.getThreadAllocatedBytes(thread) - before);
        }
        assertEquals(0, cleanest, "allocated in every window, at least " + cleanest + " B");
    }
}
