package ricochet.world;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.RigidBodies;
import ricochet.joints.JointDef;
import ricochet.joints.JointId;
import ricochet.joints.JointSetup;
import ricochet.joints.JointSolver;
import ricochet.joints.JointStore;
import ricochet.math.Vec3;

/**
 * The world's side of the joints: adding and removing them by body handle, mapping each joint's
 * bodies to dense indices for the step and linking them into islands (inside the narrow phase's
 * pass, {@link #linkJoints}), breaking those pulled past their limit after the solve, and the sorted
 * body pairs joints keep from colliding. The joints themselves live in the {@link JointStore};
 * the {@link JointSolver} solves them inside the contact solver's passes.
 */
final class JointLinks {

    /**
     * m: a joint whose anchors are further apart than this keeps its island awake. Its spring is still
     * closing it, often slower than the sleep speed: a ragdoll's shoulder wedged under another doll
     * closed from 71 to 32 mm over 9 s and was frozen there by sleep (the app's ragdolls scene);
     * kept awake, every joint of that pile was within 7.3 mm by 15 s.
     */
    static final double JOINT_REST_GAP = 0.01;

    private final RigidBodies bodies;
    /**
     * m: a joint whose anchors end a step farther apart than this is not being held: its solve no
     * longer closes it (a load beyond what the rows can carry at this step, or a joint jammed against
     * others). Held joints part by well under a millimetre (a 1,000:1 load on a chain: 0.1 mm); the
     * joints' position correction reaches its speed cap from about 10 cm.
     */
    static final double STRAIN_GAP = 0.05;
    /** Joints past {@link #STRAIN_GAP} at the end of the last step. */
    int strained;
    /** By joint slot: its anchor gap when the step began (m), to report a joint once as it parts. */
    private double[] startGap = new double[16];
    private final BodyStore store;
    private final BodyTable table;
    private final Sleeping sleeping;
    private final Islands islands;
    private final EventBuffer events;
    private final StepClock clock;
    final JointStore joints;
    final JointSolver jointSolver;
    /**
     * Sorted keys of body pairs kept from colliding: those a joint joins (unless it collides) and
     * those {@link #exclusions} holds (replaced, never changed in place).
     */
    long[] jointPairs = new long[0];
    /** The pairs {@link World#setCollision} keeps apart. */
    final CollisionExclusions exclusions = new CollisionExclusions();
    /** By joint slot: the name its def gave it. */
    String[] jointNames = new String[16];
    private final double[] reaction = new double[6];

    JointLinks(RigidBodies bodies, BodyTable table, Sleeping sleeping, Islands islands, EventBuffer events,
               StepClock clock, JointStore joints, JointSolver jointSolver) {
        this.bodies = bodies;
        this.store = bodies.store();
        this.table = table;
        this.sleeping = sleeping;
        this.islands = islands;
        this.events = events;
        this.clock = clock;
        this.joints = joints;
        this.jointSolver = jointSolver;
    }

