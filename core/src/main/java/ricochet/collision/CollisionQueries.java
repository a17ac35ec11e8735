package ricochet.collision;

import ricochet.collision.broad.PairFilter;
import ricochet.collision.broad.ProxyCallback;
import ricochet.collision.broad.RayCallback;
import ricochet.collision.narrow.Gjk;
import ricochet.collision.narrow.GjkResult;
import ricochet.collision.narrow.ShapeCast;
import ricochet.collision.narrow.ShapeCastResult;
import ricochet.collision.narrow.Sweep;
import ricochet.collision.narrow.TimeOfImpact;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.MeshHit;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.RayHit;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.ShapeRaycast;
import ricochet.geometry.shape.TriangleShape;
import ricochet.math.Transform;

/**
 * The queries of a {@link CollisionWorld} (ray casts, overlaps, shape casts, a body's time of impact,
 * closest points): they read its bodies and broad phase and change neither, so they live apart from
 * the contact pass, with scratch of their own. Each query is documented on its public method in
 * {@link CollisionWorld}.
 */
final class CollisionQueries {

    private final CollisionWorld w;
    private final Gjk gjk = new Gjk();
    private final ShapeCast shapeCast = new ShapeCast();
    private final ShapeCastResult castResult = new ShapeCastResult();
    private final RayHit rayHit = new RayHit();
    private final MeshHit meshHit = new MeshHit();
    private final RayResult allHit = new RayResult();
    private final double[] bounds = new double[6];
    private final double[] dir = new double[3];
    private final double[] local = new double[3];

    CollisionQueries(CollisionWorld world) {
        this.w = world;
    }

    /** See {@link CollisionWorld#raycastClosest}. */
    boolean raycastClosest(double ox, double oy, double oz, double dx, double dy, double dz,
            double maxFraction, RayResult out) {
        out.body = -1;
        out.fraction = maxFraction;
        for (int p = 0; p < w.planeCount; p++) {
            rayBody(w.planes[p], ox, oy, oz, dx, dy, dz, out.fraction, out);
        }
        w.broad.raycast(ox, oy, oz, dx, dy, dz, out.fraction, (proxy, max) -> {
            int body = w.broad.userData(proxy);
            rayBody(body, ox, oy, oz, dx, dy, dz, Math.min(max, out.fraction), out);
            return out.body >= 0 ? out.fraction : max;
        });
        return out.body >= 0;
    }

    // The ray of the skipping cast, read by its callback (a field, so the cast allocates nothing).
    private double skipOx, skipOy, skipOz, skipDx, skipDy, skipDz;
    private boolean[] skipBodies;
    private RayResult skipOut;
    private final RayCallback skipVisitor = this::visitSkipping;

    /** See {@link CollisionWorld#raycastClosest(double, double, double, double, double, double, double, boolean[], RayResult)}. */
    boolean raycastClosest(double ox, double oy, double oz, double dx, double dy, double dz,
            double maxFraction, boolean[] skip, RayResult out) {
        out.body = -1;
        out.fraction = maxFraction;
        for (int p = 0; p < w.planeCount; p++) {
            int plane = w.planes[p];
            if (plane >= skip.length || !skip[plane]) {
                rayBody(plane, ox, oy, oz, dx, dy, dz, out.fraction, out);
            }
        }
        skipOx = ox;
        skipOy = oy;
        skipOz = oz;
        skipDx = dx;
        skipDy = dy;
        skipDz = dz;
        skipBodies = skip;
        skipOut = out;
        try {
            w.broad.raycast(ox, oy, oz, dx, dy, dz, out.fraction, skipVisitor);
        } finally {
            skipBodies = null;
            skipOut = null;
        }
        return out.body >= 0;
    }

    private double visitSkipping(int proxy, double max) {
        int body = w.broad.userData(proxy);
        if (body < skipBodies.length && skipBodies[body]) {
            return max;
        }
        RayResult out = skipOut;
        rayBody(body, skipOx, skipOy, skipOz, skipDx, skipDy, skipDz, Math.min(max, out.fraction), out);
        return out.body >= 0 ? out.fraction : max;
    }

    /** See {@link CollisionWorld#raycastAll}. */
    void raycastAll(double ox, double oy, double oz, double dx, double dy, double dz, double maxFraction,
            RayHits out) {
        out.clear();
        RayResult one = allHit;
        for (int p = 0; p < w.planeCount; p++) {
            one.body = -1;
            if (rayBody(w.planes[p], ox, oy, oz, dx, dy, dz, maxFraction, one)) {
                out.add(one);
            }
        }
        w.broad.raycast(ox, oy, oz, dx, dy, dz, maxFraction, (proxy, max) -> {
            one.body = -1;
            if (rayBody(w.broad.userData(proxy), ox, oy, oz, dx, dy, dz, maxFraction, one)) {
                out.add(one);
            }
            return max;
        });
        out.sort();
    }

