package ricochet.collision;

import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import ricochet.collision.broad.BroadPhase;
import ricochet.collision.broad.PairBuffer;
import ricochet.collision.narrow.CollisionDispatch;
import ricochet.collision.narrow.ConvexCollide;
import ricochet.collision.narrow.GjkResult;
import ricochet.collision.narrow.Manifold;
import ricochet.collision.narrow.MeshCollide;
import ricochet.collision.narrow.Sweep;
import ricochet.collision.narrow.TimeOfImpact;
import ricochet.geometry.shape.CompoundShape;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.Shape;
import ricochet.math.StateInput;
import ricochet.math.Transform;
import ricochet.parallel.WorkerPool;

/**
 * Shapes at poses, found through a broad phase: the contacts of every pair (one manifold per
 * touching pair of parts), and the queries (closest and all ray hits, overlaps, shape casts,
 * a body's time of impact along a translation, closest points). The narrow phase picks the
 * dedicated routine of {@link CollisionDispatch} where there is one, meshes and heightfields go
 * through {@link MeshCollide}, compounds part by part, and every other convex pair through GJK and
 * EPA ({@link ConvexCollide}).
 *
 * <p>A pair of non-compound parts whose relative pose has moved by less than a tenth of a millimetre
 * since it was last collided gets its last manifold back at today's poses ({@link ManifoldCache}).
 *
 * <p>Planes have no finite bounds, so they stay out of the broad phase and meet every other
 * non-static body directly. Mesh-mesh and mesh-plane pairs (static geometry against static
 * geometry) produce no contacts.
 *
 * <p>Threads: {@link #findContacts} collides the broad phase's pairs on the threads of its
 * {@link #setPool pool}, each thread with its own narrow-phase scratch, each pair into its own slot
 * (its manifold and its {@link ManifoldCache} entry); the listener then hears the slots in pair
 * order on the calling thread, so what it hears does not depend on the threads. Compounds and
 * planes are collided on the calling thread, in their place in that order.
 *
 * <p>Bodies are numbered densely from 0 in the order they are added; a removed body's number is
 * reused by the next add. Not thread-safe: one thread drives a world. A step's work allocates nothing
 * once the arrays have grown.
 */
public final class CollisionWorld {

    // The body table and the broad phase are package-private: CollisionQueries and CollisionState
    // read and write them in place.
    final BroadPhase broad;
    /** One per thread of the pool; [0] is the calling thread's, used by everything serial. */
    NarrowScratch[] narrows = {new NarrowScratch()};
    private WorkerPool pool = new WorkerPool(1);
    private final PairBuffer pairs = new PairBuffer();
    final ManifoldCache cache = new ManifoldCache();
    private final CollisionQueries queries = new CollisionQueries(this);
    private final CollisionState state = new CollisionState(this);

    Shape[] shapes = new Shape[16];
    Transform[] poses = new Transform[16];
    int[] proxies = new int[16];
    boolean[] statics = new boolean[16];
    /** Sleeping bodies meet neither static nor other sleeping bodies: nothing there can change. */
    boolean[] sleeping = new boolean[16];
    /** An upper bound on how fast each body's surface moves, m/s (see {@link #setSpeedBound}). */
    double[] speedBound = new double[16];
    /** Six doubles per body: its tight world box (minX, minY, minZ, maxX, maxY, maxZ) at its pose. */
    double[] tight = new double[6 * 16];
    /** Three doubles per body: how far {@link #placeBody} last moved it, for the broad phase. */
    private double[] displacement = new double[3 * 16];
    int[] groups = new int[16];
    int[] masks = new int[16];
    int count;
    int[] freeIds = new int[16];
    int freeCount;
    int[] planes = new int[4];
    int planeCount;

    // Per broad-phase pair of the pass: skipped, collided in parallel, or a compound collided in order.
    private byte[] pairState = new byte[16];
    /** Per broad-phase pair of the pass: its two body numbers. */
    private int[] pairBodyA = new int[16], pairBodyB = new int[16];
    private static final byte SKIP = 0, COLLIDE = 1, COMPOUND = 2;
    // Per pair collided in parallel (a candidate): its pair number, manifold and whether it touches.
    private int[] candidates = new int[16];
    private Manifold[] pairManifold = new Manifold[0];
    private boolean[] pairHits = new boolean[0];
    // The pass's margins, read by the tasks.
    private double passBase, passMax, passDt;
    private final WorkerPool.Range filterTask = this::filterPairs;
    /** The pass's listener when it measures in parallel, else null. */
    private ParallelContactListener measurer;
    private final WorkerPool.Range pairTask = this::collidePairs;

