package ricochet.world;

import java.io.DataOutput;
import java.io.IOException;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import ricochet.math.StateInput;

/**
 * Events of the steps since the last drain, in primitive arrays so that recording one allocates
 * nothing once the arrays have grown (by doubling) to the busiest stretch seen; {@link Event}
 * records are made only when the caller drains. Bodies are recorded by index and named on drain.
 *
 * <p>The buffer holds at most {@link #capacity()} events ({@link #DEFAULT_CAPACITY} unless set): a
 * buffer nobody drains would otherwise grow for as long as the simulation runs. Past it the oldest
 * event is dropped for each new one and counted ({@link #dropped()}); the arrays are a ring, so a
 * full buffer drops in constant time.
 */
public final class EventBuffer {

    /** Events held by default: a busy scene's minute of contact events, about 2 MB. */
    public static final int DEFAULT_CAPACITY = 65_536;
    /** Bytes an event takes in a snapshot: step, time, type, two bodies. */
    private static final int RECORD_BYTES = 8 + 8 + 1 + 4 + 4;
    private static final Event.Type[] TYPES = Event.Type.values();

    private long[] steps = new long[16];
    private double[] times = new double[16];
    private int[] types = new int[16];
    private int[] as = new int[16];
    private int[] bs = new int[16];
    /** The oldest event's place in the arrays. */
    private int head;
    private int size;
    private int capacity = DEFAULT_CAPACITY;
    private long dropped;

    /**
     * The index an event records for the character in {@code slot}: characters share the body
     * indices' int, below -1 (-1 is "none").
     */
    public static int characterIndex(int slot) {
        return -2 - slot;
    }

    /** The character slot of an event index below -1 ({@link #characterIndex}'s inverse). */
    public static int characterSlot(int index) {
        return -2 - index;
    }

    /** Bits of a wheel's event index that hold its number in the vehicle (wheels per vehicle: at most 256). */
    private static final int WHEEL_BITS = 8;
    /**
     * Wheels' event indices lie below this, character indices above it: characters take
     * {@code -2 - slot} for slots below 2^30, wheels the 2^30 ints from {@code Integer.MIN_VALUE}.
     */
    private static final int WHEELS_END = Integer.MIN_VALUE + (1 << 30);

    /**
     * The index an event records for wheel {@code wheel} of the vehicle in {@code slot} (slot below
     * 2^22, wheel below 256): below every character index.
     */
    public static int wheelIndex(int slot, int wheel) {
        return Integer.MIN_VALUE + (slot << WHEEL_BITS) + wheel;
    }

    /** Whether an event index names a vehicle's wheel ({@link #wheelIndex}). */
    public static boolean isWheel(int index) {
        return index < WHEELS_END;
    }

    /** The vehicle slot of a wheel's event index. */
    public static int wheelVehicle(int index) {
        return (index - Integer.MIN_VALUE) >>> WHEEL_BITS;
    }

    /** The wheel's number in its vehicle, of a wheel's event index. */
    public static int wheelNumber(int index) {
        return (index - Integer.MIN_VALUE) & ((1 << WHEEL_BITS) - 1);
    }

    /** Records an event; {@code b} is -1 for single-body events. Drops the oldest when full. */
    public void add(long step, double time, Event.Type type, int a, int b) {
        if (size == capacity) {
            head = next(head);
            size--;
            dropped++;
        } else if (size == steps.length) {
            ensureCapacity(Math.min(capacity, 2 * size));
        }
        int k = place(size);
        steps[k] = step;
        times[k] = time;
        types[k] = type.ordinal();
        as[k] = a;
        bs[k] = b;
        size++;
    }

    /** The array index of the {@code i}-th oldest event. */
    private int place(int i) {
        int k = head + i;
        return k >= steps.length ? k - steps.length : k;
    }

    private int next(int k) {
        return k + 1 == steps.length ? 0 : k + 1;
    }

