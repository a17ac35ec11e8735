package ricochet.geometry.shape;

/** A solid cylinder along the local y axis: radius {@link #cylinderRadius()}, y in [-halfHeight, halfHeight]. */
public final class CylinderShape implements ConvexShape {

    private final double cylinderRadius, halfHeight;

    public CylinderShape(double radius, double halfHeight) {
        this.cylinderRadius = Shapes.positive("cylinder", "radius", radius);
        this.halfHeight = Shapes.positive("cylinder", "halfHeight", halfHeight);
    }

    @Override
    public ShapeType type() {
        return ShapeType.CYLINDER;
    }

    public double cylinderRadius() {
        return cylinderRadius;
    }

    public double halfHeight() {
        return halfHeight;
    }

    /** The whole cylinder is the core: no sweeping radius. */
    @Override
    public double radius() {
        return 0;
    }

    @Override
    public void supportCore(double dx, double dy, double dz, double[] out) {
        double len = Math.sqrt(dx * dx + dz * dz);
        if (len > 0) {
            out[0] = cylinderRadius * dx / len;
            out[2] = cylinderRadius * dz / len;
        } else {
            // Straight up or down: every cap point is farthest; take the rim point on +x so the
            // choice is deterministic and lies on the rim like every other support point.
            out[0] = cylinderRadius;
            out[2] = 0;
        }
        out[1] = dy >= 0 ? halfHeight : -halfHeight;
    }

    @Override
    public void localBounds(double[] out) {
        out[0] = -cylinderRadius;
        out[1] = -halfHeight;
        out[2] = -cylinderRadius;
        out[3] = cylinderRadius;
        out[4] = halfHeight;
        out[5] = cylinderRadius;
    }
}
