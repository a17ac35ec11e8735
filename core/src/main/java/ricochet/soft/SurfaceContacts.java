package ricochet.soft;

import java.util.Arrays;

/**
 * Cloths and soft bodies against each other: the particles of one body against the surface triangles
 * of another, once per substep, found through a spatial hash of the triangles rebuilt each substep
 * (Teschner et al. 2003, "Optimized spatial hashing for collision detection of deformable objects").
 *
 * <p>Contact of particle x with triangle (x1, x2, x3) of unit normal n, closest point
 * {@code q = b1 x1 + b2 x2 + b3 x3} (barycentric b, the projection of x onto the triangle's plane):
 * <pre>
 *   C = N . (x - q) - t >= 0,   N = sigma n
 *   grad_x C = N,   grad_xk C = -bk N,   dlambda = -C / (w + b1^2 w1 + b2^2 w2 + b3^2 w3)
 * </pre>
 * t the larger thickness of the two bodies; sigma +1 for a closed surface (counter-clockwise from
 * outside, so n points out), and for a cloth the side the particle was on at the substep's start.
 * The corrections' mass-weighted sum is {@code dlambda (N - (b1 + b2 + b3) N) = 0}: linear momentum is
 * kept exactly, whatever the masses. A particle is tested against the triangles whose prism (the
 * triangle swept along n) holds it, from {@code t} outside to {@code depth} inside, depth half the
 * largest triangle's extent; of those it meets the one it is least deep behind, which for a convex
 * surface is the signed distance. Friction (Macklin et al. 2014, 6.1) undoes the tangential motion of
 * x relative to q in the substep up to {@code mu |C|}, mu the geometric mean of the two bodies'
 * coefficients, shared by the same weights. Overlap the pair already had at the substep's start moves
 * the start positions too, so it becomes no velocity (as for rigid shapes and self-collision). A
 * particle that rests on a rigid shape, or on another body's surface, is held by it
 * ({@link ShapeSupports}): w_j above becomes its inverse mass tensor with what holds it, so a heavy body
 * does not press a light cloth particle into what lies under it.
 *
 * <p>The pairs are taken in a fixed order (triangle bodies in slot order, then particle bodies in slot
 * order, particles ascending), on the calling thread. Edges crossing edges are not tested: a particle
 * spacing small against the bodies' features is assumed. Allocates nothing once grown.
 */
final class SurfaceContacts {

    /** Per slot: the box of the body's particles this substep, min x, y, z then max x, y, z. */
    private double[] box = new double[24];
    private int[] cellStart = new int[1025];
    private int[] entries = new int[512];
    private int[] stamp = new int[128];
    private int query;
    private int mask;
    private double inv;
    /** The hashed surface: the first particle, its triangles, its prism depth (m) and padding (m). */
    private int surfaceFirst;
    private int[] surface;
    private double depth;
    /** Particles resting on rigid shapes, held along their normals; the proxies and the substep (s). */
    private ShapeSupports supports;
    private RigidContacts rigid;
    private BodyProxies proxies;
    private double h;

    /** The supports the contacts see this step, the proxies they name and the substep h (s). */
    void supports(ShapeSupports supports, RigidContacts rigid, BodyProxies proxies, double h) {
        this.supports = supports;
        this.rigid = rigid;
        this.proxies = proxies;
        this.h = h;
    }

    /** Records the box of slot {@code s}'s particles {@code first .. first + n - 1}. */
    void bounds(Particles p, int s, int first, int n) {
        if (box.length < 6 * (s + 1)) {
            box = Arrays.copyOf(box, Math.max(6 * (s + 1), 2 * box.length));
        }
        double minX = Double.POSITIVE_INFINITY, minY = minX, minZ = minX;
        double maxX = Double.NEGATIVE_INFINITY, maxY = maxX, maxZ = maxX;
        for (int i = first; i < first + n; i++) {
            minX = Math.min(minX, p.x[i]);
            minY = Math.min(minY, p.y[i]);
            minZ = Math.min(minZ, p.z[i]);
            maxX = Math.max(maxX, p.x[i]);
            maxY = Math.max(maxY, p.y[i]);
            maxZ = Math.max(maxZ, p.z[i]);
        }
        int o = 6 * s;
        box[o] = minX;
        box[o + 1] = minY;
        box[o + 2] = minZ;
        box[o + 3] = maxX;
        box[o + 4] = maxY;
        box[o + 5] = maxZ;
    }

