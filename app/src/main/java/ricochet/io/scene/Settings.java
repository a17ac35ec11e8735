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
 */
public record Settings(double dt, int substeps, Vec3 gravity, int iterations, boolean sleeping) {

    public static Settings defaults() {
        return new Settings(1.0 / 60.0, 4, new Vec3(0, -9.81, 0), 1, true);
    }
}
