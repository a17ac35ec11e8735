package ricochet.soft;

import ricochet.geometry.shape.ConvexShape;

/**
 * A moving sphere against a cloth's triangles, sided: the sphere's centre is kept from crossing the
 * cloth, and a triangle its centre faces is kept beyond the sphere along the triangle's own normal.
 *
 * <p>Why: the particle contacts ({@link RigidContacts}) push each particle a body touches out along the
 * shape's normal at that particle. A ball two cells wide meets a ring of particles whose normals point
 * sideways as much as forward; pushed apart, the ring opens, its edges stretch, and a ball fired at
 * 50-250 m/s (0.2 m a substep) slipped between them. Pushing a triangle along its own normal moves its
 * particles forward together, so the ring is pushed ahead of the ball rather than apart, and the
 * tethers hold the pocket it makes.
 *
 * <p>Per substep, before the particle contacts, for each triangle (x1, x2, x3) near the swept centre:
 * the side s is the sign of {@code N . (c - x1)} at the substep's start (start positions, the proxy's
 * start centre). With N the unit normal now and n = -s N (from the body toward the triangle), the gap
 *
 * <pre>
 *     d = s N . (c - x1),   C = d - e(n) - thickness >= 0,   e(n) = max over the shape of n . (y - c)
 * </pre>
 *
 * (the distance held is the smaller of {@code e + thickness} and the centre's distance at the start) is
 * enforced when the centre's segment crossed the triangle (d &lt; 0; where it met the plane, the
 * signed distance taken as linear in time and the triangle at that moment, lies inside the triangle)
 * or faces its inside (0 &lt;= d &lt; e + thickness, the centre's projection inside the triangle).
 * Each of the three particles is then held by its own plane constraint {@code n . (xk - c) - e - t >= 0}
 * along the fixed n, so the whole triangle ends beyond the body's support plane; a tethered particle
 * with a dynamic body is solved with its tethers and the body's mass ({@link TetheredContacts}), so
 * the body, not the sheet, gives way where the sheet cannot follow. The body's share acts at its
 * centre: a sphere's support point along n lies on the line through the centre along n, so there is
 * no lever. The body gets the opposite impulse {@code -lambda n / h}. One pass a substep, in list
 * order.
 *
 * <p>Spheres only: the plane a sphere's support sets does not move when it turns. A capsule's does,
 * and the guard, which exchanges no spin, pushed energy into the capsule shots (465 J in one); boxes
 * and capsules keep the particle contacts alone.
 *
 * <p>The distance held is no more than the centre had at the substep's start: overlap the substep
 * began with is the particle contacts' to undo (a ball lying in the cloth's plane is not thrown off
 * it), and a crossing is still undone. Before the particle contacts, which run last so that nothing
 * leaves a particle inside a shape. Of the 100 seeded shots of {@code ClothShotTest}, by the crossing
 * count of the segment from the firing point to where the ball ends, 38 went through without this and
 * 27 with it (the ball's centre crosses a triangle in all 100 either way). Tried: a second pass (21 through, but a cloth pinned at four corners
 * gained 577 J in a shot); with two passes, holding the full distance whatever the start (31), that
 * after the particle contacts (39, energy gained), or a face region widened by the ball's reach past
 * the triangle's edges (43, 1e4 J gained).
 *
 * <p>Anchor: the point-triangle proximity and collision tests of Bridson, Fedkiw and Anderson 2002
 * ("Robust treatment of collisions, contact and friction for cloth animation", 7.1), with the body's
 * centre as the point and its support distance as the thickness; the crossing time is taken from the
 * signed distances at the ends of the substep instead of the cubic's root.
 */
final class SidedContacts {

    /** Whether the guard runs; a test turns it off to see what it does. */
    boolean enabled = true;
    /** Barycentric slack: a centre crossing an edge counts for both triangles. */
    private static final double EDGE = 1e-9;

    private final double[] support = new double[3];

