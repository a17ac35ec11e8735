package ricochet.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import ricochet.world.Event;

class EventsTest {

    private static final double G = 9.81;
    private static final double DT = 1.0 / 60;

    private static Event first(List<Event> events, Event.Type type) {
        return events.stream().filter(e -> e.type() == type).findFirst()
                .orElseThrow(() -> new AssertionError("no " + type + " in " + events));
    }

    private static void assertSeenAfter(double crossing, Event e) {
        assertTrue(e.time() > crossing - DT / 4 && e.time() <= crossing + 2 * DT,
                e.type() + " at " + e.time() + " s, the fall crosses at " + crossing + " s");
    }

    /** The time a body falling from rest needs to drop {@code d} metres. */
    private static double fall(double d) {
        return Math.sqrt(2 * d / G);
    }

    /**
     * Free fall times the events: the ball's bottom meets the slab's top after falling
     * {@code START - RADIUS - (SLAB + SLAB_HALF)}, its top leaves the slab's bottom after
     * {@code START + RADIUS - (SLAB - SLAB_HALF)}, and its bottom comes within the 1 mm of a contact
     * after {@code START - RADIUS - 1 mm}. A step finds overlaps and contacts where the bodies are
     * when it begins and reports them at its end, so each event comes after its closed-form time
     * (less a quarter step for the integrator's lead over {@code g t^2 / 2}) and at most two steps
     * after it.
     */
    @Test
    void eventsTellTheFallThroughTheSensorOntoTheGround() {
        List<Event> events = Events.run(3);
        Event enter = first(events, Event.Type.SENSOR_ENTER);
        Event exit = first(events, Event.Type.SENSOR_EXIT);
        Event land = first(events, Event.Type.CONTACT_BEGIN);
        Event sleep = first(events, Event.Type.SLEEP);

        assertEquals(Set.of("ball", "gate"), Set.of(enter.a(), enter.b()));
        assertEquals(Set.of("ball", "gate"), Set.of(exit.a(), exit.b()));
        assertEquals(Set.of("ball", "ground"), Set.of(land.a(), land.b()));
        assertEquals("ball", sleep.a());

        assertSeenAfter(fall(Events.START - Events.RADIUS - Events.SLAB - Events.SLAB_HALF), enter);
        assertSeenAfter(fall(Events.START + Events.RADIUS - Events.SLAB + Events.SLAB_HALF), exit);
        assertSeenAfter(fall(Events.START - Events.RADIUS - 1e-3), land);
        assertTrue(sleep.time() > land.time(), "asleep only after landing");
        assertTrue(events.stream().noneMatch(e -> e.type() == Event.Type.CONTACT_BEGIN
                && ("gate".equals(e.a()) || "gate".equals(e.b()))), "a sensor makes no contact");
    }
}
