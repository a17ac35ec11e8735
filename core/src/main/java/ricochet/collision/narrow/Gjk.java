package ricochet.collision.narrow;

import ricochet.geometry.shape.ConvexShape;
import ricochet.math.Transform;

/**
 * Distance and closest points between the cores of two convex shapes by the Gilbert-Johnson-Keerthi
 * algorithm (Gilbert, Johnson and Keerthi 1988; van den Bergen, "Collision Detection in Interactive 3D
 * Environments", 2003, ch. 4; Ericson, "Real-Time Collision Detection", ch. 9). GJK walks a simplex of
 * up to four points of the Minkowski difference {@code A - B} towards the origin; the closest point of
 * the simplex is found by Voronoi-region tests (Ericson 5.1.2, 5.1.5, 5.1.6) instead of Johnson's
 * determinant recursion, which gives the same answer with fewer cancellations.
 *
 * <p>Rounded shapes are handled by running on the cores and subtracting the radii afterwards
 * ({@link GjkResult#surfaceDistance()}): exact for spheres and capsules, and the way margins work.
 *
 * <p>Termination: the gap between the upper bound {@code |v|} and the lower bound {@code v.w/|v|} of
 * the distance falls below {@link #RELATIVE_TOLERANCE} of {@code |v|}; or the new support point is
 * already a simplex vertex; or the closest point stops getting closer (round-off), in which case the
 * previous simplex is kept; or {@link #MAX_ITERATIONS} supports were taken (the best simplex so far is
 * reported). Degenerate simplices (repeated or affinely dependent points) are reduced to their best
 * non-degenerate face, which drops the degenerate vertex.
 *
 * <p>An instance owns its scratch arrays: one per thread, reused for every query; a query allocates
 * nothing.
 */
public final class Gjk {

    /** The most support evaluations one query takes. */
    public static final int MAX_ITERATIONS = 64;
    /** Converged when {@code |v|^2 - v.w <= RELATIVE_TOLERANCE |v|^2} (van den Bergen 2003, 4.3.6). */
    static final double RELATIVE_TOLERANCE = 1e-12;
    /**
     * Cores closer than this fraction of the Minkowski difference's size count as touching: below it the
     * direction of v is mostly round-off, and EPA gives the better normal.
     */
    static final double TOUCH_TOLERANCE = 1e-10;
    /** A triangle whose {@code |ab x ac|^2} is below this fraction of {@code |ab|^2 |ac|^2} is a segment. */
    private static final double DEGENERATE_TRIANGLE = 1e-20;
    /** A tetrahedron whose 6 x volume is below this fraction of its longest edge cubed is flat. */
    private static final double DEGENERATE_TETRAHEDRON = 1e-12;

    final GjkSupport support = new GjkSupport();

    /** Simplex vertices of A - B, on A and on B (shifted frame, see {@link GjkSupport}), x y z packed. */
    final double[] sw = new double[12];
    final double[] sa = new double[12];
    final double[] sb = new double[12];
    /** Barycentric weights of the closest point v on the simplex. */
    final double[] lambda = new double[4];
    int count;
    double vx, vy, vz;
    /** Largest |w| seen: the size that the tolerances scale with, metres. */
    double scale;
    /** Unit direction from A's origin to B's (x when they coincide): the fallback normal. */
    double dirX, dirY, dirZ;

    private final double[] backupW = new double[12];
    private final double[] backupA = new double[12];
    private final double[] backupB = new double[12];
    private final double[] backupLambda = new double[4];
    private int backupCount;
    private double backupVx, backupVy, backupVz;

    /** Results of the sub-simplex solvers, in slots: 0 the answer, 1 and 2 candidates being compared. */
    private final int[] resCount = new int[3];
    private final int[] resIdx = new int[12];
    private final double[] resLambda = new double[12];
    private final double[] resV = new double[9];
    private final double[] resVv = new double[3];

