package ricochet.joints;

import static ricochet.joints.JointStore.*;

import ricochet.math.Quat;
import ricochet.math.Vec3;

/**
 * Turns a checked {@link JointDef} into its record in a {@link JointStore}: the world-space anchor
 * and frame are stored in each body's frame (relative to its centre of mass), so the joint holds the
 * bodies as they are when it is made; distance defaults are filled in.
 */
public final class JointSetup {

    private JointSetup() {
    }

    /**
     * Writes joint {@code j}. {@code comB}/{@code qB} null: B is the world (identity frame at the
     * origin).
     *
     * @throws IllegalArgumentException when the filled-in distance range is inconsistent
     */
    public static void configure(JointStore js, int j, JointDef def, Vec3 comA, Quat qA, Vec3 comB, Quat qB) {
        Vec3 x = def.axis.normalized();
        Vec3 y = perpendicular(x, def.normal);
        Vec3 z = x.cross(y);
        Quat frame = fromAxes(x, y, z);
        Vec3 anchorB = def.type == JointDef.Type.DISTANCE && def.anchorB != null ? def.anchorB : def.anchor;

        double minLen = Double.NaN, maxLen = Double.NaN, rest = Double.NaN;
        if (def.type == JointDef.Type.DISTANCE) {
            double initial = anchorB.minus(def.anchor).length();
            boolean spring = def.springHertz > 0;
            rest = Double.isNaN(def.length) ? initial : def.length;
            minLen = !Double.isNaN(def.minLength) ? def.minLength : spring ? 0 : Double.isNaN(def.maxLength) ? rest : 0;
            maxLen = !Double.isNaN(def.maxLength) ? def.maxLength
                    : spring || !Double.isNaN(def.minLength) ? Double.POSITIVE_INFINITY : rest;
            if (minLen > maxLen) {
                throw new IllegalArgumentException("joint '" + def.name + "': minLength " + minLen
                        + " is above maxLength " + maxLen);
            }
        }

        double[] d = js.d;
        int o = STRIDE * j;
        Quat invA = qA.conjugate();
        put(d, o + LA, invA.rotate(def.anchor.minus(comA)));
        put(d, o + FA, invA.multiply(frame).normalized());
        if (comB == null) {
            put(d, o + LB, anchorB);
            put(d, o + FB, frame);
        } else {
            Quat invB = qB.conjugate();
            put(d, o + LB, invB.rotate(anchorB.minus(comB)));
            put(d, o + FB, invB.multiply(frame).normalized());
        }
        d[o + LOWER] = def.lower;
        d[o + UPPER] = def.upper;
        d[o + LIMIT_HZ] = def.limitHertz;
        d[o + LIMIT_ZETA] = def.limitDamping;
        d[o + MOTOR_SPEED] = def.motorSpeed;
        d[o + MOTOR_MAX] = def.maxMotorForce;
        d[o + MOTOR_TARGET] = def.motorTarget;
        d[o + MOTOR_HZ] = def.motor == JointDef.Motor.POSITION ? def.motorHertz : 0;
        d[o + MOTOR_ZETA] = def.motorDamping;
        d[o + LENGTH] = rest;
        d[o + MIN_LEN] = minLen;
        d[o + MAX_LEN] = maxLen;
        d[o + SPRING_HZ] = def.springHertz;
        d[o + SPRING_ZETA] = def.springDamping;
        d[o + MAX_FORCE] = def.maxForce;
        d[o + SWING] = def.swing;
        d[o + TWIST_LO] = def.twistLower;
        d[o + TWIST_HI] = def.twistUpper;
        d[o + BREAK_F] = def.breakForce;
        d[o + BREAK_T] = def.breakTorque;
        for (int k = 0; k < 6; k++) {
            d[o + AXIS_MIN + k] = def.axisMin[k];
            d[o + AXIS_MAX + k] = def.axisMax[k];
            js.axisMode[6 * j + k] = (byte) def.axisModes[k].ordinal();
        }
        js.type[j] = (byte) def.type.ordinal();
        js.motor[j] = (byte) def.motor.ordinal();
        js.collide[j] = (byte) (def.collide ? 1 : 0);
        js.clearImpulses(j);
    }

    /** The unit vector along {@code normal} made perpendicular to x, or a fixed perpendicular. */
    static Vec3 perpendicular(Vec3 x, Vec3 normal) {
        if (normal != null) {
            Vec3 y = normal.minus(x.times(normal.dot(x)));
            if (y.length() > 1e-9) {
                return y.normalized();
            }
        }
        // The first world axis of y, x, z that is not close to x, made perpendicular to it: an axis
        // along x gets y = world y, one along y gets world x.
        Vec3 e = Math.abs(x.y()) < 0.9 ? Vec3.UNIT_Y : Vec3.UNIT_X;
        return e.minus(x.times(e.dot(x))).normalized();
    }

    /** The rotation whose matrix has columns x, y, z (orthonormal, right-handed). */
    static Quat fromAxes(Vec3 x, Vec3 y, Vec3 z) {
        double[] m = {x.x(), y.x(), z.x(), x.y(), y.y(), z.y(), x.z(), y.z(), z.z()};
        double[] q = new double[4];
        ricochet.math.QuatOps.fromMatrix(m, q);
        return new Quat(q[0], q[1], q[2], q[3]).normalized();
    }

    private static void put(double[] d, int at, Vec3 v) {
        d[at] = v.x();
        d[at + 1] = v.y();
        d[at + 2] = v.z();
    }

    private static void put(double[] d, int at, Quat q) {
        d[at] = q.x();
        d[at + 1] = q.y();
        d[at + 2] = q.z();
        d[at + 3] = q.w();
    }
}
