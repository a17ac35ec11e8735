package ricochet.soft;

import java.util.Arrays;
import ricochet.geometry.shape.SphereShape;

/**
 * The fail-safe that keeps a moving sphere's centre from passing through a cloth: after a substep's
 * contacts and velocity pass, a centre that crossed a triangle, or came nearer to one than it began
 * and than half its radius, is taken back by making the sphere and the triangle's corners one rigid
 * impact zone, moving together at one velocity from where they were at the substep's start (Provot
 * 1997, "Collision and self-collision handling in cloth model dedicated to design garments"; Bridson,
 * Fedkiw and Anderson 2002, "Robust treatment of collisions, contact and friction for cloth
 * animation", 7.4; Harmon et al. 2008, "Robust treatment of simultaneous collisions").
 *
 * <p>Why: the sided and particle contacts ({@link SidedContacts}, {@link RigidContacts}) are one
 * Gauss-Seidel pass a substep over a sheet hundreds of times lighter than the ball; a ball fired at
 * 50-250 m/s (up to 0.2 m a substep, more than a cell) came out of the pass with its centre beyond the
 * triangles it met in every one of {@code ClothShotTest}'s shots, and flew on.
 *
 * <p>Per substep, for each moving sphere near a cloth: the centre c and the corners x1, x2, x3 of each
 * triangle move linearly from their positions at the substep's start (the proxy's {@code pcx ..};
 * the particles' own, kept before the prediction, since a contact moves {@code sx ..} too) to where
 * the substep left them. The centre crosses the triangle at a time t in [0, 1] where the four points
 * are coplanar,
 *
 * <pre>
 *     f(t) = ((x2 - x1) x (x3 - x1)) . (c - x1) = c0 + c1 t + c2 t^2 + c3 t^3 = 0,
 * </pre>
 *
 * f changes sign there (it is monotone between the roots of f') and the centre lies inside the
 * triangle at that moment (Bridson et al. 2002, 6.2). Proximity: the centre ends, on the side it
 * started, nearer to the triangle's plane than {@link #PROXIMITY} times the radius and than it began,
 * over the triangle's inside. The second keeps the centre clear of a triangle at the substep's end,
 * where the next substep's contacts (or the next step's proxy, which starts where this one left its
 * body) take over. The zone is the sphere and the corners of every such triangle; each member
 * gets the velocity that keeps the zone's linear momentum,
 *
 * <pre>
 *     V = (M vb + sum m_i v_i) / (M + sum m_i),   x_i = x_i(start) + h V,   c = c(start) + h V,   v_i = vb = V,
 * </pre>
 *
 * M and vb the sphere's mass and velocity, v_i the particles' velocities after the velocity pass: an
 * inelastic merge, so kinetic energy is only lost. The zone is immovable (V = 0, the pins taking its
 * momentum, counted in {@link SoftBodies#pinImpulse}) when a member is pinned, or when the move would
 * carry a member farther from one of its pins than its long-range attachment allows (and farther than
 * it was): the sheet is taut, and the pins hold the ball. Without that rule the zone dragged the
 * particles past their attachments, and the contact-and-attachment block ({@link TetheredContacts})
 * handed the gap back to the ball as speed: shots gained up to 1e12 m/s. A kinematic sphere carries
 * the zone at its own velocity. Moved rigidly, the zone's triangles keep their start side and distance
 * from the centre, but a triangle that shares a corner with the zone may now be crossed: the detection
 * runs again, the zone grows by those corners and moves again from the start, until no triangle is
 * crossed or approached. Each round adds a particle (a triangle whose corners are all in the zone keeps
 * its distance), so it ends within the cloth's particle count; in practice within a few rounds.
 *
 * <p>Zones of different spheres are formed one sphere after another.
 */
final class ImpactZones {

    /** Whether the fail-safe runs; a test turns it off to see what it does. */
    boolean enabled = true;
    /** The distance from a triangle (a fraction of the sphere's radius) inside which the centre is held. */
    static final double PROXIMITY = 0.5;
    /** Round-off allowed on a held distance, m. */
    private static final double SLACK = 1e-9;
    /** Bisection steps for the crossing time: 2^-50 of the substep. */
    private static final int BISECTIONS = 50;

    /** The zone's particles, and a flag per particle for membership. */
    private int[] zone = new int[16];
    private int size;
    private boolean[] member = new boolean[64];
    /**
     * Every particle's position at the substep's start, m: the contacts move {@code sx ..} out of a
     * shape with the particle where the substep began inside it, which is a move too.
     */
    private double[] ox = new double[64], oy = new double[64], oz = new double[64];

