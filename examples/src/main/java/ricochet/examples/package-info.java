/**
 * Short programs that use {@code ricochet-core} as a library: falling bodies, a ragdoll, queries,
 * events and snapshots. Each has a {@code main} that prints what happened and a {@code run} method
 * that returns it, which the module's tests check against the physics. They depend on nothing but
 * the core.
 */
package ricochet.examples;
