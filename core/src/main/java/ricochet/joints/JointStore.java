package ricochet.joints;

import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.function.IntPredicate;
import ricochet.math.StateInput;

/**
 * Every joint's data in primitive arrays, indexed by the joint's slot: the kind, the two bodies,
 * and one record of {@link #STRIDE} doubles per joint in {@link #d} (anchors and frames in each
 * body's frame, limits, motor and spring settings, this step's spring coefficients and the
 * accumulated impulses), so that solving a joint reads one contiguous block.
 *
 * <p>Slots are reused through a free list; a removed joint's slot is dead ({@link #live} 0) until
 * reused, and the solver walks slots in order (deterministic). Each slot's generation is bumped on
 * removal, so an old {@link JointId} is reported as stale.
 */
public final class JointStore {

    // Offsets into a joint's record: configuration.
    static final int LA = 0, LB = 3, FA = 6, FB = 10;
    static final int LOWER = 14, UPPER = 15, LIMIT_HZ = 16, LIMIT_ZETA = 17;
    static final int MOTOR_SPEED = 18, MOTOR_MAX = 19, MOTOR_TARGET = 20, MOTOR_HZ = 21, MOTOR_ZETA = 22;
    static final int LENGTH = 23, MIN_LEN = 24, MAX_LEN = 25, SPRING_HZ = 26, SPRING_ZETA = 27, MAX_FORCE = 28;
    static final int SWING = 29, TWIST_LO = 30, TWIST_HI = 31;
    static final int BREAK_F = 32, BREAK_T = 33;
    static final int AXIS_MIN = 34, AXIS_MAX = 40;
    // This step's soft coefficients (bias rate, mass scale, impulse scale).
    static final int LIMIT_SOFT = 46, SPRING_SOFT = 49, MOTOR_SOFT = 52;
    // Accumulated impulses, kept from step to step for warm starting.
    static final int I_POINT = 55, I_ANG = 58, I_PERP = 61, I_LOWER = 63, I_UPPER = 64, I_MOTOR = 65,
            I_SPRING = 66, I_SWING = 67, I_TWIST_LO = 68, I_TWIST_HI = 69, I_AXIS_LO = 70, I_AXIS_HI = 76;
    static final int IMPULSES = I_POINT, IMPULSES_END = 82;
    /** The error a tree's projection took out of each equality row, kept for the next substep (JointTree). */
    static final int CARRIED = 82, CARRIED_END = 88;
    /** Doubles per joint. */
    public static final int STRIDE = 88;

    private int capacity;
    private int slots;
    private int liveCount;
    private int[] free = new int[16];
    private int freeCount;

    /** 1 while the slot holds a joint. */
    public byte[] live;
    public int[] generation;
    public byte[] type;
    /** Body handle slots of A and B (B -1: the world). */
    public int[] slotA, slotB;
    /** Dense body indices of A and B for this step (B -1: the world); set by the world before each step. */
    public int[] a, b;
    /** 1 when the joint is solved this step (a side is awake and dynamic). */
    public byte[] active;
    public byte[] motor;
    public byte[] collide;
    /** Six-DOF axis modes, 6 per joint. */
    public byte[] axisMode;
    public double[] d;

    public JointStore() {
        resize(16);
    }

    private void resize(int n) {
        live = Arrays.copyOf(live == null ? new byte[0] : live, n);
        generation = Arrays.copyOf(generation == null ? new int[0] : generation, n);
        type = Arrays.copyOf(type == null ? new byte[0] : type, n);
        slotA = Arrays.copyOf(slotA == null ? new int[0] : slotA, n);
        slotB = Arrays.copyOf(slotB == null ? new int[0] : slotB, n);
        a = Arrays.copyOf(a == null ? new int[0] : a, n);
        b = Arrays.copyOf(b == null ? new int[0] : b, n);
        active = Arrays.copyOf(active == null ? new byte[0] : active, n);
        motor = Arrays.copyOf(motor == null ? new byte[0] : motor, n);
        collide = Arrays.copyOf(collide == null ? new byte[0] : collide, n);
        axisMode = Arrays.copyOf(axisMode == null ? new byte[0] : axisMode, 6 * n);
        d = Arrays.copyOf(d == null ? new double[0] : d, STRIDE * n);
        capacity = n;
    }

