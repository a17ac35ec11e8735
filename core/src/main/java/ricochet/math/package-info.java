/**
 * Vectors, quaternions and 3x3 matrices: immutable value types for the friendly API and
 * allocation-free static helpers on {@code double[]} for hot loops. Quaternions are stored
 * {@code [x, y, z, w]} (glTF order); matrices are row-major. {@link ricochet.math.StateInput} is the
 * checked reader every part of the engine reads its snapshot state through.
 * {@link ricochet.math.IntegrationRule} names the six time-integration rules a scene may choose.
 *
 * <p>Depends on nothing but the JDK.
 */
package ricochet.math;
