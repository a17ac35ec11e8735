package ricochet.bench.engines;

import de.fabmax.physxjni.Loader;
import java.util.ArrayList;
import java.util.List;
import physx.PxTopLevelFunctions;
import physx.common.PxDefaultAllocator;
import physx.common.PxDefaultCpuDispatcher;
import physx.common.PxDefaultErrorCallback;
import physx.common.PxFoundation;
import physx.common.PxQuat;
import physx.common.PxTolerancesScale;
import physx.common.PxTransform;
import physx.common.PxVec3;
import physx.cooking.PxCookingParams;
import physx.cooking.PxTriangleMeshDesc;
import physx.extensions.PxJoint;
import physx.extensions.PxJointAngularLimitPair;
import physx.extensions.PxRevoluteJoint;
import physx.extensions.PxRevoluteJointFlagEnum;
import physx.extensions.PxRigidActorExt;
import physx.extensions.PxRigidBodyExt;
import physx.geometry.PxBoxGeometry;
import physx.geometry.PxCapsuleGeometry;
import physx.geometry.PxGeometry;
import physx.geometry.PxSphereGeometry;
import physx.geometry.PxTriangleMesh;
import physx.geometry.PxTriangleMeshGeometry;
import physx.physics.PxFilterData;
import physx.physics.PxMaterial;
import physx.physics.PxPhysics;
import physx.physics.PxRigidActor;
import physx.physics.PxRigidDynamic;
import physx.physics.PxScene;
import physx.physics.PxSceneDesc;
import physx.physics.PxShape;
import physx.physics.PxSimulationStatistics;
import physx.support.Vector_PxU32;
import physx.support.Vector_PxU8;
import physx.support.Vector_PxVec3;
import ricochet.bench.scene.BenchBody;
import ricochet.bench.scene.BenchJoint;
import ricochet.bench.scene.BenchScene;
import ricochet.bench.scene.BenchShape;

/**
 * PhysX 5 through physx-jni: the scene's defaults (PGS solver, 4 position and 1 velocity iteration,
 * patch friction, average combine), a CPU dispatcher with no worker threads (the step runs on the
 * calling thread), material friction 0.5 / 0.5 and restitution 0, sleep threshold 0 on every dynamic
 * body (sleeping off). Contacts: {@link PxSimulationStatistics#getNbDiscreteContactPairsWithContacts},
 * shape pairs whose narrow phase found points in the last step. Every native object made here is
 * released or destroyed in {@link #close}; the foundation and physics objects are made once per JVM
 * (PhysX allows one foundation per process). Joints: {@code PxSphericalJoint} and
 * {@code PxRevoluteJoint} (turning about its frames' x axis) with an angular limit pair, from
 * frames in each actor's own space; a PhysX joint's two actors do not collide by default.
 */
final class PhysxEngine implements PeerEngine {

    private static PxFoundation foundation;
    private static PxPhysics physics;
    private static PxTolerancesScale tolerances;

    private final PxDefaultCpuDispatcher dispatcher;
    private final PxScene scene;
    private final PxMaterial material;
    /** Group 1, colliding with every group. */
    private final PxFilterData filter;
    private final List<PxRigidActor> actors = new ArrayList<>();
    private final List<PxRigidDynamic> dynamic = new ArrayList<>();
    private final List<PxTriangleMesh> meshes = new ArrayList<>();
    private final List<PxJoint> joints = new ArrayList<>();
    /** Native storage for the statistics struct, which has no public constructor. */
    private final Vector_PxU8 statsMemory;
    private final PxSimulationStatistics stats;

    private static synchronized void start() {
        if (physics == null) {
            Loader.load();
            int version = PxTopLevelFunctions.getPHYSICS_VERSION();
            foundation = PxTopLevelFunctions.CreateFoundation(version, new PxDefaultAllocator(),
                    new PxDefaultErrorCallback());
            tolerances = new PxTolerancesScale();
            physics = PxTopLevelFunctions.CreatePhysics(version, foundation, tolerances);
        }
    }

