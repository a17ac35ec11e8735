package ricochet.world;

import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import ricochet.collision.CollisionWorld;
import ricochet.collision.ParallelContactListener;
import ricochet.collision.ShapeCastHit;
import ricochet.collision.broad.DynamicAabbTree;
import ricochet.collision.broad.PairFilter;
import ricochet.collision.narrow.Manifold;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.ContactAnchor;
import ricochet.dynamics.ContactSolver;
import ricochet.dynamics.ContactStore;
import ricochet.dynamics.IslandBuilder;
import ricochet.dynamics.RigidBodies;
import ricochet.geometry.shape.PlaneShape;
import ricochet.joints.JointDef;
import ricochet.joints.JointId;
import ricochet.joints.JointSetup;
import ricochet.joints.JointSolver;
import ricochet.joints.JointStore;
import ricochet.geometry.shape.Shape;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;
import ricochet.parallel.WorkerPool;

/**
 * Rigid bodies with shapes that collide: what users embed. A step reads top to bottom in
 * {@link #step}: the collision world learns the bodies' poses, the narrow phase copies every
 * manifold point into a {@link ContactStore} (warm-started by feature id) and links touching bodies
 * into islands, the {@link ContactSolver} solves and integrates in substeps (Box2D v3's soft step;
 * its class comment says why), fast bodies are swept back to their first impact, islands at rest
 * fall asleep, and the step's events are recorded.
 *
 * <p>Sleeping: a dynamic body that stays near where its sleep timer restarted (see {@link #sleep})
 * accumulates sleep time; an island (bodies linked by touching contacts) whose
 * every body has slept {@link #timeToSleep()} seconds falls asleep as a whole: velocities zeroed, no
 * integration, no solving, and the collision world skips its pairs with static and other sleeping
 * bodies. It wakes as a whole when an awake body (or a moving kinematic one) comes within
 * {@link #LINK_DISTANCE} of one of its bodies over the coming step, or when the user moves, pushes or
 * removes something (see each setter).
 *
 * <p>Sensors ({@link #setSensor}) have no contact points: they report {@code sensorEnter} when
 * their shape first overlaps another body's and {@code sensorExit} when it stops. Touching pairs
 * report {@code contactBegin} when the closest points come within {@link #TOUCH_BEGIN} and
 * {@code contactEnd} when they part beyond {@link #TOUCH_END} (the gap between the two keeps a
 * resting contact, whose separation wobbles by micrometres, from flickering).
 *
 * <p>Materials combine per touching pair: friction {@code sqrt(muA muB)} (the geometric mean, so
 * a frictionless body slides on anything, as in Box2D and Jolt), restitution {@code max(eA, eB)}
 * (a bouncy ball bounces on a dead floor).
 *
 * <p>Units are SI; vectors are in the world frame unless a name says otherwise. Each body's shape
 * is in the body's own frame, as is its definition's centre of mass. A step allocates nothing once
 * the arrays have grown. Not thread-safe: one thread drives a world, which may spread its step
 * over {@link #setThreads} threads of its own (with bit-identical results for any number).
 */
public final class World implements AutoCloseable {

    /** Closest points within this (m) make a pair touching: contactBegin. */
    public static final double TOUCH_BEGIN = 0.001;
    /** A touching pair ends beyond this separation (m): contactEnd. */
    public static final double TOUCH_END = 0.005;
    /**
     * Bodies whose closest points come within this (m) over the next step, at their current relative
     * velocity, share an island (and an awake one wakes a sleeping one).
     */
    public static final double LINK_DISTANCE = 0.005;
    /**
     * A point found within the contact margin enters the solver only if, at the bodies' current
     * relative velocity, it would come within this (m) over the step: bodies resting side by side a
     * few centimetres apart add no points (a 10 x 10 x 10 box pile had 25 points per touching pair
     * with every point in the margin kept, 5 with this rule), while a body closing fast is still met
     * before it overlaps. The slack covers what gravity adds during the step (g dt^2 = 2.7 mm at 60 Hz).
     */
    public static final double SPECULATIVE_DISTANCE = 0.02;

    private final RigidBodies bodies;
    private final BodyStore store;
    private final CollisionWorld collision = new CollisionWorld(
            new DynamicAabbTree(DynamicAabbTree.DEFAULT_MARGIN, DynamicAabbTree.DEFAULT_DISPLACEMENT_SCALE,
                    new PairFilter()));
    private final ContactStore contacts = new ContactStore();
    private final ContactSolver solver = new ContactSolver();
    /** Shapes by store index, for the solver's re-anchoring of fast-turning bodies. */
    private final ShapeSupport shapeSupport = new ShapeSupport(this::shapeOfIndex);
    private final JointStore joints = new JointStore();
    private final JointSolver jointSolver = new JointSolver(joints);
    /** Sorted keys of body pairs a joint keeps from colliding. */
    private long[] jointPairs = new long[0];
    private String[] jointNames = new String[16];
    private final double[] reaction = new double[6];
    private final ParallelContactListener collector = new ParallelContactListener() {
        @Override
        public void reserve(int count) {
            reserveMeasures(count);
        }

        @Override
        public void measure(int worker, int index, int bodyA, int bodyB, Manifold manifold) {
            World.this.measure(index, bodyA, bodyB, manifold);
        }

        @Override
        public void onContact(int index, int bodyA, int childA, int bodyB, int childB, Manifold manifold) {
            collect(index, bodyA, childA, bodyB, childB, manifold);
        }
    };
    private final IslandBuilder islands = new IslandBuilder();
    private final PairSet touching = new PairSet();
    private final PairSet sensing = new PairSet();
    private final EventBuffer events = new EventBuffer();
    private final StepCheckpoint checkpoint;
    private final Profile profile = new Profile();
    /** The threads a step runs on: the caller alone, or with workers (see {@link #setThreads}). */
    private WorkerPool pool = new WorkerPool(1);
    private final Transform pose = new Transform();
    private double gx, gy, gz;
    private double gravityMagnitude;

    private int substeps = 4;
    private double contactMargin = 0.1;
    private boolean sleepingEnabled = true;
    private double sleepSpeed = 0.05;
    private double timeToSleep = 0.5;

    private long stepCount;
    private double time;
    private double stepDt;
    /** The step and time events are stamped with: the step being taken, or the last one between steps. */
    private long eventStep;
    private double eventTime;
    /** Set when the narrow phase woke a sleeping island: its pairs must be found again. */
    private boolean wokeDuringPass;
    private int nextSleepGroup = 1;
    /** Events in the buffer when the last step ended: the next step drops them. */
    private int eventsOfLastStep;
    // The checkpoint of the step in progress (see takeCheckpoint).
    private double savedStepDt, savedEventTime;
    private long savedEventStep, savedContinuousHits;
    private int savedNextSleepGroup, savedEventsOfLastStep;
    private long[] savedJointPairs;
    private int[] savedSleepGroupOfSlot = new int[16];

    // By handle slot: the body's collider, material, flags and handle.
    private int[] colliderOfSlot = new int[16];
    private double[] frictionOfSlot = new double[16];
    private double[] restitutionOfSlot = new double[16];
    private boolean[] sensorOfSlot = new boolean[16];
    private boolean[] bulletOfSlot = new boolean[16];
    /** The island a sleeping body fell asleep with: it wakes with the whole group. */
    private int[] sleepGroupOfSlot = new int[16];
    private BodyId[] handleOfSlot = new BodyId[16];
    // Continuous collision: start-of-step pose by dense index, sweep filters by collider number.
    private double[] startX = new double[16], startY = new double[16], startZ = new double[16];
    private double[] startQx = new double[16], startQy = new double[16], startQz = new double[16];
    private double[] startQw = new double[16];
    private boolean[] skipForFast = new boolean[16], skipForBullet = new boolean[16];
    private final ShapeCastHit hit = new ShapeCastHit();
    // Per manifold of the pass, by its number (index 0 of the one-manifold arrays below for a manifold
    // without one): the smallest separation and the smallest reach (a point's separation after the
    // step at today's velocity).
    private double[] minSeparation = new double[1], minReach = new double[1];
    /** Per manifold of the pass: which of its points can come within the speculative distance (bit k). */
    private int[] keptMask = new int[1];
    private final double[] unnumberedSeparation = new double[1], unnumberedMin = new double[1];
    private final int[] unnumberedKept = new int[1];
    // Manifolds whose points go into the contact store after the pass, in parallel: the manifold, which
    // of its points are kept (bit k for point k), colliders, compound children and its chunk of the
    // store's plan.
    private Manifold[] deferredManifold = new Manifold[16];
    private int[] deferredKept = new int[16], deferredColliderA = new int[16],
            deferredColliderB = new int[16];
    private int[] deferredChildA = new int[16], deferredChildB = new int[16], deferredChunk = new int[16];
    private int deferredCount;
    /** Copies of manifolds the narrow phase reuses (compound children, planes), kept until the fill. */
    private Manifold[] copies = new Manifold[0];
    private int copyCount;
    private final WorkerPool.Range fillTask = (w, from, to) -> fillDeferred(from, to);
    private long continuousHits;
    /** Sweeps stop this far (m) before contact: the next step's speculative point closes the rest. */
    private static final double TOI_TOLERANCE = 1e-3;
    // By collider number: the body's dense index in the store (rebuilt every step).
    private int[] denseOfCollider = new int[16];
    // By dense index, scratch for one step.
    private byte[] keepAwake = new byte[16];
    private double[] islandSleepTime = new double[16];
    private int[] islandGroup = new int[16];
    private int[] islandOf = new int[16];
    /** Whether the last {@link #buildIslands} found the moving bodies in more than one island. */
    private boolean severalIslands;

    /** An empty world under {@code gravity} (m/s^2, world frame). */
    public World(Vec3 gravity) {
        bodies = new RigidBodies(gravity);
        store = bodies.store();
        checkpoint = new StepCheckpoint(store, collision, contacts, joints, touching, sensing, events);
        setGravity(gravity);
        solver.setConstraints(jointSolver);
        solver.setSupportSource(shapeSupport);
        usePool(pool);
    }

    // ---------------------------------------------------------------- the step

    /**
     * Advances {@code dt} seconds: poses into the collision world, contacts found (points within
     * {@link #contactMargin()} included, so fast bodies are caught before they overlap) and
     * warm-started, islands linked, then {@link #substeps()} substeps of solving and integrating,
     * continuous collision for fast bodies, sleeping and events. Forces and torques applied since the
     * last step act for this step and are then cleared.
     *
     * <p>A step that fails changes nothing: when a body's state is not usable before the step or
     * becomes so in it (non-finite, a coordinate beyond {@link #MAX_POSITION}, a speed beyond
     * {@link #MAX_SPEED}, an orientation that is no longer a unit quaternion), or anything else in the
     * step throws, the world is put back exactly as it was before the step (bodies, contacts and
     * warm-start caches, sleep timers, joints and their impulses, events, step count, time) and the
     * exception is thrown. Only the forces and torques applied for the step are gone, as after any
     * step (they are the usual culprit, and keeping them would fail the next step the same way).
     *
     * @throws IllegalArgumentException when dt is not > 0 and finite (nothing moves)
     * @throws SimulationException naming the body and the step when a body's state is or became
     *     unusable (the world is back to its state before the step)
     */
    public void step(double dt) {
        if (!(dt > 0) || !Double.isFinite(dt)) {
            throw new IllegalArgumentException("step: dt must be > 0 and finite, got " + dt);
        }
        long t = System.nanoTime();
        takeCheckpoint();
        t = lap(Profile.Stage.CHECKPOINT, t);
        try {
            stepDt = dt;
            checkState(stepCount + 1, false);
            checkLoads(stepCount + 1, dt);
            // The last step's events make way; those recorded since (user wakes) stay.
            events.dropFirst(eventsOfLastStep);
            eventStep = stepCount + 1;
            eventTime = time + dt;
            updatePoses();
            t = lap(Profile.Stage.UPDATE_POSES, t);
            // The islands are built inside find contacts (the contact runs are laid out by island):
            // their time is taken out of that stage's and shown as their own.
            long islandNanos = findContacts();
            long now = System.nanoTime();
            profile.record(Profile.Stage.FIND_CONTACTS, now - t - islandNanos);
            profile.record(Profile.Stage.ISLANDS, islandNanos);
            t = now;
            solver.step(store, contacts, gx, gy, gz, dt, substeps, islandOf);
            checkState(eventStep, true);
            breakJoints(dt / substeps);
            t = lap(Profile.Stage.SOLVE, t);
            continuous(dt);
            t = lap(Profile.Stage.CONTINUOUS, t);
            sleep(dt);
            t = lap(Profile.Stage.SLEEP, t);
            reportPairs();
        } catch (RuntimeException e) {
            rollback();
            throw e;
        }
        checkpoint.commit();
        store.clearForces();
        stepCount = eventStep;
        time = eventTime;
        eventsOfLastStep = events.size();
        lap(Profile.Stage.EVENTS, t);
        profile.endStep();
    }