    /**
     * Closest points between the cores of {@code a} at pose {@code ta} and {@code b} at {@code tb}.
     *
     * @param out receives core points (world, metres), core distance, the unit normal from A to B,
     *     the iteration count and whether the cores overlap
     * @return true when the cores are separated, false when they overlap or touch
     */
    public boolean distance(ConvexShape a, Transform ta, ConvexShape b, Transform tb, GjkResult out) {
        support.set(a, ta, b, tb);
        double dx = tb.px - ta.px, dy = tb.py - ta.py, dz = tb.pz - ta.pz;
        double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (len > 0) {
            dirX = dx / len;
            dirY = dy / len;
            dirZ = dz / len;
        } else {
            dirX = 1;
            dirY = 0;
            dirZ = 0;
        }
        // The first support point looks from A towards B: -v for v = centre(A) - centre(B).
        support.support(dirX, dirY, dirZ);
        count = 0;
        push();
        lambda[0] = 1;
        vx = sw[0];
        vy = sw[1];
        vz = sw[2];
        scale = Math.sqrt(vx * vx + vy * vy + vz * vz);
        int iterations = 0;
        boolean overlap = false;
        while (true) {
            double vv = vx * vx + vy * vy + vz * vz;
            double touch = TOUCH_TOLERANCE * scale;
            if (count == 4 || vv <= touch * touch) {
                overlap = true;
                break;
            }
            if (iterations == MAX_ITERATIONS) {
                break;
            }
            support.support(-vx, -vy, -vz);
            iterations++;
            double wx = support.wx, wy = support.wy, wz = support.wz;
            scale = Math.max(scale, Math.sqrt(wx * wx + wy * wy + wz * wz));
            double vw = vx * wx + vy * wy + vz * wz;
            if (vv - vw <= RELATIVE_TOLERANCE * vv || isVertex(wx, wy, wz)) {
                break;
            }
            backup();
            push();
            solve();
            if (vx * vx + vy * vy + vz * vz >= vv) {
                restore();
                break;
            }
        }
        write(overlap, iterations, out);
        return !overlap;
    }

    private void write(boolean overlap, int iterations, GjkResult out) {
        double pax = 0, pay = 0, paz = 0, pbx = 0, pby = 0, pbz = 0;
        for (int m = 0; m < count; m++) {
            double l = lambda[m];
            pax += l * sa[3 * m];
            pay += l * sa[3 * m + 1];
            paz += l * sa[3 * m + 2];
            pbx += l * sb[3 * m];
            pby += l * sb[3 * m + 1];
            pbz += l * sb[3 * m + 2];
        }
        out.pointAX = pax + support.ox;
        out.pointAY = pay + support.oy;
        out.pointAZ = paz + support.oz;
        out.pointBX = pbx + support.ox;
        out.pointBY = pby + support.oy;
        out.pointBZ = pbz + support.oz;
        out.iterations = iterations;
        out.overlap = overlap;
        out.radiusA = support.a.radius();
        out.radiusB = support.b.radius();
        if (overlap) {
            out.distance = 0;
            out.normalX = dirX;
            out.normalY = dirY;
            out.normalZ = dirZ;
        } else {
            double d = Math.sqrt(vx * vx + vy * vy + vz * vz);
            out.distance = d;
            // v = pA - pB, so the direction from A to B is -v.
            out.normalX = -vx / d;
            out.normalY = -vy / d;
            out.normalZ = -vz / d;
        }
    }

    private void push() {
        support.copyTo(sw, sa, sb, count);
        count++;
    }

    private boolean isVertex(double wx, double wy, double wz) {
        for (int m = 0; m < count; m++) {
            if (sw[3 * m] == wx && sw[3 * m + 1] == wy && sw[3 * m + 2] == wz) {
                return true;
            }
        }
        return false;
    }

    private void backup() {
        System.arraycopy(sw, 0, backupW, 0, 12);
        System.arraycopy(sa, 0, backupA, 0, 12);
        System.arraycopy(sb, 0, backupB, 0, 12);
        System.arraycopy(lambda, 0, backupLambda, 0, 4);
        backupCount = count;
        backupVx = vx;
        backupVy = vy;
        backupVz = vz;
    }

    private void restore() {
        System.arraycopy(backupW, 0, sw, 0, 12);
        System.arraycopy(backupA, 0, sa, 0, 12);
        System.arraycopy(backupB, 0, sb, 0, 12);
        System.arraycopy(backupLambda, 0, lambda, 0, 4);
        count = backupCount;
        vx = backupVx;
        vy = backupVy;
        vz = backupVz;
    }

    /** Empties the simplex (for {@link ConvexRaycast}, which runs GJK on points it makes itself). */
    void clearSimplex() {
        count = 0;
    }

    /** Appends a vertex w with its points on A and B (shifted frame); the simplex must have room. */
    void pushVertex(double wx, double wy, double wz, double ax, double ay, double az, double bx, double by,
            double bz) {
        support.wx = wx;
        support.wy = wy;
        support.wz = wz;
        support.ax = ax;
        support.ay = ay;
        support.az = az;
        support.bx = bx;
        support.by = by;
        support.bz = bz;
        push();
    }

