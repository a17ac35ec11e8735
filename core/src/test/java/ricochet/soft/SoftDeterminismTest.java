package ricochet.soft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.World;

/** The soft stage runs on the calling thread in a fixed order: the same bits on any number of threads, no allocation. */
class SoftDeterminismTest {

    private static World scene() {
        World w = new World(new Vec3(0, -9.81, 0));
        w.setSleepingEnabled(false);
        w.add(BodyDef.staticBody(), new PlaneShape(Vec3.UNIT_Y, 0), 0.5, 0);
        SphereShape ball = new SphereShape(0.2);
        w.add(BodyDef.dynamic().withShape(ball, 500).withPosition(new Vec3(0.1, 0.2, 0)), ball, 0.5, 0);
        BoxShape box = new BoxShape(0.2, 0.2, 0.2);
        w.add(BodyDef.dynamic().withShape(box, 300).withPosition(new Vec3(1.5, 0.2, 0)), box, 0.5, 0);
        SoftBodies s = w.softBodies();
        s.addCloth(ClothDef.defaults("sheet").withSize(1, 1, 12, 12).withPose(new Vec3(0, 0.8, 0),
                Quat.fromAxisAngle(Vec3.UNIT_X, -Math.PI / 2)).withSelfCollision(true));
        s.addCloth(ClothDef.defaults("flag").withSize(1, 0.5, 10, 5).withPose(new Vec3(-2, 2, 0), Quat.IDENTITY)
                .withPins(List.of(new ClothDef.Pin(0, 5), new ClothDef.Pin(10, 5))));
        s.addSoftBody(SoftBodyDef.defaults("jelly", new SoftShape.Box(0.15, 0.15, 0.15)).withResolution(3)
                .withPose(new Vec3(1.5, 1, 0), Quat.IDENTITY));
        s.addSoftBody(SoftBodyDef.defaults("balloon", new SoftShape.Sphere(0.2)).withResolution(4).withDensity(5)
                .withPressure(300).withPose(new Vec3(3, 0.5, 0), Quat.IDENTITY));
        return w;
    }

    @Test
    void theSameBitsOnOneAndTwoThreads() {
        long[] hashes = new long[2];
        for (int run = 0; run < 2; run++) {
            try (World w = scene()) {
                w.setThreads(run + 1);
                SoftBodies s = w.softBodies();
                long h = 17;
                double[] x = new double[3];
                for (int step = 0; step < 120; step++) {
                    w.step(1 / 60.0);
                    for (SoftId id : s.ids()) {
                        for (int k = 0; k < s.particleCount(id); k++) {
                            s.position(id, k, x);
                            h = 31 * h + Double.doubleToLongBits(x[0]);
                            h = 31 * h + Double.doubleToLongBits(x[1]);
                            h = 31 * h + Double.doubleToLongBits(x[2]);
                        }
                    }
                }
                hashes[run] = 31 * h + w.stateHash();
            }
        }
        assertEquals(hashes[0], hashes[1]);
    }

    /**
     * Once compiled, a step allocates nothing. The JIT compiles late on a busy machine, and code not yet
     * compiled with escape analysis allocates, so windows of 50 steps are taken until one allocates
     * nothing, up to 40 (2,000 steps): an allocation in the step itself shows in every window and
     * fails. The same windows, with 1 kB allocated per step beside the step, must count it (the
     * counter sees what the test would miss).
     */
    @Test
    void aStepAllocatesNothingOnceWarm() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean);
        com.sun.management.ThreadMXBean counter = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(counter.isThreadAllocatedMemorySupported());
        try (World w = scene()) {
            for (int i = 0; i < 200; i++) {
                w.step(1 / 60.0);
            }
            long cleanest = cleanestWindow(counter, w, 0, 40);
            assertEquals(0, cleanest, "allocated in every window, at least " + cleanest + " B");
            long planted = cleanestWindow(counter, w, 1024, 3);
            assertTrue(planted >= 50 * 1024, "the counter missed 50 kB allocated in the window: " + planted);
        }
    }

    /**
     * Steps w in up to {@code windows} windows of 50 steps, each step beside an allocation of
     * {@code extra} bytes, until one takes nothing; the fewest bytes a window took.
     */
    private static long cleanestWindow(com.sun.management.ThreadMXBean counter, World w, int extra, int windows) {
        long id = Thread.currentThread().getId();
        long cleanest = Long.MAX_VALUE;
        for (int window = 0; window < windows && cleanest > 0; window++) {
            long before = counter.getThreadAllocatedBytes(id);
            for (int i = 0; i < 50; i++) {
                w.step(1 / 60.0);
                if (extra > 0) {
                    sink = new byte[extra];
                }
            }
            cleanest = Math.min(cleanest, counter.getThreadAllocatedBytes(id) - before);
        }
        return cleanest;
    }

    /** Where the planted allocations go, so that the JIT cannot remove them. */
    private static volatile byte[] sink;
}
