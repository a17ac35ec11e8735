package ricochet.world;

import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.collision.CollisionWorld;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.RigidBodies;
import ricochet.math.Transform;
import ricochet.parallel.WorkerPool;

/**
 * Sleeping: the sleep timers, islands put to sleep as a whole, and the wakes (a group woken by the
 * narrow phase, a joint, or a user's call). A sleeping body keeps the group number of the island it
 * fell asleep with ({@link BodyTable#sleepGroupOfSlot}) and wakes with that whole group.
 */
final class Sleeping {

    /** Bodies per block of the sleep timers. */
    private static final int BODY_GRAIN = 64;

    private final RigidBodies bodies;
    private final BodyStore store;
    private final BodyTable table;
    private final CollisionWorld collision;
    private final EventBuffer events;
    private final StepClock clock;
    private final WorldSettings settings;
    private final Islands islands;
    private final Transform pose = new Transform();
    /** The group number the next island to fall asleep gets. */
    int nextSleepGroup = 1;
    // By dense index, scratch for one step.
    private double[] islandSleepTime = new double[16];
    private int[] islandGroup = new int[16];
    private double sleepDt;
    private final WorkerPool.Range sleepTimerTask = (w, from, to) -> updateSleepTimers(from, to);

    Sleeping(RigidBodies bodies, BodyTable table, CollisionWorld collision, EventBuffer events,
             StepClock clock, WorldSettings settings, Islands islands) {
        this.bodies = bodies;
        this.store = bodies.store();
        this.table = table;
        this.collision = collision;
        this.events = events;
        this.clock = clock;
        this.settings = settings;
        this.islands = islands;
    }

    /**
     * Sleep timers. A dynamic body is at rest while it stays near where its timer last restarted:
     * its centre within {@code D} and its farthest point (extent times the angle turned) within
     * {@code D}, with {@code D = sleepSpeed timeToSleep / 4}, and while no point of it moves faster
     * than {@code 4 sleepSpeed}; at rest it gains {@code dt}, otherwise its timer restarts where it
     * is. An island whose every body has {@link World#timeToSleep} sleeps. Displacement over the
     * window, not the speed of the moment, is what decides (as in Jolt): in a settled pile of tumbled
     * boxes a corner contact changing its points gives some box a 5 cm/s twitch every few steps,
     * which moves nothing but kept the whole pile's island awake for good under a speed rule.
     */
    void sleep(double dt) {
        int n = store.count();
        if (!settings.sleepingEnabled) {
            return;
        }
        if (islandSleepTime.length < n) {
            islandSleepTime = new double[Math.max(n, 2 * islandSleepTime.length)];
            islandGroup = new int[islandSleepTime.length];
        }
        sleepDt = dt;
        settings.pool.run(n, BODY_GRAIN, sleepTimerTask);
        for (int i = 0; i < n; i++) {
            islandSleepTime[i] = Double.POSITIVE_INFINITY;
            islandGroup[i] = 0;
        }
        int[] islandOf = islands.islandOf;
        for (int i = 0; i < n; i++) {
            if (store.type[i] == BodyStore.DYNAMIC && store.asleep[i] == 0) {
                int r = islandOf[i];
                islandSleepTime[r] = Math.min(islandSleepTime[r], store.sleepTime[i]);
            }
        }
        double timeToSleep = settings.timeToSleep;
        for (int i = 0; i < n; i++) {
            if (store.type[i] != BodyStore.DYNAMIC || store.asleep[i] != 0) {
                continue;
            }
            int r = islandOf[i];
            if (islandSleepTime[r] >= timeToSleep) {
                if (islandGroup[r] == 0) {
                    islandGroup[r] = nextSleepGroup++;
                }
                putToSleep(i, islandGroup[r]);
            }
        }
    }

