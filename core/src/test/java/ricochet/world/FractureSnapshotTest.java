package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.fracture.VoronoiFracture;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Vec3;

/**
 * A world with a fractured body in snapshots: restored before or after its bonds break, it goes on bit
 * for bit as the unbroken run, events included; a step that fails as the wall breaks changes nothing.
 * The world is the shattered wall: a 5 kg ball at 15 m/s through a 50-piece wall anchored to the ground.
 */
class FractureSnapshotTest {

    private static final double DT = 1.0 / 60;
    private static final int STEPS = 60;

    /** The shattered wall, as a simulation (so its snapshots hold the events not yet drained). */
    private static WorldSimulation shatter() {
        World world = new World(new Vec3(0, -9.81, 0));
        world.setSubsteps(8);
        world.setIterations(1);
        WorldSimulation sim = new WorldSimulation(world, DT);
        sim.add("ground", BodyDef.staticBody().withPosition(new Vec3(0, -0.5, 0)), new BoxShape(20, 0.5, 50),
                0.6, 0);
        BoxShape wall = new BoxShape(2, 1, 0.05);
        sim.addFractured("wall", BodyDef.dynamic().withPosition(new Vec3(0, 1, 0)).withAngularDamping(0.5),
                VoronoiFracture.fracture(wall, 50, 7), 100, 5, true, 0.6, 0);
        SphereShape ball = new SphereShape(0.15);
        sim.add("ball", BodyDef.dynamic().withShape(ball, 1000).withMass(5)
                .withPosition(new Vec3(0.2, 1.2, 2)).withVelocity(new Vec3(0, 0, -15)), ball, 0.5, 0);
        return sim;
    }

    /** The hashes after each step, every event, and snapshots (through bytes) before steps {@code at}. */
    private static long[] run(WorldSimulation sim, int from, List<Event> events, int[] at,
                              List<WorldSnapshot> snaps) {
        long[] hashes = new long[STEPS];
        for (int i = from; i < STEPS; i++) {
            if (at != null && Arrays.binarySearch(at, i) >= 0) {
                snaps.add(WorldSnapshot.fromBytes(sim.snapshot().toBytes()));
            }
            sim.step();
            hashes[i] = sim.stateHash();
            sim.drainEvents(events);
        }
        return hashes;
    }

    private static int firstBreakStep(List<Event> events) {
        return (int) events.stream().filter(e -> e.type() == Event.Type.BREAK).mapToLong(Event::step).min()
                .orElse(-1);
    }

    @Test
    void restoredBeforeOrAfterTheBreakTheRunGoesOnBitForBit() {
        WorldSimulation original = shatter();
        List<Event> events = new ArrayList<>();
        List<WorldSnapshot> snaps = new ArrayList<>();
        // Step 4: the wall whole; 12: in pieces, the break's events still undrained in step 9's snapshot.
        int[] at = {4, 9, 12};
        long[] expected = run(original, 0, events, at, snaps);
        int broke = firstBreakStep(events);
        assertTrue(broke > at[0] && broke <= at[1], "the wall breaks between the snapshots, step " + broke);
        assertTrue(original.world().fractures().clusterCount(0) > 10, "the wall is in pieces");
        for (int k = 0; k < at.length; k++) {
            int from = at[k];
            WorldSimulation fresh = shatter();
            fresh.restore(snaps.get(k));
            List<Event> freshEvents = new ArrayList<>();
            long[] actual = run(fresh, from, freshEvents, null, null);
            assertArrayEquals(Arrays.copyOfRange(expected, from, STEPS),
                    Arrays.copyOfRange(actual, from, STEPS), "hashes after a restore at step " + from);
            assertEquals(events.stream().filter(e -> e.step() > from).toList(),
                    freshEvents.stream().filter(e -> e.step() > from).toList(), "events after step " + from);
            assertEquals(original.world().fractures().clusterCount(0),
                    fresh.world().fractures().clusterCount(0));
            // Equal states give equal snapshots.
            assertArrayEquals(original.snapshot().toBytes(), fresh.snapshot().toBytes());
        }
    }

    @Test
    void aWorldThatBrokeFurtherThanTheSnapshotRefusesItAndStaysAsItWas() {
        WorldSimulation sim = shatter();
        WorldSnapshot whole = sim.snapshot();
        run(sim, 0, new ArrayList<>(), null, null);
        long hash = sim.stateHash();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sim.restore(whole));
        assertTrue(e.getMessage().contains("broke otherwise than this world's, or less"), e.getMessage());
        assertEquals(hash, sim.stateHash());
        // Its own latest snapshot it takes back.
        sim.restore(sim.snapshot());
        assertEquals(hash, sim.stateHash());
    }

    /**
     * The breaking step, made to fail (the ball pushed beyond the world's speed limit), leaves the world
     * as it was; the step taken again without the push breaks the wall as the unbroken run did.
     */
    @Test
    void aBreakingStepThatFailsChangesNothing() {
        WorldSimulation original = shatter();
        List<Event> events = new ArrayList<>();
        long[] expected = run(original, 0, events, null, null);
        int broke = firstBreakStep(events);

        WorldSimulation sim = shatter();
        List<Event> simEvents = new ArrayList<>();
        for (int i = 0; i < broke - 1; i++) {
            sim.step();
            sim.drainEvents(simEvents);
        }
        byte[] before = sim.world().snapshot().toBytes();
        BodyId ball = sim.body("ball");
        sim.world().applyForce(ball, new Vec3(0, 0, -2 * World.MAX_SPEED * 5 / DT),
                sim.world().centerOfMass(ball));
        assertThrows(SimulationException.class, sim::step);
        assertArrayEquals(before, sim.world().snapshot().toBytes(), "the world as before the failed step");
        assertEquals(1, sim.world().fractures().clusterCount(0));
        long[] actual = run(sim, broke - 1, simEvents, null, null);
        assertArrayEquals(Arrays.copyOfRange(expected, broke - 1, STEPS),
                Arrays.copyOfRange(actual, broke - 1, STEPS));
        assertEquals(events.stream().filter(e -> e.type() == Event.Type.BREAK).toList(),
                simEvents.stream().filter(e -> e.type() == Event.Type.BREAK).toList());
    }
}