    /**
     * The cloth triangles {@code triangles} (indices from {@code first}) against the moving spheres among
     * the proxies {@code proxies[from .. to - 1]}; thickness in m, h the substep in s.
     */
    void solve(Particles p, BodyProxies b, RigidContacts contacts, int[] proxies, int from, int to, int first,
               int[] triangles, double thickness, double h) {
        if (!enabled) {
            return;
        }
        for (int q = from; q < to; q++) {
            int k = proxies[q];
            if (!b.movingSphere(k)) {
                continue;
            }
            // A sphere about the centre that holds the shape: the farthest corner of its padded box.
            int o = SoftHost.STATE_SIZE * k;
            double[] box = b.box;
            double ex = Math.max(b.start[o] - box[6 * k], box[6 * k + 3] - b.start[o]);
            double ey = Math.max(b.start[o + 1] - box[6 * k + 1], box[6 * k + 4] - b.start[o + 1]);
            double ez = Math.max(b.start[o + 2] - box[6 * k + 2], box[6 * k + 5] - b.start[o + 2]);
            double reach = Math.sqrt(ex * ex + ey * ey + ez * ez) + thickness;
            pass(p, b, contacts, k, reach, first, triangles, thickness, h);
        }
    }

    /** One pass over the triangles against proxy k, in list order. */
    private void pass(Particles p, BodyProxies b, RigidContacts contacts, int k, double reach, int first,
                         int[] t, double thickness, double h) {
        double cx = b.cx[k], cy = b.cy[k], cz = b.cz[k];
        double px = b.pcx[k], py = b.pcy[k], pz = b.pcz[k];
        // The centre's swept box, grown by the shape's reach.
        double loX = Math.min(cx, px) - reach, loY = Math.min(cy, py) - reach, loZ = Math.min(cz, pz) - reach;
        double hiX = Math.max(cx, px) + reach, hiY = Math.max(cy, py) + reach, hiZ = Math.max(cz, pz) + reach;
        for (int f = 0; f < t.length; f += 3) {
            int i1 = first + t[f], i2 = first + t[f + 1], i3 = first + t[f + 2];
            if (outside(p.x, p.sx, i1, i2, i3, loX, hiX) || outside(p.y, p.sy, i1, i2, i3, loY, hiY)
                    || outside(p.z, p.sz, i1, i2, i3, loZ, hiZ)) {
                continue;
            }
            // The side at the substep's start: N0 . (c0 - x1_s), N0 = (x2 - x1) x (x3 - x1) at the start.
            double ax = p.sx[i2] - p.sx[i1], ay = p.sy[i2] - p.sy[i1], az = p.sz[i2] - p.sz[i1];
            double bx = p.sx[i3] - p.sx[i1], by = p.sy[i3] - p.sy[i1], bz = p.sz[i3] - p.sz[i1];
            double nx = ay * bz - az * by, ny = az * bx - ax * bz, nz = ax * by - ay * bx;
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (!(len > 0)) {
                continue;
            }
            double d0 = (nx * (px - p.sx[i1]) + ny * (py - p.sy[i1]) + nz * (pz - p.sz[i1])) / len;
            double s = d0 < 0 ? -1 : 1;
            d0 *= s;
            // The same now.
            ax = p.x[i2] - p.x[i1];
            ay = p.y[i2] - p.y[i1];
            az = p.z[i2] - p.z[i1];
            bx = p.x[i3] - p.x[i1];
            by = p.y[i3] - p.y[i1];
            bz = p.z[i3] - p.z[i1];
            nx = ay * bz - az * by;
            ny = az * bx - ax * bz;
            nz = ax * by - ay * bx;
            len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (!(len > 0)) {
                continue;
            }
            nx *= s / len;
            ny *= s / len;
            nz *= s / len;
            double d = nx * (cx - p.x[i1]) + ny * (cy - p.y[i1]) + nz * (cz - p.z[i1]);
            if (d >= reach) {
                continue;
            }
            // n = -s N: from the body toward the triangle.
            nx = -nx;
            ny = -ny;
            nz = -nz;
            // Overlap the substep started with is the particle contacts' to undo, not this guard's: it
            // holds the centre no nearer than it began (a ball lying in the cloth's plane stays there).
            double margin = Math.min(extent(b, k, nx, ny, nz) + thickness, d0);
            if (d >= margin) {
                continue;
            }
            boolean inside;
            if (d < 0) {
                // Crossed: where the signed distance, linear in time, is zero; the triangle at that moment.
                double u = d0 / (d0 - d), v = 1 - u;
                inside = inside(
                        v * p.sx[i1] + u * p.x[i1], v * p.sy[i1] + u * p.y[i1], v * p.sz[i1] + u * p.z[i1],
                        v * p.sx[i2] + u * p.x[i2], v * p.sy[i2] + u * p.y[i2], v * p.sz[i2] + u * p.z[i2],
                        v * p.sx[i3] + u * p.x[i3], v * p.sy[i3] + u * p.y[i3], v * p.sz[i3] + u * p.z[i3],
                        v * px + u * cx, v * py + u * cy, v * pz + u * cz);
            } else {
                inside = inside(p.x[i1], p.y[i1], p.z[i1], p.x[i2], p.y[i2], p.z[i2],
                        p.x[i3], p.y[i3], p.z[i3], cx, cy, cz);
            }
            if (!inside) {
                continue;
            }
            push(p, b, contacts, k, i1, nx, ny, nz, margin, h);
            push(p, b, contacts, k, i2, nx, ny, nz, margin, h);
            push(p, b, contacts, k, i3, nx, ny, nz, margin, h);
            cx = b.cx[k];
            cy = b.cy[k];
            cz = b.cz[k];
        }
    }

