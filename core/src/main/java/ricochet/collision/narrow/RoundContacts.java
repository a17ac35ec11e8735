package ricochet.collision.narrow;

import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Transform;

/**
 * Contacts between spheres and capsules: a point or segment core swept by a radius, so the contact is
 * the closest pair of core points pushed out by the radii (Ericson, Real-Time Collision Detection,
 * 4.3 and 5.1.9). Capsules lying side by side get two points, the ends of their overlap, so a capsule
 * resting on a capsule does not rock on a single point. One instance per thread: it holds scratch.
 */
public final class RoundContacts {

    /** Below this sine of the angle between two capsule axes they are treated as parallel. */
    static final double PARALLEL_SINE = 1e-3;
    /** Signed distances within this fraction of the shapes' size are level (ties, broken in A's frame). */
    static final double TIE = 1e-9;

    private final double[] st = new double[2];

    /**
     * Sphere A against sphere B. Coincident centres take A's local +y as normal: any unit normal is
     * as right as another, and one fixed to A turns with the pair. Returns true when a point within {@code
     * margin} (metres) was written.
     */
    public boolean sphereSphere(SphereShape a, Transform ta, SphereShape b, Transform tb, double margin,
            Manifold out) {
        out.clear();
        return pointPoint(ta.px, ta.py, ta.pz, a.radius(), tb.px, tb.py, tb.pz, b.radius(), ta.r[1],
                ta.r[4], ta.r[7], margin, 0,
                out);
    }

    /** Sphere A against capsule B: the sphere's centre against the closest point of B's segment. */
    public boolean sphereCapsule(SphereShape a, Transform ta, CapsuleShape b, Transform tb, double margin,
            Manifold out) {
        out.clear();
        double h = b.halfHeight();
        double ux = tb.r[1], uy = tb.r[4], uz = tb.r[7];
        double p0x = tb.px - h * ux, p0y = tb.py - h * uy, p0z = tb.pz - h * uz;
        double t = Segments.closestToPoint(p0x, p0y, p0z, 2 * h * ux, 2 * h * uy, 2 * h * uz, ta.px, ta.py,
                ta.pz);
        // A centre on the axis: any direction perpendicular to it is a shortest way out; B's local x.
        return pointPoint(ta.px, ta.py, ta.pz, a.radius(), p0x + 2 * h * t * ux, p0y + 2 * h * t * uy,
                p0z + 2 * h * t * uz, b.radius(), -tb.r[0], -tb.r[3], -tb.r[6], margin, 0, out);
    }

    /**
     * Capsule A against capsule B: the closest points of the two segments, or for (near-)parallel
     * axes the two ends of the segments' overlap, both with the common perpendicular as normal.
     */
    public boolean capsuleCapsule(CapsuleShape a, Transform ta, CapsuleShape b, Transform tb, double margin,
            Manifold out) {
        out.clear();
        double ha = a.halfHeight(), hb = b.halfHeight();
        double uax = ta.r[1], uay = ta.r[4], uaz = ta.r[7];
        double ubx = tb.r[1], uby = tb.r[4], ubz = tb.r[7];
        double a0x = ta.px - ha * uax, a0y = ta.py - ha * uay, a0z = ta.pz - ha * uaz;
        double b0x = tb.px - hb * ubx, b0y = tb.py - hb * uby, b0z = tb.pz - hb * ubz;
        double dax = 2 * ha * uax, day = 2 * ha * uay, daz = 2 * ha * uaz;
        double dbx = 2 * hb * ubx, dby = 2 * hb * uby, dbz = 2 * hb * ubz;
        double cx = uay * ubz - uaz * uby, cy = uaz * ubx - uax * ubz, cz = uax * uby - uay * ubx;
        double sin2 = cx * cx + cy * cy + cz * cz;
        double ra = a.radius(), rb = b.radius();
        if (sin2 < PARALLEL_SINE * PARALLEL_SINE) {
            // B's ends projected on A's axis bound the overlap, in A's segment parameter s.
            double dd = 4 * ha * ha;
            double s0 = ((b0x - a0x) * dax + (b0y - a0y) * day + (b0z - a0z) * daz) / dd;
            double s1 = s0 + (dbx * dax + dby * day + dbz * daz) / dd;
            double lo = Math.max(0, Math.min(s0, s1)), hi = Math.min(1, Math.max(s0, s1));
            if (hi - lo > 1e-9) {
                return parallelCapsules(a0x, a0y, a0z, dax, day, daz, ra, b0x, b0y, b0z, dbx, dby, dbz, rb,
                        lo, hi, ta, tb, margin, out);
            }
        }
        Segments.closest(a0x, a0y, a0z, dax, day, daz, b0x, b0y, b0z, dbx, dby, dbz, st);
        double s = st[0], t = st[1];
        double pax = a0x + s * dax, pay = a0y + s * day, paz = a0z + s * daz;
        double pbx = b0x + t * dbx, pby = b0y + t * dby, pbz = b0z + t * dbz;
        if (sin2 < PARALLEL_SINE * PARALLEL_SINE) {
            return pointPoint(pax, pay, paz, ra, pbx, pby, pbz, rb, ta.r[0], ta.r[3], ta.r[6], margin, 0,
                    out);
        }
        // Crossing axes: the common perpendicular f, from A's axis to B's. Axes that meet (to within
        // 1e-9 of the shapes' size) leave its sense to A's frame: f is perpendicular to A's local y, so
        // it has a part along A's local x or, failing that, z.
        double inv = 1 / Math.sqrt(sin2);
        double fx = cx * inv, fy = cy * inv, fz = cz * inv;
        double side = (pbx - pax) * fx + (pby - pay) * fy + (pbz - paz) * fz;
        double tie = TIE * (ha + hb + ra + rb);
        double alongX = fx * ta.r[0] + fy * ta.r[3] + fz * ta.r[6];
        double alongZ = fx * ta.r[2] + fy * ta.r[5] + fz * ta.r[8];
        if (side < -tie || (!(side > tie) && (alongX < -TIE || (!(alongX > TIE) && alongZ < 0)))) {
            fx = -fx;
            fy = -fy;
            fz = -fz;
            side = -side;
        }
        if (s > 0 && s < 1 && t > 0 && t < 1) {
            // Closest points inside both segments: their gap lies along f, which (unlike the gap's own
            // direction when the axes nearly meet) is as exact as the two axes.
            if (side - ra - rb > margin) {
                return false;
            }
            out.setNormal(fx, fy, fz);
            out.addPoint(pax + ra * fx, pay + ra * fy, paz + ra * fz, pbx - rb * fx, pby - rb * fy,
                    pbz - rb * fz, 0);
            return true;
        }
        return pointPoint(pax, pay, paz, ra, pbx, pby, pbz, rb, fx, fy, fz, margin, 0, out);
    }

