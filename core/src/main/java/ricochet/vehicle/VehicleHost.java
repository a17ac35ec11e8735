package ricochet.vehicle;

import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.collision.ColliderHost;
import ricochet.geometry.shape.Shape;

/**
 * What {@link Vehicles} needs from the world it lives in: a chassis body to add and remove, its
 * state, forces on it and on what the wheels stand on, and the collision world the wheels cast
 * into. The world implements it; this package does not depend on the world's.
 */
public interface VehicleHost extends ColliderHost {

    /** Floats {@link #readChassis} writes. */
    int CHASSIS_STATE = 26;


    /** Adds the chassis body (dynamic, with the def's mass properties). */
    BodyId addBody(BodyDef def, Shape shape, double friction, double restitution);

    void removeBody(BodyId id);

    /** The body's collider number in {@link #collision()}. */
    int colliderOf(BodyId id);

    /**
     * The chassis' state into {@code out}: centre of mass (0..2, world, m), orientation (3..6,
     * x y z w), velocity (7..9, m/s), angular velocity (10..12, rad/s), inverse mass (13, 1/kg),
     * inverse world inertia (14..22, row-major, 1/(kg m^2)), body origin (23..25, world, m).
     */
    void readChassis(BodyId id, double[] out);

    /** Adds a force (N, world) and a torque about the centre of mass (N m, world) for this step. */
    void addForce(BodyId id, double fx, double fy, double fz, double tx, double ty, double tz);

    /**
     * Changes the body's velocity (m/s, world) and angular velocity (rad/s, world) now, before this
     * step's solve: an impulse that acts from the step's start.
     */
    void addVelocity(BodyId id, double dvx, double dvy, double dvz, double dwx, double dwy, double dwz);

    boolean isAsleep(BodyId id);

    void wake(BodyId id);


    /** The velocity (m/s, world) of world point (x, y, z) carried by the collider's body, into out[0..2]. */
    void pointVelocity(int collider, double x, double y, double z, double[] out);

    /**
     * Adds the force (N, world) at world point (x, y, z) to the collider's body for this step when it
     * is dynamic, waking it.
     */
    void addForceAt(int collider, double fx, double fy, double fz, double x, double y, double z);

    /** The handle of the collider's body. */
    BodyId bodyOf(int collider);

    /**
     * Wheel {@code wheel} of the vehicle in {@code slot} found ground ({@code contact}, on
     * {@code collider}) or lost it (collider -1) in this step's cast: the world records the event.
     */
    void wheelContactChanged(int slot, int wheel, boolean contact, int collider);
}
