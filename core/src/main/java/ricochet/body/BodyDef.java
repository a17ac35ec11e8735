package ricochet.body;

import ricochet.geometry.shape.MassProperties;
import ricochet.geometry.shape.Shape;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * Everything needed to add a body, with defaults: start from {@link #dynamic()},
 * {@link #staticBody()} or {@link #kinematic()} and change fields with the {@code with...} methods.
 * A def is plain data; the world validates it when the body is added (and rejects NaN, Infinity,
 * negative damping, a non-positive-definite inertia, a moving static body...), so a bad def
 * changes nothing.
 *
 * @param type how the body moves
 * @param position the body origin in world space, metres
 * @param orientation the body's rotation from body to world axes (normalised when added)
 * @param velocity linear velocity of the centre of mass, world frame, m/s
 * @param angularVelocity world frame, rad/s
 * @param massProperties mass (kg), centre of mass (body frame, m) and inertia about the centre of
 *     mass (body axes, kg m^2); used by dynamic bodies only
 * @param linearDamping 1/s, >= 0: each step scales v by 1 / (1 + h c)
 * @param angularDamping 1/s, >= 0: each step scales w by 1 / (1 + h c)
 * @param gravityScale multiplies the world's gravity for this body (0 floats, -1 rises)
 * @param name for messages and tools; not unique
 */
public record BodyDef(Type type, Vec3 position, Quat orientation, Vec3 velocity, Vec3 angularVelocity,
                      MassProperties massProperties, double linearDamping, double angularDamping,
                      double gravityScale, String name) {

    /** How a body moves. */
    public enum Type {
        /** Never moves; infinite mass. */
        STATIC,
        /** Moves at the velocity it is given; forces, gravity and contacts do not change it. */
        KINEMATIC,
        /** Moved by gravity, forces, impulses and (later) contacts. */
        DYNAMIC
    }

    /**
     * The default mass properties: a 1 kg cube of side 1 m centred on the origin
     * (I = m (1 + 1) / 12 = 1/6 kg m^2 about each axis).
     */
    public static final MassProperties UNIT_CUBE = new MassProperties(1, Vec3.ZERO,
            new double[] {1.0 / 6, 0, 0, 0, 1.0 / 6, 0, 0, 0, 1.0 / 6});

    /** A dynamic body at rest at the origin: 1 kg cube mass properties, no damping, full gravity. */
    public static BodyDef dynamic() {
        return new BodyDef(Type.DYNAMIC, Vec3.ZERO, Quat.IDENTITY, Vec3.ZERO, Vec3.ZERO, UNIT_CUBE, 0, 0, 1, "body");
    }

    /** A static body at the origin. */
    public static BodyDef staticBody() {
        return dynamic().withType(Type.STATIC);
    }

    /** A kinematic body at rest at the origin. */
    public static BodyDef kinematic() {
        return dynamic().withType(Type.KINEMATIC);
    }

    public BodyDef withType(Type t) {
        return new BodyDef(t, position, orientation, velocity, angularVelocity, massProperties, linearDamping,
                angularDamping, gravityScale, name);
    }

    /** The body origin in world space, metres. */
    public BodyDef withPosition(Vec3 p) {
        return new BodyDef(type, p, orientation, velocity, angularVelocity, massProperties, linearDamping,
                angularDamping, gravityScale, name);
    }

    /** Body-to-world rotation; any non-zero length (normalised when added). */
    public BodyDef withOrientation(Quat q) {
        return new BodyDef(type, position, q, velocity, angularVelocity, massProperties, linearDamping,
                angularDamping, gravityScale, name);
    }

    /** Linear velocity of the centre of mass, world frame, m/s. */
    public BodyDef withVelocity(Vec3 v) {
        return new BodyDef(type, position, orientation, v, angularVelocity, massProperties, linearDamping,
                angularDamping, gravityScale, name);
    }

    /** Angular velocity, world frame, rad/s. */
    public BodyDef withAngularVelocity(Vec3 w) {
        return new BodyDef(type, position, orientation, velocity, w, massProperties, linearDamping,
                angularDamping, gravityScale, name);
    }

    /** Mass, centre of mass and inertia (see {@link MassProperties}). */
    public BodyDef withMassProperties(MassProperties m) {
        return new BodyDef(type, position, orientation, velocity, angularVelocity, m, linearDamping,
                angularDamping, gravityScale, name);
    }

    /** The mass properties of {@code shape} filled with {@code density} kg/m^3. */
    public BodyDef withShape(Shape shape, double density) {
        return withMassProperties(MassProperties.of(shape, density));
    }

    /**
     * Scales the current mass properties to {@code kilograms}, keeping the centre of mass and the
     * inertia's shape (inertia scales with mass at fixed geometry).
     *
     * @throws IllegalArgumentException when {@code kilograms} is not > 0 and finite
     */
    public BodyDef withMass(double kilograms) {
        if (!(kilograms > 0) || !Double.isFinite(kilograms)) {
            throw new IllegalArgumentException("body def: mass must be > 0 and finite, got " + kilograms);
        }
        if (massProperties == null) {
            throw new IllegalArgumentException("body def: mass properties are null; set them before the mass");
        }
        double s = kilograms / massProperties.mass();
        double[] inertia = massProperties.inertia();
        for (int i = 0; i < 9; i++) {
            inertia[i] *= s;
        }
        return withMassProperties(new MassProperties(kilograms, massProperties.centerOfMass(), inertia));
    }

    /** 1/s, >= 0. */
    public BodyDef withLinearDamping(double c) {
        return new BodyDef(type, position, orientation, velocity, angularVelocity, massProperties, c,
                angularDamping, gravityScale, name);
    }

    /** 1/s, >= 0. */
    public BodyDef withAngularDamping(double c) {
        return new BodyDef(type, position, orientation, velocity, angularVelocity, massProperties, linearDamping,
                c, gravityScale, name);
    }

    /** Multiplies gravity for this body; finite. */
    public BodyDef withGravityScale(double s) {
        return new BodyDef(type, position, orientation, velocity, angularVelocity, massProperties, linearDamping,
                angularDamping, s, name);
    }

    public BodyDef withName(String n) {
        return new BodyDef(type, position, orientation, velocity, angularVelocity, massProperties, linearDamping,
                angularDamping, gravityScale, n);
    }
}
