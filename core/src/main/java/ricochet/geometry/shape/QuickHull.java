package ricochet.geometry.shape;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The convex hull of a point cloud by quickhull (Barber, Dobkin and Huhdanpaa, "The Quickhull
 * Algorithm for Convex Hulls", ACM TOMS 1996), in two stages:
 * <ul>
 *   <li>the triangle hull of the points exactly as given: whether a point is outside a face is the
 *       exact sign of an orientation determinant ({@link Orient3d}), and the faces it sees are grown
 *       by a search from the face it was assigned to. With exact signs every step is the
 *       beneath-beyond step on a convex polytope (the visible faces form a disc, each cone face is
 *       oriented outward), so the triangle hull is convex for any input. A tolerance cannot give
 *       that without merging faces during the build: of two coplanar neighbours, round-off can put a
 *       point a hair beyond one and within the tolerance of the other, and the cone then folds back
 *       over the face left standing. Points exactly on the hull are dropped;</li>
 *   <li>then, with a distance tolerance {@code eps = 3 DBL_EPSILON (max|x| + max|y| + max|z|)}
 *       (Gregorius, "Implementing QuickHull", GDC 2014), neighbouring triangles whose vertices lie
 *       within 2 eps of a common plane are merged into one polygonal face, and a vertex left on only
 *       two faces (it lies on the straight edge between them) is removed.</li>
 * </ul>
 * Building allocates; it is a set-up step, never per simulation step. The result is deterministic
 * for the same input: no hashing order, no randomness decides anything.
 */
public final class QuickHull {

    private QuickHull() {
    }

    /**
     * The convex hull of {@code packedPoints} (x y z per point, metres, the shape's frame). Faces are
     * polygons counter-clockwise seen from outside; vertices are only the hull's corners, re-indexed
     * in the order of their first appearance in the input. Interior, duplicate and coplanar-with-a-face
     * points are dropped.
     *
     * @throws IllegalArgumentException when there are fewer than 4 points, a coordinate is not finite,
     *     or the points are all coincident, collinear or coplanar (the message says which)
     */
    public static ConvexHullShape build(double[] packedPoints) {
        if (packedPoints == null) {
            throw new IllegalArgumentException("convex hull: points must not be null");
        }
        if (packedPoints.length % 3 != 0) {
            throw new IllegalArgumentException("convex hull: packed points need 3 coordinates each, got "
                    + packedPoints.length + " numbers");
        }
        int n = packedPoints.length / 3;
        if (n < 4) {
            throw new IllegalArgumentException("convex hull: needs at least 4 points, got " + n);
        }
        for (int i = 0; i < n; i++) {
            double x = packedPoints[3 * i], y = packedPoints[3 * i + 1], z = packedPoints[3 * i + 2];
            if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(z)) {
                throw new IllegalArgumentException("convex hull: point " + i + " has a non-finite coordinate: ("
                        + x + ", " + y + ", " + z + ")");
            }
        }
        return new Builder(packedPoints.clone()).build();
    }

    /** A triangle of the hull under construction, counter-clockwise from outside. */
    private static final class Face {
        final int a, b, c;
        final double nx, ny, nz, d;
        final double area;
        boolean alive = true;
        int[] outside = new int[4];
        int outsideCount;

        Face(int a, int b, int c, double[] p) {
            this.a = a;
            this.b = b;
            this.c = c;
            double ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
            double vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
            double x = uy * vz - uz * vy, y = uz * vx - ux * vz, z = ux * vy - uy * vx;
            double len = Math.sqrt(x * x + y * y + z * z);
            area = 0.5 * len;
            nx = len > 0 ? x / len : 0;
            ny = len > 0 ? y / len : 0;
            nz = len > 0 ? z / len : 0;
            // Offset through the centroid: the plane's error is then spread over the three vertices.
            double cx = (p[3 * a] + p[3 * b] + p[3 * c]) / 3;
            double cy = (p[3 * a + 1] + p[3 * b + 1] + p[3 * c + 1]) / 3;
            double cz = (p[3 * a + 2] + p[3 * b + 2] + p[3 * c + 2]) / 3;
            d = nx * cx + ny * cy + nz * cz;
        }

        double distance(double[] p, int i) {
            return nx * p[3 * i] + ny * p[3 * i + 1] + nz * p[3 * i + 2] - d;
        }

        /** Whether point i lies strictly above this triangle's plane, decided exactly. */
        boolean sees(double[] p, int i) {
            return Orient3d.sign(p, a, b, c, i) > 0;
        }

        int vertex(int k) {
            return k == 0 ? a : k == 1 ? b : c;
        }

        void addOutside(int i) {
            if (outsideCount == outside.length) {
                outside = Arrays.copyOf(outside, 2 * outside.length);
            }
            outside[outsideCount++] = i;
        }
    }

    private static final class Builder {
        private final double[] p;
        private final int n;
        private final double eps;
        private final List<Face> faces = new ArrayList<>();
        /** Directed edge (a, b) to the index of the face that walks it. */
        private final Map<Long, Integer> edgeFace = new HashMap<>();

        Builder(double[] p) {
            this.p = p;
            this.n = p.length / 3;
            double mx = 0, my = 0, mz = 0;
            for (int i = 0; i < n; i++) {
                mx = Math.max(mx, Math.abs(p[3 * i]));
                my = Math.max(my, Math.abs(p[3 * i + 1]));
                mz = Math.max(mz, Math.abs(p[3 * i + 2]));
            }
            // Gregorius (GDC 2014): the round-off of a plane distance grows with the coordinates' size.
            this.eps = 3 * Math.ulp(1.0) * (mx + my + mz);
        }

        private static long key(int a, int b) {
            return ((long) a << 32) | (b & 0xffffffffL);
        }

        ConvexHullShape build() {
            int[] simplex = initialSimplex();
            assignInitialPoints(simplex);
            int[] state = new int[16];
            List<Integer> visible = new ArrayList<>();
            List<int[]> horizon = new ArrayList<>();
            int cursor = 0;
            while (true) {
                // The first face with outside points; faces before the cursor have none left.
                while (cursor < faces.size() && (!faces.get(cursor).alive || faces.get(cursor).outsideCount == 0)) {
                    cursor++;
                }
                if (cursor == faces.size()) {
                    break;
                }
                Face start = faces.get(cursor);
                int eye = start.outside[0];
                double far = start.distance(p, eye);
                for (int k = 1; k < start.outsideCount; k++) {
                    double dist = start.distance(p, start.outside[k]);
                    if (dist > far) {
                        far = dist;
                        eye = start.outside[k];
                    }
                }
                if (state.length < faces.size()) {
                    state = new int[2 * faces.size()];
                }
                Arrays.fill(state, 0, faces.size(), 0);
                findVisible(cursor, eye, state, visible, horizon);
                addCone(eye, visible, horizon);
                cursor = 0;
            }
            return polygonize();
        }

        private double lineDistanceSquared(int a, int b, int i) {
            double ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
            double wx = p[3 * i] - p[3 * a], wy = p[3 * i + 1] - p[3 * a + 1], wz = p[3 * i + 2] - p[3 * a + 2];
            double cx = uy * wz - uz * wy, cy = uz * wx - ux * wz, cz = ux * wy - uy * wx;
            return (cx * cx + cy * cy + cz * cz) / (ux * ux + uy * uy + uz * uz);
        }

        /** Four affinely independent extreme points, or the reason there are none. */
        private int[] initialSimplex() {
            // The two points farthest apart along a coordinate axis.
            int i0 = 0, i1 = 0;
            double extent = -1;
            for (int axis = 0; axis < 3; axis++) {
                int lo = 0, hi = 0;
                for (int i = 1; i < n; i++) {
                    if (p[3 * i + axis] < p[3 * lo + axis]) {
                        lo = i;
                    }
                    if (p[3 * i + axis] > p[3 * hi + axis]) {
                        hi = i;
                    }
                }
                double e = p[3 * hi + axis] - p[3 * lo + axis];
                if (e > extent) {
                    extent = e;
                    i0 = lo;
                    i1 = hi;
                }
            }
            if (!(extent > eps)) {
                throw new IllegalArgumentException("convex hull: all " + n + " points are coincident (spread "
                        + extent + " m is within the tolerance " + eps + " m)");
            }
            int i2 = -1;
            double best = -1;
            for (int i = 0; i < n; i++) {
                double dist = lineDistanceSquared(i0, i1, i);
                if (dist > best) {
                    best = dist;
                    i2 = i;
                }
            }
            if (!(Math.sqrt(best) > eps)) {
                throw new IllegalArgumentException("convex hull: all " + n + " points are collinear (farthest "
                        + Math.sqrt(best) + " m from the line, tolerance " + eps + " m)");
            }
            Face base = new Face(i0, i1, i2, p);
            int i3 = -1;
            best = -1;
            for (int i = 0; i < n; i++) {
                double dist = Math.abs(base.distance(p, i));
                if (dist > best) {
                    best = dist;
                    i3 = i;
                }
            }
            if (!(best > eps)) {
                throw new IllegalArgumentException("convex hull: all " + n + " points are coplanar (farthest "
                        + best + " m from the plane, tolerance " + eps + " m)");
            }
            int[] s = {i0, i1, i2, i3};
            // Each triangle with the simplex vertex it leaves out; outward means that vertex is below.
            int[][] tris = {{i0, i1, i2, i3}, {i0, i1, i3, i2}, {i1, i2, i3, i0}, {i2, i0, i3, i1}};
            for (int[] t : tris) {
                Face f = new Face(t[0], t[1], t[2], p);
                if (f.sees(p, t[3])) {
                    f = new Face(t[0], t[2], t[1], p);
                }
                addFace(f);
            }
            return s;
        }

        private void addFace(Face f) {
            int index = faces.size();
            faces.add(f);
            for (int k = 0; k < 3; k++) {
                Integer previous = edgeFace.put(key(f.vertex(k), f.vertex((k + 1) % 3)), index);
                if (previous != null && faces.get(previous).alive) {
                    throw new IllegalArgumentException("convex hull: the input is too close to degenerate to"
                            + " build a consistent hull (edge " + f.vertex(k) + "-" + f.vertex((k + 1) % 3)
                            + " used twice)");
                }
            }
        }

        private void assignInitialPoints(int[] simplex) {
            for (int i = 0; i < n; i++) {
                if (i == simplex[0] || i == simplex[1] || i == simplex[2] || i == simplex[3]) {
                    continue;
                }
                assign(i, 0);
            }
        }

        /** Puts point i on the first live face from {@code from} on that it is outside of, if any. */
        private void assign(int i, int from) {
            for (int f = from; f < faces.size(); f++) {
                Face face = faces.get(f);
                if (face.alive && face.sees(p, i)) {
                    face.addOutside(i);
                    return;
                }
            }
        }

        /**
         * The faces the eye sees, by a search from the start face over neighbours (state 1 visible, 2
         * hidden), and the horizon: the edges of visible faces whose neighbour is hidden, in the visible
         * face's direction.
         */
        private void findVisible(int startFace, int eye, int[] state, List<Integer> visible, List<int[]> horizon) {
            visible.clear();
            horizon.clear();
            state[startFace] = 1;
            visible.add(startFace);
            for (int head = 0; head < visible.size(); head++) {
                Face f = faces.get(visible.get(head));
                for (int k = 0; k < 3; k++) {
                    int a = f.vertex(k), b = f.vertex((k + 1) % 3);
                    int g = edgeFace.get(key(b, a));
                    if (state[g] == 0) {
                        state[g] = faces.get(g).sees(p, eye) ? 1 : 2;
                        if (state[g] == 1) {
                            visible.add(g);
                        }
                    }
                    if (state[g] == 2) {
                        horizon.add(new int[] {a, b});
                    }
                }
            }
        }

        private void addCone(int eye, List<Integer> visible, List<int[]> horizon) {
            int orphanCount = 0;
            int[] orphans = new int[16];
            for (int v : visible) {
                Face f = faces.get(v);
                f.alive = false;
                for (int k = 0; k < f.outsideCount; k++) {
                    if (f.outside[k] != eye) {
                        if (orphanCount == orphans.length) {
                            orphans = Arrays.copyOf(orphans, 2 * orphanCount);
                        }
                        orphans[orphanCount++] = f.outside[k];
                    }
                }
                f.outside = null;
                f.outsideCount = 0;
                for (int k = 0; k < 3; k++) {
                    edgeFace.remove(key(f.vertex(k), f.vertex((k + 1) % 3)));
                }
            }
            int firstNew = faces.size();
            for (int[] e : horizon) {
                addFace(new Face(e[0], e[1], eye, p));
            }
            for (int k = 0; k < orphanCount; k++) {
                assign(orphans[k], firstNew);
            }
        }

        /** Merges coplanar triangles into polygons, drops edge-interior vertices, re-indexes. */
        private ConvexHullShape polygonize() {
            List<Integer> live = new ArrayList<>();
            for (int f = 0; f < faces.size(); f++) {
                if (faces.get(f).alive) {
                    live.add(f);
                }
            }
            // Seeds in order of decreasing area: a large triangle's plane is the most accurate.
            live.sort((x, y) -> {
                int c = Double.compare(faces.get(y).area, faces.get(x).area);
                return c != 0 ? c : Integer.compare(x, y);
            });
            int[] region = new int[faces.size()];
            Arrays.fill(region, -1);
            List<int[]> polygons = new ArrayList<>();
            int regionCount = 0;
            double mergeTolerance = 2 * eps;
            for (int seed : live) {
                if (region[seed] >= 0) {
                    continue;
                }
                Face s = faces.get(seed);
                List<Integer> members = new ArrayList<>();
                int id = regionCount++;
                region[seed] = id;
                members.add(seed);
                for (int head = 0; head < members.size(); head++) {
                    Face f = faces.get(members.get(head));
                    for (int k = 0; k < 3; k++) {
                        int g = edgeFace.get(key(f.vertex((k + 1) % 3), f.vertex(k)));
                        if (region[g] >= 0) {
                            continue;
                        }
                        Face h = faces.get(g);
                        if (Math.abs(s.distance(p, h.a)) <= mergeTolerance && Math.abs(s.distance(p, h.b))
                                <= mergeTolerance && Math.abs(s.distance(p, h.c)) <= mergeTolerance) {
                            region[g] = id;
                            members.add(g);
                        }
                    }
                }
                int[] loop = boundaryLoop(members, region, id);
                if (loop != null) {
                    polygons.add(loop);
                } else {
                    // Not a simple disc (only for near-degenerate input): keep the triangles as faces.
                    for (int m : members) {
                        Face f = faces.get(m);
                        polygons.add(new int[] {f.a, f.b, f.c});
                    }
                }
            }
            removeEdgeInteriorVertices(polygons);
            return reindex(polygons);
        }

        /** The region's outer edges chained into one loop, or null when they do not form exactly one. */
        private int[] boundaryLoop(List<Integer> members, int[] region, int id) {
            Map<Integer, Integer> next = new HashMap<>();
            int first = -1;
            for (int m : members) {
                Face f = faces.get(m);
                for (int k = 0; k < 3; k++) {
                    int a = f.vertex(k), b = f.vertex((k + 1) % 3);
                    if (region[edgeFace.get(key(b, a))] != id) {
                        if (next.put(a, b) != null) {
                            return null;
                        }
                        if (first < 0) {
                            first = a;
                        }
                    }
                }
            }
            int[] loop = new int[next.size()];
            int v = first;
            for (int k = 0; k < loop.length; k++) {
                loop[k] = v;
                Integer w = next.get(v);
                if (w == null) {
                    return null;
                }
                v = w;
            }
            return v == first ? loop : null;
        }

        /**
         * A vertex on only two faces lies on the straight edge between them (had it bent, the two faces
         * would not be coplanar and a third face would meet it), so it is not a corner.
         */
        private void removeEdgeInteriorVertices(List<int[]> polygons) {
            int[] degree = new int[n];
            for (int[] poly : polygons) {
                for (int v : poly) {
                    degree[v]++;
                }
            }
            for (int i = 0; i < polygons.size(); i++) {
                int[] poly = polygons.get(i);
                int keep = 0;
                for (int v : poly) {
                    if (degree[v] != 2) {
                        keep++;
                    }
                }
                if (keep == poly.length || keep < 3) {
                    continue;
                }
                int[] out = new int[keep];
                int j = 0;
                for (int v : poly) {
                    if (degree[v] != 2) {
                        out[j++] = v;
                    }
                }
                polygons.set(i, out);
            }
        }

        private ConvexHullShape reindex(List<int[]> polygons) {
            int[] newIndex = new int[n];
            Arrays.fill(newIndex, -1);
            for (int[] poly : polygons) {
                for (int v : poly) {
                    newIndex[v] = 0;
                }
            }
            int count = 0;
            for (int i = 0; i < n; i++) {
                if (newIndex[i] == 0) {
                    newIndex[i] = count++;
                }
            }
            double[] vertices = new double[3 * count];
            for (int i = 0; i < n; i++) {
                if (newIndex[i] >= 0) {
                    System.arraycopy(p, 3 * i, vertices, 3 * newIndex[i], 3);
                }
            }
            int[][] out = new int[polygons.size()][];
            for (int f = 0; f < out.length; f++) {
                int[] poly = polygons.get(f);
                out[f] = new int[poly.length];
                for (int k = 0; k < poly.length; k++) {
                    out[f][k] = newIndex[poly[k]];
                }
            }
            return new ConvexHullShape(vertices, out);
        }
    }
}
