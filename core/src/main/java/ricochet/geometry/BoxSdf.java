package ricochet.geometry;

import ricochet.math.Mat3;
import ricochet.math.Quat;
import ricochet.math.QuatOps;
import ricochet.math.Vec3;

/**
 * A solid oriented box. In box coordinates, with {@code q = |p| - h}: outside
 * {@code phi = |max(q, 0)|}, inside {@code phi = max(qx, qy, qz)} (Quilez's exact box distance).
 */
public final class BoxSdf implements Sdf {

    private final double cx, cy, cz, hx, hy, hz;
    /** Rows of R^T: world-to-box rotation. */
    private final double[] rt = new double[9];

    public BoxSdf(Vec3 center, Quat orientation, Vec3 halfExtents) {
        if (!center.isFinite() || !orientation.isFinite() || !halfExtents.isFinite()
                || !(halfExtents.x() > 0 && halfExtents.y() > 0 && halfExtents.z() > 0)) {
            throw new IllegalArgumentException("box needs a finite pose and half extents > 0, got "
                    + center + ", " + orientation + ", " + halfExtents);
        }
        Quat q = orientation.normalized();
        double[] r = new double[9];
        QuatOps.toMatrix(q.x(), q.y(), q.z(), q.w(), r);
        Mat3.transpose(r, rt);
        this.cx = center.x();
        this.cy = center.y();
        this.cz = center.z();
        this.hx = halfExtents.x();
        this.hy = halfExtents.y();
        this.hz = halfExtents.z();
    }

    @Override
    public double distance(double x, double y, double z) {
        double dx = x - cx, dy = y - cy, dz = z - cz;
        double qx = Math.abs(rt[0] * dx + rt[1] * dy + rt[2] * dz) - hx;
        double qy = Math.abs(rt[3] * dx + rt[4] * dy + rt[5] * dz) - hy;
        double qz = Math.abs(rt[6] * dx + rt[7] * dy + rt[8] * dz) - hz;
        double ox = Math.max(qx, 0), oy = Math.max(qy, 0), oz = Math.max(qz, 0);
        double outside = Math.sqrt(ox * ox + oy * oy + oz * oz);
        double inside = Math.min(Math.max(qx, Math.max(qy, qz)), 0);
        return outside + inside;
    }

    @Override
    public void normal(double x, double y, double z, double[] out) {
        double dx = x - cx, dy = y - cy, dz = z - cz;
        double lx = rt[0] * dx + rt[1] * dy + rt[2] * dz;
        double ly = rt[3] * dx + rt[4] * dy + rt[5] * dz;
        double lz = rt[6] * dx + rt[7] * dy + rt[8] * dz;
        double qx = Math.abs(lx) - hx, qy = Math.abs(ly) - hy, qz = Math.abs(lz) - hz;
        double gx, gy, gz;
        if (qx > 0 || qy > 0 || qz > 0) {
            gx = Math.max(qx, 0) * Math.signum(lx);
            gy = Math.max(qy, 0) * Math.signum(ly);
            gz = Math.max(qz, 0) * Math.signum(lz);
        } else if (qx >= qy && qx >= qz) {
            gx = lx >= 0 ? 1 : -1; gy = 0; gz = 0;
        } else if (qy >= qz) {
            gx = 0; gy = ly >= 0 ? 1 : -1; gz = 0;
        } else {
            gx = 0; gy = 0; gz = lz >= 0 ? 1 : -1;
        }
        double len = Math.sqrt(gx * gx + gy * gy + gz * gz);
        gx /= len;
        gy /= len;
        gz /= len;
        // back to world: R g, with R = (R^T)^T
        out[0] = rt[0] * gx + rt[3] * gy + rt[6] * gz;
        out[1] = rt[1] * gx + rt[4] * gy + rt[7] * gz;
        out[2] = rt[2] * gx + rt[5] * gy + rt[8] * gz;
    }
}
