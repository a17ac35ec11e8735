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
 *   <li>a part of B that A already overlaps at t = 0 (distance {@code <=} 0): the contact solver owns that
 *       contact; a part A merely touches (distance {@code <=} tolerance) is hit at fraction 0 only when A
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
 * <p>A turning mover ({@link #cast(Shape, Transform, Sweep, Shape, Transform, double, double,
 * ShapeCastResult)}) is advanced the same way on its signed distance, with the closing bound
 * {@link Sweep#boundAlong}; a target touching it, or within {@link Sweep#inView} at the start, is hit
 * only where the mover presses {@link Sweep#pressIn} further in (see {@code advanceTurning}).
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


    /** Halvings that find where a turning mover's distance jumps past its floor: 2^-24 of the sweep. */
    private static final int JUMP_BISECTIONS = 24;

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
    private final TriangleVisitor turningVisitor = this::visitTurningTriangle;
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
    /** The turning cast's motion, null for a translation; the mover's pose at the fraction reached. */
    private Sweep sweep;
    private final Transform turned = new Transform();
    /** The turning mesh cast's first pass; whether it found the end pose pressed into the surface. */
    private boolean surveying, surfacePressed;
    /** Whether {@link #signedDistance}'s b is the triangle in {@link #tri}, its normal in {@link #dir}. */
    private boolean onTriangle;
    /** {@link #signedDistance}'s normal (0..2) and point on B (3..5). */
    private final double[] sn = new double[6];

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

    /**
     * Sweeps {@code a} from {@code ta} along {@code motion} (a translation and a turn about the body's
     * centre of mass) against {@code b} fixed at {@code tb}: the turning counterpart of
     * {@link #cast(Shape, Transform, double, double, double, Shape, Transform, double, double,
     * ShapeCastResult)}, except for the targets in view at the start (see {@code advanceTurning}).
     * Conservative advancement bounds how fast A closes along the normal n by {@link Sweep#boundAlong}
     * ({@code T . n + angle * axisReach}), which no point of A outruns, so no step passes the contact;
     * a rod turning beside a wall needs {@code d / (angle * axisReach)} of the sweep a step, more when
     * its ends skim the wall. A part of A that is not convex (a mesh or plane in a compound) is swept by
     * the translation alone, at its start orientation.
     *
     * @param motion the sweep, not changed
     * @return whether A touches B at some fraction in [0, maxFraction]
     * @throws IllegalArgumentException as the translating cast, for a motion whose translation, angle
     *     or reach is not finite, or an angle or reach below 0
     */
    public boolean cast(Shape a, Transform ta, Sweep motion, Shape b, Transform tb, double tolerance,
            double maxFraction, ShapeCastResult out) {
        if (!(motion.angle >= 0) || !(motion.reach >= 0) || !Double.isFinite(motion.angle * motion.reach)) {
            throw new IllegalArgumentException("time of impact: the sweep's angle and reach must be >= 0 and "
                    + "finite, got " + motion.angle + " rad, " + motion.reach + " m");
        }
        sweep = motion;
        try {
            return cast(a, ta, motion.tx, motion.ty, motion.tz, b, tb, tolerance, maxFraction, out);
        } finally {
            sweep = null;
        }
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
            if (sweep != null) {
                turningLeaf(ca, ta, b, tb);
            } else {
                leaf(ca, ta, b, tb, false);
            }
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
            MeshCastGeometry.sweptBoundsIn(ts, c, tc, dx, dy, dz, tolerance, point, box);
            m.queryTriangles(box, visitor);
        }
    }

    /**
     * Convex {@code c}, at {@code tc} at the start, moving along {@link #sweep} against the fixed leaf
     * {@code s}.
     */
    private void turningLeaf(ConvexShape c, Transform tc, Shape s, Transform ts) {
        reversed = false;
        if (s instanceof ConvexShape cs) {
            if (advanceTurning(c, tc, cs, ts, Double.POSITIVE_INFINITY, limit(), one) == HIT) {
                offer(one, false);
            }
        } else if (s instanceof PlaneShape p) {
            if (turningPlane(c, tc, p, ts, limit(), one)) {
                offer(one, false);
            }
        } else if (s instanceof TriangleShape m) {
            meshShape = m;
            meshPose = ts;
            mover = c;
            moverPose = tc;
            Sweep w = sweep;
            // The ball of radius reach about the centre holds the body at every fraction.
            double r = w.reach + tolerance;
            double cx = w.c0x + 0.5 * w.tx, cy = w.c0y + 0.5 * w.ty, cz = w.c0z + 0.5 * w.tz;
            MeshCastGeometry.boxIn(ts, cx, cy, cz, 0.5 * Math.abs(w.tx) + r, 0.5 * Math.abs(w.ty) + r,
                    0.5 * Math.abs(w.tz) + r, point, box);
            surveying = true;
            surfacePressed = false;
            try {
                m.queryTriangles(box, turningVisitor);
            } finally {
                surveying = false;
            }
            m.queryTriangles(box, turningVisitor);
        }
    }

    /**
     * {@link #advance} for a turning mover: conservative advancement with the closing bound
     * {@link Sweep#boundAlong} along the normal, on the signed distance s (GJK's apart, EPA's depth
     * negated in). A pair apart at the start is hit where {@code s <= tolerance}; one touching or in at
     * the start, whose contact the solver has, only where s falls {@link Sweep#pressIn} below
     * {@code min(s0, 0)} (the advancement steps to {@code floor + tolerance / 2}, never past it).
     * {@code resting} (metres, or +infinity) counts as s0 too when lower: a mover lying on a triangle's
     * plane near it (on a neighbour) is pressed, so meeting the triangle's edge is no hit but sinking
     * into its face is.
     */
    private int advanceTurning(ConvexShape a, Transform ta, ConvexShape b, Transform tb, double resting,
            double max, ShapeCastResult out) {
        double target = 0.5 * tolerance;
        double floor = 0;
        double t = 0, previous = 0;
        turned.set(ta);
        for (int iteration = 1; ; iteration++) {
            if (t > 0) {
                sweep.poseAt(t, ta, turned);
            }
            out.iterations = iteration;
            double s = signedDistance(a, turned, b, tb);
            if (t == 0 && (s <= view() || resting <= tolerance)) {
                if (!(sweep.pressIn > tolerance)) {
                    return s > 0 ? MISS : OVERLAP;
                }
                floor = Math.min(Math.min(s, resting), 0) - sweep.pressIn;
                // A body held at a contact turns about it, not about its centre: the sweep's arc
                // bulges into the surface by r (1 - cos(angle / 2)) where the true path kept out. So
                // only an end pose pressed past the floor, or through to the other side, is a hit
                // (for a triangle, anywhere on the surface: the first pass's answer).
                if (onTriangle ? !surfacePressed : !pressedThrough(a, ta, b, tb, floor)) {
                    return s > 0 ? MISS : OVERLAP;
                }
                turned.set(ta);
                signedDistance(a, turned, b, tb);
            }
            double gap = s - floor;
            if (gap < 0 && t > 0) {
                // Past the floor in one step: only where s jumps, a mover sliding over a triangle's
                // edge from beside it while under its plane. The last pose before the jump is the hit.
                t = beforeJump(a, ta, b, tb, floor, previous, t);
            }
            if (gap <= tolerance || iteration == MAX_ITERATIONS) {
                hit(t, sn[0], sn[1], sn[2], sn[3], sn[4], sn[5], out);
                return HIT;
            }
            double closing = sweep.boundAlong(sn[0], sn[1], sn[2]);
            // No point of A closes along n: the plane between them at t keeps them apart to the end.
            if (!(closing > 0)) {
                return MISS;
            }
            previous = t;
            t += (gap - target) / closing;
            if (t > max) {
                return MISS;
            }
        }
    }

    /**
     * Bisects (fraction {@code lo} above the floor, {@code hi} below it) for the last fraction above
     * the floor, leaving {@link #sn} as there; returns it.
     */
    private double beforeJump(ConvexShape a, Transform ta, ConvexShape b, Transform tb, double floor, double lo,
            double hi) {
        for (int k = 0; k < JUMP_BISECTIONS; k++) {
            double mid = 0.5 * (lo + hi);
            sweep.poseAt(mid, ta, turned);
            if (signedDistance(a, turned, b, tb) >= floor) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        if (lo > 0) {
            sweep.poseAt(lo, ta, turned);
        } else {
            turned.set(ta);
        }
        signedDistance(a, turned, b, tb);
        return lo;
    }

    /**
     * The signed distance of a at {@code ta} from b at {@code tb}: GJK's surface distance, or EPA's
     * depth negated when the cores overlap (for the triangle of {@link #onTriangle}, a's lowest point's
     * height over its plane); the normal from A to B and the point on B into {@link #sn}.
     */
    private double signedDistance(ConvexShape a, Transform ta, ConvexShape b, Transform tb) {
        // (For a triangle, {@link #tri} and its front normal in {@link #dir}, kept there.)
        if (gjk.distance(a, ta, b, tb, distance)) {
            double nx = distance.normalX, ny = distance.normalY, nz = distance.normalZ, rB = distance.radiusB;
            sn[0] = nx;
            sn[1] = ny;
            sn[2] = nz;
            sn[3] = distance.pointBX - rB * nx;
            sn[4] = distance.pointBY - rB * ny;
            sn[5] = distance.pointBZ - rB * nz;
            return distance.surfaceDistance();
        }
        if (onTriangle) {
            // Into a triangle, the depth below its plane: EPA's least way out may be sideways past an
            // edge, far less than the depth into the surface the triangle is part of.
            double nx = dir[0], ny = dir[1], nz = dir[2];
            lowest(a, ta, nx, ny, nz, point);
            double h = nx * (point[0] - tri[0]) + ny * (point[1] - tri[1]) + nz * (point[2] - tri[2]);
            sn[0] = -nx;
            sn[1] = -ny;
            sn[2] = -nz;
            sn[3] = point[0] - h * nx;
            sn[4] = point[1] - h * ny;
            sn[5] = point[2] - h * nz;
            dir[0] = nx;
            dir[1] = ny;
            dir[2] = nz;
            return Math.min(h, 0);
        }
        epa.penetration(gjk, penetration);
        sn[0] = penetration.normalX;
        sn[1] = penetration.normalY;
        sn[2] = penetration.normalZ;
        sn[3] = penetration.pointBX;
        sn[4] = penetration.pointBY;
        sn[5] = penetration.pointBZ;
        return -penetration.depth;
    }

    /**
     * Convex c turning along {@link #sweep} against the half-space {@code n . x <= offset}: conservative
     * advancement on the height h of c's lowest point over the plane, with the floor of
     * {@link #advanceTurning}.
     */
    private boolean turningPlane(ConvexShape c, Transform tc, PlaneShape p, Transform tp, double max,
            ShapeCastResult out) {
        tp.rotate(p.nx(), p.ny(), p.nz(), dir);
        double nx = dir[0], ny = dir[1], nz = dir[2];
        double offset = nx * tp.px + ny * tp.py + nz * tp.pz + p.offset();
        double closing = sweep.boundAlong(-nx, -ny, -nz);
        double target = 0.5 * tolerance;
        double floor = 0;
        double t = 0;
        turned.set(tc);
        for (int iteration = 1; ; iteration++) {
            if (t > 0) {
                sweep.poseAt(t, tc, turned);
            }
            out.iterations = iteration;
            lowest(c, turned, nx, ny, nz, point);
            double h = nx * point[0] + ny * point[1] + nz * point[2] - offset;
            if (t == 0 && h <= view()) {
                if (!(sweep.pressIn > tolerance)) {
                    return false;
                }
                floor = Math.min(h, 0) - sweep.pressIn;
                // Only an end pose pressed past the floor is a hit (see advanceTurning).
                sweep.poseAt(sweep.judgedAt, tc, turned);
                lowest(c, turned, nx, ny, nz, point);
                if (nx * point[0] + ny * point[1] + nz * point[2] - offset - floor > tolerance) {
                    return false;
                }
                turned.set(tc);
                lowest(c, turned, nx, ny, nz, point);
            }
            double gap = h - floor;
            if (gap <= tolerance || iteration == MAX_ITERATIONS) {
                // The lowest point dropped onto the plane.
                hit(t, -nx, -ny, -nz, point[0] - h * nx, point[1] - h * ny, point[2] - h * nz, out);
                return true;
            }
            if (!(closing > 0)) {
                return false;
            }
            t += (gap - target) / closing;
            if (t > max) {
                return false;
            }
        }
    }

    /** How close a target must be at the start to be in the solver's view ({@link Sweep#inView}). */
    private double view() {
        return Math.max(sweep.inView, tolerance);
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

    private void visitTriangle(int t) {
        if (!MeshCastGeometry.worldTriangle(meshShape, meshPose, t, tri, dir, point)) {
            return;
        }
        double nx = dir[0], ny = dir[1], nz = dir[2];
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
        int feature = MeshCastGeometry.feature(tri, one.pointX, one.pointY, one.pointZ);
        boolean faceNormal = feature == MeshCastGeometry.FACE || !MeshCastGeometry.active(meshShape, t, feature);
        if (feature != MeshCastGeometry.FACE && faceNormal && h0 <= tolerance) {
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

    /**
     * {@link #visitTriangle} for a turning mover, in two passes over the triangles near the sweep.
     * One-sided: the mover's origin must start in front of the face, and the sweep must be able to
     * close on its plane. A mover within the tolerance of the triangle's plane or behind it is pressed
     * from the start (see {@link #advanceTurning}), which replaces the translation's ghost-edge rule;
     * whether such a triangle is cast at all is decided for the whole surface by the first pass: only
     * when the end pose is pressed past the floor into one of them (the sweep's arc may dip into the
     * surface under one triangle while the body, held by its contact, ends clear over another).
     */
    private void visitTurningTriangle(int t) {
        if (!MeshCastGeometry.worldTriangle(meshShape, meshPose, t, tri, dir, point)) {
            return;
        }
        double nx = dir[0], ny = dir[1], nz = dir[2];
        double approach = sweep.boundAlong(-nx, -ny, -nz);
        if (!(approach > 0)) {
            return;
        }
        Transform tc = moverPose;
        if (!(nx * (tc.px - tri[0]) + ny * (tc.py - tri[1]) + nz * (tc.pz - tri[2]) > 0)) {
            return;
        }
        lowest(mover, tc, nx, ny, nz, point);
        double h0 = nx * (point[0] - tri[0]) + ny * (point[1] - tri[1]) + nz * (point[2] - tri[2]);
        if (h0 - tolerance > approach * limit()) {
            return;
        }
        triangle.set(tri);
        dir[0] = nx;
        dir[1] = ny;
        dir[2] = nz;
        onTriangle = true;
        try {
            if (surveying) {
                survey(h0);
                return;
            }
            if (advanceTurning(mover, tc, triangle, IDENTITY, h0, limit(), one) != HIT) {
                return;
            }
        } finally {
            onTriangle = false;
        }
        int feature = MeshCastGeometry.feature(tri, one.pointX, one.pointY, one.pointZ);
        if (feature == MeshCastGeometry.FACE || !MeshCastGeometry.active(meshShape, t, feature)) {
            one.normalX = -nx;
            one.normalY = -ny;
            one.normalZ = -nz;
        }
        offer(one, false);
    }

    /**
     * The first pass's look at one triangle (in {@link #tri}, {@link #triangle} and {@link #dir}):
     * whether the mover, pressed against it from the start, ends pressed past its floor or through it.
     */
    private void survey(double h0) {
        turned.set(moverPose);
        double s = signedDistance(mover, turned, triangle, IDENTITY);
        if (!(s <= view() || h0 <= tolerance)) {
            return;
        }
        surfacePressed |= pressedThrough(mover, moverPose, triangle, IDENTITY, Math.min(Math.min(s, h0), 0)
                - sweep.pressIn);
    }

    /**
     * Whether a, pressed against b at the start ({@link #sn} holding the start's normal), ends the
     * sweep deeper than {@code floor} (within the tolerance) or on b's other side (the normal turned
     * round).
     */
    private boolean pressedThrough(ConvexShape a, Transform ta, ConvexShape b, Transform tb, double floor) {
        double n0x = sn[0], n0y = sn[1], n0z = sn[2];
        sweep.poseAt(sweep.judgedAt, ta, turned);
        double end = signedDistance(a, turned, b, tb);
        return end - floor <= tolerance || sn[0] * n0x + sn[1] * n0y + sn[2] * n0z < 0;
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