    /** Records the time since {@code start} for the stage; returns now. */
    private long lap(Profile.Stage stage, long start) {
        long now = System.nanoTime();
        profile.record(stage, now - start);
        return now;
    }

    /**
     * Every moving body's collider follows its pose, on the pool's threads (each body its own
     * entries), then the broad phase learns the new boxes in body order; the dense-index map is
     * rebuilt.
     */
    private void updatePoses() {
        int n = store.count();
        if (startX.length < n) {
            int c = Math.max(n, 2 * startX.length);
            startX = new double[c];
            startY = new double[c];
            startZ = new double[c];
            startQx = new double[c];
            startQy = new double[c];
            startQz = new double[c];
            startQw = new double[c];
        }
        pool.run(n, BODY_GRAIN, placeTask);
        for (int i = 0; i < n; i++) {
            if (store.type[i] != BodyStore.STATIC && store.asleep[i] == 0) {
                collision.syncBroadPhase(colliderOfSlot[store.slot[i]]);
            }
        }
    }

    private final WorkerPool.Range placeTask = this::placeBodies;

    /** {@link #updatePoses} for bodies {@code from .. to - 1} on thread {@code worker}. */
    private void placeBodies(int worker, int from, int to) {
        for (int i = from; i < to; i++) {
            startX[i] = store.px[i];
            startY[i] = store.py[i];
            startZ[i] = store.pz[i];
            startQx[i] = store.qx[i];
            startQy[i] = store.qy[i];
            startQz[i] = store.qz[i];
            startQw[i] = store.qw[i];
            int collider = colliderOfSlot[store.slot[i]];
            denseOfCollider[collider] = i;
            if (store.type[i] != BodyStore.STATIC && store.asleep[i] == 0) {
                // The body origin: the centre of mass minus R times the body-frame centre of mass (poseOf).
                double x = store.qx[i], y = store.qy[i], z = store.qz[i], w = store.qw[i];
                double cx = store.cx[i], cy = store.cy[i], cz = store.cz[i];
                double tx = 2 * (y * cz - z * cy), ty = 2 * (z * cx - x * cz), tz = 2 * (x * cy - y * cx);
                double rx = cx + w * tx + (y * tz - z * ty);
                double ry = cy + w * ty + (z * tx - x * tz);
                double rz = cz + w * tz + (x * ty - y * tx);
                collision.placeBody(worker, collider, store.px[i] - rx, store.py[i] - ry, store.pz[i] - rz,
                        x, y, z, w);
                double v = Math.sqrt(store.vx[i] * store.vx[i] + store.vy[i] * store.vy[i] + store.vz[i] * store.vz[i]);
                double wl = Math.sqrt(store.wx[i] * store.wx[i] + store.wy[i] * store.wy[i]
                        + store.wz[i] * store.wz[i]);
                // Gravity adds up to |g| dt during the step.
                collision.setSpeedBound(collider, v + store.extent[i] * wl + gravityScaleSpeed(i));
            }
        }
    }

    /**
     * The narrow phase fills the contact store, the touching and sensing pairs and the islands. A pass
     * that wakes a sleeping island runs again, so the woken bodies' contacts with each other and with
     * static bodies (skipped while they slept) are in this step's solve. Returns the nanoseconds
     * spent fixing the islands (for the profile).
     */
    private long findContacts() {
        int n = store.count();
        if (keepAwake.length < n) {
            keepAwake = new byte[Math.max(n, 2 * keepAwake.length)];
        }
        do {
            wokeDuringPass = false;
            deferredCount = 0;
            copyCount = 0;
            contacts.clear();
            touching.begin();
            sensing.begin();
            islands.reset(n);
            Arrays.fill(keepAwake, 0, n, (byte) 0);
            collision.findContacts(SPECULATIVE_DISTANCE, contactMargin, stepDt, collector);
            linkJoints();
        } while (wokeDuringPass);
        // The last pass's manifolds are still as the narrow phase left them.
        long islandStart = System.nanoTime();
        buildIslands();
        long islandNanos = System.nanoTime() - islandStart;
        // Each colour's runs by island: threads then keep to the same islands from colour to colour,
        // and the solver may walk them island by island.
        contacts.place(store, severalIslands ? islandOf : null);
        pool.run(deferredCount, DEFERRED_GRAIN, fillTask);
        // A loop of our own, not Arrays.fill: that one's profile is the whole JVM's (other array
        // types), and its copy compiled into this method trapped nine times in the bench pyramid.
        for (int d = 0; d < deferredCount; d++) {
            deferredManifold[d] = null;
        }
        return islandNanos;
    }

    /** Grows the per-manifold arrays for a pass of {@code count} numbered manifolds. */
    private void reserveMeasures(int count) {
        if (minSeparation.length < count) {
            int c = Math.max(count, 2 * minSeparation.length);
            minSeparation = new double[c];
            minReach = new double[c];
            keptMask = new int[c];
        }
    }

    /**
     * The part of {@link #collect} that reads only: each point's reach over the step, the smallest
     * separation and reach, into manifold {@code index}'s entries. Runs on the narrow phase's threads.
     */
    private void measure(int index, int colliderA, int colliderB, Manifold m) {
        measure(index, colliderA, colliderB, m, minSeparation, minReach, keptMask);
    }

    private void measure(int index, int colliderA, int colliderB, Manifold m, double[] sep, double[] min,
                         int[] kept) {
        int a = denseOfCollider[colliderA], b = denseOfCollider[colliderB];
        double minSep = Double.POSITIVE_INFINITY;
        double predicted = Double.POSITIVE_INFINITY;
        int mask = 0;
        for (int k = 0; k < m.pointCount(); k++) {
            double s = m.separation(k);
            minSep = Math.min(minSep, s);
            // Relative normal velocity at the point: the gap it closes over the coming step.
            double vn = pointVelocityAlong(b, m.pointBX(k), m.pointBY(k), m.pointBZ(k), m)
                    - pointVelocityAlong(a, m.pointAX(k), m.pointAY(k), m.pointAZ(k), m);
            double reach = s + Math.min(vn, 0) * stepDt;
            predicted = Math.min(predicted, reach);
            mask |= reach <= SPECULATIVE_DISTANCE ? 1 << k : 0;
        }
        sep[index] = minSep;
        min[index] = predicted;
        kept[index] = mask;
    }

    /**
     * One manifold of the narrow phase, in pair order: sensor overlap, touching pair, wake, island
     * link, contact points (numbered manifolds' points are written after the pass, in parallel:
     * {@link #fillDeferred}).
     */
    private void collect(int index, int colliderA, int childA, int colliderB, int childB, Manifold m) {
        if (index < 0) {
            measure(0, colliderA, colliderB, m, unnumberedSeparation, unnumberedMin, unnumberedKept);
        }
        double minSep = index < 0 ? unnumberedSeparation[0] : minSeparation[index];
        double predicted = index < 0 ? unnumberedMin[0] : minReach[index];
        int kept = index < 0 ? unnumberedKept[0] : keptMask[index];
        int a = denseOfCollider[colliderA], b = denseOfCollider[colliderB];
        int slotA = store.slot[a], slotB = store.slot[b];
        if (sensorOfSlot[slotA] || sensorOfSlot[slotB]) {
            if (!(sensorOfSlot[slotA] && sensorOfSlot[slotB]) && minSep < 0) {
                sensing.add(sensorOfSlot[slotA] ? PairSet.key(slotA, slotB) : PairSet.key(slotB, slotA));
            }
            return;
        }
        boolean dynamicA = store.type[a] == BodyStore.DYNAMIC, dynamicB = store.type[b] == BodyStore.DYNAMIC;
        if (!dynamicA && !dynamicB) {
            return;
        }
        long key = slotA < slotB ? PairSet.key(slotA, slotB) : PairSet.key(slotB, slotA);
        if (jointPairs.length > 0 && Arrays.binarySearch(jointPairs, key) >= 0) {
            return;
        }
        if (minSep <= TOUCH_BEGIN || (minSep <= TOUCH_END && touching.wasIn(key))) {
            touching.add(key);
        }
        boolean near = predicted <= LINK_DISTANCE;
        boolean asleepA = store.asleep[a] != 0, asleepB = store.asleep[b] != 0;
        if (asleepA || asleepB) {
            // The other body is awake (the collision world skips sleeping pairs). A sleeper is woken
            // by what will reach it; until then this pair has no points, so no impulse lands on a body
            // that is not integrated.
            int sleeper = asleepA ? a : b, other = asleepA ? b : a;
            if (near && (store.type[other] == BodyStore.DYNAMIC || isMoving(other))) {
                wakeGroup(sleepGroupOfSlot[store.slot[sleeper]]);
                wokeDuringPass = true;
            }
            return;
        }
        if (near) {
            if (dynamicA && dynamicB) {
                islands.link(a, b);
            } else if (dynamicA ? isMoving(b) : isMoving(a)) {
                // A moving kinematic body carries what touches it: that is not rest.
                keepAwake[dynamicA ? a : b] = 1;
            }
        }
        int count = Integer.bitCount(kept);
        if (count == 0) {
            return;
        }
        if (index < 0) {
            // The narrow phase reuses this manifold: keep a copy until the points are written.
            if (copyCount == copies.length) {
                copies = Arrays.copyOf(copies, Math.max(4, 2 * copyCount));
                for (int k = copyCount; k < copies.length; k++) {
                    copies[k] = new Manifold();
                }
            }
            Manifold copy = copies[copyCount++];
            copy.copyFrom(m);
            m = copy;
        }
        if (deferredCount == deferredKept.length) {
            int c = 2 * deferredCount;
            deferredManifold = Arrays.copyOf(deferredManifold, c);
            deferredKept = Arrays.copyOf(deferredKept, c);
            deferredColliderA = Arrays.copyOf(deferredColliderA, c);
            deferredColliderB = Arrays.copyOf(deferredColliderB, c);
            deferredChildA = Arrays.copyOf(deferredChildA, c);
            deferredChildB = Arrays.copyOf(deferredChildB, c);
            deferredChunk = Arrays.copyOf(deferredChunk, c);
        }
        int d = deferredCount++;
        deferredManifold[d] = m;
        deferredKept[d] = kept;
        deferredColliderA[d] = colliderA;
        deferredColliderB[d] = colliderB;
        deferredChildA[d] = childA;
        deferredChildB[d] = childB;
        // The points' places in the store come when every chunk is known (colour order), their
        // contents after that, in parallel.
        deferredChunk[d] = contacts.plan(a, b, count);
    }

    /** Writes the points of deferred manifolds {@code from .. to - 1} into their places in the store. */
    private void fillDeferred(int from, int to) {
        for (int d = from; d < to; d++) {
            int a = denseOfCollider[deferredColliderA[d]], b = denseOfCollider[deferredColliderB[d]];
            addPoints(a, b, deferredColliderA[d], deferredColliderB[d], deferredChildA[d], deferredChildB[d],
                    store.slot[a], store.slot[b], deferredManifold[d], deferredKept[d],
                    contacts.plannedFirst(deferredChunk[d]));
        }
    }

