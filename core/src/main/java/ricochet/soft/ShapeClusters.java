package ricochet.soft;

import java.util.Arrays;
import ricochet.math.Mat3;
import ricochet.math.PolarDecomposition;

/**
 * Shape-matching clusters, the soft-body model without tetrahedra (Mueller et al. 2005, "Meshless
 * deformations based on shape matching", 3.3 and 4.4 for overlapping clusters). A cluster is a set of
 * particles with rest offsets {@code q_i} from their mass-weighted rest centre; once per substep, in
 * cluster order, its best rigid match is found and every particle pulled toward it:
 * <pre>
 *   c = sum m_i x_i / M,   A = sum m_i (x_i - c) q_i^T,   R = the rotation nearest to A (polar)
 *   g_i = c + R q_i,       x_i += s (g_i - x_i)
 * </pre>
 * {@code sum m_i (g_i - x_i) = 0} and, because {@code A R^T} is symmetric,
 * {@code sum m_i (x_i - c) x (g_i - x_i) = 0}: a projection keeps the particles' linear and angular
 * momentum for any fraction s. The stiffness k in [0, 1] is the fraction of the gap closed in a
 * substep of {@link #REFERENCE_SUBSTEP}; a substep of h closes {@code s = 1 - (1 - k)^(h / h_ref)},
 * so a gap decays as {@code (1 - k)^(t / h_ref)} whatever the step and the substep count (XPBD's
 * point, by a different road: k = 1 is a rigid constraint, as compliance 0 is). The clusters are
 * blocks of the body's rest grid, {@code size} cells a side, starting every {@code max(1, size / 2)}
 * cells, so neighbours share particles and the body bends between them; a body no larger than one
 * block is a single cluster and moves as a rigid body at k = 1.
 *
 * <p>Allocates nothing per step.
 */
final class ShapeClusters {

    /** The substep a cluster's stiffness is the fraction per, s: 60 Hz and 20 substeps. */
    static final double REFERENCE_SUBSTEP = 1.0 / 1200;

    int count;
    /** Cluster c's memberships are start[c] .. start[c + 1] - 1. */
    private int[] start = new int[17];
    private int[] member = new int[64];
    /** Rest offset of each membership from its cluster's rest centre, m (x, y, z triples). */
    private double[] q = new double[192];
    private double[] stiffness = new double[16], mass = new double[16], fraction = new double[16];
    private double fractionH = Double.NaN;
    private final PolarDecomposition polar = new PolarDecomposition();
    private final double[] a = new double[9];
    private final double[] r = new double[9];
    private final double[] m = new double[9];

