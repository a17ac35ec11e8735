/**
 * Collision shapes in their own frame (metres): what each knows about itself (bounds, support
 * function, mass properties, signed distance, ray casts), and a shape's signed distance at a pose
 * ({@link ricochet.geometry.shape.PosedSdf}). Convex shapes are a core (point, segment, box,
 * hull...) swept by a radius, as GJK with margins wants (Box2D, Jolt).
 *
 * <p>Depends on {@code math} and {@code geometry}.
 */
package ricochet.geometry.shape;
