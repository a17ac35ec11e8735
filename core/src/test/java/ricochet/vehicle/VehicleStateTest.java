package ricochet.vehicle;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyId;
import ricochet.math.Vec3;
import ricochet.world.Event;
import ricochet.world.SimulationException;
import ricochet.world.World;
import ricochet.world.WorldSnapshot;

/** Wheel events, snapshots, the state hash and a failed step's rollback, for worlds with vehicles. */
class VehicleStateTest {

    static final double DT = 1 / 60.0;

    @Test
    void eachWheelReportsContactOnceAtTheStepItsRayFirstReachesTheGround() {
        World w = VehicleScenes.flat(4);
        VehicleDef def = VehicleScenes.car("car");
        double drop = 0.4;
        VehicleId car = VehicleScenes.place(w, def, 0, 0, drop);
        BodyId chassis = w.vehicles().chassis(car);
        double touch = VehicleScenes.touchHeight(def);
        List<Event> events = new ArrayList<>();
        // The chassis origin's height after each step: a wheel's ray (restLength + radius below its
        // mount) reaches y = 0 in the first step that starts with the origin at touch height or lower.
        List<Double> heights = new ArrayList<>();
        heights.add(w.position(chassis).y());
        for (int i = 0; i < 240; i++) {
            w.step(DT);
            w.drainEvents(events);
            heights.add(w.position(chassis).y());
        }
        long firstReach = 0;
        while (heights.get((int) firstReach) > touch) {
            firstReach++;
        }
        long expectedStep = firstReach + 1;
        // Free fall: the drop takes sqrt(2 d / g); the cast sees the pose of the step's start, so the
        // event comes in the step that starts after it (within one step; the substeps' semi-implicit
        // Euler falls ahead of the parabola by g t h / 2, a few millimetres here).
        double fall = Math.sqrt(2 * drop / VehicleScenes.G);
        assertEquals(fall, (expectedStep - 1) * DT, DT, "the step that starts after the fall");
        for (int k = 0; k < 4; k++) {
            String wheel = "car.wheel" + k;
            List<Event> own = events.stream().filter(e -> e.a().equals(wheel)).toList();
            assertEquals(1, own.size(), own.toString());
            Event e = own.get(0);
            assertEquals(Event.Type.WHEEL_CONTACT, e.type());
            assertEquals("ground", e.b());
            assertEquals(expectedStep, e.step(), wheel);
            assertEquals(expectedStep * DT, e.time(), 1e-12);
            assertTrue(w.vehicles().inContact(car, k));
        }
    }

    @Test
    void aWheelThatLeavesTheGroundReportsAirborneInThatStep() {
        World w = VehicleScenes.flat(4);
        VehicleId car = VehicleScenes.place(w, VehicleScenes.car("car"), 0, 0, 0);
        BodyId chassis = w.vehicles().chassis(car);
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            w.step(DT);
        }
        w.drainEvents(events);
        events.clear();
        // Lifted 1 m at once: every ray misses in the next step's cast.
        Vec3 p = w.position(chassis);
        w.setPosition(chassis, new Vec3(p.x(), p.y() + 1, p.z()));
        w.step(DT);
        w.drainEvents(events);
        assertEquals(4, events.size(), events.toString());
        for (int k = 0; k < 4; k++) {
            Event e = events.get(k);
            assertEquals(Event.Type.WHEEL_AIRBORNE, e.type());
            assertEquals("car.wheel" + k, e.a());
            assertEquals(null, e.b());
            assertEquals(w.stepCount(), e.step());
            assertTrue(!w.vehicles().inContact(car, k));
        }
    }

    /** Runs {@code steps} steps of the busy scene's driving from step {@code from}, draining events. */
    static void run(World w, int from, int steps, List<Event> out) {
        for (int i = from; i < from + steps; i++) {
            VehicleDeterminismTest.drive(w, i);
            w.step(DT);
            w.drainEvents(out);
        }
    }

    @Test
    void aSnapshotHoldsTheVehiclesAndTheRestoredWorldGoesOnWithTheSameBits() {
        World original = VehicleDeterminismTest.busy(1);
        List<Event> ignored = new ArrayList<>();
        run(original, 0, 200, ignored);
        WorldSnapshot snap = original.snapshot();
        World copy = VehicleDeterminismTest.busy(1);
        assertNotEquals(original.stateHash(), copy.stateHash());
        copy.restore(WorldSnapshot.fromBytes(snap.toBytes()));
        assertEquals(original.stateHash(), copy.stateHash());
        List<Event> a = new ArrayList<>(), b = new ArrayList<>();
        run(original, 200, 300, a);
        run(copy, 200, 300, b);
        assertEquals(original.stateHash(), copy.stateHash());
        assertEquals(a, b);
        assertArrayEquals(original.snapshot().toBytes(), copy.snapshot().toBytes());
        VehicleId id = original.vehicles().ids().get(1), same = copy.vehicles().ids().get(1);
        assertEquals(original.vehicles().gear(id), copy.vehicles().gear(same));
        assertEquals(original.vehicles().wheelSpin(id, 0), copy.vehicles().wheelSpin(same, 0));
    }

    @Test
    void aSnapshotOfAnotherVehicleTableIsRefusedAndChangesNothing() {
        World twoCars = VehicleDeterminismTest.busy(1);
        run(twoCars, 0, 30, new ArrayList<>());
        World oneCar = VehicleDeterminismTest.busy(1);
        oneCar.vehicles().remove(oneCar.vehicles().ids().get(1));
        long before = oneCar.stateHash();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> oneCar.restore(twoCars.snapshot()));
        assertTrue(e.getMessage().startsWith("snapshot"), e.getMessage());
        assertEquals(before, oneCar.stateHash());
    }

    @Test
    void theStateHashSeesTheVehicles() {
        World a = VehicleDeterminismTest.busy(1), b = VehicleDeterminismTest.busy(1);
        assertEquals(a.stateHash(), b.stateHash());
        b.vehicles().setInput(b.vehicles().ids().get(0), 0.5, 0, 0, 0);
        assertNotEquals(a.stateHash(), b.stateHash());
    }

    @Test
    void aFailedStepLeavesTheVehiclesAsTheyWere() {
        World w = VehicleDeterminismTest.busy(1), twin = VehicleDeterminismTest.busy(1);
        List<Event> ea = new ArrayList<>(), eb = new ArrayList<>();
        run(w, 0, 100, ea);
        run(twin, 0, 100, eb);
        // A box pushed past the speed limit by the solve: the step fails after the vehicles' stage ran.
        // The first box: the body added after the ground.
        BodyId box = new BodyId(1, 0);
        assertEquals("box0", w.name(box));
        Vec3 v0 = twin.velocity(box);
        double half = 0.6 * World.MAX_SPEED;
        w.setVelocity(box, new Vec3(half, 0, 0));
        w.applyForce(box, new Vec3(half * w.mass(box) / DT, 0, 0), w.centerOfMass(box));
        VehicleDeterminismTest.drive(w, 100);
        assertThrows(SimulationException.class, () -> w.step(DT));
        w.setVelocity(box, v0);
        twin.setVelocity(box, v0);
        VehicleDeterminismTest.drive(twin, 100);
        assertEquals(twin.stateHash(), w.stateHash());
        List<Event> a = new ArrayList<>(), b = new ArrayList<>();
        run(w, 100, 100, a);
        run(twin, 100, 100, b);
        assertEquals(twin.stateHash(), w.stateHash());
        assertEquals(b, a);
        assertArrayEquals(twin.snapshot().toBytes(), w.snapshot().toBytes());
    }
}
