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
import ricochet.geometry.shape.HeightfieldShape;
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

    private int toiHits;

    private static Transform at(double x, double y, double z) {
        return new Transform().set(x, y, z, 0, 0, 0, 1);
    }

    /** Over [-4, 4] in x and z, [low, low + height] in y, turned at random. */
    private static Transform randomPose(Random rnd, double low, double height) {
        double x = 8 * rnd.nextDouble() - 4, y = low + height * rnd.nextDouble(), z = 8 * rnd.nextDouble() - 4;
        return new Transform().set(x, y, z, rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian(),
                rnd.nextGaussian() + 1e-9);
    }

    @Test
    void sweepingBulletsThroughEveryKindOfTargetAllocatesNothing() {
        var threads = ManagementFactory.getThreadMXBean();
        assumeTrue(threads instanceof com.sun.management.ThreadMXBean, "needs HotSpot's allocation counter");
        var counter = (com.sun.management.ThreadMXBean) threads;
        Random rnd = new Random(12);
        CollisionWorld w = new CollisionWorld(new DynamicAabbTree());
        w.add(new PlaneShape(Vec3.UNIT_Y, 0), new Transform(), true, 1, 1);
        w.add(new ricochet.geometry.shape.TriangleMeshShape(Meshes.uvSphere(0.8, 8, 12)), at(2, 0.5, 2), true, 1, 1);
        double[][] heights = new double[8][8];
        for (double[] row : heights) {
            for (int c = 0; c < row.length; c++) {
                row[c] = 0.3 * rnd.nextDouble();
            }
        }
        w.add(new HeightfieldShape(heights, 0.5, 0.5), at(-4, 0, -4), true, 1, 1);
        Shape[] targets = {new BoxShape(0.01, 1, 1), new CylinderShape(0.25, 0.3), new CapsuleShape(0.2, 0.3),
            CompoundShape.of(new CompoundShape.Child(new SphereShape(0.2), at(0.3, 0, 0)),
                    new CompoundShape.Child(new BoxShape(0.2, 0.2, 0.2), at(-0.3, 0, 0)))};
        for (int i = 0; i < 40; i++) {
            w.add(targets[i % targets.length], randomPose(rnd, 0.3, 1), i % 3 == 0, 1, 1);
        }
        Shape[] bullets = {new SphereShape(0.005), new BoxShape(0.01, 0.005, 0.02),
            new CapsuleShape(0.004, 0.01), CompoundShape.of(new CompoundShape.Child(new SphereShape(0.005),
                    at(0.01, 0, 0)), new CompoundShape.Child(new SphereShape(0.004), at(-0.01, 0, 0)))};
        int n = 12;
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) {
            ids[i] = w.add(bullets[i % bullets.length], at(0, 1, 0), false, 1, 1);
        }
        boolean[] skip = new boolean[w.bodyNumberBound()];
        for (int id : ids) {
            skip[id] = true;
        }
        // Each sweep starts at a random point and moves 5 m (300 m/s for 1/60 s) in a random direction.
        int sweeps = 64;
        Transform[] starts = new Transform[sweeps];
        double[] moves = new double[3 * sweeps];
        for (int k = 0; k < sweeps; k++) {
            starts[k] = randomPose(rnd, 0.2, 2);
            double x = rnd.nextGaussian(), y = rnd.nextGaussian() - 0.5, z = rnd.nextGaussian();
            double scale = 5 / Math.sqrt(x * x + y * y + z * z);
            moves[3 * k] = scale * x;
            moves[3 * k + 1] = scale * y;
            moves[3 * k + 2] = scale * z;
        }
        ShapeCastHit hit = new ShapeCastHit();
        Runnable step = () -> {
            for (int k = 0; k < sweeps; k++) {
                int id = ids[k % n];
                w.setPose(id, starts[k]);
                if (w.timeOfImpact(id, moves[3 * k], moves[3 * k + 1], moves[3 * k + 2], 1e-4, skip, hit)) {
                    toiHits++;
                }
            }
        };
        for (int i = 0; i < 200; i++) {
            step.run();
        }
        assertTrue(toiHits > 100 * sweeps,
                "most sweeps must hit something, hit " + toiHits + " of " + 200 * sweeps);
        long thread = Thread.currentThread().getId();
        long cleanest = Long.MAX_VALUE;
        for (int window = 0; window < 5 && cleanest > 0; window++) {
            long before = counter.getThreadAllocatedBytes(thread);
            for (int i = 0; i < 50; i++) {
                step.run();
            }
            cleanest = Math.min(cleanest, counter.getThreadAllocatedBytes(thread) - before);
        }
        assertEquals(0, cleanest, "sweeping allocated in every window, at least " + cleanest + " B");
    }
}
