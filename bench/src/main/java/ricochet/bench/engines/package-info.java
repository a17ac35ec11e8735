/**
 * One adapter per physics engine ({@code ricochet}, {@code physx}, {@code jolt}, {@code bullet},
 * {@code ode4j}, {@code jbullet}) that builds a {@link ricochet.bench.scene.BenchScene}, steps it
 * and reports bodies, contacts and positions. The peers' types stay inside this package; natives
 * come out of the peers' own jars (see {@link ricochet.bench.engines.NativeLibraries}).
 */
package ricochet.bench.engines;