    private boolean parallelCapsules(double a0x, double a0y, double a0z, double dax, double day, double daz,
            double ra, double b0x, double b0y, double b0z, double dbx, double dby, double dbz, double rb,
            double lo, double hi, Transform ta, Transform tb, double margin, Manifold out) {
        // Common normal: from A's axis to the middle of the overlap's partner on B.
        double sm = 0.5 * (lo + hi);
        double mx = a0x + sm * dax, my = a0y + sm * day, mz = a0z + sm * daz;
        double tm = Segments.closestToPoint(b0x, b0y, b0z, dbx, dby, dbz, mx, my, mz);
        double nx = b0x + tm * dbx - mx, ny = b0y + tm * dby - my, nz = b0z + tm * dbz - mz;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        double axisLen2 = dax * dax + day * day + daz * daz;
        if (!(len > 1e-12 * Math.sqrt(axisLen2))) {
            // Coaxial capsules: A's local x, which is perpendicular to its axis.
            nx = ta.r[0];
            ny = ta.r[3];
            nz = ta.r[6];
        } else {
            nx /= len;
            ny /= len;
            nz /= len;
        }
        out.setNormal(nx, ny, nz);
        for (int k = 0; k < 2; k++) {
            double s = k == 0 ? lo : hi;
            double px = a0x + s * dax, py = a0y + s * day, pz = a0z + s * daz;
            double t = Segments.closestToPoint(b0x, b0y, b0z, dbx, dby, dbz, px, py, pz);
            double qx = b0x + t * dbx, qy = b0y + t * dby, qz = b0z + t * dbz;
            double sep = (qx - px) * nx + (qy - py) * ny + (qz - pz) * nz - ra - rb;
            if (sep <= margin) {
                out.addPoint(px + ra * nx, py + ra * ny, pz + ra * nz, qx - rb * nx, qy - rb * ny,
                        qz - rb * nz,
                        1 + k);
            }
        }
        return out.pointCount() > 0;
    }

    /**
     * One contact between core points pa (radius ra) and pb (radius rb); (fx, fy, fz) is the normal to
     * use when the core points coincide (need not be unit, must not be zero).
     */
    static boolean pointPoint(double pax, double pay, double paz, double ra, double pbx, double pby,
            double pbz,
            double rb, double fx, double fy, double fz, double margin, int id, Manifold out) {
        double dx = pbx - pax, dy = pby - pay, dz = pbz - paz;
        double dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (dist - ra - rb > margin) {
            return false;
        }
        double nx, ny, nz;
        if (dist > 1e-12 * (ra + rb)) {
            nx = dx / dist;
            ny = dy / dist;
            nz = dz / dist;
        } else {
            double f = Math.sqrt(fx * fx + fy * fy + fz * fz);
            nx = fx / f;
            ny = fy / f;
            nz = fz / f;
            dist = dx * nx + dy * ny + dz * nz;
        }
        out.setNormal(nx, ny, nz);
        out.addPoint(pax + ra * nx, pay + ra * ny, paz + ra * nz, pbx - rb * nx, pby - rb * ny,
                pbz - rb * nz, id);
        return true;
    }
}
