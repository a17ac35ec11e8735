package ricochet.collision.narrow;

import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Transform;

/**
 * Sphere-box and capsule-box contacts, worked in the box's frame. The box is A, so normals point from
 * the box to the round shape. One instance per thread: it holds scratch.
 */
public final class BoxContacts {

    /** Face axes win over edge axes unless an edge separates more by this fraction of the depth... */
    static final double RELATIVE_TOLERANCE = 0.05;
    /** ...plus this fraction of the box's smallest half extent (metres per metre). */
    static final double ABSOLUTE_TOLERANCE = 1e-3;

    private final double[] w = new double[3];
    private final double[] l = new double[3];
    private final double[] seg = new double[6];
    private final double[] breaks = new double[8];
    private final double[] st = new double[2];

    /**
     * Box A against sphere B: the closest point of the box to the centre; a centre inside the box is
     * pushed out through the nearest face (Ericson 5.1.4).
     */
    public boolean boxSphere(BoxShape a, Transform ta, SphereShape b, Transform tb, double margin,
            Manifold out) {
        out.clear();
        ta.toLocal(tb.px, tb.py, tb.pz, l);
        double cx = l[0], cy = l[1], cz = l[2];
        double hx = a.halfX(), hy = a.halfY(), hz = a.halfZ();
        double qx = clamp(cx, hx), qy = clamp(cy, hy), qz = clamp(cz, hz);
        double r = b.radius();
        double dx = cx - qx, dy = cy - qy, dz = cz - qz;
        double dist = Math.sqrt(dx * dx + dy * dy + dz * dz);
        double nx, ny, nz, sep;
        // Ties within 1e-9 of the box's size are broken in the box's frame, not by the round-off of
        // the pose: a centre on the surface is inside, equally deep faces go to x, then y, then z, and
        // a centre level with the box's middle leaves through the + face.
        double tie = 1e-9 * Math.min(hx, Math.min(hy, hz));
        if (dist > tie) {
            sep = dist - r;
            nx = dx / dist;
            ny = dy / dist;
            nz = dz / dist;
        } else {
            // Inside: the face with the least way out.
            double ex = hx - Math.abs(cx), ey = hy - Math.abs(cy), ez = hz - Math.abs(cz);
            nx = 0;
            ny = 0;
            nz = 0;
            if (ex <= ey + tie && ex <= ez + tie) {
                nx = cx >= -tie ? 1 : -1;
                qx = nx * hx;
                sep = -ex - r;
            } else if (ey <= ez + tie) {
                ny = cy >= -tie ? 1 : -1;
                qy = ny * hy;
                sep = -ey - r;
            } else {
                nz = cz >= -tie ? 1 : -1;
                qz = nz * hz;
                sep = -ez - r;
            }
        }
        if (sep > margin) {
            return false;
        }
        ta.rotate(nx, ny, nz, w);
        out.setNormal(w[0], w[1], w[2]);
        double wnx = w[0], wny = w[1], wnz = w[2];
        ta.toWorld(qx, qy, qz, w);
        out.addPoint(w[0], w[1], w[2], tb.px - r * wnx, tb.py - r * wny, tb.pz - r * wnz, 0);
        return true;
    }

    /**
     * Box A against capsule B. A segment clear of the box takes its exact closest points (the squared
     * distance to the box along the segment is a convex piecewise quadratic, minimised piece by piece
     * between the parameters where the segment crosses the box's slabs). A segment touching the box
     * takes the axis of least penetration among the box's face normals and the crosses of the segment
     * with the box's edges (the separating axes of a box and a segment). Whenever the normal is a face
     * normal the segment is clipped to that face, giving two points for a capsule lying on it.
     */
    public boolean boxCapsule(BoxShape a, Transform ta, CapsuleShape b, Transform tb, double margin,
            Manifold out) {
        out.clear();
        double hh = b.halfHeight(), r = b.radius();
        ta.toLocal(tb.px - hh * tb.r[1], tb.py - hh * tb.r[4], tb.pz - hh * tb.r[7], l);
        seg[0] = l[0];
        seg[1] = l[1];
        seg[2] = l[2];
        ta.toLocal(tb.px + hh * tb.r[1], tb.py + hh * tb.r[4], tb.pz + hh * tb.r[7], l);
        seg[3] = l[0] - seg[0];
        seg[4] = l[1] - seg[1];
        seg[5] = l[2] - seg[2];
        return boxSegment(a.halfX(), a.halfY(), a.halfZ(), r, ta, margin, out);
    }

