package ricochet.soft;

import java.util.Arrays;

/**
 * Every particle of a world's cloths and soft bodies, in primitive arrays indexed densely (each body
 * owns a contiguous run): the constraint loops read and write positions by index with no object per
 * particle, and a body's run is copied in one {@code arraycopy}.
 */
final class Particles {

    int count;
    /** Position, world, m. */
    double[] x = new double[64], y = new double[64], z = new double[64];
    /** Position at the start of the substep, m. */
    double[] sx = new double[64], sy = new double[64], sz = new double[64];
    /** Velocity, m/s. */
    double[] vx = new double[64], vy = new double[64], vz = new double[64];
    /** Where the particle was made, world, m: rest distances for self-collision. */
    double[] rx = new double[64], ry = new double[64], rz = new double[64];
    /** Mass, kg, and inverse mass, 1/kg (0 for a pinned particle). */
    double[] m = new double[64], w = new double[64];
    /** The body (table slot) the particle belongs to. */
    int[] owner = new int[64];
    /**
     * The impulse the pins gave the particles since the step began, N s, world; and the position-level
     * part of this substep, kg m, which becomes impulse when divided by the substep.
     */
    double pinJx, pinJy, pinJz, pinSx, pinSy, pinSz;

    /** Moves this substep's position-level pin impulse into {@link #pinJx} .. (h, the substep, s). */
    void pinImpulse(double h) {
        pinJx += pinSx / h;
        pinJy += pinSy / h;
        pinJz += pinSz / h;
        pinSx = 0;
        pinSy = 0;
        pinSz = 0;
    }

    /** Sets particle i's velocity to v (m/s, world), scaled down to {@code maxSpeed} if it is faster. */
    void setVelocity(int i, double vx, double vy, double vz, double maxSpeed) {
        double v2 = vx * vx + vy * vy + vz * vz;
        if (v2 > maxSpeed * maxSpeed) {
            double s = maxSpeed / Math.sqrt(v2);
            vx *= s;
            vy *= s;
            vz *= s;
        }
        this.vx[i] = vx;
        this.vy[i] = vy;
        this.vz[i] = vz;
    }

    /** Adds {@code n} particles at rest at the origin; returns the first index. */
    int add(int n, int body) {
        if (count + n > x.length) {
            int c = Math.max(count + n, 2 * x.length);
            x = Arrays.copyOf(x, c);
            y = Arrays.copyOf(y, c);
            z = Arrays.copyOf(z, c);
            sx = Arrays.copyOf(sx, c);
            sy = Arrays.copyOf(sy, c);
            sz = Arrays.copyOf(sz, c);
            vx = Arrays.copyOf(vx, c);
            vy = Arrays.copyOf(vy, c);
            vz = Arrays.copyOf(vz, c);
            rx = Arrays.copyOf(rx, c);
            ry = Arrays.copyOf(ry, c);
            rz = Arrays.copyOf(rz, c);
            m = Arrays.copyOf(m, c);
            w = Arrays.copyOf(w, c);
            owner = Arrays.copyOf(owner, c);
        }
        int first = count;
        for (int i = first; i < first + n; i++) {
            x[i] = y[i] = z[i] = sx[i] = sy[i] = sz[i] = vx[i] = vy[i] = vz[i] = 0;
            rx[i] = ry[i] = rz[i] = m[i] = w[i] = 0;
            owner[i] = body;
        }
        count += n;
        return first;
    }

    /** Drops particles {@code first .. first + n - 1}; those after them move down by n. */
    void removeRange(int first, int n) {
        int tail = count - first - n;
        for (double[] a : new double[][] {x, y, z, sx, sy, sz, vx, vy, vz, rx, ry, rz, m, w}) {
            System.arraycopy(a, first + n, a, first, tail);
        }
        System.arraycopy(owner, first + n, owner, first, tail);
        count -= n;
    }

    /** The index as it is after removing {@code first .. first + n - 1}; -1 for a removed one. */
    static int remap(int i, int first, int n) {
        return i < first ? i : i < first + n ? -1 : i - n;
    }
}
