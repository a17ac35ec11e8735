package ricochet.bench.engines;

import java.util.ArrayList;
import java.util.List;
import org.ode4j.math.DQuaternion;
import org.ode4j.math.DVector3C;
import org.ode4j.ode.DBallJoint;
import org.ode4j.ode.DBody;
import org.ode4j.ode.DContact;
import org.ode4j.ode.DContactBuffer;
import org.ode4j.ode.DContactJoint;
import org.ode4j.ode.DGeom;
import org.ode4j.ode.DHingeJoint;
import org.ode4j.ode.DJoint;
import org.ode4j.ode.DJointGroup;
import org.ode4j.ode.DMass;
import org.ode4j.ode.DSpace;
import org.ode4j.ode.DTriMeshData;
import org.ode4j.ode.DWorld;
import org.ode4j.ode.OdeConstants;
import org.ode4j.ode.OdeHelper;
import ricochet.bench.scene.BenchBody;
import ricochet.bench.scene.BenchJoint;
import ricochet.bench.scene.BenchScene;
import ricochet.bench.scene.BenchShape;

/**
 * ODE through ode4j (pure Java): a hash space, {@code quickStep} with the world's defaults (20
 * iterations, ERP 0.2, CFM 1e-5; auto-disable, ODE's sleeping, is off by default), and our
 * near-callback: up to {@value #MAX_POINTS} points per geom pair, each a contact joint with
 * {@code dContactApprox1} so that {@code mu} = 0.5 is a Coulomb coefficient (pyramid friction
 * scaled by the normal force), bounce 0. Contacts: geom pairs that produced at least one point in
 * the last step. Joints: {@code DBallJoint} and {@code DHingeJoint} with {@code LoStop} /
 * {@code HiStop}, anchors and axes in world space, a static body's side attached to the world; the
 * near-callback skips pairs a joint connects.
 */
final class Ode4jEngine implements PeerEngine {

    static final int MAX_POINTS = 4;
    private static boolean started;

    private final DWorld world;
    private final DSpace space;
    private final DJointGroup contactJoints = OdeHelper.createJointGroup();
    private final DContactBuffer buffer = new DContactBuffer(MAX_POINTS);
    private final List<DBody> dynamic = new ArrayList<>();
    /** Per scene body: its ODE body, null for a static one. */
    private final List<DBody> all = new ArrayList<>();
    private final List<DJoint> joints = new ArrayList<>();
    private final List<DTriMeshData> meshes = new ArrayList<>();
    private final DGeom.DNearCallback near = this::near;
    private int touchingPairs;

    private static synchronized void start() {
        if (!started) {
            OdeHelper.initODE2(0);
            started = true;
        }
    }

    Ode4jEngine(BenchScene scene) {
        start();
        world = OdeHelper.createWorld();
        world.setGravity(0, -BenchScene.GRAVITY, 0);
        space = OdeHelper.createHashSpace();
        for (BenchBody b : scene.bodies()) {
            add(b);
        }
        for (BenchJoint j : scene.joints()) {
            if (j.kind() == BenchJoint.Kind.BALL) {
                DBallJoint ball = OdeHelper.createBallJoint(world);
                ball.attach(all.get(j.a()), all.get(j.b()));
                ball.setAnchor(j.x(), j.y(), j.z());
                joints.add(ball);
            } else {
                DHingeJoint hinge = OdeHelper.createHingeJoint(world);
                hinge.attach(all.get(j.a()), all.get(j.b()));
                hinge.setAnchor(j.x(), j.y(), j.z());
                hinge.setAxis(j.ax(), j.ay(), j.az());
                hinge.setParamLoStop(-j.limit());
                hinge.setParamHiStop(j.limit());
                joints.add(hinge);
            }
        }
    }

