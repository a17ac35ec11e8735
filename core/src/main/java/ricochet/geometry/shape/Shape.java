package ricochet.geometry.shape;

/**
 * A collision shape in its own frame. Immutable once built; shared between bodies. Lengths in
 * metres.
 */
public interface Shape {

    ShapeType type();

    /** Axis-aligned bounds in the shape's frame into {@code out}: minX, minY, minZ, maxX, maxY, maxZ. */
    void localBounds(double[] out);

    /** Whether this is a {@link ConvexShape}. */
    default boolean isConvex() {
        return this instanceof ConvexShape;
    }
}
