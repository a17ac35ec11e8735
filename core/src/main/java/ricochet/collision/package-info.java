/**
 * Collision detection: the broad phase finds pairs whose bounds overlap, the narrow phase turns a
 * pair into a contact manifold, and queries (rays, shape casts, overlaps, times of impact, distances)
 * run through both; {@link ricochet.collision.ShapeContacts} gives a probe's contacts part by part
 * (a character's capsule). {@link ricochet.collision.CollisionWorld} holds the bodies' shapes and poses;
 * its queries, its checkpoint and snapshot, and each thread's narrow-phase scratch live in files of
 * their own beside it.
 *
 * <p>Depends on {@code collision.broad}, {@code collision.narrow}, {@code geometry.shape},
 * {@code math} and {@code parallel} (the pool the contact pass runs on); never on the dynamics, the
 * joints or the world above it.
 */
package ricochet.collision;
