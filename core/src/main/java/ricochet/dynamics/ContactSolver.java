package ricochet.dynamics;

import static java.lang.Math.fma;
import static ricochet.dynamics.ContactStore.AN;
import static ricochet.dynamics.ContactStore.ANCHORED;
import static ricochet.dynamics.ContactStore.ANCHOR_SHARE;
import static ricochet.dynamics.ContactStore.APPROACH;
import static ricochet.dynamics.ContactStore.APPROACH_FLOOR;
import static ricochet.dynamics.ContactStore.AT1;
import static ricochet.dynamics.ContactStore.AT2;
import static ricochet.dynamics.ContactStore.BASE;
import static ricochet.dynamics.ContactStore.BN;
import static ricochet.dynamics.ContactStore.BT1;
import static ricochet.dynamics.ContactStore.BT2;
import static ricochet.dynamics.ContactStore.FRICTION;
import static ricochet.dynamics.ContactStore.IAN;
import static ricochet.dynamics.ContactStore.IAT1;
import static ricochet.dynamics.ContactStore.IAT2;
import static ricochet.dynamics.ContactStore.IAW;
import static ricochet.dynamics.ContactStore.IBN;
import static ricochet.dynamics.ContactStore.IBT1;
import static ricochet.dynamics.ContactStore.IBT2;
import static ricochet.dynamics.ContactStore.IBW;
import static ricochet.dynamics.ContactStore.LAX;
import static ricochet.dynamics.ContactStore.LAY;
import static ricochet.dynamics.ContactStore.LAZ;
import static ricochet.dynamics.ContactStore.LBX;
import static ricochet.dynamics.ContactStore.LBY;
import static ricochet.dynamics.ContactStore.LBZ;
import static ricochet.dynamics.ContactStore.MAX_NORMAL_IMPULSE;
import static ricochet.dynamics.ContactStore.NORMAL_IMPULSE;
import static ricochet.dynamics.ContactStore.NORMAL_MASS;
import static ricochet.dynamics.ContactStore.NX;
import static ricochet.dynamics.ContactStore.NY;
import static ricochet.dynamics.ContactStore.NZ;
import static ricochet.dynamics.ContactStore.PATCH_OFFSET1;
import static ricochet.dynamics.ContactStore.PATCH_OFFSET2;
import static ricochet.dynamics.ContactStore.RAX;
import static ricochet.dynamics.ContactStore.RAY;
import static ricochet.dynamics.ContactStore.RAZ;
import static ricochet.dynamics.ContactStore.RBX;
import static ricochet.dynamics.ContactStore.RBY;
import static ricochet.dynamics.ContactStore.RBZ;
import static ricochet.dynamics.ContactStore.RESTITUTION;
import static ricochet.dynamics.ContactStore.SAG;
import static ricochet.dynamics.ContactStore.SEP;
import static ricochet.dynamics.ContactStore.SEPARATION;
import static ricochet.dynamics.ContactStore.STRIDE;
import static ricochet.dynamics.ContactStore.T1X;
import static ricochet.dynamics.ContactStore.T1Y;
import static ricochet.dynamics.ContactStore.T1Z;
import static ricochet.dynamics.ContactStore.T2X;
import static ricochet.dynamics.ContactStore.T2Y;
import static ricochet.dynamics.ContactStore.T2Z;
import static ricochet.dynamics.ContactStore.TANGENT_IMPULSE1;
import static ricochet.dynamics.ContactStore.TANGENT_IMPULSE2;
import static ricochet.dynamics.ContactStore.TANGENT_MASS1;
import static ricochet.dynamics.ContactStore.TANGENT_MASS2;
import static ricochet.dynamics.ContactStore.TOTAL_NORMAL_IMPULSE;
import static ricochet.dynamics.ContactStore.TWIST_ARM;
import static ricochet.dynamics.ContactStore.TWIST_IMPULSE;
import static ricochet.dynamics.ContactStore.TWIST_MASS;

import java.util.Arrays;
import ricochet.math.QuatOps;
import ricochet.parallel.WorkerPool;

/**
 * Non-penetration, friction and restitution for the points of a {@link ContactStore}, solved with
 * Box2D v3's "soft step" (Catto, "Solver2D", 2024; Box2D v3 {@code solver.c} and
 * {@code contact_solver.c}), and the integration of the bodies that goes with it.
 *
 * <p>Why soft step rather than iterations with Baumgarte and a slop: Baumgarte's bias velocity
 * {@code beta s / h} stays in the bodies after the step, so pushing out of an overlap launches them
 * (energy from nowhere) and stiff stacks jitter; a slop hides that at the price of a visible overlap.
 * Soft step splits every step of {@code dt} into {@code n} substeps {@code h = dt / n} and, in each,
 *
 * <ol>
 *   <li>integrates velocities (gravity, forces, damping),</li>
 *   <li>warm starts: applies the accumulated impulses again,</li>
 *   <li>solves each point once as a soft constraint on the current separation {@code s} (a
 *       spring of {@code contactHertz} and damping ratio {@code dampingRatio} pushing out at most
 *       {@code maxPushOutSpeed}),</li>
 *   <li>integrates positions,</li>
 *   <li>relaxes: solves again with no push-out bias (speculative points keep theirs), so the push-out velocity is taken back out before the
 *       next substep and does not stay in the bodies (the effect of Catto's split impulses at the
 *       cost of one more pass).</li>
 * </ol>
 *
 * Substeps converge like iterations for stacks (each is warm-started by the last) and also shrink
 * the integration error; the soft constraint's mass scale and impulse scale are those of a
 * damped spring integrated implicitly (Catto, "Soft Constraints", GDC 2011), so the push-out is
 * stable at any stiffness. Contacts with a body of infinite mass use twice the frequency (stiffer,
 * so a stack is not pressed into the ground), and both are capped at a quarter of the substep rate
 * (Box2D's rule: a spring faster than that is not resolved by the substep).
 *
 * <p>The separation is recomputed every substep from anchors fixed in each body:
 * {@code s = base + (cB + R_B lB - cA - R_A lA) . n} with the step's normal. A point still apart
 * ({@code s > 0}, speculative) may close at most its gap in the substep: its bias is {@code s / h}
 * and it is hard (no softness), so fast bodies stop at the surface instead of tunnelling through the
 * margin.
 *
 * <p>The Jacobians are fixed for the step: the lever arms, the tangents, the effective masses and the
 * angular terms {@code r x d} and {@code I^-1 (r x d)} ({@code d = n, t1, t2}) all use the poses and
 * world inverse inertias at the step's start (as Jolt's contact constraints do), so each impulse moves
 * the bodies exactly as the effective mass that sized it assumed, and a pass reads them instead of
 * forming crosses and matrix products for every point again.
 *
 * <p>Friction: two tangents per point with their own effective masses; the pair of accumulated
 * tangent impulses is clamped to the disc of radius {@code mu lambda_n} (the Coulomb cone at the
 * point, isotropic, rather than the square {@code |lambda_t_i| <= mu lambda_n} that would let a
 * diagonal slide take sqrt(2) times the friction).
 *
 * <p>Restitution is applied once, after the substeps (Box2D's {@code b2ApplyRestitution}): a point
 * whose approach speed exceeds {@code restitutionThreshold} and that pushed at all gets the normal
 * velocity {@code -e v_approach}. The approach speed {@code v_approach} is the most negative normal
 * velocity the point had before its impulse in any substep's solve, i.e. the speed at the substep
 * the gap closed; a re-anchored point reads it again at its new anchor. Box2D uses the velocity at the start of the step; with speculative contacts that
 * loses the speed gained over the last {@code gap <= v dt} of the fall, up to {@code v dt / H} of the
 * bounce height (7% for a 1 m drop at 60 Hz), where the substep reading loses at most
 * {@code v h / H}. A point squeezed between overlapping bodies, or kicked by a warm start, can read
 * an approach far beyond any the bodies' motion gives, and bouncing off it made energy (random
 * scenes: a box squeezed out of a 1.5 m overlap left at 60 m/s); so the reading is floored at
 * {@code APPROACH_FLOOR}, the normal velocity at the step's start less the most that gravity,
 * forces, torques and spin can add in {@code dt}, which a free fall onto the point never passes.
 *
 * <p>Threads: the passes over points and runs go through a {@link WorkerPool}. Integration and
 * the per-point preparation are per body and per point; warm start, solve and relax sweep the runs
 * colour by colour ({@link ConstraintGraph}: a colour's runs share no body of finite mass), each
 * colour's runs in parallel blocks, joints first on the calling thread. The order of the sweep
 * (colours in turn; within a colour the order does not matter) is the same on one thread, so every
 * thread count gives the same bits. Where nothing couples the islands within the substeps and they
 * are many and large enough, the substeps are instead walked island by island
 * ({@link SolverIslands}), each island through all its passes on one thread: the same operations
 * on each body in the same order, so the same bits, with the island's records in the near cache
 * and one hand-off a step instead of one per colour and pass. Restitution and saving the impulses
 * stay on the calling thread (they are ordered and cheap).
 *
 * <p>Allocation-free; everything lives in the two stores, the graph and locals.
 */
public final class ContactSolver {

    /** The passes of one substep, in order. */
    public enum Stage {
        INTEGRATE_VELOCITIES, WARM_START, SOLVE, INTEGRATE_POSITIONS, RELAX
    }

    private static final Stage[] STAGES = Stage.values();

    /** Hz; NaN: {@link #DEFAULT_HERTZ} or an eighth of the substep rate, whichever is stiffer. */
    private double contactHertz = Double.NaN;
    private double dampingRatio = 10;
    private double maxPushOutSpeed = 3;
    private double restitutionThreshold = 1;
    private int relaxIterations = 1;
    private int iterations = 1;
    /** Joints, solved before the contacts in every pass; null: none. */
    private ConstraintSet constraints;
    /** The shapes' support points, for re-anchoring fast-turning runs; null: never re-anchor. */
    private SupportSource supports;
    /**
     * Per run of this step (coloured order): {@link #ELIGIBLE} when it may be re-anchored, and bit 0
     * (A) and bit 1 (B) once a body turned fast in this step; it is then re-anchored in every
     * substep left.
     */
    private byte[] reanchorBits = new byte[16];
    /**
     * Per run, 1 where a point has restitution: found in the parallel preparation, so that the serial
     * {@link #bounceLimits} and {@link #restitution} look at no other run's records.
     */
    private byte[] bouncyRuns = new byte[16];
    /** Per run, 1 where its friction is solved as one patch ({@link #setPatchFriction}). */
    private byte[] patchRuns = new byte[16];
    private boolean patchFriction = true;
    /** Per worker: the support query's result. */
    private double[][] supportScratch = new double[1][3];
    // Scratch of liftOutOfImmovable, by store index: the lift so far; the bodies lifted.
    private double[] liftX = new double[16], liftY = new double[16], liftZ = new double[16];
    /** A run's restitution impulses, per point, while {@link #restitution} checks their energy. */
    private double[] restitutionDn = new double[16];
    /**
     * Per body, the kinetic energy (J) a bounce off a static body may leave it before the work of
     * gravity and its force, and its centre of mass at the step's start, x y z (see bounceLimits).
     */
    private double[] bounceLimit = new double[16];
    private double[] bounceFrom = new double[48];
    private int[] lifted = new int[16];
    private byte[] isLifted = new byte[16];
    // Per body (see liftOutOfImmovable): the joints it has, and those to the world or an immovable
    // body; 1 with its world pivot, when it has one;
    // the pivot turn's axis and angle, and whether every point it must lift allows one.
    private int[] jointCount = new int[16];
    private int[] worldJoints = new int[16];
    private byte[] hasPivot = new byte[16];
    private double[] pivot = new double[48], turnAxis = new double[48], turnAngle = new double[16];
    private byte[] turnState = new byte[16];

    // Softness of the current step: dynamic-dynamic and against infinite mass.
    private final Softness soft = new Softness();
    private final Softness anchoredSoft = new Softness();

    private WorkerPool pool = new WorkerPool(1);
    // The pass the pool's tasks run: set on the calling thread before each job, read by the tasks.
    private BodyStore passBodies;
    private ContactStore passContacts;
    private double passGx, passGy, passGz, passH, passInvH, passDt;
    private boolean passBias, passRefresh, passAccumulate;
    private int passGroupStart;
    private final WorkerPool.Range integrateVelocitiesTask = (w, from, to) -> Integrator.integrateVelocities(
            passBodies, passGx, passGy, passGz, passH, from, to);
    private final WorkerPool.Range integratePositionsTask = (w, from, to) -> Integrator.integratePositions(
            passBodies, passH, from, to);
    private final WorkerPool.Range prepareTask = (w, from, to) -> prepare(passBodies, passContacts, from, to,
            Math.sqrt(passGx * passGx + passGy * passGy + passGz * passGz), passDt);
    private final WorkerPool.Range refreshTask = (w, from, to) -> {
        double weight = Math.sqrt(passGx * passGx + passGy * passGy + passGz * passGz) * passH;
        for (int r = from; r < to; r++) {
            refreshRun(passBodies, passContacts, r, weight);
        }
    };
    private final WorkerPool.Range warmStartTask = (w, from, to) -> warmStart(passBodies, passContacts,
            passGroupStart + from, passGroupStart + to);
    private final WorkerPool.Range solveTask = (w, from, to) -> solve(passBodies, passContacts,
            passGroupStart + from, passGroupStart + to, w);
    private final WorkerPool.Range islandTask = (w, from, to) -> {
        for (int k = from; k < to; k++) {
            walkIsland(passBodies, passContacts, k, w);
        }
    };
    /** The step's islands, when the substeps are walked island by island ({@link #byIsland}). */
    private final SolverIslands islands = new SolverIslands();
    private int passSubsteps;
    /** Whether the substeps may be walked island by island where that gives the same bits. */
    private boolean islandWalk = true;
    private long islandWalks;

    /** Bodies per block of the integration passes. */
    static final int BODY_GRAIN = 64;
    /** Points per block of the preparation. */
    static final int POINT_GRAIN = 32;
    /** Runs per block of a colour's sweep. */
    static final int RUN_GRAIN = 16;
    /** Points per block of the warm-start cache's copy. */
    static final int SAVE_GRAIN = 256;
    private final WorkerPool.Range saveTask = (w, from, to) -> passContacts.copyForSave(from, to);
    private final WorkerPool.Range spreadTask = (w, from, to) -> {
        for (int r = from; r < to; r++) {
            spreadPatch(passContacts, r);
        }
    };

    /** The contact spring's frequency unless set, Hz. */
    public static final double DEFAULT_HERTZ = 30;

    /** Contact spring frequency, Hz (> 0); the spring against infinite mass is twice as stiff. */
    public void setContactHertz(double hz) {
        requirePositive("contact hertz", hz);
        contactHertz = hz;
    }

    /** Back to the default: {@code max(30 Hz, substep rate / 8)}. */
    public void useDefaultContactHertz() {
        contactHertz = Double.NaN;
    }

    /** The set frequency, or NaN when the default applies. */
    public double contactHertz() {
        return contactHertz;
    }

    /**
     * The spring frequency for substeps of {@code h} seconds. By default it stiffens with the substep
     * rate: a resting stack sinks by about {@code load / (m omega^2)} per contact (the spring's
     * static deflection), 2.6 cm at the top of a 20-row pyramid at 30 Hz, 0.7 cm at 60 Hz; so more
     * substeps buy a stiffer spring as well as smaller steps. An eighth of the rate keeps the
     * spring against static bodies (twice as stiff) at the quarter-rate cap, the fastest the substep
     * resolves.
     */
    public double effectiveHertz(double h) {
        return Double.isNaN(contactHertz) ? Math.max(DEFAULT_HERTZ, 0.125 / h) : contactHertz;
    }

    /** Damping ratio of the contact spring (> 0; 10 is heavily over-damped: no bounce from push-out). */
    public void setDampingRatio(double zeta) {
        requirePositive("contact damping ratio", zeta);
        dampingRatio = zeta;
    }

    public double dampingRatio() {
        return dampingRatio;
    }

    /** The fastest an overlap is pushed apart, m/s (> 0). */
    public void setMaxPushOutSpeed(double v) {
        requirePositive("max push-out speed", v);
        maxPushOutSpeed = v;
    }

    public double maxPushOutSpeed() {
        return maxPushOutSpeed;
    }

