package ricochet.io.scene;

/**
 * Parameters of the GAMES103 lab methods on a mesh body (contract section 4.1), with the seed's
 * defaults. The stabilisers (positionCorrection, restingSpeed, punish, sleep*) are off by default,
 * so a plain {@code "method": "impulse"} body is seed 000 exactly.
 *
 * @param vertexMass kg per vertex (> 0)
 * @param linearDecay per-step factor on v, in (0, 1]
 * @param angularDecay per-step factor on w, in (0, 1]
 * @param stiffness penalty-quadratic spring constant per vertex, N/m (> 0)
 * @param epsilon penalty activation distance, metres (>= 0; > 0 for the log barrier)
 * @param rho log-barrier strength per vertex, N m (> 0)
 * @param damping normal damping of the penalty methods per vertex, N s/m (>= 0)
 * @param positionCorrection impulse/penalty: move the body out of a plane it penetrates (seed 001)
 * @param restingSpeed impulse: restitution is 0 when the incoming normal speed is below this, m/s
 * @param punish impulse: seed 001's velocity-scaling rule against oscillation
 * @param sleepSpeed speed under which a touching body counts as resting, m/s (0: never sleeps)
 * @param sleepAngularSpeed angular speed under which a touching body counts as resting, rad/s
 * @param sleepTime seconds of rest before the body sleeps
 */
public record LabParams(
        double vertexMass,
        double linearDecay,
        double angularDecay,
        double stiffness,
        double epsilon,
        double rho,
        double damping,
        boolean positionCorrection,
        double restingSpeed,
        boolean punish,
        double sleepSpeed,
        double sleepAngularSpeed,
        double sleepTime) {

    public static LabParams defaults() {
        return new LabParams(1.0, 0.999, 0.98, 1.0e5, 0.0, 1.0, 0.0, false, 0.0, false, 0.0, 0.0, 0.0);
    }
}
