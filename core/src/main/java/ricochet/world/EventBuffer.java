package ricochet.world;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Events of the steps since the last drain, in primitive arrays so that recording one allocates
 * nothing once the arrays have grown (by doubling) to the busiest stretch seen; {@link Event}
 * records are made only when the caller drains. Bodies are recorded by index and named on drain.
 */
public final class EventBuffer {

    private static final Event.Type[] TYPES = Event.Type.values();

    private long[] steps = new long[16];
    private double[] times = new double[16];
    private int[] types = new int[16];
    private int[] as = new int[16];
    private int[] bs = new int[16];
    private int size;

    /** Records an event; {@code b} is -1 for single-body events. */
    public void add(long step, double time, Event.Type type, int a, int b) {
        if (size == steps.length) {
            ensureCapacity(2 * size);
        }
        steps[size] = step;
        times[size] = time;
        types[size] = type.ordinal();
        as[size] = a;
        bs[size] = b;
        size++;
    }

    private void ensureCapacity(int n) {
        if (n > steps.length) {
            steps = Arrays.copyOf(steps, n);
            times = Arrays.copyOf(times, n);
            types = Arrays.copyOf(types, n);
            as = Arrays.copyOf(as, n);
            bs = Arrays.copyOf(bs, n);
        }
    }

    /** Makes this buffer hold exactly {@code other}'s events; allocates nothing once grown. */
    public void copyFrom(EventBuffer other) {
        ensureCapacity(other.size);
        System.arraycopy(other.steps, 0, steps, 0, other.size);
        System.arraycopy(other.times, 0, times, 0, other.size);
        System.arraycopy(other.types, 0, types, 0, other.size);
        System.arraycopy(other.as, 0, as, 0, other.size);
        System.arraycopy(other.bs, 0, bs, 0, other.size);
        size = other.size;
    }

    /** The recorded events, for a snapshot. */
    public void writeState(DataOutput out) throws IOException {
        out.writeInt(size);
        for (int i = 0; i < size; i++) {
            out.writeLong(steps[i]);
            out.writeDouble(times[i]);
            out.writeByte(types[i]);
            out.writeInt(as[i]);
            out.writeInt(bs[i]);
        }
    }

    /** Replaces the events with those {@link #writeState} wrote. */
    public void readState(DataInput in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            throw new IOException("event count " + n);
        }
        ensureCapacity(n);
        for (int i = 0; i < n; i++) {
            steps[i] = in.readLong();
            times[i] = in.readDouble();
            int t = in.readUnsignedByte();
            if (t >= TYPES.length) {
                throw new IOException("event type " + t);
            }
            types[i] = t;
            as[i] = in.readInt();
            bs[i] = in.readInt();
        }
        size = n;
    }

    /** Forgets the oldest {@code n} events, keeping the rest in order. */
    public void dropFirst(int n) {
        if (n <= 0) {
            return;
        }
        n = Math.min(n, size);
        int keep = size - n;
        System.arraycopy(steps, n, steps, 0, keep);
        System.arraycopy(times, n, times, 0, keep);
        System.arraycopy(types, n, types, 0, keep);
        System.arraycopy(as, n, as, 0, keep);
        System.arraycopy(bs, n, bs, 0, keep);
        size = keep;
    }

    /** Appends every event to {@code other}, oldest first, and clears this buffer. */
    public void moveTo(EventBuffer other) {
        for (int i = 0; i < size; i++) {
            other.add(steps[i], times[i], TYPES[types[i]], as[i], bs[i]);
        }
        size = 0;
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

    public void clear() {
        size = 0;
    }

    /** Appends the recorded events to {@code out}, oldest first, naming bodies by {@code names}, and clears. */
    public void drainInto(List<Event> out, List<String> names) {
        drainInto(out, names::get);
    }

    /** Appends the recorded events to {@code out}, oldest first, naming body {@code k} {@code name(k)}, and clears. */
    public void drainInto(List<Event> out, IntFunction<String> name) {
        for (int i = 0; i < size; i++) {
            out.add(new Event(steps[i], times[i], TYPES[types[i]], name.apply(as[i]),
                    bs[i] < 0 ? null : name.apply(bs[i])));
        }
        size = 0;
    }
}
