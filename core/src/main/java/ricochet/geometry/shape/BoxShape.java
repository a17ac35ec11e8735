package ricochet.geometry.shape;

/** A box of half extents (hx, hy, hz) about the origin, axis-aligned in its frame. */
public final class BoxShape implements ConvexShape {

    private final double hx, hy, hz;

    public BoxShape(double hx, double hy, double hz) {
        this.hx = Shapes.positive("box", "half extent x", hx);
        this.hy = Shapes.positive("box", "half extent y", hy);
        this.hz = Shapes.positive("box", "half extent z", hz);
    }

    @Override
    public ShapeType type() {
        return ShapeType.BOX;
    }

    public double halfX() {
        return hx;
    }

    public double halfY() {
        return hy;
    }

    public double halfZ() {
        return hz;
    }

    @Override
    public double radius() {
        return 0;
    }

    /** Ties (a zero direction component) pick the positive side, so the choice is deterministic. */
    @Override
    public void supportCore(double dx, double dy, double dz, double[] out) {
        out[0] = dx >= 0 ? hx : -hx;
        out[1] = dy >= 0 ? hy : -hy;
        out[2] = dz >= 0 ? hz : -hz;
    }

    @Override
    public void localBounds(double[] out) {
        out[0] = -hx;
        out[1] = -hy;
        out[2] = -hz;
        out[3] = hx;
        out[4] = hy;
        out[5] = hz;
    }
}
