package ricochet.lab;

import java.util.Arrays;
import ricochet.geometry.Sdf;
import ricochet.math.QuatOps;

/**
 * The penalty methods' force law at one rigid state, and on request its derivatives, for the
 * integration rules that need them. Per vertex i within eps of a collider, at
 * {@code p_i = x + a_i}, {@code a_i = R r_i}, with vertex velocity {@code v_i = v + w x a_i}:
 * <pre>
 * quadratic:   f_N = k (eps - phi)              df_N/dphi = -k
 * log barrier: f_N = rho (1/phi - 1/eps)        df_N/dphi = -rho / phi^2
 * f_i = max(f_N - c v_N, 0) N + friction        F = sum f_i,  tau = sum a_i x f_i
 * </pre>
 * With {@code J_i = [1  -[a_i]x]} (how p_i and v_i move with the body's x, rotation and v, w), the
 * generalized stiffness and damping matrices are
 * <pre>
 * d(F, tau)/d(x, theta) = sum J_i^T Kp_i J_i + [0 0; 0 [f_i]x [a_i]x]    Kp_i = df_i/dp_i
 * d(F, tau)/d(v, w)     = sum J_i^T Kv_i J_i                             Kv_i = df_i/dv_i
 * </pre>
 * {@code Kp_i = df_N/dphi N N^T} (plus friction's share through f_N), exact for a plane; the
 * normal's turning on curved colliders and the velocity field's turning with the body are left
 * out (a Newton solve that uses them still converges to the same end state, only more slowly).
 */
final class PenaltyForces {

    /** The body's rotation at the evaluated state, row-major. */
    final double[] r = new double[9];
    /** World inverse inertia at the evaluated state. */
    final double[] inertiaInv = new double[9];
    /** d(F, tau)/d(x, theta), 6x6 row-major, N/m and N m/rad. */
    final double[] kPos = new double[36];
    /** d(F, tau)/d(v, w), 6x6 row-major, N s/m. */
    final double[] kVel = new double[36];
    /** The summed force and torque about the centre of mass, N and N m, world axes. */
    double fx, fy, fz, tx, ty, tz;
    /** Sum of the vertices' normal stiffness {@code -df_N/dphi} in contact, N/m. */
    double stiffness;
    /** False when a barrier vertex is at or behind a surface, where the barrier is undefined. */
    boolean feasible;

    private final boolean barrier;
    private final double[] scratch = new double[9];
    private final double[] inertia = new double[9];
    private final double[] n = new double[3];
    private final double[] kp = new double[9];
    private final double[] kv = new double[9];
    private final double[] t = new double[3];
    private final double[] a3 = new double[3];
    private final double[] f3 = new double[3];
    private int[] contactVertex = new int[0];
    private double[] contactPhi = new double[0];

    PenaltyForces(boolean barrier) {
        this.barrier = barrier;
    }

