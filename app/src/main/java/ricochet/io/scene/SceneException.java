package ricochet.io.scene;

import java.util.List;
import java.util.stream.Collectors;

/** A scene file that is not valid; {@link #problems()} lists every problem found, in file order. */
public final class SceneException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final transient List<SceneProblem> problems;

    public SceneException(String source, List<SceneProblem> problems) {
        super(source + ": " + problems.size() + (problems.size() == 1 ? " problem" : " problems") + "\n"
                + problems.stream().map(p -> "  " + p).collect(Collectors.joining("\n")));
        this.source = source;
        this.problems = List.copyOf(problems);
    }

    public String source() {
        return source;
    }

    public List<SceneProblem> problems() {
        return problems;
    }
}
