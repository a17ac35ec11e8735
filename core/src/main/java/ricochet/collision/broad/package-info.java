/**
 * The broad phase: which pairs of bodies' fattened bounds overlap, by a dynamic AABB tree or by
 * sort-and-sweep, through a pair filter (collision groups and masks, excluded pairs). Depends on
 * nothing but the JDK.
 */
package ricochet.collision.broad;
