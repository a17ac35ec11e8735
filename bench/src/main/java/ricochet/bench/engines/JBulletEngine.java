package ricochet.bench.engines;

import com.bulletphysics.collision.broadphase.DbvtBroadphase;
import com.bulletphysics.collision.dispatch.CollisionDispatcher;
import com.bulletphysics.collision.dispatch.CollisionObject;
import com.bulletphysics.collision.dispatch.DefaultCollisionConfiguration;
import com.bulletphysics.collision.shapes.BoxShape;
import com.bulletphysics.collision.shapes.BvhTriangleMeshShape;
import com.bulletphysics.collision.shapes.CapsuleShape;
import com.bulletphysics.collision.shapes.CollisionShape;
import com.bulletphysics.collision.shapes.SphereShape;
import com.bulletphysics.collision.shapes.TriangleIndexVertexArray;
import com.bulletphysics.dynamics.DiscreteDynamicsWorld;
import com.bulletphysics.dynamics.RigidBody;
import com.bulletphysics.dynamics.RigidBodyConstructionInfo;
import com.bulletphysics.dynamics.constraintsolver.HingeConstraint;
import com.bulletphysics.dynamics.constraintsolver.Point2PointConstraint;
import com.bulletphysics.dynamics.constraintsolver.SequentialImpulseConstraintSolver;
import com.bulletphysics.dynamics.constraintsolver.TypedConstraint;
import com.bulletphysics.linearmath.DefaultMotionState;
import com.bulletphysics.linearmath.Transform;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import javax.vecmath.Quat4f;
import javax.vecmath.Vector3f;
import ricochet.bench.scene.BenchBody;
import ricochet.bench.scene.BenchJoint;
import ricochet.bench.scene.BenchScene;
import ricochet.bench.scene.BenchShape;

/**
 * JBullet (a 2010 Java port of Bullet 2.70): the default collision configuration, a DBVT broad
 * phase, the sequential-impulse solver with its defaults (10 iterations), one step of exactly 1/60 s
 * per call ({@code maxSubSteps} 0), body friction sqrt(0.5) (Bullet multiplies the pair's frictions:
 * 0.5 per pair), restitution 0, deactivation disabled (sleeping off). Contacts: persistent manifolds
 * holding at least one point after the last step. Joints: {@code Point2PointConstraint} and
 * {@code HingeConstraint} with {@code setLimit}, from pivots and axes in each body's own frame,
 * added with collision between the joined bodies off. Heap only.
 */
final class JBulletEngine implements PeerEngine {

    private final DefaultCollisionConfiguration configuration = new DefaultCollisionConfiguration();
    private final CollisionDispatcher dispatcher = new CollisionDispatcher(configuration);
    private final DiscreteDynamicsWorld world = new DiscreteDynamicsWorld(dispatcher, new DbvtBroadphase(),
            new SequentialImpulseConstraintSolver(), configuration);
    private final List<RigidBody> dynamic = new ArrayList<>();

    JBulletEngine(BenchScene scene) {
        world.setGravity(new Vector3f(0, (float) -BenchScene.GRAVITY, 0));
        float mu = (float) Math.sqrt(BenchScene.FRICTION);
        List<RigidBody> all = new ArrayList<>();
        for (BenchBody b : scene.bodies()) {
            CollisionShape shape = shape(b.shape());
            Transform pose = new Transform();
            pose.setIdentity();
            pose.origin.set((float) b.x(), (float) b.y(), (float) b.z());
            pose.setRotation(new Quat4f((float) b.qx(), (float) b.qy(), (float) b.qz(), (float) b.qw()));
            float mass = (float) b.mass();
            Vector3f inertia = new Vector3f();
            if (b.dynamic()) {
                shape.calculateLocalInertia(mass, inertia);
            }
            RigidBodyConstructionInfo info = new RigidBodyConstructionInfo(mass, new DefaultMotionState(pose),
                    shape, inertia);
            info.friction = mu;
            info.restitution = (float) BenchScene.RESTITUTION;
            RigidBody body = new RigidBody(info);
            if (b.dynamic()) {
                body.setActivationState(CollisionObject.DISABLE_DEACTIVATION);
                dynamic.add(body);
            }
            world.addRigidBody(body);
            all.add(body);
        }
        for (BenchJoint j : scene.joints()) {
            BenchBody a = scene.bodies().get(j.a()), b = scene.bodies().get(j.b());
            Vector3f pivotA = vector(j.localAnchor(a)), pivotB = vector(j.localAnchor(b));
            TypedConstraint joint;
            if (j.kind() == BenchJoint.Kind.BALL) {
                joint = new Point2PointConstraint(all.get(j.a()), all.get(j.b()), pivotA, pivotB);
            } else {
                HingeConstraint hinge = new HingeConstraint(all.get(j.a()), all.get(j.b()), pivotA, pivotB,
                        vector(j.localAxis(a)), vector(j.localAxis(b)));
                hinge.setLimit((float) -j.limit(), (float) j.limit());
                joint = hinge;
            }
            world.addConstraint(joint, true);
        }
    }

    private static Vector3f vector(double[] v) {
        return new Vector3f((float) v[0], (float) v[1], (float) v[2]);
    }

    private static CollisionShape shape(BenchShape s) {
        if (s instanceof BenchShape.Box box) {
            return new BoxShape(new Vector3f((float) box.hx(), (float) box.hy(), (float) box.hz()));
        } else if (s instanceof BenchShape.Sphere sphere) {
            return new SphereShape((float) sphere.radius());
        } else if (s instanceof BenchShape.Capsule capsule) {
            return new CapsuleShape((float) capsule.radius(), (float) (2 * capsule.halfHeight()));
        } else if (s instanceof BenchShape.Mesh mesh) {
            ByteBuffer indices = ByteBuffer.allocateDirect(4 * mesh.triangles().length).order(ByteOrder.nativeOrder());
            for (int i : mesh.triangles()) {
                indices.putInt(i);
            }
            indices.flip();
            ByteBuffer vertices = ByteBuffer.allocateDirect(4 * mesh.vertices().length).order(ByteOrder.nativeOrder());
            for (double x : mesh.vertices()) {
                vertices.putFloat((float) x);
            }
            vertices.flip();
            TriangleIndexVertexArray array = new TriangleIndexVertexArray(mesh.triangleCount(), indices, 12,
                    mesh.vertexCount(), vertices, 12);
            return new BvhTriangleMeshShape(array, true);
        }
        throw new IllegalArgumentException("jbullet: no shape for " + s);
    }

    @Override
    public void step() {
        world.stepSimulation((float) BenchScene.DT, 0);
    }

    @Override
    public int bodyCount() {
        return world.getNumCollisionObjects();
    }

    @Override
    public int contactCount() {
        int n = 0;
        for (int i = 0; i < dispatcher.getNumManifolds(); i++) {
            if (dispatcher.getManifoldByIndexInternal(i).getNumContacts() > 0) {
                n++;
            }
        }
        return n;
    }

    @Override
    public double[] positions() {
        double[] out = new double[3 * dynamic.size()];
        Transform t = new Transform();
        for (int i = 0; i < dynamic.size(); i++) {
            dynamic.get(i).getWorldTransform(t);
            out[3 * i] = t.origin.x;
            out[3 * i + 1] = t.origin.y;
            out[3 * i + 2] = t.origin.z;
        }
        return out;
    }

    @Override
    public void close() {
        // Heap only.
    }
}
