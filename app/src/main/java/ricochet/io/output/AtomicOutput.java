package ricochet.io.output;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A file written beside its target under a temporary name ({@code .NAME.*.partial}) and moved onto
 * the target only by {@link #commit()}; {@link #close()} without a commit deletes the temporary file.
 * {@link #prepare()} finishes the temporary file without moving it, so that several outputs can be
 * written in full before any is moved. The temporary files of this process are deleted by a
 * shutdown hook too, so that Ctrl-C or SIGTERM during a run leaves none behind (a SIGKILL still can).
 */
public final class AtomicOutput implements AutoCloseable {

    /** The temporary files not yet moved or deleted, for the shutdown hook. */
    private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();
    /**
     * Held while a temporary file is made and listed, and by the shutdown hook: other threads run on
     * while the hook does, so a file made just as the process is told to stop is either listed
     * before the hook deletes the list, or not made at all.
     */
    private static final Object MAKING = new Object();
    /** Set by the shutdown hook: no temporary file is made after it. */
    private static boolean stopping;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(AtomicOutput::deleteLive, "ricochet-partial-files"));
    }

    private final Path target;
    private final Path temp;
    private OutputStream stream;
    private BufferedWriter writer;
    private boolean prepared;
    private boolean committed;

    /**
     * @throws IOException when the target's folder does not exist or the target is a folder
     */
    public AtomicOutput(Path target) throws IOException {
        this.target = target.toAbsolutePath();
        Path dir = this.target.getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            throw new IOException("folder " + dir + " does not exist");
        }
        if (Files.isDirectory(this.target)) {
            throw new IOException(this.target + " is a folder");
        }
        synchronized (MAKING) {
            if (stopping) {
                throw new IOException("the process is stopping: " + this.target + " not written");
            }
            this.temp = createBeside(this.target);
            LIVE.add(temp);
        }
    }

    /**
     * A new empty file beside {@code target} under a name of its own. Made by {@link Files#createFile}
     * with no attributes, so it gets the permissions the process's umask gives any new file (a
     * temporary file's would be 0600, and the target would keep them after the move).
     */
    private static Path createBeside(Path target) throws IOException {
        Path dir = target.getParent();
        String prefix = "." + target.getFileName() + ".";
        for (int attempt = 0; ; attempt++) {
            Path candidate = dir.resolve(prefix + Long.toUnsignedString(
                    java.util.concurrent.ThreadLocalRandom.current().nextLong(), 36) + ".partial");
            try {
                return Files.createFile(candidate);
            } catch (java.nio.file.FileAlreadyExistsException e) {
                if (attempt == 100) {
                    throw e;
                }
            }
        }
    }

    /** The temporary file's bytes (opened on first use). */
    public OutputStream stream() throws IOException {
        if (stream == null) {
            stream = Files.newOutputStream(temp);
        }
        return stream;
    }

    /** The temporary file as UTF-8 text (opened on first use). */
    public Writer writer() throws IOException {
        if (writer == null) {
            writer = new BufferedWriter(new OutputStreamWriter(stream(), StandardCharsets.UTF_8));
        }
        return writer;
    }

    /** Finishes the temporary file, leaving it beside the target until {@link #commit()}. */
    public void prepare() throws IOException {
        if (!prepared) {
            if (writer != null) {
                writer.close();
            } else if (stream != null) {
                stream.close();
            }
            prepared = true;
        }
    }

    /** Finishes the file and moves it onto the target. */
    public void commit() throws IOException {
        prepare();
        try {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        LIVE.remove(temp);
        committed = true;
    }

    @Override
    public void close() throws IOException {
        if (!committed) {
            try {
                if (writer != null) {
                    writer.close();
                } else if (stream != null) {
                    stream.close();
                }
            } finally {
                Files.deleteIfExists(temp);
                LIVE.remove(temp);
            }
        }
    }

    private static void deleteLive() {
        synchronized (MAKING) {
            stopping = true;
        }
        for (Path p : LIVE) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException | RuntimeException e) {
                // The JVM is going down; a file that cannot be deleted stays, as after a SIGKILL.
            }
        }
    }
}
