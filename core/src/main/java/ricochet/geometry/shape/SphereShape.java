package ricochet.geometry.shape;

/** A sphere of {@link #radius()} about the origin: a point core swept by the radius. */
public final class SphereShape implements ConvexShape {

    private final double radius;

    public SphereShape(double radius) {
        this.radius = Shapes.positive("sphere", "radius", radius);
    }

    @Override
    public ShapeType type() {
        return ShapeType.SPHERE;
    }

    @Override
    public double radius() {
        return radius;
    }

    @Override
    public void supportCore(double dx, double dy, double dz, double[] out) {
        out[0] = 0;
        out[1] = 0;
        out[2] = 0;
    }

    @Override
    public void localBounds(double[] out) {
        out[0] = out[1] = out[2] = -radius;
        out[3] = out[4] = out[5] = radius;
    }
}
