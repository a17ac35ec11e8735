/**
 * glTF 2.0 output (contract section 2): a scene's shapes as triangle meshes and one animation that
 * replays a trajectory. Depends on the scene model (app) and the core's geometry.
 */
package ricochet.io.gltf;
