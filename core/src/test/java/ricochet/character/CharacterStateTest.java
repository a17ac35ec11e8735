package ricochet.character;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.math.Vec3;
import ricochet.world.Event;
import ricochet.world.SimulationException;
import ricochet.world.World;
import ricochet.world.WorldSnapshot;

/**
 * Characters as part of the world's state: their {@code grounded} / {@code airborne} events, the
 * step's rollback, snapshots and the state hash.
 */
class CharacterStateTest {

    private static final double DT = CharacterScenes.DT;

    /** A floor, a crate to stand on and two characters: one walking onto the crate, one jumping. */
    private static final class Yard {
        final World world = CharacterScenes.world(4);
        final BodyId floor = CharacterScenes.floor(world);
        final BodyId crate = world.add(BodyDef.dynamic().withShape(new BoxShape(1, 0.15, 1), 200)
                .withPosition(new Vec3(4, 0.15, 0)).withName("crate"), new BoxShape(1, 0.15, 1), 0.8, 0);
        final CharacterId walker = world.characters().add(CharacterDef.defaults("walker").withStepHeight(0.35),
                new Vec3(0, 1.2, 0));
        final CharacterId jumper = world.characters().add(CharacterDef.defaults("jumper"), new Vec3(0, 1.2, 5));

        /** Steps {@code n} times with the inputs of step {@code k} given by its number. */
        void run(int from, int n, List<Event> events) {
            for (int k = from; k < from + n; k++) {
                world.characters().setInput(walker, k < 120 ? 2 : 0, 0, 0, false);
                world.characters().setInput(jumper, 0, 0, k % 60 == 30 ? 4 : 0, false);
                world.step(DT);
                world.drainEvents(events);
            }
        }
    }

    private static String name(World w, BodyId id) {
        return id == null ? null : w.name(id);
    }

    @Test
    void landingAndJumpingAreEventsNamingTheCharacterAndWhatItStandsOn() {
        Yard y = new Yard();
        List<Event> events = new ArrayList<>();
        y.run(0, 270, events);
        List<Event> walker = events.stream().filter(e -> e.a().equals("walker")).toList();
        List<Event> jumper = events.stream().filter(e -> e.a().equals("jumper")).toList();
        // The walker lands on the floor once and walks onto the crate without leaving the ground.
        assertEquals(1, walker.size(), walker.toString());
        assertEquals(Event.Type.GROUNDED, walker.get(0).type());
        assertEquals(name(y.world, y.floor), walker.get(0).b());
        assertEquals(name(y.world, y.crate), name(y.world, y.world.characters().groundBody(y.walker)));
        // The jumper lands, then each jump (at steps 30, 90, 150, 210) is airborne then grounded.
        assertEquals(Event.Type.GROUNDED, jumper.get(0).type());
        assertEquals(1 + 2 * 4, jumper.size(), jumper.toString());
        for (int i = 1; i < jumper.size(); i++) {
            Event e = jumper.get(i);
            assertEquals(i % 2 == 1 ? Event.Type.AIRBORNE : Event.Type.GROUNDED, e.type(), e.toString());
            assertEquals(i % 2 == 1 ? null : name(y.world, y.floor), e.b());
        }
        // Each change is reported in the step it happens: the jump leaves the ground at once.
        assertEquals(31, jumper.get(1).step());
        // The flight of a 4 m/s jump, as a semi-implicit Euler step integrates it: about 2 v / g.
        long flight = jumper.get(2).step() - jumper.get(1).step();
        assertEquals(2 * 4 / 9.81 / DT, flight, 2.0);
    }

    @Test
    void aSnapshotHoldsTheCharactersAndTheRestoredWorldGoesOnWithTheSameBits() {
        Yard original = new Yard();
        List<Event> ignored = new ArrayList<>();
        original.run(0, 100, ignored);
        WorldSnapshot snap = original.world.snapshot();
        Yard copy = new Yard();
        assertNotEquals(original.world.stateHash(), copy.world.stateHash());
        copy.world.restore(WorldSnapshot.fromBytes(snap.toBytes()));
        assertEquals(original.world.stateHash(), copy.world.stateHash());
        assertEquals(original.world.characters().position(original.jumper),
                copy.world.characters().position(copy.jumper));
        List<Event> a = new ArrayList<>(), b = new ArrayList<>();
        original.run(100, 200, a);
        copy.run(100, 200, b);
        assertEquals(original.world.stateHash(), copy.world.stateHash());
        assertEquals(a, b);
        assertEquals(original.world.characters().groundState(original.walker),
                copy.world.characters().groundState(copy.walker));
        assertEquals(name(original.world, original.world.characters().groundBody(original.walker)),
                name(copy.world, copy.world.characters().groundBody(copy.walker)));
    }

    @Test
    void theStateHashSeesTheCharacters() {
        Yard a = new Yard(), b = new Yard();
        b.world.characters().setPosition(b.jumper, new Vec3(0, 1.2, 5.000001));
        assertNotEquals(a.world.stateHash(), b.world.stateHash());
    }

    @Test
    void aFailedStepLeavesTheCharactersAsTheyWere() {
        Yard y = new Yard(), twin = new Yard();
        List<Event> ea = new ArrayList<>(), eb = new ArrayList<>();
        y.run(0, 95, ea);
        twin.run(0, 95, eb);
        // A force no body can take: the step fails after the characters were given their input.
        y.world.applyForce(y.crate, new Vec3(1e308, 0, 0), y.world.centerOfMass(y.crate));
        y.world.characters().setInput(y.jumper, 0, 0, 4, false);
        assertThrows(SimulationException.class, () -> y.world.step(DT));
        // The jump asked for is still pending in both: give the twin the same.
        twin.world.characters().setInput(twin.jumper, 0, 0, 4, false);
        twin.world.wake(twin.crate);
        assertEquals(twin.world.stateHash(), y.world.stateHash());
        List<Event> a = new ArrayList<>(), b = new ArrayList<>();
        y.run(95, 60, a);
        twin.run(95, 60, b);
        assertEquals(twin.world.stateHash(), y.world.stateHash());
        assertEquals(b, a);
        assertArrayEquals(twin.world.snapshot().toBytes(), y.world.snapshot().toBytes());
    }
}
