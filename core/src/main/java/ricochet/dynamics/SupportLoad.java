package ricochet.dynamics;

import static ricochet.dynamics.ContactStore.ANCHORED;
import static ricochet.dynamics.ContactStore.PRELOAD;
import static ricochet.dynamics.ContactStore.NORMAL_MASS;
import static ricochet.dynamics.ContactStore.NX;
import static ricochet.dynamics.ContactStore.NY;
import static ricochet.dynamics.ContactStore.NZ;
import static ricochet.dynamics.ContactStore.STRIDE;

import java.util.Arrays;
import ricochet.math.LongHeapSort;

/**
 * Contact springs preloaded by the weight they hold up. A soft row's spring is {@code k = m_eff omega^2},
 * {@code m_eff} the point's own two-body effective mass, so a load {@code F} presses it in by
 * {@code F / (m_eff omega^2)}: a contact low in a column of {@code k} boxes gives {@code k} times what the
 * top one does (ten unit boxes at 4 substeps sank 17 mm), and a heavy box on a light one gives the mass
 * ratio times.
 *
 * <p>The weight each run holds up comes from statics, from the bodies' masses and the runs' normals
 * alone: a run whose normal has an upward part {@code c = n . up > 0} ({@code up = -g / |g|}) holds up
 * its upper body {@code U}, whose weight {@code W_U} (its own, {@code m_U |g_U|}, and what the bodies it
 * holds up press it with) is shared among the runs under it, {@code F = W_U / sum(c)} along each normal
 * (the equal share of a body on several supports); the lower body is pressed with {@code F c}. Bodies
 * are summed from the highest down ({@link #sum}). The run's load ratio is
 * {@code S = F / (|g| sum m_eff)}, the load in units of its effective mass's weight.
 *
 * <p>The rule: each of the run's springs is read as pressed in by {@code P = (S - 1) |g| / omega^2} more
 * than its separation (the preload, {@link ContactStore#PRELOAD}), so that at rest it carries its share
 * of {@code F} where a lone body's spring carries that body: every contact of a stack rests at a lone
 * body's deflection {@code |g| / omega^2} (0.28 mm at 30 Hz, 0.07 mm at 60 Hz against a body of
 * infinite mass), whatever it holds up. A point is soft while {@code s - P <= 0}; apart by more than the
 * preload it is speculative as before. The springs keep their frequency, damping and mass and impulse
 * scales, so the solve keeps its conditioning; only their rest moves.
 *
 * <p>Why statics and not the impulses: a spring stiffened, or preloaded, by the impulse it or the runs
 * above it carried last step closes a loop through the warm start: a force one contact overestimates
 * lifts the body under it and presses the contact harder, and a column swung 3 cm up and down with a
 * 2 s period and fell at 2 substeps (an undamped integrator). Masses and normals do not move with the
 * forces. And why not stiffer springs: a row stiffened to its load ({@code a2 -> S a2}) tends to a
 * rigid one, which one Gauss-Seidel pass a substep does not converge along a column. And why not a
 * position pass that takes the sag out without velocity (Box2D v2.4's position iterations, Bullet's split
 * impulse): the soft row leaks {@code impulseScale} of its load every substep, so the bodies sank again
 * within each step at a rate set by the load, and one pass along a column took out a tenth of it.
 * Why the preload is taken off the separation, so that a point apart by less than it still pushes: a
 * box rocking on a loaded contact lifts an edge by more than the lone body's 0.28 mm at once, and a
 * spring that let go there (its preload lost at {@code s = 0}) walked a column over at 2 substeps.
 *
 * <p>Counterpart: none (Box2D v3, Jolt, Rapier and Bepu give each contact one spring; the shock
 * propagation of Guendelman, Bridson and Fedkiw 2003 orders a stack from the ground up the same way).
 */
final class SupportLoad {

    /**
     * Per body: the vertical force its supported bodies press it down with (N), its weight with them
     * (N), the sum of the upward parts {@code c} of the runs that support it, and whether its weight is
     * summed.
     */
    private double[] pressed = new double[16], weight = new double[16], supports = new double[16];
    private byte[] summed = new byte[16];
    /** Per run: the force along its normal it holds up, N (0: none). */
    private double[] runLoad = new double[16];
    /** The runs that hold a body up, by the height of that body, highest first (height bits, run). */
    private long[] order = new long[16];

    /** Whether runs are preloaded (else every preload is 0). */
    boolean enabled = true;
    /**
     * The joints; null: none. A jointed body's weight is shared with its joints in a way the contacts'
     * statics alone do not tell, so its runs are preloaded by its own weight alone, and it passes
     * nothing on ({@link #sum}).
     */
    ConstraintSet constraints;
    /** Per body: 1 where a joint holds it. */
    private byte[] jointed = new byte[16];
    private final ConstraintSet.Ties markJointed = (a, b) -> {
        if (a >= 0) {
            jointed[a] = 1;
        }
        if (b >= 0) {
            jointed[b] = 1;
        }
    };

