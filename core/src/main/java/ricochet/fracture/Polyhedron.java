package ricochet.fracture;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.geometry.shape.QuickHull;

/**
 * A convex polyhedron for cutting: packed vertices, face loops counter-clockwise seen from outside,
 * and a tag per face that says where the face came from ({@link #SURFACE} for the shape's own surface,
 * otherwise the index of the Voronoi neighbour whose bisector made it). Immutable; {@link #clip}
 * returns a new one.
 *
 * <p>Clipping by a plane {@code n . x <= d} (Sutherland-Hodgman on each face, then one new face where
 * the plane cuts): each vertex gets its signed distance {@code s = n . x - d}; within {@code eps} of
 * the plane it counts as on it, so a plane through a vertex or along an edge or face makes no sliver
 * faces and no duplicate points. An edge gets a new vertex only where it strictly crosses
 * ({@code s < -eps} at one end, {@code s > eps} at the other), made once per edge so that the two faces
 * that share it share the point exactly. The new face is the 2-d convex hull (Andrew's monotone chain)
 * of the points on the plane, which drops points that round-off left inside its edges. A plane that
 * leaves every vertex within eps or inside changes nothing; one with no vertex strictly inside leaves
 * nothing (null): a cell thinner than eps is empty.
 */
final class Polyhedron {

    /** The tag of a face on the shape's own surface. */
    static final int SURFACE = -1;

    final double[] v;
    final int[][] faces;
    final int[] tags;

    Polyhedron(double[] v, int[][] faces, int[] tags) {
        this.v = v;
        this.faces = faces;
        this.tags = tags;
    }

    /** The hull's vertices and faces, every face on the surface. */
    static Polyhedron of(ConvexHullShape hull) {
        int n = hull.vertexCount();
        double[] v = new double[3 * n];
        for (int i = 0; i < n; i++) {
            v[3 * i] = hull.vertexX(i);
            v[3 * i + 1] = hull.vertexY(i);
            v[3 * i + 2] = hull.vertexZ(i);
        }
        int[][] faces = new int[hull.faceCount()][];
        for (int f = 0; f < faces.length; f++) {
            faces[f] = hull.faceVertices(f).clone();
        }
        int[] tags = new int[faces.length];
        Arrays.fill(tags, SURFACE);
        return new Polyhedron(v, faces, tags);
    }

    int vertexCount() {
        return v.length / 3;
    }

    /**
     * The part with {@code n . x <= d} ({@code n} unit), its new face tagged {@code tag}; this when the
     * plane cuts nothing off, null when nothing of positive thickness is left.
     */
    Polyhedron clip(double nx, double ny, double nz, double d, int tag, double eps) {
        int nv = vertexCount();
        double[] s = new double[nv];
        boolean anyOut = false, anyIn = false;
        for (int i = 0; i < nv; i++) {
            s[i] = nx * v[3 * i] + ny * v[3 * i + 1] + nz * v[3 * i + 2] - d;
            if (s[i] > eps) {
                anyOut = true;
            } else if (s[i] < -eps) {
                anyIn = true;
            }
        }
        if (!anyOut) {
            return this;
        }
        if (!anyIn) {
            return null;
        }
        double[] out = new double[3 * (nv + 8)];
        int count = 0;
        int[] map = new int[nv];
        boolean[] onPlane = new boolean[nv + 8];
        for (int i = 0; i < nv; i++) {
            if (s[i] <= eps) {
                out = grow(out, count);
                out[3 * count] = v[3 * i];
                out[3 * count + 1] = v[3 * i + 1];
                out[3 * count + 2] = v[3 * i + 2];
                if (onPlane.length <= count) {
                    onPlane = Arrays.copyOf(onPlane, 2 * count + 2);
                }
                onPlane[count] = s[i] >= -eps;
                map[i] = count++;
            } else {
                map[i] = -1;
            }
        }
        Map<Long, Integer> cut = new HashMap<>();
        int[][] newFaces = new int[faces.length + 1][];
        int[] newTags = new int[faces.length + 1];
        int nf = 0;
        int[] loop = new int[16];
        for (int f = 0; f < faces.length; f++) {
            int[] face = faces[f];
            int k = 0;
            for (int e = 0; e < face.length; e++) {
                int a = face[e], b = face[(e + 1) % face.length];
                if (loop.length < k + 2) {
                    loop = Arrays.copyOf(loop, 2 * loop.length);
                }
                if (s[a] <= eps) {
                    loop[k++] = map[a];
                }
                if ((s[a] < -eps && s[b] > eps) || (s[a] > eps && s[b] < -eps)) {
                    // One point per edge, computed from its lower-numbered end so both faces agree.
                    int lo = Math.min(a, b), hi = Math.max(a, b);
                    long key = (long) lo * nv + hi;
                    Integer at = cut.get(key);
                    if (at == null) {
                        double t = s[lo] / (s[lo] - s[hi]);
                        out = grow(out, count);
                        for (int c = 0; c < 3; c++) {
                            out[3 * count + c] = v[3 * lo + c] + t * (v[3 * hi + c] - v[3 * lo + c]);
                        }
                        if (onPlane.length <= count) {
                            onPlane = Arrays.copyOf(onPlane, 2 * count + 2);
                        }
                        onPlane[count] = true;
                        at = count++;
                        cut.put(key, at);
                    }
                    loop[k++] = at;
                }
            }
            if (k >= 3) {
                newFaces[nf] = Arrays.copyOf(loop, k);
                newTags[nf++] = tags[f];
            }
        }
        int[] cap = capLoop(out, count, onPlane, nx, ny, nz);
        if (cap != null) {
            newFaces[nf] = cap;
            newTags[nf++] = tag;
        }
        if (nf < 4) {
            return null;
        }
        return compact(out, count, Arrays.copyOf(newFaces, nf), Arrays.copyOf(newTags, nf));
    }

