package ricochet.geometry.shape;

/** The shape types a scene file can name; the narrow phase dispatches on these. */
public enum ShapeType {
    SPHERE, BOX, CAPSULE, CYLINDER, CONVEX_HULL, TRIANGLE_MESH, PLANE, HEIGHTFIELD, COMPOUND
}
