package ricochet.collision.narrow;

import java.util.Arrays;
import ricochet.geometry.shape.CompoundShape;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.EdgeKind;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.TriangleShape;
import ricochet.geometry.shape.TriangleVisitor;
import ricochet.math.Transform;

/**
 * Time of impact of a shape A translating by T = (dx, dy, dz) (no rotation) against a fixed shape B,
 * for every pair the narrow phase collides: convex against convex, plane, triangle mesh or
 * heightfield, compounds on either side (child by child), and a mesh or plane as A against a convex
 * B (swept as B moving by -T against A, which is the same relative motion).
 *
 * <p>Convex parts: conservative advancement (Mirtich, "Impulse-based Dynamic Simulation of Rigid
 * Body Systems", 1996; Catto, "Continuous Collision", GDC 2013). The distance {@code d(t)} between A
 * moved by {@code t T} and B is a convex function of t (the distance between two convex sets is
 * jointly convex in their offset), GJK gives it with the normal n from A to B, and
 * {@code d'(t) = -T . n}. Newton's step {@code t += (d - target) / (T . n)} lands on the root of the
 * tangent, which lies below the convex function, so no step passes the contact however thin B is
 * (a triangle has no thickness at all). The cast stops at the first t with {@code d <= tolerance}
 * and aims at {@code target = tolerance / 2}, so the pose at the reported fraction is apart, not
 * touching: for a flat approach one step lands there. Triangles are cast one at a time the same way
 * (each is a convex core), and a plane is solved in closed form. A triangle hit on its face, or on
 * an inactive edge or vertex (see below), takes the face's normal: near an edge GJK's direction
 * tilts by (offset along the face) / gap, and inside a flat surface the face normal is the surface's.
 *
 * <p>What is not reported, by design:
 * <ul>
 *   <li>a part of B that A already overlaps at t = 0 (distance <= 0): the contact solver owns that
 *       contact; a part A merely touches (distance <= tolerance) is hit at fraction 0 only when A
 *       moves into it;</li>
 *   <li>a triangle met from behind or edge-on ({@code T . n_face >= 0}): triangles are one-sided, the
 *       surface of the solid behind them, as in {@link TriangleCollide};</li>
 *   <li>a triangle reached through an inactive edge or vertex ({@link EdgeKind#isActive()}: inside a
 *       flat or hollow surface) while A already lies within the tolerance of the triangle's plane or
 *       behind it at t = 0: A is resting on or sunk into the neighbouring face, and meeting the next
 *       coplanar triangle's edge is that contact's "ghost" (the cast analogue of {@link MeshCollide}'s
 *       internal-edge rule).</li>
 * </ul>
 *
 * <p>One instance per thread; a cast allocates nothing once the compound scratch has grown to the
 * deepest nesting seen.
 */
public final class TimeOfImpact {

    /**
     * The most advancement steps per convex pair; a cast still converging then reports the fraction
     * reached, which is still at or before the contact.
     */
    public static final int MAX_ITERATIONS = 64;

    /** Barycentric weight under which the closest point counts as lying on the opposite edge. */
    private static final double ON_EDGE = 1e-9;

    private static final int MISS = 0;
    private static final int HIT = 1;
    private static final int OVERLAP = 2;
    private static final Transform IDENTITY = new Transform();

    private final Gjk gjk = new Gjk();
    private final Epa epa = new Epa();
    private final GjkResult distance = new GjkResult();
    private final EpaResult penetration = new EpaResult();
    private final Transform moved = new Transform();
    private final TriangleCore triangle = new TriangleCore();
    private final ShapeCastResult one = new ShapeCastResult();
    private final double[] dir = new double[3];
    private final double[] point = new double[3];
    private final double[] tri = new double[9];
    private final double[] box = new double[6];
    private final TriangleVisitor visitor = this::visitTriangle;
    private Transform[] childPoses = new Transform[8];

    // The query: translation, tolerance, the best hit so far and the fraction a new hit must beat.
    private double tx, ty, tz, tolerance, maxFraction;
    private ShapeCastResult best;

    // The mesh being visited and the convex moving against it (already in the moving frame's sign).
    private TriangleShape meshShape;
    private Transform meshPose;
    private ConvexShape mover;
    private Transform moverPose;
    private double mx, my, mz;
    /** Whether the leaf being cast is reversed: then its hit point is taken on the mover, B's side. */
    private boolean reversed;

