package ricochet.soft;

/**
 * Particles resting on rigid shapes, as the contacts between cloths and soft bodies see them: a
 * particle that touched a shape in the last substep is held along the shape's normal by the shape's
 * mass as well as its own, so a heavy soft body pressing a light cloth particle onto a static box moves
 * itself, not the particle into the box.
 *
 * <p>Why: a cloth particle is hundreds of times lighter than a soft body's. Alone, the contact between
 * them ({@link SurfaceContacts}) moves the cloth particle by nearly the whole overlap, into the shape
 * under it; the contacts with rigid shapes ({@link RigidContacts}), solved later in the substep, push it
 * back into the soft body, and a body resting on a cloth that lies on a shape sinks through the cloth.
 * This is the contact-layer mass scaling of shock propagation (Guendelman, Bridson and Fedkiw 2003,
 * "Nonconvex rigid bodies with stacking", 5.3; for particles, Macklin et al. 2014, "Unified particle
 * physics for real-time applications", 5.2): what rests on the ground is heavier, for what presses on
 * it from above, by what it rests on.
 *
 * <p>Particle j of a soft contact of normal N, moved by {@code c_j dlambda} along N ({@code c = 1} for
 * the particle, {@code -b_k} for a triangle's corners), that touched proxy k with unit normal n, and
 * would be pushed into it ({@code c_j N . n < 0}), is stuck to the shape along n: particle and shape
 * move together along n with inverse mass {@code w_s = w wb / (w + wb)}, wb the shape's generalised
 * inverse mass along n at the particle (0 for a static or kinematic body), and freely across it:
 * <pre>
 *   W_j = w I - (w - w_s) n n^T
 *   dlambda = -C / sum c_j^2 N . W_j N,   x_j += c_j dlambda W_j N
 *   body impulse  c_j dlambda (N . n) n  w / (w + wb)   (position-level; over h, N s)
 * </pre>
 * so the shape takes the part of the push along n in proportion to its mass and momentum is exchanged
 * impulse for impulse. A dynamic body light against the particle ({@code wb >> w}) changes nothing.
 * Unilateral: a push that lifts the particle off the shape is the particle's alone. The record is the
 * last substep's ({@link RigidContacts} writes it and the contacts with rigid shapes come after those
 * between bodies), cleared at the start of each step: proxies are gathered again each step.
 */
final class ShapeSupports {

    /** Whether the soft contacts see the supports (a test turns it off to compare). */
    boolean enabled = true;
    /** The table: each particle's body, for its friction. */
    private final SoftTable t;
    /** Per held particle of the contact (at most four): index, proxy, coefficient c, w - w_s. */
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
        free += hold(p, r, b, i, 1, nx, ny, nz) ? 0 : w[i];
        free += hold(p, r, b, k1, -b1, nx, ny, nz) ? 0 : b1 * b1 * w[k1];
        free += hold(p, r, b, k2, -b2, nx, ny, nz) ? 0 : b2 * b2 * w[k2];
        free += hold(p, r, b, k3, -b3, nx, ny, nz) ? 0 : b3 * b3 * w[k3];
        if (count == 0 || !(free > 0)) {
            // Held on both sides (squeezed between shapes): only sliding across the normals would be
            // left to close the gap, as far as 1 / sin of the angle between them; the plain contact,
            // and the shapes' contacts after it, answer that instead.
            count = 0;
            return plain;
        }
        return plain - reduction(nx, ny, nz);
    }

    /** Records particle j if a shape holds it against a push along {@code c N}; whether it does. */
    private boolean hold(Particles p, RigidContacts r, BodyProxies b, int j, double c, double nx, double ny,
                         double nz) {
        int k = r.touchedProxy(j);
        double w = p.w[j];
        if (k < 0 || w == 0 || c == 0) {
            return false;
        }
        double[] n = r.touchN;
        double mx = n[3 * j], my = n[3 * j + 1], mz = n[3 * j + 2];
        double dn = nx * mx + ny * my + nz * mz;
        if (!(c * dn < 0)) {
            return false;
        }
        double wb = b.inverseMassAlong(k, p.x[j], p.y[j], p.z[j], mx, my, mz);
        int o = 3 * count;
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
    void correct(double[] x, double[] y, double[] z, double d, double ux, double uy, double uz) {
        for (int q = 0; q < count; q++) {
            int j = index[q];
            double s = coeff[q] * d * cut[q];
            if (full[q]) {
                x[j] -= s * ux;
                y[j] -= s * uy;
                z[j] -= s * uz;
            } else {
                int o = 3 * q;
                double un = s * (ux * normal[o] + uy * normal[o + 1] + uz * normal[o + 2]);
                x[j] -= un * normal[o];
                y[j] -= un * normal[o + 1];
                z[j] -= un * normal[o + 2];
            }
        }
    }

    /**
     * Gives each dynamic shape its share of the push {@code c_j d P_j u} (kg m) the particle passes on, as
     * an impulse over the substep h (s).
     */
    void impulse(Particles p, BodyProxies b, double d, double ux, double uy, double uz, double h) {
        for (int q = 0; q < count; q++) {
            if (!b.dynamic(proxy[q])) {
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
