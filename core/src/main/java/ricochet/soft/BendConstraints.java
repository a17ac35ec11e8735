package ricochet.soft;

import java.util.Arrays;

/**
 * Dihedral bending: {@code C = theta - theta0} across each edge shared by two triangles, theta the
 * angle between their normals. With x1, x2 the vertices opposite the edge x3 -> x4 (Bridson, Marino
 * and Fedkiw 2003, "Simulation of clothing with folds and wrinkles"):
 * <pre>
 *   n1 = (x1 - x3) x (x1 - x4),  n2 = (x2 - x4) x (x2 - x3),  e = x4 - x3
 *   theta = atan2((n1 x n2) . e / |e|, n1 . n2)
 *   dtheta/dx1 = -|e| n1 / |n1|^2,   dtheta/dx2 = -|e| n2 / |n2|^2
 *   dtheta/dx3 = -((x1 - x4) . e / |e|) n1 / |n1|^2 - ((x2 - x4) . e / |e|) n2 / |n2|^2
 *   dtheta/dx4 =  ((x1 - x3) . e / |e|) n1 / |n1|^2 + ((x2 - x3) . e / |e|) n2 / |n2|^2
 * </pre>
 * (the gradients sum to zero, so the correction moves no centre of mass). XPBD as in
 * {@link DistanceConstraints}: {@code dlambda = -C / (sum w_i |grad_i|^2 + alpha / h^2)}, alpha in
 * 1/(N m). Unlike a spring across the two far vertices, the angle does not resist stretch, so bending
 * stiffness and stretch stiffness stay separate.
 */
final class BendConstraints {

    int count;
    /** Opposite vertices x1, x2 and edge x3 -> x4, four per constraint. */
    int[] v = new int[256];
    double[] rest = new double[64], compliance = new double[64];

    void add(int o1, int o2, int e3, int e4, double angle, double alpha) {
        if (count == rest.length) {
            v = Arrays.copyOf(v, 8 * count);
            rest = Arrays.copyOf(rest, 2 * count);
            compliance = Arrays.copyOf(compliance, 2 * count);
        }
        v[4 * count] = o1;
        v[4 * count + 1] = o2;
        v[4 * count + 2] = e3;
        v[4 * count + 3] = e4;
        rest[count] = angle;
        compliance[count] = alpha;
        count++;
    }

    /** The dihedral angle of four points (radians, -pi..pi; 0 for a flat pair). */
    static double angle(double[] x, double[] y, double[] z, int i1, int i2, int i3, int i4) {
        double ax = x[i1] - x[i3], ay = y[i1] - y[i3], az = z[i1] - z[i3];
        double bx = x[i1] - x[i4], by = y[i1] - y[i4], bz = z[i1] - z[i4];
        double n1x = ay * bz - az * by, n1y = az * bx - ax * bz, n1z = ax * by - ay * bx;
        double cx = x[i2] - x[i4], cy = y[i2] - y[i4], cz = z[i2] - z[i4];
        double dx = x[i2] - x[i3], dy = y[i2] - y[i3], dz = z[i2] - z[i3];
        double n2x = cy * dz - cz * dy, n2y = cz * dx - cx * dz, n2z = cx * dy - cy * dx;
        double ex = x[i4] - x[i3], ey = y[i4] - y[i3], ez = z[i4] - z[i3];
        double el = Math.sqrt(ex * ex + ey * ey + ez * ez);
        double sx = n1y * n2z - n1z * n2y, sy = n1z * n2x - n1x * n2z, sz = n1x * n2y - n1y * n2x;
        return StrictMath.atan2((sx * ex + sy * ey + sz * ez) / el, n1x * n2x + n1y * n2y + n1z * n2z);
    }