    /** Holds particle i beyond the plane {@code n . (x - c) = margin}, shared with proxy k. */
    private void push(Particles p, BodyProxies b, RigidContacts contacts, int k, int i, double nx, double ny,
                      double nz, double margin, double h) {
        double w = p.w[i];
        if (w == 0) {
            return;
        }
        double cx = b.cx[k], cy = b.cy[k], cz = b.cz[k];
        double x = p.x[i], y = p.y[i], z = p.z[i];
        double err = nx * (x - cx) + ny * (y - cy) + nz * (z - cz) - margin;
        if (!(err < 0)) {
            return;
        }
        TetheredContacts tethers = contacts.tethers;
        tethers.push(p, b, k, i, w, x, y, z, cx, cy, cz, nx, ny, nz, err);
        double dl = tethers.contactLambda;
        x += tethers.dx;
        y += tethers.dy;
        z += tethers.dz;
        p.x[i] = x;
        p.y[i] = y;
        p.z[i] = z;
        b.applyImpulse(k, -dl * nx / h, -dl * ny / h, -dl * nz / h, cx, cy, cz);
    }

    /** {@code max n . (y - c)} over the proxy's shape, m (n unit, world). */
    private double extent(BodyProxies b, int k, double nx, double ny, double nz) {
        double[] r = b.rot;
        int m = 9 * k, o = SoftHost.STATE_SIZE * k;
        // In the shape's frame: R^T n; the support point less the body-frame centre of mass.
        double lx = r[m] * nx + r[m + 3] * ny + r[m + 6] * nz;
        double ly = r[m + 1] * nx + r[m + 4] * ny + r[m + 7] * nz;
        double lz = r[m + 2] * nx + r[m + 5] * ny + r[m + 8] * nz;
        ((ConvexShape) b.shape[k]).support(lx, ly, lz, support);
        return lx * (support[0] - b.start[o + 7]) + ly * (support[1] - b.start[o + 8])
                + lz * (support[2] - b.start[o + 9]);
    }

    /** Whether none of the three particles, now or at the substep's start, lies in [lo, hi] or beyond it. */
    static boolean outside(double[] now, double[] was, int i1, int i2, int i3, double lo, double hi) {
        double min = Math.min(Math.min(Math.min(now[i1], now[i2]), Math.min(now[i3], was[i1])),
                Math.min(was[i2], was[i3]));
        double max = Math.max(Math.max(Math.max(now[i1], now[i2]), Math.max(now[i3], was[i1])),
                Math.max(was[i2], was[i3]));
        return max < lo || min > hi;
    }

    /** Whether the projection of point q onto triangle (a, b, c) lies inside it. */
    static boolean inside(double ax, double ay, double az, double bx, double by, double bz,
                                  double cx, double cy, double cz, double qx, double qy, double qz) {
        double e1x = bx - ax, e1y = by - ay, e1z = bz - az;
        double e2x = cx - ax, e2y = cy - ay, e2z = cz - az;
        double vx = qx - ax, vy = qy - ay, vz = qz - az;
        double d00 = e1x * e1x + e1y * e1y + e1z * e1z, d01 = e1x * e2x + e1y * e2y + e1z * e2z;
        double d11 = e2x * e2x + e2y * e2y + e2z * e2z;
        double d20 = vx * e1x + vy * e1y + vz * e1z, d21 = vx * e2x + vy * e2y + vz * e2z;
        double den = d00 * d11 - d01 * d01;
        if (!(den > 0)) {
            return false;
        }
        double b2 = (d11 * d20 - d01 * d21) / den;
        double b3 = (d00 * d21 - d01 * d20) / den;
        double b1 = 1 - b2 - b3;
        return b1 >= -EDGE && b2 >= -EDGE && b3 >= -EDGE;
    }
}
