package ricochet.geometry.shape;

/**
 * A capsule along the local y axis: the segment from (0, -halfHeight, 0) to (0, halfHeight, 0)
 * swept by {@link #radius()}; total height {@code 2 (halfHeight + radius)}.
 */
public final class CapsuleShape implements ConvexShape {

    private final double radius, halfHeight;

    public CapsuleShape(double radius, double halfHeight) {
        this.radius = Shapes.positive("capsule", "radius", radius);
        this.halfHeight = Shapes.positive("capsule", "halfHeight", halfHeight);
    }

    @Override
    public ShapeType type() {
        return ShapeType.CAPSULE;
    }

    public double halfHeight() {
        return halfHeight;
    }

    @Override
    public double radius() {
        return radius;
    }

    @Override
    public void supportCore(double dx, double dy, double dz, double[] out) {
        out[0] = 0;
        out[1] = dy >= 0 ? halfHeight : -halfHeight;
        out[2] = 0;
    }

    @Override
    public void localBounds(double[] out) {
        out[0] = -radius;
        out[1] = -halfHeight - radius;
        out[2] = -radius;
        out[3] = radius;
        out[4] = halfHeight + radius;
        out[5] = radius;
    }
}
