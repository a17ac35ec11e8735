package ricochet.scenes;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import ricochet.geometry.BoxSdf;
import ricochet.geometry.PlaneSdf;
import ricochet.geometry.Sdf;
import ricochet.geometry.SphereSdf;
import ricochet.geometry.TriangleMesh;
import ricochet.geometry.shape.CompoundShape;
import ricochet.geometry.shape.MassProperties;
import ricochet.geometry.shape.HullSimplifier;
import ricochet.geometry.shape.QuickHull;
import ricochet.geometry.shape.Shape;
import ricochet.io.scene.BodySpec;
import ricochet.io.scene.BodyType;
import ricochet.io.scene.CharacterSpec;
import ricochet.io.scene.FractureSpec;
import ricochet.io.scene.VehicleSpec;
import ricochet.io.scene.JointSpec;
import ricochet.io.scene.RagdollSpec;
import ricochet.io.scene.Scene;
import ricochet.io.scene.ShapeSpec;
import ricochet.joints.JointDef;
import ricochet.joints.JointId;
import ricochet.lab.LabBodyDef;
import ricochet.lab.LabMethod;
import ricochet.lab.LabWorld;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;
import ricochet.ragdoll.Ragdoll;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.fracture.FracturePattern;
import ricochet.fracture.VoronoiFracture;
import ricochet.world.Simulation;
import ricochet.world.World;
import ricochet.world.WorldSimulation;

/**
 * Builds a runnable world from a validated scene. A scene whose dynamic bodies use a GAMES103 lab
 * method becomes a {@link LabWorld} (lab-method mesh bodies against static planes, boxes and
 * spheres); every other scene becomes a {@link WorldSimulation}, the engine's rigid-body world with
 * its contact and joint solver, ragdolls and joints included.
 */
public final class WorldBuilder {

    /**
     * A scene that validated but that the world rejects, with the JSON path of what it rejects
     * ({@code $.bodies[3]}, {@code $.joints[0]}, {@code $.settings}), so that {@code validate} and
     * {@code run} report it as they report the file's own problems.
     */
    public static final class BuildException extends IllegalArgumentException {

        private static final long serialVersionUID = 1L;

        private final String path;

        BuildException(String path, String message, Throwable cause) {
            super(message, cause);
            this.path = path;
        }

        /** Where in the scene file, as a JSON path. */
        public String path() {
            return path;
        }
    }

    /** {@code e} at {@code path}, its message led by {@code who} unless it names it already. */
    static BuildException at(String path, String who, IllegalArgumentException e) {
        String m = e.getMessage();
        return new BuildException(path, m != null && m.startsWith(who) ? m : who + m, e);
    }

    /**
     * kg/m^3 when a solver body gives neither {@code mass} nor {@code density}: water, as in Box2D's 1 per
     * m^2, and the library's default for a dynamic body.
     */
    public static final double DEFAULT_DENSITY = BodyDef.DEFAULT_DENSITY;

    private WorldBuilder() {
    }

    /**
     * The world the command line, the viewer and the benchmarks step: a {@link LabWorld} when
     * {@link #usesLabMethods} says so, else a {@link WorldSimulation}.
     *
     * @throws IllegalArgumentException naming the body or joint that cannot be simulated, or the value
     *     the world rejects
     */
    public static Simulation simulation(Scene scene) {
        return usesLabMethods(scene) ? buildLab(scene) : buildWorld(scene);
    }

