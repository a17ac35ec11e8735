package ricochet.joints;

import java.util.Arrays;
import ricochet.math.Vec3;
import ricochet.body.BodyId;

/**
 * Everything needed to add a joint. Start from one of the factories ({@link #fixed}, {@link #ball},
 * {@link #hinge}, {@link #slider}, {@link #distance}, {@link #coneTwist}, {@link #sixDof}) and set
 * options with the chained setters. A def is plain mutable data: the world checks it when the joint
 * is added ({@link #problems}) and copies it, so a bad def changes nothing and a later change to the
 * def does not reach the joint.
 *
 * <p>Anchors and axes are given in world space at creation and stored in each body's own frame
 * (so the joint holds the bodies where they are when it is made). {@code bodyB == null} attaches
 * body A to the world at the anchor.
 *
 * <p>The joint frame: x is {@code axis}, y is {@code normal} made perpendicular to it (or a fixed
 * perpendicular when no normal is given), z = x cross y. Angles are measured from the pose at
 * creation: a hinge's angle is 0 there and grows as A turns about the axis relative to B (B is the
 * reference: the door frame, or the world), a slider's position grows as A moves along the axis
 * relative to B, and motors drive those coordinates.
 */
public final class JointDef {

    /** The joint kinds; {@link #key()} is the scene file's {@code type}. */
    public enum Type {
        FIXED("fixed"), BALL("ball"), HINGE("hinge"), SLIDER("slider"), DISTANCE("distance"),
        CONE_TWIST("coneTwist"), SIX_DOF("sixDof");

        private final String key;

        Type(String key) {
            this.key = key;
        }

        public String key() {
            return key;
        }

        /** The type with this scene-file name, or null. */
        public static Type ofKey(String key) {
            for (Type t : values()) {
                if (t.key.equals(key)) {
                    return t;
                }
            }
            return null;
        }
    }

    /** What a hinge or slider motor drives. */
    public enum Motor {
        NONE,
        /** Towards {@code motorSpeed} (rad/s or m/s) with at most {@code maxMotorForce}. */
        VELOCITY,
        /** A spring of {@code motorHertz} / {@code motorDamping} towards {@code motorTarget}, at most {@code maxMotorForce}. */
        POSITION
    }

    /** One of a six-degrees-of-freedom joint's axes. */
    public enum AxisMode {
        FREE, LOCKED, LIMITED
    }

    public Type type;
    public BodyId bodyA;
    /** Null: the world. */
    public BodyId bodyB;
    public Vec3 anchor = Vec3.ZERO;
    /** Distance joints: the anchor on B (null: the same as {@link #anchor}). */
    public Vec3 anchorB;
    public Vec3 axis = Vec3.UNIT_X;
    /** Optional second frame axis (made perpendicular to {@link #axis}); null: chosen. */
    public Vec3 normal;
    /** Whether the two bodies still collide with each other. */
    public boolean collide;
    /** Hinge angle (rad) or slider position (m) limits; NaN: unlimited on that side. */
    public double lower = Double.NaN, upper = Double.NaN;
    /** Soft limits: spring frequency (Hz, 0 = rigid) and damping ratio. */
    public double limitHertz, limitDamping = 1;
    public Motor motor = Motor.NONE;
    public double motorSpeed, motorTarget, maxMotorForce, motorHertz = 4, motorDamping = 1;
    /** Distance joints: rest length of the spring (NaN: the distance at creation), and its range. */
    public double length = Double.NaN, minLength = Double.NaN, maxLength = Double.NaN;
    /** Distance spring, or a ball joint's softness (0 = rigid): frequency, Hz, and damping ratio. */
    public double springHertz, springDamping = 1;
    /** A soft ball joint's largest force, N (the viewer's mouse spring); infinite by default. */
    public double maxForce = Double.POSITIVE_INFINITY;
    /** Cone-twist: the swing cone's half angle and the twist range, rad. */
    public double swing = Double.NaN, twistLower = Double.NaN, twistUpper = Double.NaN;
    /** Six-DOF: linear x, y, z then angular x, y, z of the joint frame. */
    public final AxisMode[] axisModes = new AxisMode[6];
    public final double[] axisMin = new double[6], axisMax = new double[6];
    /** The joint breaks (is removed, with a jointBreak event) above these, N and N m. */
    public double breakForce = Double.POSITIVE_INFINITY, breakTorque = Double.POSITIVE_INFINITY;
    public String name = "joint";

    private JointDef(Type type, BodyId a, BodyId b, Vec3 anchor) {
        this.type = type;
        this.bodyA = a;
        this.bodyB = b;
        this.anchor = anchor;
        Arrays.fill(axisModes, AxisMode.LOCKED);
    }

    /** Glues B to A as they are. */
    public static JointDef fixed(BodyId a, BodyId b, Vec3 anchor) {
        return new JointDef(Type.FIXED, a, b, anchor);
    }