    private boolean boxSegment(double hx, double hy, double hz, double r, Transform ta, double margin,
            Manifold out) {
        double p0x = seg[0], p0y = seg[1], p0z = seg[2], dx = seg[3], dy = seg[4], dz = seg[5];
        double t = closestParameter(hx, hy, hz);
        double px = p0x + t * dx, py = p0y + t * dy, pz = p0z + t * dz;
        double qx = clamp(px, hx), qy = clamp(py, hy), qz = clamp(pz, hz);
        double gx = px - qx, gy = py - qy, gz = pz - qz;
        double dist = Math.sqrt(gx * gx + gy * gy + gz * gz);
        double size = Math.min(hx, Math.min(hy, hz));
        // Offsets within 1e-9 of the box's size count as on the box: a closest point on the rim of a
        // face (a segment nearly parallel to the face, its closest point where it enters the face's
        // slab) would otherwise fall in the face's or the edge's region, two points or one, by the
        // round-off of the pose.
        double tie = 1e-9 * size;
        if (dist - r > margin) {
            return false;
        }
        if (dist > tie) {
            boolean ox = Math.abs(gx) > tie, oy = Math.abs(gy) > tie, oz = Math.abs(gz) > tie;
            if ((ox ? 1 : 0) + (oy ? 1 : 0) + (oz ? 1 : 0) == 1) {
                int axis = ox ? 0 : (oy ? 1 : 2);
                double sign = (axis == 0 ? gx : (axis == 1 ? gy : gz)) > 0 ? 1 : -1;
                if (faceClip(axis, sign, hx, hy, hz, r, tie, ta, margin, out)) {
                    return true;
                }
            }
            double nx = gx / dist, ny = gy / dist, nz = gz / dist;
            return writePoint(qx, qy, qz, px, py, pz, nx, ny, nz, r, ta, 0, out);
        }
        // The segment touches or enters the box: separating-axis search for least penetration.
        double bestFace = Double.NEGATIVE_INFINITY;
        int faceAxis = 0;
        double faceSign = 1;
        for (int i = 0; i < 3; i++) {
            double hi = i == 0 ? hx : (i == 1 ? hy : hz);
            double a0 = i == 0 ? p0x : (i == 1 ? p0y : p0z);
            double a1 = a0 + (i == 0 ? dx : (i == 1 ? dy : dz));
            double up = Math.min(a0, a1) - hi, down = -Math.max(a0, a1) - hi;
            double s = Math.max(up, down);
            if (s > bestFace + 1e-12 * size) {
                bestFace = s;
                faceAxis = i;
                // A segment centred in the box ties the two faces; break the tie in the box's frame
                // (towards +) rather than by round-off, so the normal turns with the shapes.
                faceSign = up >= down - tie ? 1 : -1;
            }
        }
        double bestEdge = Double.NEGATIVE_INFINITY;
        double ex = 0, ey = 0, ez = 0;
        int edgeAxis = -1;
        double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
        for (int i = 0; i < 3; i++) {
            // L = d x e_i
            double lx = i == 0 ? 0 : (i == 1 ? -dz : dy);
            double ly = i == 0 ? dz : (i == 1 ? 0 : -dx);
            double lz = i == 0 ? -dy : (i == 1 ? dx : 0);
            double ll = Math.sqrt(lx * lx + ly * ly + lz * lz);
            if (!(ll > 1e-6 * len)) {
                continue;
            }
            lx /= ll;
            ly /= ll;
            lz /= ll;
            double c = lx * p0x + ly * p0y + lz * p0z;
            double half = hx * Math.abs(lx) + hy * Math.abs(ly) + hz * Math.abs(lz);
            double s = Math.abs(c) - half;
            if (s > bestEdge) {
                bestEdge = s;
                double sg = c >= -tie ? 1 : -1;
                ex = sg * lx;
                ey = sg * ly;
                ez = sg * lz;
                edgeAxis = i;
            }
        }
        if (edgeAxis < 0
                || bestEdge <= bestFace + RELATIVE_TOLERANCE * Math.abs(bestFace) + ABSOLUTE_TOLERANCE
                * size) {
            if (faceClip(faceAxis, faceSign, hx, hy, hz, r, tie, ta, margin, out)) {
                return true;
            }
            double nx = faceAxis == 0 ? faceSign : 0, ny = faceAxis == 1 ? faceSign : 0;
            double nz = faceAxis == 2 ? faceSign : 0;
            double sep = Math.min(faceSign * (faceAxis == 0 ? p0x : (faceAxis == 1 ? p0y : p0z)),
                    faceSign * (faceAxis == 0 ? p0x + dx : (faceAxis == 1 ? p0y + dy : p0z + dz)));
            // Clipping found nothing (only round-off can do that here): the deepest end on the face.
            double e = faceSign * (faceAxis == 0 ? dx : (faceAxis == 1 ? dy : dz)) < 0 ? 1 : 0;
            double ux = p0x + e * dx, uy = p0y + e * dy, uz = p0z + e * dz;
            double wx = faceAxis == 0 ? faceSign * hx : clamp(ux, hx);
            double wy = faceAxis == 1 ? faceSign * hy : clamp(uy, hy);
            double wz = faceAxis == 2 ? faceSign * hz : clamp(uz, hz);
            if (sep - (faceAxis == 0 ? hx : (faceAxis == 1 ? hy : hz)) - r > margin) {
                return false;
            }
            return writePoint(wx, wy, wz, ux, uy, uz, nx, ny, nz, r, ta, 0, out);
        }
        // Edge axis: the box edge along e_i farthest along the normal against the segment.
        int i = edgeAxis;
        double cx = i == 0 ? -hx : (ex >= 0 ? hx : -hx);
        double cy = i == 1 ? -hy : (ey >= 0 ? hy : -hy);
        double cz = i == 2 ? -hz : (ez >= 0 ? hz : -hz);
        double fx = i == 0 ? 2 * hx : 0, fy = i == 1 ? 2 * hy : 0, fz = i == 2 ? 2 * hz : 0;
        Segments.closest(cx, cy, cz, fx, fy, fz, p0x, p0y, p0z, dx, dy, dz, st);
        double s = st[0], u = st[1];
        int corner = (i != 0 && cx > 0 ? 1 : 0) | (i != 1 && cy > 0 ? 2 : 0) | (i != 2 && cz > 0 ? 4 : 0);
        double sep = (p0x + u * dx - cx - s * fx) * ex + (p0y + u * dy - cy - s * fy) * ey
                + (p0z + u * dz - cz - s * fz) * ez - r;
        if (sep > margin) {
            return false;
        }
        return writePoint(cx + s * fx, cy + s * fy, cz + s * fz, p0x + u * dx, p0y + u * dy, p0z + u * dz,
                ex, ey,
                ez, r, ta, 16 + 8 * i + corner, out);
    }

