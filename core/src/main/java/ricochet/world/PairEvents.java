package ricochet.world;

import ricochet.body.BodyId;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.RigidBodies;

/**
 * The step's last stage: {@code contactBegin / contactEnd} and {@code sensorEnter / sensorExit}
 * from this step's touching and sensing pairs (collected by {@link ContactCollector}) against last
 * step's, into the {@link EventBuffer}. A pair whose two bodies are each asleep or static was not
 * looked at (nothing there moved), so it keeps its state.
 */
final class PairEvents {

    private final RigidBodies bodies;
    private final BodyStore store;
    private final BodyTable table;
    private final StepClock clock;
    /** Pairs of bodies whose closest points are within {@link World#TOUCH_BEGIN}..{@link World#TOUCH_END}. */
    final PairSet touching = new PairSet();
    /** Pairs of a sensor and a body its shape overlaps (the sensor first). */
    final PairSet sensing = new PairSet();
    final EventBuffer events;

    PairEvents(RigidBodies bodies, BodyTable table, StepClock clock, EventBuffer events) {
        this.bodies = bodies;
        this.store = bodies.store();
        this.table = table;
        this.clock = clock;
        this.events = events;
    }

    void reportPairs() {
        carryIdlePairs(touching);
        carryIdlePairs(sensing);
        diff(touching, Event.Type.CONTACT_BEGIN, Event.Type.CONTACT_END);
        diff(sensing, Event.Type.SENSOR_ENTER, Event.Type.SENSOR_EXIT);
    }

    /** The pairs of body slot {@code slot} end without events (the body is being removed). */
    void forget(int slot) {
        touching.forget(slot);
        sensing.forget(slot);
    }

    private void carryIdlePairs(PairSet set) {
        set.sortCurrent();
        int count = set.previousCount();
        boolean added = false;
        for (int k = 0; k < count; k++) {
            long key = set.previous(k);
            // The idle tests first: in a moving scene they fail at once, where the search would not.
            if (idle(PairSet.first(key)) && idle(PairSet.second(key)) && !set.isIn(key)) {
                set.add(key);
                added = true;
            }
        }
        if (added) {
            set.sortCurrent();
        }
    }

    /** A body that cannot have moved this step: static, or asleep. */
    private boolean idle(int slot) {
        BodyId id = table.handleOfSlot[slot];
        int i = bodies.index(id);
        return store.type[i] == BodyStore.STATIC || store.asleep[i] != 0;
    }

    /** Merges the sorted previous and current pairs: new ones began, missing ones ended. */
    private void diff(PairSet set, Event.Type begin, Event.Type end) {
        int i = 0, j = 0, np = set.previousCount(), nc = set.currentCount();
        while (i < np || j < nc) {
            long p = i < np ? set.previous(i) : Long.MAX_VALUE;
            long c = j < nc ? set.current(j) : Long.MAX_VALUE;
            if (p == c) {
                i++;
                j++;
            } else if (c < p) {
                events.add(clock.eventStep, clock.eventTime, begin, PairSet.first(c), PairSet.second(c));
                j++;
            } else {
                events.add(clock.eventStep, clock.eventTime, end, PairSet.first(p), PairSet.second(p));
                i++;
            }
        }
        set.swap();
    }
}
