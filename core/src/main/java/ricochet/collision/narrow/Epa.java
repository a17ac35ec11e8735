package ricochet.collision.narrow;

/**
 * Penetration depth, normal and witness points of two overlapping convex cores by the Expanding
 * Polytope Algorithm (van den Bergen, "Proximity Queries and Penetration Depth Computation on 3D Game
 * Objects", GDC 2001; "Collision Detection in Interactive 3D Environments", 2003, 4.3.8). It starts
 * from the simplex {@link Gjk} stopped with, blows it up to a tetrahedron inside the Minkowski
 * difference {@code A - B}, then repeatedly pushes out the face closest to the origin by the support
 * point along its normal until the support no longer gets farther than the face: that face's distance
 * is the depth and its normal the direction from A to B. The radii are added at the end.
 *
 * <p>Termination: the support point lies within {@link #RELATIVE_TOLERANCE} of the face distance (plus
 * {@link #ABSOLUTE_TOLERANCE} of the shapes' size); or the polytope would exceed {@link #MAX_FACES}
 * faces or {@link #MAX_VERTICES} vertices; or a new face degenerates (zero area). In every case the
 * closest face found so far is reported, so the answer is finite.
 *
 * <p>When the cores' Minkowski difference is flat (sphere cores are points, capsule cores segments)
 * the tetrahedron cannot be built: the origin then lies in a set of no volume, the cores' depth is 0
 * and the normal is a direction out of that set ({@link EpaResult#flat}).
 *
 * <p>An instance owns fixed-size arrays for the polytope; a query allocates nothing.
 */
public final class Epa {

    /** The most faces the polytope may have. */
    public static final int MAX_FACES = 128;
    /** The most vertices: the four of the tetrahedron plus one per expansion. */
    public static final int MAX_VERTICES = 68;
    /** Converged when the support beyond the closest face is within this fraction of its distance. */
    static final double RELATIVE_TOLERANCE = 1e-10;
    /** ... plus this fraction of the Minkowski difference's size (for depths near zero). */
    static final double ABSOLUTE_TOLERANCE = 1e-12;
    /** A point within this fraction of the size from the current affine hull adds no dimension. */
    private static final double DIMENSION_TOLERANCE = 1e-10;

    private final double[] vw = new double[3 * MAX_VERTICES];
    private final double[] va = new double[3 * MAX_VERTICES];
    private final double[] vb = new double[3 * MAX_VERTICES];
    private int nv;

    private final int[] fv = new int[3 * MAX_FACES];
    private final double[] fn = new double[3 * MAX_FACES];
    private final double[] fd = new double[MAX_FACES];
    private final boolean[] gone = new boolean[MAX_FACES];
    private int nf;
    /** Horizon edges (from, to), at most three per removed face. */
    private final int[] horizon = new int[6 * MAX_FACES];
    private int ne;

    private double scale;
    private GjkSupport sup;

    /**
     * The penetration of the two shapes of {@code gjk}'s last query, which must have reported
     * overlapping cores ({@link GjkResult#overlap}); EPA starts from the simplex it stopped with.
     *
     * @param out receives the depth of the whole shapes (metres), the unit normal from A to B (world)
     *     and the deepest points of A and B (world, metres)
     */
    public void penetration(Gjk gjk, EpaResult out) {
        sup = gjk.support;
        scale = gjk.scale;
        nv = 0;
        for (int m = 0; m < gjk.count; m++) {
            int i = 3 * m;
            if (addsDimension(gjk.sw[i], gjk.sw[i + 1], gjk.sw[i + 2])) {
                addVertex(gjk.sw, gjk.sa, gjk.sb, i);
            }
        }
        if (nv == 0) {
            addVertex(gjk.sw, gjk.sa, gjk.sb, 0);
        }
        double dirX = gjk.dirX, dirY = gjk.dirY, dirZ = gjk.dirZ;
        out.flat = false;
        if (!growToTetrahedron(dirX, dirY, dirZ, out)) {
            out.flat = true;
            return;
        }
        expand(out);
    }

