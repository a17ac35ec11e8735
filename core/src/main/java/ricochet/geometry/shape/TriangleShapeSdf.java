package ricochet.geometry.shape;

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
        outside = Math.hypot(outside, Math.max(Math.max(bounds[1] - y, y - bounds[4]), 0));
        outside = Math.hypot(outside, Math.max(Math.max(bounds[2] - z, z - bounds[5]), 0));
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
            closestPointOnTriangle(t, x, y, z, q);
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

    /** The point of triangle t (9 coordinates) closest to p (Ericson, Real-Time Collision Detection 5.1.5). */
    static void closestPointOnTriangle(double[] t, double px, double py, double pz, double[] out) {
        double ax = t[0], ay = t[1], az = t[2], bx = t[3], by = t[4], bz = t[5], cx = t[6], cy = t[7], cz = t[8];
        double abx = bx - ax, aby = by - ay, abz = bz - az, acx = cx - ax, acy = cy - ay, acz = cz - az;
        double apx = px - ax, apy = py - ay, apz = pz - az;
        double d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
        if (d1 <= 0 && d2 <= 0) {
            set(out, ax, ay, az);
            return;
        }
        double bpx = px - bx, bpy = py - by, bpz = pz - bz;
        double d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
        if (d3 >= 0 && d4 <= d3) {
            set(out, bx, by, bz);
            return;
        }
        double vc = d1 * d4 - d3 * d2;
        if (vc <= 0 && d1 >= 0 && d3 <= 0) {
            double v = d1 / (d1 - d3);
            set(out, ax + v * abx, ay + v * aby, az + v * abz);
            return;
        }
        double cpx = px - cx, cpy = py - cy, cpz = pz - cz;
        double d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
        if (d6 >= 0 && d5 <= d6) {
            set(out, cx, cy, cz);
            return;
        }
        double vb = d5 * d2 - d1 * d6;
        if (vb <= 0 && d2 >= 0 && d6 <= 0) {
            double w = d2 / (d2 - d6);
            set(out, ax + w * acx, ay + w * acy, az + w * acz);
            return;
        }
        double va = d3 * d6 - d5 * d4;
        if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
            double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
            set(out, bx + w * (cx - bx), by + w * (cy - by), bz + w * (cz - bz));
            return;
        }
        double denom = 1 / (va + vb + vc);
        double v = vb * denom, w = vc * denom;
        set(out, ax + abx * v + acx * w, ay + aby * v + acy * w, az + abz * v + acz * w);
    }

    private static void set(double[] out, double x, double y, double z) {
        out[0] = x;
        out[1] = y;
        out[2] = z;
    }
}
