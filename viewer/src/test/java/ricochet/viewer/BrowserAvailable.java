package ricochet.viewer;

import java.io.File;
import java.util.List;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs a browser test only where chromium and chromedriver are installed, and otherwise skips each
 * test method with the reason, so the report counts them as skipped rather than as no tests at all.
 * The class itself stays enabled: its {@code @BeforeAll} checks {@link #present()} and opens no
 * browser where there is none.
 *
 * <p>The system properties {@code ricochet.chromium} and {@code ricochet.chromedriver} name the two
 * programs where they are not in Debian's places or on the PATH (a path that is not executable
 * counts as not installed).
 */
public final class BrowserAvailable implements ExecutionCondition {

    private static final List<String> CHROMIUM = List.of("/usr/bin/chromium", "/usr/bin/chromium-browser");
    private static final List<String> DRIVER =
            List.of("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver");

    /** Why the tests are skipped, with the command that installs what is missing. */
    static final String REASON = "chromium and chromedriver are not installed (apt-get install chromium "
            + "chromium-driver, or name them with -Dricochet.chromium=PATH -Dricochet.chromedriver=PATH)";

    /** The chromium binary, or null when none is installed. */
    public static String chromium() {
        return find("ricochet.chromium", CHROMIUM);
    }

    /** The chromedriver binary, or null when none is installed. */
    public static String driver() {
        return find("ricochet.chromedriver", DRIVER);
    }

    /** Whether both programs are installed. */
    public static boolean present() {
        return chromium() != null && driver() != null;
    }

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        if (context.getTestMethod().isEmpty() || present()) {
            return ConditionEvaluationResult.enabled("chromium " + chromium() + ", chromedriver " + driver());
        }
        return ConditionEvaluationResult.disabled(REASON);
    }

    /**
     * The program the property names (null when that is not executable); without the property, the
     * first of {@code paths} that is executable, else the command found on the PATH, else null.
     */
    private static String find(String property, List<String> paths) {
        String named = System.getProperty(property);
        if (named != null && !named.isBlank()) {
            return new File(named).canExecute() ? named : null;
        }
        for (String p : paths) {
            if (new File(p).canExecute()) {
                return p;
            }
        }
        String command = new File(paths.get(0)).getName();
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            File f = new File(dir, command);
            if (!dir.isEmpty() && f.canExecute()) {
                return f.getPath();
            }
        }
        return null;
    }
}
