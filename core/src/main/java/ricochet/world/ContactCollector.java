package ricochet.world;

import java.util.Arrays;
import ricochet.collision.CollisionWorld;
import ricochet.collision.ParallelContactListener;
import ricochet.collision.narrow.Manifold;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.ContactAnchor;
import ricochet.dynamics.ContactStore;
import ricochet.parallel.WorkerPool;

import static ricochet.world.World.LINK_DISTANCE;
import static ricochet.world.World.SPECULATIVE_DISTANCE;
import static ricochet.world.World.TOUCH_BEGIN;
import static ricochet.world.World.TOUCH_END;

/**
 * Find contacts: the narrow phase's listener and the pass around it. For each manifold, on the
 * narrow phase's threads, {@link #measure} takes each point's reach over the step (its separation
 * plus the gap the bodies' relative velocity closes) and which points can come within
 * {@link World#SPECULATIVE_DISTANCE}; then {@link #onContact}, in pair order on the caller, records
 * sensor overlaps, touching pairs, wakes and island links, and plans the manifold's chunk of the
 * {@link ContactStore}; after the pass the store places every chunk (colour order) and
 * {@link #fillDeferred} writes the points in parallel. A pass that wakes a sleeping island runs
 * again, so the woken bodies' contacts with each other and with static bodies (skipped while they
 * slept) are in this step's solve.
 */
final class ContactCollector implements ParallelContactListener {

    /** Manifolds per block of the parallel copy into the contact store. */
    private static final int DEFERRED_GRAIN = 32;

    private final BodyStore store;
    private final BodyTable table;
    private final CollisionWorld collision;
    private final ContactStore contacts;
    private final Islands islands;
    private final Sleeping sleeping;
    private final JointLinks jointLinks;
    private final PairSet touching;
    private final PairSet sensing;
    private final StepClock clock;
    private final WorldSettings settings;
    /** Set when the narrow phase woke a sleeping island: its pairs must be found again. */
    private boolean wokeDuringPass;
    // Per manifold of the pass, by its number (index 0 of the one-manifold arrays below for a manifold
    // without one): the smallest separation and the smallest reach (a point's separation after the
    // step at today's velocity).
    private double[] minSeparation = new double[1], minReach = new double[1];
    /** Per manifold of the pass: which of its points can come within the speculative distance (bit k). */
    private int[] keptMask = new int[1];
    private final double[] unnumberedSeparation = new double[1], unnumberedMin = new double[1];
    private final int[] unnumberedKept = new int[1];
    // Manifolds whose points go into the contact store after the pass, in parallel: the manifold, which
    // of its points are kept (bit k for point k), colliders, compound children and its chunk of the
    // store's plan.
    private Manifold[] deferredManifold = new Manifold[16];
    private int[] deferredKept = new int[16], deferredColliderA = new int[16],
            deferredColliderB = new int[16];
    private int[] deferredChildA = new int[16], deferredChildB = new int[16], deferredChunk = new int[16];
    private int deferredCount;
    /** Copies of manifolds the narrow phase reuses (compound children, planes), kept until the fill. */
    private Manifold[] copies = new Manifold[0];
    private int copyCount;
    private final WorkerPool.Range fillTask = (w, from, to) -> fillDeferred(from, to);

    ContactCollector(BodyStore store, BodyTable table, CollisionWorld collision, ContactStore contacts,
                     Islands islands, Sleeping sleeping, JointLinks jointLinks, PairEvents pairs,
                     StepClock clock, WorldSettings settings) {
        this.store = store;
        this.table = table;
        this.collision = collision;
        this.contacts = contacts;
        this.islands = islands;
        this.sleeping = sleeping;
        this.jointLinks = jointLinks;
        this.touching = pairs.touching;
        this.sensing = pairs.sensing;
        this.clock = clock;
        this.settings = settings;
    }