    public TimeOfImpact() {
        for (int i = 0; i < childPoses.length; i++) {
            childPoses[i] = new Transform();
        }
    }

    /**
     * Sweeps {@code a} from {@code ta} by (dx, dy, dz) (world, metres) against {@code b} fixed at
     * {@code tb} and finds the first contact with a fraction at most {@code maxFraction}.
     *
     * @param tolerance metres (> 0, finite): shapes this close count as touching; at the reported
     *     fraction the parts are apart by at most this (half of it after a flat approach), and the
     *     fraction is at or before the true first contact, early by about
     *     {@code tolerance / (T . n)}
     * @param maxFraction hits after this fraction (in [0, 1]) are not reported
     * @param out on a hit: the fraction, the unit normal from A to B and the point on B (world)
     * @return whether A touches B at some fraction in [0, maxFraction] (see the class comment for
     *     the contacts left out)
     * @throws IllegalArgumentException for a translation that is not finite, a tolerance that is not
     *     positive and finite, or a maxFraction outside [0, 1]
     */
    public boolean cast(Shape a, Transform ta, double dx, double dy, double dz, Shape b, Transform tb,
            double tolerance, double maxFraction, ShapeCastResult out) {
        if (!Double.isFinite(dx) || !Double.isFinite(dy) || !Double.isFinite(dz)) {
            throw new IllegalArgumentException("time of impact: translation must be finite, got (" + dx + ", "
                    + dy + ", " + dz + ")");
        }
        if (!(tolerance > 0) || !Double.isFinite(tolerance)) {
            throw new IllegalArgumentException("time of impact: tolerance must be > 0 and finite, got "
                    + tolerance);
        }
        if (!(maxFraction >= 0 && maxFraction <= 1)) {
            throw new IllegalArgumentException("time of impact: maxFraction must be in [0, 1], got "
                    + maxFraction);
        }
        tx = dx;
        ty = dy;
        tz = dz;
        this.tolerance = tolerance;
        this.maxFraction = maxFraction;
        best = out;
        out.hit = false;
        try {
            sweep(a, ta, b, tb, 0);
        } finally {
            best = null;
            meshShape = null;
            meshPose = moverPose = null;
            mover = null;
        }
        return out.hit;
    }

    /** Recurses into compounds (A's children first), then dispatches one pair of leaf shapes. */
    private void sweep(Shape a, Transform ta, Shape b, Transform tb, int depth) {
        if (a instanceof CompoundShape ca) {
            Transform t = childPose(2 * depth);
            for (int i = 0; i < ca.childCount(); i++) {
                Transform.compose(ta, ca.childTransform(i, t), t);
                sweep(ca.child(i), t, b, tb, depth + 1);
            }
            return;
        }
        if (b instanceof CompoundShape cb) {
            Transform t = childPose(2 * depth + 1);
            for (int i = 0; i < cb.childCount(); i++) {
                Transform.compose(tb, cb.childTransform(i, t), t);
                sweep(a, ta, cb.child(i), t, depth + 1);
            }
            return;
        }
        if (a instanceof ConvexShape ca) {
            leaf(ca, ta, b, tb, false);
        } else if (b instanceof ConvexShape cb) {
            // A mesh or plane moving by T meets B as B moving by -T meets it.
            leaf(cb, tb, a, ta, true);
        }
    }

    /** Convex {@code c} moving (by -T when reversed) against the fixed leaf {@code s}. */
    private void leaf(ConvexShape c, Transform tc, Shape s, Transform ts, boolean reversed) {
        this.reversed = reversed;
        double sign = reversed ? -1 : 1;
        double dx = sign * tx, dy = sign * ty, dz = sign * tz;
        if (s instanceof ConvexShape cs) {
            if (advance(c, tc, dx, dy, dz, cs, ts, limit(), one) == HIT) {
                offer(one, reversed);
            }
        } else if (s instanceof PlaneShape p) {
            if (plane(c, tc, dx, dy, dz, p, ts, limit(), one)) {
                offer(one, reversed);
            }
        } else if (s instanceof TriangleShape m) {
            meshShape = m;
            meshPose = ts;
            mover = c;
            moverPose = tc;
            mx = dx;
            my = dy;
            mz = dz;
            sweptBoundsIn(ts, c, tc, dx, dy, dz);
            m.queryTriangles(box, visitor);
        }
    }

