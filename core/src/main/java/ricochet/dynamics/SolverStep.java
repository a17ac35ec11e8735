package ricochet.dynamics;

/**
 * What every stage of one contact-solver step reads (Rapier's {@code IntegrationParameters}, Box2D's
 * {@code b2StepContext}): the stores, gravity, the step {@code dt} and the substep {@code h = dt / n},
 * the springs and the limits. {@link ContactSolver#step} fills it once at the step's start; the
 * stages only read it, on any thread. One name per quantity: {@code dt} the step, {@code h} the
 * substep.
 */
final class SolverStep {

    BodyStore bodies;
    ContactStore contacts;
    /** Gravity, m/s^2, world frame, and its length. */
    double gx, gy, gz, gravity;
    /** The step, s. */
    double dt;
    /** The substep {@code dt / substeps}, s, and its inverse, 1/s. */
    double h, invH;
    int substeps;
    /** Biased solve passes and relax passes per substep (each >= 1). */
    int iterations, relaxIterations;
    /** The contact springs of this substep: between moving bodies, and against infinite mass. */
    final Softness soft = new Softness(), anchoredSoft = new Softness();
    /**
     * The two springs' rest deflections, m: {@code |g| / omega^2}, what a point's spring gives under
     * its own effective mass's weight ({@link SupportLoad}).
     */
    double restSag, anchoredRestSag;
    /** The push-out cap as a (negative) bias velocity, m/s. */
    double pushOut;
    /** The integrator's spin cap for this substep, {@code Integrator.MAX_ROTATION * invH}, rad/s. */
    double maxSpin;
    /** Approach speeds below this do not bounce, m/s. */
    double restitutionThreshold;
    /** Whether a run that makes one patch has its friction solved as one ({@link PatchFriction}). */
    boolean patchFriction;
    /** Whether sticking contacts keep their friction anchors ({@link FrictionAnchor}). */
    boolean frictionAnchors;
    /** The impact stage: restitution as collisions at each substep's start. */
    Impacts impacts;
}