    private static double[] grow(double[] a, int count) {
        return 3 * count + 3 <= a.length ? a : Arrays.copyOf(a, 2 * a.length);
    }

    /**
     * The new face: the points on the plane in a basis (u, w) with {@code u x w = n}, wrapped
     * counter-clockwise (seen from +n, outside) by the monotone chain; null for fewer than 3 corners.
     */
    private static int[] capLoop(double[] p, int count, boolean[] onPlane, double nx, double ny, double nz) {
        // u: any unit vector perpendicular to n; w = n x u.
        double ux, uy, uz;
        if (Math.abs(nx) < 0.6) {
            ux = 0;
            uy = nz;
            uz = -ny;
        } else {
            ux = -nz;
            uy = 0;
            uz = nx;
        }
        double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
        ux /= ul;
        uy /= ul;
        uz /= ul;
        double wx = ny * uz - nz * uy, wy = nz * ux - nx * uz, wz = nx * uy - ny * ux;
        int m = 0;
        for (int i = 0; i < count; i++) {
            if (onPlane[i]) {
                m++;
            }
        }
        if (m < 3) {
            return null;
        }
        int[] idx = new int[m];
        double[] cu = new double[count], cw = new double[count];
        m = 0;
        for (int i = 0; i < count; i++) {
            if (onPlane[i]) {
                idx[m++] = i;
                cu[i] = ux * p[3 * i] + uy * p[3 * i + 1] + uz * p[3 * i + 2];
                cw[i] = wx * p[3 * i] + wy * p[3 * i + 1] + wz * p[3 * i + 2];
            }
        }
        Integer[] sorted = new Integer[m];
        for (int i = 0; i < m; i++) {
            sorted[i] = idx[i];
        }
        Arrays.sort(sorted, (a, b) -> cu[a] != cu[b] ? Double.compare(cu[a], cu[b])
                : cw[a] != cw[b] ? Double.compare(cw[a], cw[b]) : Integer.compare(a, b));
        int[] hull = new int[2 * m + 1];
        int k = 0;
        for (int i = 0; i < m; i++) {
            int c = sorted[i];
            while (k >= 2 && turn(cu, cw, hull[k - 2], hull[k - 1], c) <= 0) {
                k--;
            }
            hull[k++] = c;
        }
        for (int i = m - 2, lower = k + 1; i >= 0; i--) {
            int c = sorted[i];
            while (k >= lower && turn(cu, cw, hull[k - 2], hull[k - 1], c) <= 0) {
                k--;
            }
            hull[k++] = c;
        }
        k--;
        return k >= 3 ? Arrays.copyOf(hull, k) : null;
    }

    private static double turn(double[] u, double[] w, int a, int b, int c) {
        return (u[b] - u[a]) * (w[c] - w[a]) - (w[b] - w[a]) * (u[c] - u[a]);
    }

    /** Drops the vertices no face uses, renumbering the loops. */
    private static Polyhedron compact(double[] p, int count, int[][] faces, int[] tags) {
        int[] map = new int[count];
        Arrays.fill(map, -1);
        int n = 0;
        for (int[] face : faces) {
            for (int i = 0; i < face.length; i++) {
                if (map[face[i]] < 0) {
                    map[face[i]] = n++;
                }
            }
        }
        double[] v = new double[3 * n];
        for (int i = 0; i < count; i++) {
            if (map[i] >= 0) {
                System.arraycopy(p, 3 * i, v, 3 * map[i], 3);
            }
        }
        for (int[] face : faces) {
            for (int i = 0; i < face.length; i++) {
                face[i] = map[face[i]];
            }
        }
        return new Polyhedron(v, faces, tags);
    }

    /** The largest distance from (x, y, z) to a vertex, m. */
    double reach(double x, double y, double z) {
        double r2 = 0;
        for (int i = 0; i < v.length; i += 3) {
            double dx = v[i] - x, dy = v[i + 1] - y, dz = v[i + 2] - z;
            r2 = Math.max(r2, dx * dx + dy * dy + dz * dz);
        }
        return Math.sqrt(r2);
    }

