package ricochet.world;

import ricochet.body.BodyId;
import ricochet.dynamics.ContactStore;
import ricochet.math.Vec3;

/**
 * The contact points the last step found, speculative ones (still apart) included, numbered
 * {@code 0 .. count() - 1} in the solver's order: for tools, tests and debugging views. A view of
 * {@link World#contactPoints()}: it reads the world as it is now, so indices are valid until the next
 * step. World frame, SI units.
 */
public final class ContactPoints {

    private final ContactStore contacts;
    private final BodyTable table;

    ContactPoints(ContactStore contacts, BodyTable table) {
        this.contacts = contacts;
        this.table = table;
    }

    /** Contact points found by the last step. */
    public int count() {
        return contacts.count();
    }

    /** Body A of point k (the normal points from A to B). */
    public BodyId bodyA(int k) {
        return table.handleOfIndex(contacts.bodyA[check(k)]);
    }

    /** Body B of point k. */
    public BodyId bodyB(int k) {
        return table.handleOfIndex(contacts.bodyB[check(k)]);
    }

    /** The narrow phase's feature id of point k (with compound children folded in). */
    public int featureId(int k) {
        return contacts.featureId[check(k)];
    }

    /** The unit normal of point k, A to B. */
    public Vec3 normal(int k) {
        check(k);
        return new Vec3(contacts.get(k, ContactStore.NX), contacts.get(k, ContactStore.NY),
                contacts.get(k, ContactStore.NZ));
    }

    /** Separation of point k when it was found, m (negative: overlap). */
    public double separation(int k) {
        return contacts.get(check(k), ContactStore.SEPARATION);
    }

    /** The normal impulse point k applied over the whole last step, N s. */
    public double normalImpulse(int k) {
        return contacts.get(check(k), ContactStore.TOTAL_NORMAL_IMPULSE);
    }

    /** Whether point k started the last step from the impulses cached under its feature id. */
    public boolean warmStarted(int k) {
        return contacts.warmStarted[check(k)] != 0;
    }

    private int check(int k) {
        if (k < 0 || k >= contacts.count()) {
            throw new IllegalArgumentException("world: no contact point " + k + " (have " + contacts.count() + ")");
        }
        return k;
    }
}
