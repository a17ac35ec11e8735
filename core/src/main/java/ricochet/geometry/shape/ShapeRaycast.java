package ricochet.geometry.shape;

import ricochet.math.Transform;

/**
 * Ray casts against a shape in the shape's frame: the ray {@code origin + t d}, t in
 * {@code [0, maxFraction]} (d need not be unit length; t is in units of d). On a hit the first point
 * of the solid along the ray is written into a {@link RayHit}; on a miss the hit is left untouched.
 * A ray that starts inside the solid hits at fraction 0 with the normal {@code -d/|d|} (see
 * {@link RayHit}); one starting exactly on the surface and going in hits at 0 with the surface normal.
 * Convex shapes are cut as the intersection of half-spaces or quadrics: the ray enters at the largest
 * entering parameter and leaves at the smallest leaving one (Kay and Kajiya's slabs for the box,
 * Cyrus-Beck clipping for the hull; Ericson, Real-Time Collision Detection 5.3). Allocates nothing.
 */
public final class ShapeRaycast {

    private ShapeRaycast() {
    }

    /**
     * Casts the ray against {@code s}; returns whether it hits within {@code [0, maxFraction]}.
     *
     * @throws IllegalArgumentException when d is zero or not finite, maxFraction is negative or NaN, or
     *     the shape has no ray cast here (triangle mesh, heightfield)
     */
    public static boolean raycast(Shape s, double ox, double oy, double oz, double dx, double dy, double dz,
                                  double maxFraction, RayHit hit) {
        double dd = dx * dx + dy * dy + dz * dz;
        if (!(dd > 0) || !Double.isFinite(dd)) {
            throw new IllegalArgumentException("ray: direction must be non-zero and finite, got (" + dx + ", "
                    + dy + ", " + dz + ")");
        }
        if (!(maxFraction >= 0)) {
            throw new IllegalArgumentException("ray: maxFraction must be >= 0, got " + maxFraction);
        }
        if (s instanceof SphereShape sphere) {
            return sphere(sphere.radius(), ox, oy, oz, dx, dy, dz, maxFraction, hit);
        }
        if (s instanceof BoxShape b) {
            return box(b, ox, oy, oz, dx, dy, dz, maxFraction, hit);
        }
        if (s instanceof CapsuleShape c) {
            return capsule(c, ox, oy, oz, dx, dy, dz, maxFraction, hit);
        }
        if (s instanceof CylinderShape c) {
            return cylinder(c, ox, oy, oz, dx, dy, dz, maxFraction, hit);
        }
        if (s instanceof PlaneShape p) {
            return plane(p, ox, oy, oz, dx, dy, dz, maxFraction, hit);
        }
        if (s instanceof ConvexHullShape h) {
            return hull(h, ox, oy, oz, dx, dy, dz, maxFraction, hit);
        }
        if (s instanceof CompoundShape c) {
            return compound(c, ox, oy, oz, dx, dy, dz, maxFraction, hit);
        }
        throw new IllegalArgumentException(s.type().name().toLowerCase() + ": no ray cast for this shape");
    }

    /**
     * The common end of the convex casts: the ray is inside the solid for t in [tIn, tOut], entering
     * through the surface with normal (nx, ny, nz) at tIn.
     */
    private static boolean finish(double tIn, double tOut, double nx, double ny, double nz, double ox,
                                  double oy, double oz, double dx, double dy, double dz, double maxFraction,
                                  RayHit hit) {
        if (!(tIn <= tOut) || tOut < 0 || tIn > maxFraction) {
            return false;
        }
        if (tIn < 0) {
            double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
            hit.set(0, -dx / len, -dy / len, -dz / len, ox, oy, oz, dx, dy, dz);
        } else {
            hit.set(tIn, nx, ny, nz, ox, oy, oz, dx, dy, dz);
        }
        return true;
    }

    /** |o + t d|^2 = r^2: a t^2 + 2 b t + c = 0 with a = d.d, b = o.d, c = o.o - r^2. */
    private static boolean sphere(double r, double ox, double oy, double oz, double dx, double dy, double dz,
                                  double maxFraction, RayHit hit) {
        double a = dx * dx + dy * dy + dz * dz;
        double b = ox * dx + oy * dy + oz * dz;
        double c = ox * ox + oy * oy + oz * oz - r * r;
        double disc = b * b - a * c;
        if (disc < 0) {
            return false;
        }
        double root = Math.sqrt(disc);
        double tIn = (-b - root) / a, tOut = (-b + root) / a;
        double x = ox + tIn * dx, y = oy + tIn * dy, z = oz + tIn * dz;
        double len = Math.sqrt(x * x + y * y + z * z);
        return finish(tIn, tOut, x / len, y / len, z / len, ox, oy, oz, dx, dy, dz, maxFraction, hit);
    }

