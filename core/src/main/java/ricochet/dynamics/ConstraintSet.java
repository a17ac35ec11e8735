package ricochet.dynamics;

/**
 * Constraints other than contacts (joints) that the {@link ContactSolver} solves in the same
 * substeps, before its contacts in every pass (Box2D v3's order: joints, then contacts, so that
 * non-penetration is the last word); {@link #afterContacts} lets a set solve again after them.
 */
public interface ConstraintSet {

    /**
     * Whether any constraint is in this step's solve. While none is, the solver may walk the substeps
     * island by island ({@link ContactSolver}).
     */
    default boolean active() {
        return true;
    }

    /** Once per step, before the substeps: {@code h} is the substep length, s. */
    void prepare(BodyStore s, double h);

    /** Applies the accumulated impulses again (start of each substep). */
    void warmStart(BodyStore s);

    /** One pass; {@code useBias}: with position correction (soft), else the relax pass (velocity only). */
    void solve(BodyStore s, boolean useBias);

    /**
     * Once per step, after {@link #prepare}: the step's contact points, their runs of one body pair
     * made; they link bodies for {@link #endRelax}'s energy guard.
     */
    default void contacts(BodyStore s, ContactStore c) {
    }

    /**
     * Once per step, before {@link #prepare}: the contact solver's spring between dynamic bodies for
     * this step's substep, for constraints that solve contact rows with their own.
     */
    default void contactSpring(Softness spring) {
    }

    /**
     * After a solve or relax pass's contacts ({@code useBias} as in {@link #solve}): constraints that
     * must hold what the contacts just did to the velocities solve again.
     */
    default void afterContacts(BodyStore s, boolean useBias) {
    }

    /**
     * After the substep's relax pass (joints and contacts).
     *
     * @return whether it changed the bodies' velocities (the contacts are then relaxed once more)
     */
    default boolean endRelax(BodyStore s) {
        return false;
    }

    /**
     * The bodies that each active constraint ties together, by store index: joins them in the
     * union-find {@code parent} through {@code tie.join(a, b)}, with {@code b = -1} for the world.
     */
    default void tieBodies(Ties tie) {
    }

    /**
     * For every active constraint that holds a moving body to the world (or a static body) so that it
     * still turns freely about one point (a ball, cone-twist or point-only six-DOF joint: its anchor;
     * a distance joint: the world's end), that body and the point, world frame, at the bodies' current
     * poses: {@code pivot.at(body, x, y, z)}.
     */
    default void worldPivots(BodyStore s, Pivots pivot) {
    }

    /** Joins two bodies' sets; -1 stands for the world. */
    interface Ties {
        void join(int a, int b);
    }

    /** Receives a body's world pivot. */
    interface Pivots {
        void at(int body, double x, double y, double z);
    }
}
