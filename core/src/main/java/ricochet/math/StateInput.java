package ricochet.math;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Reads a snapshot's state (big-endian, as {@link java.io.DataOutputStream} writes it) from a byte
 * array and checks what it reads: a count against the bytes left and a maximum, an index against
 * its table, a number for finiteness. A snapshot may come from a file anyone can write and whose
 * checksum anyone can recompute, so each part of the engine reads its state through this class and
 * a bad value is refused with {@link IllegalArgumentException} naming it, before it can reach an
 * array index or an allocation. Strings are an int byte count and that many UTF-8 bytes
 * ({@link #writeString}), so names of any length round-trip.
 */
public final class StateInput implements DataInput {

    private final byte[] bytes;
    private int at;

    /** Reads {@code bytes} from the start. */
    public StateInput(byte[] bytes) {
        this.bytes = bytes;
    }

    /** Bytes not read yet. */
    public int remaining() {
        return bytes.length - at;
    }

    /**
     * A count of items of at least {@code bytesEach} bytes each: 0 to {@code max}, and no more than
     * the bytes left can hold.
     *
     * @throws IllegalArgumentException naming {@code what} and the count otherwise
     */
    public int count(String what, int bytesEach, int max) throws IOException {
        int n = readInt();
        if (n < 0 || n > max) {
            throw refuse(what + " " + n + " is out of range 0.." + max);
        }
        if ((long) n * bytesEach > remaining()) {
            throw refuse(what + " " + n + " needs " + (long) n * bytesEach + " bytes, " + remaining()
                    + " are left");
        }
        return n;
    }

    /**
     * An index into a table of {@code size} entries: 0 to {@code size - 1}, or -1 where
     * {@code noneAllowed}.
     */
    public int index(String what, int size, boolean noneAllowed) throws IOException {
        return checkIndex(what, readInt(), size, noneAllowed);
    }

    /** {@code value} as {@link #index} checks it (for indices read earlier). */
    public static int checkIndex(String what, int value, int size, boolean noneAllowed) {
        if ((value < 0 || value >= size) && !(noneAllowed && value == -1)) {
            throw refuse(what + " " + value + " is out of range " + (noneAllowed ? "-1" : "0") + ".."
                    + (size - 1));
        }
        return value;
    }

    /** A finite double. */
    public double finite(String what) throws IOException {
        return checkFinite(what, readDouble());
    }

    /** {@code value}, which must be finite. */
    public static double checkFinite(String what, double value) {
        if (!Double.isFinite(value)) {
            throw refuse(what + " is " + value + ", not finite");
        }
        return value;
    }

    /** A byte that must be 0 or 1. */
    public byte flag(String what) throws IOException {
        byte b = readByte();
        if (b != 0 && b != 1) {
            throw refuse(what + " is " + b + ", not 0 or 1");
        }
        return b;
    }

    /** A string {@link #writeString} wrote. */
    public String string(String what) throws IOException {
        int n = count(what + "'s length", 1, Integer.MAX_VALUE);
        String s = new String(bytes, at, n, StandardCharsets.UTF_8);
        at += n;
        return s;
    }

    /** Writes {@code s} as its UTF-8 byte count (int) and bytes: any length, read by {@link #string}. */
    public static void writeString(DataOutput out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    /** The exception for a value that does not fit, its message starting "snapshot: ". */
    public static IllegalArgumentException refuse(String problem) {
        return new IllegalArgumentException("snapshot: " + problem);
    }

    private void need(int n) throws EOFException {
        if (n > remaining()) {
            throw new EOFException("snapshot: cut short: " + n + " more bytes wanted at byte " + at + " of "
                    + bytes.length);
        }
    }

    @Override
    public void readFully(byte[] b) throws IOException {
        readFully(b, 0, b.length);
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
        need(len);
        System.arraycopy(bytes, at, b, off, len);
        at += len;
    }

    @Override
    public int skipBytes(int n) {
        int k = Math.max(0, Math.min(n, remaining()));
        at += k;
        return k;
    }

    @Override
    public boolean readBoolean() throws IOException {
        byte b = readByte();
        if (b != 0 && b != 1) {
            throw refuse("a flag at byte " + (at - 1) + " is " + b + ", not 0 or 1");
        }
        return b != 0;
    }

    @Override
    public byte readByte() throws IOException {
        need(1);
        return bytes[at++];
    }

    @Override
    public int readUnsignedByte() throws IOException {
        return readByte() & 0xFF;
    }

    @Override
    public short readShort() throws IOException {
        return (short) readUnsignedShort();
    }

    @Override
    public int readUnsignedShort() throws IOException {
        need(2);
        int v = (bytes[at] & 0xFF) << 8 | (bytes[at + 1] & 0xFF);
        at += 2;
        return v;
    }

    @Override
    public char readChar() throws IOException {
        return (char) readUnsignedShort();
    }

    @Override
    public int readInt() throws IOException {
        need(4);
        int v = (bytes[at] & 0xFF) << 24 | (bytes[at + 1] & 0xFF) << 16 | (bytes[at + 2] & 0xFF) << 8
                | (bytes[at + 3] & 0xFF);
        at += 4;
        return v;
    }

    @Override
    public long readLong() throws IOException {
        long hi = readInt() & 0xFFFFFFFFL;
        return hi << 32 | (readInt() & 0xFFFFFFFFL);
    }

    @Override
    public float readFloat() throws IOException {
        return Float.intBitsToFloat(readInt());
    }

    @Override
    public double readDouble() throws IOException {
        return Double.longBitsToDouble(readLong());
    }

    /** Not used by snapshots: lines are not part of the format. */
    @Override
    public String readLine() {
        throw new UnsupportedOperationException("snapshots have no lines");
    }

    /** Modified UTF-8 of at most 65,535 bytes, as {@link java.io.DataOutputStream#writeUTF} writes. */
    @Override
    public String readUTF() throws IOException {
        return java.io.DataInputStream.readUTF(this);
    }
}
