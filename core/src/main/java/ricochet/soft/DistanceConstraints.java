package ricochet.soft;

import java.util.Arrays;

/**
 * Distance constraints {@code C = |xa - xb| - L} between particle pairs: a cloth's stretch edges, a
 * soft body's tetrahedron edges, and long-range attachments (tethers, Kim, Tang and Ko 2012), which
 * act only when {@code C > 0}: a particle may come closer to its pin than it started, never further.
 *
 * <p>XPBD (Macklin, Mueller and Chentanez 2016), one iteration per substep with the multiplier reset
 * at its start ("Small Steps", Macklin et al. 2019), so {@code dlambda = -C / (wa + wb + alpha / h^2)}
 * and {@code x_a += wa dlambda n}, {@code x_b -= wb dlambda n}, {@code n = (xa - xb) / |xa - xb|}.
 * The compliance alpha (m/N) is the inverse stiffness; dividing it by h^2 makes the stiffness the
 * same at any step and substep count.
 */
final class DistanceConstraints {

    int count;
    int[] a = new int[64], b = new int[64];
    double[] rest = new double[64], compliance = new double[64];
    /** Tethers: active only when stretched. */
    boolean[] tether = new boolean[64];

    void add(int pa, int pb, double length, double alpha, boolean isTether) {
        if (count == a.length) {
            int c = 2 * count;
            a = Arrays.copyOf(a, c);
            b = Arrays.copyOf(b, c);
            rest = Arrays.copyOf(rest, c);
            compliance = Arrays.copyOf(compliance, c);
            tether = Arrays.copyOf(tether, c);
        }
        a[count] = pa;
        b[count] = pb;
        rest[count] = length;
        compliance[count] = alpha;
        tether[count] = isTether;
        count++;
    }

    /** One pass over constraints {@code from .. to - 1} for a substep with {@code 1 / h^2 = invH2}. */
    void solve(Particles p, int from, int to, double invH2) {
        double[] x = p.x, y = p.y, z = p.z, w = p.w;
        for (int c = from; c < to; c++) {
            int i = a[c], j = b[c];
            double wsum = w[i] + w[j];
            if (wsum == 0) {
                continue;
            }
            double dx = x[i] - x[j], dy = y[i] - y[j], dz = z[i] - z[j];
            double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
            double err = len - rest[c];
            if (len == 0 || (tether[c] && err <= 0)) {
                continue;
            }
            double dl = -err / (wsum + compliance[c] * invH2) / len;
            x[i] += w[i] * dl * dx;
            y[i] += w[i] * dl * dy;
            z[i] += w[i] * dl * dz;
            x[j] -= w[j] * dl * dx;
            y[j] -= w[j] * dl * dy;
            z[j] -= w[j] * dl * dz;
        }
    }

    /** Drops the constraints of particles {@code first .. first + n - 1} and renumbers the rest. */
    void removeRange(int first, int n) {
        int k = 0;
        for (int c = 0; c < count; c++) {
            int i = Particles.remap(a[c], first, n), j = Particles.remap(b[c], first, n);
            if (i < 0 || j < 0) {
                continue;
            }
            a[k] = i;
            b[k] = j;
            rest[k] = rest[c];
            compliance[k] = compliance[c];
            tether[k] = tether[c];
            k++;
        }
        count = k;
    }
}
