/**
 * glTF 2.0 output: a scene's shapes as triangle meshes and one animation that replays a trajectory.
 * Depends on the scene model (app), {@code io.output}, the world's {@code Simulation} (and
 * {@code WorldSimulation}, for whether a character crouches and its vehicles' wheel sizes), the
 * core's geometry, character and vehicle definitions; not on {@code io.trajectory}, which adapts
 * this writer to its interface.
 */
package ricochet.io.gltf;
