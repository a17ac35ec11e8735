package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.SphereShape;
import ricochet.joints.JointDef;
import ricochet.joints.JointId;
import ricochet.math.Vec3;

/**
 * Promise 4: a world restored from a snapshot goes on exactly as the world it was taken of, bit for
 * bit, whether restored into that world, into a fresh one built the same way, or through the byte
 * form; bytes cut short or changed are rejected saying so.
 */
class SnapshotTest {

    /** Steps of the busy world's run. */
    private static final int STEPS = 300;
    /**
     * Where the snapshots are taken: step 20 with the pile in the air and the fragile joint about to
     * break (step 32); 100 with four boxes asleep and the rest's sleep timers running; 160 with the
     * pile asleep, just before the first box's island is woken (step 172, {@link #stepPoked}).
     */
    private static final int[] SNAPSHOTS = {20, 100, 160};
    private static final int BEFORE = 20, AFTER = 200;

    @Test
    void aFreshWorldRestoredFromASnapshotGoesOnBitForBit() {
        BusyWorld original = new BusyWorld();
        long[] expected = new long[STEPS];
        List<Event> events = new ArrayList<>();
        List<WorldSnapshot> snapshots = new ArrayList<>();
        List<String> queries = new ArrayList<>();
        for (int i = 0; i < STEPS; i++) {
            if (Arrays.binarySearch(SNAPSHOTS, i) >= 0) {
                snapshots.add(original.world.snapshot());
                queries.add(BusyWorld.queries(original.world));
            }
            stepPoked(original);
            expected[i] = original.world.stateHash();
            original.world.drainEvents(events);
        }
        // What the run went through, so that the test covers it.
        for (Event.Type t : new Event.Type[] {Event.Type.SLEEP, Event.Type.WAKE, Event.Type.JOINT_BREAK,
            Event.Type.SENSOR_ENTER, Event.Type.CONTACT_BEGIN}) {
            assertTrue(events.stream().anyMatch(e -> e.type() == t && e.step() > SNAPSHOTS[0]), t + ": "
                    + events);
        }
        assertTrue(original.world.continuousHits() > 0, "the bullet was swept");

        for (int k = 0; k < SNAPSHOTS.length; k++) {
            int at = SNAPSHOTS[k];
            BusyWorld fresh = new BusyWorld();
            fresh.world.restore(snapshots.get(k));
            assertEquals(queries.get(k), BusyWorld.queries(fresh.world), "every query answers as at step "
                    + at);
            List<Event> freshEvents = new ArrayList<>();
            long[] actual = new long[STEPS - at];
            for (int i = 0; i < actual.length; i++) {
                stepPoked(fresh);
                actual[i] = fresh.world.stateHash();
                fresh.world.drainEvents(freshEvents);
            }
            assertArrayEquals(Arrays.copyOfRange(expected, at, STEPS), actual, "state hashes after step "
                    + at);
            assertEquals(events.stream().filter(e -> e.step() > at).toList(), freshEvents);
            assertEquals(BusyWorld.queries(original.world), BusyWorld.queries(fresh.world));
            // Equal states give equal snapshots: nothing left over from a world's history shows.
            assertArrayEquals(original.world.snapshot().toBytes(), fresh.world.snapshot().toBytes(),
                    "the whole state after the run, restored at step " + at);
        }
        assertTrue(snapshots.get(1).toBytes().length > 0);
    }

    /** The step before which the first box (asleep by then) is woken by the user. */
    private static final int WAKE_AT = 172;

    /**
     * One step of the busy world, waking its first box before step {@link #WAKE_AT}: a wake after the
     * last snapshot whatever the pile's settling does (the ball's bounces no longer reach the pile
     * since the contact solver runs in colour order).
     */
    private static void stepPoked(BusyWorld b) {
        if (b.world.stepCount() == WAKE_AT - 1) {
            b.world.wake(b.boxes.get(0));
        }
        b.world.step(Scenes.DT);
    }