    /**
     * Half the largest side (m) of slot s's box: no triangle of the body is larger along an axis, so
     * it bounds {@link #largestTriangle}'s half from above.
     */
    double halfExtent(int s) {
        int o = 6 * s;
        double most = Math.max(box[o + 3] - box[o], box[o + 4] - box[o + 1]);
        return 0.5 * Math.max(most, box[o + 5] - box[o + 2]);
    }

    /** Whether the boxes of slots a and b, grown by {@code pad} (m), overlap. */
    boolean near(int a, int b, double pad) {
        int i = 6 * a, j = 6 * b;
        return box[i] - pad <= box[j + 3] && box[j] - pad <= box[i + 3] && box[i + 1] - pad <= box[j + 4]
                && box[j + 1] - pad <= box[i + 4] && box[i + 2] - pad <= box[j + 5] && box[j + 2] - pad <= box[i + 5];
    }

    /**
     * The largest extent (m) along any axis of the triangles {@code tris} (indices from {@code first}):
     * twice the prism depth, and what the hash's cells are sized by.
     */
    static double largestTriangle(Particles p, int first, int[] tris) {
        double most = 0;
        for (int k = 0; k < tris.length; k += 3) {
            int a = first + tris[k], b = first + tris[k + 1], c = first + tris[k + 2];
            most = Math.max(most, Math.max(p.x[a], Math.max(p.x[b], p.x[c])) - Math.min(p.x[a], Math.min(p.x[b], p.x[c])));
            most = Math.max(most, Math.max(p.y[a], Math.max(p.y[b], p.y[c])) - Math.min(p.y[a], Math.min(p.y[b], p.y[c])));
            most = Math.max(most, Math.max(p.z[a], Math.max(p.z[b], p.z[c])) - Math.min(p.z[a], Math.min(p.z[b], p.z[c])));
        }
        return most;
    }

    /**
     * Hashes triangles {@code tris} (particle indices from {@code first}), each over the cells its box
     * grown by {@code depth + thickness} (m) covers; the cells are as large as that grown box, so each
     * triangle lies in at most eight.
     */
    void build(Particles p, int first, int[] tris, double depth, double thickness) {
        int nt = tris.length / 3;
        double pad = depth + thickness;
        double cell = 2 * depth + 2 * pad;
        inv = 1 / cell;
        surfaceFirst = first;
        surface = tris;
        this.depth = depth;
        int size = Integer.highestOneBit(Math.max(4 * nt, 16) - 1) << 1;
        if (cellStart.length < size + 1) {
            cellStart = new int[size + 1];
        }
        if (entries.length < 8 * nt) {
            entries = new int[Math.max(8 * nt, 2 * entries.length)];
        }
        if (stamp.length < nt) {
            stamp = new int[Math.max(nt, 2 * stamp.length)];
        }
        Arrays.fill(stamp, 0, nt, 0);
        query = 0;
        mask = size - 1;
        Arrays.fill(cellStart, 0, size + 1, 0);
        for (int t = 0; t < nt; t++) {
            insert(p, t, pad, true);
        }
        for (int c = 1; c <= size; c++) {
            cellStart[c] += cellStart[c - 1];
        }
        for (int t = nt - 1; t >= 0; t--) {
            insert(p, t, pad, false);
        }
    }

    /** Counts (first pass) or places (second pass, in reverse) triangle t in the cells it covers. */
    private void insert(Particles p, int t, double pad, boolean count) {
        int a = surfaceFirst + surface[3 * t], b = surfaceFirst + surface[3 * t + 1];
        int c = surfaceFirst + surface[3 * t + 2];
        double[] x = p.x, y = p.y, z = p.z;
        int x0 = (int) Math.floor((Math.min(x[a], Math.min(x[b], x[c])) - pad) * inv);
        int y0 = (int) Math.floor((Math.min(y[a], Math.min(y[b], y[c])) - pad) * inv);
        int z0 = (int) Math.floor((Math.min(z[a], Math.min(z[b], z[c])) - pad) * inv);
        int x1 = (int) Math.floor((Math.max(x[a], Math.max(x[b], x[c])) + pad) * inv);
        int y1 = (int) Math.floor((Math.max(y[a], Math.max(y[b], y[c])) + pad) * inv);
        int z1 = (int) Math.floor((Math.max(z[a], Math.max(z[b], z[c])) + pad) * inv);
        for (int i = x0; i <= x1; i++) {
            for (int j = y0; j <= y1; j++) {
                for (int k = z0; k <= z1; k++) {
                    int h = hash(i, j, k);
                    if (count) {
                        cellStart[h]++;
                    } else {
                        entries[--cellStart[h]] = t;
                    }
                }
            }
        }
    }

