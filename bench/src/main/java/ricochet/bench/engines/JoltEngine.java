package ricochet.bench.engines;

import com.github.stephengold.joltjni.BodyCreationSettings;
import com.github.stephengold.joltjni.BodyFilter;
import com.github.stephengold.joltjni.BodyInterface;
import com.github.stephengold.joltjni.BoxShape;
import com.github.stephengold.joltjni.CapsuleShape;
import com.github.stephengold.joltjni.CharacterVirtual;
import com.github.stephengold.joltjni.CharacterVirtualRef;
import com.github.stephengold.joltjni.CharacterVirtualSettings;
import com.github.stephengold.joltjni.CollisionGroup;
import com.github.stephengold.joltjni.ConvexShape;
import com.github.stephengold.joltjni.CustomContactListener;
import com.github.stephengold.joltjni.DefaultBroadPhaseLayerFilter;
import com.github.stephengold.joltjni.DefaultObjectLayerFilter;
import com.github.stephengold.joltjni.ExtendedUpdateSettings;
import com.github.stephengold.joltjni.Float3;
import com.github.stephengold.joltjni.GroupFilterTable;
import com.github.stephengold.joltjni.HingeConstraintSettings;
import com.github.stephengold.joltjni.IndexedTriangle;
import com.github.stephengold.joltjni.IndexedTriangleList;
import com.github.stephengold.joltjni.JobSystemSingleThreaded;
import com.github.stephengold.joltjni.Jolt;
import com.github.stephengold.joltjni.MapObj2Bp;
import com.github.stephengold.joltjni.MeshShapeSettings;
import com.github.stephengold.joltjni.ObjVsBpFilter;
import com.github.stephengold.joltjni.ObjVsObjFilter;
import com.github.stephengold.joltjni.PhysicsSystem;
import com.github.stephengold.joltjni.Plane;
import com.github.stephengold.joltjni.PointConstraintSettings;
import com.github.stephengold.joltjni.Quat;
import com.github.stephengold.joltjni.RVec3;
import com.github.stephengold.joltjni.ShapeFilter;
import com.github.stephengold.joltjni.SphereShape;
import com.github.stephengold.joltjni.TempAllocatorImpl;
import com.github.stephengold.joltjni.TwoBodyConstraint;
import com.github.stephengold.joltjni.TwoBodyConstraintSettings;
import com.github.stephengold.joltjni.Vec3;
import com.github.stephengold.joltjni.VertexList;
import com.github.stephengold.joltjni.enumerate.EActivation;
import com.github.stephengold.joltjni.enumerate.EConstraintSpace;
import com.github.stephengold.joltjni.enumerate.EGroundState;
import com.github.stephengold.joltjni.enumerate.EMotionType;
import com.github.stephengold.joltjni.enumerate.ValidateResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import ricochet.bench.scene.BenchBody;
import ricochet.bench.scene.BenchCharacter;
import ricochet.bench.scene.BenchJoint;
import ricochet.bench.scene.BenchScene;
import ricochet.bench.scene.BenchShape;

/**
 * Jolt through jolt-jni (single precision, release build): the physics system's defaults (10
 * velocity and 2 position iterations, default convex radius, geometric-mean friction), a
 * {@link JobSystemSingleThreaded} (the single-thread figure), one collision step per update, body
 * friction 0.5, restitution 0, sleeping off per body. Its jar ships {@code libjoltjni.so} without
 * a class-path loader, so {@link NativeLibraries} extracts it. Contacts: body pairs reported to a
 * contact listener (added or persisted) during one extra, untimed step, since Jolt exposes no count;
 * the listener is attached only for that step, so the timed steps make no callbacks into Java.
 * Joints: {@code PointConstraintSettings} and {@code HingeConstraintSettings} with limits, in world
 * space; jointed bodies share one collision group whose {@link GroupFilterTable} (sub-group = the
 * body's scene index) disables each joint's pair, as Jolt's ragdoll sample does.
 * Characters: one {@code CharacterVirtual} each, a capsule centred on the character's position (the
 * supporting volume is its lower cap), the scene's slope limit, padding 0.02 m, mass 70 kg and
 * strength 100 N (Ricochet's skin, mass and push force); before each physics update, as Jolt's
 * {@code CharacterVirtualTest} does without inertia, its velocity is set to the ground's velocity
 * when on walkable ground (else its vertical velocity), plus gravity times dt, plus the wanted
 * horizontal velocity, and {@code ExtendedUpdate} moves it with stair steps and floor sticking of
 * the scene's step height.
 * Vehicles: {@link JoltVehicles}.
 */
final class JoltEngine implements PeerEngine {

    private static final int NON_MOVING = 0;
    private static final int MOVING = 1;

