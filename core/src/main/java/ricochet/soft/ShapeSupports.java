package ricochet.soft;

import java.util.Arrays;

/**
 * Particles resting on rigid shapes or on other soft bodies, as the contacts between cloths and soft
 * bodies see them: a particle that touched a shape in the last substep is held along the shape's normal
 * by the shape's mass as well as its own, so a heavy soft body pressing a light cloth particle onto a
 * static box moves itself, not the particle into the box. A particle that a soft body's surface
 * triangle pushed up (against gravity) in this substep or the last rests on it likewise, the triangle's
 * inverse mass at the point {@code wb = sum b_m^2 w_m}, and the triangle's corners take its share,
 * {@code x_m += w_m b_m (c_j dlambda w / (w + wb)) P N}: a cloth between two soft bodies is held by
 * the lower, as Macklin et al. scale mass by height; a record of a triangle of either body in the
 * contact is not used.
 *
 * <p>Why: a cloth particle is hundreds of times lighter than a soft body's. Alone, the contact between
 * them ({@link SurfaceContacts}) moves the cloth particle by nearly the whole overlap, into the shape
 * under it; the contacts with rigid shapes ({@link RigidContacts}), solved later in the substep, push it
 * back into the soft body, and a body resting on a cloth that lies on a shape sinks through the cloth.
 * This is the contact-layer mass scaling of shock propagation (Guendelman, Bridson and Fedkiw 2003,
 * "Nonconvex rigid bodies with stacking"; for particles, Macklin et al. 2014, "Unified particle
 * physics for real-time applications", 5.2): what rests on the ground is heavier, for what presses on
 * it from above, by what it rests on.
 *
 * <p>Particle j of a soft contact of normal N, moved by {@code c_j dlambda} along N ({@code c = 1} for
 * the particle, {@code -b_k} for a triangle's corners), that touched proxy k with unit normal n, and
 * would be pushed into it ({@code c_j N . n < 0}), moves with the shape: together they have inverse
 * mass {@code w_s = w wb / (w + wb)}, wb the shape's generalised inverse mass along n at the particle
 * (0 for a static or kinematic body). Within the friction cone of the particle's contact with the shape
 * ({@code |N - (N . n) n| <= mu |N . n|}, mu the particle's body's coefficient) the shape's static
 * friction holds it every way (P = I); outside, along n only ({@code P = n n^T}) and it slides across:
 * <pre>
 *   W_j = w I - (w - w_s) P
 *   dlambda = -C / sum c_j^2 N . W_j N,   x_j += c_j dlambda W_j N
 *   body impulse  c_j dlambda P N  w / (w + wb)   (position-level; over h, N s)
 * </pre>
 * so the shape takes its part of the push in proportion to its mass and momentum is exchanged impulse
 * for impulse. A dynamic body light against the particle ({@code wb >> w}) changes nothing. The
 * contact's friction uses the same W along its own direction. Unilateral: a push that lifts the particle
 * off the shape is the particle's alone. The rigid record is the last substep's ({@link RigidContacts}
 * writes it, and the contacts with rigid shapes come after those between bodies); both are dropped at
 * the start of each step (proxies are gathered again each step). Allocates nothing once grown.
 */
final class ShapeSupports {

    /** Whether the soft contacts see the supports (a test turns it off to compare). */
    boolean enabled = true;
    /** The table: each particle's body, for its friction. */
    private final SoftTable t;
    /**
     * Up (unit, against gravity; 0 without gravity), the substep count (never reset; a record is good
     * for the substep it was made in and the next) and per particle the soft triangle it rested on from
     * above: the substep, the corners (particle indices), their barycentric weights and its normal.
     */
    private double upX, upY, upZ;
    private int substep = 2;
    private int[] restStamp = new int[64], restOn = new int[192];
    private double[] restB = new double[192], restN = new double[192];
    /** Per held particle of the contact (at most four): index, proxy (-1 for a soft triangle), c, w - w_s. */
    private final int[] index = new int[4], proxy = new int[4];
    private final double[] coeff = new double[4], cut = new double[4];
    /** The shape's normal n, 3 per held particle, and whether it holds every way or along n only. */
    private final double[] normal = new double[12];
    private final boolean[] full = new boolean[4];
    /** The shape's share {@code w / (w + wb)} of a push the particle passes on. */
    private final double[] share = new double[4];
    private int count;

