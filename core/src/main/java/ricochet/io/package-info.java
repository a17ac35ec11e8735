/**
 * Reading geometry files that need no library (Wavefront OBJ) into triangle meshes.
 *
 * <p>Depends on {@code geometry} only.
 */
package ricochet.io;
