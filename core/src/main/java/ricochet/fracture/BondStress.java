package ricochet.fracture;

/**
 * The impulse and angular impulse through each bond of a cluster: the pieces as rigid blocks joined at
 * each bond face by springs (a rigid-body-spring model, Kawai 1978), loaded by each piece's excess
 * impulse and angular impulse (what it received beyond what its share of the cluster's motion needs).
 * Node i has a displacement {@code t_i} and a small rotation {@code r_i}; bond b between pieces a and b,
 * face centroid at arms {@code ra}, {@code rb} from their centroids, opens by
 * {@code d = (t_a + r_a x ra) - (t_b + r_b x rb)} and turns by {@code r_a - r_b}, and passes from a to b
 * the impulse {@code F = w d} and the angular impulse {@code T = K (r_a - r_b)} (about the face
 * centroid). {@code w} is the face's area (the conductance the force-only flow uses), and
 * {@code K = tr(S) E - S}, S the face's second moment of area about its centroid: springs of stiffness
 * w/A spread over the face. The equilibrium {@code K_total u = supply} minimises the springs' energy
 * {@code sum |F|^2 / w + T . K^-1 T} among all bond loads that balance every piece, forces and moments;
 * without the rotations it is the force-only least-energy flow. A world bond is such a spring at the
 * piece's centroid (translational weight {@code wg}, rotational {@code kg E}). A cluster without world
 * bonds holds its first piece (all six components) instead: its loads balance, so the bond loads do
 * not depend on which. One solve of 6m unknowns by conjugate gradients, the diagonal as
 * preconditioner. Allocates nothing once its arrays have grown.
 */
final class BondStress {

    /** Relative residual at which the solve stops. */
    static final double TOLERANCE = 1e-12;

    private double[] x = new double[0], r = new double[0], z = new double[0], p = new double[0];
    private double[] ap = new double[0], diag = new double[0];

    /**
     * Displacements and rotations {@code u} (6 per node: t then r) with {@code K_total u = supply}.
     *
     * @param e edges {@code (ea[i], eb[i])}, i < e
     * @param w translational weight per edge
     * @param arm per edge 6 numbers: {@code ra} then {@code rb} (m)
     * @param rot per edge the rotational stiffness K, 6 numbers (xx, yy, zz, xy, xz, yz)
     * @param wg per node the world bond's translational weight (0: none)
     * @param kg per node the world bond's rotational weight
     * @param supply per node 6 numbers: excess impulse (N s) then excess angular impulse (N m s)
     */
    void solve(int m, int e, int[] ea, int[] eb, double[] w, double[] arm, double[] rot, double[] wg,
               double[] kg, double[] supply, double[] u) {
        int n = 6 * m;
        if (x.length < n) {
            int size = Math.max(n, 2 * x.length);
            x = new double[size];
            r = new double[size];
            z = new double[size];
            p = new double[size];
            ap = new double[size];
            diag = new double[size];
        }
        boolean grounded = false;
        for (int i = 0; i < m; i++) {
            grounded |= wg[i] > 0;
            for (int k = 0; k < 3; k++) {
                diag[6 * i + k] = wg[i];
                diag[6 * i + 3 + k] = kg[i];
            }
        }
        for (int i = 0; i < e; i++) {
            int a = 6 * ea[i], b = 6 * eb[i];
            int o = 6 * i;
            double wi = w[i];
            double ax = arm[o], ay = arm[o + 1], az = arm[o + 2];
            double bx = arm[o + 3], by = arm[o + 4], bz = arm[o + 5];
            for (int k = 0; k < 3; k++) {
                diag[a + k] += wi;
                diag[b + k] += wi;
            }
            // The rotation's diagonal: w (|r|^2 - r_k^2) + K_kk.
            diag[a + 3] += wi * (ay * ay + az * az) + rot[o];
            diag[a + 4] += wi * (ax * ax + az * az) + rot[o + 1];
            diag[a + 5] += wi * (ax * ax + ay * ay) + rot[o + 2];
            diag[b + 3] += wi * (by * by + bz * bz) + rot[o];
            diag[b + 4] += wi * (bx * bx + bz * bz) + rot[o + 1];
            diag[b + 5] += wi * (bx * bx + by * by) + rot[o + 2];
        }
        // Held unknowns: the first node's when nothing holds the cluster, and any with no stiffness.
        double bb = 0;
        for (int k = 0; k < n; k++) {
            if (!grounded && k < 6 || !(diag[k] > 0)) {
                diag[k] = 0;
            }
            x[k] = 0;
            r[k] = diag[k] > 0 ? supply[k] : 0;
            bb += r[k] * r[k];
        }
        if (bb > 0) {
            cg(m, e, ea, eb, w, arm, rot, wg, kg, bb);
        }
        System.arraycopy(x, 0, u, 0, n);
    }

