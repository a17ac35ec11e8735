package ricochet.lab;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;
import ricochet.geometry.PlaneSdf;
import ricochet.geometry.TriangleMesh;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.Event;
import ricochet.world.SimulationException;

/** The lab world: every method against a floor and a wall, and what a user may rely on. */
class LabWorldTest {

    private static final Vec3 G = new Vec3(0, -9.8, 0);

    /** The lab's set-up with a generated mesh: thrown at the floor and the wall. */
    static LabWorld lab(LabMethod method, LabParams params, int substeps, TriangleMesh mesh) {
        LabWorld world = new LabWorld(0.015, substeps, G);
        world.addCollider("floor", PlaneSdf.throughPoint(new Vec3(0, 0.01, 0), Vec3.UNIT_Y), Vec3.ZERO,
                Quat.IDENTITY);
        world.addCollider("wall", PlaneSdf.throughPoint(new Vec3(2, 0, 0), new Vec3(-1, 0, 0)), Vec3.ZERO,
                Quat.IDENTITY);
        world.addBody(LabBodyDef.of("body", method, mesh)
                .withPose(new Vec3(0, 0.6, 0), new Quat(0.6427876, 0, 0, 0.7660445))
                .withVelocity(new Vec3(5, 2, 0), new Vec3(0, 1, 0)).withParams(params));
        return world;
    }

    private static TriangleMesh ball() {
        return LabMeshes.sphere(0.15, 12, 16);
    }

    @Test
    void shapeMatchingKeepsTheRestShapeToRoundOffEveryStep() {
        TriangleMesh mesh = ball();
        LabWorld world = lab(LabMethod.SHAPE_MATCHING, LabParams.defaults(), 1, mesh);
        int b = 2;
        double[] rest = mesh.vertices();
        int[] pairs = {0, 7, 3, 150, 42, 191, 10, 100, 55, 120};
        for (int step = 0; step < 400; step++) {
            world.step();
            double[] p = world.vertexPositions(b);
            for (int k = 0; k < pairs.length; k += 2) {
                double restD = dist(rest, pairs[k], pairs[k + 1]);
                assertEquals(restD, dist(p, pairs[k], pairs[k + 1]), 1e-9, "step " + step);
            }
        }
    }

