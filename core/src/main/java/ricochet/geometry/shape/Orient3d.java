package ricochet.geometry.shape;

import java.math.BigInteger;

/**
 * The exact sign of the orientation of four points, the predicate that decides which side of a
 * triangle's plane a point lies on. Adaptive in the way of Shewchuk ("Adaptive Precision
 * Floating-Point Arithmetic and Fast Robust Geometric Predicates", Discrete Comput. Geom. 18, 1997,
 * section 4): the determinant is evaluated in doubles, and its sign is trusted when it exceeds the
 * forward error bound of that evaluation; otherwise it is recomputed exactly, in integers: doubles
 * are dyadic rationals, so scaled by a common power of two they are integers.
 */
final class Orient3d {

    /**
     * Shewchuk's bound for the double evaluation below (his {@code o3derrboundA = (7 + 56e) e} with
     * {@code e = 2^-53}), rounded up: |computed - exact| <= ERROR_BOUND * permanent.
     */
    private static final double ERROR_BOUND = 8 * 0x1p-53;
    /**
     * The bound holds while no product leaves the normal range; differences within 2^+-330 keep a
     * product of three within 2^+-990.
     */
    private static final double SMALLEST_SAFE = 0x1p-330, LARGEST_SAFE = 0x1p330;

    private Orient3d() {
    }

    /**
     * +1 when point d lies strictly above the plane of triangle (a, b, c), above being the side the
     * normal (b - a) x (c - a) points to (counter-clockwise seen from above), -1 when strictly below,
     * 0 when the four points are exactly coplanar. Points are indices into packed x y z coordinates.
     */
    static int sign(double[] p, int a, int b, int c, int d) {
        // det [a - d; b - d; c - d] is -((b - a) x (c - a)) . (d - a); differences from d keep the
        // products small when the points are far from the origin but close to each other.
        double dx = p[3 * d], dy = p[3 * d + 1], dz = p[3 * d + 2];
        double adx = p[3 * a] - dx, ady = p[3 * a + 1] - dy, adz = p[3 * a + 2] - dz;
        double bdx = p[3 * b] - dx, bdy = p[3 * b + 1] - dy, bdz = p[3 * b + 2] - dz;
        double cdx = p[3 * c] - dx, cdy = p[3 * c + 1] - dy, cdz = p[3 * c + 2] - dz;
        double bdxcdy = bdx * cdy, cdxbdy = cdx * bdy;
        double cdxady = cdx * ady, adxcdy = adx * cdy;
        double adxbdy = adx * bdy, bdxady = bdx * ady;
        double det = adz * (bdxcdy - cdxbdy) + bdz * (cdxady - adxcdy) + cdz * (adxbdy - bdxady);
        double permanent = (Math.abs(bdxcdy) + Math.abs(cdxbdy)) * Math.abs(adz)
                + (Math.abs(cdxady) + Math.abs(adxcdy)) * Math.abs(bdz)
                + (Math.abs(adxbdy) + Math.abs(bdxady)) * Math.abs(cdz);
        if (Math.abs(det) > ERROR_BOUND * permanent && safe(adx) && safe(ady) && safe(adz) && safe(bdx)
                && safe(bdy) && safe(bdz) && safe(cdx) && safe(cdy) && safe(cdz)) {
            return det > 0 ? -1 : 1;
        }
        return -exactDeterminant(p, a, b, c, d).signum();
    }

    private static boolean safe(double v) {
        double m = Math.abs(v);
        return m == 0 || (m >= SMALLEST_SAFE && m <= LARGEST_SAFE);
    }

    private static BigInteger exactDeterminant(double[] p, int a, int b, int c, int d) {
        // Every double is m 2^e with an integer m; over the lowest e of the twelve coordinates they all
        // become integers, and the determinant's sign is that of the integer determinant.
        int lowest = Integer.MAX_VALUE;
        for (int k = 0; k < 3; k++) {
            lowest = Math.min(lowest, Math.min(Math.min(ulpExponent(p[3 * a + k]), ulpExponent(p[3 * b + k])),
                    Math.min(ulpExponent(p[3 * c + k]), ulpExponent(p[3 * d + k]))));
        }
        BigInteger[] ad = new BigInteger[3], bd = new BigInteger[3], cd = new BigInteger[3];
        for (int k = 0; k < 3; k++) {
            BigInteger dk = scaled(p[3 * d + k], lowest);
            ad[k] = scaled(p[3 * a + k], lowest).subtract(dk);
            bd[k] = scaled(p[3 * b + k], lowest).subtract(dk);
            cd[k] = scaled(p[3 * c + k], lowest).subtract(dk);
        }
        BigInteger ab = ad[0].multiply(bd[1]).subtract(bd[0].multiply(ad[1]));
        BigInteger bc = bd[0].multiply(cd[1]).subtract(cd[0].multiply(bd[1]));
        BigInteger ca = cd[0].multiply(ad[1]).subtract(ad[0].multiply(cd[1]));
        return ad[2].multiply(bc).add(bd[2].multiply(ca)).add(cd[2].multiply(ab));
    }

    /**
     * The exponent of v's last mantissa bit (v = m 2^e with m an integer of at most 53 bits); zero
     * needs none, so it does not lower the common scale.
     */
    private static int ulpExponent(double v) {
        if (v == 0) {
            return Integer.MAX_VALUE;
        }
        int biased = (int) (Double.doubleToRawLongBits(v) >>> 52) & 0x7ff;
        return biased == 0 ? -1074 : biased - 1075;
    }

    /** v 2^-lowest as an integer, exact since lowest is at most v's ulp exponent. */
    private static BigInteger scaled(double v, int lowest) {
        if (v == 0) {
            return BigInteger.ZERO;
        }
        long bits = Double.doubleToRawLongBits(v);
        long mantissa = bits & 0xfffffffffffffL;
        if ((bits & 0x7ff0000000000000L) != 0) {
            mantissa |= 1L << 52;
        }
        return BigInteger.valueOf(bits < 0 ? -mantissa : mantissa).shiftLeft(ulpExponent(v) - lowest);
    }
}
