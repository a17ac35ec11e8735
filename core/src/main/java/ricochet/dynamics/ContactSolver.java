package ricochet.dynamics;

import static ricochet.dynamics.SolverTuning.ANCHORED_STIFFENING;
import static ricochet.dynamics.SolverTuning.DEFAULT_DAMPING_RATIO;
import static ricochet.dynamics.SolverTuning.DEFAULT_MAX_PUSH_OUT_SPEED;
import static ricochet.dynamics.SolverTuning.DEFAULT_RESTITUTION_THRESHOLD;
import static ricochet.dynamics.SolverTuning.MAX_HERTZ_PER_SUBSTEP_RATE;
import static ricochet.dynamics.SolverTuning.RUN_GRAIN;
import static ricochet.dynamics.SolverTuning.SAVE_GRAIN;

import ricochet.parallel.WorkerPool;

/**
 * Non-penetration, friction and restitution for the points of a {@link ContactStore}, solved with
 * Box2D v3's "soft step" (Catto, "Solver2D", 2024; Box2D v3 {@code solver.c} and
 * {@code contact_solver.c}), and the integration of the bodies that goes with it. A step reads as
 * prepare, substeps, restitution, store ({@link #step}); {@code docs/solver.md} describes the
 * formulation and every mechanism beyond it.
 *
 * <p>Why soft step rather than iterations with Baumgarte and a slop: Baumgarte's bias velocity
 * {@code beta s / h} stays in the bodies after the step, so pushing out of an overlap launches them
 * (energy from nowhere) and stiff stacks jitter; a slop hides that at the price of a visible overlap.
 * Soft step splits every step of {@code dt} into {@code n} substeps {@code h = dt / n} and, in each,
 * walks the {@link SoftStep.Stage}s:
 *
 * <ol>
 *   <li>integrates velocities (gravity, forces, damping),</li>
 *   <li>collides the central impacts (a sphere's) that touch or close within the substep faster
 *       than the restitution threshold, one collision after another ({@link Impacts}),</li>
 *   <li>warm starts: applies the accumulated impulses again,</li>
 *   <li>solves each point once as a soft constraint on the current separation {@code s} (a
 *       spring of {@code contactHertz} and damping ratio {@code dampingRatio} pushing out at most
 *       {@code maxPushOutSpeed}),</li>
 *   <li>integrates positions,</li>
 *   <li>relaxes: solves again with no push-out bias (speculative points keep theirs), so the
 *       push-out velocity is taken back out before the next substep and does not stay in the bodies
 *       (the effect of Catto's split impulses at the cost of one more pass).</li>
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
 * {@code s = base + (cB + R_B lB - cA - R_A lA) . n} with the step's normal
 * ({@link ContactPrepare}). The rows themselves are {@link ContactRows} and {@link PatchFriction};
 * the springs are sized for their load by {@link SupportLoad}; the guards beyond the formulation are
 * {@link Reanchor}, {@link SpinHold},
 * {@link Restitution} and {@link DepthFloor}. The substeps are driven colour by colour
 * ({@link ColourSweep}) or island by island ({@link IslandWalk}), the same bits either way and on
 * every thread count. Restitution and saving the impulses stay on the calling thread (they are
 * ordered and cheap).
 *
 * <p>Allocation-free; everything lives in the two stores, the graph and the parts' scratch.
 */
public final class ContactSolver {

    /** Hz; NaN: {@link #DEFAULT_HERTZ} or an eighth of the substep rate, whichever is stiffer. */
    private double contactHertz = Double.NaN;
    private double dampingRatio = DEFAULT_DAMPING_RATIO;
    private double maxPushOutSpeed = DEFAULT_MAX_PUSH_OUT_SPEED;
    private double restitutionThreshold = DEFAULT_RESTITUTION_THRESHOLD;
    private int relaxIterations = 1;
    private int iterations = 1;
    private boolean patchFriction = true;
    private boolean frictionAnchors = true;
    /** Joints, solved before the contacts in every pass; null: none. */
    private ConstraintSet constraints;
    private WorkerPool pool = new WorkerPool(1);

