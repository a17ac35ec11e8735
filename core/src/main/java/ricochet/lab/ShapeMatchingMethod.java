package ricochet.lab;

import java.util.Arrays;
import ricochet.geometry.Sdf;
import ricochet.math.Mat3;
import ricochet.math.PolarDecomposition;
import ricochet.math.QuatOps;

/**
 * Shape matching (Mueller et al. 2005, "Meshless deformations based on shape
 * matching"):
 * <pre>
 * V_i += h g;  V_i *= linearDecay;  Y_i = X_i + h V_i                 free particles
 * phi(Y_i) &lt; 0:  V_i = -e V_N + a V_T (if approaching);  Y_i -= phi N   particle collisions
 * c = mean Y_i;  A = (sum (Y_i - c) r_i^T)(sum r_i r_i^T)^-1;  R = rotation of A   rigid fit
 * x_i = c + R r_i;  V_i += (x_i - Y_i) / h;  X_i = x_i
 * </pre>
 * The particle collisions and the fit are the collision response; the body's integration rule
 * governs the free prediction under gravity and decay, {@code Y_i = X_i + h ((1 - b) V0_i + b V_i)}
 * with the rule's drift weight b: 0 explicit Euler, 1 semi- and implicit Euler (the same under a
 * constant force), 1/2 midpoint, trapezoid and leapfrog (exact under it).
 *
 * <p>R is the proper rotation nearest to A (the polar factor, with a reflection turned back), so
 * every step leaves the particles exactly a rotated and moved copy of the rest shape.
 */
final class ShapeMatchingMethod implements LabStepper {

    private final PolarDecomposition polar = new PolarDecomposition();
    private final double[] a = new double[9];
    private final double[] aq = new double[9];
    private final double[] r = new double[9];
    private final double[] q = new double[4];
    private final double[] n = new double[3];
    private final double[] center = new double[3];
    private final double[] deepest = new double[3];

    @Override
    public void step(LabBody b, LabWorld world, double h, double[] minDistance) {
        final int count = b.vertexCount;
        final double ld = world.decayPerSubstep(b.params.linearDecay());
        final double weight = b.params.integrator().driftWeight();
        if (weight != 1) {
            predict(b, world, h, ld, weight);
        } else {
            for (int i = 0; i < count; i++) {
                b.pvx[i] = (b.pvx[i] + h * world.gx) * ld;
                b.pvy[i] = (b.pvy[i] + h * world.gy) * ld;
                b.pvz[i] = (b.pvz[i] + h * world.gz) * ld;
                b.yx[i] = b.px[i] + h * b.pvx[i];
                b.yy[i] = b.py[i] + h * b.pvy[i];
                b.yz[i] = b.pz[i] + h * b.pvz[i];
            }
        }
        for (int c = 0; c < world.colliderCount(); c++) {
            minDistance[c] = collideParticles(b, world.collider(c));
        }
        fit(b, world, h);
    }

    /** The free prediction {@code Y = X + h ((1 - b) V0 + b V1)}, {@code V1 = ld (V0 + h g)}. */
    private static void predict(LabBody b, LabWorld world, double h, double ld, double weight) {
        double keep = 1 - weight;
        for (int i = 0; i < b.vertexCount; i++) {
            double v0x = b.pvx[i], v0y = b.pvy[i], v0z = b.pvz[i];
            b.pvx[i] = (v0x + h * world.gx) * ld;
            b.pvy[i] = (v0y + h * world.gy) * ld;
            b.pvz[i] = (v0z + h * world.gz) * ld;
            b.yx[i] = b.px[i] + h * (keep * v0x + weight * b.pvx[i]);
            b.yy[i] = b.py[i] + h * (keep * v0y + weight * b.pvy[i]);
            b.yz[i] = b.pz[i] + h * (keep * v0z + weight * b.pvz[i]);
        }
    }

    /**
     * Lifts the fitted centre {@code c} (in {@code center}) so that no vertex of {@code c + R r_i} is
     * deeper than the impulse method's slop in {@code sdf}. The rigid fit averages the projections,
     * so without this a resting shape ends partly inside (the few particles pushed out are outvoted).
     * Done before the velocity update, so the velocities see the lift as motion, as position-based
     * methods require.
     */
    private void liftOut(LabBody b, Sdf sdf) {
        double minD = b.deepestVertex(sdf, r, center[0], center[1], center[2], deepest);
        if (minD < -ImpulseMethod.CORRECTION_SLOP) {
            sdf.normal(deepest[0], deepest[1], deepest[2], n);
            double lift = -minD - ImpulseMethod.CORRECTION_SLOP;
            center[0] += lift * n[0];
            center[1] += lift * n[1];
            center[2] += lift * n[2];
        }
    }