    @Test
    void theSameWorldRestoredGoesOnAsAfterTheSnapshotAndKeepsItsHandles() {
        BusyWorld b = new BusyWorld();
        World w = b.world;
        BusyWorld.run(w, BEFORE, new ArrayList<>());
        List<JointId> joints = w.joints();
        WorldSnapshot snapshot = w.snapshot();
        List<Event> events = new ArrayList<>();
        long[] expected = BusyWorld.run(w, AFTER, events);
        assertTrue(w.jointCount() < joints.size(), "a joint broke after the snapshot");

        w.restore(snapshot);
        assertEquals(joints, w.joints(), "the broken joint is back, under its old handle");
        assertEquals(BEFORE, w.stepCount());
        // Handles taken before the snapshot name the same bodies.
        assertEquals("box0", w.name(b.boxes.get(0)));
        assertEquals("ball", w.name(b.ball));
        List<Event> again = new ArrayList<>();
        assertArrayEquals(expected, BusyWorld.run(w, AFTER, again));
        assertEquals(events, again);
    }

    @Test
    void theByteFormRestoresTheSameAndSnapshotsAreStable() {
        BusyWorld b = new BusyWorld();
        BusyWorld.run(b.world, BEFORE, new ArrayList<>());
        WorldSnapshot snapshot = b.world.snapshot();
        byte[] bytes = snapshot.toBytes();
        assertEquals(bytes.length, snapshot.size());
        long[] expected = BusyWorld.run(b.world, 60, new ArrayList<>());

        BusyWorld fresh = new BusyWorld();
        WorldSnapshot read = WorldSnapshot.fromBytes(bytes);
        assertEquals(BEFORE, read.stepCount());
        assertEquals(snapshot.time(), read.time());
        fresh.world.restore(read);
        // A restored world's snapshot is the one it was restored from, byte for byte.
        assertArrayEquals(bytes, fresh.world.snapshot().toBytes());
        assertArrayEquals(expected, BusyWorld.run(fresh.world, 60, new ArrayList<>()));
    }

    @Test
    void aSimulationSnapshotKeepsTheEventsNotYetDrained() {
        BusyWorld a = new BusyWorld();
        WorldSimulation simA = a.simulation();
        for (int i = 0; i < BEFORE; i++) {
            simA.step();
        }
        WorldSnapshot snapshot = simA.snapshot();
        assertEquals(WorldSnapshot.Kind.SIMULATION, snapshot.kind());
        for (int i = 0; i < 30; i++) {
            simA.step();
        }
        List<Event> expected = new ArrayList<>();
        simA.drainEvents(expected);

        WorldSimulation simB = new BusyWorld().simulation();
        simB.restore(WorldSnapshot.fromBytes(snapshot.toBytes()));
        for (int i = 0; i < 30; i++) {
            simB.step();
        }
        List<Event> actual = new ArrayList<>();
        simB.drainEvents(actual);
        assertFalse(expected.isEmpty());
        assertTrue(expected.get(0).step() <= BEFORE, "events from before the snapshot were still held");
        assertEquals(expected, actual);
        assertEquals(a.world.stateHash(), simB.world().stateHash());
    }

