package ricochet.io.scene;

import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * A scene file's ragdoll ({@code "ragdolls"} entry), validated: {@code Ragdoll.add} makes its eleven
 * bodies, named {@code name + "." + part}.
 *
 * @param position the pelvis centre, metres
 * @param orientation unit quaternion; identity stands upright facing +z
 * @param velocity initial velocity of every part, m/s
 * @param density kg/m^3 (> 0)
 * @param friction Coulomb coefficient of every part (>= 0)
 */
public record RagdollSpec(String name, Vec3 position, Quat orientation, Vec3 velocity, double density,
                          double friction) {

    /** kg/m^3 when a ragdoll gives none: about a person's. */
    public static final double DEFAULT_DENSITY = 1000;
    public static final double DEFAULT_FRICTION = 0.5;
}
