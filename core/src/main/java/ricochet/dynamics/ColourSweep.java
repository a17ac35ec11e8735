package ricochet.dynamics;

import static ricochet.dynamics.SolverTuning.BODY_GRAIN;
import static ricochet.dynamics.SolverTuning.POINT_GRAIN;
import static ricochet.dynamics.SolverTuning.RUN_GRAIN;

import ricochet.parallel.WorkerPool;

/**
 * The colour sweep: drives the soft step's passes over every body and every run of the step on the
 * {@link WorkerPool}. Integration and the per-point preparation are per body and per point, in
 * parallel blocks; warm start, solve and relax sweep the runs colour by colour
 * ({@link ConstraintGraph}: a colour's runs share no body of finite mass), each colour's runs in
 * parallel blocks, joints first on the calling thread, the overflow group on the calling thread.
 * The order of the sweep (colours in turn; within a colour the order does not matter) is the same on
 * one thread, so every thread count gives the same bits.
 */
final class ColourSweep implements SoftStep.Driver {

    private final SolverStep step;
    private final SoftStep stages;
    private final Restitution restitution;
    private final DepthFloor floor;
    /** The threads the passes run on (the solver's). */
    WorkerPool pool;
    /** Joints, solved before the contacts in every pass; null: none. */
    ConstraintSet constraints;
    /** The pool's job for each {@link SoftStep.Pass}, by ordinal. */
    private final WorkerPool.Range[] passTasks = new WorkerPool.Range[SoftStep.Pass.values().length];
    /** The first run of the colour being swept: set on the calling thread before each job. */
    private int groupStart;
    private final WorkerPool.Range prepareTask;
    private final WorkerPool.Range prepareRunTask;

    ColourSweep(SolverStep step, SoftStep stages, Restitution restitution, DepthFloor floor) {
        this.step = step;
        this.stages = stages;
        this.restitution = restitution;
        this.floor = floor;
        for (SoftStep.Pass p : SoftStep.Pass.values()) {
            passTasks[p.ordinal()] = p.bodies ? (w, from, to) -> stages.bodies(p, null, from, to)
                    : (w, from, to) -> stages.runs(p, null, groupStart + from, groupStart + to, w);
        }
        prepareTask = (w, from, to) -> ContactPrepare.prepare(step.bodies, step.contacts, from, to,
                step.gravity, step.dt);
        prepareRunTask = (w, from, to) -> {
            for (int r = from; r < to; r++) {
                stages.prepareRun(step.bodies, step.contacts, r);
            }
        };
    }

    /**
     * What the step needs before its substeps, for every point, run and body: the points'
     * preparation, the runs' ({@link SoftStep#prepareRun}), the bounce limits and the tumbling marks.
     */
    void prepare() {
        BodyStore s = step.bodies;
        ContactStore c = step.contacts;
        pool.run(c.count(), POINT_GRAIN, prepareTask);
        pool.run(c.runCount(), RUN_GRAIN, prepareRunTask);
        restitution.bounceLimits(s, c, step.dt);
        floor.markTumbling(s, pool);
    }

    @Override
    public void pass(SoftStep.Pass pass, int island, int worker) {
        BodyStore s = step.bodies;
        WorkerPool.Range task = passTasks[pass.ordinal()];
        if (pass.bodies) {
            pool.run(s.count(), BODY_GRAIN, task);
            return;
        }
        if (pass.joints && constraints != null) {
            if (pass == SoftStep.Pass.WARM_START) {
                constraints.warmStart(s);
            } else {
                constraints.solve(s, pass.bias);
            }
        }
        sweep(task);
        if (pass.joints && constraints != null && pass != SoftStep.Pass.WARM_START) {
            constraints.afterContacts(s, pass.bias);
        }
    }

    /** All runs, on this thread (a blow runs along a chain of pairs one collision after another). */
    @Override
    public void impacts(int island, int worker) {
        step.impacts.collide(step, null, 0, step.contacts.runCount(), worker);
    }

    @Override
    public boolean endRelax() {
        return constraints != null && constraints.endRelax(step.bodies);
    }

    /**
     * Runs {@code task} over the runs colour by colour: each colour's runs in parallel blocks, the
     * overflow group on this thread.
     */
    private void sweep(WorkerPool.Range task) {
        ConstraintGraph graph = step.contacts.graph;
        int[] start = graph.groupStart;
        for (int g = 0, n = graph.groupCount(); g < n; g++) {
            groupStart = start[g];
            int size = start[g + 1] - start[g];
            if (graph.isOverflow(g)) {
                task.run(0, 0, size);
            } else {
                pool.run(size, RUN_GRAIN, task);
            }
        }
    }
}
