package ricochet.bench.engines;

import java.util.ArrayList;
import java.util.List;
import ricochet.bench.scene.BenchBody;
import ricochet.bench.scene.BenchJoint;
import ricochet.bench.scene.BenchScene;
import ricochet.bench.scene.BenchShape;
import ricochet.geometry.TriangleMesh;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.SphereShape;
import ricochet.geometry.shape.TriangleMeshShape;
import ricochet.joints.JointDef;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.world.World;

/**
 * Ricochet through its public {@link World} API, with the world's defaults (4 substeps, 1 solver
 * iteration) and sleeping off, on the given number of threads ({@code ricochet@N}; 1 by default);
 * joints through {@link JointDef#ball} and {@link JointDef#hinge} with limits.
 * Contacts: {@link World#touchingPairCount()}, pairs whose closest
 * points are within {@link World#TOUCH_BEGIN}.
 */
final class RicochetEngine implements PeerEngine {

    private final World world = new World(new Vec3(0, -BenchScene.GRAVITY, 0));
    private final List<BodyId> dynamic = new ArrayList<>();

    RicochetEngine(BenchScene scene, int threads) {
        world.setSleepingEnabled(false);
        world.setThreads(threads);
        List<BodyId> all = new ArrayList<>();
        for (BenchBody b : scene.bodies()) {
            Shape shape = shape(b.shape());
            BodyDef def = (b.dynamic() ? BodyDef.dynamic().withShape(shape, b.density()) : BodyDef.staticBody())
                    .withPosition(new Vec3(b.x(), b.y(), b.z()))
                    .withOrientation(new Quat(b.qx(), b.qy(), b.qz(), b.qw()));
            BodyId id = world.add(def, shape, BenchScene.FRICTION, BenchScene.RESTITUTION);
            all.add(id);
            if (b.dynamic()) {
                dynamic.add(id);
            }
        }
        for (BenchJoint j : scene.joints()) {
            // JointDef's default: the two bodies do not collide.
            Vec3 anchor = new Vec3(j.x(), j.y(), j.z());
            BodyId a = all.get(j.a()), b = all.get(j.b());
            world.addJoint(j.kind() == BenchJoint.Kind.BALL ? JointDef.ball(a, b, anchor)
                    : JointDef.hinge(a, b, anchor, new Vec3(j.ax(), j.ay(), j.az())).limits(-j.limit(),
                            j.limit()));
        }
    }

    private static Shape shape(BenchShape s) {
        if (s instanceof BenchShape.Box box) {
            return new BoxShape(box.hx(), box.hy(), box.hz());
        } else if (s instanceof BenchShape.Sphere sphere) {
            return new SphereShape(sphere.radius());
        } else if (s instanceof BenchShape.Capsule capsule) {
            return new CapsuleShape(capsule.radius(), capsule.halfHeight());
        } else if (s instanceof BenchShape.Mesh mesh) {
            return new TriangleMeshShape(new TriangleMesh(mesh.vertices(), mesh.triangles()));
        }
        throw new IllegalArgumentException("ricochet: no shape for " + s);
    }

    @Override
    public void step() {
        world.step(BenchScene.DT);
    }

    @Override
    public int bodyCount() {
        return world.bodyCount();
    }

    @Override
    public int contactCount() {
        return world.touchingPairCount();
    }

    @Override
    public double[] positions() {
        double[] out = new double[3 * dynamic.size()];
        for (int i = 0; i < dynamic.size(); i++) {
            Vec3 p = world.position(dynamic.get(i));
            out[3 * i] = p.x();
            out[3 * i + 1] = p.y();
            out[3 * i + 2] = p.z();
        }
        return out;
    }

    @Override
    public void close() {
        world.close();
    }
}
