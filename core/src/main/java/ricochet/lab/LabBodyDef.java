package ricochet.lab;

import ricochet.geometry.TriangleMesh;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * A mesh body for the lab methods.
 *
 * @param position world position of the mesh's origin, metres
 * @param orientation rotation of the mesh (normalised on use)
 * @param velocity initial velocity of the centre of mass (the vertex mean), m/s
 * @param angularVelocity initial angular velocity, rad/s, world axes
 * @param restitution in [0, 1] (the lab's value: 0.5)
 * @param friction Coulomb coefficient >= 0 (the lab's value: 0.2)
 */
public record LabBodyDef(String name, LabMethod method, TriangleMesh mesh, Vec3 position, Quat orientation,
                         Vec3 velocity, Vec3 angularVelocity, double restitution, double friction,
                         LabParams params) {

    /** The GAMES103 lab's body: at rest at the origin, restitution 0.5, friction 0.2, default parameters. */
    public static LabBodyDef of(String name, LabMethod method, TriangleMesh mesh) {
        return new LabBodyDef(name, method, mesh, Vec3.ZERO, Quat.IDENTITY, Vec3.ZERO, Vec3.ZERO, 0.5, 0.2,
                LabParams.defaults());
    }

    public LabBodyDef withPose(Vec3 newPosition, Quat newOrientation) {
        return new LabBodyDef(name, method, mesh, newPosition, newOrientation, velocity, angularVelocity,
                restitution, friction, params);
    }

    public LabBodyDef withVelocity(Vec3 newVelocity, Vec3 newAngularVelocity) {
        return new LabBodyDef(name, method, mesh, position, orientation, newVelocity, newAngularVelocity,
                restitution, friction, params);
    }

    public LabBodyDef withMaterial(double newRestitution, double newFriction) {
        return new LabBodyDef(name, method, mesh, position, orientation, velocity, angularVelocity,
                newRestitution, newFriction, params);
    }

    public LabBodyDef withParams(LabParams newParams) {
        return new LabBodyDef(name, method, mesh, position, orientation,
                velocity, angularVelocity, restitution, friction, newParams);
    }

    public LabBodyDef withMethod(LabMethod newMethod) {
        return new LabBodyDef(name, newMethod, mesh, position, orientation, velocity, angularVelocity,
                restitution, friction, params);
    }
}