    /**
     * Adds the clusters of one body: particles {@code first .. first + n - 1}, their masses set and
     * their rest positions where the body was made; {@code local} their positions in the body's frame
     * (x, y, z triples, m), on a grid of {@code cell} (m).
     *
     * @param size cells along a cluster's side, 1 or more
     * @param k stiffness in [0, 1]
     * @return the number of clusters added
     */
    int addBody(Particles p, int first, int n, double[] local, double cell, int size, double k) {
        double[] lo = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY};
        double[] hi = {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
        for (int i = 0; i < n; i++) {
            for (int d = 0; d < 3; d++) {
                lo[d] = Math.min(lo[d], local[3 * i + d]);
                hi[d] = Math.max(hi[d], local[3 * i + d]);
            }
        }
        double side = size * cell, stride = Math.max(1, size / 2) * cell, eps = 1e-9 * Math.max(cell, side);
        int[] blocks = new int[3];
        for (int d = 0; d < 3; d++) {
            blocks[d] = Math.max(1, (int) Math.ceil((hi[d] - lo[d] - side) / stride - 1e-9) + 1);
        }
        int nb = blocks[0] * blocks[1] * blocks[2];
        // Per particle, the range of blocks along each axis that hold it.
        int[] range = new int[6 * n];
        int[] members = new int[nb];
        for (int i = 0; i < n; i++) {
            for (int d = 0; d < 3; d++) {
                double u = local[3 * i + d] - lo[d];
                int b0 = (int) Math.ceil((u - side - eps) / stride), b1 = (int) Math.floor((u + eps) / stride);
                range[6 * i + d] = Math.max(0, b0);
                range[6 * i + 3 + d] = Math.min(blocks[d] - 1, b1);
            }
            forBlocks(range, i, blocks, members, null, 0);
        }
        // A block of fewer than four particles fixes no rotation: dropped, and a particle it alone held
        // joins the kept block whose centre is nearest.
        int[] extra = new int[n];
        Arrays.fill(extra, -1);
        for (int i = 0; i < n; i++) {
            if (covered(range, i, blocks, members)) {
                continue;
            }
            double best = Double.POSITIVE_INFINITY;
            for (int b = 0; b < nb; b++) {
                if (members[b] < 4) {
                    continue;
                }
                int bx = b % blocks[0], by = (b / blocks[0]) % blocks[1], bz = b / (blocks[0] * blocks[1]);
                double dx = lo[0] + bx * stride + 0.5 * side - local[3 * i];
                double dy = lo[1] + by * stride + 0.5 * side - local[3 * i + 1];
                double dz = lo[2] + bz * stride + 0.5 * side - local[3 * i + 2];
                double d2 = dx * dx + dy * dy + dz * dz;
                if (d2 < best) {
                    best = d2;
                    extra[i] = b;
                }
            }
            if (extra[i] < 0) {
                throw new IllegalArgumentException("cluster blocks of " + size + " cells hold fewer than 4 particles"
                        + " each; use a larger clusterSize");
            }
        }
        // Memberships block by block, particles ascending within each.
        int[][] lists = new int[nb][];
        int[] fill = new int[nb];
        for (int b = 0; b < nb; b++) {
            lists[b] = new int[members[b] >= 4 ? members[b] : 0];
        }
        for (int i = 0; i < n; i++) {
            if (extra[i] >= 0) {
                lists[extra[i]] = Arrays.copyOf(lists[extra[i]], lists[extra[i]].length + 1);
            }
        }
        for (int i = 0; i < n; i++) {
            forBlocks(range, i, blocks, fill, lists, i);
            if (extra[i] >= 0) {
                lists[extra[i]][fill[extra[i]]++] = i;
            }
        }
        int added = 0;
        for (int b = 0; b < nb; b++) {
            if (lists[b].length >= 4) {
                int[] sorted = lists[b].clone();
                Arrays.sort(sorted);
                addCluster(p, first, sorted, k);
                added++;
            }
        }
        return added;
    }

    /** Counts particle i into the kept blocks that hold it or, with {@code lists}, places it there. */
    private static void forBlocks(int[] range, int i, int[] blocks, int[] counts, int[][] lists, int value) {
        for (int bz = range[6 * i + 2]; bz <= range[6 * i + 5]; bz++) {
            for (int by = range[6 * i + 1]; by <= range[6 * i + 4]; by++) {
                for (int bx = range[6 * i]; bx <= range[6 * i + 3]; bx++) {
                    int b = bx + blocks[0] * (by + blocks[1] * bz);
                    if (lists == null) {
                        counts[b]++;
                    } else if (counts[b] < lists[b].length && lists[b].length > 0) {
                        lists[b][counts[b]++] = value;
                    }
                }
            }
        }
    }