    /** Whether the point is farther than the tolerance from the affine hull of the vertices so far. */
    private boolean addsDimension(double x, double y, double z) {
        double tol = DIMENSION_TOLERANCE * Math.max(scale, Double.MIN_NORMAL);
        if (nv == 0) {
            return true;
        }
        double px = x - vw[0], py = y - vw[1], pz = z - vw[2];
        if (nv == 1) {
            return px * px + py * py + pz * pz > tol * tol;
        }
        double ex = vw[3] - vw[0], ey = vw[4] - vw[1], ez = vw[5] - vw[2];
        if (nv == 2) {
            double cx = ey * pz - ez * py, cy = ez * px - ex * pz, cz = ex * py - ey * px;
            return cx * cx + cy * cy + cz * cz > tol * tol * (ex * ex + ey * ey + ez * ez);
        }
        if (nv == 3) {
            double fx = vw[6] - vw[0], fy = vw[7] - vw[1], fz = vw[8] - vw[2];
            double nx = ey * fz - ez * fy, ny = ez * fx - ex * fz, nz = ex * fy - ey * fx;
            double h = nx * px + ny * py + nz * pz;
            return h * h > tol * tol * (nx * nx + ny * ny + nz * nz);
        }
        return false;
    }

    private void addVertex(double[] w, double[] a, double[] b, int i) {
        int j = 3 * nv;
        for (int c = 0; c < 3; c++) {
            vw[j + c] = w[i + c];
            va[j + c] = a[i + c];
            vb[j + c] = b[i + c];
        }
        nv++;
    }

    private void addSupportVertex() {
        sup.copyTo(vw, va, vb, nv);
        nv++;
        scale = Math.max(scale, Math.sqrt(sup.wx * sup.wx + sup.wy * sup.wy + sup.wz * sup.wz));
    }

    private boolean trySupport(double dx, double dy, double dz) {
        sup.support(dx, dy, dz);
        if (addsDimension(sup.wx, sup.wy, sup.wz)) {
            addSupportVertex();
            return true;
        }
        return false;
    }

