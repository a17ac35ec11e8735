package ricochet.fracture;

import java.util.ArrayList;
import java.util.List;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.MassProperties;
import ricochet.geometry.shape.QuickHull;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Vec3;

/**
 * Seeded Voronoi fracture of a convex shape. {@code pieces} seeds are drawn uniformly inside the shape
 * by rejection from its bounds with {@link SplitMix64} (integer arithmetic, so a seed gives the same
 * bits everywhere); with an impact point c, each seed p is pulled to {@code c + u^2 (p - c)}, u uniform
 * in [0, 1), which crowds small pieces near c (still inside: the shape is convex). Cell i is the shape's
 * hull clipped by the bisector half-space {@code (s_j - s_i) . x <= (s_j - s_i) . (s_i + s_j) / 2} of
 * every other seed j that can reach it ({@link Polyhedron#clip}); the cells tile the shape without
 * overlap, so the pieces spawn touching and never pushed apart.
 *
 * <p>Only seeds that can cut are tried: a bisector cuts cell i only if {@code |s_j - s_i| / 2} is less
 * than the cell's reach (its farthest vertex from s_i), so the seeds are binned in a uniform grid and
 * visited ring by ring outwards from s_i until a ring lies beyond twice the reach. A cell is O(its
 * neighbours) clips, the fracture O(pieces) for evenly spread seeds.
 *
 * <p>Curved shapes are cut as a fine hull ({@link #outline}); the pieces' volumes then sum to the
 * hull's volume, which is the sphere's, capsule's or cylinder's less 1.6 % at most (a sphere's deficit
 * with {@link #SEGMENTS} meridians and {@link #RINGS} rings; a capsule's and cylinder's is less).
 */
public final class VoronoiFracture {

    /** Fewest and most pieces a fracture makes. */
    public static final int MIN_PIECES = 2, MAX_PIECES = 10_000;
    /** Points around a curved outline's circle, and rings from a sphere's pole to its equator. */
    static final int SEGMENTS = 32, RINGS = 8;

    private VoronoiFracture() {
    }

    /** {@link #fracture(Shape, int, long, Vec3)} with seeds spread evenly. */
    public static FracturePattern fracture(Shape shape, int pieces, long seed) {
        return fracture(shape, pieces, seed, null);
    }

    /**
     * Cuts {@code shape} into at most {@code pieces} convex pieces (a cell thinner than round-off,
     * which an even spread of seeds practically never makes, is dropped).
     *
     * @param impact a point inside the shape (its frame, m) to crowd the seeds around, or null
     * @throws IllegalArgumentException for a shape that is not convex, a piece count outside
     *     {@link #MIN_PIECES}..{@link #MAX_PIECES}, or an impact point outside the shape
     */
    public static FracturePattern fracture(Shape shape, int pieces, long seed, Vec3 impact) {
        if (pieces < MIN_PIECES || pieces > MAX_PIECES) {
            throw new IllegalArgumentException("fracture: pieces must be in " + MIN_PIECES + ".." + MAX_PIECES
                    + ", got " + pieces);
        }
        ConvexHullShape hull = outline(shape);
        Polyhedron whole = Polyhedron.of(hull);
        double[] bounds = new double[6];
        hull.localBounds(bounds);
        double size = 0;
        for (double b : bounds) {
            size = Math.max(size, Math.abs(b));
        }
        double eps = 1e-12 * size;
        if (impact != null && (!impact.isFinite() || !whole.contains(impact.x(), impact.y(), impact.z(), eps))) {
            throw new IllegalArgumentException("fracture: impact point " + impact + " is not inside the shape");
        }
        double[] s = seeds(whole, bounds, pieces, seed, impact);
        SeedGrid grid = new SeedGrid(s, pieces, bounds);
        Polyhedron[] cells = new Polyhedron[pieces];
        for (int i = 0; i < pieces; i++) {
            cells[i] = cell(whole, s, i, grid, eps);
        }
        return pattern(hull, cells, size);
    }