    /**
     * Forces at the state {@code s = [x y z qx qy qz qw vx vy vz wx wy wz]} for a sub-step of h
     * (which caps damping and friction); writes each collider's smallest vertex distance into
     * {@code minDistance}. With {@code jacobian}, also {@link #kPos} and {@link #kVel}. Returns false,
     * writing nothing, when the world inertia at s is singular.
     */
    boolean evaluate(LabBody b, LabWorld world, double h, double[] s, double[] minDistance,
                     boolean jacobian) {
        final double x = s[0], y = s[1], z = s[2];
        final double vx = s[7], vy = s[8], vz = s[9], wx = s[10], wy = s[11], wz = s[12];
        QuatOps.toMatrix(s[3], s[4], s[5], s[6], r);
        if (!b.worldInverseInertia(r, scratch, inertia, inertiaInv)) {
            return false;
        }
        if (jacobian) {
            Arrays.fill(kPos, 0);
            Arrays.fill(kVel, 0);
        }
        final LabParams p = b.params;
        final double eps = p.epsilon();
        if (contactVertex.length < b.vertexCount) {
            contactVertex = new int[b.vertexCount];
            contactPhi = new double[b.vertexCount];
        }
        double fx = 0, fy = 0, fz = 0, tx = 0, ty = 0, tz = 0;
        double k = 0;
        boolean ok = true;
        for (int c = 0; c < world.colliderCount(); c++) {
            Sdf sdf = world.collider(c);
            // Pass 1: the vertices within eps. Their count sets the mass share that caps damping and
            // friction, so it must be this sub-step's count, not the last one's.
            double minD = Double.POSITIVE_INFINITY;
            int contacts = 0;
            for (int i = 0; i < b.vertexCount; i++) {
                double phi = sdf.distance(
                        x + r[0] * b.rx[i] + r[1] * b.ry[i] + r[2] * b.rz[i],
                        y + r[3] * b.rx[i] + r[4] * b.ry[i] + r[5] * b.rz[i],
                        z + r[6] * b.rx[i] + r[7] * b.ry[i] + r[8] * b.rz[i]);
                minD = Math.min(minD, phi);
                if (phi < eps) {
                    contactVertex[contacts] = i;
                    contactPhi[contacts] = phi;
                    contacts++;
                }
            }
            minDistance[c] = minD;
            ok &= !barrier || minD > 0;
            // Explicit damping is stable while h sum(c) / M <= 1: at most (M / contacts) / h per vertex.
            final double capPerSpeed = b.mass / Math.max(1, contacts) / h;
            for (int j = 0; j < contacts; j++) {
                int i = contactVertex[j];
                double phi = contactPhi[j];
                double ax = r[0] * b.rx[i] + r[1] * b.ry[i] + r[2] * b.rz[i];
                double ay = r[3] * b.rx[i] + r[4] * b.ry[i] + r[5] * b.rz[i];
                double az = r[6] * b.rx[i] + r[7] * b.ry[i] + r[8] * b.rz[i];
                sdf.normal(x + ax, y + ay, z + az, n);
                double fn = barrier ? p.rho() * (1 / phi - 1 / eps) : p.stiffness() * (eps - phi);
                k += barrier ? p.rho() / (phi * phi) : p.stiffness();
                double vix = vx + (wy * az - wz * ay);
                double viy = vy + (wz * ax - wx * az);
                double viz = vz + (wx * ay - wy * ax);
                double vn = vix * n[0] + viy * n[1] + viz * n[2];
                double dampPerSpeed = Math.min(p.damping(), capPerSpeed);
                double damp = dampPerSpeed * vn;
                double normal = Math.max(fn - damp, 0);
                double vtx = vix - vn * n[0], vty = viy - vn * n[1], vtz = viz - vn * n[2];
                double vt = Math.sqrt(vtx * vtx + vty * vty + vtz * vtz);
                double ftx = 0, fty = 0, ftz = 0;
                if (vt > 0) {
                    double ft = Math.min(b.friction * normal, capPerSpeed * vt) / vt;
                    ftx = -ft * vtx;
                    fty = -ft * vty;
                    ftz = -ft * vtz;
                }
                double fix = normal * n[0] + ftx, fiy = normal * n[1] + fty, fiz = normal * n[2] + ftz;
                fx += fix;
                fy += fiy;
                fz += fiz;
                // tau += R r_i x f_i
                tx += ay * fiz - az * fiy;
                ty += az * fix - ax * fiz;
                tz += ax * fiy - ay * fix;
                if (jacobian) {
                    double dfn = barrier ? -p.rho() / (phi * phi) : -p.stiffness();
                    vertexDerivatives(normal > 0, dfn, dampPerSpeed, b.friction * normal, capPerSpeed,
                            vt, vtx, vty, vtz, b.friction);
                    addGeneralized(kPos, kp, ax, ay, az);
                    addGeneralized(kVel, kv, ax, ay, az);
                    addGeometric(fix, fiy, fiz, ax, ay, az);
                }
            }
        }
        this.fx = fx;
        this.fy = fy;
        this.fz = fz;
        this.tx = tx;
        this.ty = ty;
        this.tz = tz;
        stiffness = k;
        feasible = ok;
        return true;
    }

    /**
     * One vertex's {@code Kp = df/dp} and {@code Kv = df/dv} into kp, kv, with the normal in n. The
     * normal force {@code max(f_N - c v_N, 0) N} has {@code Kp = df_N/dphi N N^T}, {@code Kv = -c N N^T}
     * while it pushes; Coulomb friction {@code -mu f t} (t the sliding direction) adds
     * {@code -mu t (df_N/dphi N^T)} to Kp and {@code -mu f / |v_T| (1 - N N^T - t t^T)} to Kv; capped
     * (viscous) friction {@code -cap v_T} adds {@code -cap (1 - N N^T)} to Kv.
     */
    private void vertexDerivatives(boolean pushing, double dfn, double damp, double coulomb, double cap,
                                   double vt, double vtx, double vty, double vtz, double mu) {
        for (int a = 0; a < 3; a++) {
            for (int c = 0; c < 3; c++) {
                double nn = n[a] * n[c];
                kp[3 * a + c] = pushing ? dfn * nn : 0;
                kv[3 * a + c] = pushing ? -damp * nn : 0;
            }
        }
        if (!(vt > 0)) {
            return;
        }
        t[0] = vtx / vt;
        t[1] = vty / vt;
        t[2] = vtz / vt;
        boolean sliding = coulomb < cap * vt;
        for (int a = 0; a < 3; a++) {
            for (int c = 0; c < 3; c++) {
                double tangent = (a == c ? 1 : 0) - n[a] * n[c];
                if (sliding) {
                    if (pushing) {
                        kp[3 * a + c] += -mu * t[a] * dfn * n[c];
                    }
                    kv[3 * a + c] += -coulomb / vt * (tangent - t[a] * t[c]);
                } else {
                    kv[3 * a + c] += -cap * tangent;
                }
            }
        }
    }

