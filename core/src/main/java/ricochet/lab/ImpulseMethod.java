package ricochet.lab;

import ricochet.geometry.Sdf;
import ricochet.math.Mat3;
import ricochet.math.QuatOps;

/**
 * The GAMES103 lab's rigid-body impulse method (its Rigid_Bunny code), operation for operation:
 * <pre>
 * v += h g;  v *= linearDecay;  w *= angularDecay
 * for each static collider, in scene order:
 *   r_c = mean of the body-frame r_i with phi(x + R r_i) &lt; 0 and (v + w x R r_i) . N &lt; 0
 *   v_c = v + w x R r_c;  v_N = (v_c . N) N;  v_T = v_c - v_N
 *   a = max(1 - mu (1 + e) |v_N| / |v_T|, 0);  v_new = -e v_N + a v_T
 *   K = 1/M - [R r_c]x I^-1 [R r_c]x,  I = R I_ref R^T;  j = K^-1 (v_new - v_c)
 *   v += j / M;  w += I^-1 (R r_c x j)
 * x += h v;  q += 1/2 h [w, 0] q;  q /= |q|
 * </pre>
 * The impulse is the collision's response, a velocity jump at the step's start pose; the body's
 * integration rule governs only the free motion under gravity and decay. With
 * {@code v_free = ld (v0 + h g)} and the rule's drift weight b (0 explicit Euler, 1 semi- and implicit
 * Euler, which coincide under a constant force, 1/2 midpoint, trapezoid and leapfrog, which are exact
 * for it), the position moves with the end velocity less the share of the free motion the rule leaves
 * out: {@code x += h (v1 - (1 - b) (v_free - v0))}, and likewise the orientation with w.
 *
 * <p>The optional stabilisers (all off by default) follow the course: position correction
 * lifts the body out by its deepest vertex, a contact slower than restingSpeed gets restitution 0,
 * and the punish rule scales v and w down while the body is slow.
 */
final class ImpulseMethod implements LabStepper {

    // The punish rule: below this speed the factor falls by PUNISH_STEP a step, above it rises.
    private static final double PUNISH_SPEED = 0.16;
    private static final double PUNISH_STEP = 0.025;
    /** Depth the position correction leaves, metres. */
    static final double CORRECTION_SLOP = 5e-4;

    private final double[] r = new double[9];
    private final double[] scratch = new double[9];
    private final double[] inertia = new double[9];
    private final double[] inertiaInv = new double[9];
    private final double[] skewR = new double[9];
    private final double[] k = new double[9];
    private final double[] kInv = new double[9];
    private final double[] n = new double[3];
    private final double[] deepest = new double[3];
    private final double[] deepestN = new double[3];

    @Override
    public void step(LabBody b, LabWorld world, double h, double[] minDistance) {
        double ld = world.decayPerSubstep(b.params.linearDecay());
        double ad = world.decayPerSubstep(b.params.angularDecay());
        double v0x = b.vx, v0y = b.vy, v0z = b.vz, w0x = b.wx, w0y = b.wy, w0z = b.wz;
        b.vx += h * world.gx;
        b.vy += h * world.gy;
        b.vz += h * world.gz;
        b.vx *= ld;
        b.vy *= ld;
        b.vz *= ld;
        b.wx *= ad;
        b.wy *= ad;
        b.wz *= ad;
        for (int c = 0; c < world.colliderCount(); c++) {
            minDistance[c] = collide(b, world.collider(c));
        }
        if (b.params.punish()) {
            punish(b);
        }
        double keep = 1 - b.params.integrator().driftWeight();
        if (keep == 0) {
            b.integrate(h);
        } else {
            // The free motion's velocity change this step: v_free - v0 = ld (v0 + h g) - v0.
            double dvx = (v0x + h * world.gx) * ld - v0x;
            double dvy = (v0y + h * world.gy) * ld - v0y;
            double dvz = (v0z + h * world.gz) * ld - v0z;
            double dwx = w0x * ad - w0x, dwy = w0y * ad - w0y, dwz = w0z * ad - w0z;
            double v1x = b.vx, v1y = b.vy, v1z = b.vz, w1x = b.wx, w1y = b.wy, w1z = b.wz;
            b.vx -= keep * dvx;
            b.vy -= keep * dvy;
            b.vz -= keep * dvz;
            b.wx -= keep * dwx;
            b.wy -= keep * dwy;
            b.wz -= keep * dwz;
            b.integrate(h);
            b.vx = v1x;
            b.vy = v1y;
            b.vz = v1z;
            b.wx = w1x;
            b.wy = w1y;
            b.wz = w1z;
        }
        if (b.params.positionCorrection()) {
            for (int c = 0; c < world.colliderCount(); c++) {
                correctPosition(b, world.collider(c), world.gx, world.gy, world.gz);
            }
        }
    }