    /**
     * The hull that is cut for a shape: a box's or hull's own corners; for a sphere, capsule or
     * cylinder the points of {@link #SEGMENTS} meridians (and {@link #RINGS} rings per hemisphere), all on
     * the surface, so the hull lies inside the shape.
     *
     * @throws IllegalArgumentException for a shape that is not one of those (not convex)
     */
    public static ConvexHullShape outline(Shape shape) {
        if (shape instanceof ConvexHullShape h) {
            return h;
        }
        if (shape instanceof BoxShape b) {
            double[] p = new double[24];
            for (int i = 0; i < 8; i++) {
                p[3 * i] = (i & 1) == 0 ? -b.halfX() : b.halfX();
                p[3 * i + 1] = (i & 2) == 0 ? -b.halfY() : b.halfY();
                p[3 * i + 2] = (i & 4) == 0 ? -b.halfZ() : b.halfZ();
            }
            return QuickHull.build(p);
        }
        List<double[]> points = new ArrayList<>();
        if (shape instanceof SphereShape sp) {
            capPoints(points, sp.radius(), 0, 1);
            capPoints(points, sp.radius(), 0, -1);
        } else if (shape instanceof CapsuleShape c) {
            capPoints(points, c.radius(), c.halfHeight(), 1);
            capPoints(points, c.radius(), -c.halfHeight(), -1);
        } else if (shape instanceof CylinderShape c) {
            for (int k = 0; k < SEGMENTS; k++) {
                double a = 2 * StrictMath.PI * k / SEGMENTS;
                double x = c.cylinderRadius() * StrictMath.cos(a), z = c.cylinderRadius() * StrictMath.sin(a);
                points.add(new double[] {x, c.halfHeight(), z});
                points.add(new double[] {x, -c.halfHeight(), z});
            }
        } else {
            throw new IllegalArgumentException("fracture: the shape must be convex (box, sphere, capsule, cylinder"
                    + " or convex hull), got " + (shape == null ? "null" : shape.type().name().toLowerCase()));
        }
        double[] p = new double[3 * points.size()];
        for (int i = 0; i < points.size(); i++) {
            System.arraycopy(points.get(i), 0, p, 3 * i, 3);
        }
        return QuickHull.build(p);
    }

    /** A hemisphere of radius r centred at (0, y, 0), pole towards {@code sign} y, equator included. */
    private static void capPoints(List<double[]> out, double r, double y, int sign) {
        out.add(new double[] {0, y + sign * r, 0});
        for (int ring = 1; ring <= RINGS; ring++) {
            double polar = 0.5 * StrictMath.PI * ring / RINGS;
            double rr = r * StrictMath.sin(polar), h = r * StrictMath.cos(polar);
            for (int k = 0; k < SEGMENTS; k++) {
                double a = 2 * StrictMath.PI * k / SEGMENTS;
                out.add(new double[] {rr * StrictMath.cos(a), y + sign * h, rr * StrictMath.sin(a)});
            }
        }
    }

    /** {@code n} seeds inside {@code whole}, packed x y z. */
    private static double[] seeds(Polyhedron whole, double[] b, int n, long seed, Vec3 impact) {
        int nf = whole.faces.length;
        double[] planes = new double[4 * nf];
        double[] a = new double[6];
        for (int f = 0; f < nf; f++) {
            whole.faceAreaAndCentroid(f, a);
            double l = Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
            planes[4 * f] = a[0] / l;
            planes[4 * f + 1] = a[1] / l;
            planes[4 * f + 2] = a[2] / l;
            planes[4 * f + 3] = (a[0] * a[3] + a[1] * a[4] + a[2] * a[5]) / l;
        }
        SplitMix64 rng = new SplitMix64(seed);
        double[] s = new double[3 * n];
        for (int k = 0; k < n; ) {
            double x = b[0] + (b[3] - b[0]) * rng.nextDouble();
            double y = b[1] + (b[4] - b[1]) * rng.nextDouble();
            double z = b[2] + (b[5] - b[2]) * rng.nextDouble();
            boolean inside = true;
            for (int f = 0; f < nf && inside; f++) {
                inside = planes[4 * f] * x + planes[4 * f + 1] * y + planes[4 * f + 2] * z <= planes[4 * f + 3];
            }
            if (!inside) {
                continue;
            }
            if (impact != null) {
                double u = rng.nextDouble();
                double t = u * u;
                x = impact.x() + t * (x - impact.x());
                y = impact.y() + t * (y - impact.y());
                z = impact.z() + t * (z - impact.z());
            }
            s[3 * k] = x;
            s[3 * k + 1] = y;
            s[3 * k + 2] = z;
            k++;
        }
        return s;
    }

