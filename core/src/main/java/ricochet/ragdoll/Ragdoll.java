package ricochet.ragdoll;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import ricochet.character.CharacterId;
import ricochet.character.Characters;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.joints.JointDef;
import ricochet.joints.JointId;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.world.World;

/**
 * A humanoid ragdoll of eleven capsules (pelvis, torso, head, upper and lower arms and legs, about
 * 1.8 m tall standing) joined by cone-twist joints at the spine, neck, shoulders and hips and limited
 * hinges at the elbows and knees, with masses from a density. Built standing, facing +z in its own
 * frame, with {@code position} at the pelvis centre; elbows bend forward, knees backward.
 *
 * <p>The proportions and limits are round figures for an adult (anthropometric tables put the
 * segments at about these lengths); the limits keep the poses human: knees 0 to 2.4 rad one way,
 * elbows 0 to 2.5 rad, shoulders a 1.4 rad cone, hips 1.2 rad, spine 0.5 rad, neck 0.6 rad.
 *
 * <p>A ragdoll's parts never collide with each other ({@link World#setCollision}; Jolt's ragdolls
 * keep parents and children apart, many games every part). A tree of joints cannot jam by itself,
 * whatever its limits: each joint's error can close on its own. A contact between two of its parts
 * closes a loop (a forearm against its own torso: torso, shoulder, upper arm, elbow, forearm,
 * contact), and a loop of joints at their limits and a contact can hold forces no weight explains:
 * in a pile of 20, a 1.6 kg forearm pressed 12.6 mm into its own torso with 400 N, its elbow and
 * shoulder 12-13 mm apart, awake after 30 s. A caller may let chosen parts collide again.
 */
public final class Ragdoll {

    /** Part names in the order the bodies are added. */
    public static final List<String> PARTS = List.of("pelvis", "torso", "head", "upperArmL", "lowerArmL",
            "upperArmR", "lowerArmR", "upperLegL", "lowerLegL", "upperLegR", "lowerLegR");

    /**
     * 1/s on every part: a limp body's muscles still damp it. Without it, ragdolls lying on stairs
     * kept rocking at 0.1-0.17 m/s after 25 s (4 of 20 never slept); with it all 20 sleep.
     */
    public static final double ANGULAR_DAMPING = 1;

    private final List<BodyId> bodies;
    private final List<String> names;
    private final List<JointId> joints;
    private final List<String> jointNames;

    private Ragdoll(List<BodyId> bodies, List<String> names, List<JointId> joints, List<String> jointNames) {
        this.bodies = Collections.unmodifiableList(bodies);
        this.names = Collections.unmodifiableList(names);
        this.joints = Collections.unmodifiableList(joints);
        this.jointNames = Collections.unmodifiableList(jointNames);
    }

    /** The bodies in {@link #PARTS} order. */
    public List<BodyId> bodies() {
        return bodies;
    }

    /** {@code name + "." + part} for each body, in {@link #PARTS} order. */
    public List<String> names() {
        return names;
    }

    public List<JointId> joints() {
        return joints;
    }

    /** {@code name + "." + joint} ({@code spine}, {@code neck}, {@code shoulderL}, ...) for each joint, in order. */
    public List<String> jointNames() {
        return jointNames;
    }

