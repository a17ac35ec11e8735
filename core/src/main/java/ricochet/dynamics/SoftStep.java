package ricochet.dynamics;

import static ricochet.dynamics.ContactPrepare.refreshJacobians;
import static ricochet.dynamics.ContactPrepare.refreshSeparations;
import static ricochet.dynamics.ContactPrepare.tangentJacobians;
import static ricochet.dynamics.ContactRows.solveFriction;
import static ricochet.dynamics.ContactRows.solveNormals;
import static ricochet.dynamics.ContactStore.ANCHORED;
import static ricochet.dynamics.ContactStore.AT1;
import static ricochet.dynamics.ContactStore.AT2;
import static ricochet.dynamics.ContactStore.BT1;
import static ricochet.dynamics.ContactStore.BT2;
import static ricochet.dynamics.ContactStore.IAT1;
import static ricochet.dynamics.ContactStore.IAT2;
import static ricochet.dynamics.ContactStore.IBT1;
import static ricochet.dynamics.ContactStore.IBT2;
import static ricochet.dynamics.ContactStore.NORMAL_IMPULSE;
import static ricochet.dynamics.ContactStore.STRIDE;
import static ricochet.dynamics.ContactStore.TANGENT_MASS1;
import static ricochet.dynamics.ContactStore.TANGENT_MASS2;
import static ricochet.dynamics.ContactStore.TOTAL_NORMAL_IMPULSE;
import static ricochet.dynamics.PatchFriction.gatherPatch;
import static ricochet.dynamics.PatchFriction.patchJacobians;
import static ricochet.dynamics.PatchFriction.patchable;
import static ricochet.dynamics.PatchFriction.solvePatchFriction;
import static ricochet.dynamics.PatchFriction.warmStartPatch;

import java.util.Arrays;

/**
 * The substeps of the soft step, written once: the {@link Stage}s of a substep walked by a plain
 * loop ({@link #substeps}), each stage a pass over a range of bodies or runs ({@link #bodies},
 * {@link #runs}). What drives the passes is a {@link Driver}: the colour sweep
 * ({@link ColourSweep}: every body and run, colour by colour on the pool, joints first) or the
 * island walk ({@link IslandWalk}: one island's bodies and runs on one thread). Both run the same
 * operations on each body and run in the same order, so they give the same bits.
 *
 * <p>Also the per-run preparation that both drivers run before the substeps ({@link #prepareRun}) and
 * the per-run marks the passes read.
 */
final class SoftStep {

    /** The stages of one substep, in order (Box2D v3's {@code b2SolverStage}). */
    enum Stage {
        INTEGRATE_VELOCITIES, IMPACTS, WARM_START, SOLVE, INTEGRATE_POSITIONS, RELAX
    }

    private static final Stage[] STAGES = Stage.values();

    /**
     * One pass of a stage over bodies or runs, and its flags: {@code bias}, the soft (biased) normal
     * rows, else relax ({@code vn >= 0} only); {@code refresh}, the separations made again first
     * (positions moved); {@code accumulate}, each point's final impulse added to the step's total;
     * {@code joints}, the joints solved first (by the colour sweep: the island walk has none).
     */
    enum Pass {
        INTEGRATE_VELOCITIES(true, false, false, false, false),
        INTEGRATE_POSITIONS(true, false, false, false, false),
        WARM_START(false, false, false, false, true),
        SOLVE(false, true, false, false, true),
        RELAX(false, false, false, false, true),
        RELAX_REFRESH(false, false, true, false, true),
        RELAX_LAST(false, false, false, true, true),
        RELAX_REFRESH_LAST(false, false, true, true, true),
        /** After the joints' guard changed velocities: the contacts relaxed once more, alone. */
        RELAX_AGAIN(false, false, false, false, false);

        final boolean bodies, bias, refresh, accumulate, joints;

        Pass(boolean bodies, boolean bias, boolean refresh, boolean accumulate, boolean joints) {
            this.bodies = bodies;
            this.bias = bias;
            this.refresh = refresh;
            this.accumulate = accumulate;
            this.joints = joints;
        }

