package ricochet.world;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32;
import ricochet.math.StateInput;

/**
 * The whole state of a world at one moment, immutable: made by {@link World#snapshot()} (or a
 * {@link Simulation}'s), put back by {@link World#restore}. The next steps after a restore equal,
 * bit for bit, those that followed the snapshot.
 *
 * <p>The byte form ({@link #toBytes}, read back by {@link #fromBytes}) is self-checking:
 * <pre>
 *   8 bytes  magic "RICOSNAP"
 *   int      format version ({@link #FORMAT_VERSION})
 *   byte     kind (0 world, 1 simulation, 2 lab world)
 *   long     step count
 *   double   simulated time, s
 *   int      payload length n
 *   n bytes  payload (the world's state, written with {@link java.io.DataOutput}: big-endian)
 *   int      CRC-32 of everything before it
 * </pre>
 * so a file cut short, padded, or with any byte changed is rejected with a message that says which.
 * Shapes are not in it: the payload names each body's shape type and bounds, and a restore checks
 * them against the world it goes into.
 */
public final class WorldSnapshot {

    /** What made the snapshot, and so what can take it back. */
    public enum Kind {
        /** {@link World#snapshot()}. */
        WORLD,
        /** A {@link WorldSimulation}: its world, then the events it holds for draining. */
        SIMULATION,
        /** A {@code ricochet.lab.LabWorld}. */
        LAB
    }

    /** The version of the byte form {@link #toBytes} writes and {@link #fromBytes} reads. */
    public static final int FORMAT_VERSION = 1;

    private static final byte[] MAGIC = "RICOSNAP".getBytes(StandardCharsets.US_ASCII);
    /** Magic, version, kind, step, time, payload length. */
    private static final int HEADER = MAGIC.length + 4 + 1 + 8 + 8 + 4;
    private static final int CRC = 4;

    private final Kind kind;
    private final long stepCount;
    private final double time;
    private final byte[] payload;

    /**
     * A snapshot of a copy of {@code payload}: for {@link Simulation} implementations; users get
     * snapshots from {@link World#snapshot()}.
     */
    public WorldSnapshot(Kind kind, long stepCount, double time, byte[] payload) {
        if (kind == null || payload == null) {
            throw new IllegalArgumentException("snapshot: kind and payload must not be null");
        }
        this.kind = kind;
        this.stepCount = stepCount;
        this.time = time;
        this.payload = payload.clone();
    }

    public Kind kind() {
        return kind;
    }

    /** Steps the world had taken. */
    public long stepCount() {
        return stepCount;
    }

    /** The world's simulated time, s. */
    public double time() {
        return time;
    }

    /** Bytes of {@link #toBytes}. */
    public int size() {
        return HEADER + payload.length + CRC;
    }

    /** Reads the payload (for {@link Simulation} implementations' restore). */
    public DataInputStream open() {
        return new DataInputStream(new ByteArrayInputStream(payload));
    }

    /** Reads the payload checking what it reads (see {@link StateInput}): for restores. */
    public StateInput input() {
        return new StateInput(payload);
    }

    /** The self-checking byte form (see the class comment). */
    public byte[] toBytes() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(size());
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.write(MAGIC);
            out.writeInt(FORMAT_VERSION);
            out.writeByte(kind.ordinal());
            out.writeLong(stepCount);
            out.writeDouble(time);
            out.writeInt(payload.length);
            out.write(payload);
            CRC32 crc = new CRC32();
            crc.update(bytes.toByteArray());
            out.writeInt((int) crc.getValue());
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory cannot fail", e);
        }
        return bytes.toByteArray();
    }

    /**
     * Reads {@link #toBytes}'s form back.
     *
     * @throws IllegalArgumentException saying what is wrong: not a snapshot (magic), an unknown
     *     format version or kind, cut short or with bytes after its end (the length), or changed
     *     (the checksum)
     */
    public static WorldSnapshot fromBytes(byte[] bytes) {
        if (bytes == null) {
            throw new IllegalArgumentException("snapshot: no bytes");
        }
        if (bytes.length < MAGIC.length || !Arrays.equals(bytes, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            throw new IllegalArgumentException("not a ricochet world snapshot: it does not start with"
                    + " \"RICOSNAP\""
                    + (bytes.length < MAGIC.length ? " (only " + bytes.length + " bytes)" : ""));
        }
        if (bytes.length < HEADER + CRC) {
            throw new IllegalArgumentException("snapshot truncated: " + bytes.length
                    + " bytes, shorter than its "
                    + (HEADER + CRC) + "-byte header and checksum");
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            in.skipNBytes(MAGIC.length);
            int version = in.readInt();
            if (version != FORMAT_VERSION) {
                throw new IllegalArgumentException("snapshot format version " + version
                        + " is not supported (this build reads version " + FORMAT_VERSION + ")");
            }
            int kind = in.readUnsignedByte();
            long step = in.readLong();
            double time = in.readDouble();
            int length = in.readInt();
            long expected = (long) HEADER + length + CRC;
            if (length < 0 || bytes.length < expected) {
                throw new IllegalArgumentException("snapshot truncated: its header promises " + length
                        + " payload bytes (" + expected + " in all), the data has " + bytes.length);
            }
            if (bytes.length > expected) {
                throw new IllegalArgumentException("snapshot corrupted: " + (bytes.length - expected)
                        + " bytes after its end (" + expected + " expected)");
            }
            CRC32 crc = new CRC32();
            crc.update(bytes, 0, HEADER + length);
            int at = HEADER + length;
            int stored = ((bytes[at] & 0xFF) << 24) | ((bytes[at + 1] & 0xFF) << 16)
                    | ((bytes[at + 2] & 0xFF) << 8) | (bytes[at + 3] & 0xFF);
            if (stored != (int) crc.getValue()) {
                throw new IllegalArgumentException(String.format("snapshot corrupted: checksum mismatch"
                        + " (stored CRC-32"
                        + " %08x, the data gives %08x)", stored, (int) crc.getValue()));
            }
            if (kind >= Kind.values().length) {
                throw new IllegalArgumentException("snapshot of unknown kind " + kind);
            }
            return new WorldSnapshot(Kind.values()[kind], step, time,
                    Arrays.copyOfRange(bytes, HEADER, HEADER + length));
        } catch (IOException e) {
            throw new UncheckedIOException("reading from memory cannot fail", e);
        }
    }

    @Override
    public String toString() {
        return "WorldSnapshot[" + kind + ", step " + stepCount + ", time " + time + " s, " + size()
                + " bytes]";
    }
}