    private final double[] bounds = new double[6];
    private final double[] support = new double[3];
    private final double[] local = new double[6];

    public CollisionWorld(BroadPhase broad) {
        this.broad = broad;
    }

    /**
     * The threads {@link #findContacts} collides pairs on (the caller's pool; this world does not
     * close it). What the listener hears does not depend on it.
     */
    public void setPool(WorkerPool pool) {
        if (pool == null) {
            throw new IllegalArgumentException("collision world: pool must not be null");
        }
        this.pool = pool;
        if (narrows.length != pool.threads()) {
            NarrowScratch[] n = Arrays.copyOf(narrows, pool.threads());
            for (int i = narrows.length; i < n.length; i++) {
                n[i] = new NarrowScratch();
            }
            narrows = n;
        }
    }

    /**
     * Adds a shape at a pose (copied); static bodies never meet each other. Returns the body number.
     *
     * @throws IllegalArgumentException for a null shape or pose, or a plane that is not static
     */
    public int add(Shape shape, Transform pose, boolean isStatic, int group, int mask) {
        if (shape == null || pose == null) {
            throw new IllegalArgumentException("collision world: shape and pose must not be null");
        }
        if (shape instanceof PlaneShape && !isStatic) {
            throw new IllegalArgumentException("collision world: a plane must be static");
        }
        int id = freeCount > 0 ? freeIds[--freeCount] : count++;
        ensureCapacity(id + 1);
        cache.clear();
        shapes[id] = shape;
        poses[id] = new Transform().set(pose);
        statics[id] = isStatic;
        sleeping[id] = false;
        speedBound[id] = 0;
        groups[id] = group;
        masks[id] = mask;
        if (shape instanceof PlaneShape) {
            proxies[id] = -1;
            if (planeCount == planes.length) {
                planes = Arrays.copyOf(planes, 2 * planeCount);
            }
            planes[planeCount++] = id;
        } else {
            worldBounds(shape, poses[id], bounds);
            System.arraycopy(bounds, 0, tight, 6 * id, 6);
            proxies[id] = broad.createProxy(bounds[0], bounds[1], bounds[2], bounds[3], bounds[4], bounds[5], id,
                    isStatic, group, mask);
        }
        return id;
    }

    private void ensureCapacity(int n) {
        if (n > shapes.length) {
            int c = Math.max(n, 2 * shapes.length);
            shapes = Arrays.copyOf(shapes, c);
            poses = Arrays.copyOf(poses, c);
            proxies = Arrays.copyOf(proxies, c);
            statics = Arrays.copyOf(statics, c);
            sleeping = Arrays.copyOf(sleeping, c);
            speedBound = Arrays.copyOf(speedBound, c);
            tight = Arrays.copyOf(tight, 6 * c);
            displacement = Arrays.copyOf(displacement, 3 * c);
            groups = Arrays.copyOf(groups, c);
            masks = Arrays.copyOf(masks, c);
        }
    }

    /**
     * Moves a body to the pose (position, unit quaternion) and its tight box with it, without telling
     * the broad phase: {@link #syncBroadPhase} does that. Touches only the body's own entries, with
     * thread {@code worker}'s scratch, so distinct bodies may be placed at once on the threads of the
     * {@link #setPool pool}.
     */
    public void placeBody(int worker, int body, double x, double y, double z, double qx, double qy, double qz,
                          double qw) {
        check(body);
        Transform t = poses[body];
        int o = 3 * body;
        displacement[o] = x - t.px;
        displacement[o + 1] = y - t.py;
        displacement[o + 2] = z - t.pz;
        t.set(x, y, z, qx, qy, qz, qw);
        if (proxies[body] >= 0) {
            NarrowScratch scratch = narrows[worker];
            worldBounds(shapes[body], t, scratch.bounds, scratch.support, scratch.local);
            System.arraycopy(scratch.bounds, 0, tight, 6 * body, 6);
        }
    }

