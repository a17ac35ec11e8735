package ricochet.soft;

import java.util.Arrays;
import ricochet.geometry.shape.RayHit;
import ricochet.geometry.shape.ShapeRaycast;
import ricochet.geometry.shape.ShapeSdf;
import ricochet.geometry.shape.TriangleShape;

/**
 * Particles against rigid bodies, once per substep after the other constraints, and attachments of
 * particles to points of rigid bodies.
 *
 * <p>Contact: {@code C = d(x) - thickness >= 0}, d the shape's signed distance at the particle in the
 * proxy's frame ({@link BodyProxies}), n its gradient. Where the particle moved further than the
 * thickness relative to the body in the substep, the segment it swept is cast against the shape
 * first: a particle that crossed the surface is taken back to where it entered, so neither a fast
 * particle nor a fast body can pass through a wall thinner than one substep's travel. The correction
 * is shared with a dynamic body by generalised inverse mass, {@code dlambda = -C / (w + w_body(n))},
 * {@code x += w dlambda n}, and the body gets the opposite impulse {@code -dlambda n / h} at the
 * particle. Friction (Macklin et al. 2014, "Unified particle physics", 6.1): the tangential part
 * {@code dt} of the particle's motion relative to the body in the substep is undone up to
 * {@code mu |C|} (all of it while it is within that, sticking), shared with the body the same way.
 * Overlap the particle already had at the start of the substep (pushed there by another shape, as in
 * the wedge where a body meets the ground) is moved out of x and x_s together (Macklin et al. 2014,
 * 4.4, pre-stabilisation): it becomes neither velocity nor an impulse on the body.
 *
 * <p>Attachment: {@code C = |x - a|}, a the body point that moves with the proxy; rigid, two-way.
 */
final class RigidContacts {

    private final RayHit hit = new RayHit();
    private final double[] n = new double[3];
    private final double[] pv = new double[3];
    /** A tethered particle's contact with a dynamic body, solved with its tethers. */
    final TetheredContacts tethers = new TetheredContacts();
    /** Per particle: the proxy it touched in the last substep (-1 for none) and the normal there. */
    private int[] touched = new int[64];
    double[] touchN = new double[192];

    // Attachments: particle, collider, anchor in the body frame relative to the centre of mass.
    int attachments;
    int[] attParticle = new int[8];
    int[] attCollider = new int[8];
    double[] attLocal = new double[24];
    /** Proxy of each attachment this step. */
    int[] attProxy = new int[8];

    void addAttachment(int particle, int collider, double lx, double ly, double lz) {
        if (attachments == attParticle.length) {
            int c = 2 * attachments;
            attParticle = Arrays.copyOf(attParticle, c);
            attCollider = Arrays.copyOf(attCollider, c);
            attProxy = Arrays.copyOf(attProxy, c);
            attLocal = Arrays.copyOf(attLocal, 3 * c);
        }
        attParticle[attachments] = particle;
        attCollider[attachments] = collider;
        attLocal[3 * attachments] = lx;
        attLocal[3 * attachments + 1] = ly;
        attLocal[3 * attachments + 2] = lz;
        attachments++;
    }

    /** Drops the attachments to a collider (its body is gone), or of particles in a removed run. */
    void removeAttachments(int collider, int first, int count) {
        int k = 0;
        for (int a = 0; a < attachments; a++) {
            int p = count > 0 ? Particles.remap(attParticle[a], first, count) : attParticle[a];
            if (p < 0 || attCollider[a] == collider) {
                continue;
            }
            attParticle[k] = p;
            attCollider[k] = attCollider[a];
            System.arraycopy(attLocal, 3 * a, attLocal, 3 * k, 3);
            k++;
        }
        attachments = k;
    }

    /** The proxy particle i touched in the last substep of this step, -1 for none. */
    int touchedProxy(int i) {
        return i < touched.length ? touched[i] : -1;
    }

    /** Forgets which particles touched which proxy: the proxies are gathered again each step. */
    void forgetTouches() {
        Arrays.fill(touched, -1);
    }

