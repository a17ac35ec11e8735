package ricochet.fracture;

/**
 * The impulse through each bond of a cluster, as the flow of least weighted energy that carries each
 * piece's excess impulse (what it received beyond what its share of the cluster's motion needs) to the
 * other pieces and to the world: minimise {@code sum f_b^2 / w_b} subject to {@code B f = r} (B the
 * incidence matrix), whose solution is the potential flow {@code f = W B^T phi} with
 * {@code L phi = r}, {@code L = B W B^T} the weighted graph Laplacian (Kirchhoff's laws: a resistor
 * network with conductance w). The world is a node held at potential 0; a cluster without world
 * bonds holds its first piece at 0 instead (its excesses sum to zero, so the flows do not depend on
 * which). Each axis is one solve, by conjugate gradients with the diagonal as preconditioner.
 * Allocates nothing once its arrays have grown.
 */
final class BondFlow {

    /** Relative residual at which the solve stops. */
    static final double TOLERANCE = 1e-12;

    private double[] x = new double[0], r = new double[0], z = new double[0], p = new double[0];
    private double[] ap = new double[0], diag = new double[0];

    /**
     * Potentials for {@code m} nodes into {@code phi} (3 per node, x y z) with {@code L phi = supply}.
     *
     * @param e edges {@code (ea[i], eb[i])} of weight {@code w[i]}, i < e
     * @param ground weight of each node's bond to the world (0: none)
     * @param supply each node's excess impulse, 3 per node (N s)
     */
    void solve(int m, int e, int[] ea, int[] eb, double[] w, double[] ground, double[] supply, double[] phi) {
        if (x.length < m) {
            int n = Math.max(m, 2 * x.length);
            x = new double[n];
            r = new double[n];
            z = new double[n];
            p = new double[n];
            ap = new double[n];
            diag = new double[n];
        }
        int fixed = 0;
        for (int i = 0; i < m; i++) {
            diag[i] = ground[i];
            if (ground[i] > 0) {
                fixed = -1;
            }
        }
        for (int i = 0; i < e; i++) {
            diag[ea[i]] += w[i];
            diag[eb[i]] += w[i];
        }
        for (int axis = 0; axis < 3; axis++) {
            double bb = 0;
            for (int i = 0; i < m; i++) {
                x[i] = 0;
                r[i] = i == fixed ? 0 : supply[3 * i + axis];
                bb += r[i] * r[i];
            }
            if (bb > 0) {
                cg(m, e, ea, eb, w, ground, fixed, bb);
            }
            for (int i = 0; i < m; i++) {
                phi[3 * i + axis] = x[i];
            }
        }
    }

    private void cg(int m, int e, int[] ea, int[] eb, double[] w, double[] ground, int fixed, double bb) {
        double rz = 0;
        for (int i = 0; i < m; i++) {
            z[i] = i == fixed ? 0 : r[i] / diag[i];
            p[i] = z[i];
            rz += r[i] * z[i];
        }
        double stop = TOLERANCE * TOLERANCE * bb;
        int limit = 10 * m + 100;
        for (int it = 0; it < limit; it++) {
            multiply(m, e, ea, eb, w, ground, fixed);
            double pap = 0;
            for (int i = 0; i < m; i++) {
                pap += p[i] * ap[i];
            }
            if (!(pap > 0)) {
                return;
            }
            double alpha = rz / pap;
            double rr = 0;
            for (int i = 0; i < m; i++) {
                x[i] += alpha * p[i];
                r[i] -= alpha * ap[i];
                rr += r[i] * r[i];
            }
            if (rr <= stop) {
                return;
            }
            double next = 0;
            for (int i = 0; i < m; i++) {
                z[i] = i == fixed ? 0 : r[i] / diag[i];
                next += r[i] * z[i];
            }
            double beta = next / rz;
            rz = next;
            for (int i = 0; i < m; i++) {
                p[i] = z[i] + beta * p[i];
            }
        }
    }

    /** ap = L p, with the held node's row and column left out. */
    private void multiply(int m, int e, int[] ea, int[] eb, double[] w, double[] ground, int fixed) {
        for (int i = 0; i < m; i++) {
            ap[i] = ground[i] * p[i];
        }
        for (int i = 0; i < e; i++) {
            int a = ea[i], b = eb[i];
            double f = w[i] * (p[a] - p[b]);
            ap[a] += f;
            ap[b] -= f;
        }
        if (fixed >= 0) {
            ap[fixed] = 0;
        }
    }
}