    /** Whether any dynamic body uses a lab method (the scene is then a lab scene). */
    public static boolean usesLabMethods(Scene scene) {
        for (BodySpec b : scene.bodies()) {
            if (b.type() == BodyType.DYNAMIC && b.usesLabMethod()) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- the lab world

    /**
     * The lab world: lab-method mesh bodies against static planes, boxes and spheres.
     *
     * @throws IllegalArgumentException naming the body or joint that the lab cannot simulate (a solver
     *     body, a sensor, a static shape other than plane, box and sphere), or a value it rejects
     */
    public static LabWorld buildLab(Scene scene) {
        if (!scene.joints().isEmpty() || !scene.ragdolls().isEmpty() || !scene.characters().isEmpty()
                || !scene.vehicles().isEmpty() || !scene.cloths().isEmpty() || !scene.softBodies().isEmpty()) {
            String what = !scene.joints().isEmpty() ? "joints" : !scene.ragdolls().isEmpty() ? "ragdolls"
                    : !scene.characters().isEmpty() ? "characters" : !scene.vehicles().isEmpty() ? "vehicles"
                    : !scene.cloths().isEmpty() ? "cloths" : "softBodies";
            throw new BuildException("$." + what, what
                    + " need the engine's world, and this scene's lab-method bodies make it a lab scene"
                    + " (the lab world has no joint solver)", null);
        }
        var s = scene.settings();
        LabWorld world;
        try {
            world = new LabWorld(s.dt(), s.substeps(), s.gravity());
        } catch (IllegalArgumentException e) {
            throw at("$.settings", "", e);
        }
        String labBody = null;
        for (BodySpec b : scene.bodies()) {
            if (b.type() == BodyType.DYNAMIC && b.usesLabMethod()) {
                labBody = b.name();
                break;
            }
        }
        for (int i = 0; i < scene.bodies().size(); i++) {
            BodySpec b = scene.bodies().get(i);
            try {
                addToLab(world, b, labBody);
            } catch (IllegalArgumentException e) {
                throw at("$.bodies[" + i + "]", "body '" + b.name() + "': ", e);
            }
        }
        return world;
    }

    private static void addToLab(LabWorld world, BodySpec b, String labBody) {
        if (b.type() == BodyType.STATIC) {
            world.addCollider(b.name(), staticSdf(b), b.position(), b.orientation());
        } else if (b.usesLabMethod()) {
            ShapeSpec.Mesh mesh = (ShapeSpec.Mesh) b.shape();
            world.addBody(new LabBodyDef(b.name(), LabMethod.fromKey(b.method()), mesh.mesh(), b.position(),
                    b.orientation(), b.velocity(), b.angularVelocity(), b.restitution(), b.friction(), b.lab()));
        } else {
            // The lab steps its own bodies against fixed signed distances: a solver body would be
            // neither pushed by them nor seen by them.
            String why = labBody == null
                    ? "the lab world has no contact solver"
                    : "the scene's lab-method body '" + labBody + "' runs in the lab world, which has no"
                            + " contact solver";
            throw new IllegalArgumentException("body '" + b.name() + "': a " + b.type().key()
                    + " body with method 'solver' cannot share a scene with lab-method bodies (" + why
                    + "); give it a lab method or put it in a scene without lab bodies");
        }
    }

    /** The world-space signed distance of a static body's shape as the lab world meets it (the viewer draws contacts with it). */
    public static Sdf staticSdf(BodySpec b) {
        Vec3 p = b.position();
        Quat q = b.orientation();
        if (b.sensor()) {
            throw new IllegalArgumentException("body '" + b.name() + "': the lab world has no sensors; sensors"
                    + " need a scene without lab-method bodies");
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
        throw new IllegalArgumentException("body '" + b.name() + "': the lab methods meet static planes, boxes"
                + " and spheres, not a static " + b.shape().type());
    }

    // ---------------------------------------------------------------- the engine's world

    /**
     * The engine's world: every body type, shape, sensor and bullet, named in scene order. A dynamic
     * {@code mesh} collides as a simplified convex hull of its vertices (the narrow phase meets meshes only with
     * convex shapes) and weighs as the closed mesh when it is closed, else as that hull.
     *
     * A body with a {@code fracture} is cut into pieces ({@link VoronoiFracture}) listed as
     * {@code name.0}, {@code name.1}, ... after the scene's other bodies (which it may be anchored to,
     * so they are added first).
     *
     * Then the ragdolls (their bodies listed after the scene's, {@link Ragdoll#PARTS} order each),
     * then the joints, unnamed ones called {@code joints[i]} after their place in the file, then the
     * characters, each driven by its input track.
     *
     * @throws IllegalArgumentException naming the body, ragdoll or joint that the world rejects (and why)
     */
    public static WorldSimulation buildWorld(Scene scene) {
        return buildWorld(scene, new LinkedHashMap<>());
    }

    /**
     * {@link #buildWorld(Scene)}, putting each joint's handle into {@code joints}: the scene's joints
     * under their names ({@code joints[i]} when unnamed), then each ragdoll's as
     * {@code name.joint} ({@link Ragdoll#jointNames}: {@code ann.spine}, {@code ann.kneeL}, ...).
     */
    public static WorldSimulation buildWorld(Scene scene, Map<String, JointId> joints) {
        var s = scene.settings();
        World world = new World(s.gravity());
        WorldSimulation sim;
        try {
            world.setSubsteps(s.substeps());
            world.setIterations(s.iterations());
            world.setSleepingEnabled(s.sleeping());
            world.setJointIterations(s.jointIterations());
            world.setThreads(s.threads());
            if (!Double.isNaN(s.jointFrequency())) {
                world.setJointHertz(s.jointFrequency());
            }
            if (!Double.isNaN(s.jointDamping())) {
                world.setJointDampingRatio(s.jointDamping());
            }
            sim = new WorldSimulation(world, s.dt());
        } catch (IllegalArgumentException e) {
            world.close();
            throw at("$.settings", "", e);
        }
        try {
            addAll(scene, sim, joints);
        } catch (IllegalArgumentException e) {
            world.close();
            throw e;
        }
        return sim;
    }

    private static void addAll(Scene scene, WorldSimulation sim, Map<String, JointId> joints) {
        World world = sim.world();
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < scene.bodies().size(); i++) {
                BodySpec b = scene.bodies().get(i);
                if ((b.fracture() != null) != (pass == 1)) {
                    continue;
                }
                try {
                    if (b.fracture() == null) {
                        add(sim, b);
                        if (b.motion() != null) {
                            sim.addMotion(sim.body(b.name()), b.motion());
                        }
                    } else {
                        addFractured(sim, b, b.fracture(), "$.bodies[" + i + "]");
                    }
                } catch (BuildException e) {
                    throw e;
                } catch (IllegalArgumentException e) {
                    throw new BuildException("$.bodies[" + i + "]", "body '" + b.name() + "': " + e.getMessage(), e);
                }
            }
        }
        for (int n = 0; n < scene.ragdolls().size(); n++) {
            RagdollSpec r = scene.ragdolls().get(n);
            Ragdoll ragdoll;
            try {
                ragdoll = addRagdoll(sim, r);
            } catch (IllegalArgumentException e) {
                throw at("$.ragdolls[" + n + "]", "ragdoll '" + r.name() + "': ", e);
            }
            for (int k = 0; k < ragdoll.joints().size(); k++) {
                joints.put(ragdoll.jointNames().get(k), ragdoll.joints().get(k));
            }
        }
        List<JointSpec> specs = scene.joints();
        for (int i = 0; i < specs.size(); i++) {
            JointSpec j = specs.get(i);
            String name = j.name() != null ? j.name() : "joints[" + i + "]";
            JointDef def;
            try {
                def = j.toDef(sim.body(j.bodyA()), j.bodyB() == null ? null : sim.body(j.bodyB()));
            } catch (IllegalArgumentException e) {
                throw new BuildException("$.joints[" + i + "]", "joint '" + name + "' (" + j.type() + "): "
                        + e.getMessage(), e);
            }
            try {
                // The world's message names the joint: "joint 'joints[2]' (hinge): ...".
                joints.put(name, world.addJoint(def.name(name)));
            } catch (IllegalArgumentException e) {
                throw new BuildException("$.joints[" + i + "]", e.getMessage(), e);
            }
        }
        for (int i = 0; i < scene.characters().size(); i++) {
            CharacterSpec c = scene.characters().get(i);
            try {
                sim.addCharacter(c.def(), c.position(), c.track());
            } catch (IllegalArgumentException e) {
                throw at("$.characters[" + i + "]", "character '" + c.name() + "': ", e);
            }
        }
        for (int i = 0; i < scene.vehicles().size(); i++) {
            VehicleSpec v = scene.vehicles().get(i);
            try {
                sim.addVehicle(v.def(), v.position(), v.orientation(), v.track());
            } catch (IllegalArgumentException e) {
                throw at("$.vehicles[" + i + "]", "vehicle '" + v.name() + "': ", e);
            }
        }
        SoftScene.addAll(scene, sim);
    }

    private static Ragdoll addRagdoll(WorldSimulation sim, RagdollSpec r) {
        // Checked before Ragdoll.add touches the world: a clash found after it would leave half a ragdoll.
        for (String part : Ragdoll.PARTS) {
            String full = r.name() + "." + part;
            try {
                sim.body(full);
            } catch (IllegalArgumentException free) {
                continue;
            }
            throw new IllegalArgumentException("ragdoll '" + r.name() + "': its body '" + full
                    + "' has the name of another body");
        }
        Ragdoll ragdoll = Ragdoll.add(sim.world(), r.name(), r.position(), r.orientation(), r.velocity(),
                r.density(), r.friction());
        for (int k = 0; k < ragdoll.bodies().size(); k++) {
            sim.adopt(ragdoll.names().get(k), ragdoll.bodies().get(k));
        }
        return ragdoll;
    }

    private static void add(WorldSimulation sim, BodySpec b) {
        if (b.usesLabMethod()) {
            throw new IllegalArgumentException("method '" + b.method() + "' needs a dynamic body");
        }
        boolean dynamic = b.type() == BodyType.DYNAMIC;
        Shape shape = dynamic ? dynamicShape(b.shape()) : ShapeFactory.create(b.shape());
        BodyDef def = switch (b.type()) {
            case STATIC -> BodyDef.staticBody();
            case KINEMATIC -> BodyDef.kinematic();
            case DYNAMIC -> BodyDef.dynamic().withMassProperties(massProperties(b, shape));
        };
        def = def.withPosition(b.position())
                .withOrientation(b.orientation())
                .withVelocity(b.velocity())
                .withAngularVelocity(b.angularVelocity())
                .withLinearDamping(b.linearDamping())
                .withAngularDamping(b.angularDamping())
                .withGravityScale(b.gravityScale());
        BodyId id = sim.add(b.name(), def, shape, b.friction(), b.restitution());
        if (b.sensor()) {
            sim.world().setSensor(id, true);
        }
        if (b.bullet()) {
            sim.world().setBullet(id, true);
        }
    }

    /**
     * A fractured body: its shape cut as {@code f} says, filled with its density (or, given a mass, the
     * density that gives the cut solid that mass).
     */
    private static void addFractured(WorldSimulation sim, BodySpec b, FractureSpec f, String path) {
        Shape shape = ShapeFactory.create(b.shape());
        FracturePattern pattern;
        try {
            pattern = VoronoiFracture.fracture(shape, f.pieces(), f.seed(), f.impact());
        } catch (IllegalArgumentException e) {
            if (f.impact() == null) {
                throw e;
            }
            throw new BuildException(path + ".fracture.impact", "body '" + b.name() + "': " + e.getMessage(), e);
        }
        double density = Double.isNaN(b.density()) ? DEFAULT_DENSITY : b.density();
        if (!Double.isNaN(b.mass())) {
            density = b.mass() / pattern.volume();
        }
        BodyDef def = BodyDef.dynamic().withPosition(b.position())
                .withOrientation(b.orientation())
                .withVelocity(b.velocity())
                .withAngularVelocity(b.angularVelocity())
                .withLinearDamping(b.linearDamping())
                .withAngularDamping(b.angularDamping())
                .withGravityScale(b.gravityScale());
        sim.addFractured(b.name(), def, pattern, density, f.strength(), f.anchored(), b.friction(), b.restitution());
    }

    /**
     * A dynamic body's collision shape: meshes (at the top or inside a compound) become the convex
     * hull of their vertices, since the narrow phase has no mesh-mesh and no mesh-plane routine; a
     * hull of a dense mesh keeps only the vertices extreme along {@link HullSimplifier}'s directions.
     */
    public static Shape dynamicShape(ShapeSpec spec) {
        if (spec instanceof ShapeSpec.Mesh m) {
            double[] vertices = m.mesh().vertices();
            double[] corners = HullSimplifier.supportPoints(vertices, HullSimplifier.DEFAULT_DIRECTIONS);
            return QuickHull.build(corners.length >= 12 ? corners : vertices);
        }
        if (spec instanceof ShapeSpec.Heightfield) {
            throw new IllegalArgumentException("a heightfield has no volume; it needs a static or kinematic body");
        }
        if (spec instanceof ShapeSpec.Compound c) {
            List<CompoundShape.Child> children = new ArrayList<>();
            for (ShapeSpec.Child child : c.children()) {
                children.add(new CompoundShape.Child(dynamicShape(child.shape()),
                        new Transform(child.position(), child.orientation())));
            }
            return new CompoundShape(children);
        }
        return ShapeFactory.create(spec);
    }

    /**
     * Mass properties from {@code density} (or {@link #DEFAULT_DENSITY}), scaled to {@code mass} when
     * that is given. A closed mesh weighs as the solid it encloses (exact polyhedral integration), an
     * open one as its hull.
     */
    static MassProperties massProperties(BodySpec b, Shape collisionShape) {
        double density = Double.isNaN(b.density()) ? DEFAULT_DENSITY : b.density();
        MassProperties m;
        if (b.shape() instanceof ShapeSpec.Mesh mesh && isClosed(mesh.mesh())) {
            m = MassProperties.ofClosedMesh(mesh.mesh().vertices(), mesh.mesh().triangles(), density);
        } else {
            m = MassProperties.of(collisionShape, density);
        }
        if (Double.isNaN(b.mass())) {
            return m;
        }
        return BodyDef.dynamic().withMassProperties(m).withMass(b.mass()).massProperties();
    }

    /**
     * Whether every directed edge (a, b) of the mesh appears exactly once and its reverse (b, a) also
     * appears: a closed, consistently wound 2-manifold, which bounds a solid.
     */
    static boolean isClosed(TriangleMesh mesh) {
        int[] t = mesh.triangles();
        Set<Long> edges = new HashSet<>();
        for (int i = 0; i < t.length; i += 3) {
            for (int k = 0; k < 3; k++) {
                if (!edges.add(edge(t[i + k], t[i + (k + 1) % 3]))) {
                    return false;
                }
            }
        }
        for (int i = 0; i < t.length; i += 3) {
            for (int k = 0; k < 3; k++) {
                if (!edges.contains(edge(t[i + (k + 1) % 3], t[i + k]))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static long edge(int from, int to) {
        return ((long) from << 32) | (to & 0xffffffffL);
    }
}