    /**
     * Adds support points until the vertices span a tetrahedron (true), or finds the Minkowski
     * difference flat, writes the zero-core-depth answer and returns false. Searching the six axis
     * directions, six directions around a segment and both sides of a triangle finds a new dimension
     * whenever the set has one.
     */
    private boolean growToTetrahedron(double dirX, double dirY, double dirZ, EpaResult out) {
        if (nv == 1) {
            if (!(trySupport(1, 0, 0) || trySupport(-1, 0, 0) || trySupport(0, 1, 0) || trySupport(0, -1, 0)
                    || trySupport(0, 0, 1) || trySupport(0, 0, -1))) {
                // A single point: any direction separates; take the one between the shapes' origins.
                finishFlat(dirX, dirY, dirZ, dirX, dirY, dirZ, out);
                return false;
            }
        }
        if (nv == 2) {
            double ex = vw[3] - vw[0], ey = vw[4] - vw[1], ez = vw[5] - vw[2];
            double el = Math.sqrt(ex * ex + ey * ey + ez * ez);
            ex /= el;
            ey /= el;
            ez /= el;
            // u: perpendicular to e, built from the axis least aligned with it; t = e x u.
            double ux, uy, uz;
            if (Math.abs(ex) <= Math.abs(ey) && Math.abs(ex) <= Math.abs(ez)) {
                ux = 0;
                uy = ez;
                uz = -ey;
            } else if (Math.abs(ey) <= Math.abs(ez)) {
                ux = -ez;
                uy = 0;
                uz = ex;
            } else {
                ux = ey;
                uy = -ex;
                uz = 0;
            }
            double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
            ux /= ul;
            uy /= ul;
            uz /= ul;
            double tx = ey * uz - ez * uy, ty = ez * ux - ex * uz, tz = ex * uy - ey * ux;
            boolean grown = false;
            for (int k = 0; k < 6 && !grown; k++) {
                double c = StrictMath.cos(k * Math.PI / 3), s = StrictMath.sin(k * Math.PI / 3);
                grown = trySupport(c * ux + s * tx, c * uy + s * ty, c * uz + s * tz);
            }
            if (!grown) {
                // A segment: every direction perpendicular to it separates; prefer the one nearest
                // to the direction between the shapes' origins.
                double along = dirX * ex + dirY * ey + dirZ * ez;
                double px = dirX - along * ex, py = dirY - along * ey, pz = dirZ - along * ez;
                double pl = Math.sqrt(px * px + py * py + pz * pz);
                if (pl > 1e-6) {
                    finishFlat(px / pl, py / pl, pz / pl, dirX, dirY, dirZ, out);
                } else {
                    finishFlat(ux, uy, uz, dirX, dirY, dirZ, out);
                }
                return false;
            }
        }
        if (nv == 3) {
            double ex = vw[3] - vw[0], ey = vw[4] - vw[1], ez = vw[5] - vw[2];
            double fx = vw[6] - vw[0], fy = vw[7] - vw[1], fz = vw[8] - vw[2];
            double nx = ey * fz - ez * fy, ny = ez * fx - ex * fz, nz = ex * fy - ey * fx;
            double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
            nx /= nl;
            ny /= nl;
            nz /= nl;
            // Take the side that reaches farther from the plane: the bigger tetrahedron.
            sup.support(nx, ny, nz);
            double hPlus = nx * (sup.wx - vw[0]) + ny * (sup.wy - vw[1]) + nz * (sup.wz - vw[2]);
            double pwx = sup.wx, pwy = sup.wy, pwz = sup.wz, pax = sup.ax, pay = sup.ay, paz = sup.az;
            double pbx = sup.bx, pby = sup.by, pbz = sup.bz;
            sup.support(-nx, -ny, -nz);
            double hMinus = -(nx * (sup.wx - vw[0]) + ny * (sup.wy - vw[1]) + nz * (sup.wz - vw[2]));
            if (hPlus >= hMinus) {
                sup.wx = pwx;
                sup.wy = pwy;
                sup.wz = pwz;
                sup.ax = pax;
                sup.ay = pay;
                sup.az = paz;
                sup.bx = pbx;
                sup.by = pby;
                sup.bz = pbz;
            }
            if (!addsDimension(sup.wx, sup.wy, sup.wz)) {
                finishFlat(nx, ny, nz, dirX, dirY, dirZ, out);
                return false;
            }
            addSupportVertex();
        }
        // Four faces, each wound counter-clockwise seen from outside (away from the fourth vertex).
        nf = 0;
        return addOrientedFace(0, 1, 2, 3) && addOrientedFace(0, 1, 3, 2) && addOrientedFace(0, 2, 3, 1)
                && addOrientedFace(1, 2, 3, 0);
    }

    private boolean addOrientedFace(int i, int j, int k, int opposite) {
        double ax = vw[3 * i], ay = vw[3 * i + 1], az = vw[3 * i + 2];
        double abx = vw[3 * j] - ax, aby = vw[3 * j + 1] - ay, abz = vw[3 * j + 2] - az;
        double acx = vw[3 * k] - ax, acy = vw[3 * k + 1] - ay, acz = vw[3 * k + 2] - az;
        double nx = aby * acz - abz * acy, ny = abz * acx - abx * acz, nz = abx * acy - aby * acx;
        double toOpposite = nx * (vw[3 * opposite] - ax) + ny * (vw[3 * opposite + 1] - ay)
                + nz * (vw[3 * opposite + 2] - az);
        return toOpposite > 0 ? addFace(i, k, j) : addFace(i, j, k);
    }