    /** The speed gravity can add to body i over one step, m/s. */
    private double gravityScaleSpeed(int i) {
        return store.type[i] == BodyStore.DYNAMIC ? Math.abs(store.gravityScale[i]) * gravityMagnitude * stepDt : 0;
    }

    /** The velocity of body i's material point at (x, y, z), along the manifold normal. */
    private double pointVelocityAlong(int i, double x, double y, double z, Manifold m) {
        double rx = x - store.px[i], ry = y - store.py[i], rz = z - store.pz[i];
        double wx = store.wx[i], wy = store.wy[i], wz = store.wz[i];
        double vx = store.vx[i] + wy * rz - wz * ry;
        double vy = store.vy[i] + wz * rx - wx * rz;
        double vz = store.vz[i] + wx * ry - wy * rx;
        return vx * m.nx + vy * m.ny + vz * m.nz;
    }

    private boolean isMoving(int i) {
        return store.type[i] == BodyStore.KINEMATIC
                && (store.vx[i] != 0 || store.vy[i] != 0 || store.vz[i] != 0
                    || store.wx[i] != 0 || store.wy[i] != 0 || store.wz[i] != 0);
    }

    /**
     * Writes a manifold's kept points (bit k of {@code kept} for point k: those that can come within
     * {@link #SPECULATIVE_DISTANCE} over the step) into the contact store from point {@code first}
     * on, with the pair's material.
     */
    private void addPoints(int a, int b, int colliderA, int colliderB, int childA, int childB, int slotA, int slotB,
                           Manifold m, int kept, int first) {
        double mu = Math.sqrt(frictionOfSlot[slotA] * frictionOfSlot[slotB]);
        double e = Math.max(restitutionOfSlot[slotA], restitutionOfSlot[slotB]);
        for (int k = 0; k < m.pointCount(); k++) {
            if ((kept & 1 << k) == 0) {
                continue;
            }
            double sep = m.separation(k);
            // Compound children share the body pair: fold the child indices into the feature id so
            // their points keep distinct keys.
            int feature = m.featureId(k) * 31 * 31 + (childA + 1) * 31 + (childB + 1);
            // Both lever arms reach the midpoint of the two surface points (Box2D's anchor), so
            // the pair exerts equal and opposite impulses at one point and friction adds no
            // spurious torque across the gap.
            // (ContactAnchor: nearer a body's own surface when the midpoint is beyond its reach.)
            double ax = m.pointAX(k), ay = m.pointAY(k), az = m.pointAZ(k);
            double dx = m.pointBX(k) - ax, dy = m.pointBY(k) - ay, dz = m.pointBZ(k) - az;
            double t = ContactAnchor.share(store, a, b, ax, ay, az, dx, dy, dz);
            double mx, my, mz;
            if (t == 0.5) {
                mx = 0.5 * (ax + m.pointBX(k));
                my = 0.5 * (ay + m.pointBY(k));
                mz = 0.5 * (az + m.pointBZ(k));
            } else {
                mx = ax + t * dx;
                my = ay + t * dy;
                mz = az + t * dz;
            }
            contacts.set(first, a, b, colliderA, colliderB, feature, m.nx, m.ny, m.nz,
                    mx - store.px[a], my - store.py[a], mz - store.pz[a],
                    mx - store.px[b], my - store.py[b], mz - store.pz[b], sep, mu, e);
            contacts.setAnchorShare(first++, t);
        }
    }

    /** Each awake dynamic body's island: the union-find's root, fixed for the rest of the step. */
    private void buildIslands() {
        int n = store.count();
        if (islandOf.length < n) {
            islandOf = new int[Math.max(n, 2 * islandOf.length)];
        }
        // Whether the moving bodies fall into more than one island: with one, ordering the runs by
        // island changes nothing, and findContacts skips it.
        int first = -1;
        boolean several = false;
        for (int i = 0; i < n; i++) {
            int r = islands.root(i);
            islandOf[i] = r;
            if (store.invMass[i] > 0) {
                several |= first >= 0 && r != first;
                first = first < 0 ? r : first;
            }
        }
        severalIslands = several;
    }

    /**
     * Continuous collision (Box2D v3's scheme): a body that moved more than a quarter of its
     * thinnest size in the step (less cannot carry it through anything it could stand on) is swept
     * from its start to its end position, against static bodies, or against every non-sensor body
     * for a bullet, and put back at its first impact with its velocity kept (less what the height it
     * gives back under gravity is worth, {@link #giveBackHeight}); the next step's speculative
     * contact then stops or bounces it at the surface. The sweep is a translation
     * of the shape at its start orientation (rotation during the step is not swept); the orientation
     * is interpolated to the same fraction.
     */
    private void continuous(double dt) {
        int n = store.count();
        prepareSkips();
        for (int i = 0; i < n; i++) {
            if (store.type[i] != BodyStore.DYNAMIC || store.asleep[i] != 0) {
                continue;
            }
            int slot = store.slot[i];
            if (sensorOfSlot[slot]) {
                continue;
            }
            double dx = store.px[i] - startX[i], dy = store.py[i] - startY[i], dz = store.pz[i] - startZ[i];
            double d2 = dx * dx + dy * dy + dz * dz;
            double fast = store.fastDistance[i];
            if (d2 <= fast * fast) {
                continue;
            }
            boolean bullet = bulletOfSlot[slot];
            int collider = colliderOfSlot[slot];
            // A hit at the start is a body already touching what it moves into: its contact points
            // are in this step's solve, which kept it out; holding it back would freeze it in place.
            if (!collision.timeOfImpact(collider, dx, dy, dz, TOI_TOLERANCE, bullet ? skipForBullet : skipForFast, hit)
                    || hit.fraction >= 1 || hit.fraction * Math.sqrt(d2) <= TOI_TOLERANCE) {
                continue;
            }
            double f = hit.fraction;
            store.px[i] = startX[i] + f * dx;
            store.py[i] = startY[i] + f * dy;
            store.pz[i] = startZ[i] + f * dz;
            // nlerp(q0, q1, f) along the shorter arc
            double x0 = startQx[i], y0 = startQy[i], z0 = startQz[i], w0 = startQw[i];
            double x1 = store.qx[i], y1 = store.qy[i], z1 = store.qz[i], w1 = store.qw[i];
            if (x0 * x1 + y0 * y1 + z0 * z1 + w0 * w1 < 0) {
                x1 = -x1;
                y1 = -y1;
                z1 = -z1;
                w1 = -w1;
            }
            double qx = x0 + f * (x1 - x0), qy = y0 + f * (y1 - y0), qz = z0 + f * (z1 - z0), qw = w0 + f * (w1 - w0);
            store.orient(i, qx, qy, qz, qw);
            giveBackHeight(i, (1 - f) * dx, (1 - f) * dy, (1 - f) * dz);
            continuousHits++;
        }
    }

    /**
     * Body i was just moved back by {@code -(ux, uy, uz)} along its path with its velocity kept: the
     * height that gave back under gravity, {@code (1 - f) g . d} per unit mass, is taken from its
     * linear kinetic energy, first from the speed along gravity (rewinding the fall it had not yet
     * made) and, if that runs out, from the rest; otherwise the sweep adds {@code m g} times the
     * distance moved back (a body held back step after step by the sweep kept falling faster). A body
     * moved back downwards keeps its velocity (energy only lost).
     */
    private void giveBackHeight(int i, double ux, double uy, double uz) {
        double gs = store.gravityScale[i];
        double ex = gx * gs, ey = gy * gs, ez = gz * gs;
        double rise = ex * ux + ey * uy + ez * uz;
        double g = Math.sqrt(ex * ex + ey * ey + ez * ez);
        if (!(rise > 0) || !(g > 0)) {
            return;
        }
        double nx = ex / g, ny = ey / g, nz = ez / g;
        double vx = store.vx[i], vy = store.vy[i], vz = store.vz[i];
        double down = vx * nx + vy * ny + vz * nz;
        double left = rise;
        if (down > 0) {
            double kept = Math.sqrt(Math.max(down * down - 2 * rise, 0));
            left = Math.max(rise - 0.5 * (down * down - kept * kept), 0);
            vx += (kept - down) * nx;
            vy += (kept - down) * ny;
            vz += (kept - down) * nz;
        }
        double v2 = vx * vx + vy * vy + vz * vz;
        if (left > 0 && v2 > 0) {
            double scale = Math.sqrt(Math.max(1 - 2 * left / v2, 0));
            vx *= scale;
            vy *= scale;
            vz *= scale;
        }
        store.vx[i] = vx;
        store.vy[i] = vy;
        store.vz[i] = vz;
    }

    /** Which colliders a fast body's sweep ignores: all but static ones; a bullet's: only sensors. */
    private void prepareSkips() {
        int bound = collision.bodyNumberBound();
        if (skipForFast.length < bound) {
            skipForFast = new boolean[Math.max(bound, 2 * skipForFast.length)];
            skipForBullet = new boolean[skipForFast.length];
        }
        int n = store.count();
        for (int i = 0; i < n; i++) {
            int slot = store.slot[i];
            int c = colliderOfSlot[slot];
            skipForFast[c] = store.type[i] != BodyStore.STATIC || sensorOfSlot[slot];
            skipForBullet[c] = sensorOfSlot[slot];
        }
    }

    /** Sweeps that found an impact since the world was made (a debugging count). */
    public long continuousHits() {
        return continuousHits;
    }

    /**
     * The largest coordinate (m, of a centre of mass, any axis) a usable state has: beyond it a
     * double's spacing passes 0.1 mm, the contact tolerances' scale, and a fuzz run saw 1e167 m poses
     * there that broke the next step's broad phase.
     */
    public static final double MAX_POSITION = 1e12;
    /** The largest speed component (m/s, and rad/s for spin) a usable state has. */
    public static final double MAX_SPEED = 1e12;
    /**
     * How far {@code |q|^2} of an orientation may stray from 1. Every stage renormalises, so a
     * usable state is within rounding (1e-15); a fuzz run saw (0, 0, 0, 0) after the normalisation
     * overflowed.
     */
    static final double QUATERNION_TOLERANCE = 1e-6;

    /**
     * A body whose state is not usable (see {@link #step}) stops the step with its name and the step
     * number (1 for the first). In the step, a body gone bad spreads NaN through its contacts and
     * joints within the same solve, so the one named is the cause when one can be told: a body whose
     * own force or torque would take its speed out of range in one step; otherwise the first bad one.
     */
    private void checkState(long step, boolean solved) {
        int n = store.count(), bad = 0, first = -1;
        for (int i = 0; i < n; i++) {
            if (store.type[i] != BodyStore.STATIC && !usable(i)) {
                bad++;
                first = first < 0 ? i : first;
            }
        }
        if (bad == 0) {
            return;
        }
        int culprit = first;
        String cause = "";
        double worst = MAX_SPEED;
        for (int i = 0; i < n && solved; i++) {
            // Bounds on what one step of the body's own force and torque adds: |F| / m dt and
            // |tau| |I^-1|_F dt (the Frobenius norm bounds the spectral one in any frame).
            double f = Math.sqrt(store.fx[i] * store.fx[i] + store.fy[i] * store.fy[i]
                    + store.fz[i] * store.fz[i]);
            double tq = Math.sqrt(store.tx[i] * store.tx[i] + store.ty[i] * store.ty[i]
                    + store.tz[i] * store.tz[i]);
            double norm = 0;
            for (int k = 0; k < 9; k++) {
                norm += store.invInertiaBody[9 * i + k] * store.invInertiaBody[9 * i + k];
            }
            double dv = f * store.invMass[i] * stepDt, dw = tq * Math.sqrt(norm) * stepDt;
            if (!(Math.max(dv, dw) <= worst)) {
                worst = Double.isNaN(dv + dw) ? Double.POSITIVE_INFINITY : Math.max(dv, dw);
                culprit = i;
                cause = dv >= dw
                        ? "; the force " + new Vec3(store.fx[i], store.fy[i], store.fz[i])
                                + " N on it adds up to "
                                + dv + " m/s in one step"
                        : "; the torque " + new Vec3(store.tx[i], store.ty[i], store.tz[i])
                                + " N m on it adds up to "
                                + dw + " rad/s in one step";
            }
        }
        BodyId id = handleOfSlot[store.slot[culprit]];
        throw new SimulationException(bodies.name(id), step, "state " + (solved ? "after the solve"
                : "before the step")
                + " " + problem(culprit) + " (centre of mass "
                + new Vec3(store.px[culprit], store.py[culprit], store.pz[culprit]) + ", velocity "
                + bodies.velocity(id) + ", angular velocity " + bodies.angularVelocity(id) + ", orientation ("
                + store.qx[culprit] + ", " + store.qy[culprit] + ", " + store.qz[culprit] + ", "
                        + store.qw[culprit]
                + "))" + cause + (bad > 1 ? "; " + bad + " bodies are not usable" : "")
                + "; the world is as it was before step " + step);
    }

