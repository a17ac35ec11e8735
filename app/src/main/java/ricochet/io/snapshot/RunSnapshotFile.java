package ricochet.io.snapshot;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import ricochet.io.scene.InputFiles;
import ricochet.io.scene.SceneException;
import ricochet.io.scene.SceneSource;
import ricochet.io.output.AtomicOutput;
import ricochet.world.WorldSnapshot;

/**
 * A run's snapshot file: everything {@code ./ricochet run --resume FILE} needs, since it takes no
 * scene: the scene file's text and the OBJ files it names (so the world can be built again exactly as
 * it was, wherever the files are now), then the simulation's state ({@link WorldSnapshot#toBytes},
 * which checks itself too). Layout, big-endian:
 * <pre>
 *   8 bytes  magic "RICO-RUN"
 *   int      version ({@link #VERSION})
 *   int      payload length n
 *   n bytes  payload: scene name (int length, UTF-8 bytes), scene text (int length, UTF-8 bytes),
 *            OBJ file count, then per file its path (int length, UTF-8 bytes) and bytes (int
 *            length, bytes), then the world snapshot (int length, bytes)
 *   int      CRC-32 of everything before it
 * </pre>
 * A file cut short, padded or with any byte changed is rejected with a message saying which.
 * {@link #write} writes a temporary file beside the target and moves it into place, so a reader
 * never sees half a file. Every string is a byte count and UTF-8 bytes, so a name or path of any
 * length round-trips (version 1 stored them as modified UTF-8 of at most 65,535 bytes and is refused).
 */
public final class RunSnapshotFile {

    public static final int VERSION = 2;
    private static final byte[] MAGIC = "RICO-RUN".getBytes(StandardCharsets.US_ASCII);
    private static final int HEADER = MAGIC.length + 4 + 4;
    private static final int CRC = 4;

    /**
     * What a snapshot file holds.
     *
     * @param sceneName what the first run called its scene (a built-in name or a path)
     * @param json the scene file's text
     * @param objFiles the OBJ files' bytes by the path the scene writes
     * @param state the simulation's state
     */
    public record Contents(String sceneName, String json, Map<String, byte[]> objFiles, WorldSnapshot state) {

        /** The scene read again from the kept text and OBJ files. */
        public SceneSource scene() throws SceneException {
            return SceneSource.parse(sceneName, json, objFiles);
        }
    }

    private RunSnapshotFile() {
    }

