package ricochet.joints;

import static ricochet.joints.JointStore.*;

import java.util.Arrays;
import ricochet.dynamics.BodyStore;

/**
 * The trees' position projection after each substep's relax pass and the error it carries to the
 * next substep's biased pass ({@link JointTree}'s rows, factors and solves; the joint record's
 * {@code CARRIED} rows). Allocation-free once its array has grown to the world.
 */
final class TreeProjection {

    /** Per body: the projection's move, m and rad (x, y, z, then the turn's x, y, z). */
    private double[] move = new double[0];

    /** Room for {@code bodies} bodies. */
    void grow(int bodies) {
        if (move.length < 6 * bodies) {
            move = new double[6 * bodies];
        }
    }

    /**
     * After the substep's relax pass, which left the rows taken at the new poses: the trees' bodies
     * moved back onto their joints, {@code Delta x = M^-1 J^T Delta mu} with {@code K Delta mu = -C}
     * (one Gauss-Newton step of the projection onto {@code C = 0} in the solve's mass metric; Cline
     * and Pai, "Post-Stabilization for Rigid Body Simulation with Contact and Constraints", 2003),
     * each joint's move capped at {@code maxMove}, with the factors the relax pass left. The
     * velocities are left as the relax pass made them, tangent to the joints, and the error taken out
     * is carried to the next biased pass (the joint record's {@code CARRIED} rows): a
     * link on an arc must start the substep with the inward speed {@code C / h} that keeps its chord
     * on the arc (SHAKE's), and a projection that also took that speed away would bleed the swing's
     * energy, a fraction {@code (h w)^2 / 2} a substep.
     */
    void project(JointTree t, BodyStore s, JointStore js, double maxMove) {
        for (int k = 0; k < t.treeJointCount; k++) {
            int j = t.treeJoints[k];
            int first = t.firstRow[j], end = first + t.rowsOf[j];
            double worst = 0;
            for (int r = first; r < end; r++) {
                worst = Math.max(worst, Math.abs(t.c[r]));
            }
            double scale = worst > maxMove ? maxMove / worst : 1;
            for (int r = first; r < end; r++) {
                t.rhs[r] = scale * t.c[r];
                js.d[STRIDE * j + CARRIED + r - first] = t.rhs[r];
            }
        }
        // The relax pass just factored K at these rows and inertias.
        for (int f = 0; f < t.frontCount; f++) {
            t.forward(f);
        }
        for (int f = t.frontCount - 1; f >= 0; f--) {
            t.backward(f);
        }
        for (int f = 0; f < t.frontCount; f++) {
            Arrays.fill(move, 6 * t.frontBody[f], 6 * t.frontBody[f] + 6, 0);
        }
        for (int k = 0; k < t.treeJointCount; k++) {
            int j = t.treeJoints[k], a = js.a[j], b = js.b[j];
            for (int r = t.firstRow[j], end = r + t.rowsOf[j]; r < end; r++) {
                // dx += M^-1 J_r^T dmu, dmu = -rhs.
                double mu = -t.rhs[r];
                int q = 3 * r;
                if (s.invMass[a] > 0) {
                    int o = 6 * a;
                    double m = s.invMass[a];
                    move[o] -= m * mu * t.u[q];
                    move[o + 1] -= m * mu * t.u[q + 1];
                    move[o + 2] -= m * mu * t.u[q + 2];
                    move[o + 3] -= mu * t.ia[q];
                    move[o + 4] -= mu * t.ia[q + 1];
                    move[o + 5] -= mu * t.ia[q + 2];
                }
                if (b >= 0 && s.invMass[b] > 0) {
                    int o = 6 * b;
                    double m = s.invMass[b];
                    move[o] += m * mu * t.u[q];
                    move[o + 1] += m * mu * t.u[q + 1];
                    move[o + 2] += m * mu * t.u[q + 2];
                    move[o + 3] += mu * t.ib[q];
                    move[o + 4] += mu * t.ib[q + 1];
                    move[o + 5] += mu * t.ib[q + 2];
                }
            }
        }
        for (int f = 0; f < t.frontCount; f++) {
            int i = t.frontBody[f], o = 6 * i;
            s.px[i] += move[o];
            s.py[i] += move[o + 1];
            s.pz[i] += move[o + 2];
            // q += 1/2 (dtheta, 0) q, renormalized, as the integrator turns a body.
            double wx = move[o + 3], wy = move[o + 4], wz = move[o + 5];
            double x = s.qx[i], y = s.qy[i], z = s.qz[i], w = s.qw[i];
            double nx = x + 0.5 * (wx * w + wy * z - wz * y);
            double ny = y + 0.5 * (wy * w + wz * x - wx * z);
            double nz = z + 0.5 * (wz * w + wx * y - wy * x);
            double nw = w - 0.5 * (wx * x + wy * y + wz * z);
            double inv = 1.0 / Math.sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
            s.qx[i] = nx * inv;
            s.qy[i] = ny * inv;
            s.qz[i] = nz * inv;
            s.qw[i] = nw * inv;
            s.updateWorldInertia(i);
        }
    }

    /**
     * The carried errors of the joints outside the trees this step zeroed: a joint that rejoins a tree
     * starts again from none (its last projection is stale).
     */
    static void forgetCarried(JointStore js, int[] rowsOf, int slots) {
        for (int j = 0; j < slots; j++) {
            if (rowsOf[j] == 0) {
                Arrays.fill(js.d, STRIDE * j + CARRIED, STRIDE * j + CARRIED_END, 0);
            }
        }
    }
}
