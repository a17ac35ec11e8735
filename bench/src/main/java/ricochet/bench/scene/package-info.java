/**
 * The benchmark's scenes in neutral terms (shapes, poses, densities, walking characters), defined once in
 * {@link ricochet.bench.scene.BenchScenes} and built by every engine adapter alike. Depends on
 * nothing but the JDK, so no engine's types leak into the description.
 */
package ricochet.bench.scene;