    /** Adds face i-j-k (counter-clockwise from outside); false when it has no area. */
    private boolean addFace(int i, int j, int k) {
        double ax = vw[3 * i], ay = vw[3 * i + 1], az = vw[3 * i + 2];
        double abx = vw[3 * j] - ax, aby = vw[3 * j + 1] - ay, abz = vw[3 * j + 2] - az;
        double acx = vw[3 * k] - ax, acy = vw[3 * k + 1] - ay, acz = vw[3 * k + 2] - az;
        double nx = aby * acz - abz * acy, ny = abz * acx - abx * acz, nz = abx * acy - aby * acx;
        double nl = Math.sqrt(nx * nx + ny * ny + nz * nz);
        double tol = DIMENSION_TOLERANCE * scale;
        if (!(nl > tol * tol) || !Double.isFinite(nl)) {
            return false;
        }
        nx /= nl;
        ny /= nl;
        nz /= nl;
        int f = nf++;
        fv[3 * f] = i;
        fv[3 * f + 1] = j;
        fv[3 * f + 2] = k;
        fn[3 * f] = nx;
        fn[3 * f + 1] = ny;
        fn[3 * f + 2] = nz;
        fd[f] = nx * ax + ny * ay + nz * az;
        return true;
    }

    private void expand(EpaResult out) {
        int bi = fv[0], bj = fv[1], bk = fv[2];
        double bnx = fn[0], bny = fn[1], bnz = fn[2], bd = fd[0];
        int iterations = 0;
        while (true) {
            int best = 0;
            for (int f = 1; f < nf; f++) {
                if (fd[f] < fd[best]) {
                    best = f;
                }
            }
            bi = fv[3 * best];
            bj = fv[3 * best + 1];
            bk = fv[3 * best + 2];
            bnx = fn[3 * best];
            bny = fn[3 * best + 1];
            bnz = fn[3 * best + 2];
            bd = fd[best];
            if (nv == MAX_VERTICES) {
                break;
            }
            sup.support(bnx, bny, bnz);
            iterations++;
            double wx = sup.wx, wy = sup.wy, wz = sup.wz;
            double gap = bnx * wx + bny * wy + bnz * wz - bd;
            if (!(gap > RELATIVE_TOLERANCE * Math.abs(bd) + ABSOLUTE_TOLERANCE * scale)) {
                break;
            }
            if (!expandTowards(best, wx, wy, wz)) {
                break;
            }
        }
        finish(bnx, bny, bnz, Math.max(bd, 0), bi, bj, bk, iterations, out);
    }

    /**
     * Removes the faces that see w, collects the horizon (edges of exactly one removed face, in that
     * face's winding) and fans new faces from it to w. False, with the polytope left as is or partly
     * rebuilt, when the result would overflow or a new face has no area; the caller then keeps the face
     * it had.
     */
    private boolean expandTowards(int best, double wx, double wy, double wz) {
        double visible = ABSOLUTE_TOLERANCE * scale;
        ne = 0;
        int removed = 0;
        for (int f = 0; f < nf; f++) {
            int v0 = fv[3 * f];
            double h = fn[3 * f] * (wx - vw[3 * v0]) + fn[3 * f + 1] * (wy - vw[3 * v0 + 1])
                    + fn[3 * f + 2] * (wz - vw[3 * v0 + 2]);
            gone[f] = f == best || h > visible;
            if (gone[f]) {
                removed++;
                for (int e = 0; e < 3; e++) {
                    toggleEdge(fv[3 * f + e], fv[3 * f + (e + 1) % 3]);
                }
            }
        }
        if (ne < 3 || nf - removed + ne > MAX_FACES) {
            return false;
        }
        addSupportVertex();
        int w = nv - 1;
        int kept = 0;
        for (int f = 0; f < nf; f++) {
            if (!gone[f]) {
                if (kept != f) {
                    System.arraycopy(fv, 3 * f, fv, 3 * kept, 3);
                    System.arraycopy(fn, 3 * f, fn, 3 * kept, 3);
                    fd[kept] = fd[f];
                }
                kept++;
            }
        }
        nf = kept;
        for (int e = 0; e < ne; e++) {
            if (!addFace(horizon[2 * e], horizon[2 * e + 1], w)) {
                return false;
            }
        }
        return true;
    }