    /** Ball and socket: the anchor points stay together, any rotation. */
    public static JointDef ball(BodyId a, BodyId b, Vec3 anchor) {
        return new JointDef(Type.BALL, a, b, anchor);
    }

    /** Turns about {@code axis} through {@code anchor} only. */
    public static JointDef hinge(BodyId a, BodyId b, Vec3 anchor, Vec3 axis) {
        return new JointDef(Type.HINGE, a, b, anchor).axis(axis);
    }

    /** Slides along {@code axis} only, no rotation. */
    public static JointDef slider(BodyId a, BodyId b, Vec3 anchor, Vec3 axis) {
        return new JointDef(Type.SLIDER, a, b, anchor).axis(axis);
    }

    /**
     * Keeps the distance between {@code anchorA} on A and {@code anchorB} on B within
     * [{@link #minLength}, {@link #maxLength}] (both the distance at creation unless set): a rod when
     * equal, a rope when min is 0, with an optional spring towards {@link #length}.
     */
    public static JointDef distance(BodyId a, BodyId b, Vec3 anchorA, Vec3 anchorB) {
        JointDef d = new JointDef(Type.DISTANCE, a, b, anchorA);
        d.anchorB = anchorB;
        return d;
    }

    /** Ball and socket with the twist axis kept within a cone and the twist about it within a range. */
    public static JointDef coneTwist(BodyId a, BodyId b, Vec3 anchor, Vec3 twistAxis) {
        return new JointDef(Type.CONE_TWIST, a, b, anchor).axis(twistAxis);
    }

    /** Each of the frame's six axes free, locked or limited; all locked to start with. */
    public static JointDef sixDof(BodyId a, BodyId b, Vec3 anchor, Vec3 axis) {
        return new JointDef(Type.SIX_DOF, a, b, anchor).axis(axis);
    }

    public JointDef axis(Vec3 v) {
        axis = v;
        return this;
    }

    public JointDef normal(Vec3 v) {
        normal = v;
        return this;
    }

    public JointDef collide(boolean c) {
        collide = c;
        return this;
    }

    /** Hinge (rad) or slider (m) limits. */
    public JointDef limits(double lo, double hi) {
        lower = lo;
        upper = hi;
        return this;
    }

    /** Makes the limits springy: frequency (Hz, > 0) and damping ratio. */
    public JointDef softLimits(double hertz, double damping) {
        limitHertz = hertz;
        limitDamping = damping;
        return this;
    }

    /** Drives the hinge's or slider's speed towards {@code speed} with at most {@code maxForce} (N or N m). */
    public JointDef velocityMotor(double speed, double maxForce) {
        motor = Motor.VELOCITY;
        motorSpeed = speed;
        maxMotorForce = maxForce;
        return this;
    }

    /** Pulls the hinge angle or slider position towards {@code target} as a spring, at most {@code maxForce}. */
    public JointDef positionMotor(double target, double hertz, double damping, double maxForce) {
        motor = Motor.POSITION;
        motorTarget = target;
        motorHertz = hertz;
        motorDamping = damping;
        maxMotorForce = maxForce;
        return this;
    }

    /** Distance joint range, m. */
    public JointDef lengths(double min, double max) {
        minLength = min;
        maxLength = max;
        return this;
    }

    /** A distance spring towards {@code restLength}, or a soft ball joint (rest length ignored). */
    public JointDef spring(double restLength, double hertz, double damping) {
        length = restLength;
        springHertz = hertz;
        springDamping = damping;
        return this;
    }

    /** Cone-twist limits, rad. */
    public JointDef coneLimits(double swingHalfAngle, double twistMin, double twistMax) {
        swing = swingHalfAngle;
        twistLower = twistMin;
        twistUpper = twistMax;
        return this;
    }

    /** Six-DOF axis {@code k} (0-2 linear x, y, z; 3-5 angular x, y, z). */
    public JointDef axisMode(int k, AxisMode mode, double min, double max) {
        axisModes[k] = mode;
        axisMin[k] = min;
        axisMax[k] = max;
        return this;
    }

    public JointDef breakable(double force, double torque) {
        breakForce = force;
        breakTorque = torque;
        return this;
    }

    public JointDef name(String n) {
        name = n;
        return this;
    }

