package ricochet.bench.scene;

/**
 * A joint of a benchmark scene, between two of its bodies named by their index in
 * {@link BenchScene#bodies()} (either may be static), given in world space as built. Only the two
 * kinds every peer engine has: a ball joint (the anchors coincide) and a hinge (the anchors coincide
 * and the bodies turn about one axis only) with a limit. The bodies of one joint never collide with
 * each other, in every engine.
 *
 * <p>Hinge limits are symmetric ({@code -limit .. +limit} from the pose as built) so that each
 * engine's own sign convention for the hinge angle gives the same joint.
 *
 * @param a index of the first body
 * @param b index of the second body
 * @param x anchor, m, world frame as built
 * @param ax hinge axis (unit), world frame; ignored for a ball joint
 * @param limit hinge: the largest angle either way, rad, in (0, pi); ball: NaN
 */
public record BenchJoint(Kind kind, int a, int b, double x, double y, double z,
                         double ax, double ay, double az, double limit) {

    public enum Kind {
        BALL, HINGE
    }

    public BenchJoint {
        if (a == b || a < 0 || b < 0) {
            throw new IllegalArgumentException("joint: bodies " + a + " and " + b + " must be two bodies");
        }
        if (kind == Kind.HINGE && !(limit > 0 && limit < Math.PI)) {
            throw new IllegalArgumentException("joint: hinge limit must be in (0, pi), got " + limit);
        }
    }

    public static BenchJoint ball(int a, int b, double x, double y, double z) {
        return new BenchJoint(Kind.BALL, a, b, x, y, z, 1, 0, 0, Double.NaN);
    }

    public static BenchJoint hinge(int a, int b, double x, double y, double z,
                                   double ax, double ay, double az, double limit) {
        double len = Math.sqrt(ax * ax + ay * ay + az * az);
        return new BenchJoint(Kind.HINGE, a, b, x, y, z, ax / len, ay / len, az / len, limit);
    }

    /** The anchor in {@code body}'s own frame: {@code R^T (anchor - c)}. */
    public double[] localAnchor(BenchBody body) {
        return toLocal(body, x - body.x(), y - body.y(), z - body.z());
    }

    /** The hinge axis in {@code body}'s own frame: {@code R^T axis}. */
    public double[] localAxis(BenchBody body) {
        return toLocal(body, ax, ay, az);
    }

    /**
     * A unit vector perpendicular to the axis (world frame), for engines that want a hinge's second
     * frame axis: the world axis the hinge axis is least aligned with, crossed with it.
     */
    public double[] normal() {
        double ex = 0, ey = 0, ez = 0;
        if (Math.abs(ax) <= Math.abs(ay) && Math.abs(ax) <= Math.abs(az)) {
            ex = 1;
        } else if (Math.abs(ay) <= Math.abs(az)) {
            ey = 1;
        } else {
            ez = 1;
        }
        // n = axis x e, normalised
        double nx = ay * ez - az * ey, ny = az * ex - ax * ez, nz = ax * ey - ay * ex;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        return new double[] {nx / len, ny / len, nz / len};
    }

    /**
     * The joint frame's orientation in {@code body}'s own frame, a unit quaternion {@code (x, y, z,
     * w)}: the frame's x axis is the hinge axis and its y axis {@link #normal()} (engines that take
     * joint frames, such as PhysX, whose revolute joint turns about the frame's x).
     */
    public double[] localFrame(BenchBody body) {
        double[] world = Quats.fromColumns(new double[] {ax, ay, az}, normal());
        return Quats.multiply(new double[] {-body.qx(), -body.qy(), -body.qz(), body.qw()}, world);
    }

    /**
     * The farthest the two bodies' centres can be apart while the joint holds: the anchor's
     * distance from each centre, added (the triangle inequality), m.
     */
    public double reach(BenchScene scene) {
        return norm(localAnchor(scene.bodies().get(a))) + norm(localAnchor(scene.bodies().get(b)));
    }

    private static double norm(double[] v) {
        return Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    }

    /** {@code v} turned by the conjugate of the body's orientation. */
    private static double[] toLocal(BenchBody body, double vx, double vy, double vz) {
        return Quats.rotate(new double[] {-body.qx(), -body.qy(), -body.qz(), body.qw()}, vx, vy, vz);
    }
}
