package ricochet.fracture;

import java.util.Arrays;
import java.util.List;
import ricochet.geometry.shape.ConvexHullShape;

/**
 * One cluster's bond loads from the contacts of the step just solved: each contact point's normal
 * impulse assigned to the piece it lies deepest in, each piece's excess over its share of the
 * cluster's motion (or, for a static cluster, all it received plus its weight), the world bonds'
 * share ({@link BondStress#supports}) and the bonds' ({@link BondStress#solve}); a bond or world bond
 * whose load exceeds the strength breaks. {@link Fractures} says more. Allocates nothing once its
 * scratch arrays have grown.
 */
final class BondLoads {

    private final FractureHost host;
    private final List<Fractures.Break> breaks;
    private final FractureHistory history;
    private final BondStress stress = new BondStress();
    private final double[] state = new double[13];
    private final double[] point = new double[10];
    private final double[] rot = new double[9];
    // Scratch for one cluster's solve, by its local piece number.
    private double[] supply = new double[96], u = new double[96], ground = new double[16];
    private double[] groundTurn = new double[16], none = new double[16], pos = new double[48];
    private double[] reaction = new double[96];
    private int[] ea = new int[16], eb = new int[16], edgeBond = new int[16];
    private double[] weight = new double[16], arm = new double[96], turn = new double[96];

    BondLoads(FractureHost host, List<Fractures.Break> breaks, FractureHistory history) {
        this.host = host;
        this.breaks = breaks;
        this.history = history;
    }