    /** The scratch for {@code bodies} bodies and {@code runs} runs. */
    void grow(int bodies, int runs) {
        if (pressed.length < bodies) {
            int cap = Math.max(bodies, 2 * pressed.length);
            pressed = new double[cap];
            weight = new double[cap];
            supports = new double[cap];
            summed = new byte[cap];
            jointed = new byte[cap];
        }
        if (runLoad.length < runs) {
            int cap = Math.max(runs, 2 * runLoad.length);
            runLoad = new double[cap];
            order = new long[cap];
        }
    }

    /**
     * Every run's load, from the bodies' masses and the runs' normals alone (serial, once a step, before
     * the preparation): the bodies are summed from the highest down, each pressing on what holds it
     * once its own load is complete. A body supported through one lower than itself (a plank leaning on
     * a low block) passes its weight on only as far as the order allows: less load, never a loop.
     */
    void sum(BodyStore s, ContactStore c, SolverStep step) {
        int runs = c.runCount();
        grow(s.count(), runs);
        Arrays.fill(runLoad, 0, runs, 0);
        double g = step.gravity;
        if (!(g > 0) || !enabled) {
            return;
        }
        double ux = -step.gx / g, uy = -step.gy / g, uz = -step.gz / g;
        double[] d = c.data;
        Arrays.fill(jointed, 0, s.count(), (byte) 0);
        if (constraints != null && constraints.active()) {
            constraints.tieBodies(markJointed);
        }
        int count = 0;
        for (int r = 0; r < runs; r++) {
            int o = STRIDE * c.runStart[r];
            int a = c.bodyA[c.runStart[r]], b = c.bodyB[c.runStart[r]];
            pressed[a] = pressed[b] = weight[a] = weight[b] = supports[a] = supports[b] = 0;
            summed[a] = summed[b] = 0;
            double up = d[o + NX] * ux + d[o + NY] * uy + d[o + NZ] * uz;
            int upper = up > 0 ? b : a;
            if (up != 0 && s.invMass[upper] > 0) {
                double height = s.px[upper] * ux + s.py[upper] * uy + s.pz[upper] * uz;
                // Highest first: the float's bits made an int that grows with the height (negative
                // floats' magnitude bits flipped), then complemented so that it falls; the run breaks ties.
                int bits = Float.floatToIntBits((float) height);
                int key = ~(bits ^ ((bits >> 31) & 0x7fffffff));
                order[count++] = ((long) key << 32) | r;
            }
        }
        for (int j = 0; j < count; j++) {
            int r = (int) order[j];
            int o = STRIDE * c.runStart[r];
            double up = d[o + NX] * ux + d[o + NY] * uy + d[o + NZ] * uz;
            int upper = up > 0 ? c.bodyB[c.runStart[r]] : c.bodyA[c.runStart[r]];
            supports[upper] += Math.abs(up);
        }
        LongHeapSort.sort(order, count);
        for (int j = 0; j < count; j++) {
            int r = (int) order[j];
            int start = c.runStart[r];
            int o = STRIDE * start;
            double up = d[o + NX] * ux + d[o + NY] * uy + d[o + NZ] * uz;
            int upper = up > 0 ? c.bodyB[start] : c.bodyA[start];
            int lower = up > 0 ? c.bodyA[start] : c.bodyB[start];
            boolean held = jointed[upper] != 0;
            if (summed[upper] == 0) {
                summed[upper] = 1;
                weight[upper] = s.mass[upper] * Math.abs(s.gravityScale[upper]) * g + (held ? 0 : pressed[upper]);
            }
            double load = weight[upper] / supports[upper];
            runLoad[r] = load;
            if (!held && s.invMass[lower] > 0) {
                pressed[lower] += load * Math.abs(up);
            }
        }
    }

    /**
     * Run r's preload into its first point's {@link ContactStore#PRELOAD}, m:
     * {@code (S - 1) |g| / omega^2} for its load ratio {@code S = F / (|g| sum m_eff) >= 1} and spring
     * {@code omega} (0 where it holds nothing up).
     */
    void preload(ContactStore c, int r, SolverStep step) {
        int start = c.runStart[r], end = c.runStart[r + 1];
        double[] d = c.data;
        int o = STRIDE * start;
        double depth = 0;
        double load = runLoad[r];
        if (load > 0) {
            double mass = 0;
            for (int p = o, e = STRIDE * end; p < e; p += STRIDE) {
                mass += d[p + NORMAL_MASS];
            }
            double ratio = load / (step.gravity * mass);
            if (ratio > 1) {
                depth = (ratio - 1) * (d[o + ANCHORED] != 0 ? step.anchoredRestSag : step.restSag);
            }
        }
        d[o + PRELOAD] = depth;
    }
}