    /**
     * Adds a ragdoll standing at {@code position} (the pelvis centre) turned by {@code orientation}.
     * Everything is checked before anything is added, so a bad argument changes nothing.
     *
     * @param density kg/m^3 (> 0; about 1000 for a person)
     * @param friction Coulomb coefficient of every part (>= 0)
     * @param velocity initial velocity of every part, m/s
     */
    public static Ragdoll add(World world, String name, Vec3 position, Quat orientation, Vec3 velocity, double density,
                              double friction) {
        if (world == null || name == null) {
            throw new IllegalArgumentException("ragdoll: world and name must not be null");
        }
        if (position == null || !position.isFinite()) {
            throw new IllegalArgumentException("ragdoll '" + name + "': position must be finite, got " + position);
        }
        if (velocity == null || !velocity.isFinite()) {
            throw new IllegalArgumentException("ragdoll '" + name + "': velocity must be finite, got " + velocity);
        }
        if (orientation == null || !Double.isFinite(orientation.norm()) || !(orientation.norm() > 1e-9)) {
            throw new IllegalArgumentException("ragdoll '" + name + "': orientation must be a finite non-zero quaternion, got "
                    + orientation);
        }
        if (!(density > 0) || !Double.isFinite(density)) {
            throw new IllegalArgumentException("ragdoll '" + name + "': density must be > 0 and finite, got " + density);
        }
        if (!(friction >= 0) || !Double.isFinite(friction)) {
            throw new IllegalArgumentException("ragdoll '" + name + "': friction must be >= 0 and finite, got " + friction);
        }
        Quat q = orientation.normalized();
        Builder b = new Builder(world, name, position, q, velocity, density, friction);
        Quat alongX = Quat.fromAxisAngle(Vec3.UNIT_Z, Math.PI / 2);
        // Parts: local centre, capsule radius and half height (along the capsule's own y).
        BodyId pelvis = b.part("pelvis", new Vec3(0, 0, 0), alongX, 0.12, 0.06);
        BodyId torso = b.part("torso", new Vec3(0, 0.32, 0), Quat.IDENTITY, 0.14, 0.06);
        BodyId head = b.part("head", new Vec3(0, 0.68, 0), Quat.IDENTITY, 0.1, 0.03);
        BodyId upperArmL = b.part("upperArmL", new Vec3(0.25, 0.34, 0), Quat.IDENTITY, 0.05, 0.09);
        BodyId lowerArmL = b.part("lowerArmL", new Vec3(0.25, 0.06, 0), Quat.IDENTITY, 0.045, 0.095);
        BodyId upperArmR = b.part("upperArmR", new Vec3(-0.25, 0.34, 0), Quat.IDENTITY, 0.05, 0.09);
        BodyId lowerArmR = b.part("lowerArmR", new Vec3(-0.25, 0.06, 0), Quat.IDENTITY, 0.045, 0.095);
        BodyId upperLegL = b.part("upperLegL", new Vec3(0.1, -0.275, 0), Quat.IDENTITY, 0.07, 0.155);
        BodyId lowerLegL = b.part("lowerLegL", new Vec3(0.1, -0.725, 0), Quat.IDENTITY, 0.06, 0.165);
        BodyId upperLegR = b.part("upperLegR", new Vec3(-0.1, -0.275, 0), Quat.IDENTITY, 0.07, 0.155);
        BodyId lowerLegR = b.part("lowerLegR", new Vec3(-0.1, -0.725, 0), Quat.IDENTITY, 0.06, 0.165);

        Vec3 up = Vec3.UNIT_Y, down = new Vec3(0, -1, 0);
        b.cone("spine", pelvis, torso, new Vec3(0, 0.12, 0), up, 0.5, 0.4);
        b.cone("neck", torso, head, new Vec3(0, 0.56, 0), up, 0.6, 0.8);
        b.cone("shoulderL", torso, upperArmL, new Vec3(0.25, 0.48, 0), down, 1.4, 0.8);
        b.cone("shoulderR", torso, upperArmR, new Vec3(-0.25, 0.48, 0), down, 1.4, 0.8);
        b.cone("hipL", pelvis, upperLegL, new Vec3(0.1, -0.05, 0), down, 1.2, 0.5);
        b.cone("hipR", pelvis, upperLegR, new Vec3(-0.1, -0.05, 0), down, 1.2, 0.5);
        // Elbows turn about -x (the forearm swings to +z, forward), knees about +x (the shin to -z).
        b.hinge("elbowL", upperArmL, lowerArmL, new Vec3(0.25, 0.2, 0), new Vec3(-1, 0, 0), 0, 2.5);
        b.hinge("elbowR", upperArmR, lowerArmR, new Vec3(-0.25, 0.2, 0), new Vec3(-1, 0, 0), 0, 2.5);
        b.hinge("kneeL", upperLegL, lowerLegL, new Vec3(0.1, -0.5, 0), Vec3.UNIT_X, 0, 2.4);
        b.hinge("kneeR", upperLegR, lowerLegR, new Vec3(-0.1, -0.5, 0), Vec3.UNIT_X, 0, 2.4);
        // No two parts collide (see the class comment): a contact between two parts closes a loop
        // through the tree of joints, which the limits can jam.
        for (int i = 0; i < b.bodies.size(); i++) {
            for (int k = i + 1; k < b.bodies.size(); k++) {
                world.setCollision(b.bodies.get(i), b.bodies.get(k), false);
            }
        }
        return new Ragdoll(b.bodies, b.names, b.joints, b.jointNames);
    }

