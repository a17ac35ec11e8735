package ricochet.dynamics;

import static ricochet.dynamics.ContactStore.NORMAL_IMPULSE;
import static ricochet.dynamics.ContactStore.NORMAL_MASS;
import static ricochet.dynamics.ContactStore.SAG;
import static ricochet.dynamics.ContactStore.STRIDE;
import static ricochet.dynamics.SolverTuning.MAX_SAG_STIFFENING;

/**
 * Sag stiffening. The spring's static deflection under a load {@code F} is {@code F / (m_eff omega^2)}, with
 * {@code m_eff} the point's two-body effective mass, not the load's: the contacts low in a stack carry many
 * boxes on springs no stiffer than the top one's, and a column on such springs buckles like an elastic-base
 * column once its toppling torque outgrows their rocking stiffness (20 unit boxes, 4 substeps: fell over
 * within 12 s). Stiffer springs all round jitter with one Gauss-Seidel pass (docs/bench/pyramid-drift.md), so
 * the bias is split instead: a manifold's common compression (the mean separation of its touching points) is
 * corrected by {@code SAG} times the spring's bias rate, SAG being the run's load in units of its effective
 * mass's weight, {@code sum lambda / (|g| h sum m_eff)}, clamped to [1,
 * {@link SolverTuning#MAX_SAG_STIFFENING}]; each point's difference from the mean by
 * {@link SolverTuning#TILT_STIFFENING} times it. A faster correction at the same mass and impulse scale
 * divides the steady deflection by the same factor ({@code C = -impulseScale lambda / (m_eff massScale biasRate)}).
 * Measured: the 20-box column stands (71 mm of sag, under 0.3 mm sideways, was 595 mm and fallen), the bench
 * pyramid drifts 22 mm (was 32.5); 1.75x sag or 3x rocking jitter in the pyramid.
 */
final class SagStiffening {

    private SagStiffening() {
    }

    /**
     * Run {@code start .. end - 1}'s SAG from its warm-started impulses: {@code weight} is
     * {@code |g| h}, the impulse a unit mass needs per substep to stand (0 without gravity: 1).
     */
    static void sagStiffening(ContactStore c, int start, int end, double weight) {
        double[] d = c.data;
        double load = 0, mass = 0;
        for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
            load += d[o + NORMAL_IMPULSE];
            mass += d[o + NORMAL_MASS];
        }
        double ratio = weight > 0 && mass > 0 ? load / (weight * mass) : 1;
        d[STRIDE * start + SAG] = Math.min(Math.max(ratio, 1), MAX_SAG_STIFFENING);
    }
}
