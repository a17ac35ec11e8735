/**
 * The broad phase: which pairs of bodies' fattened bounds overlap, by a dynamic AABB tree (the tree's
 * nodes in {@code TreeNodes}, the proxies and kept pairs in {@code DynamicAabbTree}) or by
 * sort-and-sweep, through a pair filter (collision groups and masks, excluded pairs). Proxies carry
 * an int of user data; what it names is the caller's business.
 *
 * <p>Depends on nothing but the JDK.
 */
package ricochet.collision.broad;