    /** Pulls attached particles to their body points. */
    void solveAttachments(Particles p, BodyProxies b, double h) {
        double[] r = b.rot;
        for (int a = 0; a < attachments; a++) {
            int i = attParticle[a], k = attProxy[a], m = 9 * k;
            double lx = attLocal[3 * a], ly = attLocal[3 * a + 1], lz = attLocal[3 * a + 2];
            // a = c + R l
            double ax = b.cx[k] + r[m] * lx + r[m + 1] * ly + r[m + 2] * lz;
            double ay = b.cy[k] + r[m + 3] * lx + r[m + 4] * ly + r[m + 5] * lz;
            double az = b.cz[k] + r[m + 6] * lx + r[m + 7] * ly + r[m + 8] * lz;
            double dx = p.x[i] - ax, dy = p.y[i] - ay, dz = p.z[i] - az;
            double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
            if (len < 1e-12) {
                continue;
            }
            double nx = dx / len, ny = dy / len, nz = dz / len;
            double wsum = p.w[i] + b.inverseMassAlong(k, ax, ay, az, nx, ny, nz);
            if (wsum == 0) {
                continue;
            }
            double dl = -len / wsum;
            p.x[i] += p.w[i] * dl * nx;
            p.y[i] += p.w[i] * dl * ny;
            p.z[i] += p.w[i] * dl * nz;
            b.applyImpulse(k, -dl * nx / h, -dl * ny / h, -dl * nz / h, ax, ay, az);
        }
    }

    /**
     * Whether particle i touched a proxy other than {@code k} that does not move under impulses (static
     * or kinematic) in the last substep, and a move by d (world, m) would take it into that proxy's shape.
     */
    boolean heldBy(BodyProxies b, int i, int k, double dx, double dy, double dz) {
        int q = touched[i];
        return q >= 0 && q != k && !b.dynamic(q)
                && touchN[3 * i] * dx + touchN[3 * i + 1] * dy + touchN[3 * i + 2] * dz < 0;
    }

