package ricochet.math;

import java.util.List;
import java.util.stream.Stream;

/**
 * How forces become motion over one step of length h: the six textbook rules, for any state of
 * positions x, velocities v and accelerations a(x, v). {@link #key()} is the scene file's name.
 * The lab bodies and the particles of cloths and soft bodies use them, switching on the rule once
 * per body and step (never per particle) and keeping their existing loops for {@link #SEMI_IMPLICIT}.
 *
 * <pre>
 * explicit-euler   v1 = v0 + h a(x0, v0)                         x1 = x0 + h v0
 * semi-implicit    v1 = v0 + h a(x0, v0)                         x1 = x0 + h v1
 * implicit-euler   v1 = v0 + h a(x1, v1)              (solved)   x1 = x0 + h v1
 * midpoint         v1 = v0 + h a(x0 + h/2 v0, v0 + h/2 a0)        x1 = x0 + h (v0 + h/2 a0)
 * trapezoid        v1 = v0 + h (a(x0, v0) + a(x1, v1)) / 2 (solved)  x1 = x0 + h (v0 + v1) / 2
 * leapfrog         v(t + h/2) = v(t - h/2) + h a(x0)              x1 = x0 + h v(t + h/2)
 * </pre>
 *
 * Global order (error after a fixed time, halving h): 1 for the two Eulers and semi-implicit, 2 for
 * the others; the error of a single step is one order higher. On an undamped linear spring of
 * frequency w, one step multiplies the energy by {@code 1 + (hw)^2} (explicit Euler),
 * {@code 1 / (1 + (hw)^2)} (implicit Euler), {@code 1 + (hw)^4 / 4} (midpoint) and exactly 1
 * (trapezoid); semi-implicit Euler and leapfrog are symplectic, so their energy oscillates in a band
 * of relative width about hw that does not grow.
 */
public enum IntegrationRule {
    EXPLICIT_EULER("explicit-euler", 1, false, 0.0),
    /** The default: the lab's order (kick, then drift with the new velocity). */
    SEMI_IMPLICIT("semi-implicit", 1, false, 1.0),
    IMPLICIT_EULER("implicit-euler", 1, true, 1.0),
    MIDPOINT("midpoint", 2, false, 0.5),
    TRAPEZOID("trapezoid", 2, true, 0.5),
    LEAPFROG("leapfrog", 2, false, 0.5);

    private final String key;
    private final int order;
    private final boolean implicit;
    private final double driftWeight;

    IntegrationRule(String key, int order, boolean implicit, double driftWeight) {
        this.key = key;
        this.order = order;
        this.implicit = implicit;
        this.driftWeight = driftWeight;
    }

    /** The scene file's name of the rule. */
    public String key() {
        return key;
    }

    /** The global order of accuracy: the error after a fixed time falls as h^order. */
    public int order() {
        return order;
    }

    /** Whether a step solves an equation in the end state (implicit Euler, trapezoid). */
    public boolean implicit() {
        return implicit;
    }

    /**
     * Under a constant acceleration every rule moves the position by {@code h ((1 - b) v0 + b v1)}
     * with this weight b: 0 explicit Euler, 1 semi- and implicit Euler, 1/2 the second-order rules
     * (exact for a constant acceleration). For an implicit rule it is also the weight of the end
     * state's acceleration (theta of the theta-method: 1 implicit Euler, 1/2 trapezoid).
     */
    public double driftWeight() {
        return driftWeight;
    }

    /** The rules' keys in declaration order. */
    public static List<String> keys() {
        return Stream.of(values()).map(IntegrationRule::key).toList();
    }

    /** The rule named {@code key}; throws naming the six valid keys otherwise. */
    public static IntegrationRule fromKey(String key) {
        for (IntegrationRule r : values()) {
            if (r.key.equals(key)) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown integrator '" + key + "' (expected one of "
                + String.join(", ", keys()) + ")");
    }
}