    /** The broad phase learns the body's box from its last {@link #placeBody}. */
    public void syncBroadPhase(int body) {
        check(body);
        if (proxies[body] >= 0) {
            double[] b = tight;
            int o = 6 * body, d = 3 * body;
            broad.moveProxy(proxies[body], b[o], b[o + 1], b[o + 2], b[o + 3], b[o + 4], b[o + 5],
                    displacement[d], displacement[d + 1], displacement[d + 2]);
        }
    }

    /** Moves a body to a new pose (copied); its bounds in the broad phase follow. */
    public void setPose(int body, Transform pose) {
        check(body);
        Transform old = poses[body];
        double dx = pose.px - old.px, dy = pose.py - old.py, dz = pose.pz - old.pz;
        old.set(pose);
        if (proxies[body] >= 0) {
            worldBounds(shapes[body], old, bounds);
            System.arraycopy(bounds, 0, tight, 6 * body, 6);
            broad.moveProxy(proxies[body], bounds[0], bounds[1], bounds[2], bounds[3], bounds[4], bounds[5], dx, dy,
                    dz);
        }
    }

    public void remove(int body) {
        check(body);
        if (proxies[body] >= 0) {
            broad.destroyProxy(proxies[body]);
        } else {
            for (int i = 0; i < planeCount; i++) {
                if (planes[i] == body) {
                    planes[i] = planes[--planeCount];
                    break;
                }
            }
        }
        shapes[body] = null;
        cache.clear();
        if (freeCount == freeIds.length) {
            freeIds = Arrays.copyOf(freeIds, 2 * freeCount);
        }
        freeIds[freeCount++] = body;
    }

    /**
     * Marks a body asleep (or awake): {@link #findContacts} skips its pairs with static and with other
     * sleeping bodies, so a pile at rest costs no narrow phase.
     */
    public void setSleeping(int body, boolean asleep) {
        check(body);
        sleeping[body] = asleep;
    }

    /**
     * How fast any point of the body's surface may move, m/s ({@code |v| + extent |w|}), for
     * {@link #findContacts(double, double, double, ContactListener)}'s per-pair margin.
     */
    public void setSpeedBound(int body, double speed) {
        check(body);
        speedBound[body] = speed;
    }

    public boolean isSleeping(int body) {
        check(body);
        return sleeping[body];
    }

    /** Whether the pair can produce contacts that matter: not both static or asleep. */
    boolean idle(int a, int b) {
        return (statics[a] || sleeping[a]) && (statics[b] || sleeping[b]);
    }

    /** Bodies a and b never produce contacts with each other. */
    public void excludePair(int a, int b) {
        check(a);
        check(b);
        broad.filter().exclude(a, b);
    }

    public Shape shape(int body) {
        check(body);
        return shapes[body];
    }

    /** The body's pose (a copy). */
    public Transform pose(int body) {
        check(body);
        return new Transform().set(poses[body]);
    }

    void check(int body) {
        if (body < 0 || body >= count || shapes[body] == null) {
            throw new IllegalArgumentException("collision world: no body " + body);
        }
    }

    /**
     * Axis-aligned world bounds of a shape at a pose: exact for convex shapes (their support along
     * the six axis directions), the rotated local box {@code |R| e} for the others.
     */
    public void worldBounds(Shape shape, Transform pose, double[] out) {
        worldBounds(shape, pose, out, support, local);
    }

    static void worldBounds(Shape shape, Transform pose, double[] out, double[] support, double[] local) {
        if (shape instanceof ConvexShape c) {
            double[] r = pose.r;
            for (int k = 0; k < 3; k++) {
                // The world axis e_k in the shape's frame is row k of R.
                double lx = r[3 * k], ly = r[3 * k + 1], lz = r[3 * k + 2];
                c.support(lx, ly, lz, support);
                out[3 + k] = lx * support[0] + ly * support[1] + lz * support[2] + translation(pose, k);
                c.support(-lx, -ly, -lz, support);
                out[k] = lx * support[0] + ly * support[1] + lz * support[2] + translation(pose, k);
            }
            return;
        }
        shape.localBounds(local);
        double cx = 0.5 * (local[0] + local[3]), cy = 0.5 * (local[1] + local[4]), cz = 0.5 * (local[2] + local[5]);
        double ex = 0.5 * (local[3] - local[0]), ey = 0.5 * (local[4] - local[1]), ez = 0.5 * (local[5] - local[2]);
        double[] r = pose.r;
        for (int k = 0; k < 3; k++) {
            double c = r[3 * k] * cx + r[3 * k + 1] * cy + r[3 * k + 2] * cz + translation(pose, k);
            double e = Math.abs(r[3 * k]) * ex + Math.abs(r[3 * k + 1]) * ey + Math.abs(r[3 * k + 2]) * ez;
            out[k] = c - e;
            out[3 + k] = c + e;
        }
    }