    @Test
    void cutOrChangedBytesAreRejectedSayingWhatIsWrong() {
        BusyWorld b = new BusyWorld();
        BusyWorld.run(b.world, 10, new ArrayList<>());
        byte[] bytes = b.world.snapshot().toBytes();
        for (int length : new int[] {0, 5, 20, 37, bytes.length / 2, bytes.length - 1}) {
            var e = assertThrows(IllegalArgumentException.class,
                    () -> WorldSnapshot.fromBytes(Arrays.copyOf(bytes, length)), "cut to " + length);
            String expected = length < 8 ? "not a ricochet world snapshot" : "truncated";
            assertTrue(e.getMessage().contains(expected), length + ": " + e.getMessage());
        }
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 3);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WorldSnapshot.fromBytes(longer))
                .getMessage().contains("after its end"));
        // The payload length sits at bytes 29-32 (after magic, version, kind, step and time).
        byte[] longerField = bytes.clone();
        java.nio.ByteBuffer.wrap(longerField).putInt(29, java.nio.ByteBuffer.wrap(bytes).getInt(29) + 1);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WorldSnapshot.fromBytes(longerField))
                .getMessage().contains("truncated"), "a length field that promises more");
        for (int at : new int[] {40, bytes.length / 3, bytes.length - 2}) {
            byte[] changed = bytes.clone();
            changed[at] ^= 0x10;
            var e = assertThrows(IllegalArgumentException.class, () -> WorldSnapshot.fromBytes(changed));
            assertTrue(e.getMessage().contains("checksum"), at + ": " + e.getMessage());
        }
        byte[] magic = bytes.clone();
        magic[0] = 'X';
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> WorldSnapshot.fromBytes(magic)).getMessage()
                .contains("not a ricochet world snapshot"));
        byte[] version = bytes.clone();
        version[11] = 9;
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WorldSnapshot.fromBytes(version))
                .getMessage().contains("version 9"));
    }

    @Test
    void aSnapshotThatDoesNotFitIsRefusedAndChangesNothing() {
        BusyWorld b = new BusyWorld();
        BusyWorld.run(b.world, 20, new ArrayList<>());
        WorldSnapshot snapshot = b.world.snapshot();

        BusyWorld other = new BusyWorld();
        other.world.add(BodyDef.dynamic().withShape(new SphereShape(0.1), 1000).withName("extra"),
                new SphereShape(0.1), 0.5, 0);
        String before = BusyWorld.queries(other.world);
        var e = assertThrows(IllegalArgumentException.class, () -> other.world.restore(snapshot));
        assertTrue(e.getMessage().contains("bodies"), e.getMessage());
        assertEquals(before, BusyWorld.queries(other.world));

        BusyWorld moved = new BusyWorld();
        World w = moved.world;
        w.remove(moved.ball);
        w.add(BodyDef.dynamic().withShape(new SphereShape(0.3), 1000).withName("ball")
                .withPosition(new Vec3(2, 2.5, 0)),
                new SphereShape(0.3), 0.5, 0.9);
        assertThrows(IllegalArgumentException.class, () -> w.restore(snapshot),
                "a replaced body does not fit");
        assertNotEquals(b.world.stateHash(), w.stateHash());
    }

    /** A name of 140,000 UTF-8 bytes: past the 65,535 that a modified-UTF-8 string may take. */
    private static final String LONG_NAME = "\u00e9".repeat(70_000);

    @Test
    void namesOfAnyLengthRoundTrip() {
        World w = Scenes.world(4);
        Scenes.groundBox(w, 0.5);
        BodyId a = w.add(BodyDef.dynamic().withShape(new SphereShape(0.2), 1000).withName(LONG_NAME)
                .withPosition(new Vec3(0, 1, 0)), new SphereShape(0.2), 0.5, 0);
        BodyId b = w.add(BodyDef.dynamic().withShape(new SphereShape(0.2), 1000).withName("b" + LONG_NAME)
                .withPosition(new Vec3(1, 1, 0)), new SphereShape(0.2), 0.5, 0);
        JointId j = w.addJoint(JointDef.ball(a, b, new Vec3(0.5, 1, 0)).name("j" + LONG_NAME));
        for (int i = 0; i < 5; i++) {
            w.step(Scenes.DT);
        }
        WorldSnapshot snapshot = WorldSnapshot.fromBytes(w.snapshot().toBytes());
        long[] expected = new long[20];
        for (int i = 0; i < expected.length; i++) {
            w.step(Scenes.DT);
            expected[i] = w.stateHash();
        }
        World fresh = Scenes.world(4);
        Scenes.groundBox(fresh, 0.5);
        BodyId fa = fresh.add(BodyDef.dynamic().withShape(new SphereShape(0.2), 1000).withName(LONG_NAME)
                .withPosition(new Vec3(0, 1, 0)), new SphereShape(0.2), 0.5, 0);
        fresh.add(BodyDef.dynamic().withShape(new SphereShape(0.2), 1000).withName("b" + LONG_NAME)
                .withPosition(new Vec3(1, 1, 0)), new SphereShape(0.2), 0.5, 0);
        fresh.restore(snapshot);
        assertEquals(LONG_NAME, fresh.name(fa));
        assertEquals("j" + LONG_NAME, fresh.jointName(j));
        for (int i = 0; i < expected.length; i++) {
            fresh.step(Scenes.DT);
            assertEquals(expected[i], fresh.stateHash(), "step " + i + " after the restore");
        }
    }
}
