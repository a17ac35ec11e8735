package ricochet.soft;

import java.util.Arrays;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.SphereShape;

/**
 * The rigid bodies the particles meet in one step, as the soft stage sees them. The rigid solve has
 * already moved each body from its centre at the step's start {@code c0} to its end-of-step pose
 * {@code c1}; its proxy starts at {@code c0} with the path's mean velocity {@code (c1 - c0) / dt}
 * and advances by its velocity every substep: the velocity the contacts see is the motion they get.
 * A fast body sweeps through the particles substep by substep instead of appearing at its end pose
 * all at once; an untouched proxy ends at {@code c1}, and each step's proxy starts where the last
 * step left its body, so a body never jumps across a cloth between steps. The particles' impulses
 * change the proxy's velocity at once (the rest of the step feels them) and are handed to the body at
 * the end as one change of velocity, added to the velocity the rigid solve gave it: linear momentum
 * is exchanged impulse for impulse, and the body is moved to where its proxy ended, so that a body
 * the particles stopped does not stay where the rigid solve sent it. One exception: where the rigid
 * solve's contacts and joints changed the body's velocity (beyond gravity and applied force) and the
 * particles pushed the same way, both stopped one motion (a ball that the solve, blind to the cloth,
 * stopped on the shape the cloth lies on, and that the cloth stopped on its way there); the body
 * keeps the larger of the two along that direction, not their sum, which would throw it back at the
 * speed it met the shape with. Orientation starts at the end-of-step pose and
 * turns by what the particles add to the spin, every substep, and by a contact's share where the
 * contact moves the body ({@link #turn}): an angular impulse the proxy did not turn by would leave the
 * overlap it was meant to undo, and the next substep would push again, spinning the body up and
 * flinging the particles it touches. The shape's box moves with the centre; a proxy that has turned
 * is tested against every particle. The world inverse inertia is held at the end-of-step pose (the
 * turn in one step is small), and the body keeps the orientation the rigid solve gave it.
 */
final class BodyProxies {

    /** A sleeping body is woken when the particles change its velocity by more than this, m/s. */
    static final double WAKE_SPEED = 0.05;

    int count;
    int[] collider = new int[8];
    int[] type = new int[8];
    boolean[] asleep = new boolean[8];
    Shape[] shape = new Shape[8];
    /** The body's state at the start of the stage ({@link SoftHost#bodyState} layout). */
    double[] start = new double[8 * SoftHost.STATE_SIZE];
    /** Centre of mass now and at the start of the substep, world, m. */
    double[] cx = new double[8], cy = new double[8], cz = new double[8];
    double[] pcx = new double[8], pcy = new double[8], pcz = new double[8];
    /** Velocity (the path's mean at first) and angular velocity, with the particles' impulses so far. */
    double[] vx = new double[8], vy = new double[8], vz = new double[8];
    double[] wx = new double[8], wy = new double[8], wz = new double[8];
    /** Mean velocity of the rigid path, (end centre - start centre) / dt, m/s. */
    double[] ux = new double[8], uy = new double[8], uz = new double[8];
    /** Rotation matrix (body to world, row-major), 9 per proxy. */
    double[] rot = new double[72];
    /** Whether the proxy has turned from the end-of-step pose (its box no longer bounds it). */
    boolean[] turned = new boolean[8];
    /** World box of the shape at the end-of-step pose, 6 per proxy. */
    double[] box = new double[48];
    /** Proxy of each collider this step, -1 for none. */
    private int[] proxyOf = new int[16];

    {
        Arrays.fill(proxyOf, -1);
    }

    /** Forgets the last step's proxies. */
    void clear() {
        for (int k = 0; k < count; k++) {
            proxyOf[collider[k]] = -1;
        }
        count = 0;
    }

