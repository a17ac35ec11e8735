/**
 * The GAMES103 lab 1 methods for one rigid mesh body: its vertices meet static signed-distance
 * geometry by the averaged-vertex impulse, by quadratic or log-barrier penalty forces, or by shape
 * matching, with the lab's default parameters. A lab world sits beside the rigid-body world and is
 * driven through the same {@code Simulation} interface.
 *
 * <p>Depends on {@code math}, {@code geometry} and {@code world} (the interface it implements, its
 * events and snapshots); the world's pipeline never depends on it.
 */
package ricochet.lab;