    /**
     * The projection of the body out of a surface, done after the position update so that no
     * step ends with a vertex deeper than the slop. The deepest vertex is lifted to -slop rather than 0
     * so that the next step's impulse still holds it.
     */
    private void correctPosition(LabBody b, Sdf sdf, double gx, double gy, double gz) {
        QuatOps.toMatrix(b.qx, b.qy, b.qz, b.qw, r);
        double minD = b.deepestVertex(sdf, r, b.x, b.y, b.z, deepest);
        if (minD < -CORRECTION_SLOP) {
            sdf.normal(deepest[0], deepest[1], deepest[2], deepestN);
            double lift = -minD - CORRECTION_SLOP;
            b.x += lift * deepestN[0];
            b.y += lift * deepestN[1];
            b.z += lift * deepestN[2];
            // Lifting against gravity adds potential energy that feeds rocking; take it out of the
            // kinetic energy so the correction adds none.
            double gained = -b.mass * lift * (gx * deepestN[0] + gy * deepestN[1] + gz * deepestN[2]);
            if (gained > 0) {
                double kinetic = b.kineticEnergy(r, scratch, inertia);
                b.scaleVelocities(kinetic > gained ? Math.sqrt((kinetic - gained) / kinetic) : 0);
            }
        }
    }

    /** One collider's averaged impulse; returns the smallest vertex distance. */
    private double collide(LabBody b, Sdf sdf) {
        QuatOps.toMatrix(b.qx, b.qy, b.qz, b.qw, r);
        double sumX = 0, sumY = 0, sumZ = 0;
        int count = 0;
        double minD = Double.POSITIVE_INFINITY;
        final double vx = b.vx, vy = b.vy, vz = b.vz, wx = b.wx, wy = b.wy, wz = b.wz;
        final double[] rx = b.rx, ry = b.ry, rz = b.rz;
        // Vertices this close count as touching (the lab code: 0).
        final double margin = b.params.epsilon();
        for (int i = 0; i < b.vertexCount; i++) {
            double ax = r[0] * rx[i] + r[1] * ry[i] + r[2] * rz[i];
            double ay = r[3] * rx[i] + r[4] * ry[i] + r[5] * rz[i];
            double az = r[6] * rx[i] + r[7] * ry[i] + r[8] * rz[i];
            double xi = b.x + ax, yi = b.y + ay, zi = b.z + az;
            double d = sdf.distance(xi, yi, zi);
            minD = Math.min(minD, d);
            if (d < margin) {
                sdf.normal(xi, yi, zi, n);
                // v_i = v + w x R r_i
                double vix = vx + (wy * az - wz * ay);
                double viy = vy + (wz * ax - wx * az);
                double viz = vz + (wx * ay - wy * ax);
                if (vix * n[0] + viy * n[1] + viz * n[2] < 0) {
                    sumX += rx[i];
                    sumY += ry[i];
                    sumZ += rz[i];
                    count++;
                }
            }
        }
        if (count > 0) {
            applyImpulse(b, sdf, sumX / count, sumY / count, sumZ / count);
        }
        return minD;
    }