    /** This step's values, read by every stage. */
    private final SolverStep step = new SolverStep();
    private final SupportQuery supports = new SupportQuery();
    private final Reanchor reanchor = new Reanchor(supports);
    private final Restitution restitution = new Restitution();
    private final DepthFloor floor = new DepthFloor(step, supports);
    private final Impacts impacts = new Impacts(restitution);
    private final SoftStep stages = new SoftStep(step, reanchor, restitution, floor);
    private final ColourSweep sweep = new ColourSweep(step, stages, restitution, floor);
    private final IslandWalk walk = new IslandWalk(step, stages, restitution, floor);
    private final WorkerPool.Range spreadTask = (w, from, to) -> {
        for (int r = from; r < to; r++) {
            stages.spreadPatch(step.contacts, r);
        }
    };
    private final WorkerPool.Range saveTask = (w, from, to) -> step.contacts.copyForSave(from, to);

    public ContactSolver() {
        sweep.pool = pool;
    }

    /** The contact spring's frequency unless set, Hz. */
    public static final double DEFAULT_HERTZ = SolverTuning.DEFAULT_HERTZ;

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
        return Double.isNaN(contactHertz)
                ? Math.max(DEFAULT_HERTZ, SolverTuning.HERTZ_PER_SUBSTEP_RATE / h) : contactHertz;
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
     * Friction anchors (on by default): a sticking contact keeps an anchor on each body and its tangent
     * rows take back the anchors' separation, so static friction holds position, not only velocity
     * (a box on a turntable stays on its circle; {@link FrictionAnchor}). Off, friction holds the
     * relative velocity at the step's levers only.
     */
    public void setFrictionAnchors(boolean enabled) {
        frictionAnchors = enabled;
    }

    public boolean frictionAnchors() {
        return frictionAnchors;
    }

    /**
     * Springs preloaded by the weight they hold up (on by default): each run's springs are read as
     * pressed in by what its share of the bodies above it would press a lone body's spring, so a
     * stack rests at one lone body's deflection per contact ({@link SupportLoad}). Off, a contact
     * gives in proportion to the load above it.
     */
    public void setSupportPreload(boolean enabled) {
        stages.loads.enabled = enabled;
    }

    public boolean supportPreload() {
        return stages.loads.enabled;
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
        sweep.pool = pool;
        supports.threads(pool.threads());
    }

    /**
     * Where the solver finds the bodies' support points for re-anchoring the runs of fast-turning bodies (see
     * {@link Reanchor}) and the position floor ({@link DepthFloor}); null: anchors stay fixed in the bodies
     * for the whole step.
     */
    public void setSupportSource(SupportSource source) {
        supports.source = source;
    }

    /**
     * The joints (or other constraints) to solve in the same substeps, before the contacts; null for none.
     */
    public void setConstraints(ConstraintSet set) {
        constraints = set;
        sweep.constraints = set;
        floor.constraints = set;
        stages.loads.constraints = set;
    }

    /**
     * One step of {@code dt} seconds in {@code substeps} substeps: prepares the points (anchors,
     * effective masses, warm start from the cache), walks the stages of every substep, applies
     * restitution and saves the impulses for the next step. Forces are not cleared here.
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
     * are walked island by island ({@link IslandWalk}), the same bits as colour by colour.
     */
    public void step(BodyStore s, ContactStore c, double gx, double gy, double gz, double dt, int substeps,
                     int[] islandOf) {
        begin(s, c, gx, gy, gz, dt, substeps);
        try {
            prepare(s, c);
            impacts.begin(s, c, pool.threads());
            boolean walked = walk.applies(s, c, islandOf, constraints, pool.threads());
            if (walked) {
                // Each island's thread prepares its points, walks them through the substeps and
                // copies them out for the warm-start cache.
                walk.run(pool);
            } else {
                sweep.prepare();
                SoftStep.substeps(step, sweep, 0, 0);
            }
            boolean bounced = restitution.bounce(s, c, step);
            // The walk's floor tests are this step's unless a bounce changed a body's spin since.
            floor.lift(s, c, pool, walked && !bounced);
            store(c, walked, bounced);
        } finally {
            step.bodies = null;
            step.contacts = null;
        }
    }

