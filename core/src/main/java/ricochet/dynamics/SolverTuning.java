package ricochet.dynamics;

/**
 * Every tuning constant of the contact solver, one line each with its reason and unit. The scene
 * behind each value, and the mechanism it tunes, are in {@code docs/solver.md}; the mechanism's file
 * says how it is used.
 */
final class SolverTuning {

    private SolverTuning() {
    }

    // The soft step (ContactSolver's defaults; each one a setting).
    /** Hz: the contact spring unless set; a 20-row pyramid's top sinks 2.6 cm at 30 Hz. */
    static final double DEFAULT_HERTZ = 30;
    /** Default spring as a fraction of the substep rate: keeps the static spring (twice) at the cap. */
    static final double HERTZ_PER_SUBSTEP_RATE = 0.125;
    /** Cap on either spring as a fraction of the substep rate: no faster spring is resolved (Box2D). */
    static final double MAX_HERTZ_PER_SUBSTEP_RATE = 0.25;
    /** Stiffness factor against infinite mass: a stack is not pressed into the ground. */
    static final double ANCHORED_STIFFENING = 2;
    /** Dimensionless: heavily over-damped, so the push-out does not bounce. */
    static final double DEFAULT_DAMPING_RATIO = 10;
    /** m/s: the fastest an overlap is pushed apart; deep overlaps do not launch bodies. */
    static final double DEFAULT_MAX_PUSH_OUT_SPEED = 3;
    /** m/s: approach speeds below this do not bounce, so resting contacts stay at rest. */
    static final double DEFAULT_RESTITUTION_THRESHOLD = 1;

    // Contact rows (ContactRows, SpinHold).
    /** Most normal sweeps over one manifold in one pass: a face landing hard shares its blow. */
    static final int MANIFOLD_PASSES = 4;
    /** m/s: a manifold sweep that changes no point's relative velocity by more ends the local sweeps. */
    static final double MANIFOLD_TOLERANCE = 0.01;

    // Contact springs (ContactRows).
    /** A point's difference from its manifold's mean pressing is corrected this many times faster. */
    static final double TILT_STIFFENING = 2.5;

    // Re-anchoring (Reanchor).
    /** rad per step across the normal past which a run's points are re-anchored every substep. */
    static final double TURN_LIMIT = 0.4;
    /** The support direction's lean towards the stale anchor, dimensionless: ties keep their corner. */
    static final double LEAN_TO_ANCHOR = 0.05;
    /** Fraction of the lever: a leaned support point short of the plain one by at most this ties. */
    static final double TIE = 1e-9;
    /** Fraction of the lever: a re-anchored point farther from its stale anchor is another feature. */
    static final double FEATURE_SIZE = 0.25;

    // Restitution's guards (Restitution).
    /** Relative slack on a run's allowed bounce energy: rounding alone does not scale a bounce back. */
    static final double BOUNCE_ENERGY_SLACK = 1e-9;

    // The impact stage (Impacts).
    /** Most sweeps over the colliding pairs in a substep: a blow runs along a chain of this many. */
    static final int IMPACT_SWEEPS = 16;
    /** Most local sweeps over one pair's points in its collision: a face landing flat shares its blow. */
    static final int IMPACT_RUN_PASSES = 8;
    /** m/s: a local sweep that changes no point's normal velocity by more ends the pair's collision. */
    static final double IMPACT_TOLERANCE = 1e-4;
    /** Fraction of the lever: a point whose {@code |r x n|} is within it is a central impact. */
    static final double CENTRAL_TOLERANCE = 1e-9;
    /**
     * Steps of a point's acceleration below whose speed gain an approach is resting, not an impact (the
     * threshold caps it): 8 steps of earth gravity at 60 Hz are 1.3 m/s, past the 1 m/s default.
     */
    static final double RESTING_STEPS = 8;

    // The position floor (DepthFloor).
    /** Fraction of its thickness a moving body may end a step inside an immovable one. */
    static final double MAX_DEPTH_IN_IMMOVABLE = 0.25;
    /** Fraction of its thickness a body the world holds by joints may end a step in an immovable one. */
    static final double MAX_DEPTH_HELD = 0.75;
    /** rad: the most a pivot turn may rotate a jointed body in one step. */
    static final double MAX_PIVOT_TURN = 0.25;
    /** Fraction of the centre's distance from the pivot: a shorter turn axis is no axis. */
    static final double PIVOT_AXIS_TOLERANCE = 1e-9;
    /** rad per step: a body turning faster is judged by its support point, not its anchors. */
    static final double TUMBLE_ANGLE = 0.5;
    /** Mass ratio past which the lighter of two jointed bodies is lifted alone (as GroundedBlock). */
    static final double LIGHT_RATIO = 4;

    // The island walk (IslandWalk).
    /** Points: below this the colour sweep finds the records in cache anyway (2,048 x 600 B ~ L2 / 2). */
    static final int WALK_MIN_POINTS = 2048;

    // Threads: block sizes of the pool's jobs.
    /** Bodies per block of the integration passes. */
    static final int BODY_GRAIN = 64;
    /** Points per block of the preparation. */
    static final int POINT_GRAIN = 32;
    /** Runs per block of a colour's sweep. */
    static final int RUN_GRAIN = 16;
    /** Points per block of the warm-start cache's copy. */
    static final int SAVE_GRAIN = 256;

    // Contact anchors (ContactAnchor).
    /** Extents: a moving body's anchor stays this near its centre, so a sunk body is not levered. */
    static final double MAX_LEVER = 1.25;

    // Warm starting (WarmStartCache).
    /** m: how far an anchor may have moved on body A for a point to inherit last step's impulses. */
    static final double MATCH_DISTANCE = 0.02;
}