    private void cg(int m, int e, int[] ea, int[] eb, double[] w, double[] arm, double[] rot, double[] wg,
                    double[] kg, double bb) {
        int n = 6 * m;
        double rz = 0;
        for (int k = 0; k < n; k++) {
            z[k] = diag[k] > 0 ? r[k] / diag[k] : 0;
            p[k] = z[k];
            rz += r[k] * z[k];
        }
        double stop = TOLERANCE * TOLERANCE * bb;
        int limit = 10 * n + 100;
        for (int it = 0; it < limit; it++) {
            multiply(m, e, ea, eb, w, arm, rot, wg, kg);
            double pap = 0;
            for (int k = 0; k < n; k++) {
                pap += p[k] * ap[k];
            }
            if (!(pap > 0)) {
                return;
            }
            double alpha = rz / pap;
            double rr = 0;
            for (int k = 0; k < n; k++) {
                x[k] += alpha * p[k];
                r[k] -= alpha * ap[k];
                rr += r[k] * r[k];
            }
            if (rr <= stop) {
                return;
            }
            double next = 0;
            for (int k = 0; k < n; k++) {
                z[k] = diag[k] > 0 ? r[k] / diag[k] : 0;
                next += r[k] * z[k];
            }
            double beta = next / rz;
            rz = next;
            for (int k = 0; k < n; k++) {
                p[k] = z[k] + beta * p[k];
            }
        }
    }

    /** ap = K_total p, with the held unknowns' rows and columns left out (p is zero there). */
    private void multiply(int m, int e, int[] ea, int[] eb, double[] w, double[] arm, double[] rot,
                          double[] wg, double[] kg) {
        for (int i = 0; i < m; i++) {
            int o = 6 * i;
            for (int k = 0; k < 3; k++) {
                ap[o + k] = wg[i] * p[o + k];
                ap[o + 3 + k] = kg[i] * p[o + 3 + k];
            }
        }
        for (int i = 0; i < e; i++) {
            int a = 6 * ea[i], b = 6 * eb[i];
            int o = 6 * i;
            double ax = arm[o], ay = arm[o + 1], az = arm[o + 2];
            double bx = arm[o + 3], by = arm[o + 4], bz = arm[o + 5];
            double tax = p[a], tay = p[a + 1], taz = p[a + 2], rax = p[a + 3], ray = p[a + 4], raz = p[a + 5];
            double tbx = p[b], tby = p[b + 1], tbz = p[b + 2], rbx = p[b + 3], rby = p[b + 4], rbz = p[b + 5];
            // F = w ((t_a + r_a x ra) - (t_b + r_b x rb))
            double wi = w[i];
            double fx = wi * (tax + ray * az - raz * ay - tbx - rby * bz + rbz * by);
            double fy = wi * (tay + raz * ax - rax * az - tby - rbz * bx + rbx * bz);
            double fz = wi * (taz + rax * ay - ray * ax - tbz - rbx * by + rby * bx);
            // T = K (r_a - r_b)
            double dx = rax - rbx, dy = ray - rby, dz = raz - rbz;
            double tx = rot[o] * dx + rot[o + 3] * dy + rot[o + 4] * dz;
            double ty = rot[o + 3] * dx + rot[o + 1] * dy + rot[o + 5] * dz;
            double tz = rot[o + 4] * dx + rot[o + 5] * dy + rot[o + 2] * dz;
            // a: +F and ra x F + T; b: -F and -(rb x F) - T.
            ap[a] += fx;
            ap[a + 1] += fy;
            ap[a + 2] += fz;
            ap[a + 3] += ay * fz - az * fy + tx;
            ap[a + 4] += az * fx - ax * fz + ty;
            ap[a + 5] += ax * fy - ay * fx + tz;
            ap[b] -= fx;
            ap[b + 1] -= fy;
            ap[b + 2] -= fz;
            ap[b + 3] -= by * fz - bz * fy + tx;
            ap[b + 4] -= bz * fx - bx * fz + ty;
            ap[b + 5] -= bx * fy - by * fx + tz;
        }
        for (int k = 0; k < 6 * m; k++) {
            if (!(diag[k] > 0)) {
                ap[k] = 0;
            }
        }
    }

    private final double[] sys = new double[42];

