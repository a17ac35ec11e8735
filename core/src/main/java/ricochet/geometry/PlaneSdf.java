package ricochet.geometry;

import ricochet.math.Vec3;

/**
 * The half-space below a plane: {@code phi(x) = (x - P) . N}, with P the plane's point closest to the
 * origin. Written as the GAMES103 lab code writes it ({@code d = (x_i - P) . N}) so lab results
 * match that code's arithmetic, not just its algebra.
 */
public final class PlaneSdf implements Sdf {

    private final double px, py, pz, nx, ny, nz;

    /** The plane {@code normal . x = offset}; {@code normal} need not be unit length. */
    public PlaneSdf(Vec3 normal, double offset) {
        if (!normal.isFinite() || !Double.isFinite(offset)) {
            throw new IllegalArgumentException("plane normal and offset must be finite, got " + normal
                    + ", " + offset);
        }
        double len = normal.length();
        if (!(len > 0)) {
            throw new IllegalArgumentException("plane normal must be non-zero, got " + normal);
        }
        this.nx = normal.x() / len;
        this.ny = normal.y() / len;
        this.nz = normal.z() / len;
        double d = offset / len;
        this.px = nx * d;
        this.py = ny * d;
        this.pz = nz * d;
    }

    /** The plane through {@code point} with normal {@code normal}. */
    public static PlaneSdf throughPoint(Vec3 point, Vec3 normal) {
        Vec3 n = normal.normalized();
        return new PlaneSdf(n, n.dot(point));
    }

    @Override
    public double distance(double x, double y, double z) {
        return (x - px) * nx + (y - py) * ny + (z - pz) * nz;
    }

    @Override
    public void normal(double x, double y, double z, double[] out) {
        out[0] = nx;
        out[1] = ny;
        out[2] = nz;
    }

    public Vec3 normal() {
        return new Vec3(nx, ny, nz);
    }

    /** The plane's point closest to the origin. */
    public Vec3 point() {
        return new Vec3(px, py, pz);
    }
}
