package ricochet.collision.narrow;

import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Transform;

/**
 * A plane (A, the half-space {@code n . x <= offset}) against a convex shape B: every vertex or
 * support point of B below the plane plus the margin is a contact, with the plane's normal from A to
 * B. The point on A is the point's projection on the plane. One instance per thread: it holds scratch.
 *
 * <p>Points within {@link #TIE} of the shape's size beyond the margin count as within it, so a shape
 * held exactly at the margin (a box's face, a capsule's end) keeps all of its equally placed points
 * rather than those the round-off of the pose happens to put below.
 */
public final class PlaneContacts {

    static final double TIE = 1e-9;

    private final double[] w = new double[3];
    private final double[] corner = new double[3 * 8];
    private final double[] depth = new double[8];
    private final int[] ids = new int[8];
    private final ContactReduction reduction = new ContactReduction();
    private double nx, ny, nz, d;

    private void worldPlane(PlaneShape a, Transform ta, Manifold out) {
        ta.rotate(a.nx(), a.ny(), a.nz(), w);
        nx = w[0];
        ny = w[1];
        nz = w[2];
        // A point of the plane, n * offset, moved with the pose: d = n_w . (R n offset + p).
        d = a.offset() + nx * ta.px + ny * ta.py + nz * ta.pz;
        out.clear();
        out.setNormal(nx, ny, nz);
    }

    /** Adds core point (x, y, z) swept by r if it lies within the margin (plus tie) of the plane. */
    private void addIfClose(double x, double y, double z, double r, double margin, double tie, int id,
            Manifold out) {
        double s = nx * x + ny * y + nz * z - d;
        if (s - r <= margin + tie) {
            out.addPoint(x - s * nx, y - s * ny, z - s * nz, x - r * nx, y - r * ny, z - r * nz, id);
        }
    }

    public boolean planeSphere(PlaneShape a, Transform ta, SphereShape b, Transform tb, double margin,
            Manifold out) {
        worldPlane(a, ta, out);
        addIfClose(tb.px, tb.py, tb.pz, b.radius(), margin, TIE * b.radius(), 0, out);
        return out.pointCount() > 0;
    }

    /** Both ends of the capsule's segment, so a capsule lying on the plane has two points. */
    public boolean planeCapsule(PlaneShape a, Transform ta, CapsuleShape b, Transform tb, double margin,
            Manifold out) {
        worldPlane(a, ta, out);
        double h = b.halfHeight(), r = b.radius(), tie = TIE * (h + r);
        addIfClose(tb.px - h * tb.r[1], tb.py - h * tb.r[4], tb.pz - h * tb.r[7], r, margin, tie, 0, out);
        addIfClose(tb.px + h * tb.r[1], tb.py + h * tb.r[4], tb.pz + h * tb.r[7], r, margin, tie, 1, out);
        return out.pointCount() > 0;
    }

    /** The up-to-four deepest of the box's corners within the margin; ids are corner indices. */
    public boolean planeBox(PlaneShape a, Transform ta, BoxShape b, Transform tb, double margin,
            Manifold out) {
        worldPlane(a, ta, out);
        for (int c = 0; c < 8; c++) {
            tb.toWorld((c & 1) != 0 ? b.halfX() : -b.halfX(), (c & 2) != 0 ? b.halfY() : -b.halfY(),
                    (c & 4) != 0 ? b.halfZ() : -b.halfZ(), w);
            corner[3 * c] = w[0];
            corner[3 * c + 1] = w[1];
            corner[3 * c + 2] = w[2];
            depth[c] = nx * w[0] + ny * w[1] + nz * w[2] - d;
            ids[c] = c;
        }
        addDeepest(8, margin, Math.max(b.halfX(), Math.max(b.halfY(), b.halfZ())), out);
        return out.pointCount() > 0;
    }

