package ricochet.bench.engines;

import com.jme3.bullet.PhysicsSpace;
import com.jme3.bullet.collision.PersistentManifolds;
import com.jme3.bullet.collision.shapes.BoxCollisionShape;
import com.jme3.bullet.collision.shapes.CapsuleCollisionShape;
import com.jme3.bullet.collision.shapes.CollisionShape;
import com.jme3.bullet.collision.shapes.MeshCollisionShape;
import com.jme3.bullet.collision.shapes.SphereCollisionShape;
import com.jme3.bullet.collision.shapes.infos.IndexedMesh;
import com.jme3.bullet.joints.HingeJoint;
import com.jme3.bullet.joints.Point2PointJoint;
import com.jme3.bullet.joints.PhysicsJoint;
import com.jme3.bullet.objects.PhysicsBody;
import com.jme3.bullet.objects.PhysicsRigidBody;
import com.jme3.math.Quaternion;
import com.jme3.math.Vector3f;
import java.util.ArrayList;
import java.util.List;
import ricochet.bench.scene.BenchBody;
import ricochet.bench.scene.BenchJoint;
import ricochet.bench.scene.BenchScene;
import ricochet.bench.scene.BenchShape;

/**
 * Bullet 2 through Libbulletjme (single precision, release build): a DBVT broad phase, the default
 * sequential-impulse solver (10 iterations), default collision margins, one step of exactly 1/60 s
 * per update ({@code maxSteps} 0), no contact callbacks into Java, sleeping off per body. Bullet
 * multiplies the two bodies' frictions, so each body gets sqrt(0.5) for a pair coefficient of 0.5.
 * Its jar ships {@code libbulletjme.so} without a class-path loader, so {@link NativeLibraries}
 * extracts it. Contacts: persistent manifolds holding at least one point after the last step.
 * Native objects are freed by the library's cleaner thread once unreachable; {@link #close} empties
 * the space and lets go of them. Joints: {@code Point2PointJoint} and {@code HingeJoint} with
 * {@code setLimit}, from pivots and axes in each body's own frame, collision between the joined
 * bodies off. Vehicles: {@link BulletVehicles}.
 */
final class BulletEngine implements PeerEngine {

    private static boolean started;

    private PhysicsSpace space;
    private final List<PhysicsRigidBody> all = new ArrayList<>();
    private final List<PhysicsRigidBody> dynamic = new ArrayList<>();
    private final List<PhysicsJoint> joints = new ArrayList<>();
    private final BulletVehicles vehicles;
    private long steps;

    private static synchronized void start() {
        if (!started) {
            NativeLibraries.load("native/linux/x86_64/libbulletjme.so");
            started = true;
        }
    }

    BulletEngine(BenchScene scene) {
        start();
        space = new PhysicsSpace(PhysicsSpace.BroadphaseType.DBVT);
        space.setGravity(new Vector3f(0, (float) -BenchScene.GRAVITY, 0));
        float mu = (float) Math.sqrt(BenchScene.FRICTION);
        for (BenchBody b : scene.bodies()) {
            CollisionShape shape = shape(b.shape());
            PhysicsRigidBody body = new PhysicsRigidBody(shape,
                    b.dynamic() ? (float) b.mass() : PhysicsBody.massForStatic);
            body.setPhysicsLocation(new Vector3f((float) b.x(), (float) b.y(), (float) b.z()));
            body.setPhysicsRotation(new Quaternion((float) b.qx(), (float) b.qy(), (float) b.qz(), (float) b.qw()));
            body.setFriction(mu);
            body.setRestitution((float) BenchScene.RESTITUTION);
            if (b.dynamic()) {
                body.setEnableSleep(false);
                dynamic.add(body);
            }
            space.addCollisionObject(body);
            all.add(body);
        }
        for (BenchJoint j : scene.joints()) {
            join(scene, j);
        }
        vehicles = new BulletVehicles(scene, space, mu);
    }

    private void join(BenchScene scene, BenchJoint j) {
        BenchBody a = scene.bodies().get(j.a()), b = scene.bodies().get(j.b());
        Vector3f pivotA = vector(j.localAnchor(a)), pivotB = vector(j.localAnchor(b));
        PhysicsRigidBody bodyA = all.get(j.a()), bodyB = all.get(j.b());
        PhysicsJoint joint;
        if (j.kind() == BenchJoint.Kind.BALL) {
            Point2PointJoint ball = new Point2PointJoint(bodyA, bodyB, pivotA, pivotB);
            ball.setCollisionBetweenLinkedBodies(false);
            joint = ball;
        } else {
            HingeJoint hinge = new HingeJoint(bodyA, bodyB, pivotA, pivotB, vector(j.localAxis(a)),
                    vector(j.localAxis(b)));
            hinge.setLimit((float) -j.limit(), (float) j.limit());
            hinge.setCollisionBetweenLinkedBodies(false);
            joint = hinge;
        }
        space.addJoint(joint);
        joints.add(joint);
    }

    private static Vector3f vector(double[] v) {
        return new Vector3f((float) v[0], (float) v[1], (float) v[2]);
    }

    private static CollisionShape shape(BenchShape s) {
        if (s instanceof BenchShape.Box box) {
            return new BoxCollisionShape((float) box.hx(), (float) box.hy(), (float) box.hz());
        } else if (s instanceof BenchShape.Sphere sphere) {
            return new SphereCollisionShape((float) sphere.radius());
        } else if (s instanceof BenchShape.Capsule capsule) {
            return new CapsuleCollisionShape((float) capsule.radius(), (float) (2 * capsule.halfHeight()));
        } else if (s instanceof BenchShape.Mesh mesh) {
            double[] v = mesh.vertices();
            Vector3f[] points = new Vector3f[mesh.vertexCount()];
            for (int i = 0; i < points.length; i++) {
                points[i] = new Vector3f((float) v[3 * i], (float) v[3 * i + 1], (float) v[3 * i + 2]);
            }
            return new MeshCollisionShape(true, new IndexedMesh(points, mesh.triangles()));
        }
        throw new IllegalArgumentException("bullet: no shape for " + s);
    }

    @Override
    public void step() {
        if (vehicles.count() > 0) {
            vehicles.drive(steps);
        }
        space.update((float) BenchScene.DT, 0);
        steps++;
    }

    @Override
    public int bodyCount() {
        return space.countRigidBodies();
    }

    @Override
    public int contactCount() {
        int n = 0;
        for (long manifold : space.listManifoldIds()) {
            if (PersistentManifolds.countPoints(manifold) > 0) {
                n++;
            }
        }
        return n;
    }

    @Override
    public double[] positions() {
        double[] out = new double[3 * (dynamic.size() + vehicles.count())];
        Vector3f p = new Vector3f();
        for (int i = 0; i < dynamic.size(); i++) {
            dynamic.get(i).getPhysicsLocation(p);
            out[3 * i] = p.x;
            out[3 * i + 1] = p.y;
            out[3 * i + 2] = p.z;
        }
        vehicles.positions(out, 3 * dynamic.size());
        return out;
    }

    @Override
    public void close() {
        if (space == null) {
            return;
        }
        for (PhysicsJoint joint : joints) {
            space.removeJoint(joint);
        }
        joints.clear();
        vehicles.close(space);
        for (PhysicsRigidBody body : all) {
            space.removeCollisionObject(body);
        }
        all.clear();
        dynamic.clear();
        space.destroy();
        space = null;
    }
}
