package ricochet.io.scene;

import java.util.List;
import ricochet.joints.JointDef;
import ricochet.math.Vec3;
import ricochet.body.BodyId;

/**
 * A scene file's joint, validated: the scene-file form of a {@link JointDef} ({@link #toDef} makes
 * one). Anchors and axes are world space at creation; NaN stands for a value not given (the
 * {@link JointDef} default then applies).
 *
 * @param type fixed, ball, hinge, slider, distance, coneTwist or sixDof ({@link JointDef.Type#key()})
 * @param name the joint's name, or null (the world then calls it "joint")
 * @param bodyB the second body's name, or null for a joint to the world
 * @param anchor world anchor at creation, metres
 * @param anchorB a distance joint's anchor on B, or null for the same point as {@code anchor}
 * @param axis unit world axis, or null where the type takes none or it was not given
 * @param normal second frame axis (made perpendicular to {@code axis}), or null
 * @param collide whether the two bodies still collide
 * @param lowerLimit hinge (rad) or slider (m) lower limit, or NaN when unlimited
 * @param upperLimit upper limit, or NaN when unlimited
 * @param limitFrequency soft limits' spring, Hz, or NaN (rigid limits)
 * @param limitDamping soft limits' damping ratio, or NaN (1)
 * @param motor the hinge or slider motor, or null
 * @param min a distance joint's shortest length, m, or NaN
 * @param max its longest length, m, or NaN
 * @param length its spring's rest length, m, or NaN (the distance at creation)
 * @param frequency a distance joint's spring or a ball joint's softness, Hz, or NaN (none)
 * @param damping that spring's damping ratio, or NaN (1)
 * @param swing a cone-twist's cone half angle, rad, or NaN (free)
 * @param twistMin its twist range, rad, or NaN (free)
 * @param twistMax upper end of the twist range
 * @param axes a six-DOF joint's six axes (linear x, y, z, angular x, y, z of the joint frame); empty
 *     for other types
 * @param breakForce N, or infinity (unbreakable)
 * @param breakTorque N m, or infinity
 */
public record JointSpec(String type, String name, String bodyA, String bodyB, Vec3 anchor, Vec3 anchorB,
                        Vec3 axis, Vec3 normal, boolean collide, double lowerLimit, double upperLimit,
                        double limitFrequency, double limitDamping, Motor motor, double min, double max,
                        double length, double frequency, double damping, double swing, double twistMin,
                        double twistMax, List<Axis> axes, double breakForce, double breakTorque) {

    public JointSpec {
        axes = List.copyOf(axes);
    }

    /**
     * A hinge or slider motor.
     *
     * @param kind {@link JointDef.Motor#VELOCITY} ({@code speed}) or {@link JointDef.Motor#POSITION}
     *     ({@code target} as a spring of {@code frequency}, {@code damping})
     * @param speed rad/s or m/s (velocity motors), else NaN
     * @param target rad or m (position motors), else NaN
     * @param frequency Hz, or NaN for the default (position motors)
     * @param damping ratio, or NaN for the default (position motors)
     * @param maxForce the largest force (N) or torque (N m) it applies
     */
    public record Motor(JointDef.Motor kind, double speed, double target, double frequency, double damping,
                        double maxForce) {
    }

    /** One six-DOF axis: free, locked, or limited to [min, max] (m or rad; NaN unless limited). */
    public record Axis(JointDef.AxisMode mode, double min, double max) {

        public static final Axis FREE = new Axis(JointDef.AxisMode.FREE, Double.NaN, Double.NaN);
        public static final Axis LOCKED = new Axis(JointDef.AxisMode.LOCKED, Double.NaN, Double.NaN);
    }

    /** A joint with only the keys every type takes; the others at "not given". */
    public static JointSpec of(String type, String bodyA, String bodyB, Vec3 anchor) {
        double n = Double.NaN;
        double inf = Double.POSITIVE_INFINITY;
        return new JointSpec(type, null, bodyA, bodyB, anchor, null, null, null, false, n, n, n, n, null,
                n, n, n, n, n, n, n, n, List.of(), inf, inf);
    }

    /**
     * The def for bodies {@code a} and {@code b} (null: the world), with every value given here set
     * and the rest left at the def's defaults. The world checks it when the joint is added.
     */
    public JointDef toDef(BodyId a, BodyId b) {
        JointDef.Type t = JointDef.Type.ofKey(type);
        if (t == null) {
            throw new IllegalArgumentException("joint: unknown type '" + type + "'");
        }
        Vec3 x = axis == null ? Vec3.UNIT_X : axis;
        JointDef d = switch (t) {
            case FIXED -> JointDef.fixed(a, b, anchor);
            case BALL -> JointDef.ball(a, b, anchor);
            case HINGE -> JointDef.hinge(a, b, anchor, x);
            case SLIDER -> JointDef.slider(a, b, anchor, x);
            case DISTANCE -> JointDef.distance(a, b, anchor, anchorB);
            case CONE_TWIST -> JointDef.coneTwist(a, b, anchor, x);
            case SIX_DOF -> JointDef.sixDof(a, b, anchor, x);
        };
        if (name != null) {
            d.name(name);
        }
        d.normal(normal).collide(collide);
        if (!Double.isNaN(lowerLimit) || !Double.isNaN(upperLimit)) {
            d.limits(lowerLimit, upperLimit);
        }
        if (!Double.isNaN(limitFrequency) || !Double.isNaN(limitDamping)) {
            d.softLimits(orElse(limitFrequency, d.limitHertz), orElse(limitDamping, d.limitDamping));
        }
        setMotor(d, motor);
        if (!Double.isNaN(min) || !Double.isNaN(max)) {
            d.lengths(min, max);
        }
        if (!Double.isNaN(frequency) || !Double.isNaN(length) || !Double.isNaN(damping)) {
            d.spring(length, orElse(frequency, d.springHertz), orElse(damping, d.springDamping));
        }
        if (!Double.isNaN(swing) || !Double.isNaN(twistMin) || !Double.isNaN(twistMax)) {
            d.coneLimits(swing, twistMin, twistMax);
        }
        for (int k = 0; k < axes.size(); k++) {
            Axis ax = axes.get(k);
            d.axisMode(k, ax.mode(), ax.min(), ax.max());
        }
        return d.breakable(breakForce, breakTorque);
    }

    /** Sets the motor {@code m} (null: none) on {@code d}, its unset frequency and damping at the def's defaults. */
    static void setMotor(JointDef d, Motor m) {
        if (m == null) {
            return;
        }
        if (m.kind() == JointDef.Motor.VELOCITY) {
            d.velocityMotor(m.speed(), m.maxForce());
        } else {
            d.positionMotor(m.target(), orElse(m.frequency(), d.motorHertz), orElse(m.damping(), d.motorDamping),
                    m.maxForce());
        }
    }

    private static double orElse(double v, double otherwise) {
        return Double.isNaN(v) ? otherwise : v;
    }
}