    /** Ray against one body in its own frame; updates {@code out} when it hits before {@code max}. */
    private boolean rayBody(int body, double ox, double oy, double oz, double dx, double dy, double dz,
                            double max, RayResult out) {
        Shape s = w.shapes[body];
        Transform t = w.poses[body];
        t.toLocal(ox, oy, oz, local);
        t.inverseRotate(dx, dy, dz, dir);
        double fraction;
        double nx, ny, nz;
        if (s instanceof TriangleShape m) {
            if (!m.raycast(local, dir, max, meshHit) || !(meshHit.fraction < max)) {
                return false;
            }
            fraction = meshHit.fraction;
            nx = meshHit.nx;
            ny = meshHit.ny;
            nz = meshHit.nz;
        } else {
            if (!ShapeRaycast.raycast(s, local[0], local[1], local[2], dir[0], dir[1], dir[2], max, rayHit)
                    || !(rayHit.fraction < max || (rayHit.fraction == max && out.body < 0))) {
                return false;
            }
            fraction = rayHit.fraction;
            nx = rayHit.nx;
            ny = rayHit.ny;
            nz = rayHit.nz;
        }
        t.rotate(nx, ny, nz, dir);
        out.body = body;
        out.fraction = fraction;
        out.normalX = dir[0];
        out.normalY = dir[1];
        out.normalZ = dir[2];
        out.pointX = ox + fraction * dx;
        out.pointY = oy + fraction * dy;
        out.pointZ = oz + fraction * dz;
        return true;
    }

    /** See {@link CollisionWorld#overlap}. */
    void overlap(Shape shape, Transform pose, OverlapListener listener) {
        for (int p = 0; p < w.planeCount; p++) {
            int plane = w.planes[p];
            if (touches(plane, shape, pose)) {
                listener.onOverlap(plane);
            }
        }
        w.worldBounds(shape, pose, bounds);
        w.broad.query(bounds[0], bounds[1], bounds[2], bounds[3], bounds[4], bounds[5], proxy -> {
            int body = w.broad.userData(proxy);
            if (touches(body, shape, pose)) {
                listener.onOverlap(body);
            }
            return true;
        });
    }

    private boolean touched;

    private boolean touches(int body, Shape shape, Transform pose) {
        touched = false;
        w.collide(w.narrows[0], body, -1, w.shapes[body], w.poses[body], -1, -1, shape, pose, 0,
                (a, ca, b, cb, m) -> {
            for (int i = 0; i < m.pointCount(); i++) {
                touched |= m.separation(i) <= 0;
            }
        }, 0);
        return touched;
    }

    /** See {@link CollisionWorld#shapeCast}. */
    boolean shapeCast(ConvexShape shape, Transform start, double dx, double dy, double dz,
            ShapeCastHit out) {
        out.body = -1;
        out.fraction = 1;
        w.worldBounds(shape, start, bounds);
        double minX = bounds[0] + Math.min(dx, 0), maxX = bounds[3] + Math.max(dx, 0);
        double minY = bounds[1] + Math.min(dy, 0), maxY = bounds[4] + Math.max(dy, 0);
        double minZ = bounds[2] + Math.min(dz, 0), maxZ = bounds[5] + Math.max(dz, 0);
        w.broad.query(minX, minY, minZ, maxX, maxY, maxZ, proxy -> {
            int body = w.broad.userData(proxy);
            if (w.shapes[body] instanceof ConvexShape target
                    && shapeCast.cast(shape, start, dx, dy, dz, target, w.poses[body],
                            CollisionWorld.CAST_TOLERANCE, castResult)
                    && (out.body < 0 || castResult.fraction < out.fraction)) {
                out.body = body;
                out.fraction = castResult.fraction;
                out.normalX = castResult.normalX;
                out.normalY = castResult.normalY;
                out.normalZ = castResult.normalZ;
                out.pointX = castResult.pointX;
                out.pointY = castResult.pointY;
                out.pointZ = castResult.pointZ;
            }
            return true;
        });
        return out.body >= 0;
    }