    /**
     * Rim points of a cylinder: on each cap the deepest rim point and the three a quarter turn from
     * it; the up-to-four deepest within the margin are kept, so a standing cylinder rests on four
     * points of its lower rim and one lying on its side on the two ends of its lowest line. Ids are
     * cap (top 0..3, bottom 4..7) and direction, so they do not depend on which cap is lower.
     */
    public boolean planeCylinder(PlaneShape a, Transform ta, CylinderShape b, Transform tb, double margin,
            Manifold out) {
        worldPlane(a, ta, out);
        double ax = tb.r[1], ay = tb.r[4], az = tb.r[7];
        double rad = b.cylinderRadius(), h = b.halfHeight();
        // u: the direction into the plane (-n) made perpendicular to the axis; v = axis x u.
        double along = -(nx * ax + ny * ay + nz * az);
        double ux = -nx - along * ax, uy = -ny - along * ay, uz = -nz - along * az;
        double ul = Math.sqrt(ux * ux + uy * uy + uz * uz);
        // Below a tilt of 1e-6 rad the projected direction is mostly round-off (its error grows as
        // 1e-16 / ul), so a body-fixed one is used; the depths it misses are below r * 1e-6.
        if (ul > 1e-6) {
            ux /= ul;
            uy /= ul;
            uz /= ul;
        } else {
            // Standing straight: the cylinder's local x is as good as any rim direction.
            ux = tb.r[0];
            uy = tb.r[3];
            uz = tb.r[6];
        }
        double vx = ay * uz - az * uy, vy = az * ux - ax * uz, vz = ax * uy - ay * ux;
        for (int k = 0; k < 8; k++) {
            double c = k < 4 ? h : -h;
            int dir = k & 3;
            double cu = dir == 0 ? 1 : (dir == 2 ? -1 : 0);
            double cv = dir == 1 ? 1 : (dir == 3 ? -1 : 0);
            double x = tb.px + c * ax + rad * (cu * ux + cv * vx);
            double y = tb.py + c * ay + rad * (cu * uy + cv * vy);
            double z = tb.pz + c * az + rad * (cu * uz + cv * vz);
            corner[3 * k] = x;
            corner[3 * k + 1] = y;
            corner[3 * k + 2] = z;
            depth[k] = nx * x + ny * y + nz * z - d;
            ids[k] = k;
        }
        addDeepest(8, margin, Math.max(rad, h), out);
        return out.pointCount() > 0;
    }

    /** Every hull vertex within the margin, reduced to four by area; ids are vertex indices. */
    public boolean planeHull(PlaneShape a, Transform ta, ConvexHullShape b, Transform tb, double margin,
            Manifold out) {
        worldPlane(a, ta, out);
        reduction.clear();
        double size2 = 0;
        for (int v = 0; v < b.vertexCount(); v++) {
            double x = b.vertexX(v), y = b.vertexY(v), z = b.vertexZ(v);
            size2 = Math.max(size2, x * x + y * y + z * z);
        }
        double limit = margin + TIE * Math.sqrt(size2);
        for (int v = 0; v < b.vertexCount(); v++) {
            tb.toWorld(b.vertexX(v), b.vertexY(v), b.vertexZ(v), w);
            double s = nx * w[0] + ny * w[1] + nz * w[2] - d;
            if (s <= limit) {
                reduction.add(w[0] - s * nx, w[1] - s * ny, w[2] - s * nz, w[0], w[1], w[2], v);
            }
        }
        return reduction.emitAnchored(out);
    }

    /**
     * Adds the up-to-four deepest of the first n candidates within the margin, deepest first. Depths
     * within 1e-9 of the shape's size count as equal and go to the lower index, so round-off does not
     * choose between the equally deep corners of a resting shape.
     */
    private void addDeepest(int n, double margin, double size, Manifold out) {
        double tie = TIE * size;
        for (int k = 0; k < Manifold.MAX_POINTS; k++) {
            int best = -1;
            for (int c = 0; c < n; c++) {
                if (depth[c] <= margin + tie && (best < 0 || depth[c] < depth[best] - tie)) {
                    best = c;
                }
            }
            if (best < 0) {
                return;
            }
            double s = depth[best];
            double x = corner[3 * best], y = corner[3 * best + 1], z = corner[3 * best + 2];
            out.addPoint(x - s * nx, y - s * ny, z - s * nz, x, y, z, ids[best]);
            depth[best] = Double.POSITIVE_INFINITY;
        }
    }
}
