package ricochet.geometry.shape;

import java.util.Random;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/** Point clouds and hull measurements shared by the geometry tests. */
final class HullTestPoints {

    private HullTestPoints() {
    }

    /** n points uniform in the ball of radius r (rejection sampling), packed x y z. */
    static double[] inBall(Random rng, int n, double r) {
        double[] p = new double[3 * n];
        for (int i = 0; i < n; i++) {
            double x, y, z;
            do {
                x = 2 * rng.nextDouble() - 1;
                y = 2 * rng.nextDouble() - 1;
                z = 2 * rng.nextDouble() - 1;
            } while (x * x + y * y + z * z > 1);
            p[3 * i] = r * x;
            p[3 * i + 1] = r * y;
            p[3 * i + 2] = r * z;
        }
        return p;
    }

    /** n points on the sphere of radius r (normalised Gaussian directions). */
    static double[] onSphere(Random rng, int n, double r) {
        double[] p = new double[3 * n];
        for (int i = 0; i < n; i++) {
            double x = rng.nextGaussian(), y = rng.nextGaussian(), z = rng.nextGaussian();
            double len = Math.sqrt(x * x + y * y + z * z);
            p[3 * i] = r * x / len;
            p[3 * i + 1] = r * y / len;
            p[3 * i + 2] = r * z / len;
        }
        return p;
    }

    /** The 8 corners of the box [-hx, hx] x [-hy, hy] x [-hz, hz]. */
    static double[] boxCorners(double hx, double hy, double hz) {
        double[] p = new double[24];
        for (int i = 0; i < 8; i++) {
            p[3 * i] = (i & 1) == 0 ? -hx : hx;
            p[3 * i + 1] = (i & 2) == 0 ? -hy : hy;
            p[3 * i + 2] = (i & 4) == 0 ? -hz : hz;
        }
        return p;
    }

    static double[] concat(double[] a, double[] b) {
        double[] c = new double[a.length + b.length];
        System.arraycopy(a, 0, c, 0, a.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    /** Every point moved by x -> q x + t. */
    static double[] transformed(double[] p, Quat q, Vec3 t) {
        double[] out = new double[p.length];
        for (int i = 0; i < p.length; i += 3) {
            Vec3 v = q.rotate(new Vec3(p[i], p[i + 1], p[i + 2])).plus(t);
            out[i] = v.x();
            out[i + 1] = v.y();
            out[i + 2] = v.z();
        }
        return out;
    }

    /** The hull's vertices, packed. */
    static double[] vertices(ConvexHullShape h) {
        double[] v = new double[3 * h.vertexCount()];
        for (int i = 0; i < h.vertexCount(); i++) {
            v[3 * i] = h.vertexX(i);
            v[3 * i + 1] = h.vertexY(i);
            v[3 * i + 2] = h.vertexZ(i);
        }
        return v;
    }

    /**
     * Volume by the divergence theorem, independent of MassProperties: each face polygon fanned from
     * its first vertex, V = sum (a . (b x c)) / 6.
     */
    static double volume(ConvexHullShape h) {
        double v = 0;
        for (int f = 0; f < h.faceCount(); f++) {
            int a = h.faceVertex(f, 0);
            for (int k = 1; k + 1 < h.faceVertexCount(f); k++) {
                int b = h.faceVertex(f, k), c = h.faceVertex(f, k + 1);
                Vec3 va = new Vec3(h.vertexX(a), h.vertexY(a), h.vertexZ(a));
                Vec3 vb = new Vec3(h.vertexX(b), h.vertexY(b), h.vertexZ(b));
                Vec3 vc = new Vec3(h.vertexX(c), h.vertexY(c), h.vertexZ(c));
                v += va.dot(vb.cross(vc)) / 6;
            }
        }
        return v;
    }

    /** The largest distance of any point above any face plane (<= 0 when all are inside). */
    static double maxOutside(ConvexHullShape h, double[] p) {
        double worst = Double.NEGATIVE_INFINITY;
        for (int f = 0; f < h.faceCount(); f++) {
            for (int i = 0; i < p.length; i += 3) {
                double d = h.faceNormalX(f) * p[i] + h.faceNormalY(f) * p[i + 1] + h.faceNormalZ(f) * p[i + 2]
                        - h.faceOffset(f);
                worst = Math.max(worst, d);
            }
        }
        return worst;
    }
}
