package ricochet.soft;

import java.util.Arrays;

/**
 * A cloth against itself: particles closer than the thickness are pushed apart to it, found through
 * a spatial hash of cell size = thickness rebuilt every substep (Teschner et al. 2003, "Optimized
 * spatial hashing for collision detection of deformable objects"; Mueller's Ten Minute Physics cloth).
 * Pairs that were closer than the thickness where the cloth was made keep that rest distance instead,
 * so neighbours are not forced apart. The cloth's particles move at most half the thickness per
 * substep (their speed is clamped to {@code thickness / (2 h)} while self-collision is on), so two
 * particles cannot pass each other between two substeps' tests. The part of a push that undoes overlap
 * the pair already had at the substep's start moves the start positions too, so it does not become
 * velocity: without that a strip collapsing onto itself flew apart. Allocates nothing once grown.
 */
final class SelfCollision {

    private int[] cellStart = new int[1025];
    private int[] entries = new int[512];
    private int mask;

    /** One pass over particles {@code first .. first + n - 1}. */
    void solve(Particles p, int first, int n, double thickness) {
        int size = Integer.highestOneBit(Math.max(2 * n, 16) - 1) << 1;
        if (cellStart.length < size + 1) {
            cellStart = new int[size + 1];
        }
        if (entries.length < n) {
            entries = new int[Math.max(n, 2 * entries.length)];
        }
        mask = size - 1;
        double inv = 1 / thickness;
        double[] x = p.x, y = p.y, z = p.z, w = p.w;
        Arrays.fill(cellStart, 0, size + 1, 0);
        for (int i = first; i < first + n; i++) {
            cellStart[cell(x[i] * inv, y[i] * inv, z[i] * inv)]++;
        }
        for (int c = 1; c <= size; c++) {
            cellStart[c] += cellStart[c - 1];
        }
        for (int i = first + n - 1; i >= first; i--) {
            entries[--cellStart[cell(x[i] * inv, y[i] * inv, z[i] * inv)]] = i;
        }
        // cellStart[c] .. cellStart[c + 1] - 1 now lists cell c's particles, in ascending order.
        double t2 = thickness * thickness;
        for (int i = first; i < first + n; i++) {
            int cx = (int) Math.floor(x[i] * inv), cy = (int) Math.floor(y[i] * inv), cz = (int) Math.floor(z[i] * inv);
            for (int ox = -1; ox <= 1; ox++) {
                for (int oy = -1; oy <= 1; oy++) {
                    for (int oz = -1; oz <= 1; oz++) {
                        int c = hash(cx + ox, cy + oy, cz + oz);
                        for (int e = cellStart[c]; e < cellStart[c + 1]; e++) {
                            int j = entries[e];
                            if (j <= i) {
                                continue;
                            }
                            double dx = x[i] - x[j], dy = y[i] - y[j], dz = z[i] - z[j];
                            double d2 = dx * dx + dy * dy + dz * dz;
                            double wsum = w[i] + w[j];
                            if (d2 >= t2 || d2 == 0 || wsum == 0) {
                                continue;
                            }
                            double rdx = p.rx[i] - p.rx[j], rdy = p.ry[i] - p.ry[j], rdz = p.rz[i] - p.rz[j];
                            double r2 = rdx * rdx + rdy * rdy + rdz * rdz;
                            double min = r2 < t2 ? Math.sqrt(r2) : thickness;
                            double d = Math.sqrt(d2);
                            if (d >= min) {
                                continue;
                            }
                            double s = (min - d) / (d * wsum);
                            x[i] += w[i] * s * dx;
                            y[i] += w[i] * s * dy;
                            z[i] += w[i] * s * dz;
                            x[j] -= w[j] * s * dx;
                            y[j] -= w[j] * s * dy;
                            z[j] -= w[j] * s * dz;
                            // The overlap the pair started the substep with moves x_s too: it is not
                            // turned into speed (as for contacts with shapes).
                            double sdx = p.sx[i] - p.sx[j], sdy = p.sy[i] - p.sy[j], sdz = p.sz[i] - p.sz[j];
                            double carried = Math.min(min - d, Math.max(0, min - Math.sqrt(sdx * sdx + sdy * sdy
                                    + sdz * sdz)));
                            if (carried > 0) {
                                double q = s * carried / (min - d);
                                p.sx[i] += w[i] * q * dx;
                                p.sy[i] += w[i] * q * dy;
                                p.sz[i] += w[i] * q * dz;
                                p.sx[j] -= w[j] * q * dx;
                                p.sy[j] -= w[j] * q * dy;
                                p.sz[j] -= w[j] * q * dz;
                            }
                        }
                    }
                }
            }
        }
    }

    /** The smallest distance (m) between two particles of the run that were further apart when made. */
    static double closestPair(Particles p, int first, int n, double thickness) {
        double best = Double.POSITIVE_INFINITY;
        for (int i = first; i < first + n; i++) {
            for (int j = i + 1; j < first + n; j++) {
                double rdx = p.rx[i] - p.rx[j], rdy = p.ry[i] - p.ry[j], rdz = p.rz[i] - p.rz[j];
                if (rdx * rdx + rdy * rdy + rdz * rdz < thickness * thickness) {
                    continue;
                }
                double dx = p.x[i] - p.x[j], dy = p.y[i] - p.y[j], dz = p.z[i] - p.z[j];
                best = Math.min(best, Math.sqrt(dx * dx + dy * dy + dz * dz));
            }
        }
        return best;
    }

    private int cell(double x, double y, double z) {
        return hash((int) Math.floor(x), (int) Math.floor(y), (int) Math.floor(z));
    }

    private int hash(int x, int y, int z) {
        return ((x * 92837111) ^ (y * 689287499) ^ (z * 283923481)) & mask;
    }
}