    /**
     * Particles {@code first .. first + n - 1} against the hashed triangles: each pushed to
     * {@code thickness} (m) outside the one it is least deep behind, two-way.
     *
     * @param twoSided the surface is a cloth: each particle is kept on the side it starts the substep on
     * @param friction the pair's Coulomb coefficient
     */
    void solve(Particles p, int first, int n, boolean twoSided, double thickness, double friction) {
        double[] x = p.x, y = p.y, z = p.z, w = p.w;
        int[] tris = surface;
        int f = surfaceFirst;
        for (int i = first; i < first + n; i++) {
            int h = hash((int) Math.floor(x[i] * inv), (int) Math.floor(y[i] * inv), (int) Math.floor(z[i] * inv));
            int from = cellStart[h], to = cellStart[h + 1];
            if (from == to) {
                continue;
            }
            if (++query == Integer.MAX_VALUE) {
                Arrays.fill(stamp, 0);
                query = 1;
            }
            int best = -1;
            double bestS = 0, nx = 0, ny = 0, nz = 0, b1 = 0, b2 = 0, b3 = 0;
            for (int e = from; e < to; e++) {
                int t = entries[e];
                if (stamp[t] == query) {
                    continue;
                }
                stamp[t] = query;
                int a = f + tris[3 * t], b = f + tris[3 * t + 1], c = f + tris[3 * t + 2];
                double ex = x[b] - x[a], ey = y[b] - y[a], ez = z[b] - z[a];
                double gx = x[c] - x[a], gy = y[c] - y[a], gz = z[c] - z[a];
                // n = (b - a) x (c - a) / |...|
                double mx = ey * gz - ez * gy, my = ez * gx - ex * gz, mz = ex * gy - ey * gx;
                double area2 = mx * mx + my * my + mz * mz;
                if (!(area2 > 0)) {
                    continue;
                }
                double norm = 1 / Math.sqrt(area2);
                mx *= norm;
                my *= norm;
                mz *= norm;
                double px = x[i] - x[a], py = y[i] - y[a], pz = z[i] - z[a];
                double s = mx * px + my * py + mz * pz;
                // Barycentric coordinates of the projection: u = ((p x g) . m) / |e x g|, v = ((e x p) . m) / |e x g|.
                double u = ((py * gz - pz * gy) * mx + (pz * gx - px * gz) * my + (px * gy - py * gx) * mz) * norm;
                double v = ((ey * pz - ez * py) * mx + (ez * px - ex * pz) * my + (ex * py - ey * px) * mz) * norm;
                if (u < 0 || v < 0 || u + v > 1) {
                    continue;
                }
                double sigma = 1;
                if (twoSided) {
                    double q0 = 1 - u - v;
                    double sx = p.sx[i] - (q0 * p.sx[a] + u * p.sx[b] + v * p.sx[c]);
                    double sy = p.sy[i] - (q0 * p.sy[a] + u * p.sy[b] + v * p.sy[c]);
                    double sz = p.sz[i] - (q0 * p.sz[a] + u * p.sz[b] + v * p.sz[c]);
                    sigma = mx * sx + my * sy + mz * sz < 0 ? -1 : 1;
                }
                s *= sigma;
                if (s >= thickness || s <= -depth || (best >= 0 && s <= bestS)) {
                    continue;
                }
                best = t;
                bestS = s;
                nx = sigma * mx;
                ny = sigma * my;
                nz = sigma * mz;
                b1 = 1 - u - v;
                b2 = u;
                b3 = v;
            }
            if (best >= 0) {
                push(p, i, f + tris[3 * best], f + tris[3 * best + 1], f + tris[3 * best + 2], b1, b2, b3, nx, ny, nz,
                        bestS - thickness, thickness, friction);
            }
        }
    }

