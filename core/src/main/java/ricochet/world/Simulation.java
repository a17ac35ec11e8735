package ricochet.world;

import java.util.List;
import ricochet.math.Vec3;

/**
 * A world that steps at a fixed dt, as the command line, the trajectory writers and the viewer see
 * it. Bodies are numbered 0..bodyCount-1 in scene order; static bodies are listed too.
 */
public interface Simulation {

    /** Seconds per step. */
    double dt();

    /** Steps taken since the start (or the last reset). */
    long stepCount();

    /** Simulated seconds since the start. */
    double time();

    int bodyCount();

    String bodyName(int body);

    /**
     * The state of a body into {@code out[0..12]}: the origin's position (x, y, z; for meshes the
     * origin of the mesh's own coordinates), orientation (qx, qy, qz, qw), the centre of mass's
     * linear velocity (vx, vy, vz) and the angular velocity in world axes (wx, wy, wz). SI units.
     */
    void readState(int body, double[] out);

    boolean isSleeping(int body);

    /** Characters (kinematic capsules), numbered 0..characterCount-1 in the order they were added; none by default. */
    default int characterCount() {
        return 0;
    }

    /** The name of character number {@code character}. */
    default String characterName(int character) {
        throw new IndexOutOfBoundsException("no character " + character);
    }

    /**
     * A character's state into {@code out[0..12]} laid out as {@link #readState}: the capsule's centre,
     * orientation (0, 0, 0, 1), its velocity over the last step and angular velocity 0. SI units.
     */
    default void readCharacterState(int character, double[] out) {
        throw new IndexOutOfBoundsException("no character " + character);
    }

    /**
     * A state row of something that has a position and a velocity but no orientation (a character, a
     * cloth's centre of mass), into {@code out[0..12]} laid out as {@link #readState}: {@code position},
     * orientation (0, 0, 0, 1), {@code velocity} and angular velocity 0.
     */
    static void unturnedState(Vec3 position, Vec3 velocity, double[] out) {
        out[0] = position.x();
        out[1] = position.y();
        out[2] = position.z();
        out[3] = 0;
        out[4] = 0;
        out[5] = 0;
        out[6] = 1;
        out[7] = velocity.x();
        out[8] = velocity.y();
        out[9] = velocity.z();
        out[10] = 0;
        out[11] = 0;
        out[12] = 0;
    }

    /** Vehicle wheels, numbered 0..wheelCount-1 (each vehicle's in order, vehicles in the order added); none by default. */
    default int wheelCount() {
        return 0;
    }

    /** The name of wheel number {@code wheel}: {@code VEHICLE.wheelI}, I its index in the vehicle. */
    default String wheelName(int wheel) {
        throw new IndexOutOfBoundsException("no wheel " + wheel);
    }

    /**
     * A wheel's state into {@code out[0..12]} laid out as {@link #readState}: its centre, its
     * orientation (the chassis', steered, then turned by its spin angle about the axle), the velocity
     * of the chassis at the centre and the chassis' angular velocity plus the spin about the axle.
     */
    default void readWheelState(int wheel, double[] out) {
        throw new IndexOutOfBoundsException("no wheel " + wheel);
    }

    /** Advances one step of {@link #dt()}; throws {@link SimulationException} on a non-finite state. */
    void step();

    /** Touching pairs after the last step. */
    int contactCount();

    /** Total kinetic energy, joules. */
    double kineticEnergy();

    /** Total gravitational potential energy relative to the origin, joules. */
    double potentialEnergy();

    /**
     * Moves the events of the steps since the last call into {@code out}, oldest first. At most
     * {@link EventBuffer#capacity()} are held (by default {@link EventBuffer#DEFAULT_CAPACITY}): past
     * it the oldest are dropped and counted ({@link #droppedEvents}).
     */
    void drainEvents(List<Event> out);

    /**
     * Forgets the events held, as a drain would but without making them: a driver that does not read
     * events calls this after each step, so they neither pile up nor go into snapshots.
     */
    void discardEvents();

    /** Events dropped because more were held than the capacity, since the start. */
    long droppedEvents();

    /**
     * Equal for bit-identical states of the bodies (positions, orientations, velocities), for
     * determinism checks.
     */
    long stateHash();

    /** The whole state now, from which {@link #restore} goes on bit for bit (see {@link WorldSnapshot}). */
    WorldSnapshot snapshot();

    /**
     * Back to a {@link #snapshot} of this simulation, or of one built from the same scene: the steps
     * after it then equal those that followed the snapshot. On any error nothing changes.
     *
     * @throws IllegalArgumentException for a snapshot of another kind, or one that does not fit
     */
    void restore(WorldSnapshot snapshot);
}
