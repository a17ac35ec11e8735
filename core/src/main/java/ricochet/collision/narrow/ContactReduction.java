package ricochet.collision.narrow;

import java.util.Arrays;

/**
 * Candidate contact points (on A, on B, feature id) gathered by clipping or by a plane test, reduced to
 * at most {@link Manifold#MAX_POINTS} that keep the deepest point and span the largest area
 * (Gregorius, "Robust Contact Creation for Physics Simulations", GDC 2015): the deepest point, the
 * point farthest from it, the point making the largest triangle with those two, then the point
 * outside that triangle that adds the most area. The buffer grows by doubling and is reused, so a warm
 * reduction allocates nothing.
 *
 * <p>Only candidates within {@link #DEPTH_BAND} of the deepest take part in the area choice; free
 * places left over go to the next deepest of the rest. A body rocking on a rounded hull (many
 * vertices within the margin) otherwise kept the far-apart vertices 2 cm up and dropped the one
 * about to touch, which then arrived a step late, a few millimetres deep, and the push-out pumped
 * the rocking instead of letting it die.
 */
final class ContactReduction {

    /** Metres: candidates this much shallower than the deepest are near-ties for the area choice. */
    static final double DEPTH_BAND = 0.005;
    /** Metres: candidates this close to the deepest count as equally deep for the first choice. */
    static final double NEAR_TIE = 0.0005;

    private int count;
    private boolean[] used = new boolean[16];
    private double[] onA = new double[3 * 16];
    private double[] onB = new double[3 * 16];
    private int[] ids = new int[16];
    /** Each candidate's separation along the normal, for the emit in progress. */
    private double[] sep = new double[16];
    /** The candidates the emit in progress writes, in order; the triangle of the area choice. */
    private final int[] picks = new int[Manifold.MAX_POINTS];
    private final int[] triangle = new int[3];

    void clear() {
        count = 0;
    }

    int count() {
        return count;
    }

    /** Copies the candidates (points on A and on B, packed x y z, and ids) into arrays of room enough. */
    void copyCandidates(double[] a, double[] b, int[] idsOut) {
        System.arraycopy(onA, 0, a, 0, 3 * count);
        System.arraycopy(onB, 0, b, 0, 3 * count);
        System.arraycopy(ids, 0, idsOut, 0, count);
    }

    void add(double ax, double ay, double az, double bx, double by, double bz, int id) {
        if (count == ids.length) {
            onA = Arrays.copyOf(onA, 6 * count);
            onB = Arrays.copyOf(onB, 6 * count);
            ids = Arrays.copyOf(ids, 2 * count);
            used = new boolean[ids.length];
            sep = new double[ids.length];
        }
        int i = 3 * count;
        onA[i] = ax;
        onA[i + 1] = ay;
        onA[i + 2] = az;
        onB[i] = bx;
        onB[i + 1] = by;
        onB[i + 2] = bz;
        ids[count++] = id;
    }

    /**
     * Writes the candidates, reduced to at most four, into {@code out}, whose normal must already be
     * set (it orients the areas and measures depth). Returns whether any point was written.
     */
    boolean emit(Manifold out) {
        return emit(out, false);
    }

    /**
     * {@link #emit(Manifold)} for candidates listed in a fixed order of the shape's own features (a
     * hull's vertices against a plane): the first candidate within {@link #NEAR_TIE} of the deepest,
     * not the deepest itself, anchors the choice. A body resting on a hull's corners has several
     * within a fraction of a millimetre, and which is deepest flips as it settles; anchoring on a
     * fixed one keeps the same four (and their warm start) step after step. Clipped polygons keep
     * the deepest: there the near-deepest points come in pairs at each corner and the deeper of a
     * pair is the one to keep (a heavy box on a light one wobbled with the anchored rule).
     */
    boolean emitAnchored(Manifold out) {
        return emit(out, true);
    }

    private boolean emit(Manifold out, boolean anchorFirst) {
        int chosen;
        if (count <= Manifold.MAX_POINTS) {
            for (int i = 0; i < count; i++) {
                picks[i] = i;
            }
            chosen = count;
        } else {
            chosen = choose(out.nx, out.ny, out.nz, anchorFirst, Manifold.MAX_POINTS - out.pointCount());
        }
        // One call site for the points, so the JIT inlines the copy once, not once per choice.
        for (int k = 0; k < chosen; k++) {
            addTo(out, picks[k]);
        }
        return count > 0;
    }