    /**
     * Resolves {@code C = err < 0} between particle i and the point {@code b1 x1 + b2 x2 + b3 x3}
     * along N (n), then friction and the carried overlap.
     */
    private void push(Particles p, int i, int k1, int k2, int k3, double b1, double b2, double b3,
                      double nx, double ny, double nz, double err, double thickness, double friction) {
        double[] w = p.w;
        double denom = w[i] + b1 * b1 * w[k1] + b2 * b2 * w[k2] + b3 * b3 * w[k3];
        if (!(denom > 0)) {
            return;
        }
        // Particles resting on a shape are held along its normal (ShapeSupports): x_j += c_j dl W_j N.
        double held = supports.denominator(p, rigid, proxies, i, k1, k2, k3, b1, b2, b3, nx, ny, nz, denom);
        boolean any = supports.any();
        // x += w dl N,  xk -= wk bk dl N
        double dl = -err / held;
        move(p.x, p.y, p.z, i, k1, k2, k3, b1, b2, b3, dl * nx, dl * ny, dl * nz, w);
        if (any) {
            supports.correct(p, p.x, p.y, p.z, dl, nx, ny, nz);
            supports.impulse(p, proxies, dl, nx, ny, nz, h);
        }
        supports.rest(i, k1, k2, k3, b1, b2, b3, nx, ny, nz);
        // The overlap the pair had at the substep's start moves x_s too: it does not become speed.
        double sx = p.sx[i] - (b1 * p.sx[k1] + b2 * p.sx[k2] + b3 * p.sx[k3]);
        double sy = p.sy[i] - (b1 * p.sy[k1] + b2 * p.sy[k2] + b3 * p.sy[k3]);
        double sz = p.sz[i] - (b1 * p.sz[k1] + b2 * p.sz[k2] + b3 * p.sz[k3]);
        double carried = Math.min(-err, Math.max(0, thickness - (nx * sx + ny * sy + nz * sz)));
        if (carried > 0) {
            double dc = carried / held;
            move(p.sx, p.sy, p.sz, i, k1, k2, k3, b1, b2, b3, dc * nx, dc * ny, dc * nz, w);
            if (any) {
                supports.correct(p, p.sx, p.sy, p.sz, dc, nx, ny, nz);
            }
        }
        if (friction > 0) {
            // The tangential part of x's motion relative to q in the substep.
            double rx = p.x[i] - p.sx[i] - (b1 * (p.x[k1] - p.sx[k1]) + b2 * (p.x[k2] - p.sx[k2])
                    + b3 * (p.x[k3] - p.sx[k3]));
            double ry = p.y[i] - p.sy[i] - (b1 * (p.y[k1] - p.sy[k1]) + b2 * (p.y[k2] - p.sy[k2])
                    + b3 * (p.y[k3] - p.sy[k3]));
            double rz = p.z[i] - p.sz[i] - (b1 * (p.z[k1] - p.sz[k1]) + b2 * (p.z[k2] - p.sz[k2])
                    + b3 * (p.z[k3] - p.sz[k3]));
            double rn = rx * nx + ry * ny + rz * nz;
            rx -= rn * nx;
            ry -= rn * ny;
            rz -= rn * nz;
            double slip = Math.sqrt(rx * rx + ry * ry + rz * rz);
            if (slip > 0) {
                double undo = Math.min(slip, -friction * err);
                double along = denom;
                if (any) {
                    along -= supports.reduction(rx / slip, ry / slip, rz / slip);
                }
                double dt = -undo / (slip * along);
                move(p.x, p.y, p.z, i, k1, k2, k3, b1, b2, b3, dt * rx, dt * ry, dt * rz, w);
                if (any) {
                    supports.correct(p, p.x, p.y, p.z, dt, rx, ry, rz);
                    supports.impulse(p, proxies, dt, rx, ry, rz, h);
                }
            }
        }
    }

    /** {@code x_i += w_i d},  {@code x_k -= w_k b_k d}. */
    private static void move(double[] x, double[] y, double[] z, int i, int k1, int k2, int k3, double b1,
                             double b2, double b3, double dx, double dy, double dz, double[] w) {
        x[i] += w[i] * dx;
        y[i] += w[i] * dy;
        z[i] += w[i] * dz;
        double s = w[k1] * b1;
        x[k1] -= s * dx;
        y[k1] -= s * dy;
        z[k1] -= s * dz;
        s = w[k2] * b2;
        x[k2] -= s * dx;
        y[k2] -= s * dy;
        z[k2] -= s * dz;
        s = w[k3] * b3;
        x[k3] -= s * dx;
        y[k3] -= s * dy;
        z[k3] -= s * dz;
    }

    private int hash(int x, int y, int z) {
        return ((x * 92837111) ^ (y * 689287499) ^ (z * 283923481)) & mask;
    }
}
