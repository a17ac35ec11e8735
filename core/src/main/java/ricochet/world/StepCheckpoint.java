package ricochet.world;

import ricochet.collision.CollisionWorld;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.ContactStore;
import ricochet.joints.JointStore;

/**
 * What {@link World#step} changes in the world's parts, kept before each step so that a step that
 * fails (a body's state became non-finite or out of range, or anything else threw) can be undone:
 * the world is then exactly as it was before the step, and the next step equals that of a world that
 * never tried it.
 *
 * <p>The cost is what a step must not lose, copied once per step, and nothing more: the bodies'
 * pose, velocities and sleep state (20 numbers a body), the collision world's poses (9 numbers a
 * body), the joints (O(joints)) and the events still waiting to be drained (O(events)). The large
 * parts copy nothing: the contact points and the warm-start cache alternate between two sets of
 * arrays, the manifold cache among three lists, and the broad phase copies its tree only at its first
 * change in the step (none in a settled scene). Allocates nothing once the copies have grown.
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

    StepCheckpoint(BodyStore store, CollisionWorld collision, ContactStore contacts, JointStore joints,
                   PairSet touching, PairSet sensing, EventBuffer events) {
        this.store = store;
        this.collision = collision;
        this.contacts = contacts;
        this.joints = joints;
        this.touching = touching;
        this.sensing = sensing;
        this.events = events;
    }

    void take() {
        store.checkpoint();
        collision.checkpoint();
        contacts.checkpoint();
        savedJoints.copyFrom(joints);
        touching.checkpoint();
        sensing.checkpoint();
        savedEvents.copyFrom(events);
    }

    void rollback() {
        store.rollback();
        collision.rollback();
        contacts.rollback();
        joints.copyFrom(savedJoints);
        touching.rollback();
        sensing.rollback();
        events.copyFrom(savedEvents);
    }

    void commit() {
        collision.commit();
    }
}
