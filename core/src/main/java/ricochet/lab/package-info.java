/**
 * The GAMES103 lab 1 methods for one rigid mesh body: its vertices meet static signed-distance
 * geometry by the averaged-vertex impulse, by quadratic or log-barrier penalty forces, or by shape
 * matching, with the lab's default parameters. Each body's forces become motion by its
 * {@link ricochet.math.IntegrationRule} (the penalty methods' rules in {@code PenaltyRules}, solved
 * by Newton for the implicit ones; the impulse and shape matching apply the rule to their free
 * motion). A lab world sits beside the rigid-body world and is driven through the same
 * {@code Simulation} interface.
 *
 * <p>Depends on {@code math}, {@code geometry} and {@code world} (the interface it implements, its
 * events and snapshots); the world's pipeline never depends on it.
 */
package ricochet.lab;
