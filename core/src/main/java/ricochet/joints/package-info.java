/**
 * Joints: the user's {@link ricochet.joints.JointDef} (fixed, ball, hinge, slider, distance,
 * cone-twist, six-DOF; limits, motors, springs, break thresholds), their primitive-array
 * {@link ricochet.joints.JointStore}, and the {@link ricochet.joints.JointSolver} that the contact
 * solver runs in its substeps, with the jointed groups' energy guards ({@code JointImpulses},
 * {@code GroundedBlock}). Depends on {@code ricochet.math}, {@code ricochet.body} (body handles)
 * and {@code ricochet.dynamics}, never on {@code ricochet.world};
 * {@code ricochet.world.World} owns the store and maps body handles to it.
 */
package ricochet.joints;