    /** Replaces the simplex by its smallest face holding the point closest to the origin. */
    void solve() {
        switch (count) {
            case 1:
                point(0, 0);
                break;
            case 2:
                segment(0, 1, 0);
                break;
            case 3:
                triangle(0, 1, 2, 0);
                break;
            default:
                tetrahedron();
                break;
        }
        int n = resCount[0];
        // The kept indices ascend, so copying down in place never overwrites a vertex still to be read.
        for (int m = 0; m < n; m++) {
            int k = resIdx[m];
            for (int c = 0; c < 3; c++) {
                sw[3 * m + c] = sw[3 * k + c];
                sa[3 * m + c] = sa[3 * k + c];
                sb[3 * m + c] = sb[3 * k + c];
            }
            lambda[m] = resLambda[m];
        }
        count = n;
        vx = resV[0];
        vy = resV[1];
        vz = resV[2];
    }

    private double point(int i, int s) {
        resCount[s] = 1;
        resIdx[4 * s] = i;
        resLambda[4 * s] = 1;
        return setV(s, sw[3 * i], sw[3 * i + 1], sw[3 * i + 2]);
    }

    private double setV(int s, double x, double y, double z) {
        resV[3 * s] = x;
        resV[3 * s + 1] = y;
        resV[3 * s + 2] = z;
        double vv = x * x + y * y + z * z;
        resVv[s] = vv;
        return vv;
    }

    /** The point {@code w_i + u (w_j - w_i)} of edge i-j (i < j), 0 < u < 1. */
    private double edge(int i, int j, double u, int s) {
        resCount[s] = 2;
        resIdx[4 * s] = i;
        resIdx[4 * s + 1] = j;
        resLambda[4 * s] = 1 - u;
        resLambda[4 * s + 1] = u;
        double ax = sw[3 * i], ay = sw[3 * i + 1], az = sw[3 * i + 2];
        return setV(s, ax + u * (sw[3 * j] - ax), ay + u * (sw[3 * j + 1] - ay),
                az + u * (sw[3 * j + 2] - az));
    }

    /** Closest point of segment i-j (i < j) to the origin (Ericson 5.1.2). */
    private double segment(int i, int j, int s) {
        double ax = sw[3 * i], ay = sw[3 * i + 1], az = sw[3 * i + 2];
        double ex = sw[3 * j] - ax, ey = sw[3 * j + 1] - ay, ez = sw[3 * j + 2] - az;
        double ee = ex * ex + ey * ey + ez * ez;
        double t = -(ax * ex + ay * ey + az * ez);
        if (!(ee > 0) || t <= 0) {
            return point(i, s);
        }
        if (t >= ee) {
            return point(j, s);
        }
        return edge(i, j, t / ee, s);
    }

