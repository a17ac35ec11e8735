package ricochet.io.scene;

/** The scene file's body {@code type}. */
public enum BodyType {
    STATIC("static"), KINEMATIC("kinematic"), DYNAMIC("dynamic");

    private final String key;

    BodyType(String key) {
        this.key = key;
    }

    /** The name used in scene files. */
    public String key() {
        return key;
    }
}