    /**
     * What is wrong with this def on its own (the world adds what needs the bodies: unknown handles,
     * two static ends, a body joined to itself); empty when nothing is.
     */
    public String problems() {
        StringBuilder p = new StringBuilder();
        if (type == null) {
            add(p, "type is missing");
            return p.toString();
        }
        if (bodyA == null) {
            add(p, "bodyA is missing");
        }
        finite(p, "anchor", anchor);
        if (type == Type.DISTANCE && anchorB != null) {
            finite(p, "anchorB", anchorB);
        }
        if (axis == null || !axis.isFinite() || axis.length() < 1e-9) {
            add(p, "axis must be a finite non-zero vector, got " + axis);
        }
        if (normal != null) {
            if (!normal.isFinite() || axis != null && normal.cross(axis.normalized()).length() < 1e-6 * normal.length()) {
                add(p, "normal must be finite and not along the axis, got " + normal);
            }
        }
        if (type == Type.HINGE || type == Type.SLIDER) {
            range(p, "limits", lower, upper);
            if (type == Type.HINGE && (lower < -Math.PI || upper > Math.PI)) {
                add(p, "hinge limits must lie within [-pi, pi], got [" + lower + ", " + upper + "]");
            }
            nonNegative(p, "limit frequency", limitHertz);
            positive(p, "limit damping", limitDamping);
            if (motor == null) {
                add(p, "motor must not be null");
            } else if (motor != Motor.NONE) {
                nonNegative(p, "maxMotorForce", maxMotorForce);
                if (!Double.isFinite(motorSpeed)) {
                    add(p, "motorSpeed must be finite, got " + motorSpeed);
                }
                if (motor == Motor.POSITION) {
                    positive(p, "motor frequency", motorHertz);
                    positive(p, "motor damping", motorDamping);
                    if (!Double.isFinite(motorTarget)) {
                        add(p, "motorTarget must be finite, got " + motorTarget);
                    }
                }
            }
        }
        if (type == Type.DISTANCE) {
            if (!Double.isNaN(minLength) && !(minLength >= 0 && Double.isFinite(minLength))) {
                add(p, "minLength must be >= 0 and finite, got " + minLength);
            }
            if (!Double.isNaN(maxLength) && !(maxLength > 0)) {
                add(p, "maxLength must be > 0, got " + maxLength);
            }
            if (minLength > maxLength) {
                add(p, "minLength " + minLength + " is above maxLength " + maxLength);
            }
            if (!Double.isNaN(length) && !(length >= 0 && Double.isFinite(length))) {
                add(p, "length must be >= 0 and finite, got " + length);
            }
        }
        if (type == Type.DISTANCE || type == Type.BALL) {
            nonNegative(p, "spring frequency", springHertz);
            positive(p, "spring damping", springDamping);
            if (!(maxForce > 0)) {
                add(p, "maxForce must be > 0, got " + maxForce);
            }
        }
        if (type == Type.CONE_TWIST) {
            if (!Double.isNaN(swing) && !(swing >= 0 && swing <= Math.PI)) {
                add(p, "swing must be within [0, pi], got " + swing);
            }
            range(p, "twist limits", twistLower, twistUpper);
            if (twistLower < -Math.PI || twistUpper > Math.PI) {
                add(p, "twist limits must lie within [-pi, pi], got [" + twistLower + ", " + twistUpper + "]");
            }
        }
        if (type == Type.SIX_DOF) {
            for (int k = 0; k < 6; k++) {
                if (axisModes[k] == null) {
                    add(p, "axis " + k + " mode must not be null");
                } else if (axisModes[k] == AxisMode.LIMITED) {
                    range(p, "axis " + k + " limits", axisMin[k], axisMax[k]);
                    if (Double.isNaN(axisMin[k]) || Double.isNaN(axisMax[k])) {
                        add(p, "axis " + k + " limits must both be given");
                    }
                    if (k >= 3 && (axisMin[k] < -Math.PI || axisMax[k] > Math.PI)) {
                        add(p, "angular axis " + k + " limits must lie within [-pi, pi]");
                    }
                }
            }
        }
        if (!(breakForce > 0) || !(breakTorque > 0)) {
            add(p, "breakForce and breakTorque must be > 0, got " + breakForce + ", " + breakTorque);
        }
        return p.toString();
    }

    private static void add(StringBuilder p, String what) {
        if (p.length() > 0) {
            p.append("; ");
        }
        p.append(what);
    }

    private static void finite(StringBuilder p, String what, Vec3 v) {
        if (v == null || !v.isFinite()) {
            add(p, what + " must be a finite vector, got " + v);
        }
    }

    /** NaN means "no limit"; otherwise lo <= hi and neither is NaN-mixed with an infinity. */
    private static void range(StringBuilder p, String what, double lo, double hi) {
        if (lo > hi) {
            add(p, what + ": min " + lo + " is above max " + hi);
        }
        if (lo == Double.POSITIVE_INFINITY || hi == Double.NEGATIVE_INFINITY) {
            add(p, what + " are out of range: [" + lo + ", " + hi + "]");
        }
    }

    private static void nonNegative(StringBuilder p, String what, double v) {
        if (!(v >= 0) || !Double.isFinite(v)) {
            add(p, what + " must be >= 0 and finite, got " + v);
        }
    }

    private static void positive(StringBuilder p, String what, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            add(p, what + " must be > 0 and finite, got " + v);
        }
    }
}
