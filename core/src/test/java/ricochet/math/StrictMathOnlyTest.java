package ricochet.math;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Determinism across JVMs: {@code Math.sin} and the other transcendental functions may be replaced
 * by intrinsics that differ in the last bit between JVMs and CPUs; {@code StrictMath} may not. The
 * correctly rounded ones (sqrt, abs, min, max, floor, ceil, fma) are the same everywhere and stay.
 */
class StrictMathOnlyTest {

    static final Pattern LOOSE = Pattern.compile(
            "(?<![A-Za-z0-9_.])Math\\.(sin|cos|tan|asin|acos|atan|atan2|exp|log|log10|pow|cbrt|hypot"
                    + "|expm1|log1p|sinh|cosh|tanh)\\(");

    @Test
    void theEngineAndItsAppCallNoLooseTranscendental() throws IOException {
        List<String> found = new ArrayList<>();
        int files = 0;
        for (String root : new String[] {"src/main/java", "../app/src/main/java"}) {
            Path dir = Path.of(root);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : (Iterable<Path>) walk.filter(f -> f.toString().endsWith(".java"))::iterator) {
                    files++;
                    List<String> lines = Files.readAllLines(p);
                    for (int i = 0; i < lines.size(); i++) {
                        Matcher m = LOOSE.matcher(lines.get(i));
                        if (m.find()) {
                            found.add(p + ":" + (i + 1) + ": " + lines.get(i).trim());
                        }
                    }
                }
            }
        }
        assertTrue(files > 100, "the scan found the sources (" + files + " files)");
        assertEquals(List.of(), found, "use StrictMath for these");
    }

    @Test
    void thePatternCatchesALooseCallAndPassesAStrictOne() {
        assertTrue(LOOSE.matcher("double s = Math.sin(a);").find());
        assertTrue(LOOSE.matcher("x = -Math.atan2(y, x)").find());
        assertTrue(!LOOSE.matcher("double s = StrictMath.sin(a);").find());
        assertTrue(!LOOSE.matcher("double s = Math.sqrt(a);").find());
    }
}
