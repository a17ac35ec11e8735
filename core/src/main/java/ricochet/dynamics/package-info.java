/**
 * Rigid-body motion and the contact solver: the struct-of-arrays {@link ricochet.dynamics.BodyStore},
 * the {@link ricochet.dynamics.IdPool} of generation-checked handles, the semi-implicit Euler
 * {@link ricochet.dynamics.Integrator} (gravity, damping, forces, implicit gyroscopic torque,
 * quaternion integration), the {@link ricochet.dynamics.RigidBodies} API over them, the step's
 * contact points ({@link ricochet.dynamics.ContactStore}, with last step's impulses in a
 * {@code WarmStartCache}) and the {@link ricochet.dynamics.ContactSolver} (Box2D v3's soft step:
 * prepare, substeps, restitution, store). The solver's parts, one file each: the step context
 * ({@code SolverStep}), the substep stages ({@code SoftStep}) and what drives them ({@code ColourSweep},
 * {@code IslandWalk}), the rows ({@code ContactPrepare}, {@code ContactRows}, {@code PatchFriction}),
 * the mechanisms beyond the formulation ({@code SupportLoad}, {@code Reanchor}, {@code SpinHold},
 * {@code Restitution}, {@code DepthFloor}) and their constants ({@code SolverTuning}); see
 * {@code docs/solver.md}. Joints plug in through {@link ricochet.dynamics.ConstraintSet}.
 *
 * <p>Depends on {@code ricochet.math}, {@code ricochet.geometry.shape} (mass properties),
 * {@code ricochet.parallel} (the worker pool) and {@code ricochet.body} (the body handle and
 * definition records), never on {@code ricochet.world}; contacts arrive as data and
 * shapes as a {@link ricochet.dynamics.SupportSource}, so it never depends on collision
 * ({@code ricochet.world.World} joins the two).
 */
package ricochet.dynamics;