    /**
     * The narrow phase fills the contact store, the touching and sensing pairs and the islands, pass
     * after pass while one wakes a sleeping island. Returns the nanoseconds spent fixing the islands
     * (for the profile).
     */
    long findContacts() {
        int n = store.count();
        islands.reserve(n);
        do {
            wokeDuringPass = false;
            deferredCount = 0;
            copyCount = 0;
            contacts.clear();
            touching.begin();
            sensing.begin();
            islands.beginPass(n);
            collision.findContacts(SPECULATIVE_DISTANCE, settings.contactMargin, clock.stepDt, this);
            if (jointLinks.linkJoints()) {
                wokeDuringPass = true;
            }
        } while (wokeDuringPass);
        // The last pass's manifolds are still as the narrow phase left them.
        long islandStart = System.nanoTime();
        islands.build();
        long islandNanos = System.nanoTime() - islandStart;
        // Each colour's runs by island: threads then keep to the same islands from colour to colour,
        // and the solver may walk them island by island.
        contacts.place(store, islands.severalIslands ? islands.islandOf : null);
        settings.pool.run(deferredCount, DEFERRED_GRAIN, fillTask);
        // A loop of our own, not Arrays.fill: that one's profile is the whole JVM's (other array
        // types), and its copy compiled into this method trapped nine times in the bench pyramid.
        for (int d = 0; d < deferredCount; d++) {
            deferredManifold[d] = null;
        }
        return islandNanos;
    }

    /** Grows the per-manifold arrays for a pass of {@code count} numbered manifolds. */
    @Override
    public void reserve(int count) {
        if (minSeparation.length < count) {
            int c = Math.max(count, 2 * minSeparation.length);
            minSeparation = new double[c];
            minReach = new double[c];
            keptMask = new int[c];
        }
    }

    /**
     * The part of {@link #onContact} that reads only: each point's reach over the step, the smallest
     * separation and reach, into manifold {@code index}'s entries. Runs on the narrow phase's threads.
     */
    @Override
    public void measure(int worker, int index, int colliderA, int colliderB, Manifold m) {
        measure(index, colliderA, colliderB, m, minSeparation, minReach, keptMask);
    }

    private void measure(int index, int colliderA, int colliderB, Manifold m, double[] sep, double[] min,
                         int[] kept) {
        int a = table.denseOfCollider[colliderA], b = table.denseOfCollider[colliderB];
        double stepDt = clock.stepDt;
        double minSep = Double.POSITIVE_INFINITY;
        double predicted = Double.POSITIVE_INFINITY;
        int mask = 0;
        for (int k = 0; k < m.pointCount(); k++) {
            double s = m.separation(k);
            minSep = Math.min(minSep, s);
            // Relative normal velocity at the point: the gap it closes over the coming step.
            double vn = pointVelocityAlong(b, m.pointBX(k), m.pointBY(k), m.pointBZ(k), m)
                    - pointVelocityAlong(a, m.pointAX(k), m.pointAY(k), m.pointAZ(k), m);
            double reach = s + Math.min(vn, 0) * stepDt;
            predicted = Math.min(predicted, reach);
            mask |= reach <= SPECULATIVE_DISTANCE ? 1 << k : 0;
        }
        sep[index] = minSep;
        min[index] = predicted;
        kept[index] = mask;
    }