    /**
     * Each joint's bodies for this step: dense indices, whether it is solved (a side is awake and
     * dynamic), island links between two dynamic bodies, and wakes: a sleeping body whose joint
     * partner is awake (or a moving kinematic body) wakes with its island. Returns whether one woke:
     * the narrow phase then runs again for it.
     */
    boolean linkJoints() {
        boolean woke = false;
        if (startGap.length < joints.slots()) {
            startGap = new double[2 * joints.slots()];
        }
        BodyId[] handleOfSlot = table.handleOfSlot;
        int[] sleepGroupOfSlot = table.sleepGroupOfSlot;
        byte[] keepAwake = islands.keepAwake;
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
            boolean stirsA = awakeA || BodyTable.isMoving(store, a);
            boolean stirsB = b >= 0 && (awakeB || BodyTable.isMoving(store, b));
            if (b >= 0 && store.asleep[a] != 0 && stirsB) {
                sleeping.wakeGroup(sleepGroupOfSlot[joints.slotA[j]]);
                woke = true;
            } else if (b >= 0 && store.asleep[b] != 0 && stirsA) {
                sleeping.wakeGroup(sleepGroupOfSlot[joints.slotB[j]]);
                woke = true;
            }
            if (awakeA && awakeB) {
                islands.builder.link(a, b);
            } else if (awakeA && b >= 0 && BodyTable.isMoving(store, b)) {
                keepAwake[a] = 1;
            } else if (awakeB && BodyTable.isMoving(store, a)) {
                keepAwake[b] = 1;
            }
            double gap = awakeA || awakeB ? jointSolver.pointGap(store, j) : 0;
            startGap[j] = gap;
            if (gap > JOINT_REST_GAP) {
                keepAwake[awakeA ? a : b] = 1;
            }
            joints.active[j] = (byte) (awakeA || awakeB ? 1 : 0);
        }
        return woke;
    }

    /** Removes each breakable joint whose force or torque over the last substep (h, s) passed its limit. */
    void breakJoints(double h) {
        for (int j = 0, n = joints.slots(); j < n; j++) {
            if (joints.live[j] == 0 || joints.active[j] == 0 || !jointSolver.breakable(j)) {
                continue;
            }
            jointSolver.reaction(store, j, h, reaction);
            double force = Math.sqrt(reaction[0] * reaction[0] + reaction[1] * reaction[1] + reaction[2] * reaction[2]);
            double torque = Math.sqrt(reaction[3] * reaction[3] + reaction[4] * reaction[4] + reaction[5] * reaction[5]);
            if (jointSolver.breaks(j, force, torque)) {
                events.add(clock.eventStep, clock.eventTime, Event.Type.JOINT_BREAK, joints.slotA[j], joints.slotB[j]);
                dropJoint(j);
            }
        }
    }

    /**
     * After the solve: counts the joints whose anchors are past {@link #STRAIN_GAP} apart, and writes
     * a {@code jointStrain} event for each that was within it when the step began.
     */
    void reportStrain() {
        int count = 0;
        for (int j = 0, n = joints.slots(); j < n; j++) {
            if (joints.live[j] == 0 || joints.active[j] == 0) {
                continue;
            }
            if (jointSolver.pointGap(store, j) > STRAIN_GAP) {
                count++;
                if (!(startGap[j] > STRAIN_GAP)) {
                    events.add(clock.eventStep, clock.eventTime, Event.Type.JOINT_STRAIN, joints.slotA[j],
                            joints.slotB[j]);
                }
            }
        }
        strained = count;
    }

    /** {@link World#addJoint}: everything checked first; on any error nothing changes. */
    JointId addJoint(JointDef def) {
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

    void dropJoint(int j) {
        wakeJointBodies(j);
        joints.release(j);
        rebuildJointPairs();
    }

    void wakeJointBodies(int j) {
        sleeping.wake(table.handleOfSlot[joints.slotA[j]]);
        if (joints.slotB[j] >= 0) {
            sleeping.wake(table.handleOfSlot[joints.slotB[j]]);
        }
    }

    /**
     * The sorted pairs kept apart from collision: those of joints without {@code collide}, and the
     * {@link #exclusions}.
     */
    void rebuildJointPairs() {
        long[] excluded = exclusions.keys();
        int n = excluded.length;
        long[] keys = Arrays.copyOf(excluded, n + joints.count());
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

    /** {@link World#setJointWorldAnchor}: checked, set, the body woken. */
    void setWorldAnchor(JointId id, Vec3 point) {
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

    /** The live joints, in slot order (allocates: for tools, not the step loop). */
    List<JointId> liveJoints() {
        List<JointId> out = new ArrayList<>();
        for (int j = 0, n = joints.slots(); j < n; j++) {
            if (joints.live[j] != 0) {
                out.add(new JointId(j, joints.generation[j]));
            }
        }
        return out;
    }

    /** Joint {@code id}'s slot, its bodies mapped to dense indices now (for the queries between steps). */
    int mapped(JointId id) {
        int j = joints.check(id);
        joints.a[j] = bodies.index(table.handleOfSlot[joints.slotA[j]]);
        joints.b[j] = joints.slotB[j] < 0 ? -1 : bodies.index(table.handleOfSlot[joints.slotB[j]]);
        return j;
    }

    /** The joints touching body slot {@code slot} go (the body is being removed). */
    void dropJointsOf(int slot) {
        for (int j = 0, n = joints.slots(); j < n; j++) {
            if (joints.live[j] != 0 && (joints.slotA[j] == slot || joints.slotB[j] == slot)) {
                joints.release(j);
            }
        }
        rebuildJointPairs();
    }
}
