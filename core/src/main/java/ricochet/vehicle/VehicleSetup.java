package ricochet.vehicle;

import java.util.Arrays;
import ricochet.geometry.shape.CylinderShape;
import ricochet.math.Vec3;

/**
 * A vehicle's per-wheel constants, made once when it is added: mounts and flags from the def, each
 * wheel's spring and damper from the share of the chassis weight it carries at rest, and the
 * anti-roll and limited-slip partners.
 */
final class VehicleSetup {

    private VehicleSetup() {
    }

    /** The per-wheel constants: mounts, springs from the sprung mass split, axle partners. */
    static void setUp(VehicleState v, VehicleDef def) {
        int n = v.wheels;
        VehicleDef.Chassis ch = def.chassis();
        for (int i = 0; i < n; i++) {
            VehicleDef.Wheel w = def.wheels().get(i);
            v.mx[i] = w.position().x();
            v.my[i] = w.position().y();
            v.mz[i] = w.position().z();
            v.radius[i] = w.radius();
            v.inertia[i] = w.inertia();
            v.wheelShape[i] = new CylinderShape(w.radius(), 0.5 * w.width());
            v.steers[i] = w.steer();
            v.drives[i] = w.drive();
            v.handbrakes[i] = w.handbrake();
            if (w.drive()) {
                v.driven++;
            }
        }
        double[] share = sprungShares(v, ch.centerOfMass());
        double omega = 2 * Math.PI * def.suspension().frequency();
        for (int i = 0; i < n; i++) {
            double mi = share[i] * ch.mass();
            v.spring[i] = mi * omega * omega;
            v.damper[i] = 2 * def.suspension().damping() * mi * omega;
        }
        // Axle partners: the wheel mirrored across the chassis' x = com.x plane, same height and z.
        for (int i = 0; i < n; i++) {
            v.rollPartner[i] = -1;
            for (int j = 0; j < n; j++) {
                if (j != i && Math.abs(v.mz[j] - v.mz[i]) < 1e-6 && Math.abs(v.my[j] - v.my[i]) < 1e-6
                        && Math.abs(v.mx[j] - v.mx[i]) > 1e-6) {
                    v.rollPartner[i] = j;
                    break;
                }
            }
        }
        // Limited-slip pairs: driven wheels in def order, two by two.
        Arrays.fill(v.slipPartner, -1);
        int last = -1;
        for (int i = 0; i < n; i++) {
            if (v.drives[i]) {
                if (last < 0) {
                    last = i;
                } else {
                    v.slipPartner[last] = i;
                    last = -1;
                }
            }
        }
        v.gears = def.gears();
        v.rpm = def.engine().idleRpm();
    }

    /**
     * The share of the chassis weight each wheel carries at rest: the least-norm weights {@code w}
     * with {@code sum w = 1} and {@code sum w (x_i, z_i) = (c_x, c_z)} ({@code w = A^T (A A^T)^-1 b}),
     * clamped to at least a tenth of an even share and renormalised. Exact for the usual layouts
     * (four wheels on a rectangle: the lever rule front to back and side to side).
     */
    static double[] sprungShares(VehicleState v, Vec3 com) {
        int n = v.wheels;
        double[][] a = new double[3][n];
        for (int i = 0; i < n; i++) {
            a[0][i] = 1;
            a[1][i] = v.mx[i] - com.x();
            a[2][i] = v.mz[i] - com.z();
        }
        double[] m = new double[9];
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                double s = 0;
                for (int i = 0; i < n; i++) {
                    s += a[r][i] * a[c][i];
                }
                m[3 * r + c] = s;
            }
        }
        // A row that is all zero (wheels in a line) or a rank-deficient layout: a tiny ridge keeps it solvable.
        double ridge = 1e-9 * (m[0] + m[4] + m[8]);
        m[0] += ridge;
        m[4] += ridge;
        m[8] += ridge;
        double[] y = solve3(m, 1, 0, 0);
        double[] w = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            w[i] = Math.max(0.1 / n, a[0][i] * y[0] + a[1][i] * y[1] + a[2][i] * y[2]);
            sum += w[i];
        }
        for (int i = 0; i < n; i++) {
            w[i] /= sum;
        }
        return w;
    }

    private static double[] solve3(double[] m, double b0, double b1, double b2) {
        double c00 = m[4] * m[8] - m[5] * m[7], c01 = m[5] * m[6] - m[3] * m[8], c02 = m[3] * m[7] - m[4] * m[6];
        double det = m[0] * c00 + m[1] * c01 + m[2] * c02;
        double c10 = m[2] * m[7] - m[1] * m[8], c11 = m[0] * m[8] - m[2] * m[6], c12 = m[1] * m[6] - m[0] * m[7];
        double c20 = m[1] * m[5] - m[2] * m[4], c21 = m[2] * m[3] - m[0] * m[5], c22 = m[0] * m[4] - m[1] * m[3];
        return new double[] {(c00 * b0 + c10 * b1 + c20 * b2) / det, (c01 * b0 + c11 * b1 + c21 * b2) / det,
                (c02 * b0 + c12 * b1 + c22 * b2) / det};
    }
}
