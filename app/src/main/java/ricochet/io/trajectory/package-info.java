/**
 * Trajectory and event output: CSV, JSON and the events' JSON lines, each written to a temporary
 * file and moved into place, so a failed run leaves nothing half-written; {@code TrajectoryWriter}
 * chooses the format by the file's extension, glTF included. Depends on the scene model, the
 * world's {@code Simulation} and {@code io.gltf}; nothing in {@code io.gltf} depends on it.
 */
package ricochet.io.trajectory;