    /**
     * Before the step: a dynamic body whose pending force or torque would, in this one step, add a
     * speed beyond {@link #MAX_SPEED} ({@code |F| / m dt}, {@code |I^-1 tau| dt} with the world
     * inverse inertia) or is not finite stops the step, naming it. Caught here rather than after the
     * solve because the integrator caps spin per substep ({@code Integrator.MAX_ROTATION}): a torque
     * of 1e300 N m would otherwise be absorbed by the cap without a word.
     */
    private void checkLoads(long step, double dt) {
        int n = store.count();
        double[] inv = store.invInertiaWorld;
        for (int i = 0; i < n; i++) {
            if (store.type[i] != BodyStore.DYNAMIC || store.asleep[i] != 0) {
                continue;
            }
            double fx = store.fx[i], fy = store.fy[i], fz = store.fz[i];
            double tx = store.tx[i], ty = store.ty[i], tz = store.tz[i];
            if (fx == 0 && fy == 0 && fz == 0 && tx == 0 && ty == 0 && tz == 0) {
                continue;
            }
            double dv = Math.sqrt(fx * fx + fy * fy + fz * fz) * store.invMass[i] * dt;
            int o = 9 * i;
            double ax = inv[o] * tx + inv[o + 1] * ty + inv[o + 2] * tz;
            double ay = inv[o + 3] * tx + inv[o + 4] * ty + inv[o + 5] * tz;
            double az = inv[o + 6] * tx + inv[o + 7] * ty + inv[o + 8] * tz;
            double dw = Math.sqrt(ax * ax + ay * ay + az * az) * dt;
            // Written so that NaN and infinity fail.
            boolean forceOk = dv <= MAX_SPEED && Double.isFinite(fx + fy + fz);
            boolean torqueOk = dw <= MAX_SPEED && Double.isFinite(tx + ty + tz);
            if (forceOk && torqueOk) {
                continue;
            }
            BodyId id = handleOfSlot[store.slot[i]];
            double speed = !forceOk ? dv : dw;
            String load = (!forceOk ? "the force " + new Vec3(fx, fy, fz) + " N"
                    : "the torque " + new Vec3(tx, ty, tz) + " N m") + " on it adds "
                    + (Double.isFinite(speed) ? "up to " + speed + (!forceOk ? " m/s" : " rad/s")
                            + " in one step, beyond " + MAX_SPEED
                            : "a non-finite speed in one step");
            throw new SimulationException(bodies.name(id), step, "load before the step: " + load
                    + "; the world is as it was before step " + step);
        }
    }

    /** What is wrong with body i's state, for {@link #checkState}'s message. */
    private String problem(int i) {
        double sum = store.px[i] + store.py[i] + store.pz[i] + store.vx[i] + store.vy[i] + store.vz[i]
                + store.wx[i]
                + store.wy[i] + store.wz[i] + store.qx[i] + store.qy[i] + store.qz[i] + store.qw[i];
        if (!Double.isFinite(sum)) {
            return "is non-finite";
        }
        if (usable(i)) {
            return "is usable, but another body's is not";
        }
        double q2 = store.qx[i] * store.qx[i] + store.qy[i] * store.qy[i] + store.qz[i] * store.qz[i]
                + store.qw[i] * store.qw[i];
        if (!(Math.abs(q2 - 1) <= QUATERNION_TOLERANCE)) {
            return "has an orientation that is not a unit quaternion (|q|^2 = " + q2 + ")";
        }
        boolean far = !(Math.abs(store.px[i]) <= MAX_POSITION && Math.abs(store.py[i]) <= MAX_POSITION
                && Math.abs(store.pz[i]) <= MAX_POSITION);
        return far ? "is beyond " + MAX_POSITION + " m from the origin" : "moves faster than " + MAX_SPEED
                + " m/s or rad/s";
    }

    /**
     * Body i's state is finite, within {@link #MAX_POSITION} and {@link #MAX_SPEED}, and its
     * orientation a unit quaternion. Written so that NaN fails every comparison.
     */
    private boolean usable(int i) {
        double qx = store.qx[i], qy = store.qy[i], qz = store.qz[i], qw = store.qw[i];
        double q2 = qx * qx + qy * qy + qz * qz + qw * qw;
        return Math.abs(store.px[i]) <= MAX_POSITION && Math.abs(store.py[i]) <= MAX_POSITION
                && Math.abs(store.pz[i]) <= MAX_POSITION
                && Math.abs(store.vx[i]) <= MAX_SPEED && Math.abs(store.vy[i]) <= MAX_SPEED
                && Math.abs(store.vz[i]) <= MAX_SPEED
                && Math.abs(store.wx[i]) <= MAX_SPEED && Math.abs(store.wy[i]) <= MAX_SPEED
                && Math.abs(store.wz[i]) <= MAX_SPEED
                && Math.abs(q2 - 1) <= QUATERNION_TOLERANCE;
    }

    /** Before a step: what it changes, kept so that {@link #rollback} can undo a failed one. */
    private void takeCheckpoint() {
        checkpoint.take();
        savedStepDt = stepDt;
        savedEventStep = eventStep;
        savedEventTime = eventTime;
        savedNextSleepGroup = nextSleepGroup;
        savedEventsOfLastStep = eventsOfLastStep;
        savedContinuousHits = continuousHits;
        savedJointPairs = jointPairs;
        if (savedSleepGroupOfSlot.length < sleepGroupOfSlot.length) {
            savedSleepGroupOfSlot = new int[sleepGroupOfSlot.length];
        }
        System.arraycopy(sleepGroupOfSlot, 0, savedSleepGroupOfSlot, 0, sleepGroupOfSlot.length);
    }

    /** Undoes the step in progress: everything as {@link #takeCheckpoint} found it, forces cleared. */
    private void rollback() {
        checkpoint.rollback();
        stepDt = savedStepDt;
        eventStep = savedEventStep;
        eventTime = savedEventTime;
        nextSleepGroup = savedNextSleepGroup;
        eventsOfLastStep = savedEventsOfLastStep;
        continuousHits = savedContinuousHits;
        jointPairs = savedJointPairs;
        System.arraycopy(savedSleepGroupOfSlot, 0, sleepGroupOfSlot, 0, sleepGroupOfSlot.length);
    }

    /**
     * Sleep timers. A dynamic body is at rest while it stays near where its timer last restarted:
     * its centre within {@code D} and its farthest point (extent times the angle turned) within
     * {@code D}, with {@code D = sleepSpeed timeToSleep / 4}, and while no point of it moves faster
     * than {@code 4 sleepSpeed}; at rest it gains {@code dt}, otherwise its timer restarts where it
     * is. An island whose every body has {@link #timeToSleep} sleeps. Displacement over the window,
     * not the speed of the moment, is what decides (as in Jolt): in a settled pile of tumbled boxes
     * a corner contact changing its points gives some box a 5 cm/s twitch every few steps, which
     * moves nothing but kept the whole pile's island awake for good under a speed rule.
     */
    private void sleep(double dt) {
        int n = store.count();
        if (!sleepingEnabled) {
            return;
        }
        if (islandSleepTime.length < n) {
            islandSleepTime = new double[Math.max(n, 2 * islandSleepTime.length)];
            islandGroup = new int[islandSleepTime.length];
        }
        sleepDt = dt;
        pool.run(n, BODY_GRAIN, sleepTimerTask);
        for (int i = 0; i < n; i++) {
            islandSleepTime[i] = Double.POSITIVE_INFINITY;
            islandGroup[i] = 0;
        }
        for (int i = 0; i < n; i++) {
            if (store.type[i] == BodyStore.DYNAMIC && store.asleep[i] == 0) {
                int r = islandOf[i];
                islandSleepTime[r] = Math.min(islandSleepTime[r], store.sleepTime[i]);
            }
        }
        for (int i = 0; i < n; i++) {
            if (store.type[i] != BodyStore.DYNAMIC || store.asleep[i] != 0) {
                continue;
            }
            int r = islandOf[i];
            if (islandSleepTime[r] >= timeToSleep) {
                if (islandGroup[r] == 0) {
                    islandGroup[r] = nextSleepGroup++;
                }
                putToSleep(i, islandGroup[r]);
            }
        }
    }

    /** Manifolds per block of the parallel copy into the contact store. */
    private static final int DEFERRED_GRAIN = 32;
    /** Bodies per block of the per-body stages. */
    private static final int BODY_GRAIN = 64;
    private double sleepDt;
    private final WorkerPool.Range sleepTimerTask = (w, from, to) -> updateSleepTimers(from, to);

    /** The sleep timers of the awake dynamic bodies {@code from .. to - 1} (see {@link #sleep}). */
    private void updateSleepTimers(int from, int to) {
        double reach = 0.25 * sleepSpeed * timeToSleep;
        double fast2 = 16 * sleepSpeed * sleepSpeed;
        for (int i = from; i < to; i++) {
            if (store.type[i] != BodyStore.DYNAMIC || store.asleep[i] != 0) {
                continue;
            }
            double v2 = store.vx[i] * store.vx[i] + store.vy[i] * store.vy[i] + store.vz[i] * store.vz[i];
            double w2 = store.wx[i] * store.wx[i] + store.wy[i] * store.wy[i] + store.wz[i] * store.wz[i];
            double e = store.extent[i];
            double dx = store.px[i] - store.restX[i], dy = store.py[i] - store.restY[i];
            double dz = store.pz[i] - store.restZ[i];
            // The angle between two unit quaternions: 2 acos |q1 . q2|.
            double dot = Math.abs(store.qx[i] * store.restQx[i] + store.qy[i] * store.restQy[i]
                    + store.qz[i] * store.restQz[i] + store.qw[i] * store.restQw[i]);
            double angle = 2 * StrictMath.acos(Math.min(1, dot));
            boolean still = dx * dx + dy * dy + dz * dz <= reach * reach && e * angle <= reach
                    && v2 <= fast2 && e * e * w2 <= fast2 && keepAwake[i] == 0;
            if (still) {
                store.sleepTime[i] += sleepDt;
            } else {
                restartSleepTimer(i);
            }
        }
    }

    /** The body's sleep timer starts again from where it is now. */
    private void restartSleepTimer(int i) {
        store.sleepTime[i] = 0;
        store.restX[i] = store.px[i];
        store.restY[i] = store.py[i];
        store.restZ[i] = store.pz[i];
        store.restQx[i] = store.qx[i];
        store.restQy[i] = store.qy[i];
        store.restQz[i] = store.qz[i];
        store.restQw[i] = store.qw[i];
    }

    private void putToSleep(int i, int group) {
        int slot = store.slot[i];
        store.asleep[i] = 1;
        store.vx[i] = store.vy[i] = store.vz[i] = 0;
        store.wx[i] = store.wy[i] = store.wz[i] = 0;
        sleepGroupOfSlot[slot] = group;
        collision.setSleeping(colliderOfSlot[slot], true);
        events.add(eventStep, eventTime, Event.Type.SLEEP, slot, -1);
    }