    /**
     * Face f's area vector by Newell's method (its length is twice the area, its direction the outward
     * normal) into out[0..2] and its area centroid into out[3..5].
     */
    void faceAreaAndCentroid(int f, double[] out) {
        int[] face = faces[f];
        double ax = 0, ay = 0, az = 0, cx = 0, cy = 0, cz = 0, total = 0;
        int o = face[0];
        double ox = v[3 * o], oy = v[3 * o + 1], oz = v[3 * o + 2];
        // Fan triangles (o, a, b): area vector (a - o) x (b - o) / 2, centroid (o + a + b) / 3.
        for (int k = 1; k + 1 < face.length; k++) {
            int a = face[k], b = face[k + 1];
            double px = v[3 * a] - ox, py = v[3 * a + 1] - oy, pz = v[3 * a + 2] - oz;
            double qx = v[3 * b] - ox, qy = v[3 * b + 1] - oy, qz = v[3 * b + 2] - oz;
            double tx = py * qz - pz * qy, ty = pz * qx - px * qz, tz = px * qy - py * qx;
            ax += tx;
            ay += ty;
            az += tz;
            double area = Math.sqrt(tx * tx + ty * ty + tz * tz);
            total += area;
            cx += area * (px + qx);
            cy += area * (py + qy);
            cz += area * (pz + qz);
        }
        out[0] = 0.5 * ax;
        out[1] = 0.5 * ay;
        out[2] = 0.5 * az;
        double inv = total > 0 ? 1 / (3 * total) : 0;
        out[3] = ox + cx * inv;
        out[4] = oy + cy * inv;
        out[5] = oz + cz * inv;
    }

    /**
     * Face f's second moment of area about the point (cx, cy, cz) (its area centroid), m^4, into
     * {@code out}: xx, yy, zz, xy, xz, yz of {@code S = integral (x - c)(x - c)^T dA}. Per fan triangle
     * of area A and corners p_i (from c): {@code A / 12 (sum p_i p_i^T + s s^T)}, s = p_0 + p_1 + p_2.
     */
    void faceSecondMoment(int f, double cx, double cy, double cz, double[] out) {
        java.util.Arrays.fill(out, 0, 6, 0);
        int[] face = faces[f];
        int o = face[0];
        double ox = v[3 * o] - cx, oy = v[3 * o + 1] - cy, oz = v[3 * o + 2] - cz;
        for (int k = 1; k + 1 < face.length; k++) {
            int a = face[k], b = face[k + 1];
            double px = v[3 * a] - cx, py = v[3 * a + 1] - cy, pz = v[3 * a + 2] - cz;
            double qx = v[3 * b] - cx, qy = v[3 * b + 1] - cy, qz = v[3 * b + 2] - cz;
            double ux = px - ox, uy = py - oy, uz = pz - oz, vx = qx - ox, vy = qy - oy, vz = qz - oz;
            double tx = uy * vz - uz * vy, ty = uz * vx - ux * vz, tz = ux * vy - uy * vx;
            double area = 0.5 * Math.sqrt(tx * tx + ty * ty + tz * tz) / 12;
            double sx = ox + px + qx, sy = oy + py + qy, sz = oz + pz + qz;
            out[0] += area * (ox * ox + px * px + qx * qx + sx * sx);
            out[1] += area * (oy * oy + py * py + qy * qy + sy * sy);
            out[2] += area * (oz * oz + pz * pz + qz * qz + sz * sz);
            out[3] += area * (ox * oy + px * py + qx * qy + sx * sy);
            out[4] += area * (ox * oz + px * pz + qx * qz + sx * sz);
            out[5] += area * (oy * oz + py * pz + qy * qz + sy * sz);
        }
    }

    /** Whether (x, y, z) is inside every face plane (within eps), m. */
    boolean contains(double x, double y, double z, double eps) {
        double[] a = new double[6];
        for (int f = 0; f < faces.length; f++) {
            faceAreaAndCentroid(f, a);
            double l = Math.sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
            if (((x - a[3]) * a[0] + (y - a[4]) * a[1] + (z - a[5]) * a[2]) > eps * l) {
                return false;
            }
        }
        return true;
    }

    /**
     * The hull of this polyhedron's vertices moved by {@code -(ox, oy, oz)}, built by quickhull: the
     * clipped loops may hold points that round-off left on a neighbour's edge (a T-junction), which a
     * hull's edge table cannot take; quickhull merges coplanar faces and drops those points.
     *
     * @throws IllegalArgumentException when the vertices are coplanar (a cell of no thickness)
     */
    ConvexHullShape toShape(double ox, double oy, double oz) {
        double[] moved = new double[v.length];
        for (int i = 0; i < v.length; i += 3) {
            moved[i] = v[i] - ox;
            moved[i + 1] = v[i + 1] - oy;
            moved[i + 2] = v[i + 2] - oz;
        }
        return QuickHull.build(moved);
    }
}