    private void applyImpulse(LabBody b, Sdf sdf, double rcx, double rcy, double rcz) {
        if (!b.worldInverseInertia(r, scratch, inertia, inertiaInv)) {
            return;
        }
        // R r_c and the velocity of that point
        double ax = r[0] * rcx + r[1] * rcy + r[2] * rcz;
        double ay = r[3] * rcx + r[4] * rcy + r[5] * rcz;
        double az = r[6] * rcx + r[7] * rcy + r[8] * rcz;
        sdf.normal(b.x + ax, b.y + ay, b.z + az, n);
        double vcx = b.vx + (b.wy * az - b.wz * ay);
        double vcy = b.vy + (b.wz * ax - b.wx * az);
        double vcz = b.vz + (b.wx * ay - b.wy * ax);
        double vn = vcx * n[0] + vcy * n[1] + vcz * n[2];
        double vnx = vn * n[0], vny = vn * n[1], vnz = vn * n[2];
        double vtx = vcx - vnx, vty = vcy - vny, vtz = vcz - vnz;
        double e = b.restitution;
        if (Math.abs(vn) < b.params.restingSpeed()) {
            e = 0;
        }
        double vnLen = Math.sqrt(vnx * vnx + vny * vny + vnz * vnz);
        double vtLen = Math.sqrt(vtx * vtx + vty * vty + vtz * vtz);
        // With |v_T| = 0 the lab code's division gives NaN; v_T is zero then, so any a gives the same v_new.
        double a = vtLen > 0 ? Math.max(1.0 - b.friction * (1.0 + e) * vnLen / vtLen, 0.0) : 0.0;
        double newX = -e * vnx + a * vtx;
        double newY = -e * vny + a * vty;
        double newZ = -e * vnz + a * vtz;
        double invM = 1.0 / b.mass;
        collisionMatrix(invM, inertiaInv, ax, ay, az, skewR, scratch, k);
        if (!Mat3.invert(k, kInv)) {
            return;
        }
        double dx = newX - vcx, dy = newY - vcy, dz = newZ - vcz;
        double jx = kInv[0] * dx + kInv[1] * dy + kInv[2] * dz;
        double jy = kInv[3] * dx + kInv[4] * dy + kInv[5] * dz;
        double jz = kInv[6] * dx + kInv[7] * dy + kInv[8] * dz;
        b.vx += invM * jx;
        b.vy += invM * jy;
        b.vz += invM * jz;
        // w += I^-1 (R r_c x j)
        double tx = ay * jz - az * jy, ty = az * jx - ax * jz, tz = ax * jy - ay * jx;
        b.wx += inertiaInv[0] * tx + inertiaInv[1] * ty + inertiaInv[2] * tz;
        b.wy += inertiaInv[3] * tx + inertiaInv[4] * ty + inertiaInv[5] * tz;
        b.wz += inertiaInv[6] * tx + inertiaInv[7] * ty + inertiaInv[8] * tz;
    }

    /**
     * The lab's {@code K = 1/M 1 - [r]x I^-1 [r]x} into {@code k}: the change of a body point's
     * velocity per unit impulse there ({@code v_i' = v_i + K j}), with r the point relative to the
     * centre of mass in world axes and {@code inverseInertia} in world axes. skew and scratch are
     * 9-double scratch arrays.
     */
    static void collisionMatrix(double inverseMass, double[] inverseInertia, double rx, double ry, double rz,
                                double[] skew, double[] scratch, double[] k) {
        Mat3.skew(rx, ry, rz, skew);
        Mat3.multiply(skew, inverseInertia, scratch);
        Mat3.multiply(scratch, skew, k);
        for (int i = 0; i < 9; i++) {
            k[i] = -k[i];
        }
        k[0] = inverseMass + k[0];
        k[4] = inverseMass + k[4];
        k[8] = inverseMass + k[8];
    }

    /** The course's "trick for oscillation": scale v and w by a factor that sinks while the body is slow. */
    private static void punish(LabBody b) {
        double speed = Math.sqrt(b.vx * b.vx + b.vy * b.vy + b.vz * b.vz);
        if (speed < PUNISH_SPEED) {
            b.punishFactor = Math.max(b.punishFactor - PUNISH_STEP, 0.0);
        } else if (b.punishFactor < 1.0) {
            b.punishFactor = Math.min(b.punishFactor + PUNISH_STEP, 1.0);
        }
        if (b.punishFactor < 1.0) {
            b.scaleVelocities(b.punishFactor);
        }
    }
}