    private static double dist(double[] p, int i, int j) {
        double dx = p[3 * i] - p[3 * j], dy = p[3 * i + 1] - p[3 * j + 1], dz = p[3 * i + 2] - p[3 * j + 2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    @Test
    void logBarrierKeepsEveryVertexInFrontOfEverySurfaceAtEveryStep() {
        LabParams p = LabParams.defaults().withBarrier(1000, 0.01).withPenalty(0.01, 1e4);
        LabWorld world = lab(LabMethod.PENALTY_LOG_BARRIER, p, 1, ball());
        for (int step = 0; step < 600; step++) {
            world.step();
            assertTrue(world.clearance(2, 0) > 0, "floor clearance at step " + step);
            assertTrue(world.clearance(2, 1) > 0, "wall clearance at step " + step);
        }
    }

    @Test
    void logBarrierRefusesABodyThatStartsOnTheSurface() {
        LabWorld world = new LabWorld(0.015, 1, G);
        world.addCollider("floor", new PlaneSdf(Vec3.UNIT_Y, 0), Vec3.ZERO, Quat.IDENTITY);
        LabBodyDef def = LabBodyDef.of("cube", LabMethod.PENALTY_LOG_BARRIER, LabMeshes.cube(0.5))
                .withParams(LabParams.defaults().withBarrier(10, 0.01));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> world.addBody(def));
        assertTrue(e.getMessage().contains("'cube'") && e.getMessage().contains("floor"), e.getMessage());
        assertEquals(1, world.bodyCount());
    }

    @ParameterizedTest
    @EnumSource(LabMethod.class)
    void everyMethodLeavesABodyThatRestsOnTheFloorStill(LabMethod method) {
        // A cube resting flat on the floor with a sleep rule: nothing explodes and it ends asleep and at rest.
        LabParams p = LabParams.defaults().withPenalty(method == LabMethod.IMPULSE ? 0.002 : 0.01, 1e4)
                .withStiffness(1e5).withBarrier(100, 0.01).withStabilisers(true, 0.2, false, 0.02, 0.2, 0.5);
        LabWorld world = new LabWorld(0.015, 4, G);
        world.addCollider("floor", new PlaneSdf(Vec3.UNIT_Y, 0), Vec3.ZERO, Quat.IDENTITY);
        int b = world.addBody(LabBodyDef.of("cube", method, LabMeshes.cube(0.5))
                .withPose(new Vec3(0, 0.52, 0), Quat.IDENTITY).withParams(p));
        for (int i = 0; i < 400; i++) {
            world.step();
        }
        double[] s = new double[13];
        world.readState(b, s);
        assertTrue(world.isSleeping(b), method + " should sleep");
        assertEquals(0, Math.hypot(s[7], Math.hypot(s[8], s[9])), 1e-12);
        // Every method holds it within a few centimetres of resting flat (penalties sink by M g / (n k)).
        assertEquals(0.5, s[1], 0.03, method + " rest height");
    }

    @Test
    void aNonFiniteStateStopsTheStepNamingTheBodyAndStep() {
        LabWorld world = new LabWorld(0.015, 1, G);
        world.addCollider("floor", new PlaneSdf(Vec3.UNIT_Y, -100), Vec3.ZERO, Quat.IDENTITY);
        world.addBody(LabBodyDef.of("spinner", LabMethod.IMPULSE, LabMeshes.cube(0.5))
                .withVelocity(Vec3.ZERO, new Vec3(1e308, 0, 0)));
        SimulationException e = assertThrows(SimulationException.class, world::step);
        assertEquals("spinner", e.body());
        assertEquals(1, e.step());
    }

    /**
     * Promise 3 in the lab world: a shape-matching ball bouncing on the floor (events, touching flags,
     * particles) is stepped before an impulse cube whose spin is made unusable; the failed step puts
     * back every body, flag and event, bit for bit, and the world goes on like an untouched twin.
     */
    @Test
    void aFailedStepIsUndoneAndTheWorldGoesOnLikeItsTwin() {
        LabWorld world = twoBodies();
        LabWorld twin = twoBodies();
        for (int i = 0; i < 70; i++) {
            world.step();
            twin.step();
        }
        int cube = 3;
        assertEquals("cube", world.bodyName(cube));
        List<Event> seen = new ArrayList<>();
        world.drainEvents(seen);
        assertTrue(!seen.isEmpty(), "the ball has touched the floor by now");
        world.step();
        twin.step();
        world.setVelocity(cube, Vec3.ZERO, new Vec3(1e200, 0, 0));
        byte[] before = world.snapshot().toBytes();
        SimulationException e = assertThrows(SimulationException.class, world::step);
        assertEquals("cube", e.body());
        assertEquals(72, e.step());
        assertTrue(e.getMessage().contains("as it was before step 72"), e.getMessage());
        assertArrayEquals(before, world.snapshot().toBytes(), "the failed step left no trace");
        assertEquals(71, world.stepCount());

        world.setVelocity(cube, Vec3.ZERO, new Vec3(0, 0.5, 0));
        twin.setVelocity(cube, Vec3.ZERO, new Vec3(0, 0.5, 0));
        for (int i = 0; i < 80; i++) {
            world.step();
            twin.step();
        }
        List<Event> a = new ArrayList<>(), b = new ArrayList<>();
        world.drainEvents(a);
        twin.drainEvents(b);
        List<Event> twinTail = b.subList(b.size() - a.size(), b.size());
        assertEquals(twinTail, a);
        assertArrayEquals(twin.snapshot().toBytes(), world.snapshot().toBytes());
    }

    private static LabWorld twoBodies() {
        LabWorld world = lab(LabMethod.SHAPE_MATCHING, LabParams.defaults(), 2, ball());
        world.addBody(LabBodyDef.of("cube", LabMethod.IMPULSE, LabMeshes.cube(0.2))
                .withPose(new Vec3(-1, 1.5, 0), Quat.IDENTITY));
        return world;
    }

    @Test
    void badInputIsRejectedAndTheWorldIsUnchanged() {
        LabWorld world = lab(LabMethod.IMPULSE, LabParams.defaults(), 1, ball());
        int before = world.bodyCount();
        TriangleMesh mesh = ball();
        assertThrows(IllegalArgumentException.class, () -> world.addBody(
                LabBodyDef.of("nan", LabMethod.IMPULSE, mesh).withVelocity(new Vec3(Double.NaN, 0, 0), Vec3.ZERO)));
        assertThrows(IllegalArgumentException.class, () -> world.addBody(
                LabBodyDef.of("zero q", LabMethod.IMPULSE, mesh).withPose(Vec3.ZERO, new Quat(0, 0, 0, 0))));
        assertThrows(IllegalArgumentException.class, () -> world.addBody(
                LabBodyDef.of("body", LabMethod.IMPULSE, mesh)));
        assertThrows(IllegalArgumentException.class, () -> LabParams.defaults().withVertexMass(-1));
        assertThrows(IllegalArgumentException.class, () -> world.setMaterial(2, 1.5, 0.2));
        assertThrows(IllegalArgumentException.class, () -> world.setTiming(Double.NaN, 1));
        assertThrows(IllegalArgumentException.class, () -> world.addCollider("tilted",
                new PlaneSdf(Vec3.UNIT_Y, -1), Vec3.ZERO, new Quat(0, 0, 0, 0)));
        assertThrows(IllegalArgumentException.class, () -> world.addCollider("floor",
                new PlaneSdf(Vec3.UNIT_Y, -1), Vec3.ZERO, Quat.IDENTITY));
        assertEquals(before, world.bodyCount());
        assertEquals(0.5, world.restitution(2));
        assertEquals(0.015, world.dt());
    }

    @Test
    void sameInputGivesBitIdenticalStates() {
        double[] a = run();
        double[] b = run();
        assertArrayEquals(a, b);
    }

    private static double[] run() {
        LabWorld world = lab(LabMethod.IMPULSE, LabParams.defaults(), 1, ball());
        double[] all = new double[13 * 300];
        double[] s = new double[13];
        for (int i = 0; i < 300; i++) {
            world.step();
            world.readState(2, s);
            System.arraycopy(s, 0, all, 13 * i, 13);
        }
        return all;
    }

    @Test
    void contactEventsComeInBeginEndPairsNamingBothBodies() {
        LabWorld world = lab(LabMethod.IMPULSE, LabParams.defaults(), 1, ball());
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            world.step();
        }
        world.drainEvents(events);
        assertTrue(events.stream().anyMatch(e -> e.type() == Event.Type.CONTACT_BEGIN && "wall".equals(e.b())));
        assertTrue(events.stream().anyMatch(e -> e.type() == Event.Type.CONTACT_BEGIN && "floor".equals(e.b())));
        for (String other : List.of("floor", "wall")) {
            int open = 0;
            for (Event e : events) {
                if (!other.equals(e.b())) {
                    continue;
                }
                open += e.type() == Event.Type.CONTACT_BEGIN ? 1 : -1;
                assertTrue(open == 0 || open == 1, "begin/end alternate for " + other);
            }
        }
    }

    @Test
    void resetRestoresTheInitialStateExactly() {
        LabWorld world = lab(LabMethod.SHAPE_MATCHING, LabParams.defaults(), 1, ball());
        double[] initial = new double[13];
        world.readState(2, initial);
        for (int i = 0; i < 100; i++) {
            world.step();
        }
        world.reset();
        double[] again = new double[13];
        world.readState(2, again);
        assertArrayEquals(initial, again);
        assertEquals(0, world.stepCount());
    }
}