    /** Arrays of at least {@code n} entries, the events moved to their start (oldest first). */
    private void ensureCapacity(int n) {
        if (n > steps.length) {
            int first = Math.min(size, steps.length - head);
            long[] s = new long[n];
            double[] t = new double[n];
            int[] ty = new int[n], a = new int[n], b = new int[n];
            System.arraycopy(steps, head, s, 0, first);
            System.arraycopy(steps, 0, s, first, size - first);
            System.arraycopy(times, head, t, 0, first);
            System.arraycopy(times, 0, t, first, size - first);
            System.arraycopy(types, head, ty, 0, first);
            System.arraycopy(types, 0, ty, first, size - first);
            System.arraycopy(as, head, a, 0, first);
            System.arraycopy(as, 0, a, first, size - first);
            System.arraycopy(bs, head, b, 0, first);
            System.arraycopy(bs, 0, b, first, size - first);
            steps = s;
            times = t;
            types = ty;
            as = a;
            bs = b;
            head = 0;
        }
    }

    /** Most events held; past it the oldest are dropped. */
    public int capacity() {
        return capacity;
    }

    /**
     * Holds at most {@code n} events from now on (1 to {@link SettingsLimits#MAX_EVENT_CAPACITY});
     * when more are held, the oldest are dropped and counted.
     */
    public void setCapacity(int n) {
        if (n < 1 || n > SettingsLimits.MAX_EVENT_CAPACITY) {
            throw new IllegalArgumentException("events: capacity must be in 1.." + SettingsLimits.MAX_EVENT_CAPACITY
                    + ", got " + n);
        }
        if (size > n) {
            int drop = size - n;
            dropFirst(drop);
            dropped += drop;
        }
        capacity = n;
    }

    /** Events dropped because the buffer was full, since it was made. */
    public long dropped() {
        return dropped;
    }

    /** Makes this buffer hold exactly {@code other}'s events and counts; allocates nothing once grown. */
    public void copyFrom(EventBuffer other) {
        size = 0;
        head = 0;
        ensureCapacity(other.size);
        for (int i = 0; i < other.size; i++) {
            int k = other.place(i);
            steps[i] = other.steps[k];
            times[i] = other.times[k];
            types[i] = other.types[k];
            as[i] = other.as[k];
            bs[i] = other.bs[k];
        }
        size = other.size;
        capacity = other.capacity;
        dropped = other.dropped;
    }

    /** The recorded events with the capacity and the dropped count, for a snapshot. */
    public void writeState(DataOutput out) throws IOException {
        out.writeInt(capacity);
        out.writeLong(dropped);
        out.writeInt(size);
        for (int i = 0; i < size; i++) {
            int k = place(i);
            out.writeLong(steps[k]);
            out.writeDouble(times[k]);
            out.writeByte(types[k]);
            out.writeInt(as[k]);
            out.writeInt(bs[k]);
        }
    }

    /**
     * Replaces the events with those {@link #writeState} wrote, each body an index below
     * {@code bodies} or a character slot below {@code characters} ({@code b} may be -1), and no
     * wheels; refused naming the first bad value.
     */
    public void readState(StateInput in, int bodies, int characters) throws IOException {
        readState(in, bodies, characters, (slot, wheel) -> false);
    }

    /** Whether a vehicle slot and wheel number name a wheel (for reading events that name wheels). */
    @FunctionalInterface
    public interface WheelCheck {
        boolean exists(int slot, int wheel);
    }