    /** An edge seen from two removed faces is inside the removed region: its reverse cancels it. */
    private void toggleEdge(int from, int to) {
        for (int e = 0; e < ne; e++) {
            if (horizon[2 * e] == to && horizon[2 * e + 1] == from) {
                ne--;
                horizon[2 * e] = horizon[2 * ne];
                horizon[2 * e + 1] = horizon[2 * ne + 1];
                return;
            }
        }
        horizon[2 * ne] = from;
        horizon[2 * ne + 1] = to;
        ne++;
    }

    /** Core depth 0 with the given normal, turned towards B's origin; the origin's witness on the simplex. */
    private void finishFlat(double nx, double ny, double nz, double dirX, double dirY, double dirZ,
            EpaResult out) {
        if (nx * dirX + ny * dirY + nz * dirZ < 0) {
            nx = -nx;
            ny = -ny;
            nz = -nz;
        }
        finish(nx, ny, nz, 0, 0, Math.min(1, nv - 1), Math.min(2, nv - 1), 0, out);
    }

    /**
     * Witness points: the origin's projection {@code depth n} onto the face i-j-k, in barycentric
     * coordinates (Ericson 3.4), applied to the vertices' points on A and on B. Repeated indices (a
     * segment or point) and degenerate triangles fall back to the segment or the first vertex.
     */
    private void finish(double nx, double ny, double nz, double coreDepth, int i, int j, int k,
            int iterations, EpaResult out) {
        double px = coreDepth * nx, py = coreDepth * ny, pz = coreDepth * nz;
        double ax = vw[3 * i], ay = vw[3 * i + 1], az = vw[3 * i + 2];
        double e0x = vw[3 * j] - ax, e0y = vw[3 * j + 1] - ay, e0z = vw[3 * j + 2] - az;
        double e1x = vw[3 * k] - ax, e1y = vw[3 * k + 1] - ay, e1z = vw[3 * k + 2] - az;
        double e2x = px - ax, e2y = py - ay, e2z = pz - az;
        double d00 = e0x * e0x + e0y * e0y + e0z * e0z;
        double d01 = e0x * e1x + e0y * e1y + e0z * e1z;
        double d11 = e1x * e1x + e1y * e1y + e1z * e1z;
        double d20 = e2x * e0x + e2y * e0y + e2z * e0z;
        double d21 = e2x * e1x + e2y * e1y + e2z * e1z;
        double denom = d00 * d11 - d01 * d01;
        double lj, lk;
        if (j != k && denom > 1e-20 * d00 * d11) {
            lj = (d11 * d20 - d01 * d21) / denom;
            lk = (d00 * d21 - d01 * d20) / denom;
        } else if (d00 > 0) {
            lj = d20 / d00;
            lk = 0;
        } else {
            lj = 0;
            lk = 0;
        }
        double li = 1 - lj - lk;
        double rA = sup.a.radius(), rB = sup.b.radius();
        out.normalX = nx;
        out.normalY = ny;
        out.normalZ = nz;
        out.coreDepth = coreDepth;
        out.depth = coreDepth + rA + rB;
        out.iterations = iterations;
        out.pointAX = li * va[3 * i] + lj * va[3 * j] + lk * va[3 * k] + rA * nx + sup.ox;
        out.pointAY = li * va[3 * i + 1] + lj * va[3 * j + 1] + lk * va[3 * k + 1] + rA * ny + sup.oy;
        out.pointAZ = li * va[3 * i + 2] + lj * va[3 * j + 2] + lk * va[3 * k + 2] + rA * nz + sup.oz;
        out.pointBX = li * vb[3 * i] + lj * vb[3 * j] + lk * vb[3 * k] - rB * nx + sup.ox;
        out.pointBY = li * vb[3 * i + 1] + lj * vb[3 * j + 1] + lk * vb[3 * k + 1] - rB * ny + sup.oy;
        out.pointBZ = li * vb[3 * i + 2] + lj * vb[3 * j + 2] + lk * vb[3 * k + 2] - rB * nz + sup.oz;
    }
}