    /** Slots handed out so far (live or dead): the solver's loop bound. */
    public int slots() {
        return slots;
    }

    /** Live joints. */
    public int count() {
        return liveCount;
    }

    /** A zeroed live slot: the most recently freed, else a new one. */
    public int allocate() {
        int j;
        if (freeCount > 0) {
            j = free[--freeCount];
        } else {
            if (slots == capacity) {
                resize(2 * capacity);
            }
            j = slots++;
        }
        live[j] = 1;
        Arrays.fill(d, STRIDE * j, STRIDE * (j + 1), 0);
        Arrays.fill(axisMode, 6 * j, 6 * j + 6, (byte) 0);
        active[j] = 0;
        liveCount++;
        return j;
    }

    public void release(int j) {
        live[j] = 0;
        active[j] = 0;
        generation[j]++;
        if (freeCount == free.length) {
            free = Arrays.copyOf(free, 2 * free.length);
        }
        free[freeCount++] = j;
        liveCount--;
    }

    /** The slot of a live handle. */
    public int check(JointId id) {
        if (id == null) {
            throw new IllegalArgumentException("joint handle must not be null");
        }
        int j = id.index();
        if (j < 0 || j >= slots || live[j] == 0 || generation[j] != id.generation()) {
            throw new IllegalArgumentException("stale or unknown joint handle " + id);
        }
        return j;
    }

    public boolean isLive(JointId id) {
        int j = id == null ? -1 : id.index();
        return j >= 0 && j < slots && live[j] != 0 && generation[j] == id.generation();
    }

    /** Forgets every accumulated impulse of joint j (cold start). */
    void clearImpulses(int j) {
        Arrays.fill(d, STRIDE * j + IMPULSES, STRIDE * j + IMPULSES_END, 0);
        Arrays.fill(d, STRIDE * j + CARRIED, STRIDE * j + CARRIED_END, 0);
    }

    /**
     * Makes this store an exact copy of {@code other} (every slot, live or dead, and the free list):
     * the world's checkpoint before a step and its rollback. Allocates nothing once grown.
     */
    public void copyFrom(JointStore other) {
        int n = other.slots;
        if (capacity < n) {
            resize(Math.max(n, 2 * capacity));
        }
        System.arraycopy(other.live, 0, live, 0, n);
        System.arraycopy(other.generation, 0, generation, 0, n);
        System.arraycopy(other.type, 0, type, 0, n);
        System.arraycopy(other.slotA, 0, slotA, 0, n);
        System.arraycopy(other.slotB, 0, slotB, 0, n);
        System.arraycopy(other.a, 0, a, 0, n);
        System.arraycopy(other.b, 0, b, 0, n);
        System.arraycopy(other.active, 0, active, 0, n);
        System.arraycopy(other.motor, 0, motor, 0, n);
        System.arraycopy(other.collide, 0, collide, 0, n);
        System.arraycopy(other.axisMode, 0, axisMode, 0, 6 * n);
        System.arraycopy(other.d, 0, d, 0, STRIDE * n);
        if (free.length < other.freeCount) {
            free = new int[other.free.length];
        }
        System.arraycopy(other.free, 0, free, 0, other.freeCount);
        freeCount = other.freeCount;
        slots = n;
        liveCount = other.liveCount;
    }

    /** Every slot, live or dead, and the free list, bit for bit (a snapshot). */
    public void writeState(DataOutput out) throws IOException {
        out.writeInt(slots);
        out.writeInt(liveCount);
        out.write(live, 0, slots);
        out.write(type, 0, slots);
        out.write(active, 0, slots);
        out.write(motor, 0, slots);
        out.write(collide, 0, slots);
        out.write(axisMode, 0, 6 * slots);
        for (int j = 0; j < slots; j++) {
            out.writeInt(generation[j]);
            out.writeInt(slotA[j]);
            out.writeInt(slotB[j]);
            out.writeInt(a[j]);
            out.writeInt(b[j]);
        }
        for (int i = 0; i < STRIDE * slots; i++) {
            out.writeDouble(d[i]);
        }
        out.writeInt(freeCount);
        for (int k = 0; k < freeCount; k++) {
            out.writeInt(free[k]);
        }
    }

