package ricochet.io.scene;

import ricochet.math.Vec3;

/**
 * A body's {@code fracture} entry, validated: the body is cut into {@code pieces} convex pieces by a
 * Voronoi fracture that {@code seed} decides, held by bonds that break at {@code strength}.
 *
 * @param pieces 2 to 10,000
 * @param seed the fracture's seed
 * @param strength N s, > 0: the impulse through a bond in one step that breaks it
 * @param anchored whether the pieces touching static bodies are also bonded to the world
 * @param impact a point inside the shape (the body's frame, m) around which the pieces are smaller and
 *     more numerous, or null for an even spread
 */
public record FractureSpec(int pieces, long seed, double strength, boolean anchored, Vec3 impact) {

    /** An even spread of pieces (no impact point). */
    public FractureSpec(int pieces, long seed, double strength, boolean anchored) {
        this(pieces, seed, strength, anchored, null);
    }
}
