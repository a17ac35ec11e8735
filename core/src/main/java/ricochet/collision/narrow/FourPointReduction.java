package ricochet.collision.narrow;

/**
 * The four-point choice of the triangle and mesh paths: of many candidate contact points along one
 * normal, the few that keep the deepest point and span the largest area. Static and
 * allocation-free; the caller owns the arrays.
 */
final class FourPointReduction {

    private FourPointReduction() {
    }

    /**
     * Near-ties, as a fraction of the points' spread s: depths within {@code FLAT_SINE s} of the deepest
     * (a face within 0.06 degrees of flat) are equally deep for the first choice, and squared distances
     * and areas within {@code FLAT_SINE s^2} of the best so far do not beat it. A face resting on a mesh
     * moves by round-off and the solver's micrometres, another way each step, and a regular polygon (a
     * cylinder's octagon, a box's corners) offers many equally good choices: strict comparisons moved
     * the choice, and the warm-started feature ids, around the face from step to step. With the ties
     * the earliest candidate keeps its place while the face moves by less than a thousandth of its
     * size. The cost: a face tilted under 0.06 degrees may lose its deepest corner, at most
     * {@code FLAT_SINE s} deeper than the kept ones (4 micrometres for 0.4 m at a resting tilt of 1e-5).
     */
    static final double FLAT_SINE = 1e-3;

    /**
     * Picks at most four of n contact points (positions p, separations sep) to keep into
     * {@code keep}, returning how many: the deepest (ties to {@link #FLAT_SINE} of the spread go to the
     * one farthest from the centroid); the one farthest from it; the one making the
     * largest triangle with those two; the one farthest outside that triangle, which adds the most
     * area (Gregorius, "Robust Contact Creation for Physics Simulations", GDC 2015; Bullet's
     * sortCachedPoints). Areas are measured across the normal n. A candidate must beat the best so far
     * by {@link #FLAT_SINE} of the squared spread, so near-ties keep the lower index and the choice is
     * deterministic and stays put while the points move a little.
     */
    static int reduce(double[] p, double[] sep, int n, double nx, double ny, double nz, int[] keep) {
        // Ties: see FLAT_SINE.
        if (n <= 4) {
            for (int i = 0; i < n; i++) {
                keep[i] = i;
            }
            return n;
        }
        // The deepest point; among points within the flat tie of that depth (a face lying flat), the one
        // farthest from the centroid, so that a resting face keeps its corners.
        double minSep = Double.POSITIVE_INFINITY, cx = 0, cy = 0, cz = 0;
        for (int i = 0; i < n; i++) {
            minSep = Math.min(minSep, sep[i]);
            cx += p[3 * i];
            cy += p[3 * i + 1];
            cz += p[3 * i + 2];
        }
        cx /= n;
        cy /= n;
        cz /= n;
        double spread2 = 0;
        for (int i = 0; i < n; i++) {
            spread2 = Math.max(spread2, dist2(p[3 * i] - cx, p[3 * i + 1] - cy, p[3 * i + 2] - cz));
        }
        double flatTie = Math.max(1e-9, FLAT_SINE * Math.sqrt(spread2)), tie2 = FLAT_SINE * spread2;
        int i1 = -1;
        double corner = -1;
        for (int i = 0; i < n; i++) {
            double d = dist2(p[3 * i] - cx, p[3 * i + 1] - cy, p[3 * i + 2] - cz);
            if (sep[i] <= minSep + flatTie && d > corner + tie2) {
                corner = d;
                i1 = i;
            }
        }
        int i2 = -1;
        double far = 0;
        for (int i = 0; i < n; i++) {
            double d = dist2(p[3 * i] - p[3 * i1], p[3 * i + 1] - p[3 * i1 + 1], p[3 * i + 2] - p[3 * i1 + 2]);
            if (d > far + tie2) {
                far = d;
                i2 = i;
            }
        }
        keep[0] = i1;
        if (i2 < 0) {
            return 1;
        }
        keep[1] = i2;
        int i3 = -1;
        double area = 0, orient = 0;
        for (int i = 0; i < n; i++) {
            double a = signedArea(p, i1, i2, i, nx, ny, nz);
            if (Math.abs(a) > area + tie2) {
                area = Math.abs(a);
                orient = Math.signum(a);
                i3 = i;
            }
        }
        // Areas under 1e-9 of the squared spread are round-off of collinear points (a capsule's
        // line of contact); counting them would make the point count depend on the frame.
        double flat = 1e-9 * far;
        if (i3 < 0 || area <= flat) {
            return 2;
        }
        keep[2] = i3;
        int i4 = -1;
        double outside = 0;
        for (int i = 0; i < n; i++) {
            double a = Math.min(orient * signedArea(p, i1, i2, i, nx, ny, nz),
                    Math.min(orient * signedArea(p, i2, i3, i, nx, ny, nz), orient * signedArea(p, i3, i1, i, nx, ny, nz)));
            if (-a > outside + tie2) {
                outside = -a;
                i4 = i;
            }
        }
        if (i4 < 0 || outside <= flat) {
            return 3;
        }
        keep[3] = i4;
        return 4;
    }

    /** {@code ((pb - pa) x (pc - pa)) . n}: twice the signed area of a, b, c seen along n. */
    private static double signedArea(double[] p, int a, int b, int c, double nx, double ny, double nz) {
        double ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
        double vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
        return nx * (uy * vz - uz * vy) + ny * (uz * vx - ux * vz) + nz * (ux * vy - uy * vx);
    }

    private static double dist2(double x, double y, double z) {
        return x * x + y * y + z * z;
    }
}
