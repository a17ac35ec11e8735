package ricochet.scenes;

import ricochet.geometry.BoxSdf;
import ricochet.geometry.PlaneSdf;
import ricochet.geometry.Sdf;
import ricochet.geometry.SphereSdf;
import ricochet.io.scene.BodySpec;
import ricochet.io.scene.BodyType;
import ricochet.io.scene.Scene;
import ricochet.io.scene.ShapeSpec;
import ricochet.lab.LabBodyDef;
import ricochet.lab.LabMethod;
import ricochet.lab.LabWorld;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.world.Simulation;

/**
 * Builds a runnable world from a validated scene. Today that is the lab world: lab-method mesh
 * bodies against static planes, boxes and spheres. Scenes that need the engine's own contact solver
 * (solver bodies, kinematic bodies, joints) are refused with a message saying so.
 */
public final class WorldBuilder {

    private WorldBuilder() {
    }

    /**
     * @throws IllegalArgumentException naming the body or joint that this build cannot simulate, or a
     *     value the world rejects
     */
    public static LabWorld build(Scene scene) {
        var s = scene.settings();
        LabWorld world = new LabWorld(s.dt(), s.substeps(), s.gravity());
        if (!scene.joints().isEmpty()) {
            throw new IllegalArgumentException("joints ('" + scene.joints().get(0).type()
                    + "' ...) need the engine's joint solver, which is not in this build yet");
        }
        for (BodySpec b : scene.bodies()) {
            if (b.type() == BodyType.STATIC) {
                world.addCollider(b.name(), staticSdf(b), b.position(), b.orientation());
            } else if (b.usesLabMethod()) {
                ShapeSpec.Mesh mesh = (ShapeSpec.Mesh) b.shape();
                world.addBody(new LabBodyDef(b.name(), LabMethod.fromKey(b.method()), mesh.mesh(), b.position(),
                        b.orientation(), b.velocity(), b.angularVelocity(), b.restitution(), b.friction(), b.lab()));
            } else {
                throw new IllegalArgumentException("body '" + b.name() + "': " + b.type().key() + " bodies with"
                        + " method 'solver' need the engine's contact solver, which is not in this build yet;"
                        + " give a mesh body a lab method (impulse, penalty-quadratic, penalty-log-barrier,"
                        + " shape-matching)");
            }
        }
        return world;
    }

    /** The world-space signed distance of a static body's shape. */
    private static Sdf staticSdf(BodySpec b) {
        Vec3 p = b.position();
        Quat q = b.orientation();
        if (b.sensor()) {
            throw new IllegalArgumentException("body '" + b.name() + "': sensors need the engine's world,"
                    + " which is not in this build yet");
        }
        if (b.shape() instanceof ShapeSpec.Plane plane) {
            // The plane is given in the body's frame: n' = R n, offset' = offset + n' . p.
            Vec3 n = q.rotate(plane.normal());
            return new PlaneSdf(n, plane.offset() + n.dot(p));
        }
        if (b.shape() instanceof ShapeSpec.Box box) {
            return new BoxSdf(p, q, box.halfExtents());
        }
        if (b.shape() instanceof ShapeSpec.Sphere sphere) {
            return new SphereSdf(p, sphere.radius());
        }
        throw new IllegalArgumentException("body '" + b.name() + "': a static " + b.shape().type()
                + " needs the engine's collision detection, which is not in this build yet (the lab"
                + " methods meet static planes, boxes and spheres)");
    }

    /** The world as the command line and the viewer see it. */
    public static Simulation simulation(Scene scene) {
        return build(scene);
    }
}
