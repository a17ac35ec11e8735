package ricochet.io.scene;

import ricochet.lab.LabParams;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.MotionTrack;

/**
 * One body of a scene file, validated.
 *
 * @param position world position of the body's origin (for meshes, the origin of the mesh's own
 *     coordinates), metres
 * @param orientation unit quaternion
 * @param velocity initial linear velocity of the centre of mass, m/s
 * @param angularVelocity initial angular velocity, rad/s, world axes
 * @param mass kg, or NaN when not given
 * @param density kg/m^3, or NaN when not given (at most one of mass and density is given)
 * @param friction Coulomb coefficient (>= 0); for lab bodies the seed default 0.2, else 0.5
 * @param restitution in [0, 1]; for lab bodies the seed default 0.5, else 0
 * @param sensor reports overlaps and never pushes
 * @param bullet a dynamic solver body swept against every other body (continuous collision)
 * @param linearDamping 1/s, >= 0 (solver bodies; each step scales v by 1 / (1 + h c))
 * @param angularDamping 1/s, >= 0 (solver bodies)
 * @param gravityScale multiplies the world's gravity for this body (solver bodies)
 * @param method how a mesh body meets static geometry: "solver" (the engine) or a lab method
 * @param lab the lab parameters; {@link LabParams#defaults()} for solver bodies
 * @param fracture the body's fracture, or null for a body that does not break
 */
public record BodySpec(
        String name,
        BodyType type,
        ShapeSpec shape,
        Vec3 position,
        Quat orientation,
        Vec3 velocity,
        Vec3 angularVelocity,
        double mass,
        double density,
        double friction,
        double restitution,
        boolean sensor,
        boolean bullet,
        double linearDamping,
        double angularDamping,
        double gravityScale,
        String method,
        LabParams lab,
        MotionTrack motion,
        FractureSpec fracture) {

    public static final String SOLVER = "solver";

    /** A body that no motion track drives and that does not break. */
    public BodySpec(String name, BodyType type, ShapeSpec shape, Vec3 position, Quat orientation, Vec3 velocity,
                    Vec3 angularVelocity, double mass, double density, double friction, double restitution,
                    boolean sensor, boolean bullet, double linearDamping, double angularDamping, double gravityScale,
                    String method, LabParams lab) {
        this(name, type, shape, position, orientation, velocity, angularVelocity, mass, density, friction,
                restitution, sensor, bullet, linearDamping, angularDamping, gravityScale, method, lab, null, null);
    }

    public boolean usesLabMethod() {
        return !SOLVER.equals(method);
    }
}