    /**
     * Estimates the cluster's bond loads from the step's contacts (and, for a static cluster, its
     * weight), marks the bonds and world bonds beyond the strength broken and adds them to the breaks
     * and the history; true when one broke. {@code clusterOfSlot} maps a handle slot to its cluster.
     */
    boolean solve(Cluster cl, int[] clusterOfSlot, double dt, double gx, double gy, double gz) {
        FracturedBody f = cl.f;
        int m = cl.pieces.length;
        if (supply.length < 6 * m) {
            supply = new double[12 * m];
            u = new double[12 * m];
            ground = new double[2 * m];
            groundTurn = new double[2 * m];
            none = new double[2 * m];
            pos = new double[6 * m];
            reaction = new double[12 * m];
        }
        Arrays.fill(supply, 0, 6 * m, 0);
        for (int i = 0; i < m; i++) {
            f.localOf[cl.pieces[i]] = i;
            boolean anchored = f.anchor[cl.pieces[i]];
            ground[i] = anchored ? f.anchorWeight : 0;
            groundTurn[i] = anchored ? f.anchorTurn : 0;
        }
        host.readState(cl.body, state);
        quatMatrix(state[3], state[4], state[5], state[6], rot);
        double jx = 0, jy = 0, jz = 0, tx = 0, ty = 0, tz = 0;
        int n = host.contactCount();
        for (int k = 0; k < n; k++) {
            for (int side = 0; side < 2; side++) {
                int slot = host.contactSlot(k, side == 1);
                if (slot < 0 || slot >= clusterOfSlot.length || clusterOfSlot[slot] != cl.number) {
                    continue;
                }
                host.contact(k, point);
                // B is pushed along n, A against it; into the cluster's axes: R^T n.
                double s = side == 1 ? point[3] : -point[3];
                double wx = s * point[0], wy = s * point[1], wz = s * point[2];
                double lx = rot[0] * wx + rot[3] * wy + rot[6] * wz;
                double ly = rot[1] * wx + rot[4] * wy + rot[7] * wz;
                double lz = rot[2] * wx + rot[5] * wy + rot[8] * wz;
                int o = side == 1 ? 7 : 4;
                double px = point[o], py = point[o + 1], pz = point[o + 2];
                int p = pieceAt(cl, px, py, pz);
                int i = f.localOf[p];
                // About the piece's centroid: (x - d_p) x J.
                double qx = px - (f.cx[p] - cl.tx), qy = py - (f.cy[p] - cl.ty), qz = pz - (f.cz[p] - cl.tz);
                supply[6 * i] += lx;
                supply[6 * i + 1] += ly;
                supply[6 * i + 2] += lz;
                supply[6 * i + 3] += qy * lz - qz * ly;
                supply[6 * i + 4] += qz * lx - qx * lz;
                supply[6 * i + 5] += qx * ly - qy * lx;
                jx += lx;
                jy += ly;
                jz += lz;
                tx += py * lz - pz * ly;
                ty += pz * lx - px * lz;
                tz += px * ly - py * lx;
            }
        }
        if (cl.fixed) {
            double sc = f.def.gravityScale() * dt;
            double glx = sc * (rot[0] * gx + rot[3] * gy + rot[6] * gz);
            double gly = sc * (rot[1] * gx + rot[4] * gy + rot[7] * gz);
            double glz = sc * (rot[2] * gx + rot[5] * gy + rot[8] * gz);
            for (int i = 0; i < m; i++) {
                double pm = f.mass[cl.pieces[i]];
                supply[6 * i] += pm * glx;
                supply[6 * i + 1] += pm * gly;
                supply[6 * i + 2] += pm * glz;
            }
        } else {
            // dv = J / M, dw = I^-1 tau; each piece keeps m_p (dv + dw x d_p) and, about its centroid,
            // I_p dw.
            double dvx = jx / cl.mass, dvy = jy / cl.mass, dvz = jz / cl.mass;
            double[] a = cl.invInertia;
            double dwx = a[0] * tx + a[1] * ty + a[2] * tz;
            double dwy = a[3] * tx + a[4] * ty + a[5] * tz;
            double dwz = a[6] * tx + a[7] * ty + a[8] * tz;
            for (int i = 0; i < m; i++) {
                int p = cl.pieces[i];
                double dx = f.cx[p] - cl.tx, dy = f.cy[p] - cl.ty, dz = f.cz[p] - cl.tz;
                double pm = f.mass[p];
                double[] ip = f.inertia[p];
                supply[6 * i] -= pm * (dvx + dwy * dz - dwz * dy);
                supply[6 * i + 1] -= pm * (dvy + dwz * dx - dwx * dz);
                supply[6 * i + 2] -= pm * (dvz + dwx * dy - dwy * dx);
                supply[6 * i + 3] -= ip[0] * dwx + ip[1] * dwy + ip[2] * dwz;
                supply[6 * i + 4] -= ip[3] * dwx + ip[4] * dwy + ip[5] * dwz;
                supply[6 * i + 5] -= ip[6] * dwx + ip[7] * dwy + ip[8] * dwz;
            }
        }
        int e = 0;
        for (int k : cl.bonds) {
            if (!f.bondAlive[k]) {
                continue;
            }
            if (e == ea.length) {
                ea = Arrays.copyOf(ea, 2 * e);
                eb = Arrays.copyOf(eb, 2 * e);
                edgeBond = Arrays.copyOf(edgeBond, 2 * e);
                weight = Arrays.copyOf(weight, 2 * e);
                arm = Arrays.copyOf(arm, 12 * e);
                turn = Arrays.copyOf(turn, 12 * e);
            }
            int pa = f.bondA[k], pb = f.bondB[k];
            ea[e] = f.localOf[pa];
            eb[e] = f.localOf[pb];
            weight[e] = f.bondArea[k];
            arm[6 * e] = f.bondX[k] - f.cx[pa];
            arm[6 * e + 1] = f.bondY[k] - f.cy[pa];
            arm[6 * e + 2] = f.bondZ[k] - f.cz[pa];
            arm[6 * e + 3] = f.bondX[k] - f.cx[pb];
            arm[6 * e + 4] = f.bondY[k] - f.cy[pb];
            arm[6 * e + 5] = f.bondZ[k] - f.cz[pb];
            System.arraycopy(f.bondTurn, 6 * k, turn, 6 * e, 6);
            edgeBond[e++] = k;
        }
        boolean held = false;
        for (int i = 0; i < m; i++) {
            int p = cl.pieces[i];
            pos[3 * i] = f.cx[p] - cl.tx;
            pos[3 * i + 1] = f.cy[p] - cl.ty;
            pos[3 * i + 2] = f.cz[p] - cl.tz;
            none[i] = 0;
            held |= ground[i] > 0;
        }
        if (held) {
            stress.supports(m, ground, groundTurn, pos, supply, reaction);
        }
        stress.solve(m, e, ea, eb, weight, arm, turn, none, none, supply, u);
        boolean broke = false;
        for (int i = 0; i < e; i++) {
            int a = 6 * ea[i], b = 6 * eb[i];
            int o = 6 * i;
            double ax = arm[o], ay = arm[o + 1], az = arm[o + 2];
            double bx = arm[o + 3], by = arm[o + 4], bz = arm[o + 5];
            double w = weight[i];
            // F = w ((t_a + r_a x ra) - (t_b + r_b x rb)), T = K (r_a - r_b)
            double fx = w * (u[a] + u[a + 4] * az - u[a + 5] * ay - u[b] - u[b + 4] * bz + u[b + 5] * by);
            double fy = w * (u[a + 1] + u[a + 5] * ax - u[a + 3] * az - u[b + 1] - u[b + 5] * bx + u[b + 3] * bz);
            double fz = w * (u[a + 2] + u[a + 3] * ay - u[a + 4] * ax - u[b + 2] - u[b + 3] * by + u[b + 4] * bx);
            double dx = u[a + 3] - u[b + 3], dy = u[a + 4] - u[b + 4], dz = u[a + 5] - u[b + 5];
            double mx = turn[o] * dx + turn[o + 3] * dy + turn[o + 4] * dz;
            double my = turn[o + 3] * dx + turn[o + 1] * dy + turn[o + 5] * dz;
            double mz = turn[o + 4] * dx + turn[o + 5] * dy + turn[o + 2] * dz;
            int k = edgeBond[i];
            double impulse = Math.sqrt(fx * fx + fy * fy + fz * fz);
            f.bondImpulse[k] = impulse;
            f.bondAngular[k] = Math.sqrt(mx * mx + my * my + mz * mz);
            double[] ft = f.bondVector;
            ft[6 * k] = fx;
            ft[6 * k + 1] = fy;
            ft[6 * k + 2] = fz;
            ft[6 * k + 3] = mx;
            ft[6 * k + 4] = my;
            ft[6 * k + 5] = mz;
            double load = impulse + f.bendingLoad(k, mx, my, mz);
            f.bondLoad[k] = load;
            if (load > f.strength) {
                f.bondAlive[k] = false;
                history.bond(f.number, k);
                breaks.add(new Fractures.Break(f.number, f.bondA[k], f.bondB[k]));
                broke = true;
            }
        }
        for (int i = 0; i < m; i++) {
            int p = cl.pieces[i];
            if (f.anchor[p] && held) {
                int o = 6 * i;
                double fx = reaction[o], fy = reaction[o + 1], fz = reaction[o + 2];
                double mx = reaction[o + 3], my = reaction[o + 4], mz = reaction[o + 5];
                double impulse = Math.sqrt(fx * fx + fy * fy + fz * fz)
                        + f.anchorLever * Math.sqrt(mx * mx + my * my + mz * mz);
                f.anchorImpulse[p] = impulse;
                if (impulse > f.strength) {
                    f.anchor[p] = false;
                    history.anchor(f.number, p);
                    breaks.add(new Fractures.Break(f.number, p, -1));
                    broke = true;
                }
            }
        }
        return broke;
    }

