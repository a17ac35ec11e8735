package ricochet.geometry;

import ricochet.math.Vec3;

/** A solid sphere: {@code phi(x) = |x - c| - r}. */
public final class SphereSdf implements Sdf {

    private final double cx, cy, cz, radius;

    public SphereSdf(Vec3 center, double radius) {
        if (!center.isFinite() || !(radius > 0) || !Double.isFinite(radius)) {
            throw new IllegalArgumentException("sphere needs a finite centre and radius > 0, got "
                    + center + ", " + radius);
        }
        this.cx = center.x();
        this.cy = center.y();
        this.cz = center.z();
        this.radius = radius;
    }

    @Override
    public double distance(double x, double y, double z) {
        double dx = x - cx, dy = y - cy, dz = z - cz;
        return Math.sqrt(dx * dx + dy * dy + dz * dz) - radius;
    }

    @Override
    public void normal(double x, double y, double z, double[] out) {
        double dx = x - cx, dy = y - cy, dz = z - cz;
        double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (len == 0) {
            // The centre: every direction is equally short; pick +y.
            out[0] = 0;
            out[1] = 1;
            out[2] = 0;
            return;
        }
        out[0] = dx / len;
        out[1] = dy / len;
        out[2] = dz / len;
    }
}
