package ricochet.world;

import java.util.Arrays;
import ricochet.body.BodyId;
import ricochet.math.Vec3;

/**
 * A kinematic body's velocities over time: entries at increasing times, each held from its time
 * until the next, as an elevator or a lift that goes up, waits and comes down. Before the first
 * entry the body keeps the velocities it has.
 *
 * <p>It keeps no cursor: the entry in force is found from the time alone, and the body's velocities
 * are set only when they differ from the entry's, so a run resumed from a snapshot goes on exactly.
 */
public final class MotionTrack {

    private final double[] t;
    /** Linear velocity of the centre of mass (m/s, world) and angular velocity (rad/s, world), 3 per entry. */
    private final double[] v;
    private final double[] w;

    /**
     * @param t entry times, s, finite, >= 0 and strictly increasing
     * @param v linear velocity per entry, {@code [vx0, vy0, vz0, vx1, ...]}, m/s, finite
     * @param w angular velocity per entry, rad/s, finite
     * @throws IllegalArgumentException for lengths that do not match or a value out of range
     */
    public MotionTrack(double[] t, double[] v, double[] w) {
        int n = t.length;
        if (v.length != 3 * n || w.length != 3 * n) {
            throw new IllegalArgumentException("motion track: " + n + " entries need " + 3 * n
                    + " velocity and angular velocity components");
        }
        for (int i = 0; i < n; i++) {
            if (!(t[i] >= 0) || !Double.isFinite(t[i]) || i > 0 && !(t[i] > t[i - 1])) {
                throw new IllegalArgumentException("motion track: entry " + i + ": t must be finite, >= 0 and after"
                        + " the entry before, got " + t[i]);
            }
            for (int k = 3 * i; k < 3 * i + 3; k++) {
                if (!Double.isFinite(v[k]) || !Double.isFinite(w[k])) {
                    throw new IllegalArgumentException("motion track: entry " + i + ": velocities must be finite");
                }
            }
        }
        this.t = t.clone();
        this.v = v.clone();
        this.w = w.clone();
    }

    /** Number of entries. */
    public int size() {
        return t.length;
    }

    /** The entry in force at {@code time} (s): the last one starting at or before it, or -1. */
    public int entryAt(double time) {
        int k = Arrays.binarySearch(t, time);
        return k >= 0 ? k : -k - 2;
    }

    /**
     * Gives the kinematic body {@code id} the velocities of the entry in force at {@code time} (s,
     * the start of the step about to be taken), where they differ from its own.
     */
    public void apply(World world, BodyId id, double time) {
        int k = entryAt(time);
        if (k < 0) {
            return;
        }
        Vec3 linear = new Vec3(v[3 * k], v[3 * k + 1], v[3 * k + 2]);
        Vec3 angular = new Vec3(w[3 * k], w[3 * k + 1], w[3 * k + 2]);
        if (!linear.equals(world.velocity(id))) {
            world.setVelocity(id, linear);
        }
        if (!angular.equals(world.angularVelocity(id))) {
            world.setAngularVelocity(id, angular);
        }
    }
}
