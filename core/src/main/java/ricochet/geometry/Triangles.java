package ricochet.geometry;

/** Small exact routines on single triangles, shared by the narrow phase and the signed distances. */
public final class Triangles {

    private Triangles() {
    }

    /**
     * The point of triangle {@code tv} (x0 y0 z0 x1 ... z2) closest to p into {@code out}: Ericson,
     * Real-Time Collision Detection 5.1.5, region by region.
     */
    public static void closestPoint(double[] tv, double px, double py, double pz, double[] out) {
        double ax = tv[0], ay = tv[1], az = tv[2];
        double abx = tv[3] - ax, aby = tv[4] - ay, abz = tv[5] - az;
        double acx = tv[6] - ax, acy = tv[7] - ay, acz = tv[8] - az;
        double apx = px - ax, apy = py - ay, apz = pz - az;
        double d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
        if (d1 <= 0 && d2 <= 0) {
            set(out, ax, ay, az);
            return;
        }
        double bpx = px - tv[3], bpy = py - tv[4], bpz = pz - tv[5];
        double d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
        if (d3 >= 0 && d4 <= d3) {
            set(out, tv[3], tv[4], tv[5]);
            return;
        }
        double vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            double v = d1 / (d1 - d3);
            set(out, ax + v * abx, ay + v * aby, az + v * abz);
            return;
        }
        double cpx = px - tv[6], cpy = py - tv[7], cpz = pz - tv[8];
        double d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
        if (d6 >= 0 && d5 <= d6) {
            set(out, tv[6], tv[7], tv[8]);
            return;
        }
        double vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            double v = d2 / (d2 - d6);
            set(out, ax + v * acx, ay + v * acy, az + v * acz);
            return;
        }
        double va = d3 * d6 - d5 * d4;
        if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
            double v = (d4 - d3) / ((d4 - d3) + (d5 - d6));
            set(out, tv[3] + v * (tv[6] - tv[3]), tv[4] + v * (tv[7] - tv[4]), tv[5] + v * (tv[8] - tv[5]));
            return;
        }
        double denom = 1 / (va + vb + vc);
        double v = vb * denom, u = vc * denom;
        set(out, ax + abx * v + acx * u, ay + aby * v + acy * u, az + abz * v + acz * u);
    }

    private static void set(double[] out, double x, double y, double z) {
        out[0] = x;
        out[1] = y;
        out[2] = z;
    }
}
