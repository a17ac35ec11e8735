package ricochet.vehicle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.math.Vec3;
import ricochet.world.World;

/** Vehicles are updated on the calling thread in a fixed order: the same bits on 1 and 2 threads; no allocation. */
class VehicleDeterminismTest {

    /** Two cars driving, braking and steering among boxes they hit and stand on. */
    static World busy(int threads) {
        World w = VehicleScenes.flat(4);
        w.setThreads(threads);
        for (int k = 0; k < 6; k++) {
            w.add(BodyDef.dynamic().withPosition(new Vec3(-4 + 1.5 * k, 0.3, 12)).withShape(new BoxShape(0.3, 0.3, 0.3),
                    500).withName("box" + k), new BoxShape(0.3, 0.3, 0.3), 0.6, 0);
        }
        w.vehicles().add(VehicleScenes.car("a"), new Vec3(-2, VehicleScenes.touchHeight(VehicleScenes.car("a")), 0),
                ricochet.math.Quat.IDENTITY);
        w.vehicles().add(VehicleScenes.allWheelDrive("b").withDifferential(VehicleDef.Differential.LIMITED_SLIP),
                new Vec3(2, VehicleScenes.touchHeight(VehicleScenes.car("b")), 0), ricochet.math.Quat.IDENTITY);
        return w;
    }

    static void drive(World w, int step) {
        drive(w, w.vehicles().ids(), step);
    }

    static void drive(World w, java.util.List<VehicleId> ids, int step) {
        int k = 0;
        for (int n = 0; n < ids.size(); n++) {
            VehicleId id = ids.get(n);
            double phase = (step + 37 * k) % 240;
            w.vehicles().setInput(id, phase < 150 ? 1 : 0, phase >= 180 ? 1 : 0, phase >= 220 ? 1 : 0,
                    Math.sin(step * 0.02 + k));
            k++;
        }
    }

    @Test
    void sameBitsOnOneAndTwoThreads() {
        long[] hashes = new long[2];
        for (int t = 1; t <= 2; t++) {
            try (World w = busy(t)) {
                for (int i = 0; i < 600; i++) {
                    drive(w, i);
                    w.step(1 / 60.0);
                }
                hashes[t - 1] = w.stateHash();
                long h = hashes[t - 1];
                for (VehicleId id : w.vehicles().ids()) {
                    for (int k = 0; k < w.vehicles().wheelCount(id); k++) {
                        h = 31 * h + Double.doubleToLongBits(w.vehicles().wheelSpin(id, k));
                    }
                }
                hashes[t - 1] = h;
            }
        }
        assertEquals(hashes[0], hashes[1], "state hash on 1 and 2 threads");
    }

    @Test
    void aStepWithDrivingCarsAllocatesNothing() {
        assumeTrue(ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean,
                "needs HotSpot's allocation counter");
        com.sun.management.ThreadMXBean counter = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        World w = busy(1);
        w.setSleepingEnabled(false);
        double[] c = new double[3];
        java.util.List<VehicleId> ids = w.vehicles().ids();
        VehicleId first = ids.get(0);
        int step = 0;
        for (; step < 1000; step++) {
            drive(w, step);
            w.step(1 / 60.0);
        }
        long id = Thread.currentThread().getId();
        long cleanest = Long.MAX_VALUE;
        for (int window = 0; window < 5 && cleanest > 0; window++) {
            long before = counter.getThreadAllocatedBytes(id);
            for (int i = 0; i < 200; i++, step++) {
                drive(w, ids, step);
                w.step(1 / 60.0);
                w.vehicles().wheelCenter(first, 0, c);
            }
            cleanest = Math.min(cleanest, counter.getThreadAllocatedBytes(id) - before);
        }
        assertEquals(0, cleanest, "B");
    }
}
