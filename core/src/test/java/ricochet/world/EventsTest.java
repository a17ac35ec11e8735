package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/** Contact, sensor and failure reports: each once, at the right step, with the right bodies. */
class EventsTest {

    private static List<Event> drain(World w) {
        List<Event> out = new ArrayList<>();
        w.drainEvents(out);
        return out;
    }

    private static long count(List<Event> events, Event.Type type) {
        return events.stream().filter(e -> e.type() == type).count();
    }

    @Test
    void landingBoxBeginsContactOnceAndRestingNeverFlickers() {
        World w = Scenes.world(4);
        w.setSleepingEnabled(false);
        Scenes.groundBox(w, 0.6);
        Scenes.cube(w, 1, new Vec3(0, 1.5, 0), Quat.IDENTITY, 0.6);
        List<Event> events = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            w.step(Scenes.DT);
            events.addAll(drain(w));
        }
        assertEquals(1, count(events, Event.Type.CONTACT_BEGIN), events.toString());
        assertEquals(0, count(events, Event.Type.CONTACT_END), events.toString());
        Event begin = events.get(0);
        assertEquals("ground", begin.a());
        assertEquals("cube", begin.b());
        // Free fall of 1 m takes sqrt(2 / g) = 0.4515 s: step 28 of 1/60 s.
        assertEquals(Math.sqrt(2 / Scenes.G), begin.time(), 2 * Scenes.DT, "begin at " + begin);
        assertEquals(1, w.touchingPairCount());
    }

    @Test
    void liftedBoxEndsContact() {
        World w = Scenes.world(4);
        Scenes.groundBox(w, 0.6);
        BodyId box = Scenes.cube(w, 1, new Vec3(0, 0.5, 0), Quat.IDENTITY, 0.6);
        w.step(Scenes.DT);
        assertEquals(1, count(drain(w), Event.Type.CONTACT_BEGIN));
        w.setVelocity(box, new Vec3(0, 3, 0));
        w.step(Scenes.DT);
        w.step(Scenes.DT);
        List<Event> events = drain(w);
        assertEquals(1, count(events, Event.Type.CONTACT_END), events.toString());
        assertEquals(0, w.touchingPairCount());
    }

    @Test
    void sleepingPairsKeepTouchingWithoutEvents() {
        World w = Scenes.world(4);
        Scenes.groundBox(w, 0.6);
        Scenes.cube(w, 1, new Vec3(0, 0.5, 0), Quat.IDENTITY, 0.6);
        Scenes.cube(w, 1, new Vec3(0, 1.5, 0), Quat.IDENTITY, 0.6);
        for (int i = 0; i < 300; i++) {
            w.step(Scenes.DT);
        }
        assertEquals(2, w.sleepingCount());
        drain(w);
        for (int i = 0; i < 60; i++) {
            w.step(Scenes.DT);
        }
        assertEquals(List.of(), drain(w));
        assertEquals(2, w.touchingPairCount());
    }

    /** A ball falls through a static trigger box: enter and exit once each, the fall unchanged. */
    @Test
    void sensorReportsEnterAndExitAndNeverTouchesTheFall() {
        World w = Scenes.world(4);
        BodyId sensor = w.add(BodyDef.staticBody().withPosition(new Vec3(0, 5, 0)).withName("trigger"),
                new BoxShape(1, 0.5, 1), 0.5, 0);
        w.setSensor(sensor, true);
        SphereShape s = new SphereShape(0.25);
        BodyId ball = w.add(BodyDef.dynamic().withShape(s, 1000).withPosition(new Vec3(0, 8, 0)).withName("ball"),
                s, 0.5, 0);
        List<Event> events = new ArrayList<>();
        int steps = 90;
        for (int i = 0; i < steps; i++) {
            w.step(Scenes.DT);
            events.addAll(drain(w));
        }
        assertEquals(2, events.size(), events.toString());
        Event enter = events.get(0), exit = events.get(1);
        assertEquals(Event.Type.SENSOR_ENTER, enter.type());
        assertEquals(Event.Type.SENSOR_EXIT, exit.type());
        assertEquals("trigger", enter.a());
        assertEquals("ball", enter.b());
        // Enters when its bottom passes y = 5.5 (fallen 2.25 m), leaves when its top passes 4.5 (3.75 m).
        assertEquals(Math.sqrt(2 * 2.25 / Scenes.G), enter.time(), 2 * Scenes.DT);
        assertEquals(Math.sqrt(2 * 3.75 / Scenes.G), exit.time(), 2 * Scenes.DT);
        // Symplectic Euler in substeps: y = y0 - g t^2 / 2 - g t h / 2 exactly, h the substep.
        double t = steps * Scenes.DT, h = Scenes.DT / 4;
        assertEquals(8 - Scenes.G * t * t / 2 - Scenes.G * t * h / 2, w.position(ball).y(), 1e-9);
        assertEquals(0, w.contactPoints().count());
    }

    @Test
    void nonFiniteStateNamesTheBodyAndTheStep() {
        World w = Scenes.world(4);
        BoxShape box = new BoxShape(0.1, 0.1, 0.1);
        BodyId b = w.add(BodyDef.dynamic().withMass(1e-20).withPosition(new Vec3(0, 1, 0)).withName("feather"),
                box, 0.5, 0);
        w.step(Scenes.DT);
        w.applyForce(b, new Vec3(Double.MAX_VALUE, 0, 0), w.centerOfMass(b));
        SimulationException e = assertThrows(SimulationException.class, () -> w.step(Scenes.DT));
        assertEquals("feather", e.body());
        assertEquals(2, e.step());
        assertTrue(e.getMessage().contains("non-finite"), e.getMessage());
    }

    /** Twenty balls bouncing on a floor: a contact begin and end at every bounce. */
    private static WorldSimulation bouncing() {
        World w = Scenes.world(4);
        w.setSleepingEnabled(false);
        Scenes.groundBox(w, 0.5);
        WorldSimulation sim = new WorldSimulation(w, Scenes.DT);
        for (int k = 0; k < 20; k++) {
            sim.adopt("ball" + k, Scenes.sphere(w, 0.1, new Vec3(0.5 * k, 0.3 + 0.05 * k, 0), 0.95));
        }
        return sim;
    }

    @Test
    void undrainedEventsStayAtTheCapacityDroppingTheOldest() {
        WorldSimulation all = bouncing();
        List<Event> every = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            all.step();
            all.drainEvents(every);
        }
        int capacity = 50;
        assertTrue(every.size() > 2 * capacity, every.size() + " events");
        assertEquals(0, all.droppedEvents());

        WorldSimulation sim = bouncing();
        assertEquals(EventBuffer.DEFAULT_CAPACITY, sim.world().eventCapacity());
        sim.world().setEventCapacity(capacity);
        for (int i = 0; i < 600; i++) {
            sim.step();
        }
        assertEquals(every.size() - capacity, sim.droppedEvents(), "each event past the capacity drops one");
        List<Event> kept = new ArrayList<>();
        sim.drainEvents(kept);
        assertEquals(every.subList(every.size() - capacity, every.size()), kept, "the newest are kept");
        // The snapshot holds no more than the capacity either, and restores with the count.
        WorldSimulation again = bouncing();
        again.restore(sim.snapshot());
        assertEquals(sim.droppedEvents(), again.droppedEvents());
        assertThrows(IllegalArgumentException.class, () -> sim.world().setEventCapacity(0));
        assertThrows(IllegalArgumentException.class,
                () -> sim.world().setEventCapacity(SettingsLimits.MAX_EVENT_CAPACITY + 1));
    }

    @Test
    void discardedEventsAreGone() {
        WorldSimulation sim = bouncing();
        for (int i = 0; i < 120; i++) {
            sim.step();
            sim.discardEvents();
        }
        List<Event> left = new ArrayList<>();
        sim.drainEvents(left);
        assertEquals(List.of(), left);
    }
}