    /**
     * Puts the reduction's choice in {@link #picks} (in the order the points are written: the deepest,
     * the farthest, the largest triangle, the largest gain, then the deepest unused while there is
     * {@code room}) and returns how many.
     */
    private int choose(double nx, double ny, double nz, boolean anchorFirst, int room) {
        // Clipped polygons have parallel edges, so equal depths, distances and areas are common; a
        // candidate must beat the best so far by more than round-off (1e-9 of the spread of the points)
        // so that ties go to the earliest candidate whatever the pose, and ids stay put.
        double extent = 0;
        for (int i = 0; i < count; i++) {
            int k = 3 * i;
            sep[i] = (onB[k] - onA[k]) * nx + (onB[k + 1] - onA[k + 1]) * ny + (onB[k + 2] - onA[k + 2]) * nz;
            extent = Math.max(extent, Math.abs(onA[k] - onA[0]) + Math.abs(onA[k + 1] - onA[1])
                    + Math.abs(onA[k + 2] - onA[2]));
        }
        double tie = 1e-9 * extent, tie2 = tie * extent;
        int i1 = 0;
        double best = sep[0];
        for (int i = 1; i < count; i++) {
            if (sep[i] < best - tie) {
                best = sep[i];
                i1 = i;
            }
        }
        double band = best + DEPTH_BAND;
        for (int i = 0; anchorFirst && i < count; i++) {
            if (sep[i] <= best + NEAR_TIE) {
                i1 = i;
                break;
            }
        }
        int i2 = farthest(i1, band, tie2);
        int i3 = i2 < 0 ? -1 : largestTriangle(i1, i2, band, tie2, nx, ny, nz);
        int i4 = i3 < 0 ? -1 : largestGain(i1, i2, i3, band, tie2, nx, ny, nz);
        Arrays.fill(used, 0, count, false);
        int chosen = 0;
        picks[chosen++] = i1;
        used[i1] = true;
        if (i2 >= 0) {
            picks[chosen++] = i2;
            used[i2] = true;
        }
        if (i3 >= 0) {
            picks[chosen++] = i3;
            used[i3] = true;
        }
        if (i4 >= 0) {
            picks[chosen++] = i4;
            used[i4] = true;
        }
        return fillDeepest(chosen, room, tie);
    }

    /** The candidate within the band farthest from {@code i1}, or -1 if none is apart from it. */
    private int farthest(int i1, double band, double tie2) {
        int i2 = -1;
        double best = tie2;
        for (int i = 0; i < count; i++) {
            if (sep[i] > band) {
                continue;
            }
            double dx = onA[3 * i] - onA[3 * i1], dy = onA[3 * i + 1] - onA[3 * i1 + 1];
            double dz = onA[3 * i + 2] - onA[3 * i1 + 2];
            double d2 = dx * dx + dy * dy + dz * dz;
            if (d2 > best + tie2) {
                best = d2;
                i2 = i;
            }
        }
        return i2;
    }

    /** The candidate within the band making the largest triangle with i1 and i2, or -1. */
    private int largestTriangle(int i1, int i2, double band, double tie2, double nx, double ny, double nz) {
        int i3 = -1;
        double area3 = tie2;
        for (int i = 0; i < count; i++) {
            if (sep[i] > band) {
                continue;
            }
            double a = signedArea(i1, i2, i, nx, ny, nz);
            if (Math.abs(a) > Math.abs(area3) + tie2) {
                area3 = a;
                i3 = i;
            }
        }
        return i3;
    }

    /**
     * The candidate within the band outside triangle (i1, i2, i3) that adds the most area, or -1. A
     * point outside has a negative area, relative to the triangle's own orientation, against at least
     * one of its edges; that area is what it adds to the quad.
     */
    private int largestGain(int i1, int i2, int i3, double band, double tie2, double nx, double ny,
                            double nz) {
        double sign = Math.signum(signedArea(i1, i2, i3, nx, ny, nz));
        triangle[0] = i1;
        triangle[1] = i2;
        triangle[2] = i3;
        int i4 = -1;
        double gain = tie2;
        for (int i = 0; i < count; i++) {
            if (sep[i] > band) {
                continue;
            }
            // The three edges in one loop: one inlined copy of the area (min is associative, even for -0.0).
            double a = Double.POSITIVE_INFINITY;
            for (int e = 0; e < 3; e++) {
                a = Math.min(a, sign * signedArea(triangle[e], triangle[e == 2 ? 0 : e + 1], i, nx, ny, nz));
            }
            if (-a > gain + tie2) {
                gain = -a;
                i4 = i;
            }
        }
        return i4;
    }

    /**
     * Appends the deepest unused candidates (ties to the earliest) to the {@code chosen} picks while
     * fewer than {@code room}; returns the new count.
     */
    private int fillDeepest(int chosen, int room, double tie) {
        while (chosen < room) {
            int next = -1;
            double best = Double.POSITIVE_INFINITY;
            for (int i = 0; i < count; i++) {
                if (used[i]) {
                    continue;
                }
                if (next < 0 || sep[i] < best - tie) {
                    best = sep[i];
                    next = i;
                }
            }
            if (next < 0) {
                break;
            }
            picks[chosen++] = next;
            used[next] = true;
        }
        return chosen;
    }

    /** Twice the area of triangle (a, b, c) of points on A, signed by the normal. */
    private double signedArea(int a, int b, int c, double nx, double ny, double nz) {
        double ux = onA[3 * b] - onA[3 * a], uy = onA[3 * b + 1] - onA[3 * a + 1],
                uz = onA[3 * b + 2] - onA[3 * a + 2];
        double vx = onA[3 * c] - onA[3 * a], vy = onA[3 * c + 1] - onA[3 * a + 1],
                vz = onA[3 * c + 2] - onA[3 * a + 2];
        return (uy * vz - uz * vy) * nx + (uz * vx - ux * vz) * ny + (ux * vy - uy * vx) * nz;
    }

    private void addTo(Manifold out, int i) {
        int k = 3 * i;
        out.addPoint(onA[k], onA[k + 1], onA[k + 2], onB[k], onB[k + 1], onB[k + 2], ids[i]);
    }
}