    /**
     * The step's values into {@link #step}: the stores, gravity, {@code dt} and {@code h = dt / n},
     * and the two springs: between dynamic bodies, and twice as stiff against infinite mass, both
     * capped at a quarter of the substep rate.
     */
    private void begin(BodyStore s, ContactStore c, double gx, double gy, double gz, double dt,
                       int substeps) {
        double h = dt / substeps;
        SolverStep st = step;
        st.bodies = s;
        st.contacts = c;
        st.gx = gx;
        st.gy = gy;
        st.gz = gz;
        st.gravity = Math.sqrt(gx * gx + gy * gy + gz * gz);
        st.dt = dt;
        st.h = h;
        st.invH = 1 / h;
        st.substeps = substeps;
        st.iterations = iterations;
        st.relaxIterations = relaxIterations;
        st.pushOut = -maxPushOutSpeed;
        st.maxSpin = Integrator.MAX_ROTATION * st.invH;
        st.restitutionThreshold = restitutionThreshold;
        st.patchFriction = patchFriction;
        st.frictionAnchors = frictionAnchors;
        st.impacts = impacts;
        double cap = MAX_HERTZ_PER_SUBSTEP_RATE / h;
        double hertz = effectiveHertz(h);
        double free = Math.min(hertz, cap), anchored = Math.min(ANCHORED_STIFFENING * hertz, cap);
        st.soft.set(free, dampingRatio, h);
        st.anchoredSoft.set(anchored, dampingRatio, h);
        st.restSag = st.gravity / ((2 * Math.PI * free) * (2 * Math.PI * free));
        st.anchoredRestSag = st.gravity / ((2 * Math.PI * anchored) * (2 * Math.PI * anchored));
    }

    /**
     * The preparation's serial part: the joints', the runs of one body pair in colour order, the
     * joints' contact normals, the per-run scratch. The per-point and per-run parts follow on the
     * pool ({@link ColourSweep#prepare}) or per island ({@link IslandWalk}).
     */
    private void prepare(BodyStore s, ContactStore c) {
        if (constraints != null) {
            constraints.contactSpring(step.soft);
            constraints.prepare(s, step.h);
        }
        c.colourRuns(s);
        c.clearJointNormals();
        if (constraints != null) {
            constraints.contacts(s, c);
        }
        stages.growRuns(c.runCount());
        stages.loads.sum(s, c, step);
    }

    /**
     * The impulses into the warm-start cache: the patches spread back and the points' records copied
     * out on all threads (in the walk, by the islands' threads, unless a bounce changed impulses
     * since); only the table inserts are serial.
     */
    private void store(ContactStore c, boolean walked, boolean bounced) {
        if (!walked) {
            pool.run(c.runCount(), RUN_GRAIN, spreadTask);
            c.beginSave();
        }
        if (!walked || bounced) {
            pool.run(c.count(), SAVE_GRAIN, saveTask);
        }
        c.finishSave();
    }

    /**
     * Switches walking the substeps island by island (on by default, where it applies): the results
     * are the same bits either way; off, every step sweeps colour by colour. For tests and timing.
     */
    public void setIslandWalk(boolean enabled) {
        walk.enabled = enabled;
    }

    /** Steps walked island by island so far. */
    public long islandWalks() {
        return walk.walks;
    }

    private static void requirePositive(String what, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(what + " must be > 0 and finite, got " + v);
        }
    }
}
