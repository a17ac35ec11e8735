package ricochet.io.trajectory;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A file written beside its target under a temporary name and moved onto the target only by
 * {@link #commit()}; {@link #close()} without a commit deletes the temporary file.
 */
public final class AtomicOutput implements AutoCloseable {

    private final Path target;
    private final Path temp;
    private final BufferedWriter writer;
    private boolean committed;

    public AtomicOutput(Path target) throws IOException {
        this.target = target.toAbsolutePath();
        Path dir = this.target.getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            throw new IOException("folder " + dir + " does not exist");
        }
        this.temp = Files.createTempFile(dir, "." + this.target.getFileName() + ".", ".partial");
        this.writer = Files.newBufferedWriter(temp, StandardCharsets.UTF_8);
    }

    public Writer writer() {
        return writer;
    }

    /** Finishes the file and moves it onto the target. */
    public void commit() throws IOException {
        writer.close();
        try {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
        }
        committed = true;
    }

    @Override
    public void close() throws IOException {
        if (!committed) {
            try {
                writer.close();
            } finally {
                Files.deleteIfExists(temp);
            }
        }
    }
}
