package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.MassProperties;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.ShapeType;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * A world's step on 1, 2 and 4 threads gives the same bits: state hashes every few steps, the
 * events, every query and at the end the whole snapshot. The threads split the narrow phase, the
 * contact solver (colour by colour) and the per-body passes; the order of every floating-point
 * operation on a body is fixed by the scene, so nothing may differ, not even in the last bit.
 */
class ThreadDeterminismTest {

    private static final int[] THREADS = {1, 2, 4};

    /**
     * Steps one world per thread count in lockstep, comparing state hashes every {@code every} steps
     * and, at the end, queries, events and snapshot bytes.
     */
    private static void sameOnEveryThreadCount(Supplier<World> scene, int steps, int every) {
        World[] worlds = new World[THREADS.length];
        List<List<Event>> events = new ArrayList<>();
        for (int k = 0; k < worlds.length; k++) {
            worlds[k] = scene.get();
            worlds[k].setThreads(THREADS[k]);
            assertEquals(THREADS[k], worlds[k].threads());
            events.add(new ArrayList<>());
        }
        try {
            for (int i = 1; i <= steps; i++) {
                for (int k = 0; k < worlds.length; k++) {
                    worlds[k].step(Scenes.DT);
                    worlds[k].drainEvents(events.get(k));
                }
                if (i % every == 0 || i == steps) {
                    for (int k = 1; k < worlds.length; k++) {
                        assertEquals(worlds[0].stateHash(), worlds[k].stateHash(),
                                "step " + i + ": " + THREADS[k] + " threads against 1");
                    }
                }
            }
            for (int k = 1; k < worlds.length; k++) {
                String label = THREADS[k] + " threads against 1 after " + steps + " steps";
                assertEquals(BusyWorld.queries(worlds[0]), BusyWorld.queries(worlds[k]), label);
                assertEquals(events.get(0).toString(), events.get(k).toString(), label);
                assertArrayEquals(worlds[0].snapshot().toBytes(), worlds[k].snapshot().toBytes(), label);
            }
        } finally {
            for (World w : worlds) {
                w.close();
            }
        }
    }

    /**
     * The bench's pile: 1,000 boxes of 0.4 m, a 10 x 10 grid of 10-high columns 0.1 m apart, each box
     * turned a little, dropped into a pen; it lands, topples and partly sleeps within the run.
     */
    static World pile() {
        World w = Scenes.world(4);
        Scenes.groundBox(w, 0.5);
        Shape wallX = new BoxShape(0.1, 3, 3.2), wallZ = new BoxShape(3.2, 3, 0.1);
        w.add(BodyDef.staticBody().withPosition(new Vec3(3.1, 3, 0)).withName("east"), wallX, 0.5, 0);
        w.add(BodyDef.staticBody().withPosition(new Vec3(-3.1, 3, 0)).withName("west"), wallX, 0.5, 0);
        w.add(BodyDef.staticBody().withPosition(new Vec3(0, 3, 3.1)).withName("north"), wallZ, 0.5, 0);
        w.add(BodyDef.staticBody().withPosition(new Vec3(0, 3, -3.1)).withName("south"), wallZ, 0.5, 0);
        Shape box = new BoxShape(0.2, 0.2, 0.2);
        for (int k = 0; k < 1000; k++) {
            int x = k % 10, z = (k / 10) % 10, y = k / 100;
            Quat q = Quat.fromAxisAngle(new Vec3(Math.sin(k), 1, Math.cos(3 * k)).normalized(),
                    0.4 * Math.sin(7 * k));
            w.add(BodyDef.dynamic().withShape(box, Scenes.DENSITY).withName("box" + k)
                    .withPosition(new Vec3(-2.25 + 0.5 * x, 0.3 + 0.5 * y,
                            -2.25 + 0.5 * z)).withOrientation(q),
                    box, 0.5, 0);
        }
        return w;
    }

    /** A 2-D pyramid of 210 unit boxes, 20 at the base: one large island, many colours. */
    static World pyramid() {
        World w = Scenes.world(8);
        Scenes.groundBox(w, 0.6);
        Shape box = new BoxShape(0.25, 0.25, 0.25);
        for (int row = 0; row < 20; row++) {
            for (int i = 0; i < 20 - row; i++) {
                w.add(BodyDef.dynamic().withShape(box, Scenes.DENSITY).withName("b" + row + "-" + i)
                        .withPosition(new Vec3(-4.75 + 0.25 * row + 0.5 * i, 0.25 + 0.5 * row, 0)),
                        box, 0.6, 0);
            }
        }
        return w;
    }

    @Test
    void pileIsBitIdenticalOnOneTwoAndFourThreads() {
        sameOnEveryThreadCount(ThreadDeterminismTest::pile, 150, 10);
    }

    @Test
    void pyramidIsBitIdenticalOnOneTwoAndFourThreads() {
        sameOnEveryThreadCount(ThreadDeterminismTest::pyramid, 200, 10);
    }

    /**
     * Joints (solved on the calling thread between the parallel contact colours), a ragdoll, a
     * compound, sensors, a kinematic platform, a bullet, a joint that breaks, sleeping and waking.
     */
    @Test
    void jointsRagdollsAndEverythingElseAreBitIdentical() {
        sameOnEveryThreadCount(() -> new BusyWorld().world, 400, 5);
    }