        /**
         * Relax pass {@code r} of {@code n}: the first refreshes the separations, which the next
         * substep's biased solve reads too; the last adds the impulses to the totals.
         */
        static Pass relax(int r, int n) {
            boolean first = r == 0, last = r == n - 1;
            return first ? (last ? RELAX_REFRESH_LAST : RELAX_REFRESH) : (last ? RELAX_LAST : RELAX);
        }
    }

    /** What runs a pass over the bodies and runs it covers. */
    interface Driver {

        /**
         * Pass {@code pass} over this driver's bodies or runs (of island {@code island}, on {@code worker}).
         */
        void pass(Pass pass, int island, int worker);

        /** The impact stage over this driver's runs (of island {@code island}, on {@code worker}). */
        void impacts(int island, int worker);

        /** After a substep's relax passes: whether the joints' guard changed velocities. */
        boolean endRelax();
    }

    /**
     * All substeps of a step: {@link Stage}s in order, each one or more passes of {@code driver}
     * ({@code island} and {@code worker} are handed to it).
     */
    static void substeps(SolverStep step, Driver driver, int island, int worker) {
        for (int k = 0; k < step.substeps; k++) {
            for (Stage stage : STAGES) {
                switch (stage) {
                    case INTEGRATE_VELOCITIES:
                        driver.pass(Pass.INTEGRATE_VELOCITIES, island, worker);
                        break;
                    case IMPACTS:
                        driver.impacts(island, worker);
                        break;
                    case WARM_START:
                        driver.pass(Pass.WARM_START, island, worker);
                        break;
                    case SOLVE:
                        for (int it = 0; it < step.iterations; it++) {
                            driver.pass(Pass.SOLVE, island, worker);
                        }
                        break;
                    case INTEGRATE_POSITIONS:
                        // A collision within the substep moves the bodies at their old velocities until
                        // its time (Impacts).
                        step.impacts.holdBack(step.bodies, worker);
                        driver.pass(Pass.INTEGRATE_POSITIONS, island, worker);
                        step.impacts.restore(step.bodies, worker);
                        break;
                    case RELAX:
                        for (int r = 0; r < step.relaxIterations; r++) {
                            driver.pass(Pass.relax(r, step.relaxIterations), island, worker);
                        }
                        // A group the joints' guard scaled back may have lost some of its contacts'
                        // push against the ground: one more contact relax pass restores it.
                        if (driver.endRelax()) {
                            driver.pass(Pass.RELAX_AGAIN, island, worker);
                        }
                        break;
                    default:
                        throw new IllegalStateException("stage " + stage);
                }
            }
        }
    }

    private final SolverStep step;
    private final Reanchor reanchor;
    private final Restitution restitution;
    private final DepthFloor floor;
    /** Per run, 1 where its friction is solved as one patch ({@link PatchFriction}). */
    private byte[] patchRuns = new byte[16];
    /** Per run, 1 where it keeps friction anchors this step ({@link FrictionAnchor#turns}). */
    private byte[] anchorRuns = new byte[16];
    /** The weight each run holds up, for its spring ({@link SupportLoad}). */
    final SupportLoad loads = new SupportLoad();

    SoftStep(SolverStep step, Reanchor reanchor, Restitution restitution, DepthFloor floor) {
        this.step = step;
        this.reanchor = reanchor;
        this.restitution = restitution;
        this.floor = floor;
    }

    /** The per-run marks (patch, re-anchoring, restitution, floor) for {@code runs} runs. */
    void growRuns(int runs) {
        if (patchRuns.length < runs) {
            patchRuns = new byte[Math.max(runs, 2 * patchRuns.length)];
            anchorRuns = new byte[patchRuns.length];
        }
        reanchor.grow(runs);
        restitution.grow(runs);
        floor.grow(runs);
    }

