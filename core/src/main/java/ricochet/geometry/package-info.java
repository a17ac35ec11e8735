/**
 * Shapes and what they know about themselves: triangle meshes, mass properties, signed distance
 * functions. Depends only on {@code ricochet.math}.
 */
package ricochet.geometry;