    /** Seed i's cell: the whole clipped by the bisectors of the seeds that can reach it; null if empty. */
    private static Polyhedron cell(Polyhedron whole, double[] s, int i, SeedGrid grid, double eps) {
        double xi = s[3 * i], yi = s[3 * i + 1], zi = s[3 * i + 2];
        Polyhedron cell = whole;
        double reach = cell.reach(xi, yi, zi);
        int ci = grid.cellX(xi), cj = grid.cellY(yi), ck = grid.cellZ(zi);
        for (int r = 0; r <= grid.maxRing(); r++) {
            // Seeds in ring r are more than (r - 1) h away; they cut only within 2 reach.
            if (r >= 1 && (r - 1) * grid.h >= 2 * reach) {
                break;
            }
            for (int x = ci - r; x <= ci + r; x++) {
                for (int y = cj - r; y <= cj + r; y++) {
                    boolean shell = Math.abs(x - ci) == r || Math.abs(y - cj) == r;
                    for (int z = ck - r; z <= ck + r; z += shell || r == 0 ? 1 : 2 * r) {
                        int c = grid.index(x, y, z);
                        if (c < 0) {
                            continue;
                        }
                        for (int q = grid.start[c]; q < grid.start[c + 1]; q++) {
                            int j = grid.order[q];
                            if (j == i) {
                                continue;
                            }
                            double nx = s[3 * j] - xi, ny = s[3 * j + 1] - yi, nz = s[3 * j + 2] - zi;
                            double l2 = nx * nx + ny * ny + nz * nz;
                            if (l2 == 0) {
                                // Two equal seeds: the lower-numbered one takes the cell.
                                if (j < i) {
                                    return null;
                                }
                                continue;
                            }
                            double l = Math.sqrt(l2);
                            if (0.5 * l >= reach) {
                                continue;
                            }
                            double mx = 0.5 * (s[3 * j] + xi), my = 0.5 * (s[3 * j + 1] + yi);
                            double mz = 0.5 * (s[3 * j + 2] + zi);
                            nx /= l;
                            ny /= l;
                            nz /= l;
                            Polyhedron clipped = cell.clip(nx, ny, nz, nx * mx + ny * my + nz * mz, j, eps);
                            if (clipped == null) {
                                return null;
                            }
                            if (clipped != cell) {
                                cell = clipped;
                                reach = cell.reach(xi, yi, zi);
                            }
                        }
                    }
                }
            }
        }
        return cell;
    }