    /**
     * Contacts of particles {@code first .. first + count - 1} with the proxies
     * {@code proxies[from .. to - 1]}.
     */
    void solve(Particles p, BodyProxies b, int[] proxies, int from, int to, int first, int count,
               double thickness, double friction, double h) {
        double[] r = b.rot;
        if (touched.length < p.count) {
            touched = Arrays.copyOf(touched, Math.max(p.count, 2 * touched.length));
            touchN = Arrays.copyOf(touchN, 3 * touched.length);
        }
        for (int i = first; i < first + count; i++) {
            touched[i] = -1;
            double w = p.w[i];
            if (w == 0) {
                continue;
            }
            for (int q = from; q < to; q++) {
                int k = proxies[q];
                // The shape's box (padded by the thickness) where the proxy is now; in its frame the
                // particle's substep is the segment from start (less the proxy's own move) to x.
                double[] box = b.box;
                double x = p.x[i], y = p.y[i], z = p.z[i];
                double ox = b.boxShift(k, 0), oy = b.boxShift(k, 1), oz = b.boxShift(k, 2);
                double bx = x - ox, by = y - oy, bz = z - oz;
                if (!b.turned[k] && (bx < box[6 * k] || by < box[6 * k + 1] || bz < box[6 * k + 2]
                        || bx > box[6 * k + 3] || by > box[6 * k + 4] || bz > box[6 * k + 5])) {
                    double px = b.cx[k] - b.pcx[k], py = b.cy[k] - b.pcy[k], pz = b.cz[k] - b.pcz[k];
                    if (!crossesBox(p.sx[i] - ox + px, p.sy[i] - oy + py, p.sz[i] - oz + pz, bx, by, bz, box, 6 * k)) {
                        continue;
                    }
                }
                int m = 9 * k, o = SoftHost.STATE_SIZE * k;
                double lcx = b.start[o + 7], lcy = b.start[o + 8], lcz = b.start[o + 9];
                // local = R^T (x - c) + c_body
                double dx = x - b.cx[k], dy = y - b.cy[k], dz = z - b.cz[k];
                double lx = r[m] * dx + r[m + 3] * dy + r[m + 6] * dz + lcx;
                double ly = r[m + 1] * dx + r[m + 4] * dy + r[m + 7] * dz + lcy;
                double lz = r[m + 2] * dx + r[m + 5] * dy + r[m + 8] * dz + lcz;
                double err = 1;
                double nlx = 0, nly = 0, nlz = 0;
                // The contact's point on the body, local: the lever of the body's share. Not the
                // particle, which a sweep may find far past the body.
                double qlx = 0, qly = 0, qlz = 0;
                // The substep's start in the frame the proxy has now: the sweep follows the particle
                // relative to the body's centre, and what the body's turn alone brings inside is found
                // at the end point (a spinning sphere would otherwise sweep chords through its particles).
                dx = p.sx[i] - b.pcx[k];
                dy = p.sy[i] - b.pcy[k];
                dz = p.sz[i] - b.pcz[k];
                double sx = r[m] * dx + r[m + 3] * dy + r[m + 6] * dz + lcx;
                double sy = r[m + 1] * dx + r[m + 4] * dy + r[m + 7] * dz + lcy;
                double sz = r[m + 2] * dx + r[m + 5] * dy + r[m + 8] * dz + lcz;
                double mx = lx - sx, my = ly - sy, mz = lz - sz;
                boolean swept = false;
                boolean far = mx * mx + my * my + mz * mz > thickness * thickness
                        && !(b.shape[k] instanceof TriangleShape);
                double ds = far ? ShapeSdf.distance(b.shape[k], sx, sy, sz) : 0;
                if (far && ds < thickness) {
                    // Touching when the substep began: no ray from there enters the shape, so the move
                    // is measured along the normal it started at (a body that overtakes a particle
                    // resting on its front would otherwise pass it and push it out at its back).
                    ShapeSdf.normal(b.shape[k], sx, sy, sz, n);
                    double into = mx * n[0] + my * n[1] + mz * n[2];
                    if (into < 0) {
                        nlx = n[0];
                        nly = n[1];
                        nlz = n[2];
                        err = ds + into - thickness;
                        swept = err < 0;
                        qlx = sx - ds * nlx;
                        qly = sy - ds * nly;
                        qlz = sz - ds * nlz;
                    }
                } else if (far && ShapeRaycast.raycast(b.shape[k], sx, sy, sz, mx, my, mz, 1, hit)
                        && hit.fraction > 0) {
                    nlx = hit.nx;
                    nly = hit.ny;
                    nlz = hit.nz;
                    double hx = hit.px, hy = hit.py, hz = hit.pz;
                    // Crossed, not clipped: the particle ends inside, or left through a face turned away
                    // from the one it entered by (a wall), not a neighbouring one (a corner it cut), or
                    // its chord through the shape runs deeper than the thickness (a curved body it went
                    // through off its centre line, where entry and exit normals are not opposite).
                    boolean crossed = ShapeSdf.distance(b.shape[k], lx, ly, lz) < 0
                            || (ShapeRaycast.raycast(b.shape[k], lx, ly, lz, -mx, -my, -mz, 1, hit) && hit.fraction > 0
                            && (hit.nx * nlx + hit.ny * nly + hit.nz * nlz < -0.5 || ShapeSdf.distance(b.shape[k],
                            0.5 * (hx + hit.px), 0.5 * (hy + hit.py), 0.5 * (hz + hit.pz)) < -thickness));
                    if (crossed) {
                        err = (lx - hx) * nlx + (ly - hy) * nly + (lz - hz) * nlz - thickness;
                        swept = err < 0;
                        qlx = hx;
                        qly = hy;
                        qlz = hz;
                    }
                }
                if (!swept) {
                    double d = ShapeSdf.distance(b.shape[k], lx, ly, lz);
                    if (!(d < thickness)) {
                        continue;
                    }
                    ShapeSdf.normal(b.shape[k], lx, ly, lz, n);
                    nlx = n[0];
                    nly = n[1];
                    nlz = n[2];
                    err = d - thickness;
                    qlx = lx - d * nlx;
                    qly = ly - d * nly;
                    qlz = lz - d * nlz;
                }
                // q = R (q_local - c_body) + c
                qlx -= lcx;
                qly -= lcy;
                qlz -= lcz;
                double qx = b.cx[k] + r[m] * qlx + r[m + 1] * qly + r[m + 2] * qlz;
                double qy = b.cy[k] + r[m + 3] * qlx + r[m + 4] * qly + r[m + 5] * qlz;
                double qz = b.cz[k] + r[m + 6] * qlx + r[m + 7] * qly + r[m + 8] * qlz;
                // n = R n_local
                double nx = r[m] * nlx + r[m + 1] * nly + r[m + 2] * nlz;
                double ny = r[m + 3] * nlx + r[m + 4] * nly + r[m + 5] * nlz;
                double nz = r[m + 6] * nlx + r[m + 7] * nly + r[m + 8] * nlz;
                // Overlap the substep started with is moved out of x and x_s alike: it becomes neither
                // velocity nor an impulse on the body, only the overlap the substep made does.
                double carried = Math.min(-err, Math.max(0, thickness - ShapeSdf.distance(b.shape[k], sx, sy, sz)));
                double bound = -err;
                if (carried > 0) {
                    x += carried * nx;
                    y += carried * ny;
                    z += carried * nz;
                    p.sx[i] += carried * nx;
                    p.sy[i] += carried * ny;
                    p.sz[i] += carried * nz;
                    err += carried;
                }
                tethers.push(p, b, k, i, w, x, y, z, qx, qy, qz, nx, ny, nz, err);
                double dl = tethers.contactLambda;
                x += tethers.dx;
                y += tethers.dy;
                z += tethers.dz;
                touched[i] = k;
                touchN[3 * i] = nx;
                touchN[3 * i + 1] = ny;
                touchN[3 * i + 2] = nz;
                b.applyImpulse(k, -dl * nx / h, -dl * ny / h, -dl * nz / h, qx, qy, qz);
                if (friction > 0) {
                    // The particle's motion relative to the body's surface this substep, tangential part.
                    b.pointVelocity(k, qx, qy, qz, pv);
                    double rx = x - p.sx[i] - pv[0] * h, ry = y - p.sy[i] - pv[1] * h, rz = z - p.sz[i] - pv[2] * h;
                    double rn = rx * nx + ry * ny + rz * nz;
                    rx -= rn * nx;
                    ry -= rn * ny;
                    rz -= rn * nz;
                    double slip = Math.sqrt(rx * rx + ry * ry + rz * rz);
                    if (slip > 1e-15) {
                        double undo = Math.min(slip, friction * bound);
                        double tx = rx / slip, ty = ry / slip, tz = rz / slip;
                        double dt = -undo / (w + b.inverseMassAlong(k, qx, qy, qz, tx, ty, tz));
                        x += w * dt * tx;
                        y += w * dt * ty;
                        z += w * dt * tz;
                        b.applyImpulse(k, -dt * tx / h, -dt * ty / h, -dt * tz / h, qx, qy, qz);
                    }
                }
                p.x[i] = x;
                p.y[i] = y;
                p.z[i] = z;
            }
        }
    }