    /** The proxy of a collider, made from the host's state of its body at the first call of the step. */
    int of(int c, SoftHost host, double dt, double[] scratch) {
        if (c >= proxyOf.length) {
            int old = proxyOf.length;
            proxyOf = Arrays.copyOf(proxyOf, Math.max(c + 1, 2 * old));
            Arrays.fill(proxyOf, old, proxyOf.length, -1);
        }
        if (proxyOf[c] >= 0) {
            return proxyOf[c];
        }
        if (count == collider.length) {
            grow();
        }
        int k = count++;
        proxyOf[c] = k;
        collider[k] = c;
        type[k] = host.motionType(c);
        asleep[k] = host.asleep(c);
        shape[k] = host.collision().shape(c);
        int o = SoftHost.STATE_SIZE * k;
        host.bodyState(c, scratch);
        System.arraycopy(scratch, 0, start, o, SoftHost.STATE_SIZE);
        double[] s = start;
        wx[k] = s[o + 13];
        wy[k] = s[o + 14];
        wz[k] = s[o + 15];
        cx[k] = s[o + 26];
        cy[k] = s[o + 27];
        cz[k] = s[o + 28];
        ux[k] = (s[o] - s[o + 26]) / dt;
        uy[k] = (s[o + 1] - s[o + 27]) / dt;
        uz[k] = (s[o + 2] - s[o + 28]) / dt;
        vx[k] = ux[k];
        vy[k] = uy[k];
        vz[k] = uz[k];
        pcx[k] = cx[k];
        pcy[k] = cy[k];
        pcz[k] = cz[k];
        double qx = s[o + 3], qy = s[o + 4], qz = s[o + 5], qw = s[o + 6];
        double[] r = rot;
        int m = 9 * k;
        r[m] = 1 - 2 * (qy * qy + qz * qz);
        r[m + 1] = 2 * (qx * qy - qz * qw);
        r[m + 2] = 2 * (qx * qz + qy * qw);
        r[m + 3] = 2 * (qx * qy + qz * qw);
        r[m + 4] = 1 - 2 * (qx * qx + qz * qz);
        r[m + 5] = 2 * (qy * qz - qx * qw);
        r[m + 6] = 2 * (qx * qz - qy * qw);
        r[m + 7] = 2 * (qy * qz + qx * qw);
        r[m + 8] = 1 - 2 * (qx * qx + qy * qy);
        turned[k] = false;
        return k;
    }

    /** The proxy's world box at the end of the step, padded by {@code pad} metres, into box[6 k ..]. */
    void setBox(int k, double[] endBox, double pad) {
        for (int a = 0; a < 3; a++) {
            box[6 * k + a] = endBox[a] - pad;
            box[6 * k + 3 + a] = endBox[3 + a] + pad;
        }
    }

    /** How far (m) the proxy's centre is from where its box was taken, along axis a (0..2). */
    double boxShift(int k, int a) {
        double c = a == 0 ? cx[k] : a == 1 ? cy[k] : cz[k];
        return c - start[SoftHost.STATE_SIZE * k + a];
    }

    /** Moves every proxy through one substep of h seconds. */
    void advance(double h) {
        for (int k = 0; k < count; k++) {
            pcx[k] = cx[k];
            pcy[k] = cy[k];
            pcz[k] = cz[k];
            cx[k] += vx[k] * h;
            cy[k] += vy[k] * h;
            cz[k] += vz[k] * h;
            // The spin the rigid solve knew is in the end-of-step pose already; only the particles' part.
            int o = SoftHost.STATE_SIZE * k;
            turn(k, (wx[k] - start[o + 13]) * h, (wy[k] - start[o + 14]) * h, (wz[k] - start[o + 15]) * h);
        }
    }