    // The convex sweep against every shape: the mover, its start, the bodies skipped and the best hit.
    private final TimeOfImpact sweepToi = new TimeOfImpact();
    private final ShapeCastResult sweepResult = new ShapeCastResult();
    private final ProxyCallback sweepCandidate = this::sweepProxy;
    private ConvexShape sweepShape;
    private Transform sweepStart;
    private double sweepDx, sweepDy, sweepDz;
    private boolean[] sweepSkip;
    private ShapeCastHit sweepOut;

    /** See {@link CollisionWorld#sweepConvex}. */
    boolean sweepConvex(ConvexShape shape, Transform start, double dx, double dy, double dz, boolean[] skip,
            ShapeCastHit out) {
        out.body = -1;
        out.fraction = 1;
        sweepShape = shape;
        sweepStart = start;
        sweepDx = dx;
        sweepDy = dy;
        sweepDz = dz;
        sweepSkip = skip;
        sweepOut = out;
        try {
            for (int p = 0; p < w.planeCount; p++) {
                sweepBody(w.planes[p]);
            }
            double tol = CollisionWorld.CAST_TOLERANCE;
            w.worldBounds(shape, start, bounds);
            w.broad.query(bounds[0] + Math.min(dx, 0) - tol, bounds[1] + Math.min(dy, 0) - tol,
                    bounds[2] + Math.min(dz, 0) - tol, bounds[3] + Math.max(dx, 0) + tol,
                    bounds[4] + Math.max(dy, 0) + tol, bounds[5] + Math.max(dz, 0) + tol, sweepCandidate);
        } finally {
            sweepShape = null;
            sweepStart = null;
            sweepSkip = null;
            sweepOut = null;
        }
        return out.body >= 0;
    }

    private boolean sweepProxy(int proxy) {
        sweepBody(w.broad.userData(proxy));
        return !(sweepOut.body >= 0 && sweepOut.fraction == 0);
    }

    private void sweepBody(int body) {
        if (sweepSkip != null && body < sweepSkip.length && sweepSkip[body]) {
            return;
        }
        ShapeCastHit out = sweepOut;
        double max = out.body >= 0 ? out.fraction : 1;
        // Ties keep the first body found, so the answer follows the broad phase's fixed order.
        if (sweepToi.cast(sweepShape, sweepStart, sweepDx, sweepDy, sweepDz, w.shapes[body], w.poses[body],
                CollisionWorld.CAST_TOLERANCE, max, sweepResult)
                && (out.body < 0 || sweepResult.fraction < out.fraction)) {
            out.body = body;
            out.fraction = sweepResult.fraction;
            out.normalX = sweepResult.normalX;
            out.normalY = sweepResult.normalY;
            out.normalZ = sweepResult.normalZ;
            out.pointX = sweepResult.pointX;
            out.pointY = sweepResult.pointY;
            out.pointZ = sweepResult.pointZ;
        }
    }

    private final TimeOfImpact toi = new TimeOfImpact();
    private final ShapeCastResult toiResult = new ShapeCastResult();
    private final ProxyCallback toiCandidate = this::toiProxy;
    private int toiBody;
    private double toiDx, toiDy, toiDz, toiTolerance;
    private boolean[] toiSkip;
    private ShapeCastHit toiOut;
    /** The turning sweep's motion, null for a translation. */
    private Sweep toiSweep;

    /** See {@link CollisionWorld#timeOfImpact(int, Sweep, double, boolean[], ShapeCastHit)}. */
    boolean timeOfImpact(int body, Sweep motion, double tolerance, boolean[] skip, ShapeCastHit out) {
        if (motion == null) {
            throw new IllegalArgumentException("collision world: time of impact needs a sweep, got null");
        }
        if (!(motion.angle >= 0) || !(motion.reach >= 0) || !Double.isFinite(motion.angle * motion.reach)
                || !Double.isFinite(motion.c0x + motion.c0y + motion.c0z)) {
            throw new IllegalArgumentException("collision world: the sweep's centre must be finite and its "
                    + "angle and reach >= 0 and finite, got " + motion.angle + " rad, " + motion.reach + " m");
        }
        toiSweep = motion;
        try {
            return timeOfImpact(body, motion.tx, motion.ty, motion.tz, tolerance, skip, out);
        } finally {
            toiSweep = null;
        }
    }

