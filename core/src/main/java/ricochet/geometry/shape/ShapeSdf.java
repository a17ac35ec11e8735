package ricochet.geometry.shape;

import ricochet.math.Transform;

/**
 * Signed distance of a point to a shape, in the shape's frame (metres): negative inside, zero on the
 * surface, positive outside; the normal is the unit outward gradient. Exact (the true Euclidean
 * distance to the surface, inside and out) for sphere, box, capsule, cylinder, plane and convex hull
 * (closed forms after Quilez's distance functions). For a compound it is the minimum over the children:
 * exact outside; inside it is the deepest child's depth, which underestimates the depth where children
 * overlap (the minimum of SDFs is a lower bound of the union's depth). Triangle meshes and
 * heightfields: the distance to the closest triangle, signed by the pseudo-normal (meshes) or by
 * being below the surface (heightfields); see {@code TriangleShapeSdf}. Allocates nothing except
 * for triangle shapes.
 */
public final class ShapeSdf {

    private ShapeSdf() {
    }

    /**
     * Signed distance (metres) of (x, y, z), in the shape's frame.
     *
     * @throws IllegalArgumentException for a shape without a distance here
     */
    public static double distance(Shape s, double x, double y, double z) {
        if (s instanceof SphereShape sphere) {
            return Math.sqrt(x * x + y * y + z * z) - sphere.radius();
        }
        if (s instanceof BoxShape b) {
            double qx = Math.abs(x) - b.halfX(), qy = Math.abs(y) - b.halfY(), qz = Math.abs(z) - b.halfZ();
            return outsideLength(qx, qy, qz) + Math.min(Math.max(qx, Math.max(qy, qz)), 0);
        }
        if (s instanceof CapsuleShape c) {
            double cy = Math.max(-c.halfHeight(), Math.min(c.halfHeight(), y));
            double dy = y - cy;
            return Math.sqrt(x * x + dy * dy + z * z) - c.radius();
        }
        if (s instanceof CylinderShape c) {
            // In the (radial, axial) half plane the cylinder is a rectangle.
            double qr = Math.sqrt(x * x + z * z) - c.cylinderRadius(), qy = Math.abs(y) - c.halfHeight();
            return outsideLength(qr, qy, 0) + Math.min(Math.max(qr, qy), 0);
        }
        if (s instanceof PlaneShape p) {
            return p.nx() * x + p.ny() * y + p.nz() * z - p.offset();
        }
        if (s instanceof ConvexHullShape h) {
            return hullDistance(h, x, y, z, null);
        }
        if (s instanceof CompoundShape c) {
            double best = Double.POSITIVE_INFINITY;
            for (int i = 0; i < c.childCount(); i++) {
                best = Math.min(best, childDistance(c, i, x, y, z));
            }
            return best;
        }
        if (s instanceof TriangleShape t) {
            return TriangleShapeSdf.distance(t, x, y, z, null);
        }
        throw new IllegalArgumentException(s.type().name().toLowerCase() + ": no signed distance for this shape");
    }

