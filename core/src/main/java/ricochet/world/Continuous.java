package ricochet.world;

import ricochet.collision.CollisionWorld;
import ricochet.collision.ShapeCastHit;
import ricochet.dynamics.BodyStore;

/**
 * Continuous collision (Box2D v3's scheme): a body that moved more than a quarter of its thinnest
 * size in the step (less cannot carry it through anything it could stand on) is swept from its start
 * to its end position, against static bodies, or against every non-sensor body for a bullet, and put
 * back at its first impact with its velocity kept (less what the height it gives back under gravity
 * is worth, {@link #giveBackHeight}); the next step's speculative contact then stops or bounces it at
 * the surface. The sweep is a translation of the shape at its start orientation (rotation during the
 * step is not swept); the orientation is interpolated to the same fraction.
 */
final class Continuous {

    /** Sweeps stop this far (m) before contact: the next step's speculative point closes the rest. */
    private static final double TOI_TOLERANCE = 1e-3;

    private final BodyStore store;
    private final BodyTable table;
    private final CollisionWorld collision;
    private final WorldSettings settings;
    private final PoseUpdate start;
    private final ShapeCastHit hit = new ShapeCastHit();
    // Sweep filters by collider number.
    private boolean[] skipForFast = new boolean[16], skipForBullet = new boolean[16];
    /** Sweeps that found an impact since the world was made (a debugging count). */
    long continuousHits;

    Continuous(BodyStore store, BodyTable table, CollisionWorld collision, WorldSettings settings,
               PoseUpdate start) {
        this.store = store;
        this.table = table;
        this.collision = collision;
        this.settings = settings;
        this.start = start;
    }

    /** The stage: each fast body from {@link PoseUpdate}'s start pose to where the solve left it. */
    void continuous(double dt) {
        int n = store.count();
        prepareSkips();
        boolean[] sensorOfSlot = table.sensorOfSlot;
        double[] startX = start.startX, startY = start.startY, startZ = start.startZ;
        double[] startQx = start.startQx, startQy = start.startQy, startQz = start.startQz;
        double[] startQw = start.startQw;
        for (int i = 0; i < n; i++) {
            if (store.type[i] != BodyStore.DYNAMIC || store.asleep[i] != 0) {
                continue;
            }
            int slot = store.slot[i];
            if (sensorOfSlot[slot]) {
                continue;
            }
            double dx = store.px[i] - startX[i], dy = store.py[i] - startY[i], dz = store.pz[i] - startZ[i];
            double d2 = dx * dx + dy * dy + dz * dz;
            double fast = store.fastDistance[i];
            if (d2 <= fast * fast) {
                continue;
            }
            boolean bullet = table.bulletOfSlot[slot];
            int collider = table.colliderOfSlot[slot];
            // A hit at the start is a body already touching what it moves into: its contact points
            // are in this step's solve, which kept it out; holding it back would freeze it in place.
            if (!collision.timeOfImpact(collider, dx, dy, dz, TOI_TOLERANCE, bullet ? skipForBullet : skipForFast, hit)
                    || hit.fraction >= 1 || hit.fraction * Math.sqrt(d2) <= TOI_TOLERANCE) {
                continue;
            }
            double f = hit.fraction;
            store.px[i] = startX[i] + f * dx;
            store.py[i] = startY[i] + f * dy;
            store.pz[i] = startZ[i] + f * dz;
            // nlerp(q0, q1, f) along the shorter arc
            double x0 = startQx[i], y0 = startQy[i], z0 = startQz[i], w0 = startQw[i];
            double x1 = store.qx[i], y1 = store.qy[i], z1 = store.qz[i], w1 = store.qw[i];
            if (x0 * x1 + y0 * y1 + z0 * z1 + w0 * w1 < 0) {
                x1 = -x1;
                y1 = -y1;
                z1 = -z1;
                w1 = -w1;
            }
            double qx = x0 + f * (x1 - x0), qy = y0 + f * (y1 - y0), qz = z0 + f * (z1 - z0), qw = w0 + f * (w1 - w0);
            store.orient(i, qx, qy, qz, qw);
            giveBackHeight(i, (1 - f) * dx, (1 - f) * dy, (1 - f) * dz);
            continuousHits++;
        }
    }

    /**
     * Body i was just moved back by {@code -(ux, uy, uz)} along its path with its velocity kept: the
     * height that gave back under gravity, {@code (1 - f) g . d} per unit mass, is taken from its
     * linear kinetic energy, first from the speed along gravity (rewinding the fall it had not yet
     * made) and, if that runs out, from the rest; otherwise the sweep adds {@code m g} times the
     * distance moved back (a body held back step after step by the sweep kept falling faster). A body
     * moved back downwards keeps its velocity (energy only lost).
     */
    private void giveBackHeight(int i, double ux, double uy, double uz) {
        double gs = store.gravityScale[i];
        double ex = settings.gx * gs, ey = settings.gy * gs, ez = settings.gz * gs;
        double rise = ex * ux + ey * uy + ez * uz;
        double g = Math.sqrt(ex * ex + ey * ey + ez * ez);
        if (!(rise > 0) || !(g > 0)) {
            return;
        }
        double nx = ex / g, ny = ey / g, nz = ez / g;
        double vx = store.vx[i], vy = store.vy[i], vz = store.vz[i];
        double down = vx * nx + vy * ny + vz * nz;
        double left = rise;
        if (down > 0) {
            double kept = Math.sqrt(Math.max(down * down - 2 * rise, 0));
            left = Math.max(rise - 0.5 * (down * down - kept * kept), 0);
            vx += (kept - down) * nx;
            vy += (kept - down) * ny;
            vz += (kept - down) * nz;
        }
        double v2 = vx * vx + vy * vy + vz * vz;
        if (left > 0 && v2 > 0) {
            double scale = Math.sqrt(Math.max(1 - 2 * left / v2, 0));
            vx *= scale;
            vy *= scale;
            vz *= scale;
        }
        store.vx[i] = vx;
        store.vy[i] = vy;
        store.vz[i] = vz;
    }

    /** Which colliders a fast body's sweep ignores: all but static ones; a bullet's: only sensors. */
    private void prepareSkips() {
        int bound = collision.bodyNumberBound();
        if (skipForFast.length < bound) {
            skipForFast = new boolean[Math.max(bound, 2 * skipForFast.length)];
            skipForBullet = new boolean[skipForFast.length];
        }
        int n = store.count();
        for (int i = 0; i < n; i++) {
            int slot = store.slot[i];
            int c = table.colliderOfSlot[slot];
            skipForFast[c] = store.type[i] != BodyStore.STATIC || table.sensorOfSlot[slot];
            skipForBullet[c] = table.sensorOfSlot[slot];
        }
    }
}