    /** See {@link CollisionWorld#timeOfImpact}. */
    boolean timeOfImpact(int body, double dx, double dy, double dz, double tolerance, boolean[] skip,
            ShapeCastHit out) {
        w.check(body);
        if (w.shapes[body] instanceof PlaneShape) {
            throw new IllegalArgumentException("collision world: body " + body
                    + " is a plane and cannot be swept");
        }
        if (!Double.isFinite(dx) || !Double.isFinite(dy) || !Double.isFinite(dz)) {
            throw new IllegalArgumentException("collision world: time of impact translation must be finite, "
                    + "got (" + dx + ", " + dy + ", " + dz + ")");
        }
        if (!(tolerance > 0) || !Double.isFinite(tolerance)) {
            throw new IllegalArgumentException("collision world: time of impact tolerance must be > 0 and "
                    + "finite, got " + tolerance);
        }
        if (out == null) {
            throw new IllegalArgumentException("collision world: time of impact needs an out hit, got null");
        }
        if (skip != null && skip.length < w.count) {
            throw new IllegalArgumentException("collision world: skip has " + skip.length
                    + " entries, body numbers go up to " + (w.count - 1));
        }
        out.body = -1;
        out.fraction = 1;
        toiBody = body;
        toiDx = dx;
        toiDy = dy;
        toiDz = dz;
        toiTolerance = tolerance;
        toiSkip = skip;
        toiOut = out;
        try {
            if (!w.statics[body] && !w.sleeping[body]) {
                for (int p = 0; p < w.planeCount; p++) {
                    int plane = w.planes[p];
                    if ((skip == null || !skip[plane]) && !w.broad.filter().isExcluded(plane, body)) {
                        sweepAgainst(plane);
                    }
                }
            }
            Sweep m = toiSweep;
            if (m == null) {
                w.worldBounds(w.shapes[body], w.poses[body], bounds);
                w.broad.query(bounds[0] + Math.min(dx, 0) - tolerance, bounds[1] + Math.min(dy, 0) - tolerance,
                        bounds[2] + Math.min(dz, 0) - tolerance, bounds[3] + Math.max(dx, 0) + tolerance,
                        bounds[4] + Math.max(dy, 0) + tolerance, bounds[5] + Math.max(dz, 0) + tolerance,
                        toiCandidate);
            } else {
                // The ball of radius reach about the centre of mass holds the body at every fraction.
                double r = m.reach + tolerance;
                w.broad.query(m.c0x + Math.min(dx, 0) - r, m.c0y + Math.min(dy, 0) - r, m.c0z + Math.min(dz, 0) - r,
                        m.c0x + Math.max(dx, 0) + r, m.c0y + Math.max(dy, 0) + r, m.c0z + Math.max(dz, 0) + r,
                        toiCandidate);
            }
        } finally {
            toiSkip = null;
            toiOut = null;
        }
        return out.body >= 0;
    }

    private boolean toiProxy(int proxy) {
        int other = w.broad.userData(proxy);
        int body = toiBody;
        if (other != body && (toiSkip == null || !toiSkip[other]) && !w.idle(body, other)
                && PairFilter.groupsAccept(w.groups[body], w.masks[body], w.groups[other], w.masks[other])
                && !w.broad.filter().isExcluded(body, other)) {
            sweepAgainst(other);
        }
        // Nothing comes before a hit at the start.
        return !(toiOut.body >= 0 && toiOut.fraction == 0);
    }

    private void sweepAgainst(int other) {
        ShapeCastHit out = toiOut;
        double max = out.body >= 0 ? out.fraction : 1;
        boolean hit = toiSweep == null
                ? toi.cast(w.shapes[toiBody], w.poses[toiBody], toiDx, toiDy, toiDz, w.shapes[other],
                        w.poses[other], toiTolerance, max, toiResult)
                : toi.cast(w.shapes[toiBody], w.poses[toiBody], toiSweep, w.shapes[other], w.poses[other],
                        toiTolerance, max, toiResult);
        if (hit && (out.body < 0 || toiResult.fraction < out.fraction)) {
            out.body = other;
            out.fraction = toiResult.fraction;
            out.normalX = toiResult.normalX;
            out.normalY = toiResult.normalY;
            out.normalZ = toiResult.normalZ;
            out.pointX = toiResult.pointX;
            out.pointY = toiResult.pointY;
            out.pointZ = toiResult.pointZ;
        }
    }

    /** See {@link CollisionWorld#closestPoints}. */
    boolean closestPoints(int a, int b, GjkResult out) {
        w.check(a);
        w.check(b);
        if (!(w.shapes[a] instanceof ConvexShape ca) || !(w.shapes[b] instanceof ConvexShape cb)) {
            return false;
        }
        gjk.distance(ca, w.poses[a], cb, w.poses[b], out);
        return true;
    }
}
