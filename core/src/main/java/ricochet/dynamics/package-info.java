/**
 * Rigid-body motion: the struct-of-arrays {@link ricochet.dynamics.BodyStore}, the
 * {@link ricochet.dynamics.IdPool} of generation-checked handles, the semi-implicit Euler
 * {@link ricochet.dynamics.Integrator} (gravity, damping, forces, implicit gyroscopic torque,
 * quaternion integration), the {@link ricochet.dynamics.RigidBodies} API over them, and the contact
 * solver: {@link ricochet.dynamics.ContactStore} (points, cached impulses for warm starting) and
 * {@link ricochet.dynamics.ContactSolver} (soft step). Depends on {@code ricochet.math},
 * {@code ricochet.geometry.shape} (mass properties) and the records {@code ricochet.world.BodyId}
 * and {@code ricochet.world.BodyDef}; contacts arrive as data, so it never depends on collision
 * ({@code ricochet.world.World} joins the two).
 */
package ricochet.dynamics;
