package ricochet.world;

import java.util.List;
import java.util.function.IntFunction;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.character.Characters;
import ricochet.collision.CollisionWorld;
import ricochet.collision.broad.DynamicAabbTree;
import ricochet.collision.broad.PairFilter;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.ContactSolver;
import ricochet.dynamics.ContactStore;
import ricochet.dynamics.RigidBodies;
import ricochet.fracture.Fractures;
import ricochet.geometry.shape.Shape;
import ricochet.joints.JointDef;
import ricochet.joints.JointId;
import ricochet.joints.JointSolver;
import ricochet.joints.JointStore;
import ricochet.math.Quat;
import ricochet.math.StateLimits;
import ricochet.math.Vec3;
import ricochet.vehicle.Vehicles;
import ricochet.soft.SoftBodies;

/**
 * Rigid bodies with shapes that collide: what users embed. A step reads top to bottom in
 * {@link #step}: the collision world learns the bodies' poses, the narrow phase copies every
 * manifold point into a {@link ContactStore} (warm-started by feature id) and links touching bodies
 * into islands, the {@link ContactSolver} solves and integrates in substeps (Box2D v3's soft step;
 * its class comment says why), fast bodies are swept back to their first impact, islands at rest
 * fall asleep, and the step's events are recorded.
 *
 * <p>Sleeping: a dynamic body that stays near where its sleep timer restarted (the rule is in
 * {@code Sleeping}) accumulates sleep time; an island (bodies linked by touching contacts) whose
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

    /** The largest coordinate (m, of a centre of mass, any axis) a usable state has ({@link StateLimits}). */
    public static final double MAX_POSITION = StateLimits.MAX_POSITION;
    /** The largest speed component (m/s, and rad/s for spin) a usable state has ({@link StateLimits}). */
    public static final double MAX_SPEED = StateLimits.MAX_SPEED;
    /** m: a joint whose anchors are further apart keeps its island awake (see {@link JointLinks}). */
    static final double JOINT_REST_GAP = JointLinks.JOINT_REST_GAP;

    // The parts: what the stages share, each owned by one object and passed by reference.
    private final RigidBodies bodies;
    private final BodyStore store;
    private final CollisionWorld collision = new CollisionWorld(
            new DynamicAabbTree(DynamicAabbTree.DEFAULT_MARGIN, DynamicAabbTree.DEFAULT_DISPLACEMENT_SCALE,
                    new PairFilter()));
    private final ContactStore contacts = new ContactStore();
    private final ContactSolver solver = new ContactSolver();
    private final JointStore jointStore = new JointStore();
    private final JointSolver jointSolver = new JointSolver(jointStore);
    private final EventBuffer events = new EventBuffer();
    private final Profile profile = new Profile();
    private final StepClock clock = new StepClock();
    private final WorldSettings settings;
    private final BodyTable table;
    /** Shapes by store index, for the solver's re-anchoring of fast-turning bodies. */
    private final ShapeSupport shapeSupport;
    private final Sleeping sleeping;
    private final JointLinks jointLinks;
    private final PairEvents pairs;
    private final Continuous continuous;
    /** The snapshot's payload format (also written and read by {@link WorldSimulation}). */
    final SnapshotFormat snapshots;
    private final WorldStep stepper;
    private final Characters characters;
    private final Vehicles vehicles;
    private final SoftBodies softBodies;
    private final ContactPoints contactPoints;
    private final Fractures fractures;

    /** An empty world under {@code gravity} (m/s^2, world frame). */
    public World(Vec3 gravity) {
        bodies = new RigidBodies(gravity);
        store = bodies.store();
        table = new BodyTable(bodies, collision);
        shapeSupport = new ShapeSupport(table::shapeOfIndex);
        settings = new WorldSettings(bodies, collision, solver, jointSolver, shapeSupport);
        Islands islands = new Islands(store);
        sleeping = new Sleeping(bodies, table, collision, events, clock, settings, islands);
        jointLinks = new JointLinks(bodies, table, sleeping, islands, events, clock, jointStore, jointSolver);
        pairs = new PairEvents(bodies, table, clock, events);
        PoseUpdate poseUpdate = new PoseUpdate(store, table, collision, clock, settings);
        continuous = new Continuous(store, table, collision, settings, poseUpdate, jointStore);
        ContactCollector collector = new ContactCollector(store, table, collision, contacts, islands,
                sleeping, jointLinks, pairs, clock, settings);
        characters = new Characters(new CharacterLink(store, table, collision, sleeping, events, clock));
        vehicles = new Vehicles(new VehicleLink(this, bodies, table, collision, sleeping, events, clock));
        StepCheckpoint checkpoint = new StepCheckpoint(store, collision, contacts, pairs, clock, table,
                sleeping, continuous, jointLinks, characters, vehicles);
        softBodies = new SoftBodies(new SoftLink(store, table, collision, sleeping, settings, clock));
        fractures = new Fractures(new FractureLink(this, store, table, collision, contacts));
        snapshots = new SnapshotFormat(bodies, table, collision, contacts, settings, clock, sleeping,
                continuous, jointLinks, pairs, characters, vehicles, softBodies, fractures);
        stepper = new WorldStep(store, contacts, solver, clock, settings, events, profile, checkpoint,
                new StateCheck(bodies, table, clock), poseUpdate, collector, islands, jointLinks, continuous,
                sleeping, pairs, characters, fractures, vehicles,
                softBodies);
        contactPoints = new ContactPoints(contacts, table);
        setGravity(gravity);
        solver.setConstraints(jointSolver);
        solver.setSupportSource(shapeSupport);
        settings.usePool(settings.pool);
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
        stepper.step(dt);
    }

    // ---------------------------------------------------------------- characters

    /**
     * The world's characters: add, remove, drive ({@link Characters#setInput}) and read them (position,
     * velocity, ground state, normal, body and velocity). They move in {@link #step}, after the rigid
     * bodies are solved; {@code docs/character.md} describes how.
     */
    public Characters characters() {
        return characters;
    }

    // ---------------------------------------------------------------- fractured bodies

    /**
     * The world's fractured bodies: add them, read their pieces and bonds. Their clusters are ordinary
     * bodies of this world; a step splits a cluster whose bond broke ({@code docs/destruction.md}).
     */
    public Fractures fractures() {
        return fractures;
    }

    // ---------------------------------------------------------------- vehicles

    /**
     * The world's vehicles: add, remove, drive ({@link Vehicles#setInput}) and read them (wheels,
     * suspension, slips, gear, rpm). They are updated in {@link #step} before the rigid bodies are
     * solved, their chassis being dynamic bodies of this world; {@code docs/vehicles.md} describes how.
     */
    public Vehicles vehicles() {
        return vehicles;
    }

    // ---------------------------------------------------------------- cloth and soft bodies

    /**
     * The world's cloths and soft bodies: add, remove and read them (particles, centre of mass,
     * volume). They are stepped in {@link #step} after the rigid bodies are solved, by substepped XPBD,
     * and push dynamic bodies back; {@code docs/soft-bodies.md} describes how.
     */
    public SoftBodies softBodies() {
        return softBodies;
    }

    // ---------------------------------------------------------------- joints

    /**
     * Adds a joint between two bodies (or a body and the world) as they are now; see {@link JointDef}.
     * Everything is checked first; on any error nothing changes. Wakes both bodies.
     *
     * @throws IllegalArgumentException naming the problem: the def's own ({@link JointDef#problems}),
     *     a stale body handle, a body joined to itself, or two ends that cannot move (static or
     *     kinematic on both sides)
     */
    public JointId addJoint(JointDef def) {
        return jointLinks.addJoint(def);
    }

    /** Removes a live joint; its handle becomes stale. Wakes both bodies. */
    public void removeJoint(JointId id) {
        jointLinks.dropJoint(jointStore.check(id));
    }

    /** Whether the handle names a live joint (false after it was removed or broke). */
    public boolean containsJoint(JointId id) {
        return jointStore.isLive(id);
    }

    public int jointCount() {
        return jointStore.count();
    }

    /**
     * The joint's coordinate now: a hinge's angle (rad, 0 at creation), a slider's position along
     * its axis (m), a distance joint's length (m), a cone-twist's twist (rad); otherwise the gap
     * between the two anchor points (m), 0 for a joint that holds.
     */
    public double jointCoordinate(JointId id) {
        return jointSolver.coordinate(store, jointLinks.mapped(id));
    }

    /** The live joints, in slot order (allocates: for tools, not the step loop). */
    public List<JointId> joints() {
        return jointLinks.liveJoints();
    }

    public JointDef.Type jointType(JointId id) {
        return JointDef.Type.values()[jointStore.type[jointStore.check(id)]];
    }

    /** The name the joint's def gave it. */
    public String jointName(JointId id) {
        return jointLinks.jointNames[jointStore.check(id)];
    }

    public BodyId jointBodyA(JointId id) {
        return table.handleOfSlot[jointStore.slotA[jointStore.check(id)]];
    }

    /** Body B, or null when the joint holds A to the world. */
    public BodyId jointBodyB(JointId id) {
        int slot = jointStore.slotB[jointStore.check(id)];
        return slot < 0 ? null : table.handleOfSlot[slot];
    }

    /** The joint's two anchor points now, world frame: A's into {@code out[0..2]}, B's into {@code out[3..5]}. */
    public void jointAnchors(JointId id, double[] out) {
        jointSolver.anchors(store, jointLinks.mapped(id), out);
    }

    /** The gap between the joint's two anchor points now, m (0 for a ball joint that holds). */
    public double jointGap(JointId id) {
        return jointSolver.anchorGap(store, jointLinks.mapped(id));
    }

    /**
     * The joints that hold their anchors together (fixed, ball, hinge, cone-twist) whose anchors ended
     * the last step more than 5 cm apart: joints the solve is no longer holding. Each is also
     * reported once, as it parts, by a {@code jointStrain} event.
     */
    public int strainedJoints() {
        return jointLinks.strained;
    }

    /**
     * The force (N, {@code out[0..2]}) and torque (N m, {@code out[3..5]}) the joint applied to body B
     * over the last substep of the last step, world frame.
     */
    public void jointReaction(JointId id, double[] out) {
        int j = jointLinks.mapped(id);
        jointSolver.reaction(store, j, clock.stepDt > 0 ? clock.stepDt / settings.substeps : 1, out);
    }

    /** A velocity motor's target speed (rad/s or m/s); wakes the bodies. */
    public void setMotorSpeed(JointId id, double speed) {
        int j = jointStore.check(id);
        jointSolver.setMotorSpeed(j, speed);
        jointLinks.wakeJointBodies(j);
    }

    /** A position motor's target (rad or m); wakes the bodies. */
    public void setMotorTarget(JointId id, double target) {
        int j = jointStore.check(id);
        jointSolver.setMotorTarget(j, target);
        jointLinks.wakeJointBodies(j);
    }

    /**
     * Moves the world-side anchor of a joint that holds a body to the world (a mouse spring: a soft
     * ball joint dragged by the cursor); wakes the body.
     *
     * @throws IllegalArgumentException for a joint between two bodies or a non-finite point
     */
    public void setJointWorldAnchor(JointId id, Vec3 point) {
        jointLinks.setWorldAnchor(id, point);
    }

    /** The rigid joint rows' correction spring, Hz (> 0); by default a quarter of the substep rate. */
    public void setJointHertz(double hz) {
        jointSolver.setJointHertz(hz);
    }

    public void setJointDampingRatio(double zeta) {
        jointSolver.setJointDampingRatio(zeta);
    }

    /**
     * Passes over the joints in each of the solver's passes (1 to
     * {@value SettingsLimits#MAX_JOINT_ITERATIONS}; default 1): stiffer chains for little cost.
     *
     * @throws IllegalArgumentException naming the setting and value when out of range (nothing changes)
     */
    public void setJointIterations(int n) {
        settings.setJointIterations(n);
    }

    /**
     * Whether the equality rows of joints forming a tree (a chain, a ragdoll) are solved as one
     * system in each pass, so that loads many times a link's mass hang without stretching the
     * joints; on by default. Off: joint by joint, as a joint loop always is.
     */
    public void setJointTreeSolve(boolean enabled) {
        jointSolver.setTreeSolve(enabled);
    }

    public int jointIterations() {
        return jointSolver.iterations();
    }

    // ---------------------------------------------------------------- bodies

    /**
     * Adds a body with its collision shape (in the body's own frame) and material. Everything is
     * validated first; on any error nothing is added. A dynamic body without mass properties gets
     * those of its shape filled with the def's density ({@link BodyDef#withMassFromShape}).
     *
     * @param friction Coulomb coefficient, >= 0 (combined per pair as {@code sqrt(muA muB)})
     * @param restitution >= 0, 1 for an elastic bounce (combined per pair as {@code max(eA, eB)})
     * @throws IllegalArgumentException for a null shape, a plane on a body that is not static, a
     *     bad friction or restitution, a dynamic body on a shape without volume and no mass
     *     properties given, or anything {@link RigidBodies#add} rejects
     */
    public BodyId add(BodyDef def, Shape shape, double friction, double restitution) {
        return table.add(def, shape, friction, restitution);
    }

    /** The body's Coulomb coefficient (combined per pair as {@code sqrt(muA muB)}). */
    public double friction(BodyId id) {
        return table.frictionOfSlot[table.slotOf(id)];
    }

    /** Changes the body's friction (>= 0, finite) from the next step; wakes it. */
    public void setFriction(BodyId id, double friction) {
        bodies.index(id);
        BodyTable.checkFriction(friction);
        table.frictionOfSlot[id.index()] = friction;
        wake(id);
    }

    /** The body's restitution (combined per pair as {@code max(eA, eB)}). */
    public double restitution(BodyId id) {
        return table.restitutionOfSlot[table.slotOf(id)];
    }

    /** Changes the body's restitution (>= 0, finite) from the next step; wakes it. */
    public void setRestitution(BodyId id, double restitution) {
        bodies.index(id);
        BodyTable.checkRestitution(restitution);
        table.restitutionOfSlot[id.index()] = restitution;
        wake(id);
    }

    /**
     * Makes the body a sensor (a trigger): it gets no contact points, never pushes or is pushed, and
     * reports {@code sensorEnter} / {@code sensorExit} for the bodies its shape overlaps.
     */
    public void setSensor(BodyId id, boolean sensor) {
        table.sensorOfSlot[table.slotOf(id)] = sensor;
        wake(id);
    }

    public boolean isSensor(BodyId id) {
        return table.sensorOfSlot[table.slotOf(id)];
    }

    /**
     * Whether the two bodies' shapes make contacts with each other (they do unless this kept them
     * apart, or a joint without {@code collide} joins them). A ragdoll keeps its own parts apart
     * ({@code ricochet.ragdoll.Ragdoll}). Part of how the world is built, as its shapes are: a snapshot
     * does not carry it, so restore into a world that keeps the same pairs apart. Wakes both bodies.
     *
     * @throws IllegalArgumentException for a stale handle or a body with itself
     */
    public void setCollision(BodyId a, BodyId b, boolean collide) {
        int slotA = table.slotOf(a), slotB = table.slotOf(b);
        if (slotA == slotB) {
            throw new IllegalArgumentException("world: setCollision needs two different bodies, got " + a + " twice");
        }
        if (jointLinks.exclusions.set(slotA, slotB, collide)) {
            jointLinks.rebuildJointPairs();
            wake(a);
            wake(b);
        }
    }

    /** False when {@link #setCollision} keeps the two bodies apart (joints aside). */
    public boolean collides(BodyId a, BodyId b) {
        return !jointLinks.exclusions.excludes(table.slotOf(a), table.slotOf(b));
    }

    /**
     * Marks a dynamic body as a bullet: after each step it is swept from where it started to where it
     * ended against every other non-sensor body (not only static ones, as every fast body is), and
     * stopped at its first impact, so that a small fast body never passes through a thin one.
     */
    public void setBullet(BodyId id, boolean bullet) {
        table.bulletOfSlot[table.slotOf(id)] = bullet;
    }

    public boolean isBullet(BodyId id) {
        return table.bulletOfSlot[table.slotOf(id)];
    }

    /** Whether the body sleeps (always false for static and kinematic bodies). */
    public boolean isSleeping(BodyId id) {
        return store.asleep[bodies.index(id)] != 0;
    }

    /** Wakes the body and the island it fell asleep with; an awake body's sleep timer restarts. */
    public void wake(BodyId id) {
        sleeping.wake(id);
    }

    /**
     * Removes a live body and its shape; its handle becomes stale. The warm-start cache is dropped
     * (its collider number may be reused by the next add), so the next step starts cold; every
     * sleeping body wakes (what rested on the body must fall); its pairs end without events, and
     * its joints are removed with it (no jointBreak event).
     */
    public void remove(BodyId id) {
        bodies.index(id);
        sleeping.wakeAll();
        jointLinks.exclusions.forget(id.index());
        jointLinks.dropJointsOf(id.index());
        characters.forgetCollider(table.colliderOfSlot[id.index()]);
        softBodies.forgetCollider(table.colliderOfSlot[id.index()]);
        table.remove(id);
        pairs.forget(id.index());
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
        table.syncPose(id);
        sleeping.wakeAfterMove(id);
    }

    /** Turns the body about its origin; its shape follows. */
    public void setOrientation(BodyId id, Quat q) {
        bodies.setOrientation(id, q);
        table.syncPose(id);
        sleeping.wakeAfterMove(id);
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
        table.readState(bodies.index(id), out);
    }

    /** The body's collision shape, in its own frame. */
    public Shape shape(BodyId id) {
        return collision.shape(table.colliderOfSlot[table.slotOf(id)]);
    }

    /** The name the body was given in its def. */
    public String name(BodyId id) {
        return bodies.name(id);
    }

    // ---------------------------------------------------------------- the world now

    /** Steps taken. */
    public long stepCount() {
        return clock.stepCount;
    }

    /** Simulated seconds: the sum of the steps' dt. */
    public double time() {
        return clock.time;
    }

    /** Where the last step's time went, stage by stage. */
    public Profile profile() {
        return profile;
    }

    /** Pairs of bodies touching after the last step (within {@link #TOUCH_BEGIN}..{@link #TOUCH_END}). */
    public int touchingPairCount() {
        return pairs.touching.previousCount();
    }

    /** Bodies asleep now. */
    public int sleepingCount() {
        return sleeping.sleepingCount();
    }

    /**
     * Moves the events of the last step (and any recorded since, such as wakes caused by setters)
     * into {@code out}, oldest first, naming bodies by {@code nameOfSlot} (the handle's
     * {@link BodyId#index()}). Events not drained are dropped by the step after next, so a world
     * nobody reads events from holds only one step's worth.
     */
    public void drainEvents(List<Event> out, IntFunction<String> nameOfSlot) {
        events.drainInto(out, k -> k < -1 ? eventSubjectName(k) : nameOfSlot.apply(k));
        clock.eventsOfLastStep = 0;
    }

    /**
     * The name of an event's subject below -1: a character's, by slot ({@link EventBuffer#characterIndex}),
     * or a wheel's, by vehicle slot and number ({@link EventBuffer#wheelIndex}).
     */
    String eventSubjectName(int k) {
        return EventBuffer.isWheel(k) ? vehicles.wheelName(EventBuffer.wheelVehicle(k), EventBuffer.wheelNumber(k))
                : characters.nameAt(EventBuffer.characterSlot(k));
    }

    /**
     * Most events the world holds for draining (default {@link EventBuffer#DEFAULT_CAPACITY}); a
     * {@link WorldSimulation} holds as many between its drains.
     */
    public int eventCapacity() {
        return events.capacity();
    }

    /**
     * Holds at most {@code n} events (1 to {@value SettingsLimits#MAX_EVENT_CAPACITY}) from now on:
     * past it the oldest are dropped and counted ({@link #droppedEvents}), so that a world or a
     * simulation nobody drains holds a bounded memory.
     *
     * @throws IllegalArgumentException naming the value when out of range (nothing changes)
     */
    public void setEventCapacity(int n) {
        events.setCapacity(n);
    }

    /** Events this world dropped because it held its capacity (in snapshots, with the events). */
    public long droppedEvents() {
        return events.dropped();
    }

    /** Moves the events {@link #drainEvents} would give into {@code out}, allocating nothing once grown. */
    public void drainEvents(EventBuffer out) {
        events.moveTo(out);
        clock.eventsOfLastStep = 0;
    }

    /** {@link #drainEvents(List, IntFunction)} with the bodies' own names. */
    public void drainEvents(List<Event> out) {
        drainEvents(out, slot -> bodies.name(table.handleOfSlot[slot]));
    }

    /** Gravitational potential energy of the dynamic bodies, {@code -m g . c} summed, J. */
    public double potentialEnergy() {
        return table.potentialEnergy(settings.gx, settings.gy, settings.gz);
    }

    /** Kinetic energy of the dynamic bodies, J. */
    public double kineticEnergy() {
        return bodies.kineticEnergy();
    }

    /**
     * Equal for bit-identical body states (see {@link RigidBodies#stateHash}) and, in a world with
     * characters, bit-identical characters' positions, velocities and ground states; in a world with
     * vehicles, bit-identical vehicles' drivetrains and wheels; in a world with cloths or soft bodies,
     * bit-identical particles.
     */
    public long stateHash() {
        long h = bodies.stateHash();
        h = characters.count() == 0 ? h : h * 31 + characters.stateHash();
        h = vehicles.count() == 0 ? h : h * 31 + vehicles.stateHash();
        return softBodies.count() == 0 ? h : h * 31 + softBodies.stateHash();
    }

    /** Sweeps that found an impact since the world was made (a debugging count). */
    public long continuousHits() {
        return continuous.continuousHits;
    }

    // ---------------------------------------------------------------- contacts of the last step

    /** The contact points found by the last step, by index (a view: it reads the world as it is). */
    public ContactPoints contactPoints() {
        return contactPoints;
    }

    // ---------------------------------------------------------------- snapshots

    /**
     * Everything that decides the coming steps and the answers of every query, bit for bit: bodies,
     * handles, materials and flags, the collision world's poses, manifold cache and broad-phase tree,
     * contact points and warm-start cache, joints with their impulses, touching and sensing pairs,
     * events not yet drained, sleep groups, settings, step count and time. Shapes are not in it: a
     * snapshot goes back into this world, or into one built the same way (see {@link #restore}).
     * Takes O(bodies + contacts + joints) time and memory; meant for between steps, not every step.
     */
    public WorldSnapshot snapshot() {
        return snapshots.snapshot();
    }

    /**
     * Puts the world back into the state of {@code snapshot}: the next steps then equal, bit for bit,
     * those that followed the snapshot. The world must hold the same bodies in the same handle slots
     * (generations included) with the same shapes: the world the snapshot was taken of, or one built
     * by the same calls. Joints may differ (broken, added or removed since): the snapshot's replace
     * them, so joint handles from before the snapshot are valid again and later ones may not be.
     * On any error nothing changes.
     *
     * <p>Every value is checked as it is read, whatever the checksum says (a file can be forged): counts
     * against the bytes left, indices against their tables, numbers finite where the state needs them,
     * body states usable by a step, the broad-phase tree's links, settings within
     * {@link SettingsLimits}.
     *
     * @throws IllegalArgumentException for a snapshot of another kind of world, one whose bodies do
     *     not fit this world (naming the first difference), or one with a value that does not fit
     *     (naming it: "snapshot: contact point 3's body A 99 is out of range 0..40")
     */
    public void restore(WorldSnapshot snapshot) {
        snapshots.restore(snapshot);
    }

    // ---------------------------------------------------------------- settings

    public Vec3 gravity() {
        return new Vec3(settings.gx, settings.gy, settings.gz);
    }

    /** m/s^2, world frame; must be finite. */
    public void setGravity(Vec3 g) {
        settings.setGravity(g);
    }

    public boolean sleepingEnabled() {
        return settings.sleepingEnabled;
    }

    /** Whether islands at rest may sleep (default true); turning it off wakes every body. */
    public void setSleepingEnabled(boolean on) {
        settings.sleepingEnabled = on;
        if (!on) {
            sleeping.wakeAll();
        }
    }

    /** m/s: a body whose centre and farthest point move slower than this is at rest (default 0.05). */
    public double sleepSpeed() {
        return settings.sleepSpeed;
    }

    public void setSleepSpeed(double v) {
        settings.setSleepSpeed(v);
    }

    /** Seconds an island must stay at rest before it sleeps (default 0.5). */
    public double timeToSleep() {
        return settings.timeToSleep;
    }

    public void setTimeToSleep(double t) {
        settings.setTimeToSleep(t);
    }

    public int substeps() {
        return settings.substeps;
    }

    /**
     * Soft-step substeps per step (1 to {@value SettingsLimits#MAX_SUBSTEPS}; default 4).
     *
     * @throws IllegalArgumentException naming the setting and value when out of range (nothing changes)
     */
    public void setSubsteps(int n) {
        settings.setSubsteps(n);
    }

    /** Soft solve passes per substep (default 1; scene files' {@code iterations}). */
    public int iterations() {
        return solver.iterations();
    }

    /**
     * 1 to {@value SettingsLimits#MAX_ITERATIONS}.
     *
     * @throws IllegalArgumentException naming the setting and value when out of range (nothing changes)
     */
    public void setIterations(int n) {
        settings.setIterations(n);
    }

    public int relaxIterations() {
        return solver.relaxIterations();
    }

    /**
     * Unbiased solver passes per substep (1 to {@value SettingsLimits#MAX_RELAX_ITERATIONS}; default 1).
     *
     * @throws IllegalArgumentException naming the setting and value when out of range (nothing changes)
     */
    public void setRelaxIterations(int n) {
        settings.setRelaxIterations(n);
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
     * Whether sticking contacts keep friction anchors on both bodies, so static friction holds position
     * and not only velocity (on by default: a box on a turntable, kinematic or free, stays on its
     * circle; see {@link ContactSolver#setFrictionAnchors}).
     */
    public boolean frictionAnchors() {
        return solver.frictionAnchors();
    }

    public void setFrictionAnchors(boolean enabled) {
        solver.setFrictionAnchors(enabled);
    }

    /**
     * Whether a contact's spring is preloaded by the weight it holds up, so that every contact of a
     * stack rests at a lone body's deflection (on by default; see {@link ContactSolver#setSupportPreload}).
     */
    public boolean supportPreload() {
        return solver.supportPreload();
    }

    public void setSupportPreload(boolean enabled) {
        solver.setSupportPreload(enabled);
    }

    /**
     * The widest search for speculative points, m: each pair is searched within
     * {@link #SPECULATIVE_DISTANCE} plus the distance its bodies can close in the step, up to this.
     */
    public double contactMargin() {
        return settings.contactMargin;
    }

    /**
     * Metres, >= 0 and at most the broad phase's fattening ({@value DynamicAabbTree#DEFAULT_MARGIN} m,
     * so every pair within the margin is in the broad phase); default 0.1 m, which catches a body
     * falling at 6 m/s one 60 Hz step before it touches. Faster bodies are caught by the continuous
     * stage (against static bodies, or everything for bullets).
     */
    public void setContactMargin(double m) {
        settings.setContactMargin(m);
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

    /** Damping ratio of the contact spring (default 10). */
    public void setContactDampingRatio(double zeta) {
        solver.setDampingRatio(zeta);
    }

    /** The fastest an overlap is pushed apart, m/s (default 3). */
    public void setMaxPushOutSpeed(double v) {
        solver.setMaxPushOutSpeed(v);
    }

    /** Threads a step runs on, the caller included (default 1). */
    public int threads() {
        return settings.pool.threads();
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
     * @throws IllegalArgumentException when n is less than 1 or more than
     *     {@value SettingsLimits#MAX_THREADS} (nothing changes)
     */
    public void setThreads(int n) {
        settings.setThreads(n);
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

    /**
     * Stops the worker threads ({@link #setThreads}); the world goes on, on the calling thread
     * alone. Idempotent; a world that never had workers has nothing to stop.
     */
    @Override
    public void close() {
        settings.close();
    }
}
