package ricochet.collision.narrow;

import java.util.Arrays;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.math.Transform;

/**
 * The face of a flat-sided convex shape that supports a direction (Jolt's
 * {@code ConvexShape::GetSupportingFace}), in world space, for {@link ConvexCollide} to turn its one
 * GJK/EPA point into a clipped manifold: a box's or hull's face whose outward normal is closest to the
 * direction, and for a cylinder the cap facing it as {@link #CAP_POINTS} rim points, or, for a
 * direction across the axis, the side line as two rim points (a segment). Spheres and capsules have no
 * face: a point or a line is all they touch with.
 *
 * <p>Face ids, for the contact's feature ids: a box's and hull's own face numbers; a cylinder's top
 * cap 0, bottom cap 1, side 2. The cap's rim points start at the rim point farthest along the direction
 * (unless the direction lies within {@link #CAP_LEAN_SINE} of the axis) and go round counter-clockwise seen from outside, so the same rim point keeps its place in the loop
 * (and its feature id) while the cylinder rolls about its axis. One instance per caller; it allocates
 * nothing once its buffer has grown to the largest hull face.
 */
final class SupportFace {

    /** Rim points of a cylinder cap: an inscribed octagon, within 7.6% of the radius of the circle. */
    static final int CAP_POINTS = 8;
    /**
     * A cap's octagon starts at the rim point the direction leans to only when the direction leans off
     * the axis by more than this sine (0.06 degrees); nearer the axis it starts at local +x, fixed in
     * the body. A cap resting flat leans by round-off, in any direction from step to step, and an
     * octagon turned after it moved every contact point, and every feature id's place, each step.
     * Fixed, its lowest vertex lies above the circle's lowest point by at most 7.6% of the radius times
     * this sine (30 micrometres for a radius of 0.4 m).
     */
    static final double CAP_LEAN_SINE = 1e-3;
    /**
     * A cylinder shows its side, not a cap, to a direction within this sine of its axis's normal
     * plane (10 degrees): lying on a face it touches along a line, leaning more it touches with the
     * cap's rim, where the cap's points near the lowest one are the contact.
     */
    static final double SIDE_SINE = 0.17;

    /** World vertices, counter-clockwise seen from outside the shape. */
    double[] v = new double[3 * 16];
    int count;
    /** The face's outward unit normal (for the side of a cylinder: the radial direction), world. */
    double nx, ny, nz;
    int id;

    /**
     * The face of {@code s} at pose {@code t} supporting world direction (dx, dy, dz); returns false
     * (and {@link #count} 0) for a shape without faces.
     */
    boolean of(ConvexShape s, Transform t, double dx, double dy, double dz) {
        count = 0;
        // The direction in the shape's frame: R^T d.
        double[] r = t.r;
        double lx = r[0] * dx + r[3] * dy + r[6] * dz;
        double ly = r[1] * dx + r[4] * dy + r[7] * dz;
        double lz = r[2] * dx + r[5] * dy + r[8] * dz;
        if (s instanceof BoxShape box) {
            box(box, t, lx, ly, lz);
        } else if (s instanceof ConvexHullShape hull) {
            hull(hull, t, lx, ly, lz);
        } else if (s instanceof CylinderShape cylinder) {
            cylinder(cylinder, t, lx, ly, lz);
        }
        return count > 0;
    }

    private void box(BoxShape box, Transform t, double lx, double ly, double lz) {
        ConvexHullShape cube = PolyhedronView.UNIT_CUBE;
        int f = bestFace(cube, lx, ly, lz);
        for (int k = 0; k < cube.faceVertexCount(f); k++) {
            int i = cube.faceVertex(f, k);
            add(t, box.halfX() * cube.vertexX(i), box.halfY() * cube.vertexY(i),
                    box.halfZ() * cube.vertexZ(i));
        }
        normal(t, cube.faceNormalX(f), cube.faceNormalY(f), cube.faceNormalZ(f));
        id = f;
    }