    /** Turns proxy k by the rotation vector (ax, ay, az) (rad, world) about its centre: R = exp([a]) R. */
    void turn(int k, double ax, double ay, double az) {
        double t = Math.sqrt(ax * ax + ay * ay + az * az);
        if (t == 0) {
            return;
        }
        turned[k] = true;
        // Rodrigues: exp([a]) = I + s K + c K^2, K = [a / t], s = sin t, c = 1 - cos t.
        double ux = ax / t, uy = ay / t, uz = az / t, s = StrictMath.sin(t), c = 1 - StrictMath.cos(t);
        double e00 = 1 - c * (uy * uy + uz * uz), e01 = c * ux * uy - s * uz, e02 = c * ux * uz + s * uy;
        double e10 = c * ux * uy + s * uz, e11 = 1 - c * (ux * ux + uz * uz), e12 = c * uy * uz - s * ux;
        double e20 = c * ux * uz - s * uy, e21 = c * uy * uz + s * ux, e22 = 1 - c * (ux * ux + uy * uy);
        double[] r = rot;
        int m = 9 * k;
        for (int j = 0; j < 3; j++) {
            double r0 = r[m + j], r1 = r[m + 3 + j], r2 = r[m + 6 + j];
            r[m + j] = e00 * r0 + e01 * r1 + e02 * r2;
            r[m + 3 + j] = e10 * r0 + e11 * r1 + e12 * r2;
            r[m + 6 + j] = e20 * r0 + e21 * r1 + e22 * r2;
        }
    }

    /**
     * Moves dynamic proxy k as the impulse j (N s, world) at world point p would over time h (s), at
     * once: its centre by {@code h j / m} and its orientation by {@code h I^-1 (r x j)}.
     */
    void shift(int k, double jx, double jy, double jz, double px, double py, double pz, double h) {
        int o = SoftHost.STATE_SIZE * k;
        double rx = px - cx[k], ry = py - cy[k], rz = pz - cz[k];
        double ax = ry * jz - rz * jy, ay = rz * jx - rx * jz, az = rx * jy - ry * jx;
        double im = start[o + 16] * h;
        cx[k] += jx * im;
        cy[k] += jy * im;
        cz[k] += jz * im;
        double[] a = start;
        o += 17;
        turn(k, h * (a[o] * ax + a[o + 1] * ay + a[o + 2] * az),
                h * (a[o + 3] * ax + a[o + 4] * ay + a[o + 5] * az),
                h * (a[o + 6] * ax + a[o + 7] * ay + a[o + 8] * az));
    }

    boolean dynamic(int k) {
        return type[k] == SoftHost.DYNAMIC;
    }

    /** Whether proxy k is a dynamic or kinematic sphere: the only bodies sided contacts and zones take. */
    boolean movingSphere(int k) {
        return type[k] != SoftHost.STATIC && shape[k] instanceof SphereShape;
    }

    /** {@code 1/m + (r x n) . I^-1 (r x n)} at world point p along unit n, 1/kg; 0 unless dynamic. */
    double inverseMassAlong(int k, double px, double py, double pz, double nx, double ny, double nz) {
        if (type[k] != SoftHost.DYNAMIC) {
            return 0;
        }
        double rx = px - cx[k], ry = py - cy[k], rz = pz - cz[k];
        double ax = ry * nz - rz * ny, ay = rz * nx - rx * nz, az = rx * ny - ry * nx;
        int o = SoftHost.STATE_SIZE * k + 17;
        double[] a = start;
        double bx = a[o] * ax + a[o + 1] * ay + a[o + 2] * az;
        double by = a[o + 3] * ax + a[o + 4] * ay + a[o + 5] * az;
        double bz = a[o + 6] * ax + a[o + 7] * ay + a[o + 8] * az;
        return start[SoftHost.STATE_SIZE * k + 16] + ax * bx + ay * by + az * bz;
    }

    /** Applies impulse j (N s, world) at world point p to a dynamic proxy. */
    void applyImpulse(int k, double jx, double jy, double jz, double px, double py, double pz) {
        if (type[k] != SoftHost.DYNAMIC) {
            return;
        }
        int o = SoftHost.STATE_SIZE * k;
        double im = start[o + 16];
        vx[k] += jx * im;
        vy[k] += jy * im;
        vz[k] += jz * im;
        // w += I^-1 (r x j)
        double rx = px - cx[k], ry = py - cy[k], rz = pz - cz[k];
        double ax = ry * jz - rz * jy, ay = rz * jx - rx * jz, az = rx * jy - ry * jx;
        double[] a = start;
        o += 17;
        wx[k] += a[o] * ax + a[o + 1] * ay + a[o + 2] * az;
        wy[k] += a[o + 3] * ax + a[o + 4] * ay + a[o + 5] * az;
        wz[k] += a[o + 6] * ax + a[o + 7] * ay + a[o + 8] * az;
    }