    /**
     * The unit outward normal (normalised gradient) at (x, y, z) into {@code out[0..2]}, in the shape's
     * frame. Where the gradient is not unique (the centre of a sphere, the medial surface inside a box)
     * one of the nearest features is chosen deterministically.
     */
    public static void normal(Shape s, double x, double y, double z, double[] out) {
        if (s instanceof SphereShape) {
            setNormalized(x, y, z, 0, 1, 0, out);
        } else if (s instanceof BoxShape b) {
            boxNormal(b.halfX(), b.halfY(), b.halfZ(), x, y, z, out);
        } else if (s instanceof CapsuleShape c) {
            double cy = Math.max(-c.halfHeight(), Math.min(c.halfHeight(), y));
            // On the core segment every direction across the axis is steepest; +x.
            setNormalized(x, y - cy, z, 1, 0, 0, out);
        } else if (s instanceof CylinderShape c) {
            cylinderNormal(c, x, y, z, out);
        } else if (s instanceof PlaneShape p) {
            out[0] = p.nx();
            out[1] = p.ny();
            out[2] = p.nz();
        } else if (s instanceof ConvexHullShape h) {
            hullDistance(h, x, y, z, out);
        } else if (s instanceof CompoundShape c) {
            int best = 0;
            double bestDistance = Double.POSITIVE_INFINITY;
            for (int i = 0; i < c.childCount(); i++) {
                double d = childDistance(c, i, x, y, z);
                if (d < bestDistance) {
                    bestDistance = d;
                    best = i;
                }
            }
            Transform pose = c.pose(best);
            double[] r = pose.r;
            double dx = x - pose.px, dy = y - pose.py, dz = z - pose.pz;
            // local = R^T (x - p); normal = R n_local
            normal(c.child(best), r[0] * dx + r[3] * dy + r[6] * dz, r[1] * dx + r[4] * dy + r[7] * dz,
                    r[2] * dx + r[5] * dy + r[8] * dz, out);
            double nx = out[0], ny = out[1], nz = out[2];
            out[0] = r[0] * nx + r[1] * ny + r[2] * nz;
            out[1] = r[3] * nx + r[4] * ny + r[5] * nz;
            out[2] = r[6] * nx + r[7] * ny + r[8] * nz;
        } else if (s instanceof TriangleShape t) {
            TriangleShapeSdf.distance(t, x, y, z, out);
        } else {
            throw new IllegalArgumentException(s.type().name().toLowerCase() + ": no signed distance for this shape");
        }
    }

    private static double childDistance(CompoundShape c, int i, double x, double y, double z) {
        Transform pose = c.pose(i);
        double[] r = pose.r;
        double dx = x - pose.px, dy = y - pose.py, dz = z - pose.pz;
        return distance(c.child(i), r[0] * dx + r[3] * dy + r[6] * dz, r[1] * dx + r[4] * dy + r[7] * dz,
                r[2] * dx + r[5] * dy + r[8] * dz);
    }

    private static double outsideLength(double qx, double qy, double qz) {
        double ox = Math.max(qx, 0), oy = Math.max(qy, 0), oz = Math.max(qz, 0);
        return Math.sqrt(ox * ox + oy * oy + oz * oz);
    }

    /** (x, y, z) normalised into out, or the fallback direction when it is zero. */
    private static void setNormalized(double x, double y, double z, double fx, double fy, double fz,
                                      double[] out) {
        double len = Math.sqrt(x * x + y * y + z * z);
        if (len > 0) {
            out[0] = x / len;
            out[1] = y / len;
            out[2] = z / len;
        } else {
            out[0] = fx;
            out[1] = fy;
            out[2] = fz;
        }
    }

    private static void boxNormal(double hx, double hy, double hz, double x, double y, double z, double[] out) {
        double qx = Math.abs(x) - hx, qy = Math.abs(y) - hy, qz = Math.abs(z) - hz;
        if (qx > 0 || qy > 0 || qz > 0) {
            // Outside: from the nearest point (the clamped point) to p.
            setNormalized(Math.max(qx, 0) * Math.signum(x), Math.max(qy, 0) * Math.signum(y),
                    Math.max(qz, 0) * Math.signum(z), 0, 1, 0, out);
        } else if (qx >= qy && qx >= qz) {
            out[0] = x >= 0 ? 1 : -1;
            out[1] = 0;
            out[2] = 0;
        } else if (qy >= qz) {
            out[0] = 0;
            out[1] = y >= 0 ? 1 : -1;
            out[2] = 0;
        } else {
            out[0] = 0;
            out[1] = 0;
            out[2] = z >= 0 ? 1 : -1;
        }
    }

    private static void cylinderNormal(CylinderShape c, double x, double y, double z, double[] out) {
        double rho = Math.sqrt(x * x + z * z);
        double qr = rho - c.cylinderRadius(), qy = Math.abs(y) - c.halfHeight();
        // Radial unit direction; on the axis any is nearest, take +x.
        double ux = rho > 0 ? x / rho : 1, uz = rho > 0 ? z / rho : 0;
        double sy = y >= 0 ? 1 : -1;
        if (qr > 0 || qy > 0) {
            double gr = Math.max(qr, 0), gy = Math.max(qy, 0) * sy;
            double len = Math.sqrt(gr * gr + gy * gy);
            out[0] = gr * ux / len;
            out[1] = gy / len;
            out[2] = gr * uz / len;
        } else if (qr >= qy) {
            out[0] = ux;
            out[1] = 0;
            out[2] = uz;
        } else {
            out[0] = 0;
            out[1] = sy;
            out[2] = 0;
        }
    }

