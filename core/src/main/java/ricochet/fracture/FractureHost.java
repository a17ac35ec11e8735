package ricochet.fracture;

import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.Shape;
import ricochet.math.Transform;

/**
 * What {@link Fractures} needs from the world it lives in: adding and removing the bodies that carry
 * the pieces, their states, and the contact points of the step just solved. The world implements it;
 * this package does not depend on the world's.
 */
public interface FractureHost {

    /** Adds a body as {@code World.add} does. */
    BodyId addBody(BodyDef def, Shape shape, double friction, double restitution);

    /** Removes a body as {@code World.remove} does. */
    void removeBody(BodyId id);

    boolean containsBody(BodyId id);

    /**
     * The body's state into {@code out[0..12]}: origin position, orientation (x, y, z, w), centre-of-mass
     * velocity, angular velocity (world frame, SI).
     */
    void readState(BodyId id, double[] out);

    /** Whether a static body's shape overlaps {@code shape} at {@code pose} (world frame; touching counts). */
    boolean touchesStatic(Shape shape, Transform pose);

    /** Contact points of the step just solved. */
    int contactCount();

    /** The handle slot ({@link BodyId#index()}) of point k's body A ({@code b} false) or B. */
    int contactSlot(int k, boolean b);

    /**
     * Point k's data into {@code out}: [0..2] the unit normal from A to B (world), [3] the normal impulse
     * over the step (N s, pushing B along the normal and A against it), [4..6] the point relative to
     * A's centre of mass in A's own axes (m), [7..9] the same for B.
     */
    void contact(int k, double[] out);
}
