package ricochet.collision.narrow;

/** Closest points between segments and points on segments, as parameters, allocation-free. */
final class Segments {

    private Segments() {
    }

    /**
     * The parameters (s, t) in [0, 1] of the closest points {@code p1 + s d1} and {@code p2 + t d2}
     * of two segments, into {@code st[0..1]} (Ericson, Real-Time Collision Detection, 5.1.9). Parallel
     * segments (where {@code a e - b^2} vanishes relative to {@code a e}) take s = 0 and the matching
     * t, one of the closest pairs.
     */
    static void closest(double p1x, double p1y, double p1z, double d1x, double d1y, double d1z,
            double p2x, double p2y, double p2z, double d2x, double d2y, double d2z, double[] st) {
        double rx = p1x - p2x, ry = p1y - p2y, rz = p1z - p2z;
        double a = d1x * d1x + d1y * d1y + d1z * d1z;
        double e = d2x * d2x + d2y * d2y + d2z * d2z;
        double f = d2x * rx + d2y * ry + d2z * rz;
        double s, t;
        if (a <= 0 && e <= 0) {
            s = 0;
            t = 0;
        } else if (a <= 0) {
            s = 0;
            t = clamp01(f / e);
        } else {
            double c = d1x * rx + d1y * ry + d1z * rz;
            if (e <= 0) {
                t = 0;
                s = clamp01(-c / a);
            } else {
                double b = d1x * d2x + d1y * d2y + d1z * d2z;
                double denom = a * e - b * b;
                s = denom > 1e-14 * a * e ? clamp01((b * f - c * e) / denom) : 0;
                t = (b * s + f) / e;
                if (t < 0) {
                    t = 0;
                    s = clamp01(-c / a);
                } else if (t > 1) {
                    t = 1;
                    s = clamp01((b - c) / a);
                }
            }
        }
        st[0] = s;
        st[1] = t;
    }

    /** The parameter in [0, 1] of the point of {@code p + t d} closest to q. */
    static double closestToPoint(double px, double py, double pz, double dx, double dy, double dz,
            double qx, double qy, double qz) {
        double dd = dx * dx + dy * dy + dz * dz;
        if (!(dd > 0)) {
            return 0;
        }
        return clamp01(((qx - px) * dx + (qy - py) * dy + (qz - pz) * dz) / dd);
    }

    static double clamp01(double v) {
        return v < 0 ? 0 : (v > 1 ? 1 : v);
    }
}