    /** The fraction a new hit must not exceed: the best so far, else the caller's limit. */
    private double limit() {
        return best.hit ? best.fraction : maxFraction;
    }

    /**
     * Keeps {@code r} when it is strictly earlier than the best (ties keep the first found, so the
     * answer follows the fixed visiting order). A reversed cast moved B by -tT: adding tT to its point
     * gives the world point with A moved instead, and its normal (from B to A) turns around.
     */
    private void offer(ShapeCastResult r, boolean reversed) {
        if (best.hit && !(r.fraction < best.fraction)) {
            return;
        }
        best.hit = true;
        best.fraction = r.fraction;
        best.iterations = r.iterations;
        if (reversed) {
            best.normalX = -r.normalX;
            best.normalY = -r.normalY;
            best.normalZ = -r.normalZ;
            best.pointX = r.pointX + r.fraction * tx;
            best.pointY = r.pointY + r.fraction * ty;
            best.pointZ = r.pointZ + r.fraction * tz;
        } else {
            best.normalX = r.normalX;
            best.normalY = r.normalY;
            best.normalZ = r.normalZ;
            best.pointX = r.pointX;
            best.pointY = r.pointY;
            best.pointZ = r.pointZ;
        }
    }

    /**
     * Conservative advancement of convex a (moving by d) against convex b: {@link #HIT} with the
     * fraction, normal from A to B and the contact point in {@code out} (on B's surface; on A's when
     * {@link #reversed}, A then being the query's target); {@link #OVERLAP} when they overlap at the
     * start; {@link #MISS} when they never come within the tolerance by {@code max}.
     */
    private int advance(ConvexShape a, Transform ta, double dx, double dy, double dz, ConvexShape b,
            Transform tb, double max, ShapeCastResult out) {
        double target = 0.5 * tolerance;
        moved.set(ta);
        double t = 0;
        for (int iteration = 1; ; iteration++) {
            moved.px = ta.px + t * dx;
            moved.py = ta.py + t * dy;
            moved.pz = ta.pz + t * dz;
            out.iterations = iteration;
            boolean apart = gjk.distance(a, moved, b, tb, distance);
            double d = distance.surfaceDistance();
            if (!apart || d <= 0) {
                if (t == 0) {
                    return OVERLAP;
                }
                // Every step aims short of contact, so only round-off gets here; t is still at or
                // before the contact.
                if (apart) {
                    closest(t, out);
                } else {
                    epa.penetration(gjk, penetration);
                    hit(t, penetration.normalX, penetration.normalY, penetration.normalZ,
                            reversed ? penetration.pointAX : penetration.pointBX,
                            reversed ? penetration.pointAY : penetration.pointBY,
                            reversed ? penetration.pointAZ : penetration.pointBZ, out);
                }
                return HIT;
            }
            double closing = dx * distance.normalX + dy * distance.normalY + dz * distance.normalZ;
            if (d <= tolerance) {
                // Touching at the start counts only when moving in; later, the step came from afar.
                if (t == 0 && !(closing > 0)) {
                    return MISS;
                }
                closest(t, out);
                return HIT;
            }
            // d is convex in t: once it stops falling it never comes back.
            if (!(closing > 0)) {
                return MISS;
            }
            if (iteration == MAX_ITERATIONS) {
                closest(t, out);
                return HIT;
            }
            t += (d - target) / closing;
            if (t > max) {
                return MISS;
            }
        }
    }

    private void closest(double t, ShapeCastResult out) {
        double nx = distance.normalX, ny = distance.normalY, nz = distance.normalZ;
        if (reversed) {
            double rA = distance.radiusA;
            hit(t, nx, ny, nz, distance.pointAX + rA * nx, distance.pointAY + rA * ny,
                    distance.pointAZ + rA * nz, out);
        } else {
            double rB = distance.radiusB;
            hit(t, nx, ny, nz, distance.pointBX - rB * nx, distance.pointBY - rB * ny,
                    distance.pointBZ - rB * nz, out);
        }
    }

    private static void hit(double t, double nx, double ny, double nz, double px, double py, double pz,
            ShapeCastResult out) {
        out.hit = true;
        out.fraction = t;
        out.normalX = nx;
        out.normalY = ny;
        out.normalZ = nz;
        out.pointX = px;
        out.pointY = py;
        out.pointZ = pz;
    }

