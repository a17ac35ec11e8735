package ricochet.geometry.shape;

/**
 * Receives the triangles a {@link TriangleShape#queryTriangles} finds. Implemented by a long-lived
 * object (the narrow phase), so a query allocates nothing.
 */
@FunctionalInterface
public interface TriangleVisitor {

    /** Called once per triangle whose bounds overlap the query box; {@code triangle} is its index. */
    void visit(int triangle);
}
