/**
 * Rigid-body motion without contacts: the struct-of-arrays {@link ricochet.dynamics.BodyStore}, the
 * {@link ricochet.dynamics.IdPool} of generation-checked handles, the semi-implicit Euler
 * {@link ricochet.dynamics.Integrator} (gravity, damping, forces, implicit gyroscopic torque,
 * quaternion integration) and the {@link ricochet.dynamics.RigidBodies} API over them. Depends on
 * {@code ricochet.math}, {@code ricochet.geometry.shape} (mass properties) and the handle and
 * definition records {@code ricochet.world.BodyId} and {@code ricochet.world.BodyDef}; never on
 * collision (a contact solver builds on this package, not the other way).
 */
package ricochet.dynamics;