    /**
     * Convex c moving by d against the half-space {@code n . x <= offset} (world n, offset from the
     * plane's pose), in closed form: the lowest point of c along n is at height {@code h0} above the
     * plane and falls at {@code -d . n} per unit fraction.
     */
    private boolean plane(ConvexShape c, Transform tc, double dx, double dy, double dz, PlaneShape p,
            Transform tp, double max, ShapeCastResult out) {
        tp.rotate(p.nx(), p.ny(), p.nz(), dir);
        double nx = dir[0], ny = dir[1], nz = dir[2];
        double offset = nx * tp.px + ny * tp.py + nz * tp.pz + p.offset();
        lowest(c, tc, nx, ny, nz, point);
        double h0 = nx * point[0] + ny * point[1] + nz * point[2] - offset;
        double closing = -(dx * nx + dy * ny + dz * nz);
        out.iterations = 1;
        if (h0 <= 0 || !(closing > 0)) {
            return false;
        }
        double t = h0 <= tolerance ? 0 : (h0 - 0.5 * tolerance) / closing;
        if (t > max) {
            return false;
        }
        // The mover's lowest point, dropped onto the plane unless the mover is the query's target.
        double h = reversed ? 0 : h0 - t * closing;
        hit(t, -nx, -ny, -nz, point[0] + t * dx - h * nx, point[1] + t * dy - h * ny,
                point[2] + t * dz - h * nz, out);
        return true;
    }

    /** The point of c (core plus radius, world) farthest along -n. */
    private void lowest(ConvexShape c, Transform tc, double nx, double ny, double nz, double[] out) {
        tc.inverseRotate(-nx, -ny, -nz, dir);
        c.support(dir[0], dir[1], dir[2], out);
        tc.toWorld(out[0], out[1], out[2], out);
    }

    /**
     * The box swept by the mover's world bounds over the motion, grown by the tolerance, as a box in
     * the mesh's frame (centre {@code R^T (c - p)}, half extents {@code |R^T| e}) into {@link #box}.
     */
    private void sweptBoundsIn(Transform tm, ConvexShape c, Transform tc, double dx, double dy, double dz) {
        double[] r = tc.r;
        double cx = 0, cy = 0, cz = 0, ex = 0, ey = 0, ez = 0;
        for (int k = 0; k < 3; k++) {
            // The world axis e_k in c's frame is row k of R.
            double lx = r[3 * k], ly = r[3 * k + 1], lz = r[3 * k + 2];
            c.support(lx, ly, lz, point);
            double hi = lx * point[0] + ly * point[1] + lz * point[2];
            c.support(-lx, -ly, -lz, point);
            double lo = lx * point[0] + ly * point[1] + lz * point[2];
            double move = k == 0 ? dx : k == 1 ? dy : dz;
            double pos = k == 0 ? tc.px : k == 1 ? tc.py : tc.pz;
            double min = lo + pos + Math.min(move, 0) - tolerance;
            double maxK = hi + pos + Math.max(move, 0) + tolerance;
            double centre = 0.5 * (min + maxK), half = 0.5 * (maxK - min);
            if (k == 0) {
                cx = centre;
                ex = half;
            } else if (k == 1) {
                cy = centre;
                ey = half;
            } else {
                cz = centre;
                ez = half;
            }
        }
        tm.toLocal(cx, cy, cz, point);
        double[] m = tm.r;
        for (int i = 0; i < 3; i++) {
            // Row i of R^T is column i of R.
            double half = Math.abs(m[i]) * ex + Math.abs(m[3 + i]) * ey + Math.abs(m[6 + i]) * ez;
            box[i] = point[i] - half;
            box[3 + i] = point[i] + half;
        }
    }

