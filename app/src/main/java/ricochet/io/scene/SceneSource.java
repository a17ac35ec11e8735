package ricochet.io.scene;

import java.util.Map;

/**
 * A scene as read, with what it was read from: the scene file's text and the bytes of every OBJ
 * file it names (by the path the scene writes). Enough to read the same scene again without the
 * files, as a resumed run does from its snapshot.
 *
 * @param scene the scene
 * @param name what the user called it: a built-in scene's name or a path
 * @param json the scene file's text
 * @param objFiles each OBJ file's bytes, by the path in the scene (shared: do not change them)
 */
public record SceneSource(Scene scene, String name, String json, Map<String, byte[]> objFiles) {

    public SceneSource {
        objFiles = Map.copyOf(objFiles);
    }

    /**
     * Reads the scene again from {@code json} and {@code objFiles} (see
     * {@link SceneReader#parseWithObjFiles}).
     */
    public static SceneSource parse(String name, String json, Map<String,
            byte[]> objFiles) throws SceneException {
        return new SceneSource(SceneReader.parseWithObjFiles(json, name, objFiles), name, json, objFiles);
    }
}
