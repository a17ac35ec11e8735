/**
 * Collision shapes in their own frame (metres): what each knows about itself (bounds, support
 * function, mass properties, signed distance, ray casts). Convex shapes are a core (point, segment,
 * box, hull...) swept by a radius, as GJK with margins wants (Box2D, Jolt). Depends on math and
 * geometry.
 */
package ricochet.geometry.shape;
