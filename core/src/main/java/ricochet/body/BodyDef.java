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
 * <p>A dynamic body's mass properties come from its shape unless they are given: the world fills
 * the shape passed to {@code World.add} with {@link #density()} ({@value #DEFAULT_DENSITY} kg/m^3 by
 * default, water's density and the scene format's default), and scales the result to
 * {@link #mass()} when one is given. {@link #withMassProperties} sets them outright.
 *
 * @param massProperties mass (kg), centre of mass (body frame, m) and inertia about the centre of
 *     mass (body axes, kg m^2); used by dynamic bodies only; null: from the shape, {@code density}
 *     and {@code mass}
 * @param density kg/m^3, > 0: fills the body's shape when {@code massProperties} is null
 * @param mass kg, > 0, or NaN for the mass the density gives: with {@code massProperties} null, the
 *     shape's mass properties are scaled to it (centre of mass kept, inertia scaled with the mass)
 * @param linearDamping 1/s, >= 0: each step scales v by 1 / (1 + h c)
 * @param angularDamping 1/s, >= 0: each step scales w by 1 / (1 + h c)
 * @param gravityScale multiplies the world's gravity for this body (0 floats, -1 rises)
 * @param name for messages and tools; not unique
 */
public record BodyDef(Type type, Vec3 position, Quat orientation, Vec3 velocity, Vec3 angularVelocity,
                      MassProperties massProperties, double density, double mass, double linearDamping,
                      double angularDamping, double gravityScale, String name) {

    /** How a body moves. */
    public enum Type {
        /** Never moves; infinite mass. */
        STATIC,
        /** Moves at the velocity it is given; forces, gravity and contacts do not change it. */
        KINEMATIC,
        /** Moved by gravity, forces, impulses and (later) contacts. */
        DYNAMIC
    }

    /** kg/m^3: the density a dynamic body's shape is filled with unless told otherwise (water). */
    public static final double DEFAULT_DENSITY = 1000;

    /**
     * A 1 kg cube of side 1 m centred on the origin (I = m (1 + 1) / 12 = 1/6 kg m^2 about each axis),
     * for a body that needs some mass and has no shape of its own.
     */
    public static final MassProperties UNIT_CUBE = new MassProperties(1, Vec3.ZERO,
            new double[] {1.0 / 6, 0, 0, 0, 1.0 / 6, 0, 0, 0, 1.0 / 6});

    /**
     * A dynamic body at rest at the origin, no damping, full gravity; its mass properties come from
     * its shape filled with {@value #DEFAULT_DENSITY} kg/m^3.
     */
    public static BodyDef dynamic() {
        return new BodyDef(Type.DYNAMIC, Vec3.ZERO, Quat.IDENTITY, Vec3.ZERO, Vec3.ZERO, null,
                DEFAULT_DENSITY, Double.NaN, 0, 0, 1, "body");
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
        return new BodyDef(t, position, orientation, velocity, angularVelocity, massProperties, density, mass,
                linearDamping, angularDamping, gravityScale, name);
    }

    /** The body origin in world space, metres. */
    public BodyDef withPosition(Vec3 p) {
        return new BodyDef(type, p, orientation, velocity, angularVelocity, massProperties, density, mass,
                linearDamping, angularDamping, gravityScale, name);
    }

    /** Body-to-world rotation; any non-zero length (normalised when added). */
    public BodyDef withOrientation(Quat q) {
        return new BodyDef(type, position, q, velocity, angularVelocity, massProperties, density, mass,
                linearDamping, angularDamping, gravityScale, name);
    }

    /** Linear velocity of the centre of mass, world frame, m/s. */
    public BodyDef withVelocity(Vec3 v) {
        return new BodyDef(type, position, orientation, v, angularVelocity, massProperties, density, mass,
                linearDamping, angularDamping, gravityScale, name);
    }

    /** Angular velocity, world frame, rad/s. */
    public BodyDef withAngularVelocity(Vec3 w) {
        return new BodyDef(type, position, orientation, velocity, w, massProperties, density, mass,
                linearDamping, angularDamping, gravityScale, name);
    }

    /**
     * Mass, centre of mass and inertia (see {@link MassProperties}), used as given: the shape, the
     * density and any earlier {@link #withMass} no longer count. Null hands them back to the shape.
     */
    public BodyDef withMassProperties(MassProperties m) {
        return new BodyDef(type, position, orientation, velocity, angularVelocity, m, density, Double.NaN,
                linearDamping, angularDamping, gravityScale, name);
    }

    /**
     * The mass properties of {@code shape} filled with {@code density} kg/m^3, computed now. A body
     * added with the same shape gets the same from {@link #withDensity}, without naming it twice.
     */
    public BodyDef withShape(Shape shape, double density) {
        return withMassProperties(MassProperties.of(shape, density));
    }

    /**
     * Fills the body's shape (the one given when the body is added) with {@code kilogramsPerCubicMetre};
     * clears mass properties and a mass set before.
     *
     * @throws IllegalArgumentException when the density is not > 0 and finite
     */
    public BodyDef withDensity(double kilogramsPerCubicMetre) {
        if (!(kilogramsPerCubicMetre > 0) || !Double.isFinite(kilogramsPerCubicMetre)) {
            throw new IllegalArgumentException("body def: density must be > 0 and finite, got "
                    + kilogramsPerCubicMetre);
        }
        return new BodyDef(type, position, orientation, velocity, angularVelocity, null,
                kilogramsPerCubicMetre, Double.NaN, linearDamping, angularDamping, gravityScale, name);
    }

    /**
     * Gives the body {@code kilograms}, keeping the centre of mass and the inertia's shape (inertia
     * scales with mass at fixed geometry): the mass properties set so far are scaled now; without
     * them, the shape's are scaled when the body is added.
     *
     * @throws IllegalArgumentException when {@code kilograms} is not > 0 and finite
     */
    public BodyDef withMass(double kilograms) {
        if (!(kilograms > 0) || !Double.isFinite(kilograms)) {
            throw new IllegalArgumentException("body def: mass must be > 0 and finite, got " + kilograms);
        }
        if (massProperties == null) {
            return new BodyDef(type, position, orientation, velocity, angularVelocity, null, density,
                    kilograms, linearDamping, angularDamping, gravityScale, name);
        }
        return withMassProperties(scaled(massProperties, kilograms));
    }

    /**
     * This def with the mass properties a dynamic body on {@code shape} gets: those given, or else the
     * shape filled with {@link #density()} and scaled to {@link #mass()} when that is set. Static and
     * kinematic defs come back unchanged.
     *
     * @throws IllegalArgumentException naming the body when the shape has no volume (a plane, an open
     *     mesh, a heightfield) and no mass properties were given, or the density or mass is bad
     */
    public BodyDef withMassFromShape(Shape shape) {
        if (type != Type.DYNAMIC || massProperties != null) {
            return this;
        }
        MassProperties m;
        try {
            m = MassProperties.of(shape, density);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("body '" + name + "': a dynamic body takes its mass from its "
                    + "shape unless given mass properties (withMassProperties): " + e.getMessage(), e);
        }
        if (Double.isNaN(mass)) {
            return withMassProperties(m);
        }
        if (!(mass > 0) || !Double.isFinite(mass)) {
            throw new IllegalArgumentException("body '" + name + "': mass must be > 0 and finite, got "
                    + mass);
        }
        return withMassProperties(scaled(m, mass));
    }

    private static MassProperties scaled(MassProperties m, double kilograms) {
        double s = kilograms / m.mass();
        double[] inertia = m.inertia();
        for (int i = 0; i < 9; i++) {
            inertia[i] *= s;
        }
        return new MassProperties(kilograms, m.centerOfMass(), inertia);
    }

    /** 1/s, >= 0. */
    public BodyDef withLinearDamping(double c) {
        return new BodyDef(type, position, orientation, velocity, angularVelocity, massProperties, density,
                mass, c, angularDamping, gravityScale, name);
    }

    /** 1/s, >= 0. */
    public BodyDef withAngularDamping(double c) {
        return new BodyDef(type, position, orientation, velocity, angularVelocity, massProperties, density,
                mass, linearDamping, c, gravityScale, name);
    }

    /** Multiplies gravity for this body; finite. */
    public BodyDef withGravityScale(double s) {
        return new BodyDef(type, position, orientation, velocity, angularVelocity, massProperties, density,
                mass, linearDamping, angularDamping, s, name);
    }

    public BodyDef withName(String n) {
        return new BodyDef(type, position, orientation, velocity, angularVelocity, massProperties, density,
                mass, linearDamping, angularDamping, gravityScale, n);
    }
}
