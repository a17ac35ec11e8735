/**
 * Collision detection: the broad phase finds pairs whose bounds overlap, the narrow phase turns a
 * pair into a contact manifold, and queries (rays, shape casts, overlaps, distances) run through
 * both. Depends on math and geometry.
 */
package ricochet.collision;
