package ricochet.lab;

import ricochet.math.IntegrationRule;

/**
 * Parameters of the lab methods on a mesh body, with the GAMES103 lab's values as defaults. The
 * stabilisers (positionCorrection, restingSpeed, punish, sleep*) are off by default, so a plain
 * impulse body steps exactly as the lab's Rigid_Bunny code does.
 *
 * @param vertexMass kg per vertex (> 0)
 * @param linearDecay per-step factor on v, in (0, 1]
 * @param angularDecay per-step factor on w, in (0, 1]
 * @param stiffness penalty-quadratic spring constant per vertex, N/m (> 0)
 * @param epsilon penalty activation distance, metres (>= 0; > 0 for the log barrier)
 * @param rho log-barrier strength per vertex, N m (> 0)
 * @param damping normal damping of the penalty methods per vertex, N s/m (>= 0)
 * @param positionCorrection impulse: move the body out of a plane it penetrates
 * @param restingSpeed impulse and shape matching: restitution is 0 when the incoming normal speed
 *     is below this, m/s (0: off)
 * @param punish impulse: the course's velocity-scaling rule against oscillation
 * @param sleepSpeed speed under which a touching body counts as resting, m/s (0: never sleeps)
 * @param sleepAngularSpeed angular speed under which a touching body counts as resting, rad/s
 * @param sleepTime seconds of rest before the body sleeps
 * @param integrator how the method's forces (penalty forces, gravity) become motion; the lab's own
 *     rule, {@link IntegrationRule#SEMI_IMPLICIT}, by default
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
        double sleepTime,
        IntegrationRule integrator) {

    /** The GAMES103 lab's values, all stabilisers off, the semi-implicit rule. */
    public static LabParams defaults() {
        return new LabParams(1.0, 0.999, 0.98, 1.0e5, 0.0, 1.0, 0.0, false, 0.0, false, 0.0, 0.0, 0.0);
    }

    /** The parameters with the lab's semi-implicit rule. */
    public LabParams(double vertexMass, double linearDecay, double angularDecay, double stiffness,
                     double epsilon, double rho, double damping, boolean positionCorrection,
                     double restingSpeed, boolean punish, double sleepSpeed, double sleepAngularSpeed,
                     double sleepTime) {
        this(vertexMass, linearDecay, angularDecay, stiffness, epsilon, rho, damping, positionCorrection,
                restingSpeed, punish, sleepSpeed, sleepAngularSpeed, sleepTime,
                IntegrationRule.SEMI_IMPLICIT);
    }

    /**
     * @throws IllegalArgumentException naming the first parameter out of range
     */
    public LabParams {
        positive("vertexMass", vertexMass);
        decay("linearDecay", linearDecay);
        decay("angularDecay", angularDecay);
        positive("stiffness", stiffness);
        nonNegative("epsilon", epsilon);
        positive("rho", rho);
        nonNegative("damping", damping);
        nonNegative("restingSpeed", restingSpeed);
        nonNegative("sleepSpeed", sleepSpeed);
        nonNegative("sleepAngularSpeed", sleepAngularSpeed);
        nonNegative("sleepTime", sleepTime);
        if (integrator == null) {
            throw new IllegalArgumentException("integrator must be one of " + IntegrationRule.keys()
                    + ", got null");
        }
    }

    public LabParams withStiffness(double k) {
        return new LabParams(vertexMass, linearDecay, angularDecay, k, epsilon, rho, damping,
                positionCorrection, restingSpeed, punish, sleepSpeed, sleepAngularSpeed, sleepTime,
                integrator);
    }

    public LabParams withBarrier(double newRho, double newEpsilon) {
        return new LabParams(vertexMass, linearDecay, angularDecay, stiffness, newEpsilon, newRho, damping,
                positionCorrection, restingSpeed, punish, sleepSpeed, sleepAngularSpeed, sleepTime,
                integrator);
    }

    public LabParams withPenalty(double newEpsilon, double newDamping) {
        return new LabParams(vertexMass, linearDecay, angularDecay, stiffness, newEpsilon, rho, newDamping,
                positionCorrection, restingSpeed, punish, sleepSpeed, sleepAngularSpeed, sleepTime,
                integrator);
    }

    public LabParams withDecay(double linear, double angular) {
        return new LabParams(vertexMass, linear, angular, stiffness, epsilon, rho, damping,
                positionCorrection, restingSpeed, punish, sleepSpeed, sleepAngularSpeed, sleepTime,
                integrator);
    }

    public LabParams withVertexMass(double m) {
        return new LabParams(m, linearDecay, angularDecay, stiffness, epsilon, rho, damping,
                positionCorrection, restingSpeed, punish, sleepSpeed, sleepAngularSpeed, sleepTime,
                integrator);
    }

    /** The stabilisers: position correction, resting restitution, the punish rule and sleeping. */
    public LabParams withStabilisers(boolean correct, double resting, boolean punishRule,
                                     double sleepV, double sleepW, double sleepT) {
        return new LabParams(vertexMass, linearDecay, angularDecay, stiffness, epsilon, rho, damping,
                correct, resting, punishRule, sleepV, sleepW, sleepT, integrator);
    }

    public LabParams withIntegrator(IntegrationRule rule) {
        return new LabParams(vertexMass, linearDecay, angularDecay, stiffness, epsilon, rho, damping,
                positionCorrection, restingSpeed, punish, sleepSpeed, sleepAngularSpeed, sleepTime, rule);
    }

    private static void positive(String name, double value) {
        if (!(value > 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be > 0 and finite, got " + value);
        }
    }

    private static void nonNegative(String name, double value) {
        if (!(value >= 0) || !Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " must be >= 0 and finite, got " + value);
        }
    }

    private static void decay(String name, double value) {
        if (!(value > 0 && value <= 1)) {
            throw new IllegalArgumentException(name + " must be in (0, 1], got " + value);
        }
    }
}