    /**
     * The world bonds' share of the supply, for a cluster they hold: the cluster settles on them as a
     * rigid body on springs (the limit of supports much softer than the bonds), so the reactions follow
     * statics and a span between supports bends as a simply supported beam rather than a clamped one.
     * A rigid motion (u, theta) puts {@code r_j = wg_j (u + theta x a_j)} and {@code mu_j = kg_j theta}
     * on world bond j at {@code a_j}; their sum and moment about the origin balance the total supply:
     * <pre>
     * [ W E        -[s x]                            ] [u]     = [sum F_i]
     * [ [s x]   sum wg (|a|^2 E - a a^T) + sum kg E  ] [theta]   [sum (a_i x F_i + T_i)]
     * </pre>
     * with W = sum wg and s = sum wg a. Writes each node's reaction (6 per node) into {@code reaction}
     * and takes it from {@code supply}, which then balances within the bonds alone.
     *
     * @param pos per node its position (3 per node, m)
     */
    void supports(int m, double[] wg, double[] kg, double[] pos, double[] supply, double[] reaction) {
        double[] a = sys;
        java.util.Arrays.fill(a, 0);
        double fx = 0, fy = 0, fz = 0, tx = 0, ty = 0, tz = 0;
        for (int i = 0; i < m; i++) {
            int o = 6 * i;
            double px = pos[3 * i], py = pos[3 * i + 1], pz = pos[3 * i + 2];
            double sx = supply[o], sy = supply[o + 1], sz = supply[o + 2];
            fx += sx;
            fy += sy;
            fz += sz;
            tx += py * sz - pz * sy + supply[o + 3];
            ty += pz * sx - px * sz + supply[o + 4];
            tz += px * sy - py * sx + supply[o + 5];
            double w = wg[i];
            if (w > 0) {
                // Row-major 6 x 7 (the right-hand side in column 6).
                for (int k = 0; k < 3; k++) {
                    a[7 * k + k] += w;
                    a[7 * (3 + k) + 3 + k] += w * (px * px + py * py + pz * pz) + kg[i];
                }
                double[] r = {px, py, pz};
                for (int k = 0; k < 3; k++) {
                    for (int l = 0; l < 3; l++) {
                        a[7 * (3 + k) + 3 + l] -= w * r[k] * r[l];
                    }
                }
                // [s x] in the lower left, -[s x] in the upper right.
                a[7 * 3 + 1] -= w * pz;
                a[7 * 3 + 2] += w * py;
                a[7 * 4] += w * pz;
                a[7 * 4 + 2] -= w * px;
                a[7 * 5] -= w * py;
                a[7 * 5 + 1] += w * px;
                a[4] += w * pz;
                a[5] -= w * py;
                a[7 + 3] -= w * pz;
                a[7 + 5] += w * px;
                a[14 + 3] += w * py;
                a[14 + 4] -= w * px;
            }
        }
        a[6] = fx;
        a[13] = fy;
        a[20] = fz;
        a[27] = tx;
        a[34] = ty;
        a[41] = tz;
        // Gauss-Jordan with partial pivoting; the matrix is symmetric positive definite when the world
        // bonds hold the cluster (kg > 0 keeps it so for one bond).
        for (int c = 0; c < 6; c++) {
            int best = c;
            for (int r = c + 1; r < 6; r++) {
                if (Math.abs(a[7 * r + c]) > Math.abs(a[7 * best + c])) {
                    best = r;
                }
            }
            if (best != c) {
                for (int k = 0; k < 7; k++) {
                    double t = a[7 * c + k];
                    a[7 * c + k] = a[7 * best + k];
                    a[7 * best + k] = t;
                }
            }
            double pivot = a[7 * c + c];
            for (int r = 0; r < 6; r++) {
                if (r != c && a[7 * r + c] != 0) {
                    double f = a[7 * r + c] / pivot;
                    for (int k = c; k < 7; k++) {
                        a[7 * r + k] -= f * a[7 * c + k];
                    }
                }
            }
        }
        double ux = a[6] / a[0], uy = a[13] / a[8], uz = a[20] / a[16];
        double hx = a[27] / a[24], hy = a[34] / a[32], hz = a[41] / a[40];
        for (int i = 0; i < m; i++) {
            int o = 6 * i;
            double w = wg[i];
            if (w > 0) {
                double px = pos[3 * i], py = pos[3 * i + 1], pz = pos[3 * i + 2];
                reaction[o] = w * (ux + hy * pz - hz * py);
                reaction[o + 1] = w * (uy + hz * px - hx * pz);
                reaction[o + 2] = w * (uz + hx * py - hy * px);
                reaction[o + 3] = kg[i] * hx;
                reaction[o + 4] = kg[i] * hy;
                reaction[o + 5] = kg[i] * hz;
            } else {
                java.util.Arrays.fill(reaction, o, o + 6, 0);
            }
            for (int k = 0; k < 6; k++) {
                supply[o + k] -= reaction[o + k];
            }
        }
    }
}
