/**
 * The built-in scenes, one definition each, shared by the command line, the viewer, the benchmarks
 * and the tests; and the building of a runnable world from any scene. Depends on io.scene and core.
 */
package ricochet.scenes;