    private double collideParticles(LabBody b, Sdf sdf) {
        double minD = Double.POSITIVE_INFINITY;
        for (int i = 0; i < b.vertexCount; i++) {
            double d = sdf.distance(b.yx[i], b.yy[i], b.yz[i]);
            minD = Math.min(minD, d);
            if (!(d < 0)) {
                continue;
            }
            sdf.normal(b.yx[i], b.yy[i], b.yz[i], n);
            double vn = b.pvx[i] * n[0] + b.pvy[i] * n[1] + b.pvz[i] * n[2];
            if (vn < 0) {
                double vnx = vn * n[0], vny = vn * n[1], vnz = vn * n[2];
                double vtx = b.pvx[i] - vnx, vty = b.pvy[i] - vny, vtz = b.pvz[i] - vnz;
                double e = Math.abs(vn) < b.params.restingSpeed() ? 0 : b.restitution;
                double vtLen = Math.sqrt(vtx * vtx + vty * vty + vtz * vtz);
                double va = vtLen > 0 ? Math.max(1 - b.friction * (1 + e) * Math.abs(vn) / vtLen, 0) : 0;
                b.pvx[i] = -e * vnx + va * vtx;
                b.pvy[i] = -e * vny + va * vty;
                b.pvz[i] = -e * vnz + va * vtz;
            }
            // x_new = x - phi(x) N  (projection onto the surface)
            b.yx[i] -= d * n[0];
            b.yy[i] -= d * n[1];
            b.yz[i] -= d * n[2];
        }
        return minD;
    }

    private void fit(LabBody b, LabWorld world, double h) {
        final int count = b.vertexCount;
        double cx = 0, cy = 0, cz = 0;
        for (int i = 0; i < count; i++) {
            cx += b.yx[i];
            cy += b.yy[i];
            cz += b.yz[i];
        }
        cx /= count;
        cy /= count;
        cz /= count;
        Arrays.fill(a, 0);
        for (int i = 0; i < count; i++) {
            double dx = b.yx[i] - cx, dy = b.yy[i] - cy, dz = b.yz[i] - cz;
            double qx = b.rx[i], qy = b.ry[i], qz = b.rz[i];
            Mat3.addOuter(a, dx, dy, dz, qx, qy, qz);
        }
        Mat3.multiply(a, b.qqtInverse, aq);
        if (!polar.nearestRotation(aq, r)) {
            // A = 0 or not finite: keep the last orientation so the step still ends rigid.
            QuatOps.toMatrix(b.qx, b.qy, b.qz, b.qw, r);
        }
        center[0] = cx;
        center[1] = cy;
        center[2] = cz;
        if (b.params.positionCorrection()) {
            for (int c = 0; c < world.colliderCount(); c++) {
                liftOut(b, world.collider(c));
            }
        }
        cx = center[0];
        cy = center[1];
        cz = center[2];
        double invH = 1.0 / h;
        for (int i = 0; i < count; i++) {
            double ax = r[0] * b.rx[i] + r[1] * b.ry[i] + r[2] * b.rz[i];
            double ay = r[3] * b.rx[i] + r[4] * b.ry[i] + r[5] * b.rz[i];
            double az = r[6] * b.rx[i] + r[7] * b.ry[i] + r[8] * b.rz[i];
            double xi = cx + ax, yi = cy + ay, zi = cz + az;
            b.pvx[i] += (xi - b.yx[i]) * invH;
            b.pvy[i] += (yi - b.yy[i]) * invH;
            b.pvz[i] += (zi - b.yz[i]) * invH;
            b.px[i] = xi;
            b.py[i] = yi;
            b.pz[i] = zi;
        }
        QuatOps.fromMatrix(r, q);
        // The body's velocity is the fitted shape's motion: the centre's displacement and the
        // rotation from the last orientation, over h. (The particles' mean velocity also carries the
        // projections' corrections, which do not move the body.)
        double dqx = q[3] * -b.qx + q[0] * b.qw + q[1] * -b.qz - q[2] * -b.qy;
        double dqy = q[3] * -b.qy - q[0] * -b.qz + q[1] * b.qw + q[2] * -b.qx;
        double dqz = q[3] * -b.qz + q[0] * -b.qy - q[1] * -b.qx + q[2] * b.qw;
        double dqw = q[3] * b.qw - q[0] * -b.qx - q[1] * -b.qy - q[2] * -b.qz;
        if (dqw < 0) {
            dqx = -dqx;
            dqy = -dqy;
            dqz = -dqz;
            dqw = -dqw;
        }
        double sinHalf = Math.sqrt(dqx * dqx + dqy * dqy + dqz * dqz);
        double angleOverSin = sinHalf > 1e-12 ? 2 * StrictMath.atan2(sinHalf, dqw) / sinHalf : 2;
        b.wx = dqx * angleOverSin * invH;
        b.wy = dqy * angleOverSin * invH;
        b.wz = dqz * angleOverSin * invH;
        b.vx = (cx - b.x) * invH;
        b.vy = (cy - b.y) * invH;
        b.vz = (cz - b.z) * invH;
        b.x = cx;
        b.y = cy;
        b.z = cz;
        b.qx = q[0];
        b.qy = q[1];
        b.qz = q[2];
        b.qw = q[3];
    }
}
