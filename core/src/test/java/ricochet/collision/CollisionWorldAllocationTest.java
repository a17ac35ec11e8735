package ricochet.collision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.Random;
import org.junit.jupiter.api.Test;
import ricochet.collision.broad.DynamicAabbTree;
import ricochet.geometry.Meshes;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.CompoundShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.QuickHull;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/**
 * Moving bodies and finding every contact allocates nothing once warm (thread allocation counter,
 * cleanest of five windows, as the lab's allocation test): a mixed scene of every convex shape, a
 * compound, a plane and a closed mesh body sitting among them.
 */
class CollisionWorldAllocationTest {

    private int contacts;

    @Test
    void movingBodiesAndFindingContactsAllocatesNothing() {
        var threads = ManagementFactory.getThreadMXBean();
        assumeTrue(threads instanceof com.sun.management.ThreadMXBean, "needs HotSpot's allocation counter");
        var counter = (com.sun.management.ThreadMXBean) threads;
        Random rnd = new Random(11);
        double[] hullPoints = new double[3 * 20];
        for (int i = 0; i < hullPoints.length; i++) {
            hullPoints[i] = 0.3 * rnd.nextGaussian();
        }
        Shape[] kinds = {new SphereShape(0.3), new BoxShape(0.3, 0.2, 0.4), new CapsuleShape(0.2, 0.3),
            new CylinderShape(0.25, 0.3), QuickHull.build(hullPoints),
            CompoundShape.of(new CompoundShape.Child(new SphereShape(0.2), new Transform().set(0.3, 0, 0, 0, 0, 0, 1)),
                    new CompoundShape.Child(new BoxShape(0.2, 0.2, 0.2), new Transform().set(-0.3, 0, 0, 0, 0, 0, 1)))};
        CollisionWorld w = new CollisionWorld(new DynamicAabbTree());
        w.add(new PlaneShape(Vec3.UNIT_Y, 0), new Transform(), true, 1, 1);
        w.add(new ricochet.geometry.shape.TriangleMeshShape(Meshes.uvSphere(0.8, 8, 12)),
                new Transform().set(2, 0.5, 2, 0, 0, 0, 1), true, 1, 1);
        int n = 60;
        int[] ids = new int[n];
        Transform[] poses = new Transform[n];
        for (int i = 0; i < n; i++) {
            poses[i] = new Transform().set(4 * rnd.nextDouble(), 0.3 + rnd.nextDouble(), 4 * rnd.nextDouble(),
                    rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian() + 1e-9);
            ids[i] = w.add(kinds[i % kinds.length], poses[i], false, 1, 1);
        }
        ContactListener listener = (a, ca, b, cb, m) -> contacts += m.pointCount();
        double[] drift = new double[n];
        for (int i = 0; i < n; i++) {
            drift[i] = 0.002 * (rnd.nextDouble() - 0.5);
        }
        Runnable step = () -> {
            for (int i = 0; i < n; i++) {
                Transform t = poses[i];
                t.set(t.px + drift[i], t.py, t.pz - drift[i], t.qx, t.qy, t.qz, t.qw);
                w.setPose(ids[i], t);
            }
            w.findContacts(0.02, listener);
        };
        for (int i = 0; i < 300; i++) {
            step.run();
        }
        assertTrue(contacts > 1000, "the scene must have contacts to find, found " + contacts);
        long thread = Thread.currentThread().getId();
        long cleanest = Long.MAX_VALUE;
        for (int window = 0; window < 5 && cleanest > 0; window++) {
            long before = counter.getThreadAllocatedBytes(thread);
            for (int i = 0; i < 100; i++) {
                step.run();
            }
            cleanest = Math.min(cleanest, counter.getThreadAllocatedBytes(thread) - before);
        }
        assertEquals(0, cleanest, "moving and finding contacts allocated in every window, at least " + cleanest + " B");
    }
}
