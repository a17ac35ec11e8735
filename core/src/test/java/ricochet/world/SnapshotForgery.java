package ricochet.world;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.zip.CRC32;

/** Reads and rewrites a snapshot's payload, and the byte form with its checksum made right again. */
final class SnapshotForgery {

    /** Magic (8), version, kind, step, time, payload length: where the payload starts in the byte form. */
    static final int HEADER = 8 + 4 + 1 + 8 + 8 + 4;

    private SnapshotForgery() {
    }

    static byte[] payload(WorldSnapshot s) {
        try {
            return s.open().readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The byte form of {@code bytes} (a snapshot's, changed) with its CRC-32 recomputed. */
    static byte[] withValidCrc(byte[] bytes) {
        byte[] out = bytes.clone();
        CRC32 crc = new CRC32();
        crc.update(out, 0, out.length - 4);
        putInt(out, out.length - 4, (int) crc.getValue());
        return out;
    }

    /** Where {@code values} (ints, big-endian, one after another) first occur in {@code bytes}. */
    static int find(byte[] bytes, int... values) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(b)) {
            for (int v : values) {
                out.writeInt(v);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        byte[] pattern = b.toByteArray();
        outer:
        for (int i = 0; i + pattern.length <= bytes.length; i++) {
            for (int k = 0; k < pattern.length; k++) {
                if (bytes[i + k] != pattern[k]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not found");
    }

    static void putInt(byte[] b, int at, int v) {
        b[at] = (byte) (v >>> 24);
        b[at + 1] = (byte) (v >>> 16);
        b[at + 2] = (byte) (v >>> 8);
        b[at + 3] = (byte) v;
    }
}