    /**
     * After the velocity update: every particle that touched a body in the substep leaves it with no
     * normal velocity relative to it (restitution 0), shared with a dynamic body by inverse mass.
     * The velocity-level pass of Mueller et al. 2020 ("Detailed rigid body simulation with extended
     * position based dynamics", 3.6): without it a particle that other constraints pulled into the
     * shape keeps the speed of being pushed out, and a stiff cloth pressed onto a curved body gains
     * energy substep by substep.
     */
    void settle(Particles p, BodyProxies b, int first, int count) {
        for (int i = first; i < first + count; i++) {
            int k = touched[i];
            if (k < 0) {
                continue;
            }
            double nx = touchN[3 * i], ny = touchN[3 * i + 1], nz = touchN[3 * i + 2];
            double x = p.x[i], y = p.y[i], z = p.z[i];
            b.pointVelocity(k, x, y, z, pv);
            double vn = (p.vx[i] - pv[0]) * nx + (p.vy[i] - pv[1]) * ny + (p.vz[i] - pv[2]) * nz;
            double w = p.w[i];
            // dv_particle = -w vn n / (w + w_body), the body the opposite impulse.
            double j = -vn / (w + b.inverseMassAlong(k, x, y, z, nx, ny, nz));
            p.vx[i] += w * j * nx;
            p.vy[i] += w * j * ny;
            p.vz[i] += w * j * nz;
            b.applyImpulse(k, -j * nx, -j * ny, -j * nz, x, y, z);
        }
    }

    /** Whether the segment s -> e touches box[o .. o + 5] (slab test). */
    private static boolean crossesBox(double sx, double sy, double sz, double ex, double ey, double ez,
                                      double[] box, int o) {
        double t0 = 0, t1 = 1;
        for (int a = 0; a < 3; a++) {
            double s = a == 0 ? sx : a == 1 ? sy : sz;
            double e = a == 0 ? ex : a == 1 ? ey : ez;
            double lo = box[o + a], hi = box[o + 3 + a];
            // Both ends beyond one face: no division needed (most particles, most shapes).
            if (s < lo && e < lo || s > hi && e > hi) {
                return false;
            }
            double d = e - s;
            if (d == 0) {
                if (s < lo || s > hi) {
                    return false;
                }
                continue;
            }
            double u = (lo - s) / d, v = (hi - s) / d;
            t0 = Math.max(t0, Math.min(u, v));
            t1 = Math.min(t1, Math.max(u, v));
        }
        return t0 <= t1;
    }
}
