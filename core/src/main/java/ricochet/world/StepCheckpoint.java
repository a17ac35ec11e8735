package ricochet.world;

import ricochet.character.Characters;
import ricochet.collision.CollisionWorld;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.ContactStore;
import ricochet.joints.JointStore;
import ricochet.vehicle.Vehicles;

/**
 * What {@link World#step} changes in the world's parts, kept before each step so that a step that
 * fails (a body's state became non-finite or out of range, or anything else threw) can be undone:
 * the world is then exactly as it was before the step, and the next step equals that of a world that
 * never tried it.
 *
 * <p>The cost is what a step must not lose, copied once per step, and nothing more: the bodies'
 * pose, velocities and sleep state (20 numbers a body), the collision world's poses (9 numbers a
 * body), the joints (O(joints)), the sleep groups (one number a body slot) and the events still
 * waiting to be drained (O(events)), the characters (O(characters)), the vehicles' input, drivetrain
 * and wheels (O(wheels)), with the clock's and stages' counters. The large parts copy
 * nothing: the contact points and the warm-start cache alternate between two sets of arrays, the
 * manifold cache among three lists, and the broad phase copies its tree only at its first change in
 * the step (none in a settled scene). Allocates nothing once the copies have grown.
 */
final class StepCheckpoint {

    private final BodyStore store;
    private final CollisionWorld collision;
    private final ContactStore contacts;
    private final JointStore joints;
    private final JointStore savedJoints = new JointStore();
    private final PairSet touching;
    private final PairSet sensing;
    private final EventBuffer events;
    private final EventBuffer savedEvents = new EventBuffer();
    private final StepClock clock;
    private final BodyTable table;
    private final Sleeping sleeping;
    private final Continuous continuous;
    private final JointLinks jointLinks;
    private final Characters characters;
    private final Vehicles vehicles;
    private double savedStepDt, savedEventTime;
    private long savedEventStep, savedContinuousHits;
    private int savedNextSleepGroup, savedEventsOfLastStep;
    /** The joint pairs' array of the last checkpoint (replaced, never changed in place: no copy). */
    private long[] savedJointPairs;
    private int[] savedSleepGroupOfSlot = new int[16];

    StepCheckpoint(BodyStore store, CollisionWorld collision, ContactStore contacts, PairEvents pairs,
                   StepClock clock, BodyTable table, Sleeping sleeping, Continuous continuous,
                   JointLinks jointLinks, Characters characters, Vehicles vehicles) {
        this.store = store;
        this.collision = collision;
        this.contacts = contacts;
        this.joints = jointLinks.joints;
        this.touching = pairs.touching;
        this.sensing = pairs.sensing;
        this.events = pairs.events;
        this.clock = clock;
        this.table = table;
        this.sleeping = sleeping;
        this.continuous = continuous;
        this.jointLinks = jointLinks;
        this.characters = characters;
        this.vehicles = vehicles;
    }

    /** Before a step: what it changes, kept so that {@link #rollback} can undo a failed one. */
    void take() {
        store.checkpoint();
        collision.checkpoint();
        contacts.checkpoint();
        savedJoints.copyFrom(joints);
        touching.checkpoint();
        sensing.checkpoint();
        savedEvents.copyFrom(events);
        savedStepDt = clock.stepDt;
        savedEventStep = clock.eventStep;
        savedEventTime = clock.eventTime;
        savedNextSleepGroup = sleeping.nextSleepGroup;
        savedEventsOfLastStep = clock.eventsOfLastStep;
        savedContinuousHits = continuous.continuousHits;
        savedJointPairs = jointLinks.jointPairs;
        characters.checkpoint();
        vehicles.checkpoint();
        int[] sleepGroupOfSlot = table.sleepGroupOfSlot;
        if (savedSleepGroupOfSlot.length < sleepGroupOfSlot.length) {
            savedSleepGroupOfSlot = new int[sleepGroupOfSlot.length];
        }
        System.arraycopy(sleepGroupOfSlot, 0, savedSleepGroupOfSlot, 0, sleepGroupOfSlot.length);
    }

    /** Undoes the step in progress: everything as {@link #take} found it. */
    void rollback() {
        store.rollback();
        collision.rollback();
        contacts.rollback();
        joints.copyFrom(savedJoints);
        touching.rollback();
        sensing.rollback();
        events.copyFrom(savedEvents);
        clock.stepDt = savedStepDt;
        clock.eventStep = savedEventStep;
        clock.eventTime = savedEventTime;
        sleeping.nextSleepGroup = savedNextSleepGroup;
        clock.eventsOfLastStep = savedEventsOfLastStep;
        continuous.continuousHits = savedContinuousHits;
        jointLinks.jointPairs = savedJointPairs;
        characters.rollback();
        vehicles.rollback();
        int[] sleepGroupOfSlot = table.sleepGroupOfSlot;
        System.arraycopy(savedSleepGroupOfSlot, 0, sleepGroupOfSlot, 0, sleepGroupOfSlot.length);
    }

    /** The step succeeded: the broad phase drops its copy of the tree. */
    void commit() {
        collision.commit();
    }
}
