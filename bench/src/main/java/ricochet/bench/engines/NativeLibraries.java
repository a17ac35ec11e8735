package ricochet.bench.engines;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashSet;
import java.util.Set;

/**
 * Loads a native library shipped inside a jar on the class path: Jolt's and Bullet's jars carry the
 * {@code .so} but no loader, so it is copied to a temporary file (removed when the JVM exits) and
 * handed to {@link System#load}. Works from the Maven jars alone, on a machine that has never run
 * the bench.
 */
public final class NativeLibraries {

    private static final Set<String> LOADED = new HashSet<>();

    private NativeLibraries() {
    }

    /**
     * @param resource the library's path inside its jar, e.g. {@code native/linux/x86_64/libbulletjme.so}
     * @throws IllegalStateException when the class path has no such resource
     */
    public static synchronized void load(String resource) {
        if (LOADED.contains(resource)) {
            return;
        }
        try (InputStream in = NativeLibraries.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("native library " + resource + " is not on the class path");
            }
            String file = resource.substring(resource.lastIndexOf('/') + 1);
            Path dir = Files.createTempDirectory("ricochet-bench-natives");
            Path lib = dir.resolve(file);
            Files.copy(in, lib, StandardCopyOption.REPLACE_EXISTING);
            lib.toFile().deleteOnExit();
            dir.toFile().deleteOnExit();
            System.load(lib.toAbsolutePath().toString());
        } catch (IOException e) {
            throw new UncheckedIOException("extracting native library " + resource, e);
        }
        LOADED.add(resource);
    }
}