    ShapeSupports(SoftTable t) {
        this.t = t;
    }

    /** Starts a step: gravity (m/s^2) gives up; the last step's records are dropped. */
    void startStep(double gx, double gy, double gz, int particles) {
        double g = Math.sqrt(gx * gx + gy * gy + gz * gz);
        upX = g > 0 ? -gx / g : 0;
        upY = g > 0 ? -gy / g : 0;
        upZ = g > 0 ? -gz / g : 0;
        if (restStamp.length < particles) {
            int n = Math.max(particles, 2 * restStamp.length);
            restStamp = new int[n];
            restOn = new int[3 * n];
            restB = new double[3 * n];
            restN = new double[3 * n];
        }
        nextSubstep();
        nextSubstep();
    }

    /** Counts a substep: records older than the last substep's lapse. */
    void nextSubstep() {
        if (++substep == Integer.MAX_VALUE) {
            Arrays.fill(restStamp, 0);
            substep = 2;
        }
    }

    /**
     * Records that particle i rests on the soft triangle (k1, k2, k3) at barycentric b, unit normal N
     * from the triangle to the particle, when N points up: a layer above another is held by it.
     */
    void rest(int i, int k1, int k2, int k3, double b1, double b2, double b3, double nx, double ny,
              double nz) {
        if (!enabled || !(nx * upX + ny * upY + nz * upZ > 0) || i >= restStamp.length) {
            return;
        }
        restStamp[i] = substep;
        int o = 3 * i;
        restOn[o] = k1;
        restOn[o + 1] = k2;
        restOn[o + 2] = k3;
        restB[o] = b1;
        restB[o + 1] = b2;
        restB[o + 2] = b3;
        restN[o] = nx;
        restN[o + 1] = ny;
        restN[o + 2] = nz;
    }

    /**
     * The contact's denominator {@code sum c_j^2 N . W_j N} from the plain one {@code sum c_j^2 w_j},
     * remembering the particles the shapes hold for {@link #reduction}, {@link #correct} and
     * {@link #impulse}; the plain one when none is held.
     */
    double denominator(Particles p, RigidContacts r, BodyProxies b, int i, int k1, int k2, int k3,
                       double b1, double b2, double b3, double nx, double ny, double nz, double plain) {
        count = 0;
        if (!enabled) {
            return plain;
        }
        double[] w = p.w;
        double free = 0;
        // A soft triangle of either body in the contact is not a layer below it.
        int oa = p.owner[i], ob = p.owner[k1];
        free += hold(p, r, b, i, 1, nx, ny, nz, oa, ob) ? 0 : w[i];
        free += hold(p, r, b, k1, -b1, nx, ny, nz, oa, ob) ? 0 : b1 * b1 * w[k1];
        free += hold(p, r, b, k2, -b2, nx, ny, nz, oa, ob) ? 0 : b2 * b2 * w[k2];
        free += hold(p, r, b, k3, -b3, nx, ny, nz, oa, ob) ? 0 : b3 * b3 * w[k3];
        if (count == 0 || !(free > 0)) {
            // Held on both sides (squeezed between shapes): only sliding across the normals would be
            // left to close the gap, as far as 1 / sin of the angle between them; the plain contact,
            // and the shapes' contacts after it, answer that instead.
            count = 0;
            return plain;
        }
        return plain - reduction(nx, ny, nz);
    }