    private static boolean box(BoxShape b, double ox, double oy, double oz, double dx, double dy, double dz,
                               double maxFraction, RayHit hit) {
        double tIn = Double.NEGATIVE_INFINITY, tOut = Double.POSITIVE_INFINITY;
        int axis = -1;
        double sign = 0;
        for (int k = 0; k < 3; k++) {
            double o = k == 0 ? ox : k == 1 ? oy : oz;
            double d = k == 0 ? dx : k == 1 ? dy : dz;
            double h = k == 0 ? b.halfX() : k == 1 ? b.halfY() : b.halfZ();
            if (d == 0) {
                if (Math.abs(o) > h) {
                    return false;
                }
                continue;
            }
            double t1 = (-h - o) / d, t2 = (h - o) / d;
            double enter = Math.min(t1, t2), exit = Math.max(t1, t2);
            if (enter > tIn) {
                tIn = enter;
                axis = k;
                // Entering through the face the ray moves into: the -h face when d > 0.
                sign = d > 0 ? -1 : 1;
            }
            tOut = Math.min(tOut, exit);
        }
        return finish(tIn, tOut, axis == 0 ? sign : 0, axis == 1 ? sign : 0, axis == 2 ? sign : 0,
                ox, oy, oz, dx, dy, dz, maxFraction, hit);
    }

    private static boolean cylinder(CylinderShape c, double ox, double oy, double oz, double dx, double dy,
                                    double dz, double maxFraction, RayHit hit) {
        double h = c.halfHeight(), r = c.cylinderRadius();
        double tIn, tOut, nx = 0, ny, nz = 0;
        // The slab |y| <= h.
        if (dy == 0) {
            if (Math.abs(oy) > h) {
                return false;
            }
            tIn = Double.NEGATIVE_INFINITY;
            tOut = Double.POSITIVE_INFINITY;
            ny = 0;
        } else {
            double t1 = (-h - oy) / dy, t2 = (h - oy) / dy;
            tIn = Math.min(t1, t2);
            tOut = Math.max(t1, t2);
            ny = dy > 0 ? -1 : 1;
        }
        // The infinite cylinder x^2 + z^2 <= r^2.
        double a = dx * dx + dz * dz;
        double b = ox * dx + oz * dz;
        double q = ox * ox + oz * oz - r * r;
        if (a == 0) {
            if (q > 0) {
                return false;
            }
        } else {
            double disc = b * b - a * q;
            if (disc < 0) {
                return false;
            }
            double root = Math.sqrt(disc);
            double enter = (-b - root) / a, exit = (-b + root) / a;
            if (enter > tIn) {
                tIn = enter;
                double x = ox + enter * dx, z = oz + enter * dz;
                double len = Math.sqrt(x * x + z * z);
                nx = x / len;
                ny = 0;
                nz = z / len;
            }
            tOut = Math.min(tOut, exit);
        }
        return finish(tIn, tOut, nx, ny, nz, ox, oy, oz, dx, dy, dz, maxFraction, hit);
    }

    /**
     * The capsule is the union of the finite side cylinder and the two end spheres, so a ray from
     * outside enters it at the earliest entry into any of them (a cap disc lies inside its sphere, so
     * only the cylinder's side counts).
     */
    private static boolean capsule(CapsuleShape c, double ox, double oy, double oz, double dx, double dy,
                                   double dz, double maxFraction, RayHit hit) {
        double h = c.halfHeight(), r = c.radius();
        double cy = Math.max(-h, Math.min(h, oy));
        double ey = oy - cy;
        double a3 = dx * dx + dy * dy + dz * dz;
        if (ox * ox + ey * ey + oz * oz < r * r) {
            double len = Math.sqrt(a3);
            hit.set(0, -dx / len, -dy / len, -dz / len, ox, oy, oz, dx, dy, dz);
            return true;
        }
        double best = Double.POSITIVE_INFINITY;
        double nx = 0, ny = 0, nz = 0;
        double a = dx * dx + dz * dz;
        if (a > 0) {
            double b = ox * dx + oz * dz;
            double q = ox * ox + oz * oz - r * r;
            double disc = b * b - a * q;
            if (disc >= 0) {
                double t = (-b - Math.sqrt(disc)) / a;
                double y = oy + t * dy;
                if (t >= 0 && Math.abs(y) <= h) {
                    best = t;
                    double x = ox + t * dx, z = oz + t * dz;
                    double len = Math.sqrt(x * x + z * z);
                    nx = x / len;
                    ny = 0;
                    nz = z / len;
                }
            }
        }
        for (int end = -1; end <= 1; end += 2) {
            double sy = oy - end * h;
            double b = ox * dx + sy * dy + oz * dz;
            double q = ox * ox + sy * sy + oz * oz - r * r;
            double disc = b * b - a3 * q;
            if (disc < 0) {
                continue;
            }
            double t = (-b - Math.sqrt(disc)) / a3;
            if (t >= 0 && t < best) {
                best = t;
                double x = ox + t * dx, y = sy + t * dy, z = oz + t * dz;
                double len = Math.sqrt(x * x + y * y + z * z);
                nx = x / len;
                ny = y / len;
                nz = z / len;
            }
        }
        if (!(best <= maxFraction)) {
            return false;
        }
        hit.set(best, nx, ny, nz, ox, oy, oz, dx, dy, dz);
        return true;
    }