    /**
     * {@link #readState(StateInput, int, int)}, with the wheels {@code wheels} accepts.
     */
    public void readState(StateInput in, int bodies, int characters, WheelCheck wheels) throws IOException {
        int cap = in.readInt();
        if (cap < 1 || cap > SettingsLimits.MAX_EVENT_CAPACITY) {
            throw StateInput.refuse("event capacity " + cap + " is out of range 1.."
                    + SettingsLimits.MAX_EVENT_CAPACITY);
        }
        long lost = in.readLong();
        if (lost < 0) {
            throw StateInput.refuse("dropped event count " + lost + " is negative");
        }
        int n = in.count("event count", RECORD_BYTES, cap);
        size = 0;
        head = 0;
        ensureCapacity(n);
        for (int i = 0; i < n; i++) {
            steps[i] = in.readLong();
            times[i] = in.readDouble();
            int t = in.readUnsignedByte();
            if (t >= TYPES.length) {
                throw StateInput.refuse("event " + i + "'s type " + t + " is out of range 0.."
                        + (TYPES.length - 1));
            }
            types[i] = t;
            as[i] = subject(in.readInt(), "event " + i + "'s body", bodies, characters, wheels, false);
            bs[i] = subject(in.readInt(), "event " + i + "'s second body", bodies, characters, wheels, true);
        }
        size = n;
        capacity = cap;
        dropped = lost;
    }

    /** A recorded body index, character index or wheel index, checked against the bounds. */
    private static int subject(int k, String what, int bodies, int characters, WheelCheck wheels,
                               boolean noneAllowed) {
        if (isWheel(k)) {
            if (!wheels.exists(wheelVehicle(k), wheelNumber(k))) {
                throw StateInput.refuse(what + " is wheel " + wheelNumber(k) + " of vehicle slot "
                        + wheelVehicle(k) + ", which this world does not have");
            }
            return k;
        }
        if (k < -1) {
            int slot = characterSlot(k);
            if (slot >= characters) {
                throw StateInput.refuse(what + " is character slot " + slot + ", out of range 0.."
                        + (characters - 1));
            }
            return k;
        }
        return StateInput.checkIndex(what, k, bodies, noneAllowed);
    }

    /** Refuses (as a snapshot problem) an event whose body {@code named} does not accept. */
    void checkNamed(IntPredicate named) {
        for (int i = 0; i < size; i++) {
            int k = place(i);
            if (as[k] >= 0 && !named.test(as[k]) || (bs[k] >= 0 && !named.test(bs[k]))) {
                throw StateInput.refuse("event " + i + " names body " + as[k] + " / " + bs[k]
                        + ", which is not a listed body");
            }
        }
    }

    /** Forgets the oldest {@code n} events, keeping the rest in order. */
    public void dropFirst(int n) {
        if (n <= 0) {
            return;
        }
        n = Math.min(n, size);
        size -= n;
        head = size == 0 ? 0 : place(n);
    }

    /** Appends every event to {@code other}, oldest first, and clears this buffer. */
    public void moveTo(EventBuffer other) {
        for (int i = 0; i < size; i++) {
            int k = place(i);
            other.add(steps[k], times[k], TYPES[types[k]], as[k], bs[k]);
        }
        size = 0;
        head = 0;
    }

    public int size() {
        return size;
    }

    /** Forgets every event after the first {@code n} (a failed step's, when it is undone). */
    public void truncate(int n) {
        if (n < 0 || n > size) {
            throw new IllegalArgumentException("truncate to " + n + " of " + size + " events");
        }
        size = n;
    }

    /** Forgets every event (the dropped count stays). */
    public void clear() {
        size = 0;
        head = 0;
    }

    /** Appends the recorded events to {@code out}, oldest first, naming bodies by {@code names}, and clears. */
    public void drainInto(List<Event> out, List<String> names) {
        drainInto(out, names::get);
    }

    /** Appends the recorded events to {@code out}, oldest first, naming body {@code k} {@code name(k)}, and clears. */
    public void drainInto(List<Event> out, IntFunction<String> name) {
        for (int i = 0; i < size; i++) {
            int k = place(i);
            out.add(new Event(steps[k], times[k], TYPES[types[k]], name.apply(as[k]),
                    bs[k] < 0 ? null : name.apply(bs[k])));
        }
        size = 0;
        head = 0;
    }
}
