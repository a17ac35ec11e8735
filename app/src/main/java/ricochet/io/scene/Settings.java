package ricochet.io.scene;

import ricochet.math.Vec3;

/**
 * World settings of a scene.
 *
 * @param dt seconds per step (> 0)
 * @param substeps sub-steps per step (>= 1)
 * @param gravity m/s^2, world axes
 * @param iterations soft solve passes per sub-step of the contact solver (>= 1; the lab methods
 *     ignore it)
 * @param sleeping whether resting bodies may sleep
 * @param jointIterations passes over the joints in each of the solver's passes (>= 1,
 *     {@code World.setJointIterations})
 * @param jointFrequency the rigid joint rows' correction spring, Hz (> 0), or NaN for the world's
 *     default (a quarter of the substep rate)
 * @param jointDamping that spring's damping ratio (> 0), or NaN for the world's default (1)
 * @param threads threads the engine's world steps on (>= 1, {@code World.setThreads}; the result is
 *     the same for any number; the lab methods ignore it)
 */
public record Settings(double dt, int substeps, Vec3 gravity, int iterations, boolean sleeping,
                       int jointIterations, double jointFrequency, double jointDamping, int threads) {

    /** The settings of a scene without a threads key: one thread. */
    public Settings(double dt, int substeps, Vec3 gravity, int iterations, boolean sleeping,
                    int jointIterations, double jointFrequency, double jointDamping) {
        this(dt, substeps, gravity, iterations, sleeping, jointIterations, jointFrequency, jointDamping, 1);
    }

    /** The settings of a scene without joint keys: the world's joint defaults. */
    public Settings(double dt, int substeps, Vec3 gravity, int iterations, boolean sleeping) {
        this(dt, substeps, gravity, iterations, sleeping, 1, Double.NaN, Double.NaN);
    }

    public static Settings defaults() {
        return new Settings(1.0 / 60.0, 4, new Vec3(0, -9.81, 0), 1, true);
    }

    /** These settings with another step and substep count (the viewer's sliders), the rest kept. */
    public Settings withStepping(double newDt, int newSubsteps) {
        return new Settings(newDt, newSubsteps, gravity, iterations, sleeping, jointIterations, jointFrequency,
                jointDamping, threads);
    }

    /** These settings on {@code n} threads, the rest kept. */
    public Settings withThreads(int n) {
        return new Settings(dt, substeps, gravity, iterations, sleeping, jointIterations, jointFrequency,
                jointDamping, n);
    }
}