    /**
     * Clips the segment to the face (axis, sign) of the box: the parameter range where both tangential
     * coordinates are inside the face, widened by tie as the region test is, so that a closest point on
     * the face's rim always clips to a range; its ends below the face plus the margin become points.
     */
    private boolean faceClip(int axis, double sign, double hx, double hy, double hz, double r, double tie,
            Transform ta, double margin, Manifold out) {
        double lo = 0, hi = 1;
        for (int k = 0; k < 3 && lo <= hi; k++) {
            if (k == axis) {
                continue;
            }
            double p = seg[k], d = seg[3 + k], half = (k == 0 ? hx : (k == 1 ? hy : hz)) + tie;
            if (d == 0) {
                if (Math.abs(p) > half) {
                    return false;
                }
                continue;
            }
            double t0 = (-half - p) / d, t1 = (half - p) / d;
            lo = Math.max(lo, Math.min(t0, t1));
            hi = Math.min(hi, Math.max(t0, t1));
        }
        if (lo > hi) {
            return false;
        }
        double face = axis == 0 ? hx : (axis == 1 ? hy : hz);
        double nx = axis == 0 ? sign : 0, ny = axis == 1 ? sign : 0, nz = axis == 2 ? sign : 0;
        int faceId = 2 * axis + (sign > 0 ? 0 : 1);
        int ends = hi - lo > 1e-9 ? 2 : 1;
        boolean any = false;
        for (int e = 0; e < ends; e++) {
            double t = e == 0 ? lo : hi;
            double px = seg[0] + t * seg[3], py = seg[1] + t * seg[4], pz = seg[2] + t * seg[5];
            double height = sign * (axis == 0 ? px : (axis == 1 ? py : pz)) - face;
            if (height - r > margin) {
                continue;
            }
            double qx = axis == 0 ? sign * face : clamp(px, hx);
            double qy = axis == 1 ? sign * face : clamp(py, hy);
            double qz = axis == 2 ? sign * face : clamp(pz, hz);
            writePoint(qx, qy, qz, px, py, pz, nx, ny, nz, r, ta, 1 + 2 * faceId + e, out);
            any = true;
        }
        return any;
    }

