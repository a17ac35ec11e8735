/**
 * Vectors, quaternions and 3x3 matrices: immutable value types for the friendly API and
 * allocation-free static helpers on {@code double[]} for hot loops. Quaternions are stored
 * {@code [x, y, z, w]} (glTF order); matrices are row-major.
 *
 * <p>Depends on nothing but the JDK.
 */
package ricochet.math;
