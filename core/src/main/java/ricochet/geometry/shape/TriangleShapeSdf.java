package ricochet.geometry.shape;

import ricochet.geometry.Triangles;

/**
 * Signed distance to a {@link TriangleShape}, in its frame. The magnitude is the distance to the
 * closest triangle (Ericson 5.1.5), found through the shape's triangle query in a box that doubles
 * until it holds a triangle no farther than the box's half size (a triangle outside the box is
 * farther than that). The sign: a heightfield is solid below its surface; a mesh's side comes from
 * the pseudo-normal of the closest feature (Baerentzen and Aanaes 2005), taken here as the sum of the
 * face normals of every triangle within round-off of the closest distance, so a point nearest to an
 * edge or vertex is judged by all the faces that share it. Not for the step loop: each call may
 * visit many triangles.
 */
final class TriangleShapeSdf {

    private TriangleShapeSdf() {
    }

    /** The signed distance; writes the unit outward gradient into {@code normal} when it is not null. */
    static double distance(TriangleShape s, double x, double y, double z, double[] normal) {
        double[] bounds = new double[6];
        s.localBounds(bounds);
        double size = Math.max(bounds[3] - bounds[0], Math.max(bounds[4] - bounds[1], bounds[5] - bounds[2]));
        double outside = Math.max(Math.max(bounds[0] - x, x - bounds[3]), 0);
        outside = StrictMath.hypot(outside, Math.max(Math.max(bounds[1] - y, y - bounds[4]), 0));
        outside = StrictMath.hypot(outside, Math.max(Math.max(bounds[2] - z, z - bounds[5]), 0));
        double half = Math.max(outside, 1e-3 * Math.max(size, 1e-300)) + 1e-300;
        Closest c = new Closest(s, x, y, z);
        while (true) {
            double[] box = {x - half, y - half, z - half, x + half, y + half, z + half};
            c.reset();
            s.queryTriangles(box, c::visit);
            if (c.best <= half * half || half > 4 * (size + outside)) {
                break;
            }
            half *= 2;
        }
        if (c.triangle < 0) {
            throw new IllegalArgumentException(s.type().name().toLowerCase() + ": has no triangles");
        }
        double d = Math.sqrt(c.best);
        double sign = side(s, x, y, z, c);
        if (normal != null) {
            if (d > 1e-12 * Math.max(size, 1e-300)) {
                normal[0] = sign * (x - c.px) / d;
                normal[1] = sign * (y - c.py) / d;
                normal[2] = sign * (z - c.pz) / d;
            } else {
                double len = Math.sqrt(c.nx * c.nx + c.ny * c.ny + c.nz * c.nz);
                normal[0] = c.nx / len;
                normal[1] = c.ny / len;
                normal[2] = c.nz / len;
            }
        }
        return sign * d;
    }

    /** +1 outside, -1 inside. */
    private static double side(TriangleShape s, double x, double y, double z, Closest c) {
        if (s instanceof HeightfieldShape h) {
            // Solid below the surface, within the grid; the closest triangle's plane gives the surface
            // height right there.
            double[] t = new double[9];
            h.triangle(c.triangle, t);
            double ex = t[3] - t[0], ey = t[4] - t[1], ez = t[5] - t[2];
            double fx = t[6] - t[0], fy = t[7] - t[1], fz = t[8] - t[2];
            double nx = ey * fz - ez * fy, ny = ez * fx - ex * fz, nz = ex * fy - ey * fx;
            if (ny < 0) {
                nx = -nx;
                ny = -ny;
                nz = -nz;
            }
            return nx * (x - t[0]) + ny * (y - t[1]) + nz * (z - t[2]) >= 0 ? 1 : -1;
        }
        double dot = c.nx * (x - c.px) + c.ny * (y - c.py) + c.nz * (z - c.pz);
        return dot >= 0 ? 1 : -1;
    }

    /** Visits triangles and keeps the closest point and the pseudo-normal of the ties. */
    private static final class Closest {
        final TriangleShape shape;
        final double x, y, z;
        final double[] t = new double[9];
        final double[] q = new double[3];
        double best;
        int triangle;
        double px, py, pz, nx, ny, nz;

        Closest(TriangleShape shape, double x, double y, double z) {
            this.shape = shape;
            this.x = x;
            this.y = y;
            this.z = z;
        }

        void reset() {
            best = Double.POSITIVE_INFINITY;
            triangle = -1;
            nx = ny = nz = 0;
        }

        void visit(int tri) {
            shape.triangle(tri, t);
            Triangles.closestPoint(t, x, y, z, q);
            double dx = x - q[0], dy = y - q[1], dz = z - q[2];
            double d2 = dx * dx + dy * dy + dz * dz;
            double ex = t[3] - t[0], ey = t[4] - t[1], ez = t[5] - t[2];
            double fx = t[6] - t[0], fy = t[7] - t[1], fz = t[8] - t[2];
            double fnx = ey * fz - ez * fy, fny = ez * fx - ex * fz, fnz = ex * fy - ey * fx;
            double len = Math.sqrt(fnx * fnx + fny * fny + fnz * fnz);
            fnx /= len;
            fny /= len;
            fnz /= len;
            // Ties (the same closest point, shared by the faces around an edge or vertex) add up.
            double tie = triangle < 0 ? 0 : 1e-18 * best + 1e-24;
            if (triangle < 0 || d2 < best - tie) {
                best = d2;
                triangle = tri;
                px = q[0];
                py = q[1];
                pz = q[2];
                nx = fnx;
                ny = fny;
                nz = fnz;
            } else if (d2 <= best + tie) {
                nx += fnx;
                ny += fny;
                nz += fnz;
            }
        }
    }
}