    /** Wakes every body that fell asleep with {@code group}. */
    private void wakeGroup(int group) {
        int n = store.count();
        for (int i = 0; i < n; i++) {
            int slot = store.slot[i];
            if (store.asleep[i] != 0 && sleepGroupOfSlot[slot] == group) {
                store.asleep[i] = 0;
                restartSleepTimer(i);
                sleepGroupOfSlot[slot] = 0;
                collision.setSleeping(colliderOfSlot[slot], false);
                poseOf(i, pose);
                collision.setPose(colliderOfSlot[slot], pose);
                events.add(eventStep, eventTime, Event.Type.WAKE, slot, -1);
            }
        }
    }

    /**
     * contactBegin / contactEnd and sensorEnter / sensorExit from this step's pairs against last
     * step's. A pair whose two bodies are each asleep or static was not looked at (nothing there
     * moved), so it keeps its state.
     */
    private void reportPairs() {
        carryIdlePairs(touching);
        carryIdlePairs(sensing);
        diff(touching, Event.Type.CONTACT_BEGIN, Event.Type.CONTACT_END);
        diff(sensing, Event.Type.SENSOR_ENTER, Event.Type.SENSOR_EXIT);
    }

    private void carryIdlePairs(PairSet set) {
        set.sortCurrent();
        int count = set.previousCount();
        boolean added = false;
        for (int k = 0; k < count; k++) {
            long key = set.previous(k);
            // The idle tests first: in a moving scene they fail at once, where the search would not.
            if (idle(PairSet.first(key)) && idle(PairSet.second(key)) && !set.isIn(key)) {
                set.add(key);
                added = true;
            }
        }
        if (added) {
            set.sortCurrent();
        }
    }

    /** A body that cannot have moved this step: static, or asleep. */
    private boolean idle(int slot) {
        BodyId id = handleOfSlot[slot];
        int i = bodies.index(id);
        return store.type[i] == BodyStore.STATIC || store.asleep[i] != 0;
    }

    /** Merges the sorted previous and current pairs: new ones began, missing ones ended. */
    private void diff(PairSet set, Event.Type begin, Event.Type end) {
        int i = 0, j = 0, np = set.previousCount(), nc = set.currentCount();
        while (i < np || j < nc) {
            long p = i < np ? set.previous(i) : Long.MAX_VALUE;
            long c = j < nc ? set.current(j) : Long.MAX_VALUE;
            if (p == c) {
                i++;
                j++;
            } else if (c < p) {
                events.add(eventStep, eventTime, begin, PairSet.first(c), PairSet.second(c));
                j++;
            } else {
                events.add(eventStep, eventTime, end, PairSet.first(p), PairSet.second(p));
                i++;
            }
        }
        set.swap();
    }

    /** The body origin (centre of mass minus R times the body-frame centre of mass) and rotation. */
    private void poseOf(int i, Transform out) {
        double x = store.qx[i], y = store.qy[i], z = store.qz[i], w = store.qw[i];
        double cx = store.cx[i], cy = store.cy[i], cz = store.cz[i];
        double tx = 2 * (y * cz - z * cy), ty = 2 * (z * cx - x * cz), tz = 2 * (x * cy - y * cx);
        double rx = cx + w * tx + (y * tz - z * ty);
        double ry = cy + w * ty + (z * tx - x * tz);
        double rz = cz + w * tz + (x * ty - y * tx);
        out.set(store.px[i] - rx, store.py[i] - ry, store.pz[i] - rz, x, y, z, w);
    }

    // ---------------------------------------------------------------- joints

    /**
     * m: a joint whose anchors are further apart than this keeps its island awake. Its spring is still
     * closing it, often slower than the sleep speed: a ragdoll's shoulder wedged under another doll
     * closed from 71 to 32 mm over 9 s and was frozen there by sleep (the app's ragdolls scene);
     * kept awake, every joint of that pile was within 7.3 mm by 15 s.
     */
    static final double JOINT_REST_GAP = 0.01;

    /**
     * Each joint's bodies for this step: dense indices, whether it is solved (a side is awake and
     * dynamic), island links between two dynamic bodies, and wakes: a sleeping body whose joint
     * partner is awake (or a moving kinematic body) wakes with its island, and the narrow phase runs
     * again for it.
     */
    private void linkJoints() {
        for (int j = 0, n = joints.slots(); j < n; j++) {
            if (joints.live[j] == 0) {
                continue;
            }
            int a = bodies.index(handleOfSlot[joints.slotA[j]]);
            int b = joints.slotB[j] < 0 ? -1 : bodies.index(handleOfSlot[joints.slotB[j]]);
            joints.a[j] = a;
            joints.b[j] = b;
            boolean awakeA = store.type[a] == BodyStore.DYNAMIC && store.asleep[a] == 0;
            boolean awakeB = b >= 0 && store.type[b] == BodyStore.DYNAMIC && store.asleep[b] == 0;
            boolean stirsA = awakeA || isMoving(a), stirsB = b >= 0 && (awakeB || isMoving(b));
            if (b >= 0 && store.asleep[a] != 0 && stirsB) {
                wakeGroup(sleepGroupOfSlot[joints.slotA[j]]);
                wokeDuringPass = true;
            } else if (b >= 0 && store.asleep[b] != 0 && stirsA) {
                wakeGroup(sleepGroupOfSlot[joints.slotB[j]]);
                wokeDuringPass = true;
            }
            if (awakeA && awakeB) {
                islands.link(a, b);
            } else if (awakeA && b >= 0 && isMoving(b)) {
                keepAwake[a] = 1;
            } else if (awakeB && isMoving(a)) {
                keepAwake[b] = 1;
            }
            if ((awakeA || awakeB) && jointSolver.pointGap(store, j) > JOINT_REST_GAP) {
                keepAwake[awakeA ? a : b] = 1;
            }
            joints.active[j] = (byte) (awakeA || awakeB ? 1 : 0);
        }
    }

    /** Removes each breakable joint whose force or torque over the last substep passed its limit. */
    private void breakJoints(double h) {
        for (int j = 0, n = joints.slots(); j < n; j++) {
            if (joints.live[j] == 0 || joints.active[j] == 0 || !jointSolver.breakable(j)) {
                continue;
            }
            jointSolver.reaction(store, j, h, reaction);
            double force = Math.sqrt(reaction[0] * reaction[0] + reaction[1] * reaction[1] + reaction[2] * reaction[2]);
            double torque = Math.sqrt(reaction[3] * reaction[3] + reaction[4] * reaction[4] + reaction[5] * reaction[5]);
            if (jointSolver.breaks(j, force, torque)) {
                events.add(eventStep, eventTime, Event.Type.JOINT_BREAK, joints.slotA[j], joints.slotB[j]);
                dropJoint(j);
            }
        }
    }