    /** The piece of the cluster whose hull point (x, y, z) (cluster body frame, m) lies deepest in. */
    private int pieceAt(Cluster cl, double x, double y, double z) {
        FracturedBody f = cl.f;
        int best = cl.pieces[0];
        double bestOut = Double.POSITIVE_INFINITY;
        for (int p : cl.pieces) {
            double qx = x - (f.cx[p] - cl.tx), qy = y - (f.cy[p] - cl.ty), qz = z - (f.cz[p] - cl.tz);
            ConvexHullShape h = f.shapes[p];
            double out = Double.NEGATIVE_INFINITY;
            for (int k = 0; k < h.faceCount() && out < bestOut; k++) {
                out = Math.max(out, h.faceNormalX(k) * qx + h.faceNormalY(k) * qy + h.faceNormalZ(k) * qz
                        - h.faceOffset(k));
            }
            if (out < bestOut) {
                bestOut = out;
                best = p;
            }
        }
        return best;
    }

    /** Row-major rotation matrix of the unit quaternion (x, y, z, w) into out. */
    static void quatMatrix(double x, double y, double z, double w, double[] out) {
        out[0] = 1 - 2 * (y * y + z * z);
        out[1] = 2 * (x * y - z * w);
        out[2] = 2 * (x * z + y * w);
        out[3] = 2 * (x * y + z * w);
        out[4] = 1 - 2 * (x * x + z * z);
        out[5] = 2 * (y * z - x * w);
        out[6] = 2 * (x * z - y * w);
        out[7] = 2 * (y * z + x * w);
        out[8] = 1 - 2 * (x * x + y * y);
    }
}