    /** The velocity of world point p carried by the proxy (v + w x r), into out[0..2]. */
    void pointVelocity(int k, double px, double py, double pz, double[] out) {
        double rx = px - cx[k], ry = py - cy[k], rz = pz - cz[k];
        out[0] = vx[k] + wy[k] * rz - wz[k] * ry;
        out[1] = vy[k] + wz[k] * rx - wx[k] * rz;
        out[2] = vz[k] + wx[k] * ry - wy[k] * rx;
    }

    /** Hands every dynamic body the change of velocity the particles gave its proxy. */
    void finish(SoftHost host) {
        for (int k = 0; k < count; k++) {
            if (type[k] != SoftHost.DYNAMIC) {
                continue;
            }
            int o = SoftHost.STATE_SIZE * k;
            double dvx = vx[k] - ux[k], dvy = vy[k] - uy[k], dvz = vz[k] - uz[k];
            // The rigid solve's contacts may already have stopped the motion the particles stopped (a
            // ball that reached a shape through the cloth lying on it): along the rigid change of
            // velocity, the particles' share counts only beyond it, as the larger of two impulses
            // through one contact, not their sum.
            double rx = start[o + 29], ry = start[o + 30], rz = start[o + 31];
            double rr = rx * rx + ry * ry + rz * rz;
            double along = dvx * rx + dvy * ry + dvz * rz;
            if (along > 0) {
                double shared = Math.min(along, rr) / rr;
                dvx -= shared * rx;
                dvy -= shared * ry;
                dvz -= shared * rz;
            }
            double dwx = wx[k] - start[o + 13], dwy = wy[k] - start[o + 14], dwz = wz[k] - start[o + 15];
            if (dvx == 0 && dvy == 0 && dvz == 0 && dwx == 0 && dwy == 0 && dwz == 0) {
                continue;
            }
            boolean wake = !asleep[k] || Math.sqrt(dvx * dvx + dvy * dvy + dvz * dvz) > WAKE_SPEED;
            host.addVelocity(collider[k], dvx, dvy, dvz, dwx, dwy, dwz, wake);
            if (wake) {
                // The body ends where its proxy did: the impulses changed how far it went this step.
                host.moveBody(collider[k], cx[k] - start[o], cy[k] - start[o + 1], cz[k] - start[o + 2]);
            }
        }
    }

    private void grow() {
        int c = 2 * collider.length;
        collider = Arrays.copyOf(collider, c);
        type = Arrays.copyOf(type, c);
        asleep = Arrays.copyOf(asleep, c);
        shape = Arrays.copyOf(shape, c);
        start = Arrays.copyOf(start, c * SoftHost.STATE_SIZE);
        cx = Arrays.copyOf(cx, c);
        cy = Arrays.copyOf(cy, c);
        cz = Arrays.copyOf(cz, c);
        pcx = Arrays.copyOf(pcx, c);
        pcy = Arrays.copyOf(pcy, c);
        pcz = Arrays.copyOf(pcz, c);
        vx = Arrays.copyOf(vx, c);
        vy = Arrays.copyOf(vy, c);
        vz = Arrays.copyOf(vz, c);
        wx = Arrays.copyOf(wx, c);
        wy = Arrays.copyOf(wy, c);
        wz = Arrays.copyOf(wz, c);
        ux = Arrays.copyOf(ux, c);
        uy = Arrays.copyOf(uy, c);
        uz = Arrays.copyOf(uz, c);
        rot = Arrays.copyOf(rot, 9 * c);
        turned = Arrays.copyOf(turned, c);
        box = Arrays.copyOf(box, 6 * c);
    }
}