    /** The pieces with their mass properties, and the bonds between pieces that share a face. */
    private static FracturePattern pattern(ConvexHullShape hull, Polyhedron[] cells, double size) {
        int n = cells.length;
        int[] number = new int[n];
        List<FracturePattern.Piece> pieces = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            number[i] = -1;
            if (cells[i] == null) {
                continue;
            }
            ConvexHullShape raw;
            try {
                raw = cells[i].toShape(0, 0, 0);
            } catch (IllegalArgumentException flat) {
                cells[i] = null;
                continue;
            }
            MassProperties unit = MassProperties.of(raw, 1);
            Vec3 c = unit.centerOfMass();
            number[i] = pieces.size();
            pieces.add(new FracturePattern.Piece(cells[i].toShape(c.x(), c.y(), c.z()), c, unit.mass(),
                    unit.inertia()));
        }
        List<FracturePattern.Bond> bonds = new ArrayList<>();
        double[] a = new double[6];
        double minArea = 1e-12 * size * size;
        for (int i = 0; i < n; i++) {
            if (cells[i] == null) {
                continue;
            }
            Polyhedron p = cells[i];
            for (int f = 0; f < p.faces.length; f++) {
                int j = p.tags[f];
                if (j <= i || cells[j] == null || !hasFaceTagged(cells[j], i)) {
                    continue;
                }
                p.faceAreaAndCentroid(f, a);
                double l = Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
                if (0.5 * l <= minArea) {
                    continue;
                }
                double[] section = new double[6];
                p.faceSecondMoment(f, a[3], a[4], a[5], section);
                bonds.add(new FracturePattern.Bond(number[i], number[j], 0.5 * l,
                        new Vec3(a[0] / l, a[1] / l, a[2] / l), new Vec3(a[3], a[4], a[5]), section));
            }
        }
        return new FracturePattern(pieces, bonds, MassProperties.of(hull, 1).mass());
    }

    private static boolean hasFaceTagged(Polyhedron p, int tag) {
        for (int t : p.tags) {
            if (t == tag) {
                return true;
            }
        }
        return false;
    }

    /** Seeds binned in a uniform grid of cubes of side {@code h}, about one seed a cube. */
    private static final class SeedGrid {
        final double h;
        final double x0, y0, z0;
        final int nx, ny, nz;
        final int[] start;
        final int[] order;

        SeedGrid(double[] s, int n, double[] b) {
            double ex = Math.max(b[3] - b[0], 1e-300), ey = Math.max(b[4] - b[1], 1e-300);
            double ez = Math.max(b[5] - b[2], 1e-300);
            double side = StrictMath.cbrt(ex * ey * ez / n);
            // A flat shape would make cubes thinner than it is wide; no dimension gets more than n cubes.
            side = Math.max(side, Math.max(ex, Math.max(ey, ez)) / n);
            h = side;
            x0 = b[0];
            y0 = b[1];
            z0 = b[2];
            nx = Math.max(1, Math.min(n, (int) Math.ceil(ex / h)));
            ny = Math.max(1, Math.min(n, (int) Math.ceil(ey / h)));
            nz = Math.max(1, Math.min(n, (int) Math.ceil(ez / h)));
            start = new int[nx * ny * nz + 1];
            int[] cellOf = new int[n];
            for (int i = 0; i < n; i++) {
                cellOf[i] = index(cellX(s[3 * i]), cellY(s[3 * i + 1]), cellZ(s[3 * i + 2]));
                start[cellOf[i] + 1]++;
            }
            for (int c = 0; c < nx * ny * nz; c++) {
                start[c + 1] += start[c];
            }
            order = new int[n];
            int[] fill = start.clone();
            for (int i = 0; i < n; i++) {
                order[fill[cellOf[i]]++] = i;
            }
        }

        int cellX(double x) {
            return Math.min(nx - 1, Math.max(0, (int) ((x - x0) / h)));
        }

        int cellY(double y) {
            return Math.min(ny - 1, Math.max(0, (int) ((y - y0) / h)));
        }

        int cellZ(double z) {
            return Math.min(nz - 1, Math.max(0, (int) ((z - z0) / h)));
        }

        int maxRing() {
            return Math.max(nx, Math.max(ny, nz));
        }

        /** The cube's number, or -1 outside the grid. */
        int index(int x, int y, int z) {
            if (x < 0 || y < 0 || z < 0 || x >= nx || y >= ny || z >= nz) {
                return -1;
            }
            return (z * ny + y) * nx + x;
        }
    }
}
