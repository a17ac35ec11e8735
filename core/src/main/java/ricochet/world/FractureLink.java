package ricochet.world;

import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.collision.CollisionWorld;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.ContactStore;
import ricochet.fracture.FractureHost;
import ricochet.geometry.shape.Shape;
import ricochet.math.Transform;

/**
 * The world as its fractured bodies see it: bodies added and removed through the world's own calls
 * (so a split is an ordinary remove and add), and the contact store's points of the step just solved,
 * bodies named by handle slot.
 */
final class FractureLink implements FractureHost {

    private final World world;
    private final BodyStore store;
    private final BodyTable table;
    private final CollisionWorld collision;
    private final ContactStore contacts;
    private boolean touched;

    FractureLink(World world, BodyStore store, BodyTable table, CollisionWorld collision, ContactStore contacts) {
        this.world = world;
        this.store = store;
        this.table = table;
        this.collision = collision;
        this.contacts = contacts;
    }

    @Override
    public BodyId addBody(BodyDef def, Shape shape, double friction, double restitution) {
        return world.add(def, shape, friction, restitution);
    }

    @Override
    public void removeBody(BodyId id) {
        world.remove(id);
    }

    @Override
    public boolean containsBody(BodyId id) {
        return world.contains(id);
    }

    @Override
    public void readState(BodyId id, double[] out) {
        world.readState(id, out);
    }

    @Override
    public boolean touchesStatic(Shape shape, Transform pose) {
        touched = false;
        collision.overlap(shape, pose, collider -> {
            for (int slot = 0; slot < table.handleOfSlot.length; slot++) {
                BodyId id = table.handleOfSlot[slot];
                if (id != null && table.colliderOfSlot[slot] == collider && world.type(id) == BodyDef.Type.STATIC) {
                    touched = true;
                }
            }
        });
        return touched;
    }

    @Override
    public int contactCount() {
        return contacts.count();
    }

    @Override
    public int contactSlot(int k, boolean b) {
        return store.slot[b ? contacts.bodyB[k] : contacts.bodyA[k]];
    }

    @Override
    public void contact(int k, double[] out) {
        out[0] = contacts.get(k, ContactStore.NX);
        out[1] = contacts.get(k, ContactStore.NY);
        out[2] = contacts.get(k, ContactStore.NZ);
        out[3] = contacts.get(k, ContactStore.TOTAL_NORMAL_IMPULSE);
        out[4] = contacts.get(k, ContactStore.LAX);
        out[5] = contacts.get(k, ContactStore.LAY);
        out[6] = contacts.get(k, ContactStore.LAZ);
        out[7] = contacts.get(k, ContactStore.LBX);
        out[8] = contacts.get(k, ContactStore.LBY);
        out[9] = contacts.get(k, ContactStore.LBZ);
    }
}