    PhysxEngine(BenchScene bench) {
        start();
        filter = new PxFilterData(1, 0xffffffff, 0, 0);
        statsMemory = new Vector_PxU8(PxSimulationStatistics.SIZEOF);
        stats = PxSimulationStatistics.wrapPointer(statsMemory.data().getAddress());
        dispatcher = PxTopLevelFunctions.DefaultCpuDispatcherCreate(0);
        PxVec3 gravity = new PxVec3(0, (float) -BenchScene.GRAVITY, 0);
        PxSceneDesc desc = new PxSceneDesc(tolerances);
        desc.setGravity(gravity);
        desc.setCpuDispatcher(dispatcher);
        desc.setFilterShader(PxTopLevelFunctions.DefaultFilterShader());
        scene = physics.createScene(desc);
        desc.destroy();
        gravity.destroy();
        float mu = (float) BenchScene.FRICTION;
        material = physics.createMaterial(mu, mu, (float) BenchScene.RESTITUTION);
        for (BenchBody b : bench.bodies()) {
            add(b);
        }
        for (BenchJoint j : bench.joints()) {
            join(bench, j);
        }
    }

    private void join(BenchScene bench, BenchJoint j) {
        PxRigidActor a = actors.get(j.a()), b = actors.get(j.b());
        PxTransform frameA = frame(j, bench.bodies().get(j.a()));
        PxTransform frameB = frame(j, bench.bodies().get(j.b()));
        if (j.kind() == BenchJoint.Kind.BALL) {
            joints.add(PxTopLevelFunctions.SphericalJointCreate(physics, a, frameA, b, frameB));
        } else {
            PxRevoluteJoint hinge = PxTopLevelFunctions.RevoluteJointCreate(physics, a, frameA, b, frameB);
            PxJointAngularLimitPair limit = new PxJointAngularLimitPair((float) -j.limit(),
                    (float) j.limit());
            hinge.setLimit(limit);
            hinge.setRevoluteJointFlag(PxRevoluteJointFlagEnum.eLIMIT_ENABLED, true);
            limit.destroy();
            joints.add(hinge);
        }
        frameA.destroy();
        frameB.destroy();
    }

    /** The joint's frame (x along a hinge's axis) in the body's own space. */
    private static PxTransform frame(BenchJoint j, BenchBody body) {
        double[] p = j.localAnchor(body), q = j.localFrame(body);
        PxVec3 position = new PxVec3((float) p[0], (float) p[1], (float) p[2]);
        PxQuat rotation = new PxQuat((float) q[0], (float) q[1], (float) q[2], (float) q[3]);
        PxTransform frame = new PxTransform(position, rotation);
        rotation.destroy();
        position.destroy();
        return frame;
    }

    private void add(BenchBody b) {
        PxVec3 p = new PxVec3((float) b.x(), (float) b.y(), (float) b.z());
        PxQuat q = new PxQuat((float) b.qx(), (float) b.qy(), (float) b.qz(), (float) b.qw());
        PxTransform pose = new PxTransform(p, q);
        PxRigidActor actor;
        PxRigidDynamic body = null;
        if (b.dynamic()) {
            body = physics.createRigidDynamic(pose);
            actor = body;
        } else {
            actor = physics.createRigidStatic(pose);
        }
        PxGeometry geometry = geometry(b.shape());
        PxShape shape = PxRigidActorExt.createExclusiveShape(actor, geometry, material);
        geometry.destroy();
        shape.setSimulationFilterData(filter);
        if (b.shape() instanceof BenchShape.Capsule) {
            // PhysX capsules lie along x: a quarter turn about z puts the axis on the body's y.
            float s = (float) Math.sqrt(0.5);
            PxVec3 zero = new PxVec3(0, 0, 0);
            PxQuat turn = new PxQuat(0, 0, s, s);
            PxTransform local = new PxTransform(zero, turn);
            shape.setLocalPose(local);
            local.destroy();
            turn.destroy();
            zero.destroy();
        }
        if (body != null) {
            PxRigidBodyExt.updateMassAndInertia(body, (float) b.density());
            body.setSleepThreshold(0);
            dynamic.add(body);
        }
        scene.addActor(actor);
        actors.add(actor);
        pose.destroy();
        q.destroy();
        p.destroy();
    }