    /** From the pelvis centre down to the lowest point of the feet (the lower legs' caps), m. */
    public static final double PELVIS_HEIGHT = 0.95;

    /**
     * Replaces a character by a ragdoll of the same name (its parts {@code name.pelvis}, ...): the
     * character is removed and the ragdoll stands where it stood, its feet at the bottom of the
     * capsule, facing the way it was moving (its +z along the horizontal velocity; unturned when
     * standing still), every part moving at the character's velocity over its last step. A game's
     * "alive" character becomes a limp body this way when it dies. Checked before anything changes.
     *
     * <p>The ragdoll is always the standing 1.76 m figure: from a crouched or shorter character its
     * head may start inside a low ceiling, which the contact solver then pushes it out of.
     *
     * @param density kg/m^3 of every part (> 0)
     * @param friction Coulomb coefficient of every part (>= 0)
     * @throws IllegalArgumentException for a stale handle or a bad density or friction
     */
    public static Ragdoll fromCharacter(World world, CharacterId id, double density, double friction) {
        if (world == null) {
            throw new IllegalArgumentException("ragdoll: world must not be null");
        }
        Characters characters = world.characters();
        if (!characters.contains(id)) {
            throw new IllegalArgumentException("ragdoll: no character " + id + " in this world");
        }
        String name = characters.name(id);
        if (!(density > 0) || !Double.isFinite(density) || !(friction >= 0) || !Double.isFinite(friction)) {
            throw new IllegalArgumentException("ragdoll '" + name + "': density must be > 0 and friction >= 0,"
                    + " both finite, got " + density + " and " + friction);
        }
        Vec3 centre = characters.position(id);
        Vec3 velocity = characters.velocity(id);
        CapsuleShape capsule = characters.shape(id);
        double foot = centre.y() - capsule.halfHeight() - capsule.radius();
        double horizontal = Math.sqrt(velocity.x() * velocity.x() + velocity.z() * velocity.z());
        // Its +z turned about y onto the horizontal velocity: yaw = atan2(vx, vz).
        Quat facing = horizontal > 1e-9
                ? Quat.fromAxisAngle(Vec3.UNIT_Y, StrictMath.atan2(velocity.x(), velocity.z()))
                : Quat.IDENTITY;
        characters.remove(id);
        return add(world, name, new Vec3(centre.x(), foot + PELVIS_HEIGHT, centre.z()), facing, velocity, density,
                friction);
    }

    /** Places parts and joints given in the ragdoll's frame. */
    private static final class Builder {
        final World world;
        final String name;
        final Vec3 origin;
        final Quat q;
        final Vec3 velocity;
        final double density, friction;
        final List<BodyId> bodies = new ArrayList<>();
        final List<String> names = new ArrayList<>();
        final List<JointId> joints = new ArrayList<>();
        final List<String> jointNames = new ArrayList<>();

        Builder(World world, String name, Vec3 origin, Quat q, Vec3 velocity, double density, double friction) {
            this.world = world;
            this.name = name;
            this.origin = origin;
            this.q = q;
            this.velocity = velocity;
            this.density = density;
            this.friction = friction;
        }

        Vec3 point(Vec3 local) {
            return origin.plus(q.rotate(local));
        }

        BodyId part(String part, Vec3 centre, Quat turn, double radius, double halfHeight) {
            CapsuleShape shape = new CapsuleShape(radius, halfHeight);
            String full = name + "." + part;
            BodyId id = world.add(BodyDef.dynamic().withShape(shape, density).withPosition(point(centre))
                    .withOrientation(q.multiply(turn)).withVelocity(velocity).withAngularDamping(ANGULAR_DAMPING).withName(full), shape, friction, 0);
            bodies.add(id);
            names.add(full);
            return id;
        }

        void cone(String joint, BodyId a, BodyId b, Vec3 at, Vec3 axis, double swing, double twist) {
            joints.add(world.addJoint(JointDef.coneTwist(a, b, point(at), q.rotate(axis))
                    .coneLimits(swing, -twist, twist).name(name + "." + joint)));
            jointNames.add(name + "." + joint);
        }

        void hinge(String joint, BodyId a, BodyId b, Vec3 at, Vec3 axis, double lo, double hi) {
            joints.add(world.addJoint(JointDef.hinge(a, b, point(at), q.rotate(axis)).limits(lo, hi)
                    .name(name + "." + joint)));
            jointNames.add(name + "." + joint);
        }
    }
}