    private static boolean covered(int[] range, int i, int[] blocks, int[] members) {
        for (int bz = range[6 * i + 2]; bz <= range[6 * i + 5]; bz++) {
            for (int by = range[6 * i + 1]; by <= range[6 * i + 4]; by++) {
                for (int bx = range[6 * i]; bx <= range[6 * i + 3]; bx++) {
                    if (members[bx + blocks[0] * (by + blocks[1] * bz)] >= 4) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private void addCluster(Particles p, int first, int[] local, double k) {
        if (count + 2 > start.length) {
            start = Arrays.copyOf(start, 2 * start.length);
        }
        if (count == stiffness.length) {
            stiffness = Arrays.copyOf(stiffness, 2 * count);
            mass = Arrays.copyOf(mass, 2 * count);
            fraction = Arrays.copyOf(fraction, 2 * count);
        }
        int from = start[count], to = from + local.length;
        if (to > member.length) {
            member = Arrays.copyOf(member, Math.max(to, 2 * member.length));
            q = Arrays.copyOf(q, 3 * member.length);
        }
        double m = 0, cx = 0, cy = 0, cz = 0;
        for (int j = 0; j < local.length; j++) {
            int i = first + local[j];
            member[from + j] = i;
            m += p.m[i];
            cx += p.m[i] * p.rx[i];
            cy += p.m[i] * p.ry[i];
            cz += p.m[i] * p.rz[i];
        }
        cx /= m;
        cy /= m;
        cz /= m;
        for (int j = 0; j < local.length; j++) {
            int i = first + local[j];
            q[3 * (from + j)] = p.rx[i] - cx;
            q[3 * (from + j) + 1] = p.ry[i] - cy;
            q[3 * (from + j) + 2] = p.rz[i] - cz;
        }
        stiffness[count] = k;
        mass[count] = m;
        count++;
        start[count] = to;
        fractionH = Double.NaN;
    }

    /** One projection of every cluster, in order, for a substep of h seconds. */
    void solve(Particles p, double h) {
        if (count == 0) {
            return;
        }
        if (h != fractionH) {
            for (int c = 0; c < count; c++) {
                double k = stiffness[c];
                fraction[c] = k >= 1 ? 1 : 1 - StrictMath.pow(1 - k, h / REFERENCE_SUBSTEP);
            }
            fractionH = h;
        }
        double[] x = p.x, y = p.y, z = p.z, m = p.m, w = p.w;
        for (int c = 0; c < count; c++) {
            int from = start[c], to = start[c + 1];
            double cx = 0, cy = 0, cz = 0;
            for (int j = from; j < to; j++) {
                int i = member[j];
                cx += m[i] * x[i];
                cy += m[i] * y[i];
                cz += m[i] * z[i];
            }
            double inv = 1 / mass[c];
            cx *= inv;
            cy *= inv;
            cz *= inv;
            Arrays.fill(a, 0);
            for (int j = from; j < to; j++) {
                int i = member[j];
                // A += m (x - c) q^T
                double dx = m[i] * (x[i] - cx), dy = m[i] * (y[i] - cy), dz = m[i] * (z[i] - cz);
                double qx = q[3 * j], qy = q[3 * j + 1], qz = q[3 * j + 2];
                Mat3.addOuter(a, dx, dy, dz, qx, qy, qz);
            }
            if (!polar.nearestRotation(a, r)) {
                continue;
            }
            polish(a, r);
            double s = fraction[c];
            // sum m (g - x) is 0 but for the rounding of c, which repeats from substep to substep:
            // taken out, so the linear momentum does not drift with it.
            double ex = 0, ey = 0, ez = 0;
            for (int j = from; j < to; j++) {
                int i = member[j];
                double qx = q[3 * j], qy = q[3 * j + 1], qz = q[3 * j + 2];
                ex += m[i] * (cx + r[0] * qx + r[1] * qy + r[2] * qz - x[i]);
                ey += m[i] * (cy + r[3] * qx + r[4] * qy + r[5] * qz - y[i]);
                ez += m[i] * (cz + r[6] * qx + r[7] * qy + r[8] * qz - z[i]);
            }
            cx -= ex * inv;
            cy -= ey * inv;
            cz -= ez * inv;
            for (int j = from; j < to; j++) {
                int i = member[j];
                if (w[i] == 0) {
                    continue;
                }
                double qx = q[3 * j], qy = q[3 * j + 1], qz = q[3 * j + 2];
                // x += s (c + R q - x)
                x[i] += s * (cx + r[0] * qx + r[1] * qy + r[2] * qz - x[i]);
                y[i] += s * (cy + r[3] * qx + r[4] * qy + r[5] * qz - y[i]);
                z[i] += s * (cz + r[6] * qx + r[7] * qy + r[8] * qz - z[i]);
            }
        }
    }

    /**
     * One Newton step toward the R at which {@code R^T A} is symmetric, the condition the momentum
     * argument needs: the eigen-solve leaves it true to about 1e-8, and a projection's change of
     * angular momentum is that error over h. With {@code M = R^T A = S + [k]x} (S its symmetric part),
     * turning R by {@code exp([d]x)} changes the skew part by {@code -[((tr S) 1 - S) d / 2]x} to first
     * order, so {@code d = 2 ((tr S) 1 - S)^-1 k}; R is then turned by d exactly (Rodrigues).
     */
    private void polish(double[] a, double[] r) {
        double[] m = this.m;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                // M = R^T A
                m[3 * i + j] = r[i] * a[j] + r[3 + i] * a[3 + j] + r[6 + i] * a[6 + j];
            }
        }
        double kx = 0.5 * (m[7] - m[5]), ky = 0.5 * (m[2] - m[6]), kz = 0.5 * (m[3] - m[1]);
        double tr = m[0] + m[4] + m[8];
        // B = (tr S) 1 - S, symmetric
        double b00 = tr - m[0], b11 = tr - m[4], b22 = tr - m[8];
        double b01 = -0.5 * (m[1] + m[3]), b02 = -0.5 * (m[2] + m[6]), b12 = -0.5 * (m[5] + m[7]);
        double c00 = b11 * b22 - b12 * b12, c01 = b02 * b12 - b01 * b22, c02 = b01 * b12 - b02 * b11;
        double det = b00 * c00 + b01 * c01 + b02 * c02;
        if (!(det > 0)) {
            return;
        }
        double c11 = b00 * b22 - b02 * b02, c12 = b01 * b02 - b00 * b12, c22 = b00 * b11 - b01 * b01;
        double f = 2 / det;
        double dx = f * (c00 * kx + c01 * ky + c02 * kz);
        double dy = f * (c01 * kx + c11 * ky + c12 * kz);
        double dz = f * (c02 * kx + c12 * ky + c22 * kz);
        double angle = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (!(angle > 0) || angle > 0.1) {
            return;
        }
        // E = exp([d]x) = 1 + sin(a) [u]x + (1 - cos(a)) [u]x^2,  R = R E
        double ux = dx / angle, uy = dy / angle, uz = dz / angle, sn = StrictMath.sin(angle),
                cs = 1 - StrictMath.cos(angle);
        double e00 = 1 - cs * (uy * uy + uz * uz), e11 = 1 - cs * (ux * ux + uz * uz), e22 = 1 - cs * (ux * ux + uy * uy);
        double e01 = cs * ux * uy - sn * uz, e10 = cs * ux * uy + sn * uz;
        double e02 = cs * ux * uz + sn * uy, e20 = cs * ux * uz - sn * uy;
        double e12 = cs * uy * uz - sn * ux, e21 = cs * uy * uz + sn * ux;
        for (int i = 0; i < 3; i++) {
            double r0 = r[3 * i], r1 = r[3 * i + 1], r2 = r[3 * i + 2];
            r[3 * i] = r0 * e00 + r1 * e10 + r2 * e20;
            r[3 * i + 1] = r0 * e01 + r1 * e11 + r2 * e21;
            r[3 * i + 2] = r0 * e02 + r1 * e12 + r2 * e22;
        }
    }

    /** Drops the clusters of particles {@code first .. first + n - 1} and renumbers the others. */
    void removeRange(int first, int n) {
        int kept = 0, at = 0;
        for (int c = 0; c < count; c++) {
            int from = start[c], to = start[c + 1];
            if (Particles.remap(member[from], first, n) < 0) {
                continue;
            }
            start[kept] = at;
            for (int j = from; j < to; j++) {
                member[at] = Particles.remap(member[j], first, n);
                System.arraycopy(q, 3 * j, q, 3 * at, 3);
                at++;
            }
            stiffness[kept] = stiffness[c];
            mass[kept] = mass[c];
            kept++;
        }
        start[kept] = at;
        count = kept;
        fractionH = Double.NaN;
    }
}
