package ricochet.geometry.shape;

/**
 * Static collision geometry made of triangles, one-sided (triangles face out, counter-clockwise
 * seen from outside): a {@link TriangleMeshShape} or a {@link HeightfieldShape}. Not convex: the
 * narrow phase collides a convex shape with one triangle at a time and uses the edge kinds to remove
 * internal-edge contacts. Everything is in the shape's frame, metres. Queries allocate nothing and
 * use no shared scratch, so one shape may serve several threads.
 */
public interface TriangleShape extends Shape {

    int triangleCount();

    /** The vertices of triangle t (x0 y0 z0 x1 ... z2, counter-clockwise from outside) into {@code out9}. */
    void triangle(int t, double[] out9);

    /** Calls the visitor with every triangle whose bounds overlap {@code aabb6} (min x y z, max x y z). */
    void queryTriangles(double[] aabb6, TriangleVisitor visitor);

    /**
     * The closest hit of the segment {@code origin + s dir}, {@code 0 <= s <= maxFraction}, with either
     * side of any triangle (Möller and Trumbore 1997). Returns false, leaving {@code hit} unchanged, on
     * a miss.
     */
    boolean raycast(double[] origin, double[] dir, double maxFraction, MeshHit hit);

    /** The kind of edge k of triangle t; edge k runs from vertex k to vertex (k + 1) mod 3. */
    EdgeKind edgeKind(int t, int k);

    /** The triangle across edge k of triangle t, or -1 for a boundary. */
    int neighbour(int t, int k);
}
