package ricochet.world;

import java.util.Arrays;
import ricochet.collision.CollisionWorld;
import ricochet.collision.ShapeCastHit;
import ricochet.collision.narrow.Sweep;
import ricochet.dynamics.BodyStore;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.Shape;
import ricochet.joints.JointStore;
import ricochet.math.Transform;

/**
 * Continuous collision (Box2D v3's scheme): a body that moved more than a quarter of its thinnest
 * size in the step (less cannot carry it through anything it could stand on) is swept from its start
 * to its end position, against static bodies, or against every non-sensor body for a bullet, and put
 * back at its first impact with its velocity kept (less what the height it gives back under gravity
 * is worth, {@link #giveBackHeight}); the next step's speculative contact then stops or bounces it at
 * the surface. That sweep is a translation of the shape at its start orientation; the orientation is
 * interpolated to the same fraction.
 *
 * <p>A body whose turn moves a point farther than that quarter, whose points travel farther than the
 * contact margin (so the narrow phase may not have seen what it reaches), and that no joint holds, is
 * swept with its rotation instead: its centre along the line and a constant-rate turn about it
 * ({@link Sweep}), by conservative advancement ({@code TimeOfImpact}). A target in the narrow phase's view at the start
 * (within the margin: the solver had its contact) holds the body back only where the end pose presses
 * {@link #PRESS_IN} further in or passes through; the swept arc bulges into a surface the body pivots
 * on, where the solver's path kept out. The body is put at the first impact, and against a static
 * body the impact's normal impulse is applied there ({@link #bounce}), as Jolt's continuous collision
 * does, its spin turned back with it ({@link #turnBack}): the next step's contact is found from the start pose, where the far end of a turning body may
 * still be out of reach. See {@code docs/solver.md}, "Turning sweeps".
 */
final class Continuous {

    /** Sweeps stop this far (m) before contact: the next step's speculative point closes the rest. */
    private static final double TOI_TOLERANCE = 1e-3;
    /**
     * Metres a turning body may press further into a target in view at the start (the solver has that
     * contact) before the sweep holds it back: twice the tolerance, so the advancement can step.
     */
    private static final double PRESS_IN = 2e-3;
    /** Times a turning sweep is cast at most: once, then judged again where it stopped. */
    private static final int JUDGE_ROUNDS = 4;

    private final BodyStore store;
    private final BodyTable table;
    private final CollisionWorld collision;
    private final WorldSettings settings;
    private final PoseUpdate start;
    private final ShapeCastHit hit = new ShapeCastHit(), hit2 = new ShapeCastHit();
    private final Sweep sweep = new Sweep();
    private final Transform pose = new Transform(), pose2 = new Transform();
    private final double[] bounds = new double[6];
    private final JointStore joints;
    /** By dense index, whether a joint solved this step holds the body; filled at the step's first turn. */
    private boolean[] jointed = new boolean[16];
    private boolean jointedKnown;
    // Sweep filters by collider number.
    private boolean[] skipForFast = new boolean[16], skipForBullet = new boolean[16];
    /** Sweeps that found an impact since the world was made (a debugging count). */
    long continuousHits;