    /** Records particle j if a shape holds it against a push along {@code c N}; whether one does. */
    private boolean hold(Particles p, RigidContacts r, BodyProxies b, int j, double c, double nx, double ny,
                         double nz, int own1, int own2) {
        int k = r.touchedProxy(j);
        double w = p.w[j];
        if (w == 0 || c == 0) {
            return false;
        }
        double[] n;
        int o = 3 * j;
        if (k >= 0) {
            n = r.touchN;
        } else if (j < restStamp.length && restStamp[j] >= substep - 1 && p.owner[restOn[o]] != own1
                && p.owner[restOn[o]] != own2) {
            n = restN;
        } else {
            return false;
        }
        double mx = n[o], my = n[o + 1], mz = n[o + 2];
        double dn = nx * mx + ny * my + nz * mz;
        if (!(c * dn < 0)) {
            return false;
        }
        double wb;
        if (k >= 0) {
            wb = b.inverseMassAlong(k, p.x[j], p.y[j], p.z[j], mx, my, mz);
        } else {
            // The triangle's inverse mass at the point: sum b_m^2 w_m.
            double[] bb = restB, pw = p.w;
            int[] on = restOn;
            wb = bb[o] * bb[o] * pw[on[o]] + bb[o + 1] * bb[o + 1] * pw[on[o + 1]]
                    + bb[o + 2] * bb[o + 2] * pw[on[o + 2]];
        }
        o = 3 * count;
        normal[o] = mx;
        normal[o + 1] = my;
        normal[o + 2] = mz;
        // Within the friction cone of the particle's contact with the shape (|N_t| <= mu |N . n|) the
        // shape holds it every way (static friction); outside, along n only, and it slides across.
        double mu = t.all[p.owner[j]].friction;
        full[count] = Math.max(0, 1 - dn * dn) <= mu * mu * dn * dn;
        index[count] = j;
        proxy[count] = k;
        coeff[count] = c;
        // w - w_s = w - w wb / (w + wb) = w^2 / (w + wb)
        cut[count] = w * w / (w + wb);
        share[count] = w / (w + wb);
        count++;
        return true;
    }

    /** Whether the last {@link #denominator} found a held particle. */
    boolean any() {
        return count > 0;
    }

    /**
     * {@code sum c_j^2 (w - w_s) u . P_j u} over the held particles, for unit u: what the shapes take off
     * a denominator {@code sum c_j^2 w_j} for a push along u. P is I for a particle held every way, n n^T
     * for one held along n.
     */
    double reduction(double ux, double uy, double uz) {
        double d = 0;
        for (int q = 0; q < count; q++) {
            double pu = 1;
            if (!full[q]) {
                int o = 3 * q;
                double un = ux * normal[o] + uy * normal[o + 1] + uz * normal[o + 2];
                pu = un * un;
            }
            d += coeff[q] * coeff[q] * cut[q] * pu;
        }
        return d;
    }

    /**
     * After the plain move {@code x_j += c_j w_j d u} (d u: dlambda N, the carried overlap's share of N,
     * or friction's move): takes off the part the shapes hold, {@code x_j -= c_j d (w - w_s) P_j u}.
     */
    void correct(Particles p, double[] x, double[] y, double[] z, double d, double ux, double uy, double uz) {
        for (int q = 0; q < count; q++) {
            int j = index[q], o = 3 * q;
            // P u
            double px = ux, py = uy, pz = uz;
            if (!full[q]) {
                double un = ux * normal[o] + uy * normal[o + 1] + uz * normal[o + 2];
                px = un * normal[o];
                py = un * normal[o + 1];
                pz = un * normal[o + 2];
            }
            double s = coeff[q] * d * cut[q];
            x[j] -= s * px;
            y[j] -= s * py;
            z[j] -= s * pz;
            if (proxy[q] < 0) {
                // A soft triangle takes its share at its point: x_m += w_m b_m (c d w / (w + wb)) P u.
                double g = coeff[q] * d * share[q];
                int r = 3 * j;
                for (int m = 0; m < 3; m++) {
                    int k = restOn[r + m];
                    double f = p.w[k] * restB[r + m] * g;
                    x[k] += f * px;
                    y[k] += f * py;
                    z[k] += f * pz;
                }
            }
        }
    }

    /**
     * Gives each dynamic shape its share of the push {@code c_j d P_j u} (kg m) the particle passes on, as
     * an impulse over the substep h (s).
     */
    void impulse(Particles p, BodyProxies b, double d, double ux, double uy, double uz, double h) {
        for (int q = 0; q < count; q++) {
            if (proxy[q] < 0 || !b.dynamic(proxy[q])) {
                continue;
            }
            int j = index[q], o = 3 * q;
            double s = coeff[q] * d * share[q] / h;
            double jx = s * ux, jy = s * uy, jz = s * uz;
            if (!full[q]) {
                double un = jx * normal[o] + jy * normal[o + 1] + jz * normal[o + 2];
                jx = un * normal[o];
                jy = un * normal[o + 1];
                jz = un * normal[o + 2];
            }
            b.applyImpulse(proxy[q], jx, jy, jz, p.x[j], p.y[j], p.z[j]);
        }
    }
}
