package ricochet.soft;

import ricochet.body.BodyId;
import ricochet.collision.ColliderHost;

/**
 * What {@link SoftBodies} needs from the world it lives in: the collision world its particles meet,
 * the state of the rigid bodies behind the colliders, and a way to hand them the particles' impulses.
 * The world implements it; this package does not depend on the world's.
 */
public interface SoftHost extends ColliderHost {

    /** Doubles written by {@link #bodyState}. */
    int STATE_SIZE = 32;


    /** Whether the collider's body sleeps. */
    boolean asleep(int collider);

    /**
     * The collider's body now, into {@code out[0 .. STATE_SIZE - 1]}: centre of mass (world, m) [0..2],
     * orientation quaternion x, y, z, w [3..6], the centre of mass in the body frame (m) [7..9],
     * velocity (m/s) [10..12], angular velocity (rad/s) [13..15], inverse mass (1/kg, 0 unless
     * dynamic) [16], the world inverse inertia, row-major (1/(kg m^2)) [17..25], the centre of
     * mass at the start of the step, before the rigid solve moved it (world, m) [26..28], and the
     * change of velocity the step's contacts and joints gave the body so far (m/s) [29..31]: its
     * velocity now less the one it started the step with and the free motion's (gravity and applied
     * force over the step); 0 unless dynamic and awake.
     */
    void bodyState(int collider, double[] out);

    /**
     * Adds to a dynamic body's velocity (m/s) and angular velocity (rad/s), waking it if {@code wake};
     * a sleeping body that is not woken is left as it is.
     */
    void addVelocity(int collider, double dvx, double dvy, double dvz, double dwx, double dwy, double dwz,
                     boolean wake);

    /**
     * Moves a dynamic body's centre of mass by (dx, dy, dz), m, world: the difference the particles'
     * impulses made to its path over the step. A sleeping body is left as it is.
     */
    void moveBody(int collider, double dx, double dy, double dz);

    /**
     * An upper bound on how fast any awake body's points move, m/s: how far beyond a soft body's box
     * a body may be at the start of a step and still reach it by the end.
     */
    double fastestBody();

    /**
     * The longest way, m, any awake body's centre of mass has gone in the step so far, from where the
     * step started: the rigid solve's path, which contacts may make longer than its velocity times
     * the step.
     */
    double longestPath();

    /**
     * The collider of a live body.
     *
     * @throws IllegalArgumentException for a stale handle
     */
    int colliderOf(BodyId body);
}
