package ricochet.vehicle;

import ricochet.collision.CollisionWorld;
import ricochet.collision.RayResult;
import ricochet.collision.ShapeCastHit;
import ricochet.geometry.shape.CylinderShape;
import ricochet.math.Transform;

/**
 * A wheel's look for the ground: its cylinder (radius R, the tyre's width, the axle along the steered
 * chassis x axis) swept down the suspension axis against the world. A ray under the wheel's centre
 * sees the ground only there: over a bump it lets the rim ahead of that point sink into the ground
 * by about {@code slope^2 R / 2}, and a kerb is met only once the centre is over it. The cylinder
 * meets the first surface any part of the tyre would touch, with that surface's normal.
 *
 * <p>The sweep starts {@link #LIFT} radii above the mount, so a wheel pressed past its bump stop
 * still starts clear of the ground (a sweep does not report what it overlaps at its start), and ends
 * at full extension: {@code len = fraction (restLength + LIFT R) - LIFT R}. Only when the ground
 * reaches into the lifted start (the chassis sunk to its mounts) does a ray down the axis stand in.
 * The contact point is the cast's, moved along the axle into the wheel's mid-plane: on flat ground a
 * cylinder touches along a line, and the middle of it is the one point that does not depend on the
 * search's last step. Nothing is allocated per cast.
 */
final class WheelCast {

    /** How far above the mount the sweep starts, in wheel radii. */
    static final double LIFT = 1;

    private static final double HALF_SQRT2 = Math.sqrt(0.5);

    private final Transform pose = new Transform();
    private final ShapeCastHit hit = new ShapeCastHit();
    private final RayResult ray = new RayResult();

    // The result: the body under the wheel, the suspension length (m; negative past the bump stop),
    // the contact point and the unit ground normal (world, from the ground toward the wheel).
    int body;
    double length;
    double pointX, pointY, pointZ;
    double normalX, normalY, normalZ;

    /**
     * Casts wheel {@code i} of {@code v}: mount (px, py, pz), the chassis' up axis u and orientation q,
     * the steered axle a (world, unit); {@code skip} marks the own chassis. Returns whether ground lies
     * within the travel; the result is in the fields.
     */
    boolean cast(VehicleHost host, boolean[] skip, VehicleState v, int i, double px, double py, double pz,
                 double ux, double uy, double uz, double ax, double ay, double az,
                 double qx, double qy, double qz, double qw) {
        double r = v.radius[i];
        double rest = v.def.suspension().restLength();
        double lift = LIFT * r;
        double reach = rest + lift;
        // Orientation: q * q_steer(about y, delta) * q_z(-90 degrees), the cylinder's y axis onto x.
        double hs = 0.5 * v.steerAngle[i];
        double sy = StrictMath.sin(hs), cy = StrictMath.cos(hs);
        double lx = -sy * HALF_SQRT2, ly = sy * HALF_SQRT2, lz = -cy * HALF_SQRT2, lw = cy * HALF_SQRT2;
        double ox = qw * lx + qx * lw + qy * lz - qz * ly;
        double oy = qw * ly - qx * lz + qy * lw + qz * lx;
        double oz = qw * lz + qx * ly - qy * lx + qz * lw;
        double ow = qw * lw - qx * lx - qy * ly - qz * lz;
        double sx = px + ux * lift, sy0 = py + uy * lift, sz = pz + uz * lift;
        pose.set(sx, sy0, sz, ox, oy, oz, ow);
        CylinderShape shape = v.wheelShape[i];
        CollisionWorld world = host.collision();
        boolean found = castPastSensors(host, world, shape, skip, 0, 0, 0, -ux * reach, -uy * reach, -uz * reach);
        if (found) {
            double t = hit.fraction * reach;
            length = t - lift;
            // The wheel's centre at the hit, and the contact moved into its mid-plane.
            double cx = sx - ux * t, cy0 = sy0 - uy * t, cz = sz - uz * t;
            double along = (hit.pointX - cx) * ax + (hit.pointY - cy0) * ay + (hit.pointZ - cz) * az;
            pointX = hit.pointX - along * ax;
            pointY = hit.pointY - along * ay;
            pointZ = hit.pointZ - along * az;
            // The sweep's normal points from the wheel to the ground.
            normalX = -hit.normalX;
            normalY = -hit.normalY;
            normalZ = -hit.normalZ;
            body = hit.body;
        } else {
            // Clear all the way down, or starting in the ground: the ray tells the two apart.
            double rr = rest + r;
            if (!castPastSensors(host, world, null, skip, px, py, pz, -ux * rr, -uy * rr, -uz * rr)) {
                body = -1;
                length = rest;
                return false;
            }
            length = ray.fraction * rr - r;
            pointX = ray.pointX;
            pointY = ray.pointY;
            pointZ = ray.pointZ;
            normalX = ray.normalX;
            normalY = ray.normalY;
            normalZ = ray.normalZ;
            body = ray.body;
        }
        if (normalX * ux + normalY * uy + normalZ * uz < 0) {
            normalX = -normalX;
            normalY = -normalY;
            normalZ = -normalZ;
        }
        return true;
    }

    /**
     * The sweep of {@code shape} from {@link #pose} into {@link #hit}, or, with {@code shape == null}, the
     * ray from (x, y, z) into {@link #ray}, by (dx, dy, dz), passing over sensors (bodies the host
     * ignores), up to two of them.
     */
    private boolean castPastSensors(VehicleHost host, CollisionWorld world, CylinderShape shape, boolean[] skip,
                                    double x, double y, double z, double dx, double dy, double dz) {
        int skipped0 = -1, skipped1 = -1;
        boolean found = false;
        for (int tries = 0; tries < 3; tries++) {
            found = shape != null
                    ? world.sweepConvex(shape, pose, dx, dy, dz, skip, hit)
                    : world.raycastClosest(x, y, z, dx, dy, dz, 1, skip, ray);
            int first = shape != null ? hit.body : ray.body;
            if (!found || host.motionType(first) != VehicleHost.IGNORED) {
                break;
            }
            skip[first] = true;
            if (tries == 0) {
                skipped0 = first;
            } else {
                skipped1 = first;
            }
            found = false;
        }
        if (skipped0 >= 0) {
            skip[skipped0] = false;
        }
        if (skipped1 >= 0) {
            skip[skipped1] = false;
        }
        return found;
    }
}