    /**
     * One manifold of the narrow phase, in pair order: sensor overlap, touching pair, wake, island
     * link, contact points (numbered manifolds' points are written after the pass, in parallel:
     * {@link #fillDeferred}).
     */
    @Override
    public void onContact(int index, int colliderA, int childA, int colliderB, int childB, Manifold m) {
        if (index < 0) {
            measure(0, colliderA, colliderB, m, unnumberedSeparation, unnumberedMin, unnumberedKept);
        }
        double minSep = index < 0 ? unnumberedSeparation[0] : minSeparation[index];
        double predicted = index < 0 ? unnumberedMin[0] : minReach[index];
        int kept = index < 0 ? unnumberedKept[0] : keptMask[index];
        int a = table.denseOfCollider[colliderA], b = table.denseOfCollider[colliderB];
        int slotA = store.slot[a], slotB = store.slot[b];
        boolean[] sensorOfSlot = table.sensorOfSlot;
        if (sensorOfSlot[slotA] || sensorOfSlot[slotB]) {
            if (!(sensorOfSlot[slotA] && sensorOfSlot[slotB]) && minSep < 0) {
                sensing.add(sensorOfSlot[slotA] ? PairSet.key(slotA, slotB) : PairSet.key(slotB, slotA));
            }
            return;
        }
        boolean dynamicA = store.type[a] == BodyStore.DYNAMIC, dynamicB = store.type[b] == BodyStore.DYNAMIC;
        if (!dynamicA && !dynamicB) {
            return;
        }
        long key = slotA < slotB ? PairSet.key(slotA, slotB) : PairSet.key(slotB, slotA);
        long[] jointPairs = jointLinks.jointPairs;
        if (jointPairs.length > 0 && Arrays.binarySearch(jointPairs, key) >= 0) {
            return;
        }
        // A pair with restitution may bounce within the step, between two narrow phases: it touches
        // when it reaches the surface within the step at today's velocity.
        boolean bouncy = table.restitutionOfSlot[slotA] != 0 || table.restitutionOfSlot[slotB] != 0;
        if (minSep <= TOUCH_BEGIN || (bouncy && predicted <= TOUCH_BEGIN)
                || (minSep <= TOUCH_END && touching.wasIn(key))) {
            touching.add(key);
        }
        boolean near = predicted <= LINK_DISTANCE;
        boolean asleepA = store.asleep[a] != 0, asleepB = store.asleep[b] != 0;
        if (asleepA || asleepB) {
            // The other body is awake (the collision world skips sleeping pairs). A sleeper is woken
            // by what will reach it; until then this pair has no points, so no impulse lands on a body
            // that is not integrated.
            int sleeper = asleepA ? a : b, other = asleepA ? b : a;
            if (near && (store.type[other] == BodyStore.DYNAMIC || BodyTable.isMoving(store, other))) {
                sleeping.wakeGroup(table.sleepGroupOfSlot[store.slot[sleeper]]);
                wokeDuringPass = true;
            }
            return;
        }
        if (near) {
            if (dynamicA && dynamicB) {
                islands.builder.link(a, b);
            } else if (dynamicA ? BodyTable.isMoving(store, b) : BodyTable.isMoving(store, a)) {
                // A moving kinematic body carries what touches it: that is not rest.
                islands.keepAwake[dynamicA ? a : b] = 1;
            }
        }
        int count = Integer.bitCount(kept);
        if (count == 0) {
            return;
        }
        if (index < 0) {
            // The narrow phase reuses this manifold: keep a copy until the points are written.
            if (copyCount == copies.length) {
                copies = Arrays.copyOf(copies, Math.max(4, 2 * copyCount));
                for (int k = copyCount; k < copies.length; k++) {
                    copies[k] = new Manifold();
                }
            }
            Manifold copy = copies[copyCount++];
            copy.copyFrom(m);
            m = copy;
        }
        if (deferredCount == deferredKept.length) {
            int c = 2 * deferredCount;
            deferredManifold = Arrays.copyOf(deferredManifold, c);
            deferredKept = Arrays.copyOf(deferredKept, c);
            deferredColliderA = Arrays.copyOf(deferredColliderA, c);
            deferredColliderB = Arrays.copyOf(deferredColliderB, c);
            deferredChildA = Arrays.copyOf(deferredChildA, c);
            deferredChildB = Arrays.copyOf(deferredChildB, c);
            deferredChunk = Arrays.copyOf(deferredChunk, c);
        }
        int d = deferredCount++;
        deferredManifold[d] = m;
        deferredKept[d] = kept;
        deferredColliderA[d] = colliderA;
        deferredColliderB[d] = colliderB;
        deferredChildA[d] = childA;
        deferredChildB[d] = childB;
        // The points' places in the store come when every chunk is known (colour order), their
        // contents after that, in parallel.
        deferredChunk[d] = contacts.plan(a, b, count);
    }

