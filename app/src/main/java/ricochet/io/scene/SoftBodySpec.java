package ricochet.io.scene;

import ricochet.soft.SoftBodyDef;

/**
 * A scene file's soft body ({@code "softBodies"} entry), validated.
 *
 * @param def the body, named as in the file, its shape in the body's frame
 * @param obj the shape's {@code obj} path as written in the file, or null for a box, a sphere or an
 *     inline mesh
 */
public record SoftBodySpec(SoftBodyDef def, String obj) {

    public String name() {
        return def.name();
    }
}
