package ricochet.collision.narrow;

import ricochet.math.Transform;

/**
 * A body's motion over a step as {@link TimeOfImpact} sweeps it (Box2D's {@code b2Sweep}): its centre
 * of mass moves from {@code c0} by {@code t T} and it turns about that centre by {@code t angle} about
 * a fixed unit axis, for the fraction t in [0, 1]: a constant linear and angular velocity that take
 * the start pose to the end pose. The turn keeps every point's distance from the axis through the
 * centre, so a body whose points lie at most {@link #axisReach} from it moves them at most
 * {@code |T| + angle * axisReach} per unit fraction, and along any fixed direction n at most
 * {@code T . n + angle * axisReach}: the bound conservative advancement steps with (tighter than the
 * distance from the centre for a rod turning about its own length). World axes, metres, radians.
 * Mutable, so a caller reuses one.
 */
public final class Sweep {

    /** The centre of mass at the start, world. */
    public double c0x, c0y, c0z;
    /** The centre's displacement over the whole sweep, world, metres. */
    public double tx, ty, tz;
    /** The unit axis of the turn, world. */
    public double ax, ay, az;
    /** The turn over the whole sweep, radians, >= 0. */
    public double angle;
    /** The greatest distance of any point of the body from its centre of mass, metres. */
    public double reach;
    /** The greatest distance of any point of the body from the axis through its centre, metres. */
    public double axisReach;
    /**
     * Metres: a target this close to the body at the start was in the narrow phase's view (its pairs
     * are searched this far ahead), so the contact solver had their contact; the sweep holds the body
     * back from it only where its end pose is pressed {@link #pressIn} further in, or through. At most
     * the tolerance (or 0): only a target touching at the start is in view.
     */
    public double inView;
    /**
     * The fraction whose pose is judged for the targets in view (1: the end pose): a caller that puts
     * the body back at a hit's fraction f judges again at f, since the arc may dip into a target in
     * view before its end.
     */
    public double judgedAt = 1;
    /**
     * Metres that a part of the body in view of a target at the start (see {@link #inView}) may move
     * further into it than it was (or than touching) before it counts as a hit; at most the tolerance:
     * such a target is never a hit.
     */
    public double pressIn;

    /**
     * Sets the sweep from the start pose (centre {@code c0}, orientation {@code q0}) to the end pose
     * (centre {@code c1}, orientation {@code q1}) along the shorter arc, with {@code reach} as above.
     * The arc's angle is {@code 2 atan2(|v|, |w|)} of {@code q1 q0^-1 = (v, w)}, its axis {@code v / |v|}
     * (sign taken so that {@code w >= 0}). {@link #axisReach} is set to {@code reach},
     * {@link #inView} and {@link #pressIn} to 0, {@link #judgedAt} to 1.
     *
     * @return this
     */
    public Sweep set(double c0x, double c0y, double c0z, double q0x, double q0y, double q0z, double q0w,
            double c1x, double c1y, double c1z, double q1x, double q1y, double q1z, double q1w, double reach) {
        this.c0x = c0x;
        this.c0y = c0y;
        this.c0z = c0z;
        tx = c1x - c0x;
        ty = c1y - c0y;
        tz = c1z - c0z;
        // q1 q0^-1 with q0^-1 = (-q0v, q0w)
        double x = q1w * -q0x + q1x * q0w + q1y * -q0z - q1z * -q0y;
        double y = q1w * -q0y - q1x * -q0z + q1y * q0w + q1z * -q0x;
        double z = q1w * -q0z + q1x * -q0y - q1y * -q0x + q1z * q0w;
        double w = q1w * q0w - q1x * -q0x - q1y * -q0y - q1z * -q0z;
        if (w < 0) {
            x = -x;
            y = -y;
            z = -z;
            w = -w;
        }
        double s = Math.sqrt(x * x + y * y + z * z);
        if (s > 0) {
            ax = x / s;
            ay = y / s;
            az = z / s;
            angle = 2 * StrictMath.atan2(s, w);
        } else {
            ax = 1;
            ay = 0;
            az = 0;
            angle = 0;
        }
        this.reach = reach;
        axisReach = reach;
        inView = 0;
        pressIn = 0;
        judgedAt = 1;
        return this;
    }

    /** The farthest any point of the body moves over the sweep, metres: {@code |T| + angle * axisReach}. */
    public double travel() {
        return Math.sqrt(tx * tx + ty * ty + tz * tz) + angle * axisReach;
    }

    /**
     * {@code out} = the pose at fraction t of a shape whose pose at the start was {@code start} (the
     * body's, or a compound child's): turned by {@code t angle} about the axis through {@code c0},
     * then moved by {@code t T}. out may not be start.
     */
    public void poseAt(double t, Transform start, Transform out) {
        double half = 0.5 * t * angle;
        double s = StrictMath.sin(half), w = StrictMath.cos(half);
        double x = ax * s, y = ay * s, z = az * s;
        // q = dq q_start
        double qx = w * start.qx + x * start.qw + y * start.qz - z * start.qy;
        double qy = w * start.qy - x * start.qz + y * start.qw + z * start.qx;
        double qz = w * start.qz + x * start.qy - y * start.qx + z * start.qw;
        double qw = w * start.qw - x * start.qx - y * start.qy - z * start.qz;
        // p = c0 + t T + dq (p_start - c0), rotating by v' = v + 2 w (u x v) + 2 u x (u x v)
        double vx = start.px - c0x, vy = start.py - c0y, vz = start.pz - c0z;
        double cx = 2 * (y * vz - z * vy), cy = 2 * (z * vx - x * vz), cz = 2 * (x * vy - y * vx);
        double rx = vx + w * cx + (y * cz - z * cy);
        double ry = vy + w * cy + (z * cx - x * cz);
        double rz = vz + w * cz + (x * cy - y * cx);
        out.set(c0x + t * tx + rx, c0y + t * ty + ry, c0z + t * tz + rz, qx, qy, qz, qw);
    }

    /** The bound on how fast (per unit fraction) any point of the body closes along unit n. */
    double boundAlong(double nx, double ny, double nz) {
        return tx * nx + ty * ny + tz * nz + angle * axisReach;
    }
}
