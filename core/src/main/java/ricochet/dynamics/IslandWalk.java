package ricochet.dynamics;

import static ricochet.dynamics.SolverTuning.WALK_MIN_POINTS;

import ricochet.parallel.WorkerPool;

/**
 * The island walk: where nothing couples the islands within the substeps and they are many and large
 * enough, the step is walked island by island ({@link SolverIslands}), each island through its
 * preparation, all its substeps' passes and its part of the store on one thread: the same operations
 * on each body in the same order as the {@link ColourSweep}, so the same bits, with the island's
 * records in the near cache and one hand-off a step instead of one per colour and pass. Below
 * {@link SolverTuning#WALK_MIN_POINTS} points the colour sweep finds the records in cache anyway and
 * the walk's loop per island only costs: the bench terrain's 1,500 points in 115 islands took 4 %
 * longer walked.
 */
final class IslandWalk implements SoftStep.Driver {

    /** The step's islands, when it is walked. */
    final SolverIslands islands = new SolverIslands();
    /** Whether steps may be walked where that gives the same bits. */
    boolean enabled = true;
    /** Steps walked so far. */
    long walks;

    private final SolverStep step;
    private final SoftStep stages;
    private final Restitution restitution;
    private final DepthFloor floor;
    private final WorkerPool.Range islandTask = (w, from, to) -> {
        for (int k = from; k < to; k++) {
            walkIsland(k, w);
        }
    };

    IslandWalk(SolverStep step, SoftStep stages, Restitution restitution, DepthFloor floor) {
        this.step = step;
        this.stages = stages;
        this.restitution = restitution;
        this.floor = floor;
    }

    /**
     * Whether to walk this step island by island: only where that is the same as colour by colour
     * (no joints, no overflow group, no kinematic body moving under several islands, every run inside
     * one island) and it pays: {@link SolverTuning#WALK_MIN_POINTS} points or more, and no island so
     * large that it keeps one thread busy while the others wait (at most half a thread's share of the
     * points; on one thread, half of them: one island that large is its colours' order anyway).
     */
    boolean applies(BodyStore s, ContactStore c, int[] islandOf, ConstraintSet constraints, int threads) {
        if (islandOf == null || !enabled || c.count() < WALK_MIN_POINTS
                || (constraints != null && constraints.active()) || c.graph.hasOverflow()) {
            return false;
        }
        islands.build(s, c, islandOf);
        if (islands.kinematicMoving || !islands.covered || islands.count < 2) {
            return false;
        }
        return (long) islands.largestPoints * 2 * threads <= islands.totalPoints;
    }

    /**
     * The step's islands on the pool: each island's thread prepares its points, takes them through
     * the substeps and copies them out for the warm-start cache, so a point's record is touched by
     * one thread only.
     */
    void run(WorkerPool pool) {
        BodyStore s = step.bodies;
        ContactStore c = step.contacts;
        restitution.growBodies(s.count());
        floor.growBodies(s.count());
        stages.growRuns(c.runCount());
        c.beginSave();
        pool.run(islands.count, 1, islandTask);
        walks++;
    }

    /**
     * Island {@code k}'s whole step on one thread: its points' preparation, its substeps and its part
     * of what follows them, so that its records stay in the core's near cache from the preparation to
     * the copy into the warm-start cache.
     */
    private void walkIsland(int k, int worker) {
        BodyStore s = step.bodies;
        ContactStore c = step.contacts;
        int[] bodies = islands.bodies, runs = islands.runs, runStart = c.runStart;
        int b0 = islands.bodyStart[k], b1 = islands.bodyStart[k + 1];
        int r0 = islands.runStart[k], r1 = islands.runStart[k + 1];
        // What the colour sweep's step does before the substeps, for this island's points, runs and
        // bodies only: each reads the step's starting state and writes its own point, run or body.
        double gravity = step.gravity;
        int cursor = -1;
        for (int j = r0; j < r1; j++) {
            int r = runs[j];
            for (int i = runStart[r], end = runStart[r + 1]; i < end; i++) {
                ContactPrepare.preparePoint(s, c, i, gravity, step.dt);
                cursor = c.warmStart(i, cursor);
            }
        }
        boolean bouncy = false;
        for (int j = r0; j < r1; j++) {
            int r = runs[j];
            stages.prepareRun(s, c, r);
            bouncy |= restitution.bouncy[r] != 0;
        }
        for (int j = b0; j < b1; j++) {
            int i = bodies[j];
            floor.markTumbling(s, i);
            if (bouncy) {
                // Only a bouncing run's body is held to its limit (restitution), and it is in this island.
                restitution.bounceLimit(s, i, step.dt);
            }
        }
        SoftStep.substeps(step, this, k, worker);
        // And after: the floor tests of the lift (valid unless a bounce follows) and the copy for the
        // warm-start cache (made again if one does).
        for (int j = r0; j < r1; j++) {
            int r = runs[j];
            floor.pastFloorRuns[r] = floor.pastFloor(s, c, r, worker);
            stages.spreadPatch(c, r);
            c.copyForSave(runStart[r], runStart[r + 1]);
        }
    }

    @Override
    public void pass(SoftStep.Pass pass, int island, int worker) {
        if (pass.bodies) {
            stages.bodies(pass, islands.bodies, islands.bodyStart[island], islands.bodyStart[island + 1]);
        } else {
            stages.runs(pass, islands.runs, islands.runStart[island], islands.runStart[island + 1], worker);
        }
    }

    /** The island's runs, on its thread. */
    @Override
    public void impacts(int island, int worker) {
        step.impacts.collide(step, islands.runs, islands.runStart[island], islands.runStart[island + 1], worker);
    }

    /** No joints in a walked step (see {@link #applies}). */
    @Override
    public boolean endRelax() {
        return false;
    }
}
