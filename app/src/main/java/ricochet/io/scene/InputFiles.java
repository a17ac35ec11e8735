package ricochet.io.scene;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * How the command line and the viewer read the files a user names: scene files, the OBJ files a
 * scene names and snapshots. Only regular files under a size limit are read (a device such as
 * {@code /dev/zero} never ends, a FIFO blocks for ever, and a file past the limit would end in an
 * OutOfMemoryError), and a scene's OBJ files must lie in the scene's folder or in a folder the user
 * allowed, after symbolic links are resolved: a scene from elsewhere must not read, and copy into a
 * snapshot, files its author chose.
 */
public final class InputFiles {

    /** The largest OBJ file read: about 5 million triangles, far past what a step can collide. */
    public static final long MAX_OBJ_BYTES = 256L << 20;
    /** The largest scene file read: a heightfield of a million samples is about 20 MiB of JSON. */
    public static final long MAX_SCENE_BYTES = 64L << 20;
    /**
     * The largest snapshot read: its scene, its OBJ files and the state; a Java array holds at most
     * 2 GiB, and the file is read whole to check its CRC.
     */
    public static final long MAX_SNAPSHOT_BYTES = 1L << 30;

    /** A file refused before or while reading it; the message names the file and the reason. */
    public static final class Refused extends IOException {

        private static final long serialVersionUID = 1L;

        private final String reason;

        public Refused(Path file, String reason) {
            super(file + ": " + reason);
            this.reason = reason;
        }

        /** Why, without the file's name. */
        public String reason() {
            return reason;
        }
    }

    private InputFiles() {
    }

    /**
     * The whole of {@code file}, which must be a regular file (links followed) of at most
     * {@code limit} bytes.
     *
     * @throws NoSuchFileException when there is no such file
     * @throws Refused when it is not a regular file or is larger than {@code limit}
     */
    public static byte[] read(Path file, long limit) throws IOException {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        if (!a.isRegularFile()) {
            throw new Refused(file, a.isDirectory() ? "is a folder, not a file" : "not a regular file");
        }
        if (a.size() > limit) {
            throw new Refused(file, tooLarge(a.size(), limit));
        }
        // Read at most one byte past the limit: the file may grow after the size was looked at, and
        // some regular files (under /proc) report size 0.
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes((int) limit + 1);
        }
        if (bytes.length > limit) {
            throw new Refused(file, tooLarge(bytes.length, limit));
        }
        return bytes;
    }

    /**
     * {@link #read} decoded as UTF-8; a byte sequence that is not UTF-8 is refused with its offset,
     * not replaced.
     */
    public static String readUtf8(Path file, long limit) throws IOException {
        byte[] bytes = read(file, limit);
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        // UTF-8 never decodes to more chars than it has bytes.
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult r = decoder.decode(in, out, true);
        if (!r.isError()) {
            r = decoder.flush(out);
        }
        if (r.isError()) {
            throw new Refused(file, "not UTF-8 at byte " + in.position());
        }
        return out.flip().toString();
    }

    /**
     * Where the {@code obj} path of a scene in {@code folder} leads, links resolved; it must lie
     * under {@code folder} or under one of {@code allowed} (each also resolved).
     *
     * @throws NoSuchFileException when there is no such file (naming the path as resolved against
     *     the folder)
     * @throws Refused when it lies elsewhere
     */
    public static Path meshPath(Path folder, String obj, List<Path> allowed) throws IOException {
        Path given = folder.resolve(obj);
        Path real;
        try {
            real = given.toRealPath();
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(given.toString(), null, "OBJ file not found");
        }
        Path home = folder.toRealPath();
        if (real.startsWith(home)) {
            return real;
        }
        for (Path dir : allowed) {
            Path d;
            try {
                d = dir.toRealPath();
            } catch (NoSuchFileException e) {
                continue;
            }
            if (real.startsWith(d)) {
                return real;
            }
        }
        throw new Refused(given, "outside the scene's folder " + home
                + " (give --allow-paths DIR to read meshes under DIR)");
    }

    private static String tooLarge(long size, long limit) {
        return size + " bytes, larger than the limit of " + limit + " bytes (" + (limit >> 20) + " MiB)";
    }
}