    /**
     * Inside (every face-plane distance <= 0): the largest face-plane distance, the depth below the
     * nearest face. Outside: the distance to the nearest point of the nearest face polygon; the surface
     * is the union of the faces, and for a point outside its nearest surface point lies on a face whose
     * plane it is above, so only those faces are searched (Ericson, Real-Time Collision Detection 5.1).
     * Writes the normal into {@code normalOut} when it is not null.
     */
    private static double hullDistance(ConvexHullShape h, double x, double y, double z, double[] normalOut) {
        int faces = h.faceCount();
        int deepest = 0;
        double maxPlane = Double.NEGATIVE_INFINITY;
        for (int f = 0; f < faces; f++) {
            double d = h.faceNormalX(f) * x + h.faceNormalY(f) * y + h.faceNormalZ(f) * z - h.faceOffset(f);
            if (d > maxPlane) {
                maxPlane = d;
                deepest = f;
            }
        }
        if (maxPlane <= 0) {
            if (normalOut != null) {
                normalOut[0] = h.faceNormalX(deepest);
                normalOut[1] = h.faceNormalY(deepest);
                normalOut[2] = h.faceNormalZ(deepest);
            }
            return maxPlane;
        }
        double best = Double.POSITIVE_INFINITY;
        double bx = 0, by = 0, bz = 0;
        for (int f = 0; f < faces; f++) {
            double fnx = h.faceNormalX(f), fny = h.faceNormalY(f), fnz = h.faceNormalZ(f);
            double plane = fnx * x + fny * y + fnz * z - h.faceOffset(f);
            if (plane <= 0 || plane * plane >= best) {
                continue;
            }
            // The projection onto the plane is the nearest point if it lies inside every edge.
            double px = x - plane * fnx, py = y - plane * fny, pz = z - plane * fnz;
            int count = h.faceVertexCount(f);
            boolean inside = true;
            double edgeBest = Double.POSITIVE_INFINITY, ex = 0, ey = 0, ez = 0;
            for (int k = 0; k < count; k++) {
                int a = h.faceVertex(f, k), b = h.faceVertex(f, (k + 1) % count);
                double ax = h.vertexX(a), ay = h.vertexY(a), az = h.vertexZ(a);
                double abx = h.vertexX(b) - ax, aby = h.vertexY(b) - ay, abz = h.vertexZ(b) - az;
                // Counter-clockwise from outside: the inward edge normal is n x ab.
                double inx = fny * abz - fnz * aby, iny = fnz * abx - fnx * abz, inz = fnx * aby - fny * abx;
                if (inx * (px - ax) + iny * (py - ay) + inz * (pz - az) < 0) {
                    inside = false;
                }
                double len2 = abx * abx + aby * aby + abz * abz;
                double t = len2 > 0 ? ((x - ax) * abx + (y - ay) * aby + (z - az) * abz) / len2 : 0;
                t = Math.max(0, Math.min(1, t));
                double cx = ax + t * abx, cy = ay + t * aby, cz = az + t * abz;
                double dx = x - cx, dy = y - cy, dz = z - cz;
                double d2 = dx * dx + dy * dy + dz * dz;
                if (d2 < edgeBest) {
                    edgeBest = d2;
                    ex = cx;
                    ey = cy;
                    ez = cz;
                }
            }
            if (inside) {
                if (plane * plane < best) {
                    best = plane * plane;
                    bx = px;
                    by = py;
                    bz = pz;
                }
            } else if (edgeBest < best) {
                best = edgeBest;
                bx = ex;
                by = ey;
                bz = ez;
            }
        }
        if (normalOut != null) {
            setNormalized(x - bx, y - by, z - bz, h.faceNormalX(deepest), h.faceNormalY(deepest),
                    h.faceNormalZ(deepest), normalOut);
        }
        return Math.sqrt(best);
    }
}