    private PxGeometry geometry(BenchShape s) {
        if (s instanceof BenchShape.Box box) {
            return new PxBoxGeometry((float) box.hx(), (float) box.hy(), (float) box.hz());
        } else if (s instanceof BenchShape.Sphere sphere) {
            return new PxSphereGeometry((float) sphere.radius());
        } else if (s instanceof BenchShape.Capsule capsule) {
            return new PxCapsuleGeometry((float) capsule.radius(), (float) capsule.halfHeight());
        } else if (s instanceof BenchShape.Mesh mesh) {
            PxTriangleMesh cooked = cook(mesh);
            meshes.add(cooked);
            return new PxTriangleMeshGeometry(cooked);
        }
        throw new IllegalArgumentException("physx: no shape for " + s);
    }

    private static PxTriangleMesh cook(BenchShape.Mesh mesh) {
        int nv = mesh.vertexCount(), nt = mesh.triangleCount();
        Vector_PxVec3 points = new Vector_PxVec3(nv);
        double[] v = mesh.vertices();
        for (int i = 0; i < nv; i++) {
            PxVec3 p = points.at(i);
            p.setX((float) v[3 * i]);
            p.setY((float) v[3 * i + 1]);
            p.setZ((float) v[3 * i + 2]);
        }
        Vector_PxU32 indices = new Vector_PxU32();
        for (int index : mesh.triangles()) {
            indices.push_back(index);
        }
        PxTriangleMeshDesc desc = new PxTriangleMeshDesc();
        desc.getPoints().setCount(nv);
        desc.getPoints().setStride(PxVec3.SIZEOF);
        desc.getPoints().setData(points.data());
        desc.getTriangles().setCount(nt);
        desc.getTriangles().setStride(3 * 4);
        desc.getTriangles().setData(indices.data());
        PxCookingParams params = new PxCookingParams(tolerances);
        PxTriangleMesh cooked = PxTopLevelFunctions.CreateTriangleMesh(params, desc);
        params.destroy();
        desc.destroy();
        indices.destroy();
        points.destroy();
        if (cooked == null) {
            throw new IllegalStateException("physx: cooking the triangle mesh failed");
        }
        return cooked;
    }

    @Override
    public void step() {
        scene.simulate((float) BenchScene.DT);
        scene.fetchResults(true);
    }

    @Override
    public int bodyCount() {
        scene.getSimulationStatistics(stats);
        return stats.getNbStaticBodies() + stats.getNbDynamicBodies() + stats.getNbKinematicBodies();
    }

    @Override
    public int contactCount() {
        scene.getSimulationStatistics(stats);
        return stats.getNbDiscreteContactPairsWithContacts();
    }

    @Override
    public double[] positions() {
        double[] out = new double[3 * dynamic.size()];
        for (int i = 0; i < dynamic.size(); i++) {
            PxVec3 p = dynamic.get(i).getGlobalPose().getP();
            out[3 * i] = p.getX();
            out[3 * i + 1] = p.getY();
            out[3 * i + 2] = p.getZ();
        }
        return out;
    }

    @Override
    public void close() {
        for (PxJoint j : joints) {
            j.release();
        }
        joints.clear();
        for (PxRigidActor a : actors) {
            scene.removeActor(a);
            a.release();
        }
        actors.clear();
        dynamic.clear();
        for (PxTriangleMesh m : meshes) {
            m.release();
        }
        meshes.clear();
        scene.release();
        material.release();
        dispatcher.destroy();
        statsMemory.destroy();
        filter.destroy();
    }
}