    static {
        // Before any field: the layer tables below are native objects.
        NativeLibraries.load("linux/x86-64/com/github/stephengold/libjoltjni.so");
        Jolt.registerDefaultAllocator();
        Jolt.installDefaultAssertCallback();
        Jolt.installDefaultTraceCallback();
        Jolt.newFactory();
        Jolt.registerTypes();
    }

    // The physics system keeps pointers to the layer tables: they must stay reachable.
    private final MapObj2Bp layers = new MapObj2Bp(2, 2).add(NON_MOVING, 0).add(MOVING, 1);
    private final ObjVsBpFilter objVsBp = new ObjVsBpFilter(2, 2).disablePair(NON_MOVING, 0);
    private final ObjVsObjFilter objVsObj = new ObjVsObjFilter(2).disablePair(NON_MOVING, NON_MOVING);
    private final PhysicsSystem system = new PhysicsSystem();
    private final TempAllocatorImpl temp;
    private final JobSystemSingleThreaded jobs = new JobSystemSingleThreaded(Jolt.cMaxPhysicsJobs);
    private final BodyInterface bodies;
    private final List<Integer> all = new ArrayList<>();
    private final List<Integer> dynamic = new ArrayList<>();
    // Counted references to the shapes and settings the bodies use: a shape is freed when its count
    // drops to zero, so these are released only after the bodies.
    private final List<AutoCloseable> keep = new ArrayList<>();

    private final BenchCharacter[] walkers;
    private final CharacterVirtualRef[] characters;
    private final ExtendedUpdateSettings[] updateSettings;
    private DefaultBroadPhaseLayerFilter characterBroadPhase;
    private DefaultObjectLayerFilter characterLayers;
    private BodyFilter characterBodies;
    private ShapeFilter characterShapes;
    private final Vec3 gravity = new Vec3(0f, (float) -BenchScene.GRAVITY, 0f);
    private final Vec3 velocity = new Vec3();
    private final double[] wish = new double[2];
    private final JoltVehicles vehicles;
    private long steps;

    JoltEngine(BenchScene scene) {
        int n = scene.bodies().size();
        // 64 MiB of scratch: the 4,000-sphere bin needs more than the samples' 10 MiB.
        temp = new TempAllocatorImpl(64 << 20);
        system.init(n + scene.vehicles().size() + 16 + JoltSoftBodies.count(scene), 0, 65536, 65536, layers,
                objVsBp, objVsObj);
        system.setGravity(0, (float) -BenchScene.GRAVITY, 0);
        bodies = system.getBodyInterface();
        CollisionGroup[] groups = jointGroups(scene);
        for (int i = 0; i < n; i++) {
            add(scene.bodies().get(i), groups[i]);
        }
        for (BenchJoint j : scene.joints()) {
            join(j);
        }
        JoltSoftBodies.add(scene, bodies, MOVING, keep);
        system.optimizeBroadPhase();
        walkers = scene.characters().toArray(new BenchCharacter[0]);
        characters = new CharacterVirtualRef[walkers.length];
        updateSettings = new ExtendedUpdateSettings[walkers.length];
        if (walkers.length > 0) {
            characterBroadPhase = system.getDefaultBroadPhaseLayerFilter(MOVING);
            characterLayers = system.getDefaultLayerFilter(MOVING);
            characterBodies = new BodyFilter();
            characterShapes = new ShapeFilter();
            for (int i = 0; i < walkers.length; i++) {
                addCharacter(i, walkers[i]);
            }
        }
        vehicles = new JoltVehicles(scene, system, bodies, MOVING, keep);
    }

    private void addCharacter(int i, BenchCharacter c) {
        CapsuleShape capsule = new CapsuleShape((float) c.halfHeight(), (float) c.radius());
        keep.add(capsule.toRef());
        CharacterVirtualSettings settings = new CharacterVirtualSettings();
        keep.add(settings.toRef());
        settings.setShape(capsule);
        settings.setMaxSlopeAngle((float) Math.toRadians(c.maxSlope()));
        // Contacts below the lower cap's centre support it: Plane(n, d) keeps n . p + d < 0.
        settings.setSupportingVolume(new Plane(new Vec3(0f, 1f, 0f), (float) c.halfHeight()));
        settings.setCharacterPadding(0.02f);
        settings.setMass(70f);
        settings.setMaxStrength(100f);
        CharacterVirtual character = new CharacterVirtual(settings, new RVec3(c.x(), c.y(), c.z()),
                new Quat(0f, 0f, 0f, 1f), 0L, system);
        characters[i] = character.toRef();
        ExtendedUpdateSettings update = new ExtendedUpdateSettings();
        update.setWalkStairsStepUp(new Vec3(0f, (float) c.stepHeight(), 0f));
        update.setStickToFloorStepDown(new Vec3(0f, (float) -c.stepHeight(), 0f));
        updateSettings[i] = update;
    }

