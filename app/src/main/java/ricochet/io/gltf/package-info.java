/**
 * glTF 2.0 output: a scene's shapes as triangle meshes and one animation that replays a trajectory.
 * Depends on the scene model (app), {@code io.output}, the world's {@code Simulation} (and
 * {@code WorldSimulation}, for whether a character crouches), the core's geometry and character
 * definitions; not on {@code io.trajectory}, which adapts this writer to its interface.
 */
package ricochet.io.gltf;