    /** Approach speeds below this (m/s, >= 0) do not bounce: resting contacts stay at rest. */
    public void setRestitutionThreshold(double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException("restitution threshold must be >= 0 and finite, got " + v);
        }
        restitutionThreshold = v;
    }

    public double restitutionThreshold() {
        return restitutionThreshold;
    }

    /** Unbiased passes after each substep's position update (>= 1). */
    public void setRelaxIterations(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("relax iterations must be >= 1, got " + n);
        }
        relaxIterations = n;
    }

    public int relaxIterations() {
        return relaxIterations;
    }

    /**
     * Patch friction (on by default): a run whose points share one normal and one friction
     * coefficient (a manifold) has its friction solved at the centre of its points, as two tangent
     * rows clamped to {@code mu} times the run's normal impulse and a twist about the normal clamped
     * to {@code mu sum(lambda_i arm_i)}, instead of two tangent rows at every point (the patch
     * friction of PhysX and Bepu): three rows for a four-point manifold's eight. Off, every point has
     * its own two rows. A run of one point, or of points with different normals or coefficients, is
     * solved point by point either way.
     */
    public void setPatchFriction(boolean enabled) {
        patchFriction = enabled;
    }

    public boolean patchFriction() {
        return patchFriction;
    }

    /**
     * Soft (biased) solve passes per substep (>= 1; default 1). Substeps are the better buy for
     * stiff stacks (each also shrinks the integration error); more passes help large mass ratios.
     */
    public void setIterations(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("solver iterations must be >= 1, got " + n);
        }
        iterations = n;
    }

    public int iterations() {
        return iterations;
    }

    /**
     * The threads the passes run on (the world's pool; the solver does not close it). Results do not
     * depend on it.
     */
    public void setPool(WorkerPool pool) {
        if (pool == null) {
            throw new IllegalArgumentException("contact solver: pool must not be null");
        }
        this.pool = pool;
        if (supportScratch.length < pool.threads()) {
            supportScratch = new double[pool.threads()][3];
        }
    }

    /**
     * Where the solver finds the bodies' support points for re-anchoring the runs of fast-turning
     * bodies (see {@link #TURN_LIMIT}); null: anchors stay fixed in the bodies for the whole step.
     */
    public void setSupportSource(SupportSource source) {
        supports = source;
    }

    /** The joints (or other constraints) to solve in the same substeps, before the contacts; null for none. */
    public void setConstraints(ConstraintSet set) {
        constraints = set;
    }

    /**
     * One step of {@code dt} seconds in {@code substeps} substeps: prepares the points (anchors,
     * effective masses, warm start from the cache), walks the {@link Stage}s of every substep,
     * applies restitution and saves the impulses for the next step. Forces are not cleared here.
     *
     * @param gx gravity, m/s^2, world frame
     */
    public void step(BodyStore s, ContactStore c, double gx, double gy, double gz, double dt, int substeps) {
        step(s, c, gx, gy, gz, dt, substeps, null);
    }

    /**
     * {@link #step(BodyStore, ContactStore, double, double, double, double, int)} with each awake
     * body's island ({@code islandOf}: the same key for all bodies of one island, such as the
     * union-find root; null for none): where nothing couples the islands within the substeps, they
     * are walked island by island ({@link SolverIslands}), the same bits as colour by colour.
     */
    public void step(BodyStore s, ContactStore c, double gx, double gy, double gz, double dt, int substeps,
                     int[] islandOf) {
        double h = dt / substeps;
        setSoftness(h);
        passBodies = s;
        passContacts = c;
        passGx = gx;
        passGy = gy;
        passGz = gz;
        passH = h;
        passInvH = 1 / h;
        passDt = dt;
        passSubsteps = substeps;
        try {
            if (constraints != null) {
                constraints.contactSpring(soft);
                constraints.prepare(s, h);
            }
            prepareRuns(s, c);
            boolean walked = byIsland(s, c, islandOf);
            if (walked) {
                // Each island's thread prepares its points, takes them through the substeps and copies
                // them out for the warm-start cache: a point's record is touched by one thread only.
                growBodyScratch(s.count());
                growRunScratch(c.runCount());
                c.beginSave();
                pool.run(islands.count, 1, islandTask);
                islandWalks++;
                substeps = 0;
            } else {
                pool.run(c.count(), POINT_GRAIN, prepareTask);
                pool.run(c.runCount(), RUN_GRAIN, refreshTask);
                bounceLimits(s, c, dt);
                markTumbling(s);
            }
            for (int k = 0; k < substeps; k++) {
                for (Stage stage : STAGES) {
                    switch (stage) {
                        case INTEGRATE_VELOCITIES:
                            pool.run(s.count(), BODY_GRAIN, integrateVelocitiesTask);
                            break;
                        case WARM_START:
                            if (constraints != null) {
                                constraints.warmStart(s);
                            }
                            sweep(warmStartTask);
                            break;
                        case SOLVE:
                            for (int it = 0; it < iterations; it++) {
                                if (constraints != null) {
                                    constraints.solve(s, true);
                                }
                                setPass(true, false, false);
                                sweep(solveTask);
                            }
                            break;
                        case INTEGRATE_POSITIONS:
                            pool.run(s.count(), BODY_GRAIN, integratePositionsTask);
                            break;
                        case RELAX:
                            // Positions just moved: the first pass refreshes the separations, which the
                            // next substep's biased solve reads too; the last adds the impulses to the
                            // totals.
                            for (int r = 0; r < relaxIterations; r++) {
                                if (constraints != null) {
                                    constraints.solve(s, false);
                                }
                                setPass(false, r == 0, r == relaxIterations - 1);
                                sweep(solveTask);
                            }
                            if (constraints != null) {
                                // A group the guard scaled back may have lost some of its contacts'
                                // push against the ground: one more contact relax pass restores it.
                                if (constraints.endRelax(s)) {
                                    setPass(false, false, false);
                                    sweep(solveTask);
                                }
                            }
                            break;
                        default:
                            throw new IllegalStateException("stage " + stage);
                    }
                }
            }
            boolean bounced = restitution(s, c);
            // The walk's floor tests are this step's unless a bounce changed a body's spin since.
            pastFloorKnown = walked && !bounced;
            liftOutOfImmovable(s, c);
            // The points' records are copied out on all threads (in the walk, by the islands' threads,
            // unless a bounce changed impulses since); only the table inserts are serial.
            if (!walked) {
                pool.run(c.runCount(), RUN_GRAIN, spreadTask);
                c.beginSave();
            }
            if (!walked || bounced) {
                pool.run(c.count(), SAVE_GRAIN, saveTask);
            }
            c.finishSave();
        } finally {
            passBodies = null;
            passContacts = null;
        }
    }

    /**
     * Points below which the substeps are swept by colour even where they could be walked by island:
     * the walk pays by keeping an island's contact records in the near cache through all its passes,
     * and 2,048 points' records (600 bytes each) are more than half a core's L2 on the machines
     * measured. Below that the colour sweep finds them in cache anyway and the walk's loop per island
     * only costs: the bench terrain's 1,500 points in 115 islands took 4 % longer walked.
     */
    static final int WALK_MIN_POINTS = 2048;

    /**
     * Whether to walk this step's substeps island by island: only where that is the same as colour
     * by colour (no joints, no overflow group, no kinematic body moving under several islands, every
     * run inside one island) and it pays: {@link #WALK_MIN_POINTS} points or more, and no island so
     * large that it keeps one thread busy while the others wait (at most half a thread's share of the
     * points; on one thread, half of them: one island that large is its colours' order anyway).
     */
    private boolean byIsland(BodyStore s, ContactStore c, int[] islandOf) {
        if (islandOf == null || !islandWalk || c.count() < WALK_MIN_POINTS
                || (constraints != null && constraints.active()) || c.graph.hasOverflow()) {
            return false;
        }
        islands.build(s, c, islandOf);
        if (islands.kinematicMoving || !islands.covered || islands.count < 2) {
            return false;
        }
        return (long) islands.largestPoints * 2 * pool.threads() <= islands.totalPoints;
    }

    /**
     * Switches walking the substeps island by island (on by default, where it applies): the results
     * are the same bits either way; off, every step sweeps colour by colour. For tests and timing.
     */
    public void setIslandWalk(boolean enabled) {
        islandWalk = enabled;
    }

    /** Steps walked island by island so far. */
    public long islandWalks() {
        return islandWalks;
    }

    /**
     * Island {@code k}'s whole step on one thread: its points' preparation, its substeps
     * ({@link #solveIsland}) and its part of what follows them, so that its records stay in the
     * core's near cache from the preparation to the copy into the warm-start cache.
     */
    private void walkIsland(BodyStore s, ContactStore c, int k, int worker) {
        int[] bodies = islands.bodies, runs = islands.runs, runStart = c.runStart;
        int b0 = islands.bodyStart[k], b1 = islands.bodyStart[k + 1];
        int r0 = islands.runStart[k], r1 = islands.runStart[k + 1];
        // What the colour sweep's step does before the substeps, for this island's points, runs and
        // bodies only: each reads the step's starting state and writes its own point, run or body.
        double gravity = Math.sqrt(passGx * passGx + passGy * passGy + passGz * passGz);
        int cursor = -1;
        for (int j = r0; j < r1; j++) {
            int r = runs[j];
            for (int i = runStart[r], end = runStart[r + 1]; i < end; i++) {
                preparePoint(s, c, i, gravity, passDt);
                cursor = c.warmStart(i, cursor);
            }
        }
        boolean bouncy = false;
        for (int j = r0; j < r1; j++) {
            int r = runs[j];
            refreshRun(s, c, r, gravity * passH);
            bouncy |= bouncyRuns[r] != 0;
        }
        for (int j = b0; j < b1; j++) {
            int i = bodies[j];
            markTumbling(s, i);
            if (bouncy) {
                // Only a bouncing run's body is held to its limit (restitution), and it is in this island.
                bounceLimit(s, i, passDt);
            }
        }
        solveIsland(s, c, k, worker);
        // And after: the floor tests of the lift (valid unless a bounce follows) and the copy for the
        // warm-start cache (made again if one does).
        for (int j = r0; j < r1; j++) {
            int r = runs[j];
            pastFloorRuns[r] = pastFloor(s, c, r, worker);
            spreadPatch(c, r);
            c.copyForSave(runStart[r], runStart[r + 1]);
        }
    }

    /**
     * All substeps of island {@code k} of {@link #islands}: the stages of {@link #step}'s loop for its
     * bodies and runs only, in the same order.
     */
    private void solveIsland(BodyStore s, ContactStore c, int k, int worker) {
        int[] bodies = islands.bodies, runs = islands.runs;
        int b0 = islands.bodyStart[k], b1 = islands.bodyStart[k + 1];
        int r0 = islands.runStart[k], r1 = islands.runStart[k + 1];
        double gx = passGx, gy = passGy, gz = passGz, h = passH;
        for (int sub = 0; sub < passSubsteps; sub++) {
            for (Stage stage : STAGES) {
                switch (stage) {
                    case INTEGRATE_VELOCITIES:
                        for (int j = b0; j < b1; j++) {
                            int i = bodies[j];
                            Integrator.integrateVelocities(s, gx, gy, gz, h, i, i + 1);
                        }
                        break;
                    case WARM_START:
                        for (int j = r0; j < r1; j++) {
                            warmStartRun(s, c, runs[j]);
                        }
                        break;
                    case SOLVE:
                        for (int it = 0; it < iterations; it++) {
                            for (int j = r0; j < r1; j++) {
                                solveRun(s, c, runs[j], worker, true, false, false);
                            }
                        }
                        break;
                    case INTEGRATE_POSITIONS:
                        for (int j = b0; j < b1; j++) {
                            int i = bodies[j];
                            Integrator.integratePositions(s, h, i, i + 1);
                        }
                        break;
                    case RELAX:
                        for (int r = 0; r < relaxIterations; r++) {
                            boolean refresh = r == 0, accumulate = r == relaxIterations - 1;
                            for (int j = r0; j < r1; j++) {
                                solveRun(s, c, runs[j], worker, false, refresh, accumulate);
                            }
                        }
                        break;
                    default:
                        throw new IllegalStateException("stage " + stage);
                }
            }
        }
    }

    private void setPass(boolean useBias, boolean refresh, boolean accumulate) {
        passBias = useBias;
        passRefresh = refresh;
        passAccumulate = accumulate;
    }

    /**
     * Runs {@code task} over the runs colour by colour: each colour's runs in parallel blocks, the
     * overflow group on this thread.
     */
    private void sweep(WorkerPool.Range task) {
        ConstraintGraph graph = passContacts.graph;
        int[] start = graph.groupStart;
        for (int g = 0, n = graph.groupCount(); g < n; g++) {
            passGroupStart = start[g];
            int size = start[g + 1] - start[g];
            if (graph.isOverflow(g)) {
                task.run(0, 0, size);
            } else {
                pool.run(size, RUN_GRAIN, task);
            }
        }
    }

    /**
     * The step's two springs: between dynamic bodies, and twice as stiff against infinite mass, both
     * capped at a quarter of the substep rate.
     */
    private void setSoftness(double h) {
        double cap = 0.25 / h;
        double hertz = effectiveHertz(h);
        soft.set(Math.min(hertz, cap), dampingRatio, h);
        anchoredSoft.set(Math.min(2 * hertz, cap), dampingRatio, h);
    }

    /**
     * The preparation's serial part: the runs of one body pair in colour order, the joints' contact
     * normals, the per-run scratch. Then, on the pool (the colour sweep's jobs) or per island (the
     * walk): per point ({@link #prepare(BodyStore, ContactStore, int, int, double, double)}) the
     * tangents, the body-frame anchors, the effective masses
     * {@code 1 / (mA + mB + (I_A^-1 (rA x d)) . (rA x d) + (I_B^-1 (rB x d)) . (rB x d))} for
     * {@code d = n, t1, t2}, last step's impulses and the separation at the start, from the lever
     * arms {@code rA, rB}, the normal and the separation the narrow phase left in the store; then per
     * run ({@link #refreshRun}).
     */
    private void prepareRuns(BodyStore s, ContactStore c) {
        c.colourRuns(s);
        c.clearJointNormals();
        if (constraints != null) {
            constraints.contacts(s, c);
        }
        growRunScratch(c.runCount());
    }

    /** The per-run marks ({@link #reanchorBits}, {@link #bouncyRuns}, {@link #pastFloorRuns}) for {@code runs} runs. */
    private void growRunScratch(int runs) {
        if (reanchorBits.length < runs) {
            reanchorBits = new byte[Math.max(runs, 2 * reanchorBits.length)];
            bouncyRuns = new byte[reanchorBits.length];
            patchRuns = new byte[reanchorBits.length];
        }
        if (pastFloorRuns.length < runs) {
            pastFloorRuns = new byte[Math.max(runs, 2 * pastFloorRuns.length)];
        }
    }

    /** The per-body marks of the step's start ({@link #tumbledFrom}, {@link #bounceLimit}) for {@code n} bodies. */
    private void growBodyScratch(int n) {
        if (tumbledFrom.length < n) {
            tumbledFrom = new byte[Math.max(n, 2 * tumbledFrom.length)];
        }
        if (bounceLimit.length < n) {
            int cap = Math.max(n, 2 * bounceLimit.length);
            bounceLimit = new double[cap];
            bounceFrom = new double[3 * cap];
        }
    }

    /**
     * The preparation's per-run part, after the run's points are prepared: the sag stiffening from
     * the warm-started load, the separations at the step's start, and the run's marks.
     */
    private void refreshRun(BodyStore s, ContactStore c, int r, double weight) {
        int start = c.runStart[r], end = c.runStart[r + 1];
        sagStiffening(c, start, end, weight);
        refreshSeparations(s, c, start, end);
        reanchorBits[r] = supports == null ? 0 : eligible(s, c, start, end);
        bouncyRuns[r] = bouncy(c.data, start, end);
        boolean patch = patchFriction && patchable(c.data, start, end);
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
    }

    /** The preparation's per-point part for points {@code from .. to - 1} (see {@link #prepareRuns}). */
    private static void prepare(BodyStore s, ContactStore c, int from, int to, double gravity, double dt) {
        // Each block starts its warm-start cursor afresh: the lookups find the same entries either way.
        int cursor = -1;
        for (int i = from; i < to; i++) {
            preparePoint(s, c, i, gravity, dt);
            cursor = c.warmStart(i, cursor);
        }
    }

    /**
     * Point i's tangents, local anchors, Jacobians and masses. A method per point, not the body of a
     * loop over a block: called thousands of times a step, it is fully compiled within the first steps.
     */
    private static void preparePoint(BodyStore s, ContactStore c, int i, double gravity, double dt) {
        double[] d = c.data;
        int o = STRIDE * i;
        int a = c.bodyA[i], b = c.bodyB[i];
        double nx = d[o + NX], ny = d[o + NY], nz = d[o + NZ];
        // Tangents from the normal by a fixed rule: t1 = n x e with e the axis n is least
        // aligned to (|nx| < 1/sqrt(3) picks x), t2 = n x t1. The rule only switches where
        // |nx| = 1/sqrt(3), far from the axis-aligned normals of resting contacts, so a resting
        // point keeps its tangents, and with them its warm-started friction, step after step.
        double t1x, t1y, t1z;
        if (Math.abs(nx) < 0.5773502691896258) {
            // n x (1, 0, 0) = (0, nz, -ny)
            double invLen = 1 / Math.sqrt(ny * ny + nz * nz);
            t1x = 0;
            t1y = nz * invLen;
            t1z = -ny * invLen;
        } else {
            // n x (0, 1, 0) = (-nz, 0, nx)
            double invLen = 1 / Math.sqrt(nx * nx + nz * nz);
            t1x = -nz * invLen;
            t1y = 0;
            t1z = nx * invLen;
        }
        double t2x = ny * t1z - nz * t1y, t2y = nz * t1x - nx * t1z, t2z = nx * t1y - ny * t1x;
        d[o + T1X] = t1x;
        d[o + T1Y] = t1y;
        d[o + T1Z] = t1z;
        d[o + T2X] = t2x;
        d[o + T2Y] = t2y;
        d[o + T2Z] = t2z;

        double rAx = d[o + RAX], rAy = d[o + RAY], rAz = d[o + RAZ];
        double rBx = d[o + RBX], rBy = d[o + RBY], rBz = d[o + RBZ];
        // l = R^T r: rotate by the conjugate quaternion.
        double x = -s.qx[a], y = -s.qy[a], z = -s.qz[a], w = s.qw[a];
        double tx = 2 * (y * rAz - z * rAy), ty = 2 * (z * rAx - x * rAz), tz = 2 * (x * rAy - y * rAx);
        d[o + LAX] = rAx + w * tx + (y * tz - z * ty);
        d[o + LAY] = rAy + w * ty + (z * tx - x * tz);
        d[o + LAZ] = rAz + w * tz + (x * ty - y * tx);
        x = -s.qx[b];
        y = -s.qy[b];
        z = -s.qz[b];
        w = s.qw[b];
        tx = 2 * (y * rBz - z * rBy);
        ty = 2 * (z * rBx - x * rBz);
        tz = 2 * (x * rBy - y * rBx);
        d[o + LBX] = rBx + w * tx + (y * tz - z * ty);
        d[o + LBY] = rBy + w * ty + (z * tx - x * tz);
        d[o + LBZ] = rBz + w * tz + (x * ty - y * tx);
        // base = s - ((cB + rB) - (cA + rA)) . n
        d[o + BASE] = d[o + SEPARATION] - ((s.px[b] + rBx - s.px[a] - rAx) * nx
                + (s.py[b] + rBy - s.py[a] - rAy) * ny + (s.pz[b] + rBz - s.pz[a] - rAz) * nz);

        // The tangents' rows follow per run (refreshRun): at each point, or a patch's at its centre.
        normalJacobians(s, d, o, a, b);
        d[o + ANCHORED] = s.invMass[a] == 0 || s.invMass[b] == 0 ? 1 : 0;
        // Only a bouncing point reads its floor (bounceApproach), and most points have no
        // restitution: skipping the floor's two speed bounds takes a quarter off the preparation.
        d[o + APPROACH_FLOOR] = d[o + RESTITUTION] == 0 ? 0
                : approachFloor(s, a, b, rAx, rAy, rAz, rBx, rBy, rBz, nx, ny, nz, gravity, dt);
    }

    /**
     * The point's normal velocity {@code (vB + wB x rB - vA - wA x rA) . n} now, less a bound on what
     * the step can add to its approach: per moving body {@code dt} times its gravity
     * {@code |g gs|}, its force {@code |F| / m}, its torque's point acceleration
     * {@code |I^-1 tau| |r|} and the centripetal turn of the point's velocity {@code |w|^2 |r|}.
     */
    private static double approachFloor(BodyStore s, int a, int b, double rAx, double rAy, double rAz,
                                        double rBx, double rBy, double rBz, double nx, double ny, double nz,
                                        double gravity, double dt) {
        double vn = normalVelocity(s, a, b, rAx, rAy, rAz, rBx, rBy, rBz, nx, ny, nz);
        double gain = speedGain(s, a, rAx, rAy, rAz, gravity) + speedGain(s, b, rBx, rBy, rBz, gravity);
        return vn - gain * dt;
    }

    /** {@code (vB + wB x rB - vA - wA x rA) . n} at the bodies' current velocities. */
    private static double normalVelocity(BodyStore s, int a, int b, double rAx, double rAy, double rAz,
                                         double rBx, double rBy, double rBz,
                                         double nx, double ny, double nz) {
        double dvx = s.vx[b] + s.wy[b] * rBz - s.wz[b] * rBy - s.vx[a] - s.wy[a] * rAz + s.wz[a] * rAy;
        double dvy = s.vy[b] + s.wz[b] * rBx - s.wx[b] * rBz - s.vy[a] - s.wz[a] * rAx + s.wx[a] * rAz;
        double dvz = s.vz[b] + s.wx[b] * rBy - s.wy[b] * rBx - s.vz[a] - s.wx[a] * rAy + s.wy[a] * rAx;
        return dvx * nx + dvy * ny + dvz * nz;
    }

    /** Body i's bound on the acceleration of its point at lever r, m/s^2 (0 for infinite mass). */
    private static double speedGain(BodyStore s, int i, double rx, double ry, double rz, double gravity) {
        double m = s.invMass[i];
        if (m == 0) {
            return 0;
        }
        double r = Math.sqrt(rx * rx + ry * ry + rz * rz);
        double[] inv = s.invInertiaWorld;
        int k = 9 * i;
        double tx = s.tx[i], ty = s.ty[i], tz = s.tz[i];
        double ax = inv[k] * tx + inv[k + 1] * ty + inv[k + 2] * tz;
        double ay = inv[k + 3] * tx + inv[k + 4] * ty + inv[k + 5] * tz;
        double az = inv[k + 6] * tx + inv[k + 7] * ty + inv[k + 8] * tz;
        double w2 = s.wx[i] * s.wx[i] + s.wy[i] * s.wy[i] + s.wz[i] * s.wz[i];
        double force = Math.sqrt(s.fx[i] * s.fx[i] + s.fy[i] * s.fy[i] + s.fz[i] * s.fz[i]);
        return gravity * Math.abs(s.gravityScale[i]) + force * m
                + (Math.sqrt(ax * ax + ay * ay + az * az) + w2) * r;
    }

    private static double inverse(double k) {
        return k > 0 ? 1 / k : 0;
    }

    /**
     * {@code c = r x d} into {@code out[rd..rd+2]} and {@code I^-1 c} (body {@code i}'s world inverse
     * inertia) into {@code out[ird..ird+2]}.
     */
    private static void jacobian(double[] inv, int i, double rx, double ry, double rz, double dx, double dy,
                                 double dz, double[] out, int rd, int ird) {
        double cx = ry * dz - rz * dy, cy = rz * dx - rx * dz, cz = rx * dy - ry * dx;
        int o = 9 * i;
        out[rd] = cx;
        out[rd + 1] = cy;
        out[rd + 2] = cz;
        out[ird] = inv[o] * cx + inv[o + 1] * cy + inv[o + 2] * cz;
        out[ird + 1] = inv[o + 3] * cx + inv[o + 4] * cy + inv[o + 5] * cz;
        out[ird + 2] = inv[o + 6] * cx + inv[o + 7] * cy + inv[o + 8] * cz;
    }

    /**
     * The point at offset o's six Jacobian rows ({@code r x d} and {@code I^-1 (r x d)} for the normal
     * and both tangents, on each body) and its three effective masses, from its levers
     * ({@code RAX..RBZ}) and the bodies' world inverse inertias as they are now.
     */
    private static void jacobians(BodyStore s, double[] d, int o, int a, int b) {
        normalJacobians(s, d, o, a, b);
        tangentJacobians(s, d, o, a, b);
    }

    /** The normal's part of {@link #jacobians}: all a point in a friction patch needs of its own. */
    private static void normalJacobians(BodyStore s, double[] d, int o, int a, int b) {
        double[] inv = s.invInertiaWorld;
        double nx = d[o + NX], ny = d[o + NY], nz = d[o + NZ];
        jacobian(inv, a, d[o + RAX], d[o + RAY], d[o + RAZ], nx, ny, nz, d, o + AN, o + IAN);
        jacobian(inv, b, d[o + RBX], d[o + RBY], d[o + RBZ], nx, ny, nz, d, o + BN, o + IBN);
        double mSum = s.invMass[a] + s.invMass[b];
        d[o + NORMAL_MASS] = inverse(mSum + dot(d, o + AN, o + IAN) + dot(d, o + BN, o + IBN));
    }

    /** The tangents' part of {@link #jacobians}, for a point solved on its own. */
    private static void tangentJacobians(BodyStore s, double[] d, int o, int a, int b) {
        double[] inv = s.invInertiaWorld;
        double rAx = d[o + RAX], rAy = d[o + RAY], rAz = d[o + RAZ];
        double rBx = d[o + RBX], rBy = d[o + RBY], rBz = d[o + RBZ];
        jacobian(inv, a, rAx, rAy, rAz, d[o + T1X], d[o + T1Y], d[o + T1Z], d, o + AT1, o + IAT1);
        jacobian(inv, a, rAx, rAy, rAz, d[o + T2X], d[o + T2Y], d[o + T2Z], d, o + AT2, o + IAT2);
        jacobian(inv, b, rBx, rBy, rBz, d[o + T1X], d[o + T1Y], d[o + T1Z], d, o + BT1, o + IBT1);
        jacobian(inv, b, rBx, rBy, rBz, d[o + T2X], d[o + T2Y], d[o + T2Z], d, o + BT2, o + IBT2);
        double mSum = s.invMass[a] + s.invMass[b];
        d[o + TANGENT_MASS1] = inverse(mSum + dot(d, o + AT1, o + IAT1) + dot(d, o + BT1, o + IBT1));
        d[o + TANGENT_MASS2] = inverse(mSum + dot(d, o + AT2, o + IAT2) + dot(d, o + BT2, o + IBT2));
    }

    /**
     * The Jacobians and effective masses of one run's points (see {@link #jacobians}) made again at
     * the current world inverse inertias, where a moving body of the run has an inertia that turning
     * changes. Once per substep, after the positions moved: a solve that pushes with {@code I^-1} from
     * the step's start on a body that has since turned changes its angular momentum by
     * {@code I_now I_start^-1 (r x P)}, not {@code r x P}, and does work its impulse does not pay for.
     * A 2 kg compound tumbling at 12 rad/s against frictionless ground (vertical normals, so no torque
     * about the vertical) went from 28.8 to 83 N m s about the vertical and from 279 J to 614 J in
     * 300 steps; at the current inertias it loses energy, as an inelastic contact should.
     */
    private static void refreshJacobians(BodyStore s, ContactStore c, int start, int end, boolean patch) {
        int a = c.bodyA[start], b = c.bodyB[start];
        if (!turnsItsInertia(s, a) && !turnsItsInertia(s, b)) {
            return;
        }
        double[] d = c.data;
        for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
            if (patch) {
                normalJacobians(s, d, o, a, b);
            } else {
                jacobians(s, d, o, a, b);
            }
        }
        if (patch) {
            patchJacobians(s, c, start, end);
        }
    }

    /** Whether body i moves and its world inertia changes as it turns (not a multiple of the identity). */
    private static boolean turnsItsInertia(BodyStore s, int i) {
        return s.invMass[i] > 0 && !BodyStore.isotropic(s.invInertiaBody, 9 * i);
    }

    private static double dot(double[] d, int p, int q) {
        return d[p] * d[q] + d[p + 1] * d[q + 1] + d[p + 2] * d[q + 2];
    }

    /**
     * A body that turns by more than this (rad) about an axis across the contact normal within one
     * step has its points of that run re-anchored every substep ({@link #reanchor}): the anchors the
     * narrow phase found at the step's start have turned away from the ground by then, and a corner
     * they never saw comes down (a centimetre cylinder tumbling at the spin cap turns half a turn a
     * step and went through the ground between two narrow phases).
     */
    static final double TURN_LIMIT = 0.4;
    /**
     * The support direction's lean towards the stale anchor ({@code n + LEAN_TO_ANCHOR t}, t
     * the anchor's unit offset across n): among ties (a face or an edge lying flat along n) each
     * point keeps its own corner, so a manifold does not collapse onto one of them. The leaned point
     * is kept only where it reaches as far along n as the plain support within {@link #TIE}: on a
     * round shape it would sit beside the lowest point, read as separating while the body rolls, and
     * let a rolling ball sink 12 mm.
     */
    static final double LEAN_TO_ANCHOR = 0.05;
    /** A leaned support point short of the plain one along n by at most this fraction of its lever ties. */
    static final double TIE = 1e-9;
    /**
     * A re-anchored point farther than this fraction of its lever from its stale anchor is on another
     * feature.
     */
    static final double FEATURE_SIZE = 0.25;

    /** {@link #reanchorBits}' mark of a run that may be re-anchored. */
    static final byte ELIGIBLE = 4;

    /**
     * {@link #ELIGIBLE}, or 0 for two dynamic bodies that overlap at the step's start by more than a
     * quarter of the thinner one (its {@code fastDistance}): there the extreme point along the
     * normal lies across the overlap, not at the contact, and pushing there spun a box that started
     * inside a heavy compound up to 20,000 rad/s. Against static or kinematic ground the extreme
     * point is the deepest one however deep, and a body sinking into the ground needs it most.
     */
    private static byte eligible(BodyStore s, ContactStore c, int start, int end) {
        int a = c.bodyA[start], b = c.bodyB[start];
        if (s.invMass[a] > 0 && s.invMass[b] > 0) {
            double deepest = -Math.min(s.fastDistance[a], s.fastDistance[b]);
            double[] d = c.data;
            for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
                if (d[o + BASE] < deepest) {
                    return 0;
                }
            }
        }
        return ELIGIBLE;
    }

    /** Bit 0: A turns past {@link #TURN_LIMIT} across some normal of the run in {@code dt}; bit 1: B. */
    private static int turning(BodyStore s, ContactStore c, int start, int end, double dt) {
        int a = c.bodyA[start], b = c.bodyB[start];
        // |w x n| <= |w|: most runs end here, on two spins.
        double limit = TURN_LIMIT / dt;
        if (spin2(s, a) <= limit * limit && spin2(s, b) <= limit * limit) {
            return 0;
        }
        double[] d = c.data;
        int bits = 0;
        for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
            double nx = d[o + NX], ny = d[o + NY], nz = d[o + NZ];
            if (turnsAcross(s, a, nx, ny, nz, dt)) {
                bits |= 1;
            }
            if (turnsAcross(s, b, nx, ny, nz, dt)) {
                bits |= 2;
            }
        }
        return bits;
    }

    private static double spin2(BodyStore s, int i) {
        return s.wx[i] * s.wx[i] + s.wy[i] * s.wy[i] + s.wz[i] * s.wz[i];
    }

    /** Whether {@code |w x n| dt > TURN_LIMIT} for body i. */
    private static boolean turnsAcross(BodyStore s, int i, double nx, double ny, double nz, double dt) {
        double wx = s.wx[i], wy = s.wy[i], wz = s.wz[i];
        double cx = wy * nz - wz * ny, cy = wz * nx - wx * nz, cz = wx * ny - wy * nx;
        double limit = TURN_LIMIT / dt;
        return cx * cx + cy * cy + cz * cz > limit * limit;
    }

    /**
     * The points of one run whose body turns fast (bits as {@link #reanchorBits}), moved to the body's
     * current extreme point along the normal (A's along n, B's along -n, each leaning towards the
     * point's own stale anchor): the separation becomes the gap between that point and the other
     * side's surface, and both lever arms reach the new midpoint, so the effective masses and
     * Jacobians are made again with the current inverse inertia (a patch's too, its centre moved).
     * The stale anchor's surface is the
     * midpoint less half the start separation ({@code BASE}: both levers reached the same midpoint at
     * the step's start). Runs after {@link #refreshSeparations}, in the same pass; a body without a
     * support function (a plane, a mesh) keeps its anchors. A point that left its feature loses its
     * friction impulse; in a patch ({@code patch}), the patch's.
     */
    private void reanchor(BodyStore s, ContactStore c, int start, int end, int bits, int worker,
                          boolean patch) {
        double[] d = c.data;
        double[] out = supportScratch[worker];
        int a = c.bodyA[start], b = c.bodyB[start];
        for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
            double nx = d[o + NX], ny = d[o + NY], nz = d[o + NZ];
            // A's surface lay t base below the stale anchor and B's (1 - t) base above it.
            double share = d[o + ANCHOR_SHARE], base = d[o + BASE];
            // The stale anchors now, each relative to its body's centre of mass.
            rotate(s, a, d[o + LAX], d[o + LAY], d[o + LAZ], out);
            double ax = out[0], ay = out[1], az = out[2];
            rotate(s, b, d[o + LBX], d[o + LBY], d[o + LBZ], out);
            double bx = out[0], by = out[1], bz = out[2];
            double aHeight = (s.px[a] + ax) * nx + (s.py[a] + ay) * ny + (s.pz[a] + az) * nz - share * base;
            double bHeight = (s.px[b] + bx) * nx + (s.py[b] + by) * ny + (s.pz[b] + bz) * nz
                    + (1 - share) * base;
            boolean movedA = (bits & 1) != 0 && leaningSupport(s, a, ax, ay, az, nx, ny, nz, worker, out);
            double sAx = out[0], sAy = out[1], sAz = out[2];
            if (movedA) {
                aHeight = sAx * nx + sAy * ny + sAz * nz;
            }
            boolean movedB = (bits & 2) != 0 && leaningSupport(s, b, bx, by, bz, -nx, -ny, -nz, worker, out);
            double sBx = out[0], sBy = out[1], sBz = out[2];
            if (movedB) {
                bHeight = sBx * nx + sBy * ny + sBz * nz;
            }
            if (!movedA && !movedB) {
                continue;
            }
            double sep = bHeight - aHeight;
            // The new anchor on the segment from A's surface point (p) to B's (p + q), placed as at
            // detection (ContactAnchor).
            double px = movedA ? sAx : sBx - sep * nx, py = movedA ? sAy : sBy - sep * ny;
            double pz = movedA ? sAz : sBz - sep * nz;
            double qx = movedB ? sBx - px : sep * nx, qy = movedB ? sBy - py : sep * ny;
            double qz = movedB ? sBz - pz : sep * nz;
            double t = ContactAnchor.share(s, a, b, px, py, pz, qx, qy, qz);
            double mx, my, mz;
            if (t != 0.5) {
                mx = px + t * qx;
                my = py + t * qy;
                mz = pz + t * qz;
            } else if (movedA && movedB) {
                mx = 0.5 * (sAx + sBx);
                my = 0.5 * (sAy + sBy);
                mz = 0.5 * (sAz + sBz);
            } else if (movedA) {
                mx = sAx + 0.5 * sep * nx;
                my = sAy + 0.5 * sep * ny;
                mz = sAz + 0.5 * sep * nz;
            } else {
                mx = sBx - 0.5 * sep * nx;
                my = sBy - 0.5 * sep * ny;
                mz = sBz - 0.5 * sep * nz;
            }
            d[o + SEP] = sep;
            double rAx = mx - s.px[a], rAy = my - s.py[a], rAz = mz - s.pz[a];
            double rBx = mx - s.px[b], rBy = my - s.py[b], rBz = mz - s.pz[b];
            // A point that left its feature starts again from zero impulse: one accumulated at
            // another corner and warm-started at this one is not this corner's, and spun a
            // tumbling body up to 10^4 rad/s instead of holding it.
            if (left(ax, ay, az, rAx, rAy, rAz, movedA) || left(bx, by, bz, rBx, rBy, rBz, movedB)) {
                // What the point pushed so far in this substep still counts towards the step's total.
                d[o + TOTAL_NORMAL_IMPULSE] += d[o + NORMAL_IMPULSE];
                d[o + NORMAL_IMPULSE] = 0;
                int f = patch ? STRIDE * start : o;
                d[f + TANGENT_IMPULSE1] = 0;
                d[f + TANGENT_IMPULSE2] = 0;
                d[f + TWIST_IMPULSE] = 0;
            }
            // Restitution, after the substeps, reads the levers too.
            d[o + RAX] = rAx;
            d[o + RAY] = rAy;
            d[o + RAZ] = rAz;
            d[o + RBX] = rBx;
            d[o + RBY] = rBy;
            d[o + RBZ] = rBz;
            if (patch) {
                normalJacobians(s, d, o, a, b);
            } else {
                jacobians(s, d, o, a, b);
            }
            // Restitution answers the approach of the point it pushes at: the one measured at the
            // stale anchor is another point's (two points that met at one corner each bounced
            // their own, a spinning cylinder gained 18 kJ of 125).
            d[o + APPROACH] = normalVelocity(s, a, b, rAx, rAy, rAz, rBx, rBy, rBz, nx, ny, nz);
        }
        if (patch) {
            patchJacobians(s, c, start, end);
        }
    }

    /**
     * Whether a re-anchored point (lever r) lies more than {@link #FEATURE_SIZE} of the stale anchor's
     * lever l (turned with its body) away from it: the extreme point is another feature.
     */
    private static boolean left(double lx, double ly, double lz, double rx, double ry, double rz,
                                boolean moved) {
        if (!moved) {
            return false;
        }
        double dx = rx - lx, dy = ry - ly, dz = rz - lz;
        return dx * dx + dy * dy + dz * dz > FEATURE_SIZE * FEATURE_SIZE * (lx * lx + ly * ly + lz * lz);
    }

    /**
     * Body i's support point (world, into out) along u, or along {@code u + LEAN_TO_ANCHOR t} (t the
     * unit part of its stale lever {@code l} across u) where that one ties; false where the body has
     * no support function.
     */
    private boolean leaningSupport(BodyStore s, int i, double lx, double ly, double lz, double ux, double uy,
                                   double uz, int worker, double[] out) {
        if (!supports.support(s, i, ux, uy, uz, worker, out)) {
            return false;
        }
        double along = lx * ux + ly * uy + lz * uz;
        double tx = lx - along * ux, ty = ly - along * uy, tz = lz - along * uz;
        double t = Math.sqrt(tx * tx + ty * ty + tz * tz);
        if (!(t > 0)) {
            return true;
        }
        double px = out[0], py = out[1], pz = out[2];
        double lean = LEAN_TO_ANCHOR / t;
        supports.support(s, i, ux + lean * tx, uy + lean * ty, uz + lean * tz, worker, out);
        double shortfall = (px - out[0]) * ux + (py - out[1]) * uy + (pz - out[2]) * uz;
        if (shortfall > TIE * Math.sqrt(lx * lx + ly * ly + lz * lz)) {
            out[0] = px;
            out[1] = py;
            out[2] = pz;
        }
        return true;
    }

    /** {@code R_i l} for body i's rotation, into out[0..2]. */
    private static void rotate(BodyStore s, int i, double lx, double ly, double lz, double[] out) {
        double qx = s.qx[i], qy = s.qy[i], qz = s.qz[i], qw = s.qw[i];
        double tx = 2 * (qy * lz - qz * ly), ty = 2 * (qz * lx - qx * lz), tz = 2 * (qx * ly - qy * lx);
        out[0] = lx + qw * tx + (qy * tz - qz * ty);
        out[1] = ly + qw * ty + (qz * tx - qx * tz);
        out[2] = lz + qw * tz + (qx * ty - qy * tx);
    }

    /**
     * {@code s = base + (cB + R_B lB - cA - R_A lA) . n} at the bodies' current poses, for the points
     * {@code start..end-1} of one run, into {@link ContactStore#SEP}. Positions change only in
     * {@link Stage#INTEGRATE_POSITIONS}, so this runs once per substep (in the first relax pass) and
     * the next substep's biased solve reads the same values.
     */
    private static void refreshSeparations(BodyStore s, ContactStore c, int start, int end) {
        double[] d = c.data;
        int a = c.bodyA[start], b = c.bodyB[start];
        double pAx = s.px[a], pAy = s.py[a], pAz = s.pz[a];
        double qAx = s.qx[a], qAy = s.qy[a], qAz = s.qz[a], qAw = s.qw[a];
        double pBx = s.px[b], pBy = s.py[b], pBz = s.pz[b];
        double qBx = s.qx[b], qBy = s.qy[b], qBz = s.qz[b], qBw = s.qw[b];
        for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
            // R l for the unit quaternion (x, y, z, w): t = 2 q_v x l, R l = l + w t + q_v x t.
            double lx = d[o + LAX], ly = d[o + LAY], lz = d[o + LAZ];
            double tx = 2 * fma(qAy, lz, -qAz * ly), ty = 2 * fma(qAz, lx, -qAx * lz);
            double tz = 2 * fma(qAx, ly, -qAy * lx);
            double ax = pAx + lx + fma(qAw, tx, fma(qAy, tz, -qAz * ty));
            double ay = pAy + ly + fma(qAw, ty, fma(qAz, tx, -qAx * tz));
            double az = pAz + lz + fma(qAw, tz, fma(qAx, ty, -qAy * tx));
            lx = d[o + LBX];
            ly = d[o + LBY];
            lz = d[o + LBZ];
            tx = 2 * fma(qBy, lz, -qBz * ly);
            ty = 2 * fma(qBz, lx, -qBx * lz);
            tz = 2 * fma(qBx, ly, -qBy * lx);
            double bx = pBx + lx + fma(qBw, tx, fma(qBy, tz, -qBz * ty));
            double by = pBy + ly + fma(qBw, ty, fma(qBz, tx, -qBx * tz));
            double bz = pBz + lz + fma(qBw, tz, fma(qBx, ty, -qBy * tx));
            d[o + SEP] = fma(bz - az, d[o + NZ], fma(by - ay, d[o + NY], fma(bx - ax, d[o + NX], d[o + BASE])));
        }
    }

    /**
     * Applies every point's accumulated impulse {@code P = lambda_n n + lambda_1 t1 + lambda_2 t2}:
     * {@code vA -= mA P, wA -= I_A^-1 (rA x P), vB += mB P, wB += I_B^-1 (rB x P)}, a run's two
     * bodies held in locals.
     */
    private void warmStart(BodyStore s, ContactStore c, int from, int to) {
        for (int r = from; r < to; r++) {
            warmStartRun(s, c, r);
        }
    }

    /** Run r's saved impulses applied to its two bodies (a method per run: see {@link #solveRun}). */
    private void warmStartRun(BodyStore s, ContactStore c, int r) {
        if (patchRuns[r] != 0) {
            warmStartPatch(s, c, c.runStart[r], c.runStart[r + 1]);
            return;
        }
        final int stride = STRIDE;
        double[] d = c.data;
        double[] vx = s.vx, vy = s.vy, vz = s.vz, wx = s.wx, wy = s.wy, wz = s.wz;
        int start = c.runStart[r], end = c.runStart[r + 1];
        int a = c.bodyA[start], b = c.bodyB[start];
        double ma = s.invMass[a], mb = s.invMass[b];
        double vAx = vx[a], vAy = vy[a], vAz = vz[a], wAx = wx[a], wAy = wy[a], wAz = wz[a];
        double vBx = vx[b], vBy = vy[b], vBz = vz[b], wBx = wx[b], wBy = wy[b], wBz = wz[b];
        for (int o = stride * start, e = stride * end; o < e; o += stride) {
            double ln = d[o + NORMAL_IMPULSE];
            double l1 = d[o + TANGENT_IMPULSE1], l2 = d[o + TANGENT_IMPULSE2];
            double px = fma(l2, d[o + T2X], fma(l1, d[o + T1X], ln * d[o + NX]));
            double py = fma(l2, d[o + T2Y], fma(l1, d[o + T1Y], ln * d[o + NY]));
            double pz = fma(l2, d[o + T2Z], fma(l1, d[o + T1Z], ln * d[o + NZ]));
            // I^-1 (r x P) = ln I^-1 (r x n) + l1 I^-1 (r x t1) + l2 I^-1 (r x t2); zero for
            // infinite mass, as is mA, so the locals of a static body do not change.
            vAx = fma(-ma, px, vAx);
            vAy = fma(-ma, py, vAy);
            vAz = fma(-ma, pz, vAz);
            wAx -= fma(l2, d[o + IAT2], fma(l1, d[o + IAT1], ln * d[o + IAN]));
            wAy -= fma(l2, d[o + IAT2 + 1], fma(l1, d[o + IAT1 + 1], ln * d[o + IAN + 1]));
            wAz -= fma(l2, d[o + IAT2 + 2], fma(l1, d[o + IAT1 + 2], ln * d[o + IAN + 2]));
            vBx = fma(mb, px, vBx);
            vBy = fma(mb, py, vBy);
            vBz = fma(mb, pz, vBz);
            wBx += fma(l2, d[o + IBT2], fma(l1, d[o + IBT1], ln * d[o + IBN]));
            wBy += fma(l2, d[o + IBT2 + 1], fma(l1, d[o + IBT1 + 1], ln * d[o + IBN + 1]));
            wBz += fma(l2, d[o + IBT2 + 2], fma(l1, d[o + IBT1 + 2], ln * d[o + IBN + 2]));
        }
        storeVelocity(s, a, vAx, vAy, vAz, wAx, wAy, wAz);
        storeVelocity(s, b, vBx, vBy, vBz, wBx, wBy, wBz);
    }

    /** A run's velocities, kept in locals while it was solved, back into moving body i. */
    private static void storeVelocity(BodyStore s, int i, double vx, double vy, double vz, double wx,
                                      double wy, double wz) {
        if (s.invMass[i] > 0) {
            s.vx[i] = vx;
            s.vy[i] = vy;
            s.vz[i] = vz;
            s.wx[i] = wx;
            s.wy[i] = wy;
            s.wz[i] = wz;
        }
    }

    /** {@code vA -= mA P, wA -= I_A^-1 (rA x P), vB += mB P, wB += I_B^-1 (rB x P)} at point i. */
    private static void apply(BodyStore s, ContactStore c, int i, double px, double py, double pz) {
        int a = c.bodyA[i], b = c.bodyB[i];
        double[] inv = s.invInertiaWorld;
        double[] d = c.data;
        int p = STRIDE * i;
        double ma = s.invMass[a];
        if (ma > 0) {
            s.vx[a] -= ma * px;
            s.vy[a] -= ma * py;
            s.vz[a] -= ma * pz;
            double rx = d[p + RAX], ry = d[p + RAY], rz = d[p + RAZ];
            double ax = ry * pz - rz * py, ay = rz * px - rx * pz, az = rx * py - ry * px;
            int o = 9 * a;
            s.wx[a] -= inv[o] * ax + inv[o + 1] * ay + inv[o + 2] * az;
            s.wy[a] -= inv[o + 3] * ax + inv[o + 4] * ay + inv[o + 5] * az;
            s.wz[a] -= inv[o + 6] * ax + inv[o + 7] * ay + inv[o + 8] * az;
        }
        double mb = s.invMass[b];
        if (mb > 0) {
            s.vx[b] += mb * px;
            s.vy[b] += mb * py;
            s.vz[b] += mb * pz;
            double rx = d[p + RBX], ry = d[p + RBY], rz = d[p + RBZ];
            double ax = ry * pz - rz * py, ay = rz * px - rx * pz, az = rx * py - ry * px;
            int o = 9 * b;
            s.wx[b] += inv[o] * ax + inv[o + 1] * ay + inv[o + 2] * az;
            s.wy[b] += inv[o + 3] * ax + inv[o + 4] * ay + inv[o + 5] * az;
            s.wz[b] += inv[o + 6] * ax + inv[o + 7] * ay + inv[o + 8] * az;
        }
    }

    /**
     * One Gauss-Seidel pass over the runs {@code from .. to - 1} (a run: the points of
     * one body pair, its two bodies' velocities held in locals): each run's friction first (clamped by the
     * normal impulse of the pass before),
     * then its normals, so non-penetration, the constraint that matters most, is solved last (Catto,
     * GDC 2009). The pass's flags are {@link #passBias}, {@link #passRefresh} and
     * {@link #passAccumulate}. With {@code useBias} the normal is the soft constraint on the current
     * separation;
     * without, it only stops approach ({@code vn >= 0}); speculative points ({@code s > 0}) may close
     * their gap in the substep and no more, in both. {@code refresh} first recomputes the separations
     * (positions moved); {@code accumulate} adds each point's final normal impulse to the step's total.
     *
     * <p>Friction at a point: two tangents, the pair clamped to the disc {@code |lambda_t| <= mu lambda_n}.
     *
     * <p>A run's normals are swept again, up to {@link #MANIFOLD_PASSES} times, while a sweep
     * still changes some point's relative velocity by more than {@link #MANIFOLD_TOLERANCE}: one
     * sweep over a face landing hard gives the whole blow to the first corner and sets the body
     * spinning (a box dropped flat at 30 m/s left spinning at 20 rad/s); a few local sweeps share it
     * between the corners as the coupled 4 x 4 problem would. Resting manifolds, warm-started, stop
     * after one. A run that leaves a body spinning past the integrator's cap is swept once more with
     * that spin cut and held ({@link SpinHold}).
     */
    private void solve(BodyStore s, ContactStore c, int from, int to, int worker) {
        boolean bias = passBias, refresh = passRefresh, accumulate = passAccumulate;
        for (int r = from; r < to; r++) {
            solveRun(s, c, r, worker, bias, refresh, accumulate);
        }
    }

    /**
     * Run {@code r}'s friction then normals. One call per run, not one loop over them: called
     * thousands of times a step, it reaches the JIT's full compile within the first steps, where a
     * loop over the runs waited for two on-stack replacements.
     */
    private void solveRun(BodyStore s, ContactStore c, int r, int worker, boolean bias, boolean refresh,
                          boolean accumulate) {
        int start = c.runStart[r], end = c.runStart[r + 1];
        boolean patch = patchRuns[r] != 0;
        if (refresh) {
            refreshSeparations(s, c, start, end);
            refreshJacobians(s, c, start, end, patch);
            if (reanchorBits[r] != 0) {
                int bits = reanchorBits[r] | turning(s, c, start, end, passDt);
                reanchorBits[r] = (byte) bits;
                if ((bits & 3) != 0) {
                    reanchor(s, c, start, end, bits, worker, patch);
                }
            }
        }
        if (patch) {
            solvePatchFriction(s, c, start, end);
        } else {
            solveFriction(s, c, start, end);
        }
        solveNormals(s, c, r, start, end, bias);
        int a = c.bodyA[start], b = c.bodyB[start];
        double maxSpin = Integrator.MAX_ROTATION * passInvH;
        if (SpinHold.beyond(s, a, maxSpin) || SpinHold.beyond(s, b, maxSpin)) {
            SpinHold.normals(s, c, start, end, maxSpin, bias, passInvH, -maxPushOutSpeed, soft, anchoredSoft);
        }
        if (accumulate) {
            double[] d = c.data;
            for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
                d[o + TOTAL_NORMAL_IMPULSE] += d[o + NORMAL_IMPULSE];
            }
        }
    }

    /**
     * The friction of points {@code start .. end - 1} (one body pair): each point's two tangents,
     * clamped to its Coulomb disc. Apart from the normals so that each half is a small compile.
     *
     * <p>This sweep, the normals' and the warm start are written in {@code Math.fma}: each point waits
     * for the velocities the point before it left, so the step's time is this chain's latency, and a
     * fused multiply-add is one instruction of four cycles where a multiply and an add are two, one
     * after the other (the pile and the pyramid took 11-12 % less time). {@code fma} rounds once and
     * exactly as specified, so it is the same bits on every JVM; on a CPU without FMA it is slow.
     */
    private static void solveFriction(BodyStore s, ContactStore c, int start, int end) {
        solveFriction(s, c, start, end, -1);
    }

    /**
     * {@link #solveFriction(BodyStore, ContactStore, int, int)} with each point's disc of radius
     * {@code mu load}, {@code load} its own normal impulse where negative (a patch passes its sum).
     */
    private static void solveFriction(BodyStore s, ContactStore c, int start, int end, double load) {
        final int stride = STRIDE;
        double[] d = c.data;
        double[] vx = s.vx, vy = s.vy, vz = s.vz, wx = s.wx, wy = s.wy, wz = s.wz;
        int a = c.bodyA[start], b = c.bodyB[start];
        double ma = s.invMass[a], mb = s.invMass[b];
        double vAx = vx[a], vAy = vy[a], vAz = vz[a], wAx = wx[a], wAy = wy[a], wAz = wz[a];
        double vBx = vx[b], vBy = vy[b], vBz = vz[b], wBx = wx[b], wBy = wy[b], wBz = wz[b];
        int oStart = stride * start, oEnd = stride * end;
        for (int o = oStart; o < oEnd; o += stride) {
            double mu = d[o + FRICTION];
            if (!(mu > 0)) {
                continue;
            }
            // Relative velocity along t: (vB - vA) . t + wB . (rB x t) - wA . (rA x t).
            double dvx = vBx - vAx, dvy = vBy - vAy, dvz = vBz - vAz;
            double t1x = d[o + T1X], t1y = d[o + T1Y], t1z = d[o + T1Z];
            double t2x = d[o + T2X], t2y = d[o + T2Y], t2z = d[o + T2Z];
            double vt1 = fma(dvz, t1z, fma(dvy, t1y, dvx * t1x))
                    + (fma(wBz, d[o + BT1 + 2], fma(wBy, d[o + BT1 + 1], wBx * d[o + BT1]))
                    - fma(wAz, d[o + AT1 + 2], fma(wAy, d[o + AT1 + 1], wAx * d[o + AT1])));
            double vt2 = fma(dvz, t2z, fma(dvy, t2y, dvx * t2x))
                    + (fma(wBz, d[o + BT2 + 2], fma(wBy, d[o + BT2 + 1], wBx * d[o + BT2]))
                    - fma(wAz, d[o + AT2 + 2], fma(wAy, d[o + AT2 + 1], wAx * d[o + AT2])));
            // The changes first, the clamp only where the disc is left: the chain from one point's
            // velocities to the next is then the two dots, one multiply and two multiply-adds.
            double old1 = d[o + TANGENT_IMPULSE1], old2 = d[o + TANGENT_IMPULSE2];
            double d1 = -d[o + TANGENT_MASS1] * vt1, d2 = -d[o + TANGENT_MASS2] * vt2;
            double new1 = old1 + d1, new2 = old2 + d2;
            double limit = mu * (load < 0 ? d[o + NORMAL_IMPULSE] : load);
            double len2 = fma(new1, new1, new2 * new2);
            if (len2 > limit * limit) {
                double scale = limit / Math.sqrt(len2);
                new1 *= scale;
                new2 *= scale;
                d1 = new1 - old1;
                d2 = new2 - old2;
            }
            d[o + TANGENT_IMPULSE1] = new1;
            d[o + TANGENT_IMPULSE2] = new2;
            vAx = fma(d2, -ma * t2x, fma(d1, -ma * t1x, vAx));
            vAy = fma(d2, -ma * t2y, fma(d1, -ma * t1y, vAy));
            vAz = fma(d2, -ma * t2z, fma(d1, -ma * t1z, vAz));
            wAx = fma(-d2, d[o + IAT2], fma(-d1, d[o + IAT1], wAx));
            wAy = fma(-d2, d[o + IAT2 + 1], fma(-d1, d[o + IAT1 + 1], wAy));
            wAz = fma(-d2, d[o + IAT2 + 2], fma(-d1, d[o + IAT1 + 2], wAz));
            vBx = fma(d2, mb * t2x, fma(d1, mb * t1x, vBx));
            vBy = fma(d2, mb * t2y, fma(d1, mb * t1y, vBy));
            vBz = fma(d2, mb * t2z, fma(d1, mb * t1z, vBz));
            wBx = fma(d2, d[o + IBT2], fma(d1, d[o + IBT1], wBx));
            wBy = fma(d2, d[o + IBT2 + 1], fma(d1, d[o + IBT1 + 1], wBy));
            wBz = fma(d2, d[o + IBT2 + 2], fma(d1, d[o + IBT1 + 2], wBz));
        }

        storeVelocity(s, a, vAx, vAy, vAz, wAx, wAy, wAz);
        storeVelocity(s, b, vBx, vBy, vBz, wBx, wBy, wBz);
    }

    /**
     * Whether points {@code start .. end - 1} (one run) make one friction patch: at least two, all
     * with the first one's normal and its friction coefficient, which is positive.
     */
    private static boolean patchable(double[] d, int start, int end) {
        int o0 = STRIDE * start;
        double nx = d[o0 + NX], ny = d[o0 + NY], nz = d[o0 + NZ], mu = d[o0 + FRICTION];
        if (end - start < 2 || !(mu > 0)) {
            return false;
        }
        for (int o = o0 + STRIDE, e = STRIDE * end; o < e; o += STRIDE) {
            if (d[o + NX] != nx || d[o + NY] != ny || d[o + NZ] != nz || d[o + FRICTION] != mu) {
                return false;
            }
        }
        return true;
    }

    /**
     * A patch's rows from its points' levers and the bodies' world inverse inertias as they are now:
     * on its first point the two tangent rows at the centre (the mean of the levers) with their
     * effective masses, and the twist's {@code I^-1 n} and effective mass
     * {@code 1 / (n . I_A^-1 n + n . I_B^-1 n)}; on every point its offset from the centre across
     * the normal and that offset's length.
     */
    private static void patchJacobians(BodyStore s, ContactStore c, int start, int end) {
        double[] d = c.data, inv = s.invInertiaWorld;
        int a = c.bodyA[start], b = c.bodyB[start];
        int o0 = STRIDE * start, e = STRIDE * end;
        double cAx = 0, cAy = 0, cAz = 0, cBx = 0, cBy = 0, cBz = 0;
        for (int o = o0; o < e; o += STRIDE) {
            cAx += d[o + RAX];
            cAy += d[o + RAY];
            cAz += d[o + RAZ];
            cBx += d[o + RBX];
            cBy += d[o + RBY];
            cBz += d[o + RBZ];
        }
        double k = 1.0 / (end - start);
        cAx *= k;
        cAy *= k;
        cAz *= k;
        cBx *= k;
        cBy *= k;
        cBz *= k;
        double nx = d[o0 + NX], ny = d[o0 + NY], nz = d[o0 + NZ];
        double t1x = d[o0 + T1X], t1y = d[o0 + T1Y], t1z = d[o0 + T1Z];
        double t2x = d[o0 + T2X], t2y = d[o0 + T2Y], t2z = d[o0 + T2Z];
        jacobian(inv, a, cAx, cAy, cAz, t1x, t1y, t1z, d, o0 + AT1, o0 + IAT1);
        jacobian(inv, a, cAx, cAy, cAz, t2x, t2y, t2z, d, o0 + AT2, o0 + IAT2);
        jacobian(inv, b, cBx, cBy, cBz, t1x, t1y, t1z, d, o0 + BT1, o0 + IBT1);
        jacobian(inv, b, cBx, cBy, cBz, t2x, t2y, t2z, d, o0 + BT2, o0 + IBT2);
        double mSum = s.invMass[a] + s.invMass[b];
        d[o0 + TANGENT_MASS1] = inverse(mSum + dot(d, o0 + AT1, o0 + IAT1) + dot(d, o0 + BT1, o0 + IBT1));
        d[o0 + TANGENT_MASS2] = inverse(mSum + dot(d, o0 + AT2, o0 + IAT2) + dot(d, o0 + BT2, o0 + IBT2));
        int ia = 9 * a, ib = 9 * b;
        for (int q = 0; q < 3; q++) {
            d[o0 + IAW + q] = inv[ia + 3 * q] * nx + inv[ia + 3 * q + 1] * ny + inv[ia + 3 * q + 2] * nz;
            d[o0 + IBW + q] = inv[ib + 3 * q] * nx + inv[ib + 3 * q + 1] * ny + inv[ib + 3 * q + 2] * nz;
        }
        d[o0 + TWIST_MASS] = inverse(nx * (d[o0 + IAW] + d[o0 + IBW]) + ny * (d[o0 + IAW + 1] + d[o0 + IBW + 1])
                + nz * (d[o0 + IAW + 2] + d[o0 + IBW + 2]));
        for (int o = o0; o < e; o += STRIDE) {
            double ax = d[o + RAX] - cAx, ay = d[o + RAY] - cAy, az = d[o + RAZ] - cAz;
            double a1 = ax * t1x + ay * t1y + az * t1z, a2 = ax * t2x + ay * t2y + az * t2z;
            d[o + PATCH_OFFSET1] = a1;
            d[o + PATCH_OFFSET2] = a2;
            d[o + TWIST_ARM] = Math.sqrt(a1 * a1 + a2 * a2);
        }
    }

    /**
     * The warm-started tangent impulses of a patch's points (last step's, per point) gathered into
     * the patch's, on its first point: their sum, and their twist about the centre
     * {@code sum((a_i x f_i) . n)}, {@code a_i} the point's offset and {@code f_i = l1_i t1 + l2_i t2},
     * which in the tangent frame is {@code l2_i a1_i - l1_i a2_i}. The other points' tangent impulses
     * are then 0. Needs the offsets ({@link #patchJacobians}); {@link #spreadPatch} is the inverse.
     */
    static void gatherPatch(double[] d, int start, int end) {
        int o0 = STRIDE * start;
        double l1 = 0, l2 = 0, twist = 0;
        for (int o = o0, e = STRIDE * end; o < e; o += STRIDE) {
            double p1 = d[o + TANGENT_IMPULSE1], p2 = d[o + TANGENT_IMPULSE2];
            l1 += p1;
            l2 += p2;
            twist += p2 * d[o + PATCH_OFFSET1] - p1 * d[o + PATCH_OFFSET2];
            d[o + TANGENT_IMPULSE1] = 0;
            d[o + TANGENT_IMPULSE2] = 0;
        }
        d[o0 + TANGENT_IMPULSE1] = l1;
        d[o0 + TANGENT_IMPULSE2] = l2;
        d[o0 + TWIST_IMPULSE] = twist;
    }

    /**
     * Run r's patch impulses, once its step is solved, spread back over its points' tangent
     * impulses (for the warm-start cache and the contact queries): an equal share of the force each,
     * plus the twist as forces across each offset, {@code twist (n x a_i) / sum |a_i|^2}, which add
     * up to no force (the offsets sum to 0) and to the twist. A run solved point by point is left
     * as it is.
     */
    private void spreadPatch(ContactStore c, int r) {
        if (patchRuns[r] != 0) {
            patchRuns[r] = 0;
            spreadPatch(c.data, c.runStart[r], c.runStart[r + 1]);
        }
    }

    /** {@link #spreadPatch(ContactStore, int)} for the patch of points {@code start .. end - 1}. */
    static void spreadPatch(double[] d, int start, int end) {
        int o0 = STRIDE * start, e = STRIDE * end;
        double arms = 0;
        for (int o = o0; o < e; o += STRIDE) {
            arms += d[o + TWIST_ARM] * d[o + TWIST_ARM];
        }
        double k = 1.0 / (end - start);
        double l1 = d[o0 + TANGENT_IMPULSE1] * k, l2 = d[o0 + TANGENT_IMPULSE2] * k;
        double q = arms > 0 ? d[o0 + TWIST_IMPULSE] / arms : 0;
        // n x (a1 t1 + a2 t2) = a1 t2 - a2 t1.
        for (int o = o0; o < e; o += STRIDE) {
            d[o + TANGENT_IMPULSE1] = l1 - q * d[o + PATCH_OFFSET2];
            d[o + TANGENT_IMPULSE2] = l2 + q * d[o + PATCH_OFFSET1];
        }
        d[o0 + TWIST_IMPULSE] = 0;
    }

    /** A patch's saved impulses applied to its two bodies: each point's normal, the patch's friction. */
    private static void warmStartPatch(BodyStore s, ContactStore c, int start, int end) {
        final int stride = STRIDE;
        double[] d = c.data;
        double[] vx = s.vx, vy = s.vy, vz = s.vz, wx = s.wx, wy = s.wy, wz = s.wz;
        int a = c.bodyA[start], b = c.bodyB[start];
        double ma = s.invMass[a], mb = s.invMass[b];
        int o0 = stride * start;
        // The patch's tangent impulse acts at its centre, its twist about the normal; the normal
        // impulses' sum along the common normal moves the centres of mass as one.
        double l1 = d[o0 + TANGENT_IMPULSE1], l2 = d[o0 + TANGENT_IMPULSE2], tw = d[o0 + TWIST_IMPULSE];
        double wAx = fma(l2, d[o0 + IAT2], fma(l1, d[o0 + IAT1], tw * d[o0 + IAW]));
        double wAy = fma(l2, d[o0 + IAT2 + 1], fma(l1, d[o0 + IAT1 + 1], tw * d[o0 + IAW + 1]));
        double wAz = fma(l2, d[o0 + IAT2 + 2], fma(l1, d[o0 + IAT1 + 2], tw * d[o0 + IAW + 2]));
        double wBx = fma(l2, d[o0 + IBT2], fma(l1, d[o0 + IBT1], tw * d[o0 + IBW]));
        double wBy = fma(l2, d[o0 + IBT2 + 1], fma(l1, d[o0 + IBT1 + 1], tw * d[o0 + IBW + 1]));
        double wBz = fma(l2, d[o0 + IBT2 + 2], fma(l1, d[o0 + IBT1 + 2], tw * d[o0 + IBW + 2]));
        double ln = 0;
        for (int o = o0, e = stride * end; o < e; o += stride) {
            double li = d[o + NORMAL_IMPULSE];
            ln += li;
            wAx = fma(li, d[o + IAN], wAx);
            wAy = fma(li, d[o + IAN + 1], wAy);
            wAz = fma(li, d[o + IAN + 2], wAz);
            wBx = fma(li, d[o + IBN], wBx);
            wBy = fma(li, d[o + IBN + 1], wBy);
            wBz = fma(li, d[o + IBN + 2], wBz);
        }
        double px = fma(l2, d[o0 + T2X], fma(l1, d[o0 + T1X], ln * d[o0 + NX]));
        double py = fma(l2, d[o0 + T2Y], fma(l1, d[o0 + T1Y], ln * d[o0 + NY]));
        double pz = fma(l2, d[o0 + T2Z], fma(l1, d[o0 + T1Z], ln * d[o0 + NZ]));
        storeVelocity(s, a, fma(-ma, px, vx[a]), fma(-ma, py, vy[a]), fma(-ma, pz, vz[a]),
                wx[a] - wAx, wy[a] - wAy, wz[a] - wAz);
        storeVelocity(s, b, fma(mb, px, vx[b]), fma(mb, py, vy[b]), fma(mb, pz, vz[b]),
                wx[b] + wBx, wy[b] + wBy, wz[b] + wBz);
    }

    /**
     * A patch's friction ({@link #setPatchFriction}): the two tangents at its centre, clamped to
     * the disc {@code |lambda_t| <= mu sum(lambda_n)}, then the twist about the normal,
     * {@code |lambda_w| <= mu sum(lambda_n,i arm_i)}, each point's normal impulse the pass before's.
     */
    private static void solvePatchFriction(BodyStore s, ContactStore c, int start, int end) {
        final int stride = STRIDE;
        double[] d = c.data;
        int o0 = stride * start;
        double load = 0, twistLoad = 0;
        for (int o = o0, e = stride * end; o < e; o += stride) {
            double ln = d[o + NORMAL_IMPULSE];
            load += ln;
            twistLoad = fma(ln, d[o + TWIST_ARM], twistLoad);
        }
        // The tangents: the first point's rows are the patch's, at its centre.
        solveFriction(s, c, start, start + 1, load);
        double[] wx = s.wx, wy = s.wy, wz = s.wz;
        int a = c.bodyA[start], b = c.bodyB[start];
        double wAx = wx[a], wAy = wy[a], wAz = wz[a], wBx = wx[b], wBy = wy[b], wBz = wz[b];
        double mu = d[o0 + FRICTION];
        // The twist: relative spin about n, (wB - wA) . n.
        double vw = fma(wBz - wAz, d[o0 + NZ], fma(wBy - wAy, d[o0 + NY], (wBx - wAx) * d[o0 + NX]));
        double oldW = d[o0 + TWIST_IMPULSE];
        double twistLimit = mu * twistLoad;
        double newW = fma(-d[o0 + TWIST_MASS], vw, oldW);
        // Clamped without branches, for the reason in solveNormals' mean separation.
        newW = Math.max(-twistLimit, Math.min(newW, twistLimit));
        double dw = newW - oldW;
        d[o0 + TWIST_IMPULSE] = newW;
        wAx = fma(-dw, d[o0 + IAW], wAx);
        wAy = fma(-dw, d[o0 + IAW + 1], wAy);
        wAz = fma(-dw, d[o0 + IAW + 2], wAz);
        wBx = fma(dw, d[o0 + IBW], wBx);
        wBy = fma(dw, d[o0 + IBW + 1], wBy);
        wBz = fma(dw, d[o0 + IBW + 2], wBz);
        storeSpin(s, a, wAx, wAy, wAz);
        storeSpin(s, b, wBx, wBy, wBz);
    }

    /** A spin kept in locals back into moving body i. */
    private static void storeSpin(BodyStore s, int i, double wx, double wy, double wz) {
        if (s.invMass[i] > 0) {
            s.wx[i] = wx;
            s.wy[i] = wy;
            s.wz[i] = wz;
        }
    }

    /** The normals of run {@code r}, points {@code start .. end - 1}: see {@link #solveRun}. */
    private void solveNormals(BodyStore s, ContactStore c, int r, int start, int end, boolean useBias) {
        final int stride = STRIDE;
        double[] d = c.data;
        double[] vx = s.vx, vy = s.vy, vz = s.vz, wx = s.wx, wy = s.wy, wz = s.wz;
        double invH = passInvH;
        double pushOut = -maxPushOutSpeed;
        double softRate = soft.biasRate, softMass = soft.massScale, softImpulse = soft.impulseScale;
        double anchoredRate = anchoredSoft.biasRate, anchoredMass = anchoredSoft.massScale;
        double anchoredImpulse = anchoredSoft.impulseScale;
        int a = c.bodyA[start], b = c.bodyB[start];
        double ma = s.invMass[a], mb = s.invMass[b];
        double vAx = vx[a], vAy = vy[a], vAz = vz[a], wAx = wx[a], wAy = wy[a], wAz = wz[a];
        double vBx = vx[b], vBy = vy[b], vBz = vz[b], wBx = wx[b], wBy = wy[b], wBz = wz[b];
        int oStart = stride * start, oEnd = stride * end;

        // The manifold's springs split into its common compression, corrected SAG times faster,
        // and each point's difference from it (the rocking), TILT_STIFFENING times faster. A run
        // whose normals a joint solved (ContactStore.jointNormals) has only its friction here in
        // the biased pass (its spring is the joint's block's); relaxing, a rigid vn >= 0 agrees
        // with the block's and has the last word.
        double meanSep = 0, sag = d[oStart + SAG];
        int manifoldPasses = c.jointNormals[r] == 0 || !useBias ? MANIFOLD_PASSES : 0;
        if (useBias) {
            int touching = 0;
            for (int o = oStart; o < oEnd; o += stride) {
                double sp = d[o + SEP];
                if (!(sp > 0)) {
                    meanSep += sp;
                    touching++;
                }
            }
            // No branch on touching == 0 (no point touching: the sum is 0 and so is the mean): a
            // branch the first steps never took was compiled as a trap, and the first run lifted
            // clear in the bench had this whole method compiled again.
            meanSep /= Math.max(touching, 1);
        }
        for (int pass = 0; pass < manifoldPasses; pass++) {
            boolean unsettled = false;
            for (int o = oStart; o < oEnd; o += stride) {
                double nx = d[o + NX], ny = d[o + NY], nz = d[o + NZ];
                double vn = fma(vBz - vAz, nz, fma(vBy - vAy, ny, (vBx - vAx) * nx))
                        + (fma(wBz, d[o + BN + 2], fma(wBy, d[o + BN + 1], wBx * d[o + BN]))
                        - fma(wAz, d[o + AN + 2], fma(wAy, d[o + AN + 1], wAx * d[o + AN])));
                // Speculative (s > 0), in both passes: the gap may close in this substep but no
                // further, hard. Otherwise soft with bias, or (relax) only vn >= 0. Selects rather
                // than branches: which case a point is in changes from point to point.
                double sep = d[o + SEP];
                boolean anchored = d[o + ANCHORED] != 0;
                boolean soft = useBias && !(sep > 0);
                // Relaxing, no spring: 0, which the push-out cap (negative) leaves as it is.
                double spring = useBias ? (anchored ? anchoredRate : softRate)
                        * (sag * meanSep + TILT_STIFFENING * (sep - meanSep)) : 0;
                double bias = sep > 0 ? sep * invH : spring > pushOut ? spring : pushOut;
                double mScale = soft ? (anchored ? anchoredMass : softMass) : 1;
                double iScale = soft ? (anchored ? anchoredImpulse : softImpulse) : 0;
                if (useBias && vn < d[o + APPROACH]) {
                    d[o + APPROACH] = vn;
                }
                double old = d[o + NORMAL_IMPULSE];
                double normalMass = d[o + NORMAL_MASS];
                // The impulse's part that does not wait for vn first, so the chain from one point's
                // velocities to the next is one multiply-add, a select and the updates.
                double k = -normalMass * mScale;
                double impulse = fma(k, vn, fma(k, bias, -iScale * old));
                // lambda stays >= 0: the change is at least -old.
                double dn = impulse > -old ? impulse : -old;
                double updated = old + dn;
                d[o + NORMAL_IMPULSE] = updated;
                if (dn > d[o + MAX_NORMAL_IMPULSE]) {
                    d[o + MAX_NORMAL_IMPULSE] = dn;
                }
                vAx = fma(dn, -ma * nx, vAx);
                vAy = fma(dn, -ma * ny, vAy);
                vAz = fma(dn, -ma * nz, vAz);
                wAx = fma(-dn, d[o + IAN], wAx);
                wAy = fma(-dn, d[o + IAN + 1], wAy);
                wAz = fma(-dn, d[o + IAN + 2], wAz);
                vBx = fma(dn, mb * nx, vBx);
                vBy = fma(dn, mb * ny, vBy);
                vBz = fma(dn, mb * nz, vBz);
                wBx = fma(dn, d[o + IBN], wBx);
                wBy = fma(dn, d[o + IBN + 1], wBy);
                wBz = fma(dn, d[o + IBN + 2], wBz);
                // |dn| / m_eff is the change of this point's relative normal velocity.
                if (Math.abs(dn) > MANIFOLD_TOLERANCE * normalMass) {
                    unsettled = true;
                }
            }
            if (end - start == 1 || !unsettled) {
                break;
            }
        }
        storeVelocity(s, a, vAx, vAy, vAz, wAx, wAy, wAz);
        storeVelocity(s, b, vBx, vBy, vBz, wBx, wBy, wBz);
    }

    /**
     * The spring's static deflection under a load {@code F} is {@code F / (m_eff omega^2)}, with
     * {@code m_eff} the point's two-body effective mass, not the load's: the contacts low in a
     * stack carry many boxes on springs no stiffer than the top one's, and a column on such springs
     * buckles like an elastic-base column once its toppling torque outgrows their rocking stiffness
     * (20 unit boxes, 4 substeps: fell over within 12 s). Stiffer springs all round jitter with one
     * Gauss-Seidel pass (docs/bench/pyramid-drift.md), so the bias is split instead: a manifold's
     * common compression (the mean separation of its touching points) is corrected by
     * {@code SAG} times the spring's bias rate, SAG being the run's load in units of its effective
     * mass's weight, {@code sum lambda / (|g| h sum m_eff)}, clamped to [1, MAX_SAG_STIFFENING];
     * each point's difference from the mean by {@link #TILT_STIFFENING} times it. A faster
     * correction at the same mass and impulse scale divides the steady deflection by the same factor
     * ({@code C = -impulseScale lambda / (m_eff massScale biasRate)}). Measured: the 20-box column
     * stands (71 mm of sag, under 0.3 mm sideways, was 595 mm and fallen), the bench pyramid drifts
     * 22 mm (was 32.5); 1.75x sag or 3x rocking jitter in the pyramid.
     */
    static final double TILT_STIFFENING = 2.5;
    static final double MAX_SAG_STIFFENING = 1.5;

    /**
     * Run {@code start .. end - 1}'s SAG from its warm-started impulses: {@code weight} is
     * {@code |g| h}, the impulse a unit mass needs per substep to stand (0 without gravity: 1).
     */
    private static void sagStiffening(ContactStore c, int start, int end, double weight) {
        double[] d = c.data;
        double load = 0, mass = 0;
        for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
            load += d[o + NORMAL_IMPULSE];
            mass += d[o + NORMAL_MASS];
        }
        double ratio = weight > 0 && mass > 0 ? load / (weight * mass) : 1;
        d[STRIDE * start + SAG] = Math.min(Math.max(ratio, 1), MAX_SAG_STIFFENING);
    }

    /** Most normal sweeps over one manifold in one pass. */
    static final int MANIFOLD_PASSES = 4;
    /** m/s: a manifold sweep that changes no point's relative velocity by more ends the local sweeps. */
    static final double MANIFOLD_TOLERANCE = 0.01;

    /**
     * When any point may bounce: each dynamic body's kinetic energy at the step's start plus the most
     * its torque can add in {@code dt}, and where its centre of mass was. A bounce off a static body
     * gives back at most what the body brought (restitution <= 1), so {@link #restitution} holds the
     * body to this plus the work gravity and its force did over the step, {@code (m g + F) . dx} from
     * where it has moved since (exact: both are constant in a step). A bound on that work from the
     * speed alone, {@code m g dt (v + g dt / 2)}, let an elastic box landing at 20 m/s leave the
     * step with 0.6 % more energy than it began with: it had risen, and gravity had taken energy.
     * Against moving bodies no such limit is set: there energy passes along a chain of bodies within
     * one step (Newton's cradle).
     */
    private void bounceLimits(BodyStore s, ContactStore c, double dt) {
        boolean any = false;
        for (int r = 0, runs = c.runCount(); r < runs && !any; r++) {
            any = bouncyRuns[r] != 0;
        }
        if (!any) {
            return;
        }
        int bodies = s.count();
        growBodyScratch(bodies);
        for (int i = 0; i < bodies; i++) {
            if (s.type[i] == BodyStore.DYNAMIC) {
                bounceLimit(s, i, dt);
            }
        }
    }

    /** {@link #bounceLimits} of dynamic body i. */
    private void bounceLimit(BodyStore s, int i, double dt) {
        double[] inv = s.invInertiaWorld;
        double tx = s.tx[i], ty = s.ty[i], tz = s.tz[i];
        int k = 9 * i;
        double ax = inv[k] * tx + inv[k + 1] * ty + inv[k + 2] * tz;
        double ay = inv[k + 3] * tx + inv[k + 4] * ty + inv[k + 5] * tz;
        double az = inv[k + 6] * tx + inv[k + 7] * ty + inv[k + 8] * tz;
        double w = Math.sqrt(s.wx[i] * s.wx[i] + s.wy[i] * s.wy[i] + s.wz[i] * s.wz[i]);
        double spin = (w + Math.sqrt(ax * ax + ay * ay + az * az) * dt) * dt;
        bounceLimit[i] = s.kineticEnergy(i) + Math.sqrt(tx * tx + ty * ty + tz * tz) * spin;
        bounceFrom[3 * i] = s.px[i];
        bounceFrom[3 * i + 1] = s.py[i];
        bounceFrom[3 * i + 2] = s.pz[i];
    }

    /** The work (J) gravity and its force did on dynamic body i since {@link #bounceLimits}. */
    private double workSinceStart(BodyStore s, int i) {
        double m = s.mass[i], gs = s.gravityScale[i];
        double dx = s.px[i] - bounceFrom[3 * i], dy = s.py[i] - bounceFrom[3 * i + 1];
        double dz = s.pz[i] - bounceFrom[3 * i + 2];
        return (m * gs * passGx + s.fx[i]) * dx + (m * gs * passGy + s.fy[i]) * dy + (m * gs * passGz + s.fz[i]) * dz;
    }

    /**
     * {@code vn -> -e v_approach} for points that approached faster than the threshold and pushed
     * (Box2D's {@code b2ApplyRestitution}); the accumulated impulse stays non-negative. One body
     * pair's run at a time, then {@link #holdRestitution} keeps the run from making energy.
     */
    private boolean restitution(BodyStore s, ContactStore c) {
        boolean bounced = false;
        int runs = c.runCount();
        int[] runStart = c.runStart;
        double[] d = c.data;
        for (int r = 0; r < runs; r++) {
            if (bouncyRuns[r] == 0) {
                continue;
            }
            int start = runStart[r], end = runStart[r + 1];
            // The fastest separation any point of the run asks for, m/s (0: none bounces), and the
            // share e^2 of the energy its bouncing points' impulses took out in the step, J.
            double target = 0, absorbed = 0;
            for (int i = start; i < end; i++) {
                int o = STRIDE * i;
                double e = d[o + RESTITUTION];
                double approach = bounceApproach(d, o);
                if (approach < 0) {
                    target = Math.max(target, -e * approach);
                    double vn = normalVelocity(s, c.bodyA[i], c.bodyB[i], d[o + RAX], d[o + RAY], d[o + RAZ],
                            d[o + RBX], d[o + RBY], d[o + RBZ], d[o + NX], d[o + NY], d[o + NZ]);
                    absorbed += 0.5 * e * e * d[o + TOTAL_NORMAL_IMPULSE] * Math.max(0, -approach - vn);
                }
            }
            if (target == 0) {
                continue;
            }
            bounced = true;
            if (restitutionDn.length < end - start) {
                restitutionDn = new double[Math.max(end - start, 2 * restitutionDn.length)];
            }
            int a = c.bodyA[start], b = c.bodyB[start];
            // A dynamic body bouncing off a static one: its energy before the run's bounce.
            int alone = s.type[a] == BodyStore.STATIC ? b : s.type[b] == BodyStore.STATIC ? a : -1;
            double before = alone >= 0 ? s.kineticEnergy(alone) : 0;
            double vax = s.vx[a], vay = s.vy[a], vaz = s.vz[a], wax = s.wx[a], way = s.wy[a], waz = s.wz[a];
            double vbx = s.vx[b], vby = s.vy[b], vbz = s.vz[b], wbx = s.wx[b], wby = s.wy[b], wbz = s.wz[b];
            // The run's impulse on B (A takes minus it) and its moments about each centre.
            double px = 0, py = 0, pz = 0, hax = 0, hay = 0, haz = 0, hbx = 0, hby = 0, hbz = 0;
            for (int i = start; i < end; i++) {
                int o = STRIDE * i;
                restitutionDn[i - start] = 0;
                double e = d[o + RESTITUTION];
                double approach = bounceApproach(d, o);
                if (!(approach < 0)) {
                    continue;
                }
                double nx = d[o + NX], ny = d[o + NY], nz = d[o + NZ];
                double vn = normalVelocity(s, a, b, d[o + RAX], d[o + RAY], d[o + RAZ], d[o + RBX], d[o + RBY],
                        d[o + RBZ], nx, ny, nz);
                double old = d[o + NORMAL_IMPULSE];
                double updated = Math.max(old - d[o + NORMAL_MASS] * (vn + e * approach), 0);
                double dn = updated - old;
                d[o + NORMAL_IMPULSE] = updated;
                d[o + TOTAL_NORMAL_IMPULSE] += dn;
                if (dn != 0) {
                    restitutionDn[i - start] = dn;
                    double qx = dn * nx, qy = dn * ny, qz = dn * nz;
                    apply(s, c, i, qx, qy, qz);
                    px += qx;
                    py += qy;
                    pz += qz;
                    double rx = d[o + RAX], ry = d[o + RAY], rz = d[o + RAZ];
                    hax -= ry * qz - rz * qy;
                    hay -= rz * qx - rx * qz;
                    haz -= rx * qy - ry * qx;
                    rx = d[o + RBX];
                    ry = d[o + RBY];
                    rz = d[o + RBZ];
                    hbx += ry * qz - rz * qy;
                    hby += rz * qx - rx * qz;
                    hbz += rx * qy - ry * qx;
                }
            }
            double ma = s.invMass[a], mb = s.invMass[b];
            // The energy the run gave the pair, k(t) = t L + t^2 Q for the run's impulses scaled by t
            // (the pair's momentum is kept, so this is also the change of its energy of relative motion).
            double lin = ma > 0 ? -(vax * px + vay * py + vaz * pz) + wax * hax + way * hay + waz * haz : 0;
            if (mb > 0) {
                lin += vbx * px + vby * py + vbz * pz + wbx * hbx + wby * hby + wbz * hbz;
            }
            double quad = 0.5 * (ma + mb) * (px * px + py * py + pz * pz)
                    + 0.5 * (inertiaForm(s.invInertiaWorld, a, ma, hax, hay, haz)
                    + inertiaForm(s.invInertiaWorld, b, mb, hbx, hby, hbz));
            double allowed = Math.min(0.5 * target * target / (ma + mb), absorbed);
            if (alone >= 0) {
                allowed = Math.min(allowed, Math.max(0, bounceLimit[alone] + workSinceStart(s, alone) - before));
            }
            if (lin + quad > allowed * (1 + 1e-9)) {
                holdRestitution(s, c, start, end, lin, quad, allowed);
            }
        }
        return bounced;
    }

    /** 1 where a point of {@code start .. end - 1} has restitution, else 0. */
    private static byte bouncy(double[] d, int start, int end) {
        for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
            if (d[o + RESTITUTION] != 0) {
                return 1;
            }
        }
        return 0;
    }

    /**
     * The approach speed (m/s, negative) that point o bounces back from: the reading floored at
     * {@code APPROACH_FLOOR}, where the point has restitution, approached faster than the threshold
     * and pushed at all; else 0.
     */
    private double bounceApproach(double[] d, int o) {
        double approach = Math.max(d[o + APPROACH], d[o + APPROACH_FLOOR]);
        return d[o + RESTITUTION] != 0 && approach <= -restitutionThreshold && d[o + MAX_NORMAL_IMPULSE] != 0
                ? Math.min(approach, 0) : 0;
    }

    /** {@code h . I^-1 h} for body i's world inverse inertia (0 for a body of infinite mass). */
    private static double inertiaForm(double[] inv, int i, double invMass, double hx, double hy, double hz) {
        if (invMass == 0) {
            return 0;
        }
        int k = 9 * i;
        return hx * (inv[k] * hx + inv[k + 1] * hy + inv[k + 2] * hz)
                + hy * (inv[k + 3] * hx + inv[k + 4] * hy + inv[k + 5] * hz)
                + hz * (inv[k + 6] * hx + inv[k + 7] * hy + inv[k + 8] * hz);
    }

    /**
     * Scales a run's restitution impulses back until they give the pair at most {@code allowed}, J,
     * the least of: the energy of separating at the fastest bounce any of its points asked for with
     * the pair's reduced mass, which bounds what a bounce at one point (effective mass at most the
     * reduced mass) or of a whole face (the least-energy velocity change that meets every point's
     * target is no more than the translation that meets the largest) gives; {@code e^2} times what
     * its bouncing points' impulses absorbed in the step; and, against a static body, what the moving
     * body brought into the step and gravity and its force gave it since ({@link #bounceLimits}). Box2D's point-by-point sweep can
     * exceed it where the points' targets disagree: a 7 kg, 2 cm cylinder 7 cm deep between two
     * heavy bodies closing at 110 m/s left at 180 m/s and 49,000 rad/s (random scene 24444,
     * +350 kJ in one step). {@code k(t) = t lin + t^2 quad} is the energy the scaled impulses give.
     */
    private void holdRestitution(BodyStore s, ContactStore c, int start, int end, double lin, double quad,
                                 double allowed) {
        // The larger root of quad t^2 + lin t - allowed, in [0, 1]; k(1) > allowed >= 0 = k(0).
        double t = quad > 0 ? (-lin + Math.sqrt(lin * lin + 4 * quad * allowed)) / (2 * quad) : 0;
        t = Math.min(Math.max(t, 0), 1);
        double[] d = c.data;
        for (int i = start; i < end; i++) {
            double dn = restitutionDn[i - start];
            if (dn == 0) {
                continue;
            }
            int o = STRIDE * i;
            double back = (t - 1) * dn;
            d[o + NORMAL_IMPULSE] += back;
            d[o + TOTAL_NORMAL_IMPULSE] += back;
            apply(s, c, i, back * d[o + NX], back * d[o + NY], back * d[o + NZ]);
        }
    }

    /**
     * The most a moving body may end a step inside a static or kinematic one, as a fraction of its
     * own thickness along the contact normal. A convex body's centre of mass lies at least a quarter
     * of its thickness above its lowest point (the centroid divides every width at most 3 : 1 in
     * three dimensions), so no body held to this has its centre inside the surface.
     */
    static final double MAX_DEPTH_IN_IMMOVABLE = 0.25;

    /**
     * Whether the first sweep of {@link #liftOutOfImmovable} may find a point past the floor: each run
     * looked at on the pool's threads as that sweep looks at it before anything is lifted (so with no
     * shift). Where none is found, the sweep lifts nothing and the serial pass has nothing to do,
     * which is the usual step. A run of a tumbling body is taken as found (its lowest point needs the
     * shared turn scratch), as is every run when there is no relax pass (the sweep refreshes the
     * separations first).
     */
    private boolean mayLift(ContactStore c) {
        int runs = c.runCount();
        if (relaxIterations == 0) {
            return true;
        }
        if (!pastFloorKnown) {
            pool.run(runs, RUN_GRAIN, pastFloorTask);
        }
        for (int r = 0; r < runs; r++) {
            if (pastFloorRuns[r] != 0) {
                return true;
            }
        }
        return false;
    }

    /** Per run, 1 where {@link #mayLift} found a point past the floor (or could not tell). */
    private byte[] pastFloorRuns = new byte[16];
    /** Whether {@link #pastFloorRuns} holds this step's marks already (the island walk makes them). */
    private boolean pastFloorKnown;
    private final WorkerPool.Range pastFloorTask = (w, from, to) -> {
        for (int r = from; r < to; r++) {
            pastFloorRuns[r] = pastFloor(passBodies, passContacts, r, w);
        }
    };

    /** {@link #mayLift}'s test of run r on thread {@code worker}: the first sweep's, with no lift yet. */
    private byte pastFloor(BodyStore s, ContactStore c, int r, int worker) {
        double[] d = c.data;
        int start = c.runStart[r], end = c.runStart[r + 1];
        if (d[STRIDE * start + ANCHORED] == 0) {
            return 0;
        }
        int a = c.bodyA[start], b = c.bodyB[start];
        int i = s.invMass[b] > 0 && s.invMass[a] == 0 ? b : s.invMass[a] > 0 && s.invMass[b] == 0 ? a : -1;
        if (i < 0) {
            return 0;
        }
        if (tumbling(s, i) || tumbledFrom[i] != 0) {
            return 1;
        }
        double floor = Double.NaN, fx = 0, fy = 0, fz = 0;
        for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
            double sep = d[o + SEP];
            if (sep >= 0) {
                continue;
            }
            double nx = d[o + NX], ny = d[o + NY], nz = d[o + NZ];
            if (Double.isNaN(floor) || nx != fx || ny != fy || nz != fz) {
                floor = -MAX_DEPTH_IN_IMMOVABLE * thickness(s, i, nx, ny, nz, worker);
                fx = nx;
                fy = ny;
                fz = nz;
            }
            if (sep < floor) {
                return 1;
            }
        }
        return 0;
    }

    /**
     * The position floor under the soft contacts: after the substeps, a moving body whose contact
     * with a body of infinite mass is deeper than {@link #MAX_DEPTH_IN_IMMOVABLE} of its thickness
     * along that normal is moved out along it to that depth (translation only, velocities kept; the
     * points of one body in store order, twice, so a body in a corner meets both walls). The soft
     * spring settles a free body within a fraction of a millimetre of the surface, so this only
     * acts where the solver lost: a light body that a joint to a far heavier one drags or presses
     * into the ground (a spring is as stiff as the light body's mass), or a millimetre body
     * tumbling so fast within a substep that its lowest point outruns the contact's linear model.
     * Jointed bodies: see the comment in the body. On the calling thread, in store order: every
     * thread count gives the same bits. Allocation-free once its scratch has grown to the world.
     */
    private void liftOutOfImmovable(BodyStore s, ContactStore c) {
        int n = c.count();
        if (n == 0) {
            return;
        }
        if (liftX.length < s.count()) {
            int cap = Math.max(s.count(), 2 * liftX.length);
            liftX = new double[cap];
            liftY = new double[cap];
            liftZ = new double[cap];
            lifted = new int[cap];
            isLifted = new byte[cap];
            turnAngle = new double[cap];
            turnState = new byte[cap];
            turnAxis = new double[3 * cap];
        }
        if (!mayLift(c)) {
            return;
        }
        // The joints' world pivots, gathered at the first body past the floor (most steps have none).
        boolean pivots = false;
        double[] d = c.data;
        int[] runStart = c.runStart;
        int runs = c.runCount();
        int count = 0;
        for (int sweep = 0; sweep < 2; sweep++) {
            for (int r = 0; r < runs; r++) {
                int start = runStart[r], end = runStart[r + 1];
                if (d[STRIDE * start + ANCHORED] == 0) {
                    continue;
                }
                int a = c.bodyA[start], b = c.bodyB[start];
                // The moving body and the way out of the other: B along +n, A along -n.
                int i;
                double sign;
                if (s.invMass[b] > 0 && s.invMass[a] == 0) {
                    i = b;
                    sign = 1;
                } else if (s.invMass[a] > 0 && s.invMass[b] == 0) {
                    i = a;
                    sign = -1;
                } else {
                    continue;
                }
                if (relaxIterations == 0 && sweep == 0) {
                    // Without a relax pass the separations are a substep old.
                    refreshSeparations(s, c, start, end);
                }
                // A run's points mostly share one normal (a mesh's triangles may not): one width each.
                double floor = Double.NaN, fx = 0, fy = 0, fz = 0;
                boolean tumbling = tumbling(s, i) || tumbledFrom[i] != 0;
                for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
                    double nx = d[o + NX], ny = d[o + NY], nz = d[o + NZ];
                    double shift = sign * (liftX[i] * nx + liftY[i] * ny + liftZ[i] * nz);
                    double sep = (tumbling ? lowestHeight(s, d, o, i, sign > 0 ? a : b, sign) : d[o + SEP]) + shift;
                    if (sep >= 0) {
                        continue;
                    }
                    if (Double.isNaN(floor) || nx != fx || ny != fy || nz != fz) {
                        floor = -MAX_DEPTH_IN_IMMOVABLE * thickness(s, i, nx, ny, nz);
                        fx = nx;
                        fy = ny;
                        fz = nz;
                    }
                    if (sep < floor) {
                        if (!pivots && constraints != null) {
                            gatherPivots(s);
                            pivots = true;
                        }
                        if (sweep == 0 && pivots && hasPivot[i] != 0 && !tumbling) {
                            // The point's own rise: the turn is not the translation summed so far
                            // (a tumbling body's anchor is not the point to turn out: none is found).
                            turnFor(s, i, d, o + (sign > 0 ? LBX : LAX), sign * nx, sign * ny, sign * nz,
                                    floor - d[o + SEP], isLifted[i] == 0);
                        }
                        double up = sign * (floor - sep);
                        liftX[i] += up * nx;
                        liftY[i] += up * ny;
                        liftZ[i] += up * nz;
                        if (isLifted[i] == 0) {
                            isLifted[i] = 1;
                            lifted[count++] = i;
                        }
                    }
                }
            }
            if (count == 0) {
                return;
            }
        }
        // Jointed bodies move as one group, so their joints stay as they were (a free body is a group
        // of one). A group held by the world or an immovable body cannot move as one; its bodies are
        // placed one by one, stretching their joints as little as the promise allows: lifting a pinned
        // 225 kg capsule to the quarter floor stretched its joints 4 cm a step, and their pull back
        // pumped a random scene (9659) up by 157 kJ. So, per body past the floor:
        // - one at least LIGHT_RATIO times lighter than a moving body it is jointed to is lifted alone
        //   to the floor: the joint's pull back moves it, and its energy is its own small mass's;
        // - one whose one joint holds it to the world at a point it turns freely about is turned about
        //   that point (turnAboutPivot), which keeps the joint;
        // - any other is lifted alone only out of the depth where its centre would leave its reach
        //   (liftToLastFloor); not at all where it has both a moving partner and two or more joints
        //   to the world (that capsule: lifted even to the last floor, the box hinged to it took each
        //   step's pull back, 175 kJ).
        int bodies = s.count();
        if (liftLight.length < bodies) {
            int cap = Math.max(bodies, 2 * liftLight.length);
            liftLight = new byte[cap];
            jointCount = new int[cap];
            worldJoints = new int[cap];
        }
        liftBodies = s;
        liftGroups.reset(bodies + 1);
        Arrays.fill(liftLight, 0, bodies, (byte) 0);
        Arrays.fill(jointCount, 0, bodies, 0);
        Arrays.fill(worldJoints, 0, bodies, 0);
        if (constraints != null) {
            constraints.tieBodies(tieTask);
        }
        int world = rootOf(bodies);
        for (int k = 0; k < count; k++) {
            int i = lifted[k];
            int r = rootOf(i);
            if (r == world) {
                if (liftLight[i] != 0) {
                    move(s, i, liftX[i], liftY[i], liftZ[i]);
                } else if (jointCount[i] == 1 && turnState[i] == TURN_FOUND) {
                    turnAboutPivot(s, i);
                } else if (worldJoints[i] < 2 || worldJoints[i] == jointCount[i]) {
                    liftToLastFloor(s, c, i);
                }
                continue;
            }
            // The group's largest lift, once per group.
            boolean first = true;
            for (int q = 0; q < k; q++) {
                if (rootOf(lifted[q]) == r) {
                    first = false;
                    break;
                }
            }
            if (!first) {
                continue;
            }
            int best = i;
            for (int q = k + 1; q < count; q++) {
                int j = lifted[q];
                if (rootOf(j) == r && norm2(j) > norm2(best)) {
                    best = j;
                }
            }
            double x = liftX[best], y = liftY[best], z = liftZ[best];
            for (int j = 0; j < bodies; j++) {
                if (rootOf(j) == r) {
                    move(s, j, x, y, z);
                }
            }
        }
        liftBodies = null;
        for (int k = 0; k < count; k++) {
            int i = lifted[k];
            liftX[i] = 0;
            liftY[i] = 0;
            liftZ[i] = 0;
            isLifted[i] = 0;
            turnState[i] = TURN_NONE;
        }
    }

    /** Most a pivot turn may rotate a body in one step, rad. */
    static final double MAX_PIVOT_TURN = 0.25;
    private static final byte TURN_NONE = 0, TURN_FOUND = 1, TURN_IMPOSSIBLE = 2;

    /**
     * The pivot turn that lifts a point of body i, held at its world pivot {@code P}, by {@code rise}
     * along the unit normal n (out of the immovable body): about the axis {@code u} fixed by the
     * body's first such point, {@code (C - P) x n} normalised ({@code C} its centre of mass), a turn
     * by {@code theta} moves the point's height along n by {@code A (cos theta - 1) + B sin theta},
     * {@code v} the point less {@code P}, {@code A = n . v - (n . u)(u . v)}, {@code B = n . (u x v)}
     * (Rodrigues); so {@code theta = atan2(B, A) - acos((A + rise) / sqrt(A^2 + B^2))}. The body's
     * turn is its points' largest; none if any point cannot rise so by a turn about u.
     */
    private void turnFor(BodyStore s, int i, double[] d, int at, double nx, double ny, double nz, double rise,
                         boolean first) {
        if (first) {
            turnState[i] = TURN_FOUND;
            turnAngle[i] = 0;
            double cx = s.px[i] - pivot[3 * i], cy = s.py[i] - pivot[3 * i + 1], cz = s.pz[i] - pivot[3 * i + 2];
            double ux = cy * nz - cz * ny, uy = cz * nx - cx * nz, uz = cx * ny - cy * nx;
            double length = Math.sqrt(ux * ux + uy * uy + uz * uz);
            if (!(length > 1e-9 * Math.sqrt(cx * cx + cy * cy + cz * cz))) {
                turnState[i] = TURN_IMPOSSIBLE;
                return;
            }
            turnAxis[3 * i] = ux / length;
            turnAxis[3 * i + 1] = uy / length;
            turnAxis[3 * i + 2] = uz / length;
        }
        if (turnState[i] != TURN_FOUND) {
            return;
        }
        double[] r = turnScratch;
        rotate(s, i, d[at], d[at + 1], d[at + 2], r);
        double vx = s.px[i] + r[0] - pivot[3 * i];
        double vy = s.py[i] + r[1] - pivot[3 * i + 1];
        double vz = s.pz[i] + r[2] - pivot[3 * i + 2];
        double ux = turnAxis[3 * i], uy = turnAxis[3 * i + 1], uz = turnAxis[3 * i + 2];
        double a = nx * vx + ny * vy + nz * vz - (nx * ux + ny * uy + nz * uz) * (ux * vx + uy * vy + uz * vz);
        double b = nx * (uy * vz - uz * vy) + ny * (uz * vx - ux * vz) + nz * (ux * vy - uy * vx);
        double length = Math.sqrt(a * a + b * b);
        if (!(b > 0) || a + rise > length) {
            turnState[i] = TURN_IMPOSSIBLE;
            return;
        }
        double theta = StrictMath.atan2(b, a) - StrictMath.acos((a + rise) / length);
        turnAngle[i] = Math.max(turnAngle[i], theta);
    }

    /**
     * Body i, held by its one joint to the world at a point it turns about, turned about that point
     * (by {@link #turnFor}'s angle) so that each of its points in the ground rises to the floor: the
     * joint stays exactly as it was, where a translation stretched it and its pull back pumped energy
     * in. Not beyond {@link #MAX_PIVOT_TURN} in a step.
     */
    private void turnAboutPivot(BodyStore s, int i) {
        double theta = turnAngle[i];
        if (!(theta > 0 && theta <= MAX_PIVOT_TURN)) {
            return;
        }
        double px = pivot[3 * i], py = pivot[3 * i + 1], pz = pivot[3 * i + 2];
        // The turn as a unit quaternion (u sin(theta / 2), cos(theta / 2)).
        double sh = StrictMath.sin(0.5 * theta), w = StrictMath.cos(0.5 * theta);
        double ux = turnAxis[3 * i] * sh, uy = turnAxis[3 * i + 1] * sh, uz = turnAxis[3 * i + 2] * sh;
        // Centre of mass: pivot + R (p - pivot).
        double[] r = turnScratch;
        QuatOps.rotate(ux, uy, uz, w, s.px[i] - px, s.py[i] - py, s.pz[i] - pz, r);
        s.px[i] = px + r[0];
        s.py[i] = py + r[1];
        s.pz[i] = pz + r[2];
        // Orientation: the turn then the body's own, q' = t q (Hamilton product), renormalised.
        double qx = s.qx[i], qy = s.qy[i], qz = s.qz[i], qw = s.qw[i];
        double ox = w * qx + ux * qw + uy * qz - uz * qy;
        double oy = w * qy - ux * qz + uy * qw + uz * qx;
        double oz = w * qz + ux * qy - uy * qx + uz * qw;
        double ow = w * qw - ux * qx - uy * qy - uz * qz;
        s.orient(i, ox, oy, oz, ow);
    }

    /**
     * How deep, as a fraction of its width along the normal, a body that the world holds by joints may
     * end a step in an immovable one. Its centre is then at most half its width deep (the centre lies
     * at least a quarter of the width above the lowest point), within its reach (a convex body reaches
     * at least half its width from its centre of mass): promise 1 holds.
     */
    static final double MAX_DEPTH_HELD = 0.75;

    /**
     * Body i, held by joints to the world and past {@link #MAX_DEPTH_HELD}, moved out alone along its
     * lift to that depth. Its joints are stretched by that much, so only past the depth where its
     * centre would leave its reach: a body that its joints hold half in the ground stays there. Its
     * contact points were found at the step's start and move with it: one that tumbled may have
     * turned a point deeper than any of them, so its centre is held to half its width under each
     * contact's surface too (where the points put it, the centre is at least that high).
     */
    private void liftToLastFloor(BodyStore s, ContactStore c, int i) {
        double x = liftX[i], y = liftY[i], z = liftZ[i];
        double length = Math.sqrt(x * x + y * y + z * z);
        if (!(length > 0)) {
            return;
        }
        double width = thickness(s, i, x / length, y / length, z / length);
        double excess = length - (MAX_DEPTH_HELD - MAX_DEPTH_IN_IMMOVABLE) * width;
        double f = excess > 0 ? excess / length : 0;
        x *= f;
        y *= f;
        z *= f;
        double[] d = c.data;
        int[] runStart = c.runStart;
        for (int r = 0, runs = c.runCount(); r < runs; r++) {
            int start = runStart[r], o = STRIDE * start;
            int a = c.bodyA[start], b = c.bodyB[start];
            double sign = b == i && s.invMass[a] == 0 ? 1 : a == i && s.invMass[b] == 0 ? -1 : 0;
            if (sign == 0 || d[o + ANCHORED] == 0) {
                continue;
            }
            double mx = sign * d[o + NX], my = sign * d[o + NY], mz = sign * d[o + NZ];
            double centre = centreHeight(s, d, o, i, sign > 0 ? a : b, sign) + mx * x + my * y + mz * z;
            double low = -(MAX_DEPTH_HELD - MAX_DEPTH_IN_IMMOVABLE) * thickness(s, i, mx, my, mz);
            if (centre < low) {
                x += (low - centre) * mx;
                y += (low - centre) * my;
                z += (low - centre) * mz;
            }
        }
        move(s, i, x, y, z);
    }

    /**
     * The height of body i's centre of mass above the other body's surface plane at the contact point
     * at offset o, along the normal out of the other body, whose direction {@code sign} gives as in
     * {@link #liftOutOfImmovable}.
     */
    private double centreHeight(BodyStore s, double[] d, int o, int i, int other, double sign) {
        int at = o + (sign > 0 ? LAX : LBX);
        double[] r = turnScratch;
        rotate(s, other, d[at], d[at + 1], d[at + 2], r);
        double gx = s.px[i] - s.px[other] - r[0], gy = s.py[i] - s.py[other] - r[1];
        double gz = s.pz[i] - s.pz[other] - r[2];
        // The other's surface lies its share of the base from its anchor (see reanchor).
        double share = sign > 0 ? d[o + ANCHOR_SHARE] : 1 - d[o + ANCHOR_SHARE];
        return share * d[o + BASE] + sign * (gx * d[o + NX] + gy * d[o + NY] + gz * d[o + NZ]);
    }

    /**
     * Whether body i turns so fast ({@link #TUMBLE_ANGLE} or more in a step) that its contact anchors,
     * fixed to it at the step's start, say nothing of where it is deepest now: a 0.3 kg compound at
     * 116 rad/s (1.5 rad a step) showed an anchor 1.4 m deep while it lay on the ground, and a 3 cm
     * ball at 500 rad/s showed none deep while its centre was 2.3 radii under the ground.
     */
    private boolean tumbling(BodyStore s, int i) {
        double w2 = s.wx[i] * s.wx[i] + s.wy[i] * s.wy[i] + s.wz[i] * s.wz[i];
        return supports != null && w2 * passDt * passDt > TUMBLE_ANGLE * TUMBLE_ANGLE;
    }

    /**
     * Marks the moving bodies that tumble ({@link #tumbling}) at the step's start: the floor judges
     * them by where they are deepest even when the step ended their spin (the spin cap or a joint), as
     * their anchors turned with them. A 0.13 kg cylinder dragged on a slider at 96 rad/s, stopped to
     * 7 rad/s within the step, ended it with its centre under the ground by more than its reach while
     * its anchors read a 2 mm overlap (random scene 38134).
     */
    private void markTumbling(BodyStore s) {
        int n = s.count();
        growBodyScratch(n);
        pool.run(n, BODY_GRAIN, tumbleTask);
    }

    /** Per body, 1 where it tumbled at the step's start (see markTumbling). */
    private byte[] tumbledFrom = new byte[16];
    private final WorkerPool.Range tumbleTask = (w, from, to) -> {
        for (int i = from; i < to; i++) {
            markTumbling(passBodies, i);
        }
    };

    /** {@link #tumbledFrom} of body i. */
    private void markTumbling(BodyStore s, int i) {
        tumbledFrom[i] = (byte) (s.invMass[i] > 0 && tumbling(s, i) ? 1 : 0);
    }

    /** rad: see {@link #tumbling}. */
    static final double TUMBLE_ANGLE = 0.5;

    /**
     * The height of body i's lowest point over the other body's surface plane at the contact at offset
     * o (as {@link #centreHeight}): its centre's height less how far its support reaches against the
     * normal. Exact for a plane, whatever the anchors say.
     */
    private double lowestHeight(BodyStore s, double[] d, int o, int i, int other, double sign) {
        double mx = sign * d[o + NX], my = sign * d[o + NY], mz = sign * d[o + NZ];
        double[] out = supportScratch[0];
        if (!supports.support(s, i, -mx, -my, -mz, 0, out)) {
            return d[o + SEP];
        }
        double reach = (s.px[i] - out[0]) * mx + (s.py[i] - out[1]) * my + (s.pz[i] - out[2]) * mz;
        return centreHeight(s, d, o, i, other, sign) - reach;
    }

    private final ConstraintSet.Pivots pivotTask = this::pivotAt;
    private final double[] turnScratch = new double[3];

    private void gatherPivots(BodyStore s) {
        if (hasPivot.length < s.count()) {
            hasPivot = new byte[liftX.length];
            pivot = new double[3 * liftX.length];
        }
        Arrays.fill(hasPivot, 0, s.count(), (byte) 0);
        constraints.worldPivots(s, pivotTask);
    }

    private void pivotAt(int body, double x, double y, double z) {
        hasPivot[body] = 1;
        pivot[3 * body] = x;
        pivot[3 * body + 1] = y;
        pivot[3 * body + 2] = z;
    }

    private static void move(BodyStore s, int i, double x, double y, double z) {
        s.px[i] += x;
        s.py[i] += y;
        s.pz[i] += z;
    }

    private double norm2(int i) {
        return liftX[i] * liftX[i] + liftY[i] * liftY[i] + liftZ[i] * liftZ[i];
    }

    // The lift's groups: the store's bodies joined by their joints, node count() standing for the
    // world and every immovable body.
    private final IslandBuilder liftGroups = new IslandBuilder();
    private BodyStore liftBodies;
    private final ConstraintSet.Ties tieTask = this::tie;

    /** 1 for a body at least {@link #LIGHT_RATIO} times lighter than a moving body jointed to it. */
    private byte[] liftLight = new byte[16];
    /** A jointed body this many times lighter than its partner is "light" (as the grounded joint blocks). */
    static final double LIGHT_RATIO = 4;

    /**
     * Joins a joint's bodies' groups (-1 and immovable bodies: the world's), counts the joints of each
     * and those to the world, and marks the lighter of two moving bodies.
     */
    private void tie(int a, int b) {
        int n = liftBodies.count();
        if (a >= 0) {
            jointCount[a]++;
        }
        if (b >= 0) {
            jointCount[b]++;
        }
        boolean aHeld = a < 0 || liftBodies.invMass[a] == 0, bHeld = b < 0 || liftBodies.invMass[b] == 0;
        if (aHeld && !bHeld) {
            worldJoints[b]++;
        } else if (bHeld && !aHeld) {
            worldJoints[a]++;
        } else if (!aHeld) {
            if (LIGHT_RATIO * liftBodies.mass[a] <= liftBodies.mass[b]) {
                liftLight[a] = 1;
            } else if (LIGHT_RATIO * liftBodies.mass[b] <= liftBodies.mass[a]) {
                liftLight[b] = 1;
            }
        }
        liftGroups.link(aHeld ? n : a, bHeld ? n : b);
    }

    private int rootOf(int i) {
        return liftGroups.root(i);
    }

    /** Body i's width along the unit normal n (twice its extent where the shape has no support function). */
    private double thickness(BodyStore s, int i, double nx, double ny, double nz) {
        return thickness(s, i, nx, ny, nz, 0);
    }

    /** {@link #thickness(BodyStore, int, double, double, double)} on thread {@code worker}. */
    private double thickness(BodyStore s, int i, double nx, double ny, double nz, int worker) {
        double[] out = supportScratch[worker];
        if (supports == null || !supports.support(s, i, nx, ny, nz, worker, out)) {
            return 2 * s.extent[i];
        }
        double far = out[0] * nx + out[1] * ny + out[2] * nz;
        if (!supports.support(s, i, -nx, -ny, -nz, worker, out)) {
            return 2 * s.extent[i];
        }
        return far - (out[0] * nx + out[1] * ny + out[2] * nz);
    }

    private static void requirePositive(String what, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(what + " must be > 0 and finite, got " + v);
        }
    }
}