    void solve(Particles p, double invH2) {
        double[] x = p.x, y = p.y, z = p.z, w = p.w;
        for (int c = 0; c < count; c++) {
            int i1 = v[4 * c], i2 = v[4 * c + 1], i3 = v[4 * c + 2], i4 = v[4 * c + 3];
            double w1 = w[i1], w2 = w[i2], w3 = w[i3], w4 = w[i4];
            if (w1 + w2 + w3 + w4 == 0) {
                continue;
            }
            double ax = x[i1] - x[i3], ay = y[i1] - y[i3], az = z[i1] - z[i3];
            double bx = x[i1] - x[i4], by = y[i1] - y[i4], bz = z[i1] - z[i4];
            double n1x = ay * bz - az * by, n1y = az * bx - ax * bz, n1z = ax * by - ay * bx;
            double cx = x[i2] - x[i4], cy = y[i2] - y[i4], cz = z[i2] - z[i4];
            double dx = x[i2] - x[i3], dy = y[i2] - y[i3], dz = z[i2] - z[i3];
            double n2x = cy * dz - cz * dy, n2y = cz * dx - cx * dz, n2z = cx * dy - cy * dx;
            double ex = x[i4] - x[i3], ey = y[i4] - y[i3], ez = z[i4] - z[i3];
            double el2 = ex * ex + ey * ey + ez * ez;
            double n1s = n1x * n1x + n1y * n1y + n1z * n1z, n2s = n2x * n2x + n2y * n2y + n2z * n2z;
            // Degenerate triangles have no angle to keep.
            if (el2 < 1e-20 || n1s < 1e-24 || n2s < 1e-24) {
                continue;
            }
            double el = Math.sqrt(el2);
            double sx = n1y * n2z - n1z * n2y, sy = n1z * n2x - n1x * n2z, sz = n1x * n2y - n1y * n2x;
            double theta = StrictMath.atan2((sx * ex + sy * ey + sz * ez) / el, n1x * n2x + n1y * n2y + n1z * n2z);
            double err = theta - rest[c];
            if (err > Math.PI) {
                err -= 2 * Math.PI;
            } else if (err < -Math.PI) {
                err += 2 * Math.PI;
            }
            // Gradients as scalings of n1 and n2.
            double k1 = -el / n1s, k2 = -el / n2s;
            double k31 = -(bx * ex + by * ey + bz * ez) / el / n1s, k32 = -(cx * ex + cy * ey + cz * ez) / el / n2s;
            double k41 = (ax * ex + ay * ey + az * ez) / el / n1s, k42 = (dx * ex + dy * ey + dz * ez) / el / n2s;
            // |grad3|^2 = |k31 n1 + k32 n2|^2
            double n12 = n1x * n2x + n1y * n2y + n1z * n2z;
            double g3 = k31 * k31 * n1s + 2 * k31 * k32 * n12 + k32 * k32 * n2s;
            double g4 = k41 * k41 * n1s + 2 * k41 * k42 * n12 + k42 * k42 * n2s;
            double denom = w1 * k1 * k1 * n1s + w2 * k2 * k2 * n2s + w3 * g3 + w4 * g4
                    + compliance[c] * invH2;
            if (denom == 0) {
                continue;
            }
            double dl = -err / denom;
            double s = w1 * dl * k1;
            x[i1] += s * n1x;
            y[i1] += s * n1y;
            z[i1] += s * n1z;
            s = w2 * dl * k2;
            x[i2] += s * n2x;
            y[i2] += s * n2y;
            z[i2] += s * n2z;
            double s1 = w3 * dl * k31, s2 = w3 * dl * k32;
            x[i3] += s1 * n1x + s2 * n2x;
            y[i3] += s1 * n1y + s2 * n2y;
            z[i3] += s1 * n1z + s2 * n2z;
            s1 = w4 * dl * k41;
            s2 = w4 * dl * k42;
            x[i4] += s1 * n1x + s2 * n2x;
            y[i4] += s1 * n1y + s2 * n2y;
            z[i4] += s1 * n1z + s2 * n2z;
        }
    }

    void removeRange(int first, int n) {
        int k = 0;
        for (int c = 0; c < count; c++) {
            int a = Particles.remap(v[4 * c], first, n), b = Particles.remap(v[4 * c + 1], first, n);
            int d = Particles.remap(v[4 * c + 2], first, n), e = Particles.remap(v[4 * c + 3], first, n);
            if (a < 0 || b < 0 || d < 0 || e < 0) {
                continue;
            }
            v[4 * k] = a;
            v[4 * k + 1] = b;
            v[4 * k + 2] = d;
            v[4 * k + 3] = e;
            rest[k] = rest[c];
            compliance[k] = compliance[c];
            k++;
        }
        count = k;
    }
}
