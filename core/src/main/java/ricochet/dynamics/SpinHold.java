package ricochet.dynamics;

import static ricochet.dynamics.ContactStore.AN;
import static ricochet.dynamics.ContactStore.ANCHORED;
import static ricochet.dynamics.ContactStore.BN;
import static ricochet.dynamics.ContactStore.IAN;
import static ricochet.dynamics.ContactStore.IBN;
import static ricochet.dynamics.ContactStore.MAX_NORMAL_IMPULSE;
import static ricochet.dynamics.ContactStore.NORMAL_IMPULSE;
import static ricochet.dynamics.ContactStore.NX;
import static ricochet.dynamics.ContactStore.NY;
import static ricochet.dynamics.ContactStore.NZ;
import static ricochet.dynamics.ContactStore.SEP;
import static ricochet.dynamics.ContactStore.STRIDE;

/**
 * The integrator's spin cap ({@link Integrator#MAX_ROTATION} per substep) as part of the contact
 * solve. A small body landing on a corner needs a spin of {@code v / r} to stop that corner alone:
 * a 2 mm cylinder at 80 m/s got 23,000 rad/s from one sweep of its manifold, when the cap allows
 * about 300. The integrator cut it before moving the positions, the corner was then approaching at
 * nearly the full speed again, and the body went 12 cm into the ground in one substep (the soak's
 * "below ground" scenes were mostly this: millimetre bodies, tens of m/s, a corner first). So a
 * run whose body passed the cap has that spin cut right away and its normals swept again with the
 * body's turning held: the impulses move it only linearly (effective masses without its angular
 * terms), so its centre of mass takes the blow. Holding the rotation is the cap acting as a
 * constraint of its own, solved with the contacts; the cut and the impulses only remove energy.
 */
final class SpinHold {

    private SpinHold() {
    }

    /** Whether dynamic body i spins faster than {@code maxSpin}, rad/s. */
    static boolean beyond(BodyStore s, int i, double maxSpin) {
        return s.invMass[i] > 0
                && s.wx[i] * s.wx[i] + s.wy[i] * s.wy[i] + s.wz[i] * s.wz[i] > maxSpin * maxSpin;
    }

    /**
     * The normals of points {@code start .. end - 1} (one run, one body pair) again, as
     * {@code ContactSolver}'s sweep solves them (the same bias, softness and clamping), with each
     * body beyond {@code maxSpin} first scaled down to it (its axis kept) and then held. Reads and
     * writes the velocities in the store.
     */
    static void normals(BodyStore s, ContactStore c, int start, int end, double maxSpin, boolean useBias,
                        double invH, double pushOut, Softness soft, Softness anchoredSoft) {
        int a = c.bodyA[start], b = c.bodyB[start];
        boolean holdA = beyond(s, a, maxSpin), holdB = beyond(s, b, maxSpin);
        if (holdA) {
            cap(s, a, maxSpin);
        }
        if (holdB) {
            cap(s, b, maxSpin);
        }
        double ma = s.invMass[a], mb = s.invMass[b];
        double[] d = c.data;
        for (int pass = 0; pass < SolverTuning.MANIFOLD_PASSES; pass++) {
            double largest = 0;
            for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
                double nx = d[o + NX], ny = d[o + NY], nz = d[o + NZ];
                double vn = (s.vx[b] - s.vx[a]) * nx + (s.vy[b] - s.vy[a]) * ny + (s.vz[b] - s.vz[a]) * nz
                        + (s.wx[b] * d[o + BN] + s.wy[b] * d[o + BN + 1] + s.wz[b] * d[o + BN + 2])
                        - (s.wx[a] * d[o + AN] + s.wy[a] * d[o + AN + 1] + s.wz[a] * d[o + AN + 2]);
                double sep = d[o + SEP];
                Softness spring = d[o + ANCHORED] != 0 ? anchoredSoft : soft;
                boolean isSoft = useBias && !(sep > 0);
                double bias = sep > 0 ? sep * invH : useBias ? Math.max(spring.biasRate * sep, pushOut) : 0;
                double mScale = isSoft ? spring.massScale : 1;
                double iScale = isSoft ? spring.impulseScale : 0;
                double k = ma + mb + (holdA ? 0 : dot(d, o + AN, o + IAN))
                        + (holdB ? 0 : dot(d, o + BN, o + IBN));
                double normalMass = k > 0 ? 1 / k : 0;
                double old = d[o + NORMAL_IMPULSE];
                double updated = Math.max(old - normalMass * mScale * (vn + bias) - iScale * old, 0);
                double dn = updated - old;
                d[o + NORMAL_IMPULSE] = updated;
                d[o + MAX_NORMAL_IMPULSE] = Math.max(d[o + MAX_NORMAL_IMPULSE], dn);
                if (ma > 0) {
                    s.vx[a] -= ma * dn * nx;
                    s.vy[a] -= ma * dn * ny;
                    s.vz[a] -= ma * dn * nz;
                    if (!holdA) {
                        s.wx[a] -= dn * d[o + IAN];
                        s.wy[a] -= dn * d[o + IAN + 1];
                        s.wz[a] -= dn * d[o + IAN + 2];
                    }
                }
                if (mb > 0) {
                    s.vx[b] += mb * dn * nx;
                    s.vy[b] += mb * dn * ny;
                    s.vz[b] += mb * dn * nz;
                    if (!holdB) {
                        s.wx[b] += dn * d[o + IBN];
                        s.wy[b] += dn * d[o + IBN + 1];
                        s.wz[b] += dn * d[o + IBN + 2];
                    }
                }
                largest = Math.max(largest, normalMass > 0 ? Math.abs(dn) / normalMass : 0);
            }
            if (end - start == 1 || largest <= SolverTuning.MANIFOLD_TOLERANCE) {
                break;
            }
        }
    }

    private static void cap(BodyStore s, int i, double maxSpin) {
        double scale = maxSpin / Math.sqrt(s.wx[i] * s.wx[i] + s.wy[i] * s.wy[i] + s.wz[i] * s.wz[i]);
        s.wx[i] *= scale;
        s.wy[i] *= scale;
        s.wz[i] *= scale;
    }

    private static double dot(double[] d, int p, int q) {
        return d[p] * d[q] + d[p + 1] * d[q + 1] + d[p + 2] * d[q + 2];
    }
}
