package ricochet.geometry.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

class Orient3dTest {

    /** ((b - a) x (c - a)) . (d - a) in exact arithmetic, written independently of Orient3d's expansion. */
    private static int reference(double[] p, int a, int b, int c, int d) {
        BigDecimal[] u = new BigDecimal[3], v = new BigDecimal[3], w = new BigDecimal[3];
        for (int k = 0; k < 3; k++) {
            BigDecimal ak = new BigDecimal(p[3 * a + k]);
            u[k] = new BigDecimal(p[3 * b + k]).subtract(ak);
            v[k] = new BigDecimal(p[3 * c + k]).subtract(ak);
            w[k] = new BigDecimal(p[3 * d + k]).subtract(ak);
        }
        BigDecimal nx = u[1].multiply(v[2]).subtract(u[2].multiply(v[1]));
        BigDecimal ny = u[2].multiply(v[0]).subtract(u[0].multiply(v[2]));
        BigDecimal nz = u[0].multiply(v[1]).subtract(u[1].multiply(v[0]));
        return nx.multiply(w[0]).add(ny.multiply(w[1])).add(nz.multiply(w[2])).signum();
    }

    @Example
    void pointOnTheNormalSideOfACounterClockwiseTriangleIsAbove() {
        double[] p = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0.2, 0.3, 1, 0.2, 0.3, -1, 0.2, 0.3, 0};
        assertEquals(1, Orient3d.sign(p, 0, 1, 2, 3));
        assertEquals(-1, Orient3d.sign(p, 0, 1, 2, 4));
        assertEquals(0, Orient3d.sign(p, 0, 1, 2, 5));
        assertEquals(-1, Orient3d.sign(p, 0, 2, 1, 3), "reversed winding");
    }

    /**
     * Near-coplanar points where the floating-point determinant is mostly round-off, so the sign must
     * come from the exact path: kind 0, points exactly on an axis-aligned plane (sign 0); kind 1, the
     * same with each tested point nudged one ulp off the plane, a determinant of ~1e-16 against products
     * of ~1; kinds 2 and 3, a tilted plane moved far from the origin, every coordinate rounded.
     */
    @Property(tries = 200)
    void signIsExactForNearlyAndExactlyCoplanarPoints(@ForAll long seed,
                                                      @ForAll @IntRange(min = 0, max = 3) int kind) {
        Random rng = new Random(seed);
        double offset = kind == 1 ? 0.5 + 0.5 * rng.nextDouble() : 1e3 * rng.nextDouble();
        double[] n = {rng.nextGaussian(), rng.nextGaussian(), rng.nextGaussian()};
        double[] p = new double[3 * 8];
        for (int i = 0; i < 8; i++) {
            double s = 2 * rng.nextDouble() - 1, t = 2 * rng.nextDouble() - 1;
            if (kind <= 1) {
                p[3 * i] = offset;
                if (kind == 1 && i >= 3) {
                    p[3 * i] = rng.nextBoolean() ? Math.nextUp(offset) : Math.nextDown(offset);
                }
                p[3 * i + 1] = s;
                p[3 * i + 2] = t;
            } else {
                // Two in-plane directions orthogonal to n: n x e_z and n x (n x e_z).
                double ux = n[1], uy = -n[0], uz = 0;
                double vx = n[1] * uz - n[2] * uy, vy = n[2] * ux - n[0] * uz, vz = n[0] * uy - n[1] * ux;
                p[3 * i] = offset + s * ux + t * vx;
                p[3 * i + 1] = offset + s * uy + t * vy;
                p[3 * i + 2] = offset + s * uz + t * vz;
            }
        }
        for (int d = 3; d < 8; d++) {
            assertEquals(reference(p, 0, 1, 2, d), Orient3d.sign(p, 0, 1, 2, d), "point " + d);
            assertEquals(-reference(p, 0, 1, 2, d), Orient3d.sign(p, 1, 0, 2, d), "point " + d + ", swapped");
        }
    }

    @Property(tries = 200)
    void signMatchesTheExactTripleProductForGeneralPoints(@ForAll long seed) {
        double[] p = HullTestPoints.inBall(new Random(seed), 4, 10);
        assertEquals(reference(p, 0, 1, 2, 3), Orient3d.sign(p, 0, 1, 2, 3));
    }

    @Example
    void coordinatesWhoseProductsLeaveTheDoubleRangeStillGetTheRightSign() {
        // Products of these differences underflow to zero or overflow to infinity.
        double[] tiny = {0, 0, 0, 1e-110, 0, 0, 0, 1e-110, 0, 0, 0, 1e-110};
        assertEquals(1, Orient3d.sign(tiny, 0, 1, 2, 3));
        double[] huge = {0, 0, 0, 1e110, 0, 0, 0, 1e110, 0, 0, 0, -1e110};
        assertEquals(-1, Orient3d.sign(huge, 0, 1, 2, 3));
    }
}