    /** Writes box point q and core point p (box frame) with local normal n, pushing p in by r. */
    private boolean writePoint(double qx, double qy, double qz, double px, double py, double pz, double nx,
            double ny, double nz, double r, Transform ta, int id, Manifold out) {
        if (out.pointCount() == 0) {
            ta.rotate(nx, ny, nz, w);
            out.setNormal(w[0], w[1], w[2]);
        }
        ta.toWorld(qx, qy, qz, w);
        double ax = w[0], ay = w[1], az = w[2];
        ta.toWorld(px - r * nx, py - r * ny, pz - r * nz, w);
        out.addPoint(ax, ay, az, w[0], w[1], w[2], id);
        return true;
    }

    /**
     * The segment parameter of the point closest to the box: f(t) = |P(t) - clamp(P(t))|^2 is convex
     * and quadratic between the parameters where a coordinate crosses a slab face, so each piece is
     * minimised in closed form.
     */
    private double closestParameter(double hx, double hy, double hz) {
        int n = 0;
        breaks[n++] = 0;
        breaks[n++] = 1;
        for (int k = 0; k < 3; k++) {
            double p = seg[k], d = seg[3 + k], half = k == 0 ? hx : (k == 1 ? hy : hz);
            if (d != 0) {
                double t0 = (-half - p) / d, t1 = (half - p) / d;
                if (t0 > 0 && t0 < 1) {
                    breaks[n++] = t0;
                }
                if (t1 > 0 && t1 < 1) {
                    breaks[n++] = t1;
                }
            }
        }
        for (int i = 1; i < n; i++) {
            double v = breaks[i];
            int j = i - 1;
            while (j >= 0 && breaks[j] > v) {
                breaks[j + 1] = breaks[j];
                j--;
            }
            breaks[j + 1] = v;
        }
        double bestT = 0, best = Double.POSITIVE_INFINITY;
        for (int i = 0; i + 1 < n; i++) {
            double t0 = breaks[i], t1 = breaks[i + 1];
            double tm = 0.5 * (t0 + t1);
            // f(t) = A t^2 + B t + C over the coordinates outside their slab on this piece.
            double qa = 0, qb = 0;
            for (int k = 0; k < 3; k++) {
                double p = seg[k], d = seg[3 + k], half = k == 0 ? hx : (k == 1 ? hy : hz);
                double x = p + tm * d;
                double c = x > half ? half : (x < -half ? -half : x);
                if (c != x) {
                    qa += d * d;
                    qb += 2 * d * (p - c);
                }
            }
            double t = qa > 0 ? Math.min(t1, Math.max(t0, -qb / (2 * qa))) : t0;
            double f = distance2(t, hx, hy, hz);
            if (f < best) {
                best = f;
                bestT = t;
            }
        }
        return bestT;
    }

    private double distance2(double t, double hx, double hy, double hz) {
        double f = 0;
        for (int k = 0; k < 3; k++) {
            double x = seg[k] + t * seg[3 + k], half = k == 0 ? hx : (k == 1 ? hy : hz);
            double g = x - clamp(x, half);
            f += g * g;
        }
        return f;
    }

    static double clamp(double v, double half) {
        return v > half ? half : (v < -half ? -half : v);
    }
}