    Continuous(BodyStore store, BodyTable table, CollisionWorld collision, WorldSettings settings,
               PoseUpdate start, JointStore joints) {
        this.joints = joints;
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
        jointedKnown = false;
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
            // The turn moves a point at r from the centre by the chord 2 r sin(theta / 2), where
            // cos(theta / 2) = |q0 . q1|: chord^2 = 4 r^2 (1 - (q0 . q1)^2).
            double dot = startQx[i] * store.qx[i] + startQy[i] * store.qy[i] + startQz[i] * store.qz[i]
                    + startQw[i] * store.qw[i];
            double turn2 = 4 * (1 - dot * dot);
            double r = store.extent[i];
            boolean turning = turn2 * r * r > fast * fast;
            if (d2 <= fast * fast && !turning) {
                continue;
            }
            boolean bullet = table.bulletOfSlot[slot];
            int collider = table.colliderOfSlot[slot];
            if (turning && isJointed(i)) {
                // Moved back alone, a jointed body opens its joints, whose pull back throws it: it keeps
                // the translation's sweep, as before.
                turning = false;
                if (d2 <= fast * fast) {
                    continue;
                }
            }
            if (turning) {
                // The same test with the reach from the turning axis, which the sweep is bounded by.
                double axisReach = prepareSweep(i, collider);
                double chord = Math.sqrt(turn2) * axisReach;
                if (chord > fast && Math.sqrt(d2) + chord > settings.contactMargin) {
                    turning(i, collider, bullet);
                    continue;
                }
                if (d2 <= fast * fast) {
                    continue;
                }
            }
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
     * Body i, which turned by more than its fast distance at its reach: swept along {@link #sweep} (its
     * centre on a line, its turn about a fixed axis at a constant rate, start pose to end pose) and put
     * at the first impact, with the impact's impulse against a static body.
     */
    private void turning(int i, int collider, boolean bullet) {
        PoseUpdate s = start;
        boolean[] skip = bullet ? skipForBullet : skipForFast;
        if (!collision.timeOfImpact(collider, sweep, TOI_TOLERANCE, skip, hit) || hit.fraction >= 1) {
            return;
        }
        // Where it stops, the targets in view are judged again: the arc may dip into one before its end.
        for (int round = 1; round < JUDGE_ROUNDS; round++) {
            double f = hit.fraction;
            sweep.judgedAt = f;
            if (!collision.timeOfImpact(collider, sweep, TOI_TOLERANCE, skip, hit2) || !(hit2.fraction < f)) {
                break;
            }
            hit.body = hit2.body;
            hit.fraction = hit2.fraction;
            hit.pointX = hit2.pointX;
            hit.pointY = hit2.pointY;
            hit.pointZ = hit2.pointZ;
            hit.normalX = hit2.normalX;
            hit.normalY = hit2.normalY;
            hit.normalZ = hit2.normalZ;
        }
        if (hit.fraction * sweep.travel() <= TOI_TOLERANCE) {
            return;
        }
        double f = hit.fraction;
        // The centre's pose at f: a pose whose origin is the start centre turns about itself.
        pose.set(s.startX[i], s.startY[i], s.startZ[i], s.startQx[i], s.startQy[i], s.startQz[i], s.startQw[i]);
        sweep.poseAt(f, pose, pose2);
        store.px[i] = pose2.px;
        store.py[i] = pose2.py;
        store.pz[i] = pose2.pz;
        store.orient(i, pose2.qx, pose2.qy, pose2.qz, pose2.qw);
        turnBack(i, (f - 1) * sweep.angle);
        giveBackHeight(i, (1 - f) * sweep.tx, (1 - f) * sweep.ty, (1 - f) * sweep.tz);
        int target = table.denseOfCollider[hit.body];
        if (store.type[target] == BodyStore.STATIC) {
            double e = Math.min(Math.max(table.restitutionOfSlot[store.slot[i]],
                    table.restitutionOfSlot[store.slot[target]]), 1);
            bounce(i, hit.pointX, hit.pointY, hit.pointZ, hit.normalX, hit.normalY, hit.normalZ, e);
        }
        continuousHits++;
    }

    /**
     * Body i was turned back by {@code angle} (radians, about the sweep's axis): its angular velocity
     * turns with it, {@code w' = R w} (Rodrigues: {@code w cos + (a x w) sin + a (a . w)(1 - cos)}),
     * so that it keeps its angular velocity in its own frame and, with its inertia turned alike, its
     * spin's energy {@code 1/2 w . I w}; the world w kept would meet the inertia of another
     * orientation and could gain energy.
     */
    private void turnBack(int i, double angle) {
        double c = StrictMath.cos(angle), sn = StrictMath.sin(angle);
        double ax = sweep.ax, ay = sweep.ay, az = sweep.az;
        double wx = store.wx[i], wy = store.wy[i], wz = store.wz[i];
        double along = (ax * wx + ay * wy + az * wz) * (1 - c);
        store.wx[i] = wx * c + (ay * wz - az * wy) * sn + ax * along;
        store.wy[i] = wy * c + (az * wx - ax * wz) * sn + ay * along;
        store.wz[i] = wz * c + (ax * wy - ay * wx) * sn + az * along;
    }

    /**
     * The impact at the hit, as a normal impulse on body i against a static body: the next step's
     * contact is found from the start pose, where a turning body's other end may still be far from the
     * surface it swings into, so a body put back with its spin kept could swing in again and again.
     * The point p (world) approaching along the normal n (from the body to the surface) at
     * {@code vn = (v + w x r) . n > 0}, {@code r = p - c}, leaves at {@code -e vn}:
     * {@code j = (1 + e) vn / (1/m + (r x n) . I^-1 (r x n))}, {@code v -= j n / m},
     * {@code w -= I^-1 (r x n) j}. With {@code e <= 1} it only takes energy.
     */
    private void bounce(int i, double px, double py, double pz, double nx, double ny, double nz, double e) {
        double rx = px - store.px[i], ry = py - store.py[i], rz = pz - store.pz[i];
        double wx = store.wx[i], wy = store.wy[i], wz = store.wz[i];
        double vn = (store.vx[i] + wy * rz - wz * ry) * nx + (store.vy[i] + wz * rx - wx * rz) * ny
                + (store.vz[i] + wx * ry - wy * rx) * nz;
        if (!(vn > 0)) {
            return;
        }
        double ax = ry * nz - rz * ny, ay = rz * nx - rx * nz, az = rx * ny - ry * nx;
        double[] m = store.invInertiaWorld;
        int k = 9 * i;
        double bx = m[k] * ax + m[k + 1] * ay + m[k + 2] * az;
        double by = m[k + 3] * ax + m[k + 4] * ay + m[k + 5] * az;
        double bz = m[k + 6] * ax + m[k + 7] * ay + m[k + 8] * az;
        double invMass = store.invMass[i];
        double kn = invMass + ax * bx + ay * by + az * bz;
        if (!(kn > 0)) {
            return;
        }
        double j = (1 + e) * vn / kn;
        store.vx[i] -= j * invMass * nx;
        store.vy[i] -= j * invMass * ny;
        store.vz[i] -= j * invMass * nz;
        store.wx[i] = wx - j * bx;
        store.wy[i] = wy - j * by;
        store.wz[i] = wz - j * bz;
    }

    /**
     * Sets {@link #sweep} from body i's start pose to its end pose and returns its reach from the
     * turning axis through its centre: the farthest corner of its local bounds (relative to the centre
     * of mass; of its core's, for a rounded shape) from that axis, which bounds every point inside
     * them. A turn keeps each point's distance from the axis, so this holds over the whole sweep.
     */
    private double prepareSweep(int i, int collider) {
        PoseUpdate s = start;
        double q0x = s.startQx[i], q0y = s.startQy[i], q0z = s.startQz[i], q0w = s.startQw[i];
        sweep.set(s.startX[i], s.startY[i], s.startZ[i], q0x, q0y, q0z, q0w,
                store.px[i], store.py[i], store.pz[i], store.qx[i], store.qy[i], store.qz[i], store.qw[i],
                store.extent[i]);
        sweep.pressIn = PRESS_IN;
        sweep.inView = Math.max(settings.contactMargin, TOI_TOLERANCE);
        // The axis in the body frame at the start: R0^T a, rotating by the conjugate of q0.
        double vx = sweep.ax, vy = sweep.ay, vz = sweep.az;
        double cx = 2 * (-q0y * vz + q0z * vy), cy = 2 * (-q0z * vx + q0x * vz), cz = 2 * (-q0x * vy + q0y * vx);
        double ax = vx + q0w * cx + (-q0y * cz + q0z * cy);
        double ay = vy + q0w * cy + (-q0z * cx + q0x * cz);
        double az = vz + q0w * cz + (-q0x * cy + q0y * cx);
        Shape shape = collision.shape(collider);
        shape.localBounds(bounds);
        // A rounded shape is its core grown by a ball, which turning leaves as it is: only the core's
        // points move (a sphere's not at all).
        double round = shape instanceof ConvexShape c ? c.radius() : 0;
        double most = 0;
        for (int k = 0; k < 8; k++) {
            double x = ((k & 1) == 0 ? bounds[0] + round : bounds[3] - round) - store.cx[i];
            double y = ((k & 2) == 0 ? bounds[1] + round : bounds[4] - round) - store.cy[i];
            double z = ((k & 4) == 0 ? bounds[2] + round : bounds[5] - round) - store.cz[i];
            double along = x * ax + y * ay + z * az;
            most = Math.max(most, x * x + y * y + z * z - along * along);
        }
        double axisReach = Math.min(Math.sqrt(most), store.extent[i]);
        sweep.axisReach = axisReach;
        return axisReach;
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

    /** Whether a joint solved this step holds body i (dense index). */
    private boolean isJointed(int i) {
        if (!jointedKnown) {
            int n = store.count();
            if (jointed.length < n) {
                jointed = new boolean[Math.max(n, 2 * jointed.length)];
            }
            Arrays.fill(jointed, 0, n, false);
            JointStore j = joints;
            for (int k = 0; k < j.slots(); k++) {
                if (j.live[k] != 0 && j.active[k] != 0) {
                    if (j.a[k] >= 0) {
                        jointed[j.a[k]] = true;
                    }
                    if (j.b[k] >= 0) {
                        jointed[j.b[k]] = true;
                    }
                }
            }
            jointedKnown = true;
        }
        return jointed[i];
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
