package ricochet.geometry.shape;

/** The shape types of contract section 4; the narrow phase dispatches on these. */
public enum ShapeType {
    SPHERE, BOX, CAPSULE, CYLINDER, CONVEX_HULL, TRIANGLE_MESH, PLANE, HEIGHTFIELD, COMPOUND
}
