package ricochet.sweep;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The JVM options Spark needs on JDK 17 and later: it reaches into {@code java.base} (direct
 * buffers, {@code sun.nio.ch}, ...) through reflection, which the module system forbids unless the
 * packages are opened. The list lives in the class-path resource {@code ricochet/sweep/spark-jvm.options}
 * (one option a line, a java {@code @argfile}), which the launcher and the build's tests also pass.
 */
final class JvmOptions {

    static final String RESOURCE = "ricochet/sweep/spark-jvm.options";

    private JvmOptions() {
    }

    /** The options in the resource. */
    static List<String> required() {
        try (InputStream in = JvmOptions.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing class-path resource " + RESOURCE);
            }
            List<String> out = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String t = line.trim();
                if (!t.isEmpty() && !t.startsWith("#")) {
                    out.add(t);
                }
            }
            return out;
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + RESOURCE + ": " + e.getMessage(), e);
        }
    }

    /**
     * The first {@code --add-opens} option of {@code options} that this JVM was not started with,
     * or empty when all are in force. Other options (system properties, native access) are not
     * checked: Spark runs without them, with warnings.
     */
    static Optional<String> firstMissing(List<String> options) {
        Module unnamed = JvmOptions.class.getClassLoader().getUnnamedModule();
        for (String o : options) {
            if (!o.startsWith("--add-opens=")) {
                continue;
            }
            String[] moduleAndPackage = o.substring("--add-opens=".length()).split("=")[0].split("/");
            Optional<Module> module = ModuleLayer.boot().findModule(moduleAndPackage[0]);
            // A package this JDK no longer has (sun.security.action after JDK 23) needs no opening.
            if (module.isPresent() && module.get().getPackages().contains(moduleAndPackage[1])
                    && !module.get().isOpen(moduleAndPackage[1], unnamed)) {
                return Optional.of(o);
            }
        }
        return Optional.empty();
    }
}
