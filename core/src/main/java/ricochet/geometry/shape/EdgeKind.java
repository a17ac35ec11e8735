package ricochet.geometry.shape;

/**
 * How a triangle's edge meets its neighbour across it. Contacts whose normal comes from an inactive
 * edge (flat or concave: an edge inside a smooth or hollow surface) are "internal edge" artefacts and
 * are replaced by the face normal; active edges (boundary, convex) may push sideways (Bullet's
 * btAdjustInternalEdgeContacts, Jolt's active edges).
 */
public enum EdgeKind {
    /** No neighbour, or more than one, or a neighbour wound the other way: treated as a real edge. */
    BOUNDARY,
    /** The neighbour bends away below this triangle's plane: a ridge. */
    CONVEX,
    /** The neighbour is coplanar within the shape's flat-angle tolerance. */
    FLAT,
    /** The neighbour rises above this triangle's plane: a valley. */
    CONCAVE;

    /** Whether a contact may take its normal from this edge (boundary or convex). */
    public boolean isActive() {
        return this == BOUNDARY || this == CONVEX;
    }
}
