package ricochet.collision;

import ricochet.collision.narrow.Manifold;

/** Receives the contacts {@link CollisionWorld#findContacts} finds, one manifold per touching part pair. */
@FunctionalInterface
public interface ContactListener {

    /**
     * @param childA the index of A's compound child that touches, or -1 when A is not a compound
     * @param childB likewise for B
     * @param manifold reused after the call returns: copy what you keep
     */
    void onContact(int bodyA, int childA, int bodyB, int childB, Manifold manifold);
}
