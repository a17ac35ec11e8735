package ricochet.io.scene;

/**
 * One problem found in a scene file: where (a JSON path such as {@code $.bodies[1].shape.radius})
 * and what.
 */
public record SceneProblem(String path, String message) {

    @Override
    public String toString() {
        return path + ": " + message;
    }
}