    /**
     * Keeps every particle's position at the start of the substep (before the prediction), when a
     * moving sphere is among the step's proxies: only those form zones.
     */
    void begin(Particles p, BodyProxies b) {
        if (!enabled || !movingSphere(b)) {
            return;
        }
        if (ox.length < p.count) {
            int n = Math.max(p.count, 2 * ox.length);
            ox = new double[n];
            oy = new double[n];
            oz = new double[n];
        }
        System.arraycopy(p.x, 0, ox, 0, p.count);
        System.arraycopy(p.y, 0, oy, 0, p.count);
        System.arraycopy(p.z, 0, oz, 0, p.count);
    }

    private static boolean movingSphere(BodyProxies b) {
        for (int k = 0; k < b.count; k++) {
            if (b.movingSphere(k)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The cloth triangles {@code triangles} (indices from {@code first}) against the moving spheres
     * among the proxies {@code proxies[from .. to - 1]}; h the substep in s.
     */
    void solve(Particles p, BodyProxies b, RigidContacts contacts, int[] proxies, int from, int to, int first,
               int[] triangles, double h) {
        if (!enabled) {
            return;
        }
        for (int q = from; q < to; q++) {
            int k = proxies[q];
            if (!b.movingSphere(k)) {
                continue;
            }
            if (member.length < p.count) {
                member = new boolean[Math.max(p.count, 2 * member.length)];
            }
            size = 0;
            double near = PROXIMITY * ((SphereShape) b.shape[k]).radius();
            while (grow(p, b, k, first, triangles, near)) {
                move(p, b, contacts, k, h);
            }
            for (int z = 0; z < size; z++) {
                member[zone[z]] = false;
            }
        }
    }

    /** Adds the corners of every triangle the centre of proxy k crosses or approaches; whether any was new. */
    private boolean grow(Particles p, BodyProxies b, int k, int first, int[] t, double near) {
        double px = b.pcx[k], py = b.pcy[k], pz = b.pcz[k], cx = b.cx[k], cy = b.cy[k], cz = b.cz[k];
        double loX = Math.min(px, cx) - near, loY = Math.min(py, cy) - near, loZ = Math.min(pz, cz) - near;
        double hiX = Math.max(px, cx) + near, hiY = Math.max(py, cy) + near, hiZ = Math.max(pz, cz) + near;
        boolean added = false;
        for (int f = 0; f < t.length; f += 3) {
            int i1 = first + t[f], i2 = first + t[f + 1], i3 = first + t[f + 2];
            if (member[i1] && member[i2] && member[i3]) {
                continue;
            }
            if (SidedContacts.outside(p.x, ox, i1, i2, i3, loX, hiX) || SidedContacts.outside(p.y, oy, i1, i2, i3, loY, hiY)
                    || SidedContacts.outside(p.z, oz, i1, i2, i3, loZ, hiZ)) {
                continue;
            }
            if (crosses(ox, oy, oz, p.x, p.y, p.z, i1, i2, i3, px, py, pz, cx, cy, cz)
                    || approaches(p, i1, i2, i3, px, py, pz, cx, cy, cz, near)) {
                added |= add(i1);
                added |= add(i2);
                added |= add(i3);
            }
        }
        return added;
    }

    private boolean add(int i) {
        if (member[i]) {
            return false;
        }
        member[i] = true;
        if (size == zone.length) {
            zone = Arrays.copyOf(zone, 2 * size);
        }
        zone[size++] = i;
        return true;
    }

    /**
     * Whether the point ends nearer than {@code near} to the triangle's plane, on the side it started,
     * its projection inside the triangle, and nearer than it started.
     */
    private boolean approaches(Particles p, int i1, int i2, int i3, double px, double py, double pz,
                               double cx, double cy, double cz, double near) {
        double d0 = planeDistance(ox, oy, oz, i1, i2, i3, px, py, pz);
        double d = planeDistance(p.x, p.y, p.z, i1, i2, i3, cx, cy, cz);
        if (d0 < 0) {
            d0 = -d0;
            d = -d;
        }
        if (!(d < Math.min(near, d0) - SLACK) || d < 0) {
            return false;
        }
        return SidedContacts.inside(p.x[i1], p.y[i1], p.z[i1], p.x[i2], p.y[i2], p.z[i2], p.x[i3], p.y[i3], p.z[i3], cx, cy,
                cz);
    }

    /** The signed distance (m) of point q from the plane of triangle i1, i2, i3 of positions (x, y, z). */
    private static double planeDistance(double[] x, double[] y, double[] z, int i1, int i2, int i3, double qx,
                                        double qy, double qz) {
        double ax = x[i2] - x[i1], ay = y[i2] - y[i1], az = z[i2] - z[i1];
        double bx = x[i3] - x[i1], by = y[i3] - y[i1], bz = z[i3] - z[i1];
        double nx = ay * bz - az * by, ny = az * bx - ax * bz, nz = ax * by - ay * bx;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (!(len > 0)) {
            return Double.POSITIVE_INFINITY;
        }
        return (nx * (qx - x[i1]) + ny * (qy - y[i1]) + nz * (qz - z[i1])) / len;
    }

    /** Moves the zone and proxy k from the substep's start at one velocity (above). */
    private void move(Particles p, BodyProxies b, RigidContacts contacts, int k, double h) {
        boolean pinned = false;
        double mx = 0, my = 0, mz = 0, mass = 0;
        for (int z = 0; z < size; z++) {
            int i = zone[z];
            if (p.w[i] == 0) {
                pinned = true;
                continue;
            }
            mass += p.m[i];
            mx += p.m[i] * p.vx[i];
            my += p.m[i] * p.vy[i];
            mz += p.m[i] * p.vz[i];
        }
        double vx, vy, vz;
        boolean dynamic = b.dynamic(k);
        double ballMass = dynamic ? 1 / b.start[SoftHost.STATE_SIZE * k + 16] : 0;
        if (pinned) {
            vx = 0;
            vy = 0;
            vz = 0;
        } else if (!dynamic) {
            vx = b.vx[k];
            vy = b.vy[k];
            vz = b.vz[k];
        } else {
            double total = ballMass + mass;
            vx = (ballMass * b.vx[k] + mx) / total;
            vy = (ballMass * b.vy[k] + my) / total;
            vz = (ballMass * b.vz[k] + mz) / total;
            // A member carried past its tethers' reach: the sheet is taut and the pins hold the zone.
            for (int z = 0; z < size && !pinned; z++) {
                int i = zone[z];
                pinned = contacts.tethers.stretches(p, i, ox[i], oy[i], oz[i], ox[i] + vx * h, oy[i] + vy * h,
                        oz[i] + vz * h) || contacts.heldBy(b, i, k, vx, vy, vz);
            }
            if (pinned) {
                vx = 0;
                vy = 0;
                vz = 0;
            }
        }
        double dx = vx * h, dy = vy * h, dz = vz * h;
        for (int z = 0; z < size; z++) {
            int i = zone[z];
            if (p.w[i] == 0) {
                continue;
            }
            p.x[i] = ox[i] + dx;
            p.y[i] = oy[i] + dy;
            p.z[i] = oz[i] + dz;
            p.sx[i] = ox[i];
            p.sy[i] = oy[i];
            p.sz[i] = oz[i];
            p.vx[i] = vx;
            p.vy[i] = vy;
            p.vz[i] = vz;
        }
        if (pinned) {
            // The pins take the zone's change of momentum, N s.
            p.pinJx += mass * vx - mx + (dynamic ? ballMass * (vx - b.vx[k]) : 0);
            p.pinJy += mass * vy - my + (dynamic ? ballMass * (vy - b.vy[k]) : 0);
            p.pinJz += mass * vz - mz + (dynamic ? ballMass * (vz - b.vz[k]) : 0);
        }
        if (dynamic) {
            b.vx[k] = vx;
            b.vy[k] = vy;
            b.vz[k] = vz;
            b.cx[k] = b.pcx[k] + dx;
            b.cy[k] = b.pcy[k] + dy;
            b.cz[k] = b.pcz[k] + dz;
        }
    }

    /**
     * Whether the point moving from (px, py, pz) to (cx, cy, cz) crosses the triangle of particles i1,
     * i2, i3 moving from their start positions to their positions now (above).
     */
    static boolean crosses(double[] sx, double[] sy, double[] sz, double[] x, double[] y, double[] z, int i1,
                           int i2, int i3, double px, double py, double pz, double cx, double cy, double cz) {
        // At the start: edges a, b and the point r from corner 1; their changes over the substep: da, db, dr.
        double ax = sx[i2] - sx[i1], ay = sy[i2] - sy[i1], az = sz[i2] - sz[i1];
        double bx = sx[i3] - sx[i1], by = sy[i3] - sy[i1], bz = sz[i3] - sz[i1];
        double rx = px - sx[i1], ry = py - sy[i1], rz = pz - sz[i1];
        double dax = x[i2] - x[i1] - ax, day = y[i2] - y[i1] - ay, daz = z[i2] - z[i1] - az;
        double dbx = x[i3] - x[i1] - bx, dby = y[i3] - y[i1] - by, dbz = z[i3] - z[i1] - bz;
        double drx = cx - x[i1] - rx, dry = cy - y[i1] - ry, drz = cz - z[i1] - rz;
        // n(t) = (a + t da) x (b + t db) = n0 + t n1 + t^2 n2
        double n0x = ay * bz - az * by, n0y = az * bx - ax * bz, n0z = ax * by - ay * bx;
        double n1x = ay * dbz - az * dby + day * bz - daz * by;
        double n1y = az * dbx - ax * dbz + daz * bx - dax * bz;
        double n1z = ax * dby - ay * dbx + dax * by - day * bx;
        double n2x = day * dbz - daz * dby, n2y = daz * dbx - dax * dbz, n2z = dax * dby - day * dbx;
        // f(t) = n(t) . (r + t dr)
        double c0 = n0x * rx + n0y * ry + n0z * rz;
        double c1 = n0x * drx + n0y * dry + n0z * drz + n1x * rx + n1y * ry + n1z * rz;
        double c2 = n1x * drx + n1y * dry + n1z * drz + n2x * rx + n2y * ry + n2z * rz;
        double c3 = n2x * drx + n2y * dry + n2z * drz;
        // f is monotone between the roots of f' = 3 c3 t^2 + 2 c2 t + c1 in (0, 1).
        double t1 = 1, t2 = 1;
        double qa = 3 * c3, qb = 2 * c2;
        if (qa != 0) {
            double disc = qb * qb - 4 * qa * c1;
            if (disc >= 0) {
                // Roots without cancellation: q = -(qb + sign(qb) sqrt(disc)) / 2, roots q / qa and c1 / q.
                double q = -0.5 * (qb + Math.copySign(Math.sqrt(disc), qb));
                double u = q / qa, v = q != 0 ? c1 / q : u;
                t1 = Math.min(u, v);
                t2 = Math.max(u, v);
            }
        } else if (qb != 0) {
            t1 = -c1 / qb;
        }
        if (!(t1 > 0 && t1 < 1)) {
            t1 = t2;
            t2 = 1;
        }
        t1 = t1 > 0 && t1 < 1 ? t1 : 1;
        t2 = t2 > t1 && t2 < 1 ? t2 : 1;
        return crossesIn(sx, sy, sz, x, y, z, i1, i2, i3, px, py, pz, cx, cy, cz, c0, c1, c2, c3, 0, t1)
                || crossesIn(sx, sy, sz, x, y, z, i1, i2, i3, px, py, pz, cx, cy, cz, c0, c1, c2, c3, t1, t2)
                || crossesIn(sx, sy, sz, x, y, z, i1, i2, i3, px, py, pz, cx, cy, cz, c0, c1, c2, c3, t2, 1);
    }

    /** Whether f changes sign in [lo, hi] (where it is monotone) with the point inside at the root. */
    private static boolean crossesIn(double[] sx, double[] sy, double[] sz, double[] x, double[] y, double[] z,
                                     int i1, int i2, int i3, double px, double py, double pz, double cx,
                                     double cy, double cz, double c0, double c1, double c2, double c3, double lo,
                                     double hi) {
        if (!(hi > lo)) {
            return false;
        }
        double flo = ((c3 * lo + c2) * lo + c1) * lo + c0, fhi = ((c3 * hi + c2) * hi + c1) * hi + c0;
        if (!(flo < 0 && fhi >= 0 || flo > 0 && fhi <= 0)) {
            return false;
        }
        for (int it = 0; it < BISECTIONS; it++) {
            double mid = 0.5 * (lo + hi), fm = ((c3 * mid + c2) * mid + c1) * mid + c0;
            if (fm != 0 && (fm < 0) == (flo < 0)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        double t = hi, s = 1 - t;
        return SidedContacts.inside(s * sx[i1] + t * x[i1], s * sy[i1] + t * y[i1], s * sz[i1] + t * z[i1],
                s * sx[i2] + t * x[i2], s * sy[i2] + t * y[i2], s * sz[i2] + t * z[i2],
                s * sx[i3] + t * x[i3], s * sy[i3] + t * y[i3], s * sz[i3] + t * z[i3],
                s * px + t * cx, s * py + t * cy, s * pz + t * cz);
    }
}