    /** Closest point of triangle i-j-k (i < j < k) to the origin (Ericson 5.1.5, with P the origin). */
    private double triangle(int i, int j, int k, int s) {
        double ax = sw[3 * i], ay = sw[3 * i + 1], az = sw[3 * i + 2];
        double bx = sw[3 * j], by = sw[3 * j + 1], bz = sw[3 * j + 2];
        double cx = sw[3 * k], cy = sw[3 * k + 1], cz = sw[3 * k + 2];
        double abx = bx - ax, aby = by - ay, abz = bz - az;
        double acx = cx - ax, acy = cy - ay, acz = cz - az;
        double nx = aby * acz - abz * acy, ny = abz * acx - abx * acz, nz = abx * acy - aby * acx;
        double nn = nx * nx + ny * ny + nz * nz;
        double abab = abx * abx + aby * aby + abz * abz, acac = acx * acx + acy * acy + acz * acz;
        if (!(nn > DEGENERATE_TRIANGLE * abab * acac)) {
            // Collinear or repeated points: the best edge, which drops the degenerate vertex.
            segment(i, j, s);
            if (segment(i, k, s + 1) < resVv[s]) {
                copySlot(s + 1, s);
            }
            if (segment(j, k, s + 1) < resVv[s]) {
                copySlot(s + 1, s);
            }
            return resVv[s];
        }
        double d1 = -(abx * ax + aby * ay + abz * az), d2 = -(acx * ax + acy * ay + acz * az);
        if (d1 <= 0 && d2 <= 0) {
            return point(i, s);
        }
        double d3 = -(abx * bx + aby * by + abz * bz), d4 = -(acx * bx + acy * by + acz * bz);
        if (d3 >= 0 && d4 <= d3) {
            return point(j, s);
        }
        double vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            return edge(i, j, d1 / (d1 - d3), s);
        }
        double d5 = -(abx * cx + aby * cy + abz * cz), d6 = -(acx * cx + acy * cy + acz * cz);
        if (d6 >= 0 && d5 <= d6) {
            return point(k, s);
        }
        double vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            return edge(i, k, d2 / (d2 - d6), s);
        }
        double va = d3 * d6 - d5 * d4;
        if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
            return edge(j, k, (d4 - d3) / ((d4 - d3) + (d5 - d6)), s);
        }
        double sum = va + vb + vc;
        resCount[s] = 3;
        resIdx[4 * s] = i;
        resIdx[4 * s + 1] = j;
        resIdx[4 * s + 2] = k;
        resLambda[4 * s] = va / sum;
        resLambda[4 * s + 1] = vb / sum;
        resLambda[4 * s + 2] = vc / sum;
        // The projection onto the plane along the cross product keeps the direction of v exact to
        // round-off even when v is short (touching faces), better than summing weighted vertices.
        double f = (nx * ax + ny * ay + nz * az) / nn;
        return setV(s, f * nx, f * ny, f * nz);
    }

    /**
     * Closest point of the tetrahedron 0-1-2-3 (Ericson 5.1.6): the best of the faces whose plane
     * separates the origin from the opposite vertex; none means the origin is inside. A flat
     * tetrahedron tests all four faces, so its degenerate vertex is dropped.
     */
    private void tetrahedron() {
        double x0 = sw[0], y0 = sw[1], z0 = sw[2];
        double e1x = sw[3] - x0, e1y = sw[4] - y0, e1z = sw[5] - z0;
        double e2x = sw[6] - x0, e2y = sw[7] - y0, e2z = sw[8] - z0;
        double e3x = sw[9] - x0, e3y = sw[10] - y0, e3z = sw[11] - z0;
        double volume6 = e1x * (e2y * e3z - e2z * e3y) + e1y * (e2z * e3x - e2x * e3z)
                + e1z * (e2x * e3y - e2y * e3x);
        double longest = Math.sqrt(Math.max(e1x * e1x + e1y * e1y + e1z * e1z,
                Math.max(e2x * e2x + e2y * e2y + e2z * e2z, e3x * e3x + e3y * e3y + e3z * e3z)));
        boolean flat = !(Math.abs(volume6) > DEGENERATE_TETRAHEDRON * longest * longest * longest);
        resVv[0] = Double.POSITIVE_INFINITY;
        face(0, 1, 2, 3, flat);
        face(0, 1, 3, 2, flat);
        face(0, 2, 3, 1, flat);
        face(1, 2, 3, 0, flat);
        if (resVv[0] == Double.POSITIVE_INFINITY) {
            resCount[0] = 4;
            for (int m = 0; m < 4; m++) {
                resIdx[m] = m;
                resLambda[m] = 0.25;
            }
            setV(0, 0, 0, 0);
        }
    }

    private void face(int i, int j, int k, int opposite, boolean flat) {
        double ax = sw[3 * i], ay = sw[3 * i + 1], az = sw[3 * i + 2];
        double abx = sw[3 * j] - ax, aby = sw[3 * j + 1] - ay, abz = sw[3 * j + 2] - az;
        double acx = sw[3 * k] - ax, acy = sw[3 * k + 1] - ay, acz = sw[3 * k + 2] - az;
        double nx = aby * acz - abz * acy, ny = abz * acx - abx * acz, nz = abx * acy - aby * acx;
        double signOrigin = -(nx * ax + ny * ay + nz * az);
        double signOpposite = nx * (sw[3 * opposite] - ax) + ny * (sw[3 * opposite + 1] - ay)
                + nz * (sw[3 * opposite + 2] - az);
        if (flat || signOrigin * signOpposite < 0) {
            if (triangle(i, j, k, 1) < resVv[0]) {
                copySlot(1, 0);
            }
        }
    }

    private void copySlot(int from, int to) {
        resCount[to] = resCount[from];
        System.arraycopy(resIdx, 4 * from, resIdx, 4 * to, 4);
        System.arraycopy(resLambda, 4 * from, resLambda, 4 * to, 4);
        System.arraycopy(resV, 3 * from, resV, 3 * to, 3);
        resVv[to] = resVv[from];
    }
}