    /**
     * {@code m += J^T k J} with {@code J = [1  -A]}, {@code A = [a]x}: blocks k, -k A, A k, -A k A.
     */
    private void addGeneralized(double[] m, double[] k, double ax, double ay, double az) {
        double[] ka = scratch;
        // ka = k A  (A = [a]x: rows (0, -az, ay), (az, 0, -ax), (-ay, ax, 0))
        for (int i = 0; i < 3; i++) {
            double k0 = k[3 * i], k1 = k[3 * i + 1], k2 = k[3 * i + 2];
            ka[3 * i] = k1 * az - k2 * ay;
            ka[3 * i + 1] = -k0 * az + k2 * ax;
            ka[3 * i + 2] = k0 * ay - k1 * ax;
        }
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                m[6 * i + j] += k[3 * i + j];
                m[6 * i + 3 + j] -= ka[3 * i + j];
            }
        }
        // A k and A (k A): row i of A times the matrix
        for (int j = 0; j < 3; j++) {
            double k0 = k[j], k1 = k[3 + j], k2 = k[6 + j];
            double a0 = ka[j], a1 = ka[3 + j], a2 = ka[6 + j];
            m[6 * 3 + j] += -az * k1 + ay * k2;
            m[6 * 4 + j] += az * k0 - ax * k2;
            m[6 * 5 + j] += -ay * k0 + ax * k1;
            m[6 * 3 + 3 + j] -= -az * a1 + ay * a2;
            m[6 * 4 + 3 + j] -= az * a0 - ax * a2;
            m[6 * 5 + 3 + j] -= -ay * a0 + ax * a1;
        }
    }

    /** The torque's change as a_i turns under a fixed f_i: {@code d(a x f) = [f]x [a]x dtheta}. */
    private void addGeometric(double fx, double fy, double fz, double ax, double ay, double az) {
        // [f]x [a]x = a f^T - (f . a) 1
        double fa = fx * ax + fy * ay + fz * az;
        double[] a = a3, f = f3;
        a[0] = ax;
        a[1] = ay;
        a[2] = az;
        f[0] = fx;
        f[1] = fy;
        f[2] = fz;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                kPos[6 * (3 + i) + 3 + j] += a[i] * f[j] - (i == j ? fa : 0);
            }
        }
    }

    /**
     * The contact potential of body b now, joules: {@code 1/2 k (eps - phi)^2} (quadratic) or
     * {@code rho (ln(eps/phi) + phi/eps - 1)} (log barrier) per vertex within eps of each collider.
     * Damping and friction store nothing.
     */
    static double potential(LabBody b, LabWorld world, boolean barrier) {
        double[] r = new double[9];
        QuatOps.toMatrix(b.qx, b.qy, b.qz, b.qw, r);
        LabParams p = b.params;
        double eps = p.epsilon();
        double e = 0;
        for (int c = 0; c < world.colliderCount(); c++) {
            Sdf sdf = world.collider(c);
            for (int i = 0; i < b.vertexCount; i++) {
                double phi = sdf.distance(
                        b.x + r[0] * b.rx[i] + r[1] * b.ry[i] + r[2] * b.rz[i],
                        b.y + r[3] * b.rx[i] + r[4] * b.ry[i] + r[5] * b.rz[i],
                        b.z + r[6] * b.rx[i] + r[7] * b.ry[i] + r[8] * b.rz[i]);
                if (phi < eps) {
                    e += barrier ? p.rho() * (StrictMath.log(eps / phi) + phi / eps - 1)
                            : 0.5 * p.stiffness() * (eps - phi) * (eps - phi);
                }
            }
        }
        return e;
    }
}