    private void add(BenchBody b) {
        DQuaternion q = new DQuaternion(b.qw(), b.qx(), b.qy(), b.qz());
        DGeom geom = geom(b.shape());
        if (b.dynamic()) {
            DBody body = OdeHelper.createBody(world);
            DMass mass = OdeHelper.createMass();
            BenchShape s = b.shape();
            if (s instanceof BenchShape.Box box) {
                mass.setBox(b.density(), 2 * box.hx(), 2 * box.hy(), 2 * box.hz());
            } else if (s instanceof BenchShape.Sphere sphere) {
                mass.setSphere(b.density(), sphere.radius());
            } else if (s instanceof BenchShape.Capsule capsule) {
                // Direction 2 is the body's y axis, where the geom's offset turns ODE's z-axis capsule.
                mass.setCapsule(b.density(), 2, capsule.radius(), 2 * capsule.halfHeight());
            } else {
                throw new IllegalArgumentException("ode4j: a " + s + " cannot be dynamic");
            }
            body.setMass(mass);
            body.setPosition(b.x(), b.y(), b.z());
            body.setQuaternion(q);
            geom.setBody(body);
            if (s instanceof BenchShape.Capsule) {
                // -90 degrees about x takes z to y.
                double c = Math.sqrt(0.5);
                geom.setOffsetQuaternion(new DQuaternion(c, -c, 0, 0));
            }
            dynamic.add(body);
            all.add(body);
        } else {
            all.add(null);
            geom.setPosition(b.x(), b.y(), b.z());
            geom.setQuaternion(q);
        }
    }

    private DGeom geom(BenchShape s) {
        if (s instanceof BenchShape.Box box) {
            return OdeHelper.createBox(space, 2 * box.hx(), 2 * box.hy(), 2 * box.hz());
        } else if (s instanceof BenchShape.Sphere sphere) {
            return OdeHelper.createSphere(space, sphere.radius());
        } else if (s instanceof BenchShape.Capsule capsule) {
            return OdeHelper.createCapsule(space, capsule.radius(), 2 * capsule.halfHeight());
        } else if (s instanceof BenchShape.Mesh mesh) {
            double[] v = mesh.vertices();
            float[] vf = new float[v.length];
            for (int i = 0; i < v.length; i++) {
                vf[i] = (float) v[i];
            }
            DTriMeshData data = OdeHelper.createTriMeshData();
            data.build(vf, mesh.triangles().clone());
            data.preprocess();
            meshes.add(data);
            return OdeHelper.createTriMesh(space, data, null, null, null);
        }
        throw new IllegalArgumentException("ode4j: no shape for " + s);
    }

    private void near(Object data, DGeom o1, DGeom o2) {
        DBody b1 = o1.getBody(), b2 = o2.getBody();
        if (b1 == null && b2 == null) {
            return;
        }
        if (b1 != null && b2 != null && OdeHelper.areConnectedExcluding(b1, b2, DContactJoint.class)) {
            return;
        }
        int n = OdeHelper.collide(o1, o2, MAX_POINTS, buffer.getGeomBuffer());
        if (n > 0) {
            touchingPairs++;
        }
        for (int i = 0; i < n; i++) {
            DContact c = buffer.get(i);
            c.surface.mode = OdeConstants.dContactApprox1;
            c.surface.mu = BenchScene.FRICTION;
            c.surface.bounce = BenchScene.RESTITUTION;
            DContactJoint joint = OdeHelper.createContactJoint(world, contactJoints, c);
            joint.attach(b1, b2);
        }
    }

    @Override
    public void step() {
        touchingPairs = 0;
        OdeHelper.spaceCollide(space, null, near);
        world.quickStep(BenchScene.DT);
        contactJoints.empty();
    }

    @Override
    public int bodyCount() {
        return space.getNumGeoms();
    }

    @Override
    public int contactCount() {
        return touchingPairs;
    }

    @Override
    public double[] positions() {
        double[] out = new double[3 * dynamic.size()];
        for (int i = 0; i < dynamic.size(); i++) {
            DVector3C p = dynamic.get(i).getPosition();
            out[3 * i] = p.get0();
            out[3 * i + 1] = p.get1();
            out[3 * i + 2] = p.get2();
        }
        return out;
    }

    @Override
    public void close() {
        for (DJoint j : joints) {
            j.destroy();
        }
        joints.clear();
        all.clear();
        contactJoints.destroy();
        space.destroy();
        world.destroy();
        for (DTriMeshData m : meshes) {
            m.destroy();
        }
        meshes.clear();
        dynamic.clear();
    }
}
