/**
 * The GAMES103 lab 1 methods (seeds 000-003, contract section 4.1): a mesh body's vertices meet
 * static signed-distance geometry by the averaged-vertex impulse, by quadratic or log-barrier
 * penalty forces, or by shape matching. Depends on math, geometry and world.
 */
package ricochet.lab;