    @Test
    void changingTheThreadsBetweenStepsChangesNothing() {
        World one = new BusyWorld().world, changing = new BusyWorld().world;
        int[] plan = {3, 1, 2, 4, 1, 2};
        try {
            for (int i = 0; i < 240; i++) {
                if (i % 40 == 0) {
                    changing.setThreads(plan[i / 40]);
                }
                one.step(Scenes.DT);
                changing.step(Scenes.DT);
                assertEquals(one.stateHash(), changing.stateHash(), "step " + (i + 1));
            }
        } finally {
            changing.close();
        }
        assertEquals(1, changing.threads(), "close leaves the world on the calling thread");
        changing.step(Scenes.DT);
        one.step(Scenes.DT);
        assertEquals(one.stateHash(), changing.stateHash());
    }

    /** A snapshot carries no thread count: taken on four threads, it goes on the same on one. */
    @Test
    void aSnapshotTakenOnFourThreadsGoesOnTheSameOnOne() {
        World four = new BusyWorld().world, one = new BusyWorld().world;
        four.setThreads(4);
        try {
            for (int i = 0; i < 60; i++) {
                four.step(Scenes.DT);
            }
            one.restore(four.snapshot());
            for (int i = 0; i < 120; i++) {
                four.step(Scenes.DT);
                one.step(Scenes.DT);
                assertEquals(four.stateHash(), one.stateHash(), "step " + (61 + i));
            }
            assertArrayEquals(four.snapshot().toBytes(), one.snapshot().toBytes());
        } finally {
            four.close();
        }
    }

    @Test
    void badThreadCountsAreRefusedWithTheirValue() {
        World w = Scenes.world(4);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> w.setThreads(0));
        assertEquals("world: threads must be >= 1, got 0", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> w.setThreads(-3));
        assertEquals(1, w.threads());
        w.close();
        w.close();
    }

    /**
     * A box whose narrow phase throws while {@link #armed}: its type has no dedicated routine, so
     * pairs with it go through GJK, which asks {@link #supportCore}; the bounds (asked on the calling
     * thread, through {@link #support}) never throw.
     */
    private static final class TrapBox implements ConvexShape {
        static volatile boolean armed;
        static volatile String thrownOn;
        final double h;

        TrapBox(double h) {
            this.h = h;
        }

        @Override
        public ShapeType type() {
            return ShapeType.CYLINDER;
        }

        @Override
        public void localBounds(double[] out) {
            out[0] = out[1] = out[2] = -h;
            out[3] = out[4] = out[5] = h;
        }

        @Override
        public double radius() {
            return 0;
        }

        @Override
        public void support(double dx, double dy, double dz, double[] out) {
            out[0] = dx >= 0 ? h : -h;
            out[1] = dy >= 0 ? h : -h;
            out[2] = dz >= 0 ? h : -h;
        }

        @Override
        public void supportCore(double dx, double dy, double dz, double[] out) {
            if (armed) {
                thrownOn = Thread.currentThread().getName();
                throw new IllegalStateException("trap sprung");
            }
            support(dx, dy, dz, out);
        }
    }

    @Test
    void anExceptionOnAWorkerReachesTheCallerAndTheStepIsUndone() {
        boolean workerThrew = false;
        for (int round = 0; round < 20 && !workerThrew; round++) {
            World w = pile();
            World twin = pile();
            TrapBox trap = new TrapBox(0.2);
            MassProperties mass = MassProperties.of(new BoxShape(0.2, 0.2, 0.2), Scenes.DENSITY);
            for (World x : new World[] {w, twin}) {
                // Traps resting on the ground in a row beside the pen: pairs with the ground, and each other.
                for (int k = 0; k < 48; k++) {
                    x.add(BodyDef.dynamic().withMassProperties(mass).withName("trap" + k)
                            .withPosition(new Vec3(-6 + 0.39 * (k % 24), 0.2, 5 + 0.39 * (k / 24))),
                            trap, 0.5, 0);
                }
            }
            w.setThreads(4);
            try {
                for (int i = 0; i < 30; i++) {
                    w.step(Scenes.DT);
                    twin.step(Scenes.DT);
                }
                byte[] before = w.snapshot().toBytes();
                String queries = BusyWorld.queries(w);
                TrapBox.armed = true;
                TrapBox.thrownOn = null;
                IllegalStateException e;
                try {
                    e = assertThrows(IllegalStateException.class, () -> w.step(Scenes.DT));
                } finally {
                    TrapBox.armed = false;
                }
                assertEquals("trap sprung", e.getMessage());
                workerThrew = TrapBox.thrownOn.startsWith("ricochet-worker");
                assertArrayEquals(before, w.snapshot().toBytes(), "the step is undone, bit for bit");
                assertEquals(queries, BusyWorld.queries(w));
                for (int i = 0; i < 30; i++) {
                    w.step(Scenes.DT);
                    twin.step(Scenes.DT);
                    assertEquals(twin.stateHash(), w.stateHash(), "after the failed step, step " + (i + 1));
                }
            } finally {
                w.close();
            }
        }
        assertTrue(workerThrew, "in 20 tries no trap was sprung on a worker thread");
    }
}
