package ricochet.geometry.shape;

import ricochet.geometry.Sdf;
import ricochet.math.Transform;

/**
 * A shape's signed distance in world space: the shape placed at a pose (world = R local + p). The
 * point is taken into the shape's frame, {@code local = R^T (x - p)}, measured there by
 * {@link ShapeSdf}, and the normal rotated back; a rigid map keeps distances. Allocates nothing
 * per query.
 */
public final class PosedSdf implements Sdf {

    private final Shape shape;
    private final Transform pose = new Transform();

    /** The shape at a copy of {@code pose}. */
    public PosedSdf(Shape shape, Transform pose) {
        if (shape == null || pose == null) {
            throw new IllegalArgumentException("posed sdf: shape and pose must not be null, got " + shape + ", "
                    + pose);
        }
        this.shape = shape;
        this.pose.set(pose);
    }

    public Shape shape() {
        return shape;
    }

    /** A copy of the pose. */
    public Transform pose() {
        return new Transform().set(pose);
    }

    @Override
    public double distance(double x, double y, double z) {
        double[] r = pose.r;
        double dx = x - pose.px, dy = y - pose.py, dz = z - pose.pz;
        return ShapeSdf.distance(shape, r[0] * dx + r[3] * dy + r[6] * dz, r[1] * dx + r[4] * dy + r[7] * dz,
                r[2] * dx + r[5] * dy + r[8] * dz);
    }

    @Override
    public void normal(double x, double y, double z, double[] out) {
        double[] r = pose.r;
        double dx = x - pose.px, dy = y - pose.py, dz = z - pose.pz;
        ShapeSdf.normal(shape, r[0] * dx + r[3] * dy + r[6] * dz, r[1] * dx + r[4] * dy + r[7] * dz,
                r[2] * dx + r[5] * dy + r[8] * dz, out);
        double nx = out[0], ny = out[1], nz = out[2];
        out[0] = r[0] * nx + r[1] * ny + r[2] * nz;
        out[1] = r[3] * nx + r[4] * ny + r[5] * nz;
        out[2] = r[6] * nx + r[7] * ny + r[8] * nz;
    }
}