    /**
     * Replaces every joint with what {@link #writeState} wrote: each live joint of a known type
     * between bodies whose handle slots {@code liveBody} accepts (B may be -1, the world), its dense
     * indices below {@code bodies}, no number NaN, the free list through dead slots once each.
     *
     * @throws IllegalArgumentException naming the first value that does not fit
     */
    public void readState(StateInput in, IntPredicate liveBody, int bodies) throws IOException {
        int n = in.count("joint slots", 11 + 20 + 8 * STRIDE, Integer.MAX_VALUE / STRIDE);
        int liveJoints = in.readInt();
        if (liveJoints < 0 || liveJoints > n) {
            throw StateInput.refuse("joint slots " + n + ", live " + liveJoints);
        }
        if (capacity < n) {
            resize(n);
        }
        in.readFully(live, 0, n);
        in.readFully(type, 0, n);
        in.readFully(active, 0, n);
        in.readFully(motor, 0, n);
        in.readFully(collide, 0, n);
        in.readFully(axisMode, 0, 6 * n);
        int lives = 0;
        for (int j = 0; j < n; j++) {
            String what = "joint " + j + "'s ";
            checkFlag(what + "live flag", live[j]);
            checkFlag(what + "active flag", active[j]);
            checkFlag(what + "motor flag", motor[j]);
            checkFlag(what + "collide flag", collide[j]);
            StateInput.checkIndex(what + "type", type[j], JointDef.Type.values().length, false);
            for (int k = 0; k < 6; k++) {
                StateInput.checkIndex(what + "axis mode", axisMode[6 * j + k], JointSolver.AXIS_LIMITED + 1, false);
            }
            lives += live[j];
        }
        if (lives != liveJoints) {
            throw StateInput.refuse("joints: " + lives + " live, the count says " + liveJoints);
        }
        for (int j = 0; j < n; j++) {
            generation[j] = in.readInt();
            slotA[j] = in.readInt();
            slotB[j] = in.readInt();
            a[j] = in.index("joint " + j + "'s body A index", bodies, true);
            b[j] = in.index("joint " + j + "'s body B index", bodies, true);
            if (live[j] != 0 && (!liveBody.test(slotA[j]) || (slotB[j] != -1 && !liveBody.test(slotB[j]))
                    || slotA[j] == slotB[j])) {
                throw StateInput.refuse("joint " + j + " joins body slots " + slotA[j] + " and " + slotB[j]
                        + ", not two bodies of this world");
            }
        }
        for (int i = 0; i < STRIDE * n; i++) {
            d[i] = in.readDouble();
            // Limits and settings may be NaN (unset) or infinite; anchors, frames and impulses may not.
            int k = i % STRIDE;
            if ((k < LOWER || (k >= IMPULSES && k < CARRIED_END)) && !Double.isFinite(d[i])) {
                throw StateInput.refuse("joint " + i / STRIDE + "'s " + (k < LOWER ? "anchor or frame" : "impulse")
                        + " value " + k + " is " + d[i] + ", not finite");
            }
        }
        int f = in.count("free joint slots", 4, n);
        if (free.length < f) {
            free = new int[f];
        }
        for (int k = 0; k < f; k++) {
            free[k] = in.index("free joint slot", n, false);
            if (live[free[k]] != 0) {
                throw StateInput.refuse("free joint slot " + free[k] + " holds a live joint");
            }
            for (int e = 0; e < k; e++) {
                if (free[e] == free[k]) {
                    throw StateInput.refuse("free joint slot " + free[k] + " is listed twice");
                }
            }
        }
        freeCount = f;
        slots = n;
        liveCount = liveJoints;
    }

    private static void checkFlag(String what, byte b) {
        if (b != 0 && b != 1) {
            throw StateInput.refuse(what + " is " + b + ", not 0 or 1");
        }
    }
}