    /**
     * Adds a joint between two bodies (or a body and the world) as they are now; see {@link JointDef}.
     * Everything is checked first; on any error nothing changes. Wakes both bodies.
     *
     * @throws IllegalArgumentException naming the problem: the def's own ({@link JointDef#problems}),
     *     a stale body handle, a body joined to itself, or two ends that cannot move (static or
     *     kinematic on both sides)
     */
    public JointId addJoint(JointDef def) {
        if (def == null) {
            throw new IllegalArgumentException("joint: def must not be null");
        }
        String label = "joint '" + def.name + "' (" + (def.type == null ? "?" : def.type.key()) + ")";
        String problems = def.problems();
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(label + ": " + problems);
        }
        if (!bodies.contains(def.bodyA)) {
            throw new IllegalArgumentException(label + ": bodyA is not a body of this world: " + def.bodyA);
        }
        if (def.bodyB != null && !bodies.contains(def.bodyB)) {
            throw new IllegalArgumentException(label + ": bodyB is not a body of this world: " + def.bodyB);
        }
        if (def.bodyA.equals(def.bodyB)) {
            throw new IllegalArgumentException(label + ": a body cannot be joined to itself");
        }
        boolean dynamicA = bodies.type(def.bodyA) == BodyDef.Type.DYNAMIC;
        boolean dynamicB = def.bodyB != null && bodies.type(def.bodyB) == BodyDef.Type.DYNAMIC;
        if (!dynamicA && !dynamicB) {
            throw new IllegalArgumentException(label + ": at least one end must be a dynamic body");
        }
        int j = joints.allocate();
        try {
            JointSetup.configure(joints, j, def, bodies.centerOfMass(def.bodyA), bodies.orientation(def.bodyA),
                    def.bodyB == null ? null : bodies.centerOfMass(def.bodyB),
                    def.bodyB == null ? null : bodies.orientation(def.bodyB));
        } catch (IllegalArgumentException e) {
            joints.release(j);
            throw e;
        }
        if (j >= jointNames.length) {
            jointNames = Arrays.copyOf(jointNames, Math.max(j + 1, 2 * jointNames.length));
        }
        jointNames[j] = def.name;
        joints.slotA[j] = def.bodyA.index();
        joints.slotB[j] = def.bodyB == null ? -1 : def.bodyB.index();
        rebuildJointPairs();
        wakeJointBodies(j);
        return new JointId(j, joints.generation[j]);
    }

    /** Removes a live joint; its handle becomes stale. Wakes both bodies. */
    public void removeJoint(JointId id) {
        dropJoint(joints.check(id));
    }

    private void dropJoint(int j) {
        wakeJointBodies(j);
        joints.release(j);
        rebuildJointPairs();
    }

    private void wakeJointBodies(int j) {
        wake(handleOfSlot[joints.slotA[j]]);
        if (joints.slotB[j] >= 0) {
            wake(handleOfSlot[joints.slotB[j]]);
        }
    }

    /** The sorted pairs joints keep apart from collision (those without {@code collide}). */
    private void rebuildJointPairs() {
        int n = 0;
        long[] keys = new long[joints.count()];
        for (int j = 0, m = joints.slots(); j < m; j++) {
            if (joints.live[j] != 0 && joints.collide[j] == 0 && joints.slotB[j] >= 0) {
                int sa = joints.slotA[j], sb = joints.slotB[j];
                keys[n++] = sa < sb ? PairSet.key(sa, sb) : PairSet.key(sb, sa);
            }
        }
        keys = Arrays.copyOf(keys, n);
        Arrays.sort(keys);
        jointPairs = keys;
    }

    /** Whether the handle names a live joint (false after it was removed or broke). */
    public boolean containsJoint(JointId id) {
        return joints.isLive(id);
    }

    public int jointCount() {
        return joints.count();
    }

    /**
     * The joint's coordinate now: a hinge's angle (rad, 0 at creation), a slider's position along
     * its axis (m), a distance joint's length (m), a cone-twist's twist (rad); otherwise the gap
     * between the two anchor points (m), 0 for a joint that holds.
     */
    public double jointCoordinate(JointId id) {
        int j = joints.check(id);
        mapJointBodies(j);
        return jointSolver.coordinate(store, j);
    }

    /** The live joints, in slot order (allocates: for tools, not the step loop). */
    public List<JointId> joints() {
        List<JointId> out = new java.util.ArrayList<>();
        for (int j = 0, n = joints.slots(); j < n; j++) {
            if (joints.live[j] != 0) {
                out.add(new JointId(j, joints.generation[j]));
            }
        }
        return out;
    }

    public JointDef.Type jointType(JointId id) {
        return JointDef.Type.values()[joints.type[joints.check(id)]];
    }

    /** The name the joint's def gave it. */
    public String jointName(JointId id) {
        return jointNames[joints.check(id)];
    }

    public BodyId jointBodyA(JointId id) {
        return handleOfSlot[joints.slotA[joints.check(id)]];
    }

    /** Body B, or null when the joint holds A to the world. */
    public BodyId jointBodyB(JointId id) {
        int slot = joints.slotB[joints.check(id)];
        return slot < 0 ? null : handleOfSlot[slot];
    }

    /** The joint's two anchor points now, world frame: A's into {@code out[0..2]}, B's into {@code out[3..5]}. */
    public void jointAnchors(JointId id, double[] out) {
        int j = joints.check(id);
        mapJointBodies(j);
        jointSolver.anchors(store, j, out);
    }

    /** The gap between the joint's two anchor points now, m (0 for a ball joint that holds). */
    public double jointGap(JointId id) {
        int j = joints.check(id);
        mapJointBodies(j);
        return jointSolver.anchorGap(store, j);
    }

    /**
     * The force (N, {@code out[0..2]}) and torque (N m, {@code out[3..5]}) the joint applied to body B
     * over the last substep of the last step, world frame.
     */
    public void jointReaction(JointId id, double[] out) {
        int j = joints.check(id);
        mapJointBodies(j);
        jointSolver.reaction(store, j, stepDt > 0 ? stepDt / substeps : 1, out);
    }

    /** A velocity motor's target speed (rad/s or m/s); wakes the bodies. */
    public void setMotorSpeed(JointId id, double speed) {
        int j = joints.check(id);
        jointSolver.setMotorSpeed(j, speed);
        wakeJointBodies(j);
    }

    /** A position motor's target (rad or m); wakes the bodies. */
    public void setMotorTarget(JointId id, double target) {
        int j = joints.check(id);
        jointSolver.setMotorTarget(j, target);
        wakeJointBodies(j);
    }

    /**
     * Moves the world-side anchor of a joint that holds a body to the world (a mouse spring: a soft
     * ball joint dragged by the cursor); wakes the body.
     *
     * @throws IllegalArgumentException for a joint between two bodies or a non-finite point
     */
    public void setJointWorldAnchor(JointId id, Vec3 point) {
        int j = joints.check(id);
        if (joints.slotB[j] >= 0) {
            throw new IllegalArgumentException("joint " + id + " joins two bodies; only a joint to the world has a world anchor");
        }
        if (point == null || !point.isFinite()) {
            throw new IllegalArgumentException("joint world anchor must be a finite point, got " + point);
        }
        jointSolver.setWorldAnchor(j, point.x(), point.y(), point.z());
        wakeJointBodies(j);
    }

    /** The rigid joint rows' correction spring, Hz (> 0); by default a quarter of the substep rate. */
    public void setJointHertz(double hz) {
        jointSolver.setJointHertz(hz);
    }

    public void setJointDampingRatio(double zeta) {
        jointSolver.setJointDampingRatio(zeta);
    }

    /** Passes over the joints in each of the solver's passes (>= 1; default 1): stiffer chains for little cost. */
    public void setJointIterations(int n) {
        jointSolver.setIterations(n);
    }

    private void mapJointBodies(int j) {
        joints.a[j] = bodies.index(handleOfSlot[joints.slotA[j]]);
        joints.b[j] = joints.slotB[j] < 0 ? -1 : bodies.index(handleOfSlot[joints.slotB[j]]);
    }

    /** The joints touching body slot {@code slot} go (the body is being removed). */
    private void dropJointsOf(int slot) {
        for (int j = 0, n = joints.slots(); j < n; j++) {
            if (joints.live[j] != 0 && (joints.slotA[j] == slot || joints.slotB[j] == slot)) {
                joints.release(j);
            }
        }
        rebuildJointPairs();
    }

    // ---------------------------------------------------------------- bodies

    /**
     * Adds a body with its collision shape (in the body's own frame) and material. Everything is
     * validated first; on any error nothing is added.
     *
     * @param friction Coulomb coefficient, >= 0 (combined per pair as {@code sqrt(muA muB)})
     * @param restitution >= 0, 1 for an elastic bounce (combined per pair as {@code max(eA, eB)})
     * @throws IllegalArgumentException for a null shape, a plane on a body that is not static, a
     *     bad friction or restitution, or anything {@link RigidBodies#add} rejects
     */
    public BodyId add(BodyDef def, Shape shape, double friction, double restitution) {
        if (shape == null) {
            throw new IllegalArgumentException("world: shape must not be null");
        }
        if (!(friction >= 0) || !Double.isFinite(friction)) {
            throw new IllegalArgumentException("world: friction must be >= 0 and finite, got " + friction);
        }
        if (!(restitution >= 0) || !Double.isFinite(restitution)) {
            throw new IllegalArgumentException("world: restitution must be >= 0 and finite, got " + restitution);
        }
        if (shape instanceof PlaneShape && def != null && def.type() != BodyDef.Type.STATIC) {
            throw new IllegalArgumentException("world: a plane must be on a static body, got " + def.type());
        }
        BodyId id = bodies.add(def);
        int i = bodies.index(id);
        poseOf(i, pose);
        int collider = collision.add(shape, pose, def.type() == BodyDef.Type.STATIC, PairFilter.ALL,
                PairFilter.ALL);
        int slot = id.index();
        if (slot >= colliderOfSlot.length) {
            int c = Math.max(slot + 1, 2 * colliderOfSlot.length);
            colliderOfSlot = Arrays.copyOf(colliderOfSlot, c);
            frictionOfSlot = Arrays.copyOf(frictionOfSlot, c);
            restitutionOfSlot = Arrays.copyOf(restitutionOfSlot, c);
            sensorOfSlot = Arrays.copyOf(sensorOfSlot, c);
            bulletOfSlot = Arrays.copyOf(bulletOfSlot, c);
            sleepGroupOfSlot = Arrays.copyOf(sleepGroupOfSlot, c);
            handleOfSlot = Arrays.copyOf(handleOfSlot, c);
        }
        if (collider >= denseOfCollider.length) {
            denseOfCollider = Arrays.copyOf(denseOfCollider, Math.max(collider + 1, 2 * denseOfCollider.length));
        }
        colliderOfSlot[slot] = collider;
        frictionOfSlot[slot] = friction;
        restitutionOfSlot[slot] = restitution;
        sensorOfSlot[slot] = false;
        bulletOfSlot[slot] = false;
        sleepGroupOfSlot[slot] = 0;
        handleOfSlot[slot] = id;
        setSizes(i, shape);
        return id;
    }

    /**
     * From the shape's local bounds: the farthest corner from the centre of mass (turns |w| into a
     * speed) and a quarter of the smallest side (a step longer than that is swept).
     */
    private void setSizes(int i, Shape shape) {
        double[] b = new double[6];
        shape.localBounds(b);
        double cx = store.cx[i], cy = store.cy[i], cz = store.cz[i];
        double ex = Math.max(Math.abs(b[0] - cx), Math.abs(b[3] - cx));
        double ey = Math.max(Math.abs(b[1] - cy), Math.abs(b[4] - cy));
        double ez = Math.max(Math.abs(b[2] - cz), Math.abs(b[5] - cz));
        double e = Math.sqrt(ex * ex + ey * ey + ez * ez);
        double thinnest = Math.min(b[3] - b[0], Math.min(b[4] - b[1], b[5] - b[2]));
        store.extent[i] = Double.isFinite(e) ? e : 0;
        store.fastDistance[i] = Double.isFinite(thinnest) ? 0.25 * thinnest : 0;
    }

    /** The body's Coulomb coefficient (combined per pair as {@code sqrt(muA muB)}). */
    public double friction(BodyId id) {
        bodies.index(id);
        return frictionOfSlot[id.index()];
    }

    /** Changes the body's friction (>= 0, finite) from the next step; wakes it. */
    public void setFriction(BodyId id, double friction) {
        bodies.index(id);
        if (!(friction >= 0) || !Double.isFinite(friction)) {
            throw new IllegalArgumentException("world: friction must be >= 0 and finite, got " + friction);
        }
        frictionOfSlot[id.index()] = friction;
        wake(id);
    }

    /** The body's restitution (combined per pair as {@code max(eA, eB)}). */
    public double restitution(BodyId id) {
        bodies.index(id);
        return restitutionOfSlot[id.index()];
    }

    /** Changes the body's restitution (>= 0, finite) from the next step; wakes it. */
    public void setRestitution(BodyId id, double restitution) {
        bodies.index(id);
        if (!(restitution >= 0) || !Double.isFinite(restitution)) {
            throw new IllegalArgumentException("world: restitution must be >= 0 and finite, got " + restitution);
        }
        restitutionOfSlot[id.index()] = restitution;
        wake(id);
    }

    /**
     * Makes the body a sensor (a trigger): it gets no contact points, never pushes or is pushed, and
     * reports {@code sensorEnter} / {@code sensorExit} for the bodies its shape overlaps.
     */
    public void setSensor(BodyId id, boolean sensor) {
        bodies.index(id);
        sensorOfSlot[id.index()] = sensor;
        wake(id);
    }

    public boolean isSensor(BodyId id) {
        bodies.index(id);
        return sensorOfSlot[id.index()];
    }

    /**
     * Marks a dynamic body as a bullet: after each step it is swept from where it started to where it
     * ended against every other non-sensor body (not only static ones, as every fast body is), and
     * stopped at its first impact, so that a small fast body never passes through a thin one.
     */
    public void setBullet(BodyId id, boolean bullet) {
        bodies.index(id);
        bulletOfSlot[id.index()] = bullet;
    }

    public boolean isBullet(BodyId id) {
        bodies.index(id);
        return bulletOfSlot[id.index()];
    }

    /** Whether the body sleeps (always false for static and kinematic bodies). */
    public boolean isSleeping(BodyId id) {
        return store.asleep[bodies.index(id)] != 0;
    }

    /** Wakes the body and the island it fell asleep with; an awake body's sleep timer restarts. */
    public void wake(BodyId id) {
        int i = bodies.index(id);
        if (store.asleep[i] != 0) {
            wakeGroup(sleepGroupOfSlot[id.index()]);
        }
        restartSleepTimer(i);
    }

    /** Wakes every sleeping body (a static body moved or a body was removed: anything may now fall). */
    private void wakeAll() {
        int n = store.count();
        for (int i = 0; i < n; i++) {
            if (store.asleep[i] != 0) {
                wakeGroup(sleepGroupOfSlot[store.slot[i]]);
            }
        }
    }

    /**
     * Removes a live body and its shape; its handle becomes stale. The warm-start cache is dropped
     * (its collider number may be reused by the next add), so the next step starts cold; every
     * sleeping body wakes (what rested on the body must fall); its pairs end without events, and
     * its joints are removed with it (no jointBreak event).
     */
    public void remove(BodyId id) {
        bodies.index(id);
        wakeAll();
        dropJointsOf(id.index());
        collision.remove(colliderOfSlot[id.index()]);
        bodies.remove(id);
        handleOfSlot[id.index()] = null;
        touching.forget(id.index());
        sensing.forget(id.index());
        contacts.clear();
        contacts.clearCache();
    }

    public boolean contains(BodyId id) {
        return bodies.contains(id);
    }

    public int bodyCount() {
        return bodies.count();
    }

    public BodyDef.Type type(BodyId id) {
        return bodies.type(id);
    }

    /** kg; 0 for static and kinematic bodies. */
    public double mass(BodyId id) {
        return bodies.mass(id);
    }

    /** The body origin, world space, m. */
    public Vec3 position(BodyId id) {
        return bodies.position(id);
    }

    /** The centre of mass, world space, m. */
    public Vec3 centerOfMass(BodyId id) {
        return bodies.centerOfMass(id);
    }

    /** Body-to-world rotation. */
    public Quat orientation(BodyId id) {
        return bodies.orientation(id);
    }

    /** Centre of mass velocity, m/s. */
    public Vec3 velocity(BodyId id) {
        return bodies.velocity(id);
    }

    /** rad/s, world frame. */
    public Vec3 angularVelocity(BodyId id) {
        return bodies.angularVelocity(id);
    }

    /** Moves the body origin to {@code p} (m) and its shape with it. */
    public void setPosition(BodyId id, Vec3 p) {
        bodies.setPosition(id, p);
        syncPose(id);
        wakeAfterMove(id);
    }

    /** A moved dynamic or kinematic body wakes with its island; a moved static body wakes everything. */
    private void wakeAfterMove(BodyId id) {
        if (bodies.type(id) == BodyDef.Type.STATIC) {
            wakeAll();
        } else {
            wake(id);
        }
    }

    /** Turns the body about its origin; its shape follows. */
    public void setOrientation(BodyId id, Quat q) {
        bodies.setOrientation(id, q);
        syncPose(id);
        wakeAfterMove(id);
    }

    private void syncPose(BodyId id) {
        poseOf(bodies.index(id), pose);
        collision.setPose(colliderOfSlot[id.index()], pose);
    }

    /** m/s; rejected for a static body. Wakes the body (as do the other setters and pushes). */
    public void setVelocity(BodyId id, Vec3 v) {
        bodies.setVelocity(id, v);
        wake(id);
    }

    /** rad/s; rejected for a static body. */
    public void setAngularVelocity(BodyId id, Vec3 w) {
        bodies.setAngularVelocity(id, w);
        wake(id);
    }

    /** A force (N) at a world point (m) for the next step. */
    public void applyForce(BodyId id, Vec3 force, Vec3 worldPoint) {
        bodies.applyForce(id, force, worldPoint);
        wake(id);
    }

    /** A torque (N m, world axes) for the next step. */
    public void applyTorque(BodyId id, Vec3 torque) {
        bodies.applyTorque(id, torque);
        wake(id);
    }

    /** An impulse (N s) at a world point (m), now. */
    public void applyImpulse(BodyId id, Vec3 impulse, Vec3 worldPoint) {
        bodies.applyImpulse(id, impulse, worldPoint);
        wake(id);
    }

    /**
     * The body's state into {@code out[0..12]} without allocating: origin position, orientation
     * (x, y, z, w), centre-of-mass velocity, angular velocity (world axes); SI units.
     */
    public void readState(BodyId id, double[] out) {
        int i = bodies.index(id);
        poseOf(i, pose);
        out[0] = pose.px;
        out[1] = pose.py;
        out[2] = pose.pz;
        out[3] = store.qx[i];
        out[4] = store.qy[i];
        out[5] = store.qz[i];
        out[6] = store.qw[i];
        out[7] = store.vx[i];
        out[8] = store.vy[i];
        out[9] = store.vz[i];
        out[10] = store.wx[i];
        out[11] = store.wy[i];
        out[12] = store.wz[i];
    }

    /** The body's collision shape, in its own frame. */
    public Shape shape(BodyId id) {
        bodies.index(id);
        return collision.shape(colliderOfSlot[id.index()]);
    }

    /** The name the body was given in its def. */
    public String name(BodyId id) {
        return bodies.name(id);
    }

    /** Steps taken. */
    public long stepCount() {
        return stepCount;
    }

    /** Simulated seconds: the sum of the steps' dt. */
    public double time() {
        return time;
    }

    /** Where the last step's time went, stage by stage. */
    public Profile profile() {
        return profile;
    }

    /** Pairs of bodies touching after the last step (within {@link #TOUCH_BEGIN}..{@link #TOUCH_END}). */
    public int touchingPairCount() {
        return touching.previousCount();
    }

    /** Bodies asleep now. */
    public int sleepingCount() {
        int n = store.count(), k = 0;
        for (int i = 0; i < n; i++) {
            k += store.asleep[i];
        }
        return k;
    }

    /**
     * Moves the events of the last step (and any recorded since, such as wakes caused by setters)
     * into {@code out}, oldest first, naming bodies by {@code nameOfSlot} (the handle's
     * {@link BodyId#index()}). Events not drained are dropped by the step after next, so a world
     * nobody reads events from holds only one step's worth.
     */
    public void drainEvents(List<Event> out, IntFunction<String> nameOfSlot) {
        events.drainInto(out, nameOfSlot);
        eventsOfLastStep = 0;
    }

    /** Moves the events {@link #drainEvents} would give into {@code out}, allocating nothing once grown. */
    public void drainEvents(EventBuffer out) {
        events.moveTo(out);
        eventsOfLastStep = 0;
    }

    /** {@link #drainEvents(List, IntFunction)} with the bodies' own names. */
    public void drainEvents(List<Event> out) {
        drainEvents(out, slot -> bodies.name(handleOfSlot[slot]));
    }

    /** Gravitational potential energy of the dynamic bodies, {@code -m g . c} summed, J. */
    public double potentialEnergy() {
        int n = store.count();
        double e = 0;
        for (int i = 0; i < n; i++) {
            if (store.type[i] == BodyStore.DYNAMIC) {
                e -= store.mass[i] * store.gravityScale[i] * (gx * store.px[i] + gy * store.py[i] + gz * store.pz[i]);
            }
        }
        return e;
    }

    /** Kinetic energy of the dynamic bodies, J. */
    public double kineticEnergy() {
        return bodies.kineticEnergy();
    }

    /** Equal for bit-identical body states (see {@link RigidBodies#stateHash}). */
    public long stateHash() {
        return bodies.stateHash();
    }

    // ---------------------------------------------------------------- contacts of the last step

    /** Contact points found by the last step (speculative ones, still apart, included). */
    public int contactPointCount() {
        return contacts.count();
    }

    /** Body A of contact point k (the normal points from A to B). */
    public BodyId contactBodyA(int k) {
        return handleOfSlot[store.slot[contacts.bodyA[checkPoint(k)]]];
    }

    public BodyId contactBodyB(int k) {
        return handleOfSlot[store.slot[contacts.bodyB[checkPoint(k)]]];
    }

    /** The narrow phase's feature id of point k (with compound children folded in). */
    public int contactFeatureId(int k) {
        return contacts.featureId[checkPoint(k)];
    }

    /** The unit normal of point k, A to B, world frame. */
    public Vec3 contactNormal(int k) {
        checkPoint(k);
        return new Vec3(contacts.get(k, ContactStore.NX), contacts.get(k, ContactStore.NY),
                contacts.get(k, ContactStore.NZ));
    }

    /** Separation of point k when it was found, m (negative: overlap). */
    public double contactSeparation(int k) {
        return contacts.get(checkPoint(k), ContactStore.SEPARATION);
    }

    /** The normal impulse point k applied over the whole last step, N s. */
    public double contactNormalImpulse(int k) {
        return contacts.get(checkPoint(k), ContactStore.TOTAL_NORMAL_IMPULSE);
    }

    /** Whether point k started the last step from the impulses cached under its feature id. */
    public boolean contactWarmStarted(int k) {
        return contacts.warmStarted[checkPoint(k)] != 0;
    }

    private int checkPoint(int k) {
        if (k < 0 || k >= contacts.count()) {
            throw new IllegalArgumentException("world: no contact point " + k + " (have " + contacts.count() + ")");
        }
        return k;
    }

    // ---------------------------------------------------------------- snapshots

    /**
     * The layout of {@link #writeState}'s output; bumped when it changes (2: contact records of 86
     * fields, with the friction patch's, and the patch friction switch).
     */
    static final int STATE_VERSION = 2;

    /**
     * Everything that decides the coming steps and the answers of every query, bit for bit: bodies,
     * handles, materials and flags, the collision world's poses, manifold cache and broad-phase tree,
     * contact points and warm-start cache, joints with their impulses, touching and sensing pairs,
     * events not yet drained, sleep groups, settings, step count and time. Shapes are not in it: a
     * snapshot goes back into this world, or into one built the same way (see {@link #restore}).
     * Takes O(bodies + contacts + joints) time and memory; meant for between steps, not every step.
     */
    public WorldSnapshot snapshot() {
        return new WorldSnapshot(WorldSnapshot.Kind.WORLD, stepCount, time, payload(this::writeState));
    }

    /**
     * Puts the world back into the state of {@code snapshot}: the next steps then equal, bit for bit,
     * those that followed the snapshot. The world must hold the same bodies in the same handle slots
     * (generations included) with the same shapes: the world the snapshot was taken of, or one built
     * by the same calls. Joints may differ (broken, added or removed since): the snapshot's replace
     * them, so joint handles from before the snapshot are valid again and later ones may not be.
     * On any error nothing changes.
     *
     * @throws IllegalArgumentException for a snapshot of another kind of world, or one whose bodies do
     *     not fit this world (naming the first difference)
     */
    public void restore(WorldSnapshot snapshot) {
        if (snapshot == null) {
            throw new IllegalArgumentException("world: snapshot must not be null");
        }
        if (snapshot.kind() == WorldSnapshot.Kind.LAB) {
            throw new IllegalArgumentException("world: a lab world's snapshot cannot be restored into the"
                    + " engine's world");
        }
        DataInputStream in = snapshot.open();
        if (snapshot.kind() == WorldSnapshot.Kind.SIMULATION) {
            // A simulation's snapshot holds its undrained events, then its world's state.
            try {
                new EventBuffer().readState(in);
            } catch (IOException e) {
                throw new IllegalArgumentException("snapshot: cannot be read: " + e.getMessage(), e);
            }
        }
        readSnapshot(in);
    }

    /** Reads {@link #writeState}'s output, or leaves the world as it was and throws. */
    void readSnapshot(DataInput in) {
        try {
            checkFits(in);
        } catch (IOException e) {
            throw new IllegalArgumentException("snapshot: cannot be read: " + e.getMessage(), e);
        }
        WorldSnapshot before = snapshot();
        try {
            readState(in);
        } catch (IOException | RuntimeException e) {
            try {
                DataInput back = before.open();
                checkFits(back);
                readState(back);
            } catch (IOException impossible) {
                throw new IllegalStateException("world: cannot go back after a failed restore", impossible);
            }
            throw new IllegalArgumentException("snapshot: cannot be read: " + e.getMessage(), e);
        }
    }

    /** Writes the state: first what must match ({@link #checkFits} reads it back), then the rest. */
    void writeState(DataOutput out) throws IOException {
        out.writeInt(STATE_VERSION);
        // What must match.
        int n = store.count();
        out.writeInt(n);
        bodies.ids().writeState(out);
        for (int i = 0; i < n; i++) {
            int slot = store.slot[i];
            out.writeUTF(String.valueOf(bodies.name(handleOfSlot[slot])));
            out.writeByte(store.type[i]);
            out.writeInt(colliderOfSlot[slot]);
            Shape shape = collision.shape(colliderOfSlot[slot]);
            out.writeUTF(shape.type().name());
            double[] b = new double[6];
            shape.localBounds(b);
            for (double v : b) {
                out.writeDouble(v);
            }
        }
        out.writeLong(collision.structureHash());
        // Settings.
        out.writeDouble(gx);
        out.writeDouble(gy);
        out.writeDouble(gz);
        out.writeInt(substeps);
        out.writeDouble(contactMargin);
        out.writeBoolean(sleepingEnabled);
        out.writeDouble(sleepSpeed);
        out.writeDouble(timeToSleep);
        out.writeInt(solver.iterations());
        out.writeInt(solver.relaxIterations());
        out.writeBoolean(solver.patchFriction());
        out.writeDouble(solver.contactHertz());
        out.writeDouble(solver.dampingRatio());
        out.writeDouble(solver.maxPushOutSpeed());
        out.writeDouble(solver.restitutionThreshold());
        out.writeDouble(jointSolver.jointHertz());
        out.writeDouble(jointSolver.jointDampingRatio());
        out.writeInt(jointSolver.iterations());
        // Counters.
        out.writeLong(stepCount);
        out.writeDouble(time);
        out.writeDouble(stepDt);
        out.writeLong(eventStep);
        out.writeDouble(eventTime);
        out.writeInt(nextSleepGroup);
        out.writeInt(eventsOfLastStep);
        out.writeLong(continuousHits);
        // Per body: material, flags, sleep group (by dense index; the slots are checked to match).
        for (int i = 0; i < n; i++) {
            int slot = store.slot[i];
            out.writeDouble(frictionOfSlot[slot]);
            out.writeDouble(restitutionOfSlot[slot]);
            out.writeBoolean(sensorOfSlot[slot]);
            out.writeBoolean(bulletOfSlot[slot]);
            out.writeInt(sleepGroupOfSlot[slot]);
        }
        store.writeState(out);
        collision.writeState(out);
        contacts.writeState(out);
        joints.writeState(out);
        for (int j = 0; j < joints.slots(); j++) {
            out.writeBoolean(jointNames[j] != null);
            if (jointNames[j] != null) {
                out.writeUTF(jointNames[j]);
            }
        }
        touching.writeState(out);
        sensing.writeState(out);
        events.writeState(out);
    }

    /**
     * Reads the part of {@link #writeState} that must match this world and says what differs.
     *
     * @throws IllegalArgumentException naming the first difference
     */
    private void checkFits(DataInput in) throws IOException {
        int version = in.readInt();
        if (version != STATE_VERSION) {
            throw new IllegalArgumentException("snapshot: world state version " + version
                    + " is not supported (this build reads " + STATE_VERSION + ")");
        }
        int n = in.readInt();
        if (n != store.count()) {
            throw new IllegalArgumentException("snapshot does not fit this world: it has " + n
                    + " bodies, the world " + store.count());
        }
        if (!bodies.ids().sameState(in)) {
            throw new IllegalArgumentException("snapshot does not fit this world: its bodies' handles"
                    + " (slots and generations) differ; was a body added or removed since, or the world"
                    + " built otherwise?");
        }
        double[] b = new double[6];
        for (int i = 0; i < n; i++) {
            int slot = store.slot[i];
            String name = in.readUTF();
            int type = in.readByte();
            int collider = in.readInt();
            String shapeType = in.readUTF();
            for (int k = 0; k < 6; k++) {
                b[k] = in.readDouble();
            }
            String own = String.valueOf(bodies.name(handleOfSlot[slot]));
            Shape shape = collision.shape(colliderOfSlot[slot]);
            double[] ownBounds = new double[6];
            shape.localBounds(ownBounds);
            String what = "snapshot does not fit this world: body " + i + " ('" + own + "')";
            if (!name.equals(own)) {
                throw new IllegalArgumentException(what + " is named '" + name + "' in the snapshot");
            }
            if (type != store.type[i]) {
                throw new IllegalArgumentException(what + " is " + BodyDef.Type.values()[store.type[i]]
                        + ", in the snapshot " + (type >= 0 && type < 3 ? BodyDef.Type.values()[type]
                                : type));
            }
            if (collider != colliderOfSlot[slot] || !shapeType.equals(shape.type().name())
                    || !Arrays.equals(b, ownBounds)) {
                throw new IllegalArgumentException(what + " has a " + shape.type() + " shape with bounds "
                        + Arrays.toString(ownBounds) + ", in the snapshot a " + shapeType + " with "
                        + Arrays.toString(b));
            }
        }
        if (in.readLong() != collision.structureHash()) {
            throw new IllegalArgumentException("snapshot does not fit this world: the collision world's"
                    + " bodies "
                    + "(numbers, planes, shapes) differ");
        }
    }

    /** Reads the rest of {@link #writeState}, after {@link #checkFits}. */
    private void readState(DataInput in) throws IOException {
        setGravity(new Vec3(in.readDouble(), in.readDouble(), in.readDouble()));
        setSubsteps(in.readInt());
        setContactMargin(in.readDouble());
        sleepingEnabled = in.readBoolean();
        setSleepSpeed(in.readDouble());
        setTimeToSleep(in.readDouble());
        solver.setIterations(in.readInt());
        solver.setRelaxIterations(in.readInt());
        solver.setPatchFriction(in.readBoolean());
        double hertz = in.readDouble();
        if (Double.isNaN(hertz)) {
            solver.useDefaultContactHertz();
        } else {
            solver.setContactHertz(hertz);
        }
        solver.setDampingRatio(in.readDouble());
        solver.setMaxPushOutSpeed(in.readDouble());
        solver.setRestitutionThreshold(in.readDouble());
        double jointHertz = in.readDouble();
        if (Double.isNaN(jointHertz)) {
            jointSolver.useDefaultJointHertz();
        } else {
            jointSolver.setJointHertz(jointHertz);
        }
        jointSolver.setJointDampingRatio(in.readDouble());
        jointSolver.setIterations(in.readInt());
        stepCount = in.readLong();
        time = in.readDouble();
        stepDt = in.readDouble();
        eventStep = in.readLong();
        eventTime = in.readDouble();
        nextSleepGroup = in.readInt();
        eventsOfLastStep = in.readInt();
        continuousHits = in.readLong();
        int n = store.count();
        for (int i = 0; i < n; i++) {
            int slot = store.slot[i];
            frictionOfSlot[slot] = in.readDouble();
            restitutionOfSlot[slot] = in.readDouble();
            sensorOfSlot[slot] = in.readBoolean();
            bulletOfSlot[slot] = in.readBoolean();
            sleepGroupOfSlot[slot] = in.readInt();
        }
        store.readState(in);
        collision.readState(in);
        contacts.readState(in);
        joints.readState(in);
        if (jointNames.length < joints.slots()) {
            jointNames = new String[Math.max(16, joints.slots())];
        }
        Arrays.fill(jointNames, null);
        for (int j = 0; j < joints.slots(); j++) {
            jointNames[j] = in.readBoolean() ? in.readUTF() : null;
        }
        rebuildJointPairs();
        touching.readState(in);
        sensing.readState(in);
        events.readState(in);
    }

    /** The bytes {@code writer} writes. */
    static byte[] payload(StateWriter writer) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            writer.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory cannot fail", e);
        }
        return bytes.toByteArray();
    }

    /** Writes some state (a snapshot's payload). */
    @FunctionalInterface
    interface StateWriter {
        void write(DataOutput out) throws IOException;
    }

    // ---------------------------------------------------------------- settings

    public Vec3 gravity() {
        return new Vec3(gx, gy, gz);
    }

    /** m/s^2, world frame; must be finite. */
    public void setGravity(Vec3 g) {
        bodies.setGravity(g);
        gx = g.x();
        gy = g.y();
        gz = g.z();
        gravityMagnitude = g.length();
    }

    public boolean sleepingEnabled() {
        return sleepingEnabled;
    }

    /** Whether islands at rest may sleep (default true); turning it off wakes every body. */
    public void setSleepingEnabled(boolean on) {
        sleepingEnabled = on;
        if (!on) {
            wakeAll();
        }
    }

    /** m/s: a body whose centre and farthest point move slower than this is at rest (default 0.05). */
    public double sleepSpeed() {
        return sleepSpeed;
    }

    public void setSleepSpeed(double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException("world: sleep speed must be >= 0 and finite, got " + v);
        }
        sleepSpeed = v;
    }

    /** Seconds an island must stay at rest before it sleeps (default 0.5). */
    public double timeToSleep() {
        return timeToSleep;
    }

    public void setTimeToSleep(double t) {
        if (!(t >= 0) || !Double.isFinite(t)) {
            throw new IllegalArgumentException("world: time to sleep must be >= 0 and finite, got " + t);
        }
        timeToSleep = t;
    }

    public int substeps() {
        return substeps;
    }

    /** Soft-step substeps per step (>= 1; default 4). */
    public void setSubsteps(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("world: substeps must be >= 1, got " + n);
        }
        substeps = n;
    }

    /** Soft solve passes per substep (>= 1; default 1; scene files' {@code iterations}). */
    public int iterations() {
        return solver.iterations();
    }

    public void setIterations(int n) {
        solver.setIterations(n);
    }

    public int relaxIterations() {
        return solver.relaxIterations();
    }

    /** Unbiased solver passes per substep (>= 1; default 1). */
    public void setRelaxIterations(int n) {
        solver.setRelaxIterations(n);
    }

    /**
     * Whether a manifold's friction is solved as one patch, two tangent rows at the centre of its
     * points and a twist about its normal (default), or as two tangent rows at each point; the first
     * is as much friction for fewer rows (see {@link ContactSolver#setPatchFriction}).
     */
    public boolean patchFriction() {
        return solver.patchFriction();
    }

    public void setPatchFriction(boolean enabled) {
        solver.setPatchFriction(enabled);
    }

    /**
     * The widest search for speculative points, m: each pair is searched within
     * {@link #SPECULATIVE_DISTANCE} plus the distance its bodies can close in the step, up to this.
     */
    public double contactMargin() {
        return contactMargin;
    }

    /**
     * Metres, >= 0 and at most the broad phase's fattening ({@value DynamicAabbTree#DEFAULT_MARGIN} m,
     * so every pair within the margin is in the broad phase); default 0.1 m, which catches a body
     * falling at 6 m/s one 60 Hz step before it touches. Faster bodies are caught by the continuous
     * stage (against static bodies, or everything for bullets).
     */
    public void setContactMargin(double m) {
        if (!(m >= 0) || !(m <= DynamicAabbTree.DEFAULT_MARGIN)) {
            throw new IllegalArgumentException("world: contact margin must be in [0, "
                    + DynamicAabbTree.DEFAULT_MARGIN + "] m, got " + m);
        }
        contactMargin = m;
    }

    /** m/s: slower approaches do not bounce (default 1). */
    public double restitutionThreshold() {
        return solver.restitutionThreshold();
    }

    public void setRestitutionThreshold(double v) {
        solver.setRestitutionThreshold(v);
    }

    /**
     * Hz: the contact spring set by {@link #setContactHertz}, or NaN for the default
     * {@code max(30, substeps / dt / 8)} (see {@link ContactSolver#effectiveHertz}); twice that
     * against static and kinematic bodies, both capped at a quarter of the substep rate.
     */
    public double contactHertz() {
        return solver.contactHertz();
    }

    public void setContactHertz(double hz) {
        solver.setContactHertz(hz);
    }

    /** Threads a step runs on, the caller included (default 1). */
    public int threads() {
        return pool.threads();
    }

    /**
     * Runs the step on {@code n} threads: the calling thread and {@code n - 1} daemon workers of the
     * world's own, started here (and the old ones stopped). The narrow phase, the preparation and
     * solving of contacts (colour by colour, see {@code ContactSolver}), integration and the per-body
     * stages are cut into fixed blocks shared among them; joints, the broad phase's tree and
     * everything ordered stay on the calling thread. The result is bit-identical for every
     * {@code n}: the order of every floating-point operation that touches a body is fixed by the
     * scene, not by the threads. More threads than cores only adds waiting. {@link #close} stops the
     * workers.
     *
     * @throws IllegalArgumentException when n is less than 1
     */
    public void setThreads(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("world: threads must be >= 1, got " + n);
        }
        if (n == pool.threads()) {
            return;
        }
        WorkerPool next = new WorkerPool(n);
        pool.close();
        usePool(next);
    }

    /**
     * Whether the solver may walk the substeps island by island where that gives the same bits
     * (see {@code ContactSolver}); on by default. For the tests that check it does.
     */
    void setIslandWalk(boolean enabled) {
        solver.setIslandWalk(enabled);
    }

    /** Steps whose substeps the solver walked island by island. */
    long islandWalks() {
        return solver.islandWalks();
    }

    /** The shape of the body at store index i. */
    private Shape shapeOfIndex(int i) {
        return collision.shape(colliderOfSlot[store.slot[i]]);
    }

    private void usePool(WorkerPool p) {
        pool = p;
        shapeSupport.workers(p.threads());
        solver.setPool(p);
        collision.setPool(p);
    }

    /**
     * Stops the worker threads ({@link #setThreads}); the world goes on, on the calling thread
     * alone. Idempotent; a world that never had workers has nothing to stop.
     */
    @Override
    public void close() {
        if (pool.threads() > 1) {
            pool.close();
            usePool(new WorkerPool(1));
        }
    }

    /** Damping ratio of the contact spring (default 10). */
    public void setContactDampingRatio(double zeta) {
        solver.setDampingRatio(zeta);
    }

    /** The fastest an overlap is pushed apart, m/s (default 3). */
    public void setMaxPushOutSpeed(double v) {
        solver.setMaxPushOutSpeed(v);
    }
}