    /** The half-space n . x <= offset: inside when the origin is below the plane. */
    private static boolean plane(PlaneShape p, double ox, double oy, double oz, double dx, double dy,
                                 double dz, double maxFraction, RayHit hit) {
        double height = p.nx() * ox + p.ny() * oy + p.nz() * oz - p.offset();
        double rate = p.nx() * dx + p.ny() * dy + p.nz() * dz;
        if (height < 0) {
            return finish(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, 0, 0, 0, ox, oy, oz, dx, dy, dz,
                    maxFraction, hit);
        }
        if (!(rate < 0)) {
            return false;
        }
        return finish(-height / rate, Double.POSITIVE_INFINITY, p.nx(), p.ny(), p.nz(), ox, oy, oz, dx, dy, dz,
                maxFraction, hit);
    }

    /** Cyrus-Beck: clip the parameter interval by each face's half-space n . x <= offset. */
    private static boolean hull(ConvexHullShape h, double ox, double oy, double oz, double dx, double dy,
                                double dz, double maxFraction, RayHit hit) {
        double tIn = Double.NEGATIVE_INFINITY, tOut = Double.POSITIVE_INFINITY;
        int entry = -1;
        for (int f = 0; f < h.faceCount(); f++) {
            double fnx = h.faceNormalX(f), fny = h.faceNormalY(f), fnz = h.faceNormalZ(f);
            double clearance = h.faceOffset(f) - (fnx * ox + fny * oy + fnz * oz);
            double rate = fnx * dx + fny * dy + fnz * dz;
            if (rate == 0) {
                if (clearance < 0) {
                    return false;
                }
                continue;
            }
            double t = clearance / rate;
            if (rate < 0) {
                if (t > tIn) {
                    tIn = t;
                    entry = f;
                }
            } else {
                tOut = Math.min(tOut, t);
            }
            if (tIn > tOut) {
                return false;
            }
        }
        if (entry < 0) {
            return finish(tIn, tOut, 0, 0, 0, ox, oy, oz, dx, dy, dz, maxFraction, hit);
        }
        return finish(tIn, tOut, h.faceNormalX(entry), h.faceNormalY(entry), h.faceNormalZ(entry), ox, oy, oz,
                dx, dy, dz, maxFraction, hit);
    }

    /**
     * The closest child hit: each child gets the ray in its frame ({@code R^T (o - p)}, {@code R^T d};
     * a rigid map keeps the parameter t) and the best fraction so far as its limit, so a child that
     * hits has hit closer and its answer, mapped back, replaces the previous one.
     */
    private static boolean compound(CompoundShape c, double ox, double oy, double oz, double dx, double dy,
                                    double dz, double maxFraction, RayHit hit) {
        boolean any = false;
        double limit = maxFraction;
        for (int i = 0; i < c.childCount(); i++) {
            Transform pose = c.pose(i);
            double[] r = pose.r;
            double wx = ox - pose.px, wy = oy - pose.py, wz = oz - pose.pz;
            double lox = r[0] * wx + r[3] * wy + r[6] * wz;
            double loy = r[1] * wx + r[4] * wy + r[7] * wz;
            double loz = r[2] * wx + r[5] * wy + r[8] * wz;
            double ldx = r[0] * dx + r[3] * dy + r[6] * dz;
            double ldy = r[1] * dx + r[4] * dy + r[7] * dz;
            double ldz = r[2] * dx + r[5] * dy + r[8] * dz;
            if (raycast(c.child(i), lox, loy, loz, ldx, ldy, ldz, limit, hit)) {
                any = true;
                limit = hit.fraction;
                double nx = hit.nx, ny = hit.ny, nz = hit.nz;
                hit.set(hit.fraction, r[0] * nx + r[1] * ny + r[2] * nz, r[3] * nx + r[4] * ny + r[5] * nz,
                        r[6] * nx + r[7] * ny + r[8] * nz, ox, oy, oz, dx, dy, dz);
                if (limit == 0) {
                    break;
                }
            }
        }
        return any;
    }
}