    /** The file's bytes (see the class comment). */
    public static byte[] toBytes(SceneSource scene, WorldSnapshot state) {
        ByteArrayOutputStream payload = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(payload)) {
            writeBlock(out, scene.name().getBytes(StandardCharsets.UTF_8));
            writeBlock(out, scene.json().getBytes(StandardCharsets.UTF_8));
            List<String> paths = new ArrayList<>(scene.objFiles().keySet());
            paths.sort(null);
            out.writeInt(paths.size());
            for (String path : paths) {
                writeBlock(out, path.getBytes(StandardCharsets.UTF_8));
                writeBlock(out, scene.objFiles().get(path));
            }
            writeBlock(out, state.toBytes());
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory cannot fail", e);
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(HEADER + payload.size() + CRC);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.write(MAGIC);
            out.writeInt(VERSION);
            out.writeInt(payload.size());
            payload.writeTo(out);
            CRC32 crc = new CRC32();
            crc.update(bytes.toByteArray());
            out.writeInt((int) crc.getValue());
        } catch (IOException e) {
            throw new UncheckedIOException("writing to memory cannot fail", e);
        }
        return bytes.toByteArray();
    }

    private static void writeBlock(DataOutputStream out, byte[] b) throws IOException {
        out.writeInt(b.length);
        out.write(b);
    }

    /**
     * Writes the file atomically: a temporary file in the target's folder, then a move onto the target
     * (an atomic rename where the file system has one), so that the target is always either the last
     * complete snapshot or the new one.
     */
    public static void write(Path file, SceneSource scene, WorldSnapshot state) throws IOException {
        try (AtomicOutput out = prepare(file, scene, state)) {
            out.commit();
        }
    }

    /**
     * The file written beside {@code file} under a temporary name, not yet moved onto it: the caller
     * commits it (or closes it to delete it), so that it can commit several outputs together.
     */
    public static AtomicOutput prepare(Path file, SceneSource scene, WorldSnapshot state) throws IOException {
        byte[] bytes = toBytes(scene, state);
        AtomicOutput out = new AtomicOutput(file);
        try {
            out.stream().write(bytes);
            out.prepare();
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
        return out;
    }

    /**
     * Reads a snapshot file.
     *
     * @throws IOException when the file cannot be read ({@link InputFiles.Refused} when it is not a
     *     regular file or is larger than {@link InputFiles#MAX_SNAPSHOT_BYTES})
     * @throws IllegalArgumentException naming the file and what is wrong with it (not a snapshot, an
     *     unknown version, cut short, changed)
     */
    public static Contents read(Path file) throws IOException {
        byte[] bytes = InputFiles.read(file, InputFiles.MAX_SNAPSHOT_BYTES);
        try {
            return fromBytes(bytes);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    /** {@link #read} from bytes. */
    public static Contents fromBytes(byte[] bytes) {
        if (bytes.length < MAGIC.length || !Arrays.equals(bytes, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
            throw new IllegalArgumentException("not a ricochet run snapshot: it does not start with"
                    + " \"RICO-RUN\""
                    + (bytes.length < MAGIC.length ? " (only " + bytes.length + " bytes)" : ""));
        }
        if (bytes.length < HEADER + CRC) {
            throw new IllegalArgumentException("snapshot truncated: " + bytes.length
                    + " bytes, shorter than its "
                    + (HEADER + CRC) + "-byte header and checksum");
        }
        DataInputStream head = new DataInputStream(new ByteArrayInputStream(bytes, MAGIC.length, 8));
        int version, length;
        try {
            version = head.readInt();
            length = head.readInt();
        } catch (IOException e) {
            throw new UncheckedIOException("reading from memory cannot fail", e);
        }
        if (version != VERSION) {
            throw new IllegalArgumentException("snapshot file version " + version
                    + " is not supported (this build reads version " + VERSION + ")");
        }
        long expected = (long) HEADER + length + CRC;
        if (length < 0 || bytes.length < expected) {
            throw new IllegalArgumentException("snapshot truncated: its header promises " + length
                    + " payload bytes (" + expected + " in all), the file has " + bytes.length);
        }
        if (bytes.length > expected) {
            throw new IllegalArgumentException("snapshot corrupted: " + (bytes.length - expected)
                    + " bytes after its end (" + expected + " expected)");
        }
        CRC32 crc = new CRC32();
        crc.update(bytes, 0, HEADER + length);
        int at = HEADER + length;
        int stored = ((bytes[at] & 0xFF) << 24) | ((bytes[at + 1] & 0xFF) << 16) | ((bytes[at
                + 2] & 0xFF) << 8)
                | (bytes[at + 3] & 0xFF);
        if (stored != (int) crc.getValue()) {
            throw new IllegalArgumentException(String.format("snapshot corrupted: checksum mismatch"
                    + " (stored CRC-32 "
                    + "%08x, the data gives %08x)", stored, (int) crc.getValue()));
        }
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes, HEADER, length))) {
            String name = new String(readBlock(in), StandardCharsets.UTF_8);
            String json = new String(readBlock(in), StandardCharsets.UTF_8);
            int files = in.readInt();
            if (files < 0 || files > in.available() / 8) {
                throw new IOException("an OBJ file count of " + files + " where " + in.available()
                        + " bytes are left");
            }
            Map<String, byte[]> objFiles = new LinkedHashMap<>();
            for (int k = 0; k < files; k++) {
                String path = new String(readBlock(in), StandardCharsets.UTF_8);
                objFiles.put(path, readBlock(in));
            }
            WorldSnapshot state = WorldSnapshot.fromBytes(readBlock(in));
            if (in.read() >= 0) {
                throw new IllegalArgumentException("snapshot corrupted: bytes after the world's state");
            }
            return new Contents(name, json, objFiles, state);
        } catch (EOFException e) {
            throw new IllegalArgumentException("snapshot corrupted: its payload ends early", e);
        } catch (IOException e) {
            throw new IllegalArgumentException("snapshot corrupted: " + e.getMessage(), e);
        }
    }

    private static byte[] readBlock(DataInputStream in) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > in.available()) {
            throw new IOException("a block of " + n + " bytes where " + in.available() + " are left");
        }
        return in.readNBytes(n);
    }
}