    private void hull(ConvexHullShape hull, Transform t, double lx, double ly, double lz) {
        int f = bestFace(hull, lx, ly, lz);
        for (int k = 0; k < hull.faceVertexCount(f); k++) {
            int i = hull.faceVertex(f, k);
            add(t, hull.vertexX(i), hull.vertexY(i), hull.vertexZ(i));
        }
        normal(t, hull.faceNormalX(f), hull.faceNormalY(f), hull.faceNormalZ(f));
        id = f;
    }

    /** The face whose normal has the largest dot with d; ties go to the lower index. */
    private static int bestFace(ConvexHullShape h, double dx, double dy, double dz) {
        int best = 0;
        double most = Double.NEGATIVE_INFINITY;
        for (int f = 0; f < h.faceCount(); f++) {
            double dot = h.faceNormalX(f) * dx + h.faceNormalY(f) * dy + h.faceNormalZ(f) * dz;
            if (dot > most + 1e-12) {
                most = dot;
                best = f;
            }
        }
        return best;
    }

    /** The cylinder's axis is its local y. */
    private void cylinder(CylinderShape c, Transform t, double lx, double ly, double lz) {
        double rad = c.cylinderRadius(), h = c.halfHeight();
        double across = Math.sqrt(lx * lx + lz * lz);
        double len = Math.sqrt(across * across + ly * ly);
        if (!(len > 0)) {
            return;
        }
        // u: the rim direction the direction leans to; for a direction along the axis, local x.
        double ux = 1, uz = 0;
        if (across > CAP_LEAN_SINE * len) {
            ux = lx / across;
            uz = lz / across;
        }
        if (Math.abs(ly) <= SIDE_SINE * len) {
            // The side: the line of rim points along u, from the bottom cap to the top.
            add(t, rad * ux, -h, rad * uz);
            add(t, rad * ux, h, rad * uz);
            normal(t, ux, 0, uz);
            id = 2;
            return;
        }
        double y = ly > 0 ? h : -h;
        // Counter-clockwise seen from outside: positive turns about the outward normal (0, sign, 0).
        double sign = ly > 0 ? 1 : -1;
        for (int k = 0; k < CAP_POINTS; k++) {
            double cos = CAP_COS[k], sin = CAP_SIN[k];
            // Rotate u by a about +y (top) or -y (bottom): (x, z) -> (x cos + s z sin, z cos - s x sin).
            double px = ux * cos + sign * uz * sin, pz = uz * cos - sign * ux * sin;
            add(t, rad * px, y, rad * pz);
        }
        normal(t, 0, sign, 0);
        id = ly > 0 ? 0 : 1;
    }

    private static final double[] CAP_COS = new double[CAP_POINTS], CAP_SIN = new double[CAP_POINTS];

    static {
        for (int k = 0; k < CAP_POINTS; k++) {
            double a = 2 * Math.PI * k / CAP_POINTS;
            CAP_COS[k] = StrictMath.cos(a);
            CAP_SIN[k] = StrictMath.sin(a);
        }
    }

    private void add(Transform t, double x, double y, double z) {
        if (3 * count == v.length) {
            v = Arrays.copyOf(v, 2 * v.length);
        }
        double[] r = t.r;
        v[3 * count] = r[0] * x + r[1] * y + r[2] * z + t.px;
        v[3 * count + 1] = r[3] * x + r[4] * y + r[5] * z + t.py;
        v[3 * count + 2] = r[6] * x + r[7] * y + r[8] * z + t.pz;
        count++;
    }

    private void normal(Transform t, double x, double y, double z) {
        double[] r = t.r;
        nx = r[0] * x + r[1] * y + r[2] * z;
        ny = r[3] * x + r[4] * y + r[5] * z;
        nz = r[6] * x + r[7] * y + r[8] * z;
    }
}
