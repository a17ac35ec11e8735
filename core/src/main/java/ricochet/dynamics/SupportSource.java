package ricochet.dynamics;

/**
 * The bodies' shapes as the contact solver sees them: the extreme point of a body along a direction,
 * at the body's current pose in the store. The solver asks only for the points of bodies that turn
 * fast within a step ({@link ContactSolver}'s re-anchoring), from several workers at once.
 */
public interface SupportSource {

    /**
     * The point of body {@code i}'s shape (store index) farthest along the world direction
     * {@code (dx, dy, dz)} (any length, not zero) at the pose in {@code s}, world frame, into
     * {@code out[0..2]}.
     *
     * @param worker the calling worker (0 .. threads - 1): the implementation's scratch for it
     * @return false (out untouched) when the shape has no support function (a plane or a mesh)
     */
    boolean support(BodyStore s, int i, double dx, double dy, double dz, int worker, double[] out);
}
