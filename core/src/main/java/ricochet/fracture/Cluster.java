package ricochet.fracture;

import java.util.Arrays;
import ricochet.body.BodyId;
import ricochet.math.Mat3;

/** A bonded group of one fractured body's pieces, carried by one body of the world. */
final class Cluster {
    final int number;
    final FracturedBody f;
    final int[] pieces;
    /** The live bonds' numbers among the pieces, at creation. */
    final int[] bonds;
    final double tx, ty, tz, mass;
    final double[] invInertia = new double[9];
    final boolean fixed;
    /** For a moving cluster: how much more than its received impulse a bond's can be at most. */
    final double spread;
    /** 1 + the cluster's span times the most load a unit of a bond's moment makes (1/m). */
    final double bending;
    BodyId body;
    boolean dead, loaded, weightSolved;
    double load;

    Cluster(int number, FracturedBody f, int[] pieces, double[] t, double mass, double[] inertia,
            boolean fixed) {
        this.number = number;
        this.f = f;
        this.pieces = pieces;
        this.tx = t[0];
        this.ty = t[1];
        this.tz = t[2];
        this.mass = mass;
        this.fixed = fixed;
        Mat3.invert(inertia, invInertia);
        int n = 0;
        int[] list = new int[16];
        double reach2 = 0;
        for (int p : pieces) {
            for (int k : f.bondsOf[p]) {
                if (f.bondAlive[k] && f.bondA[k] == p) {
                    if (n == list.length) {
                        list = Arrays.copyOf(list, 2 * n);
                    }
                    list[n++] = k;
                }
            }
            double dx = f.cx[p] - tx, dy = f.cy[p] - ty, dz = f.cz[p] - tz;
            reach2 = Math.max(reach2, dx * dx + dy * dy + dz * dz);
        }
        bonds = Arrays.copyOf(list, n);
        double perMoment = FracturedBody.anyAnchored(f, pieces) ? f.anchorLever : 0;
        for (int i = 0; i < n; i++) {
            perMoment = Math.max(perMoment, f.momentLoadBound(bonds[i]));
        }
        // |e_p| summed <= |J| (1 + 1 + M r^2 |I^-1| r_c / r): the arms reach the farthest centroid,
        // contacts at most the cluster's size beyond it.
        double norm = 0;
        for (double a : invInertia) {
            norm = Math.max(norm, Math.abs(a));
        }
        double r = Math.sqrt(reach2) + f.shapeSize;
        spread = 2 + 3 * mass * r * r * norm;
        bending = 1 + 2 * r * perMoment;
    }

    boolean bonded() {
        if (dead) {
            return false;
        }
        for (int k : bonds) {
            if (f.bondAlive[k]) {
                return true;
            }
        }
        return fixed;
    }
}