    private void visitTriangle(int t) {
        meshShape.triangle(t, tri);
        for (int k = 0; k < 9; k += 3) {
            meshPose.toWorld(tri[k], tri[k + 1], tri[k + 2], point);
            tri[k] = point[0];
            tri[k + 1] = point[1];
            tri[k + 2] = point[2];
        }
        double e1x = tri[3] - tri[0], e1y = tri[4] - tri[1], e1z = tri[5] - tri[2];
        double e2x = tri[6] - tri[0], e2y = tri[7] - tri[1], e2z = tri[8] - tri[2];
        double nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        if (!(len > 0)) {
            return;
        }
        nx /= len;
        ny /= len;
        nz /= len;
        // One-sided: only a motion into the front face can meet the triangle.
        double approach = -(mx * nx + my * ny + mz * nz);
        if (!(approach > 0)) {
            return;
        }
        // Height of the mover's lowest point over the triangle's plane at the start. A mover wholly in
        // front comes within the tolerance of the triangle no sooner than of its plane.
        lowest(mover, moverPose, nx, ny, nz, point);
        double h0 = nx * (point[0] - tri[0]) + ny * (point[1] - tri[1]) + nz * (point[2] - tri[2]);
        if (h0 - tolerance > approach * limit()) {
            return;
        }
        triangle.set(tri);
        if (advance(mover, moverPose, mx, my, mz, triangle, IDENTITY, limit(), one) != HIT) {
            return;
        }
        int feature = feature(one.pointX, one.pointY, one.pointZ);
        boolean faceNormal = feature == FACE || !active(t, feature);
        if (feature != FACE && faceNormal && h0 <= tolerance) {
            return;
        }
        if (faceNormal) {
            // The surface's normal there is the face's (an inactive edge lies inside a flat or hollow
            // surface); GJK's direction to a point near an edge tilts by (offset along the face) / gap.
            one.normalX = -nx;
            one.normalY = -ny;
            one.normalZ = -nz;
        }
        offer(one, reversed);
    }

    private static final int FACE = -1;

    /**
     * The feature of the triangle in {@link #tri} that a point on it lies on: {@link #FACE}, edge k
     * (0..2, from vertex k to k + 1) or vertex k as {@code 3 + k}; by barycentric weights (Ericson,
     * "Real-Time Collision Detection", 3.4), a weight under {@link #ON_EDGE} counting as 0.
     */
    private int feature(double px, double py, double pz) {
        double e1x = tri[3] - tri[0], e1y = tri[4] - tri[1], e1z = tri[5] - tri[2];
        double e2x = tri[6] - tri[0], e2y = tri[7] - tri[1], e2z = tri[8] - tri[2];
        double wx = px - tri[0], wy = py - tri[1], wz = pz - tri[2];
        double d11 = e1x * e1x + e1y * e1y + e1z * e1z;
        double d12 = e1x * e2x + e1y * e2y + e1z * e2z;
        double d22 = e2x * e2x + e2y * e2y + e2z * e2z;
        double dw1 = wx * e1x + wy * e1y + wz * e1z;
        double dw2 = wx * e2x + wy * e2y + wz * e2z;
        double den = d11 * d22 - d12 * d12;
        double w1 = (d22 * dw1 - d12 * dw2) / den;
        double w2 = (d11 * dw2 - d12 * dw1) / den;
        double w0 = 1 - w1 - w2;
        boolean off0 = w0 <= ON_EDGE, off1 = w1 <= ON_EDGE, off2 = w2 <= ON_EDGE;
        int offCount = (off0 ? 1 : 0) + (off1 ? 1 : 0) + (off2 ? 1 : 0);
        if (offCount == 0) {
            return FACE;
        }
        if (offCount == 1) {
            // No weight on vertex i: the edge from i + 1 to i + 2, which is edge (i + 1) mod 3.
            return ((off0 ? 0 : off1 ? 1 : 2) + 1) % 3;
        }
        return 3 + (!off0 ? 0 : !off1 ? 1 : 2);
    }

    /**
     * Whether edge or vertex {@code feature} of triangle t is active; vertex k, on edges k and k + 2,
     * is when either edge is (as in {@link MeshCollide}).
     */
    private boolean active(int t, int feature) {
        if (feature < 3) {
            return meshShape.edgeKind(t, feature).isActive();
        }
        int k = feature - 3;
        return meshShape.edgeKind(t, k).isActive() || meshShape.edgeKind(t, (k + 2) % 3).isActive();
    }

    private Transform childPose(int i) {
        if (i >= childPoses.length) {
            int old = childPoses.length;
            childPoses = Arrays.copyOf(childPoses, Math.max(i + 1, 2 * old));
            for (int k = old; k < childPoses.length; k++) {
                childPoses[k] = new Transform();
            }
        }
        return childPoses[i];
    }
}