    /** Writes the points of deferred manifolds {@code from .. to - 1} into their places in the store. */
    private void fillDeferred(int from, int to) {
        int[] denseOfCollider = table.denseOfCollider;
        for (int d = from; d < to; d++) {
            int a = denseOfCollider[deferredColliderA[d]], b = denseOfCollider[deferredColliderB[d]];
            addPoints(a, b, deferredColliderA[d], deferredColliderB[d], deferredChildA[d], deferredChildB[d],
                    store.slot[a], store.slot[b], deferredManifold[d], deferredKept[d],
                    contacts.plannedFirst(deferredChunk[d]));
        }
    }

    /** The velocity of body i's material point at (x, y, z), along the manifold normal. */
    private double pointVelocityAlong(int i, double x, double y, double z, Manifold m) {
        double rx = x - store.px[i], ry = y - store.py[i], rz = z - store.pz[i];
        double wx = store.wx[i], wy = store.wy[i], wz = store.wz[i];
        double vx = store.vx[i] + wy * rz - wz * ry;
        double vy = store.vy[i] + wz * rx - wx * rz;
        double vz = store.vz[i] + wx * ry - wy * rx;
        return vx * m.nx + vy * m.ny + vz * m.nz;
    }

    /**
     * Writes a manifold's kept points (bit k of {@code kept} for point k: those that can come within
     * {@link World#SPECULATIVE_DISTANCE} over the step) into the contact store from point
     * {@code first} on, with the pair's material.
     */
    private void addPoints(int a, int b, int colliderA, int colliderB, int childA, int childB, int slotA, int slotB,
                           Manifold m, int kept, int first) {
        double mu = Math.sqrt(table.frictionOfSlot[slotA] * table.frictionOfSlot[slotB]);
        double e = Math.max(table.restitutionOfSlot[slotA], table.restitutionOfSlot[slotB]);
        for (int k = 0; k < m.pointCount(); k++) {
            if ((kept & 1 << k) == 0) {
                continue;
            }
            double sep = m.separation(k);
            // Compound children share the body pair: fold the child indices into the feature id so
            // their points keep distinct keys.
            int feature = m.featureId(k) * 31 * 31 + (childA + 1) * 31 + (childB + 1);
            // Both lever arms reach the midpoint of the two surface points (Box2D's anchor), so
            // the pair exerts equal and opposite impulses at one point and friction adds no
            // spurious torque across the gap.
            // (ContactAnchor: nearer a body's own surface when the midpoint is beyond its reach.)
            double ax = m.pointAX(k), ay = m.pointAY(k), az = m.pointAZ(k);
            double dx = m.pointBX(k) - ax, dy = m.pointBY(k) - ay, dz = m.pointBZ(k) - az;
            double t = ContactAnchor.share(store, a, b, ax, ay, az, dx, dy, dz);
            double mx, my, mz;
            if (t == 0.5) {
                mx = 0.5 * (ax + m.pointBX(k));
                my = 0.5 * (ay + m.pointBY(k));
                mz = 0.5 * (az + m.pointBZ(k));
            } else {
                mx = ax + t * dx;
                my = ay + t * dy;
                mz = az + t * dz;
            }
            contacts.set(first, a, b, colliderA, colliderB, feature, m.nx, m.ny, m.nz,
                    mx - store.px[a], my - store.py[a], mz - store.pz[a],
                    mx - store.px[b], my - store.py[b], mz - store.pz[b], sep, mu, e);
            contacts.setAnchorShare(first++, t);
        }
    }
}