    /**
     * Integration pass {@code pass} over bodies {@code order[from .. to - 1]} ({@code order} null:
     * the bodies {@code from .. to - 1} themselves).
     */
    void bodies(Pass pass, int[] order, int from, int to) {
        BodyStore s = step.bodies;
        double h = step.h;
        if (pass == Pass.INTEGRATE_VELOCITIES) {
            double gx = step.gx, gy = step.gy, gz = step.gz;
            if (order == null) {
                Integrator.integrateVelocities(s, gx, gy, gz, h, from, to);
            } else {
                for (int j = from; j < to; j++) {
                    int i = order[j];
                    Integrator.integrateVelocities(s, gx, gy, gz, h, i, i + 1);
                }
            }
        } else if (order == null) {
            Integrator.integratePositions(s, h, from, to);
        } else {
            for (int j = from; j < to; j++) {
                int i = order[j];
                Integrator.integratePositions(s, h, i, i + 1);
            }
        }
    }

    /**
     * Pass {@code pass} (warm start, solve or relax) over runs {@code order[from .. to - 1]}
     * ({@code order} null: the runs {@code from .. to - 1} themselves) on thread {@code worker}.
     */
    void runs(Pass pass, int[] order, int from, int to, int worker) {
        BodyStore s = step.bodies;
        ContactStore c = step.contacts;
        if (pass == Pass.WARM_START) {
            for (int j = from; j < to; j++) {
                warmStartRun(s, c, order == null ? j : order[j]);
            }
            return;
        }
        boolean bias = pass.bias, refresh = pass.refresh, accumulate = pass.accumulate;
        for (int j = from; j < to; j++) {
            solveRun(s, c, order == null ? j : order[j], worker, bias, refresh, accumulate);
        }
    }

    /** Run r's saved impulses applied to its two bodies (a method per run: see {@link #solveRun}). */
    private void warmStartRun(BodyStore s, ContactStore c, int r) {
        if (patchRuns[r] != 0) {
            warmStartPatch(s, c, c.runStart[r], c.runStart[r + 1]);
            return;
        }
        ContactRows.warmStart(s, c, c.runStart[r], c.runStart[r + 1]);
    }