    private static double translation(Transform t, int k) {
        return k == 0 ? t.px : k == 1 ? t.py : t.pz;
    }

    /**
     * Reports the contact manifold of every pair of bodies whose shapes are closer than
     * {@code margin} (metres, speculative points included), in a deterministic order: broad-phase
     * pairs by proxy, then each plane against every non-static body. Pairs of two bodies that are
     * each static or asleep are skipped.
     */
    public void findContacts(double margin, ContactListener listener) {
        findContacts(margin, margin, 0, listener);
    }

    /**
     * {@link #findContacts(double, ContactListener)} with a margin per pair: {@code base} plus the
     * distance the two bodies can close in {@code dt} at their {@link #setSpeedBound speed bounds},
     * at most {@code max}. Bodies at rest side by side then cost only a {@code base}-wide search,
     * while a fast body is still met before it overlaps.
     */
    public void findContacts(double base, double max, double dt, ContactListener listener) {
        cache.beginPass();
        pairs.clear();
        broad.findPairs(pairs);
        int n = pairs.count();
        if (pairState.length < n) {
            pairState = new byte[Math.max(n, 2 * pairState.length)];
            pairBodyA = new int[pairState.length];
            pairBodyB = new int[pairState.length];
        }
        passBase = base;
        passMax = max;
        passDt = dt;
        pool.run(n, FILTER_GRAIN, filterTask);
        // The pairs to collide, in pair order: each its own manifold and cache slot.
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (pairState[i] == COLLIDE) {
                if (m == candidates.length) {
                    candidates = Arrays.copyOf(candidates, 2 * m);
                }
                candidates[m++] = i;
            }
        }
        if (pairManifold.length < m) {
            int old = pairManifold.length;
            pairManifold = Arrays.copyOf(pairManifold, Math.max(m, 2 * old));
            for (int k = old; k < pairManifold.length; k++) {
                pairManifold[k] = new Manifold();
            }
            pairHits = new boolean[pairManifold.length];
        }
        cache.reserve(m);
        measurer = listener instanceof ParallelContactListener p ? p : null;
        if (measurer != null) {
            measurer.reserve(m);
        }
        try {
            pool.run(m, PAIR_GRAIN, pairTask);
        } finally {
            measurer = null;
        }
        NarrowScratch serial = narrows[0];
        for (int i = 0, k = 0; i < n; i++) {
            byte state = pairState[i];
            if (state == SKIP) {
                continue;
            }
            int a = pairBodyA[i], b = pairBodyB[i];
            if (state == COLLIDE) {
                if (pairHits[k]) {
                    if (listener instanceof ParallelContactListener p) {
                        p.onContact(k, a, -1, b, -1, pairManifold[k]);
                    } else {
                        listener.onContact(a, -1, b, -1, pairManifold[k]);
                    }
                }
                k++;
            } else {
                collide(serial, a, -1, shapes[a], poses[a], b, -1, shapes[b], poses[b], margin(a, b),
                        listener, 0);
            }
        }
        for (int p = 0; p < planeCount; p++) {
            int plane = planes[p];
            for (int b = 0; b < count; b++) {
                if (shapes[b] != null && !statics[b] && !sleeping[b] && proxies[b] >= 0
                        && !broad.filter().isExcluded(plane, b)) {
                    double margin = Math.min(max, base + speedBound[b] * dt);
                    collide(serial, plane, -1, shapes[plane], poses[plane], b, -1, shapes[b], poses[b],
                            margin, listener, 0);
                }
            }
        }
    }

    /** Pairs per block of the parallel filter, and of the parallel narrow phase. */
    static final int FILTER_GRAIN = 256, PAIR_GRAIN = 16;

    /** The pass's search margin for the pair (a, b) (see {@link #findContacts}). */
    private double margin(int a, int b) {
        return Math.min(passMax, passBase + (speedBound[a] + speedBound[b]) * passDt);
    }

    /** Pairs {@code from .. to - 1}: which are skipped, collided here, or compounds (collided in order). */
    private void filterPairs(int worker, int from, int to) {
        for (int i = from; i < to; i++) {
            int a = broad.userData(pairs.a(i));
            int b = broad.userData(pairs.b(i));
            pairBodyA[i] = a;
            pairBodyB[i] = b;
            byte state = SKIP;
            // A gap between the tight boxes is a lower bound on the shapes' distance: past the margin
            // nothing within it can be found. Of a settled 1,000-box pile's broad-phase pairs (fat
            // boxes within 0.2 m) this drops more than half before the narrow phase.
            if (!idle(a, b) && !boxesApart(a, b, margin(a, b))) {
                state = shapes[a] instanceof CompoundShape || shapes[b] instanceof CompoundShape ? COMPOUND
                        : COLLIDE;
            }
            pairState[i] = state;
        }
    }

    /**
     * Candidates {@code from .. to - 1} on thread {@code worker}: each pair into its own manifold,
     * cache slot and hit flag; reads only what the pass does not change.
     */
    private void collidePairs(int worker, int from, int to) {
        NarrowScratch scratch = narrows[worker];
        for (int k = from; k < to; k++) {
            int i = candidates[k];
            int a = pairBodyA[i], b = pairBodyB[i];
            double margin = margin(a, b);
            Manifold m = pairManifold[k];
            int points = cache.lookup(k, a, b, poses[a], poses[b], margin, reach(b),
                    ManifoldCache.tolerance(shapes[a].type(), shapes[b].type()), m, scratch.w);
            if (points < 0) {
                boolean hit = scratch.collide(shapes[a], poses[a], shapes[b], poses[b], margin, m);
                points = cache.store(k, a, b, poses[a], poses[b], margin, hit, m, scratch.w);
            }
            pairHits[k] = points > 0;
            if (points > 0 && measurer != null) {
                measurer.measure(worker, k, a, b, m);
            }
        }
    }

    /** Whether the tight boxes of a and b are more than {@code margin} apart along some axis. */
    private boolean boxesApart(int a, int b, double margin) {
        double[] t = tight;
        int p = 6 * a, q = 6 * b;
        return t[p] - t[q + 3] > margin || t[q] - t[p + 3] > margin
                || t[p + 1] - t[q + 4] > margin || t[q + 1] - t[p + 4] > margin
                || t[p + 2] - t[q + 5] > margin || t[q + 2] - t[p + 5] > margin;
    }

    /** Narrow phase for one pair of parts; compounds recurse into their children. */
    void collide(NarrowScratch scratch, int a, int childA, Shape sa, Transform ta, int b, int childB,
                         Shape sb, Transform tb, double margin, ContactListener listener, int depth) {
        if (sa instanceof CompoundShape ca) {
            Transform t = scratch.childPose(2 * depth);
            for (int i = 0; i < ca.childCount(); i++) {
                Transform.compose(ta, ca.childTransform(i, t), t);
                collide(scratch, a, childA < 0 ? i : childA, ca.child(i), t, b, childB, sb, tb, margin,
                        listener, depth + 1);
            }
            return;
        }
        if (sb instanceof CompoundShape cb) {
            Transform t = scratch.childPose(2 * depth + 1);
            for (int i = 0; i < cb.childCount(); i++) {
                Transform.compose(tb, cb.childTransform(i, t), t);
                collide(scratch, a, childA, sa, ta, b, childB < 0 ? i : childB, cb.child(i), t, margin,
                        listener, depth + 1);
            }
            return;
        }
        Manifold m = scratch.manifold;
        if (scratch.collide(sa, ta, sb, tb, margin, m) && m.pointCount() > 0) {
            listener.onContact(a, childA, b, childB, m);
        }
    }

    /** A bound on how far body i's shape reaches from its pose's origin (its tight box's far corner), m. */
    private double reach(int i) {
        double[] t = tight;
        int o = 6 * i;
        Transform p = poses[i];
        double x = Math.max(Math.abs(t[o] - p.px), Math.abs(t[o + 3] - p.px));
        double y = Math.max(Math.abs(t[o + 1] - p.py), Math.abs(t[o + 4] - p.py));
        double z = Math.max(Math.abs(t[o + 2] - p.pz), Math.abs(t[o + 5] - p.pz));
        return Math.sqrt(x * x + y * y + z * z);
    }

    /**
     * The closest hit of the ray {@code origin + t dir}, {@code 0 <= t <= maxFraction}, with any body
     * (planes included). A ray that starts inside a body hits it at fraction 0.
     */
    public boolean raycastClosest(double ox, double oy, double oz, double dx, double dy, double dz,
                                  double maxFraction, RayResult out) {
        return queries.raycastClosest(ox, oy, oz, dx, dy, dz, maxFraction, out);
    }

    /**
     * {@link #raycastClosest(double, double, double, double, double, double, double, RayResult)} that
     * ignores every body with {@code skip[body]} true (a body numbered beyond the array is not
     * skipped): a wheel's ray that starts inside its own chassis. Allocates nothing.
     */
    public boolean raycastClosest(double ox, double oy, double oz, double dx, double dy, double dz,
                                  double maxFraction, boolean[] skip, RayResult out) {
        return queries.raycastClosest(ox, oy, oz, dx, dy, dz, maxFraction, skip, out);
    }

    /**
     * Every body the ray hits, each with its first hit, sorted by fraction (ties by body number), into
     * {@code out} (cleared first).
     */
    public void raycastAll(double ox, double oy, double oz, double dx, double dy, double dz, double maxFraction,
                           RayHits out) {
        queries.raycastAll(ox, oy, oz, dx, dy, dz, maxFraction, out);
    }

    /**
     * Calls {@code listener} with every body whose shape overlaps {@code shape} at {@code pose}
     * (touching counts), in broad-phase order, planes first.
     */
    public void overlap(Shape shape, Transform pose, OverlapListener listener) {
        queries.overlap(shape, pose, listener);
    }

    /**
     * Sweeps a convex shape from {@code start} by the translation (dx, dy, dz) and finds the first
     * convex body it touches (conservative advancement; non-convex bodies are not tested).
     */
    public boolean shapeCast(ConvexShape shape, Transform start, double dx, double dy, double dz,
                             ShapeCastHit out) {
        return queries.shapeCast(shape, start, dx, dy, dz, out);
    }

    /**
     * Sweeps a convex shape from {@code start} by the translation (dx, dy, dz) (world, metres; no
     * rotation) against every body that {@code skip} does not mark, whatever its shape (planes, convex
     * shapes, triangle meshes, heightfields, compounds), and finds the first one it touches, within
     * {@link #CAST_TOLERANCE}: a wheel swept down its suspension. What counts as a hit is
     * {@link ricochet.collision.narrow.TimeOfImpact}'s: a part the shape already overlaps at its start
     * is not reported, and triangles count only from their front. Allocates nothing.
     *
     * @param skip bodies to ignore, indexed by body number (a body beyond the array is not skipped),
     *     or null
     * @param out the hit: body, fraction in [0, 1], unit normal from the swept shape toward the body,
     *     contact point on the body (world); on a miss body -1 and fraction 1
     * @return whether the sweep touches a body
     */
    public boolean sweepConvex(ConvexShape shape, Transform start, double dx, double dy, double dz,
                               boolean[] skip, ShapeCastHit out) {
        return queries.sweepConvex(shape, start, dx, dy, dz, skip, out);
    }

    /** Distance at which a shape cast counts as touching, metres. */
    public static final double CAST_TOLERANCE = 1e-4;

    /**
     * Sweeps body {@code body}'s own shape from its stored pose by the translation (dx, dy, dz) (world,
     * metres; no rotation) and finds the first other body it would touch: the continuous collision of
     * fast small ("bullet") bodies, which can cross a thin wall within one step.
     *
     * <p>The bodies it can meet are those {@link #findContacts} pairs it with: not itself, not an
     * {@link #excludePair excluded} pair, not two bodies that are each static or asleep, groups and
     * masks accepting each other (planes: every awake non-static body, as in {@link #findContacts});
     * and, when {@code skip} is given, no body with {@code skip[other]} true (sensors, other bullets).
     * Every shape pair the narrow phase collides is swept: convex shapes, planes, triangle meshes and
     * heightfields, compounds on either side, a mesh as the swept body against convex targets. How,
     * and what is left out by design, is in {@link TimeOfImpact}; in short: a part the body already
     * overlaps at its start is not reported (the contact solver has that contact; a part it only
     * touches, within the tolerance, is hit at fraction 0 when the motion goes into it), triangles
     * count only from their front, and the edge of a coplanar neighbour of a face the body rests on
     * is no hit.
     *
     * <p>The fraction is at or before the true first contact (no step of the search can pass through
     * thin geometry), early by about {@code tolerance / (T . n)}; at it the shapes are apart by at most
     * the tolerance (about half of it after a flat approach). Allocates nothing.
     *
     * @param tolerance metres (> 0, finite): the distance at which shapes count as touching
     * @param skip bodies to ignore, indexed by body number, or null; at least {@link #bodyNumberBound()}
     *     long
     * @param out the hit: body, fraction in [0, 1], unit normal from the swept body toward the target,
     *     contact point on the target (world); on a miss body -1 and fraction 1
     * @return whether the sweep touches a body
     * @throws IllegalArgumentException for no such body, a plane (infinite; it cannot be swept), a
     *     translation that is not finite, a tolerance that is not positive and finite, a null
     *     {@code out} or a {@code skip} shorter than {@link #bodyNumberBound()}
     */
    public boolean timeOfImpact(int body, double dx, double dy, double dz, double tolerance, boolean[] skip,
                                ShapeCastHit out) {
        return queries.timeOfImpact(body, dx, dy, dz, tolerance, skip, out);
    }

    /**
     * {@link #timeOfImpact(int, double, double, double, double, boolean[], ShapeCastHit)} for a body
     * that also turns: its shape is swept from its stored pose along {@code motion} (the centre of mass
     * moving by T and the body turning about it, {@link Sweep}), which must start at that pose; the
     * fraction is of the sweep. The same bodies are met; a part the body touches at its start, or that
     * lies within the sweep's {@link Sweep#inView} of it, is hit only where the body presses
     * {@link Sweep#pressIn} further in than it was, judged at {@link Sweep#judgedAt} (see
     * {@link TimeOfImpact}). Allocates nothing.
     *
     * @throws IllegalArgumentException as the translating sweep, or for a null motion or one whose
     *     centre is not finite or whose angle or reach is not finite and >= 0
     */
    public boolean timeOfImpact(int body, Sweep motion, double tolerance, boolean[] skip, ShapeCastHit out) {
        return queries.timeOfImpact(body, motion, tolerance, skip, out);
    }

    // ---------------------------------------------------------------- checkpoint and snapshot

    /**
     * Remembers what a step changes (the bodies' poses, speed bounds and sleep flags, the manifold
     * cache and the broad phase) so that {@link #rollback} can undo it. Copies 9 numbers a body; the
     * manifold cache and the broad phase copy nothing here (see theirs). Allocates nothing once grown.
     *
     * @throws UnsupportedOperationException when the broad phase keeps no checkpoints
     */
    public void checkpoint() {
        state.checkpoint();
    }

    /**
     * Back to the last {@link #checkpoint}: poses (their tight boxes recomputed as
     * {@link #setPose} computes them), speed bounds, sleep flags, manifold cache, broad phase.
     *
     * @throws IllegalStateException without a checkpoint, or when bodies were added or removed since
     */
    public void rollback() {
        state.rollback();
    }

    /** The step went through: its changes stay (ends the broad phase's and cache's recording). */
    public void commit() {
        state.commit();
    }

    /**
     * A hash of what a snapshot cannot carry and so must already match: body numbers in use and free,
     * planes, which bodies are static, their broad-phase proxies, their shapes' types and local bounds.
     */
    public long structureHash() {
        return state.structureHash();
    }

    /**
     * Every body's pose, tight box, sleep flag, speed bound, groups and masks, then the manifold cache
     * and the broad phase, bit for bit (a snapshot; shapes are not written: see
     * {@link #structureHash}).
     *
     * @throws UnsupportedOperationException when the broad phase has no snapshots
     */
    public void writeState(DataOutput out) throws IOException {
        state.writeState(out);
    }

    /**
     * Reads what {@link #writeState} wrote into a collision world of the same structure (the caller
     * checks {@link #structureHash} first).
     */
    public void readState(StateInput in) throws IOException {
        state.readState(in);
    }

    /** One more than the largest body number handed out so far: the length of arrays indexed by body. */
    public int bodyNumberBound() {
        return count;
    }

    /**
     * The closest points of two convex bodies (GJK): returns false when either is not convex.
     * {@code out} holds the core points and distance; the surface distance is
     * {@link GjkResult#surfaceDistance()}.
     */
    public boolean closestPoints(int a, int b, GjkResult out) {
        return queries.closestPoints(a, b, out);
    }
}