    /** Sets each character's velocity from its wish and moves it, before the bodies' update. */
    private void moveCharacters() {
        float dt = (float) BenchScene.DT;
        for (int i = 0; i < characters.length; i++) {
            CharacterVirtualRef c = characters[i];
            walkers[i].wish(steps, wish);
            c.updateGroundVelocity();
            float vx = 0f, vy, vz = 0f;
            if (c.getGroundState() == EGroundState.OnGround && !c.isSlopeTooSteep(c.getGroundNormal())) {
                Vec3 ground = c.getGroundVelocity();
                vx = ground.getX();
                vy = ground.getY();
                vz = ground.getZ();
            } else {
                vy = c.getLinearVelocity().getY();
            }
            velocity.set(vx + (float) wish[0], vy + gravity.getY() * dt, vz + (float) wish[1]);
            c.setLinearVelocity(velocity);
            c.extendedUpdate(dt, gravity, updateSettings[i], characterBroadPhase, characterLayers,
                    characterBodies, characterShapes, temp);
        }
    }

    /** Per body, its collision group: none for bodies without joints. */
    private CollisionGroup[] jointGroups(BenchScene scene) {
        CollisionGroup[] groups = new CollisionGroup[scene.bodies().size()];
        if (scene.joints().isEmpty()) {
            return groups;
        }
        GroupFilterTable table = new GroupFilterTable(groups.length);
        keep.add(table.toRef());
        for (BenchJoint j : scene.joints()) {
            table.disableCollision(j.a(), j.b());
            groups[j.a()] = new CollisionGroup(table, 0, j.a());
            groups[j.b()] = new CollisionGroup(table, 0, j.b());
        }
        return groups;
    }

    private void join(BenchJoint j) {
        RVec3 anchor = new RVec3(j.x(), j.y(), j.z());
        TwoBodyConstraintSettings settings;
        if (j.kind() == BenchJoint.Kind.BALL) {
            PointConstraintSettings point = new PointConstraintSettings();
            point.setSpace(EConstraintSpace.WorldSpace);
            point.setPoint1(anchor);
            point.setPoint2(anchor);
            settings = point;
        } else {
            HingeConstraintSettings hinge = new HingeConstraintSettings();
            hinge.setSpace(EConstraintSpace.WorldSpace);
            hinge.setPoint1(anchor);
            hinge.setPoint2(anchor);
            Vec3 axis = new Vec3((float) j.ax(), (float) j.ay(), (float) j.az());
            double[] n = j.normal();
            Vec3 normal = new Vec3((float) n[0], (float) n[1], (float) n[2]);
            hinge.setHingeAxis1(axis);
            hinge.setHingeAxis2(axis);
            hinge.setNormalAxis1(normal);
            hinge.setNormalAxis2(normal);
            hinge.setLimitsMin((float) -j.limit());
            hinge.setLimitsMax((float) j.limit());
            settings = hinge;
        }
        TwoBodyConstraint constraint = bodies.createConstraint(settings, all.get(j.a()), all.get(j.b()));
        keep.add(settings.toRef());
        keep.add(constraint.toRef());
        system.addConstraint(constraint);
    }

    private void add(BenchBody b, CollisionGroup group) {
        RVec3 p = new RVec3(b.x(), b.y(), b.z());
        Quat q = new Quat((float) b.qx(), (float) b.qy(), (float) b.qz(), (float) b.qw());
        EMotionType motion = b.dynamic() ? EMotionType.Dynamic : EMotionType.Static;
        int layer = b.dynamic() ? MOVING : NON_MOVING;
        BodyCreationSettings settings;
        if (b.shape() instanceof BenchShape.Mesh mesh) {
            MeshShapeSettings meshSettings = meshSettings(mesh);
            keep.add(meshSettings.toRef());
            settings = new BodyCreationSettings(meshSettings, p, q, motion, layer);
        } else {
            ConvexShape shape = convex(b.shape());
            if (b.dynamic()) {
                shape.setDensity((float) b.density());
            }
            keep.add(shape.toRef());
            settings = new BodyCreationSettings(shape, p, q, motion, layer);
        }
        settings.setFriction((float) BenchScene.FRICTION);
        settings.setRestitution((float) BenchScene.RESTITUTION);
        settings.setAllowSleeping(false);
        if (group != null) {
            settings.setCollisionGroup(group);
        }
        int id = bodies.createAndAddBody(settings, b.dynamic() ? EActivation.Activate : EActivation.DontActivate);
        settings.close();
        all.add(id);
        if (b.dynamic()) {
            dynamic.add(id);
        }
    }