    /**
     * One Gauss-Seidel pass over run {@code r} (the points of one body pair, its two bodies'
     * velocities held in locals): its friction first (clamped by the normal impulse of the pass
     * before), then its normals, so non-penetration, the constraint that matters most, is solved
     * last (Catto, GDC 2009). {@code refresh} first recomputes the separations (positions moved), the
     * Jacobians of bodies whose inertia turns, the anchors of fast-turning bodies
     * ({@link Reanchor}) and the friction anchors' terms ({@link FrictionAnchor}); {@code accumulate}
     * adds each point's final normal impulse to the step's total. A run that leaves a body spinning
     * past the integrator's cap is swept once more with that
     * spin cut and held ({@link SpinHold}).
     *
     * <p>One call per run, not one loop over them: called thousands of times a step, it reaches the
     * JIT's full compile within the first steps, where a loop over the runs waited for two on-stack
     * replacements.
     */
    private void solveRun(BodyStore s, ContactStore c, int r, int worker, boolean bias, boolean refresh,
                          boolean accumulate) {
        int start = c.runStart[r], end = c.runStart[r + 1];
        boolean patch = patchRuns[r] != 0, anchors = anchorRuns[r] != 0;
        if (refresh) {
            refreshSeparations(s, c, start, end);
            refreshJacobians(s, c, start, end, patch);
            reanchor.refresh(s, c, r, start, end, worker, patch, step.dt);
            if (anchors) {
                FrictionAnchor.refresh(s, c, start, end, patch, reanchor.moved(r));
            }
        }
        // The anchors' separation is taken back at the contact spring's rate (ContactRows.solveNormals).
        double anchorRate = !bias || !anchors ? 0
                : c.data[STRIDE * start + ANCHORED] != 0 ? step.anchoredSoft.biasRate : step.soft.biasRate;
        if (patch) {
            solvePatchFriction(s, c, start, end, anchorRate, anchors);
        } else {
            solveFriction(s, c, start, end, anchorRate, anchors);
        }
        // A relax pass leaves an impact of the next substep to its impact stage (Impacts.openGaps).
        boolean open = !bias && step.impacts.active && restitution.bouncy[r] == Restitution.CENTRAL;
        if (open) {
            step.impacts.openGaps(s, c, start, end, step);
        }
        // Only a run that bounces after the substeps reads its approach (Restitution.bounce).
        solveNormals(s, c, r, start, end, bias, bias && restitution.bouncy[r] == 1, step);
        if (open) {
            step.impacts.closeGaps(c, start, end);
        }
        int a = c.bodyA[start], b = c.bodyB[start];
        double maxSpin = step.maxSpin;
        if (SpinHold.beyond(s, a, maxSpin) || SpinHold.beyond(s, b, maxSpin)) {
            SpinHold.normals(s, c, start, end, maxSpin, bias, step.invH, step.pushOut, step.soft,
                    step.anchoredSoft);
        }
        if (accumulate) {
            double[] d = c.data;
            for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
                d[o + TOTAL_NORMAL_IMPULSE] += d[o + NORMAL_IMPULSE];
            }
        }
    }

    /**
     * The preparation's per-run part, after the run's points are prepared
     * ({@link ContactPrepare#preparePoint}) and the weights summed ({@link SupportLoad#sum}): its
     * springs' preload ({@link SupportLoad}), the separations at the step's start, and
     * the run's marks; then its tangent rows, at each point or, for a patch, at its centre.
     */
    void prepareRun(BodyStore s, ContactStore c, int r) {
        int start = c.runStart[r], end = c.runStart[r + 1];
        loads.preload(c, r, step);
        refreshSeparations(s, c, start, end);
        reanchor.mark(s, c, r, start, end);
        restitution.bouncy[r] = Restitution.bouncy(s, c, start, end);
        boolean patch = step.patchFriction && patchable(c.data, start, end);
        patchRuns[r] = (byte) (patch ? 1 : 0);
        if (patch) {
            patchJacobians(s, c, start, end);
            gatherPatch(c.data, start, end);
            // The other points' own tangent rows go unused: 0, not a former point's (a snapshot
            // writes whole records).
            double[] d = c.data;
            for (int o = STRIDE * (start + 1), e = STRIDE * end; o < e; o += STRIDE) {
                Arrays.fill(d, o + AT1, o + AT2 + 3, 0);
                Arrays.fill(d, o + BT1, o + BT2 + 3, 0);
                Arrays.fill(d, o + IAT1, o + IAT2 + 3, 0);
                Arrays.fill(d, o + IBT1, o + IBT2 + 3, 0);
                d[o + TANGENT_MASS1] = 0;
                d[o + TANGENT_MASS2] = 0;
            }
        } else {
            int a = c.bodyA[start], b = c.bodyB[start];
            for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
                tangentJacobians(s, c.data, o, a, b);
            }
        }
        // A run that keeps no anchors leaves their fields 0: no separation, no lever speed, none carried.
        boolean anchors = step.frictionAnchors && FrictionAnchor.turns(s, c, start, step.dt);
        anchorRuns[r] = (byte) (anchors ? 1 : 0);
        if (anchors) {
            FrictionAnchor.begin(s, c, start, end, patch);
        }
    }

    /**
     * Run r's patch impulses, once its step is solved, spread back over its points' tangent impulses
     * ({@link PatchFriction#spreadPatch}); a run solved point by point is left as it is. First, the
     * friction anchors' separations to carry ({@link FrictionAnchor#finish}).
     */
    void spreadPatch(ContactStore c, int r) {
        if (anchorRuns[r] != 0) {
            FrictionAnchor.finish(c, c.runStart[r], c.runStart[r + 1], patchRuns[r] != 0);
        }
        if (patchRuns[r] != 0) {
            patchRuns[r] = 0;
            PatchFriction.spreadPatch(c.data, c.runStart[r], c.runStart[r + 1]);
        }
    }
}