    /** The sleep timers of the awake dynamic bodies {@code from .. to - 1} (see {@link #sleep}). */
    private void updateSleepTimers(int from, int to) {
        double sleepSpeed = settings.sleepSpeed;
        double reach = 0.25 * sleepSpeed * settings.timeToSleep;
        double fast2 = 16 * sleepSpeed * sleepSpeed;
        byte[] keepAwake = islands.keepAwake;
        for (int i = from; i < to; i++) {
            if (store.type[i] != BodyStore.DYNAMIC || store.asleep[i] != 0) {
                continue;
            }
            double v2 = store.vx[i] * store.vx[i] + store.vy[i] * store.vy[i] + store.vz[i] * store.vz[i];
            double w2 = store.wx[i] * store.wx[i] + store.wy[i] * store.wy[i] + store.wz[i] * store.wz[i];
            double e = store.extent[i];
            double dx = store.px[i] - store.restX[i], dy = store.py[i] - store.restY[i];
            double dz = store.pz[i] - store.restZ[i];
            // The angle between two unit quaternions: 2 acos |q1 . q2|.
            double dot = Math.abs(store.qx[i] * store.restQx[i] + store.qy[i] * store.restQy[i]
                    + store.qz[i] * store.restQz[i] + store.qw[i] * store.restQw[i]);
            double angle = 2 * StrictMath.acos(Math.min(1, dot));
            boolean still = dx * dx + dy * dy + dz * dz <= reach * reach && e * angle <= reach
                    && v2 <= fast2 && e * e * w2 <= fast2 && keepAwake[i] == 0;
            if (still) {
                store.sleepTime[i] += sleepDt;
            } else {
                restartSleepTimer(i);
            }
        }
    }

    /** The body's sleep timer starts again from where it is now. */
    void restartSleepTimer(int i) {
        store.sleepTime[i] = 0;
        store.restX[i] = store.px[i];
        store.restY[i] = store.py[i];
        store.restZ[i] = store.pz[i];
        store.restQx[i] = store.qx[i];
        store.restQy[i] = store.qy[i];
        store.restQz[i] = store.qz[i];
        store.restQw[i] = store.qw[i];
    }

    private void putToSleep(int i, int group) {
        int slot = store.slot[i];
        store.asleep[i] = 1;
        store.vx[i] = store.vy[i] = store.vz[i] = 0;
        store.wx[i] = store.wy[i] = store.wz[i] = 0;
        table.sleepGroupOfSlot[slot] = group;
        collision.setSleeping(table.colliderOfSlot[slot], true);
        events.add(clock.eventStep, clock.eventTime, Event.Type.SLEEP, slot, -1);
    }

    /** Wakes every body that fell asleep with {@code group}. */
    void wakeGroup(int group) {
        int n = store.count();
        int[] sleepGroupOfSlot = table.sleepGroupOfSlot;
        for (int i = 0; i < n; i++) {
            int slot = store.slot[i];
            if (store.asleep[i] != 0 && sleepGroupOfSlot[slot] == group) {
                store.asleep[i] = 0;
                restartSleepTimer(i);
                sleepGroupOfSlot[slot] = 0;
                collision.setSleeping(table.colliderOfSlot[slot], false);
                BodyTable.poseOf(store, i, pose);
                collision.setPose(table.colliderOfSlot[slot], pose);
                events.add(clock.eventStep, clock.eventTime, Event.Type.WAKE, slot, -1);
            }
        }
    }

    /** {@link World#wake}: the body and its group; an awake body's sleep timer restarts. */
    void wake(BodyId id) {
        int i = bodies.index(id);
        if (store.asleep[i] != 0) {
            wakeGroup(table.sleepGroupOfSlot[id.index()]);
        }
        restartSleepTimer(i);
    }

    /** A moved dynamic or kinematic body wakes with its island; a moved static body wakes everything. */
    void wakeAfterMove(BodyId id) {
        if (bodies.type(id) == BodyDef.Type.STATIC) {
            wakeAll();
        } else {
            wake(id);
        }
    }

    /** Wakes every sleeping body (a static body moved or a body was removed: anything may now fall). */
    void wakeAll() {
        int n = store.count();
        for (int i = 0; i < n; i++) {
            if (store.asleep[i] != 0) {
                wakeGroup(table.sleepGroupOfSlot[store.slot[i]]);
            }
        }
    }

    /** Bodies asleep now. */
    int sleepingCount() {
        int n = store.count(), k = 0;
        for (int i = 0; i < n; i++) {
            k += store.asleep[i];
        }
        return k;
    }
}
