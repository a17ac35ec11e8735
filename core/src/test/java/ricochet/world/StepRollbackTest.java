package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyId;
import ricochet.math.Vec3;

/**
 * Promise 3: a step in which a body's state becomes unusable throws a {@link SimulationException}
 * naming the body and the step, and leaves the world exactly as it was before the step: every query
 * answers the same, the snapshot's bytes are the same, and the steps after it equal, bit for bit,
 * those of a twin world that never tried the failed step.
 */
class StepRollbackTest {

    /** Where the failed step comes: the pile is landing (contacts, warm starts) and sleeping part-way. */
    private static final int[] FAIL_AT = {25, 110};
    private static final int AFTER = 120;

    /**
     * Runs a busy world and its twin in step; at {@code at} the world gets {@code poison} on box 13 and
     * its twin {@code antidote} (what the poison does besides: a push wakes the body), the world's step
     * must fail, and from there on both must agree.
     */
    private static SimulationException failAndCompare(int target, BiConsumer<World, BodyId> poison,
                                                      BiConsumer<World, BodyId> antidote) {
        // The first step from the target on that records events, so there are some to keep.
        List<Event> scouted = new ArrayList<>();
        BusyWorld.run(new BusyWorld().world, target + 50, scouted);
        int at = (int) scouted.stream().mapToLong(Event::step).filter(s -> s >= target).min().orElseThrow();
        BusyWorld a = new BusyWorld(), twin = new BusyWorld();
        List<Event> eventsA = new ArrayList<>(), eventsTwin = new ArrayList<>();
        BusyWorld.run(a.world, at - 1, eventsA);
        BusyWorld.run(twin.world, at - 1, eventsTwin);
        // The last step's events stay undrained: the failed step must not drop them.
        a.world.step(Scenes.DT);
        twin.world.step(Scenes.DT);
        BodyId victim = a.boxes.get(13);
        poison.accept(a.world, victim);
        antidote.accept(twin.world, twin.boxes.get(13));
        String queries = BusyWorld.queries(twin.world);
        byte[] state = twin.world.snapshot().toBytes();

        SimulationException e = assertThrows(SimulationException.class, () -> a.world.step(Scenes.DT));
        assertEquals(at + 1, e.step(), e.getMessage());
        assertTrue(e.getMessage().contains("step " + (at + 1)), e.getMessage());
        assertEquals("box13", e.body(), e.getMessage());
        assertEquals(queries, BusyWorld.queries(a.world), "every query answers as before the step");
        assertArrayEquals(state, a.world.snapshot().toBytes(), "the whole state is as before the step");

        List<Event> afterA = new ArrayList<>(), afterTwin = new ArrayList<>();
        a.world.drainEvents(afterA);
        twin.world.drainEvents(afterTwin);
        assertTrue(!afterA.isEmpty() && afterA.stream().allMatch(ev -> ev.step() == at),
                "the last good step's events are still there to drain: " + afterA);
        assertArrayEquals(BusyWorld.run(twin.world, AFTER, afterTwin), BusyWorld.run(a.world, AFTER, afterA));
        assertEquals(afterTwin, afterA);
        return e;
    }

    @Test
    void aForceOf1e308IsCaughtInItsStepAndTheWorldGoesOnAsIfItNeverCame() {
        for (int at : FAIL_AT) {
            SimulationException e = failAndCompare(at,
                    (w, id) -> w.applyForce(id, new Vec3(1e308, 0, 0), w.centerOfMass(id)),
                    World::wake);
            // Refused before integration, as the torque below (see StateCheck.checkLoads).
            assertTrue(e.getMessage().contains("before the step") && e.getMessage().contains("force"),
                    e.getMessage());
        }
    }

    @Test
    void aTorqueThatSpinsABodyBeyondUseIsCaught() {
        SimulationException e = failAndCompare(FAIL_AT[1],
                (w, id) -> w.applyTorque(id, new Vec3(0, 1e300, 0)),
                World::wake);
        // Caught before the integrator's spin cap could absorb it.
        assertTrue(e.getMessage().contains("before the step") && e.getMessage().contains("torque"),
                e.getMessage());
    }

    @Test
    void aFiniteButHugeSpeedIsCaughtBeforeItBecomesAHugePose() {
        // 1e200 m/s is finite; a step would move the body 1e198 m, where nothing works any more.
        BusyWorld a = new BusyWorld(), twin = new BusyWorld();
        BusyWorld.run(a.world, FAIL_AT[0], new ArrayList<>());
        BusyWorld.run(twin.world, FAIL_AT[0], new ArrayList<>());
        BodyId box = a.boxes.get(13);
        Vec3 v = a.world.velocity(box);
        a.world.setVelocity(box, new Vec3(0, 0, 1e200));
        String queries = BusyWorld.queries(a.world);
        byte[] state = a.world.snapshot().toBytes();
        SimulationException e = assertThrows(SimulationException.class, () -> a.world.step(Scenes.DT));
        assertTrue(e.getMessage().contains("before the step"), e.getMessage());
        assertEquals("box13", e.body());
        assertEquals(FAIL_AT[0] + 1, e.step());
        assertEquals(queries, BusyWorld.queries(a.world));
        assertArrayEquals(state, a.world.snapshot().toBytes());
        // Given its velocity back, it goes on as its twin given the same.
        a.world.setVelocity(box, v);
        twin.world.setVelocity(twin.boxes.get(13), v);
        assertArrayEquals(BusyWorld.run(twin.world, AFTER, new ArrayList<>()), BusyWorld.run(a.world, AFTER,
                new ArrayList<>()));
    }

    @Test
    void aPoseBeyondTheUsableRangeIsRefusedByTheStep() {
        BusyWorld a = new BusyWorld();
        BusyWorld.run(a.world, 10, new ArrayList<>());
        BodyId box = a.boxes.get(3);
        a.world.setPosition(box, new Vec3(1e167, 0, 0));
        String queries = BusyWorld.queries(a.world);
        SimulationException e = assertThrows(SimulationException.class, () -> a.world.step(Scenes.DT));
        assertEquals("box3", e.body());
        assertEquals(11, e.step());
        assertEquals(queries, BusyWorld.queries(a.world));
        // Put back where it was usable, the world steps again.
        a.world.setPosition(box, new Vec3(0, 3, 0));
        a.world.step(Scenes.DT);
        assertEquals(11, a.world.stepCount());
    }

    @Test
    void theCheckpointCostsLittleAgainstTheStep() {
        BusyWorld a = new BusyWorld();
        BusyWorld.run(a.world, 200, new ArrayList<>());
        Profile p = a.world.profile();
        double checkpoint = p.meanMillis(Profile.Stage.CHECKPOINT), total = 0;
        for (Profile.Stage s : Profile.Stage.values()) {
            total += p.meanMillis(s);
        }
        // Measured in the README (Promises, 3); here only a generous bound against an accidental
        // O(n^2) or an allocation per step: the checkpoint copies a few hundred numbers a body.
        assertTrue(checkpoint < 0.25 * total, "checkpoint " + checkpoint + " ms of " + total
                + " ms per step");
    }
}