    private static ConvexShape convex(BenchShape s) {
        if (s instanceof BenchShape.Box box) {
            return new BoxShape((float) box.hx(), (float) box.hy(), (float) box.hz());
        } else if (s instanceof BenchShape.Sphere sphere) {
            return new SphereShape((float) sphere.radius());
        } else if (s instanceof BenchShape.Capsule capsule) {
            return new CapsuleShape((float) capsule.halfHeight(), (float) capsule.radius());
        }
        throw new IllegalArgumentException("jolt: no shape for " + s);
    }

    private static MeshShapeSettings meshSettings(BenchShape.Mesh mesh) {
        VertexList vertices = new VertexList();
        double[] v = mesh.vertices();
        for (int i = 0; i < mesh.vertexCount(); i++) {
            vertices.pushBack(new Float3((float) v[3 * i], (float) v[3 * i + 1], (float) v[3 * i + 2]));
        }
        IndexedTriangleList triangles = new IndexedTriangleList();
        int[] t = mesh.triangles();
        triangles.resize(mesh.triangleCount());
        for (int i = 0; i < mesh.triangleCount(); i++) {
            triangles.set(i, new IndexedTriangle(t[3 * i], t[3 * i + 1], t[3 * i + 2]));
        }
        return new MeshShapeSettings(vertices, triangles);
    }

    @Override
    public void step() {
        if (characters.length > 0) {
            moveCharacters();
        }
        if (vehicles.count() > 0) {
            vehicles.drive(steps);
        }
        system.update((float) BenchScene.DT, 1, temp, jobs);
        steps++;
    }

    @Override
    public int bodyCount() {
        return system.getNumBodies();
    }

    /** Pairs of body addresses seen by the listener. */
    private record Pair(long a, long b) {
        static Pair of(long a, long b) {
            return a < b ? new Pair(a, b) : new Pair(b, a);
        }
    }

    /** Set by {@link #contactCount}; held so the native side's listener stays reachable. */
    private CustomContactListener counter;

    @Override
    public int contactCount() {
        Set<Pair> pairs = new HashSet<>();
        counter = new CustomContactListener() {
            @Override
            public void onContactAdded(long body1, long body2, long manifold, long settings) {
                pairs.add(Pair.of(body1, body2));
            }

            @Override
            public void onContactPersisted(long body1, long body2, long manifold, long settings) {
                pairs.add(Pair.of(body1, body2));
            }

            @Override
            public void onContactRemoved(long subShapePair) {
            }

            @Override
            public int onContactValidate(long body1, long body2, double x, double y, double z, long result) {
                return ValidateResult.AcceptAllContactsForThisBodyPair.ordinal();
            }
        };
        system.setContactListener(counter);
        step();
        // Left attached: jolt-jni takes no null listener, and no timed step follows.
        return pairs.size();
    }

    @Override
    public double[] positions() {
        double[] out = new double[3 * (dynamic.size() + characters.length + vehicles.count())];
        for (int i = 0; i < dynamic.size(); i++) {
            RVec3 p = bodies.getPosition(dynamic.get(i));
            out[3 * i] = p.xx();
            out[3 * i + 1] = p.yy();
            out[3 * i + 2] = p.zz();
        }
        for (int i = 0, k = 3 * dynamic.size(); i < characters.length; i++, k += 3) {
            RVec3 p = characters[i].getPosition();
            out[k] = p.xx();
            out[k + 1] = p.yy();
            out[k + 2] = p.zz();
        }
        vehicles.positions(bodies, out, 3 * (dynamic.size() + characters.length));
        return out;
    }

    @Override
    public void close() {
        // Characters query the system: they go first.
        for (int i = 0; i < characters.length; i++) {
            if (characters[i] != null) {
                characters[i].close();
                characters[i] = null;
            }
            if (updateSettings[i] != null) {
                updateSettings[i].close();
                updateSettings[i] = null;
            }
        }
        for (AutoCloseable filter : new AutoCloseable[] {characterBroadPhase, characterLayers,
                characterBodies, characterShapes}) {
            if (filter != null) {
                try {
                    filter.close();
                } catch (Exception e) {
                    throw new IllegalStateException("jolt: releasing " + filter, e);
                }
            }
        }
        vehicles.close(system, bodies);
        system.removeAllConstraints();
        for (int id : all) {
            bodies.removeBody(id);
            bodies.destroyBody(id);
        }
        all.clear();
        dynamic.clear();
        system.close();
        jobs.close();
        temp.close();
        for (AutoCloseable ref : keep) {
            try {
                ref.close();
            } catch (Exception e) {
                throw new IllegalStateException("jolt: releasing " + ref, e);
            }
        }
        keep.clear();
    }
}
