package ricochet.collision;

import java.io.DataOutput;
import java.io.IOException;
import ricochet.math.StateInput;
import ricochet.math.Transform;

/**
 * A {@link CollisionWorld}'s checkpoint, snapshot and structure hash: what a step changes in it (the
 * bodies' poses and tight boxes, speed bounds, sleep flags, groups and masks, then its manifold cache
 * and broad phase), saved before a step to be undone, or written and read bit for bit. Each method is
 * documented on its public counterpart in {@link CollisionWorld}.
 */
final class CollisionState {

    private final CollisionWorld w;
    private final double[] bounds = new double[6];
    private final double[] support = new double[3];
    private final double[] local = new double[6];

    CollisionState(CollisionWorld world) {
        this.w = world;
    }

    /** Per body number at the checkpoint: pose (position, quaternion), speed bound, sleeping. */
    private double[] savedPose = new double[0];
    private double[] savedSpeedBound = new double[0];
    private boolean[] savedSleeping = new boolean[0];
    private int savedCount = -1;

    /** See {@link CollisionWorld#checkpoint}. */
    void checkpoint() {
        int n = w.count;
        if (savedSpeedBound.length < n) {
            int c = w.shapes.length;
            savedPose = new double[7 * c];
            savedSpeedBound = new double[c];
            savedSleeping = new boolean[c];
        }
        double[] s = savedPose;
        for (int i = 0; i < n; i++) {
            Transform t = w.poses[i];
            if (t == null) {
                continue;
            }
            int o = 7 * i;
            s[o] = t.px;
            s[o + 1] = t.py;
            s[o + 2] = t.pz;
            s[o + 3] = t.qx;
            s[o + 4] = t.qy;
            s[o + 5] = t.qz;
            s[o + 6] = t.qw;
        }
        System.arraycopy(w.speedBound, 0, savedSpeedBound, 0, n);
        System.arraycopy(w.sleeping, 0, savedSleeping, 0, n);
        savedCount = n;
        w.cache.checkpoint();
        w.broad.checkpoint();
    }

    /** See {@link CollisionWorld#rollback}. */
    void rollback() {
        int n = w.count;
        if (savedCount != n) {
            throw new IllegalStateException("collision world: no checkpoint of " + n
                    + " bodies to roll back to");
        }
        double[] s = savedPose;
        for (int i = 0; i < n; i++) {
            if (w.shapes[i] == null) {
                continue;
            }
            int o = 7 * i;
            w.poses[i].setExact(s[o], s[o + 1], s[o + 2], s[o + 3], s[o + 4], s[o + 5], s[o + 6]);
            if (w.proxies[i] >= 0) {
                CollisionWorld.worldBounds(w.shapes[i], w.poses[i], bounds, support, local);
                System.arraycopy(bounds, 0, w.tight, 6 * i, 6);
            }
        }
        System.arraycopy(savedSpeedBound, 0, w.speedBound, 0, n);
        System.arraycopy(savedSleeping, 0, w.sleeping, 0, n);
        w.cache.rollback();
        w.broad.rollback();
        savedCount = -1;
    }

    /** See {@link CollisionWorld#commit}. */
    void commit() {
        w.cache.commit();
        w.broad.commit();
        savedCount = -1;
    }

    /** See {@link CollisionWorld#structureHash}. */
    long structureHash() {
        long h = mix(0x5EED, w.count);
        for (int k = 0; k < w.freeCount; k++) {
            h = mix(h, w.freeIds[k]);
        }
        for (int k = 0; k < w.planeCount; k++) {
            h = mix(h, w.planes[k]);
        }
        for (int i = 0; i < w.count; i++) {
            if (w.shapes[i] == null) {
                h = mix(h, -1);
                continue;
            }
            h = mix(h, w.statics[i] ? 1 : 0);
            h = mix(h, w.proxies[i]);
            h = mix(h, w.shapes[i].type().ordinal());
            w.shapes[i].localBounds(local);
            for (double v : local) {
                h = mix(h, Double.doubleToLongBits(v));
            }
        }
        return h;
    }

    private static long mix(long h, long v) {
        long z = h * 31 + v;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** See {@link CollisionWorld#writeState}. */
    void writeState(DataOutput out) throws IOException {
        out.writeInt(w.count);
        for (int i = 0; i < w.count; i++) {
            if (w.shapes[i] == null) {
                continue;
            }
            Transform t = w.poses[i];
            out.writeDouble(t.px);
            out.writeDouble(t.py);
            out.writeDouble(t.pz);
            out.writeDouble(t.qx);
            out.writeDouble(t.qy);
            out.writeDouble(t.qz);
            out.writeDouble(t.qw);
            for (int k = 0; k < 6; k++) {
                out.writeDouble(w.tight[6 * i + k]);
            }
            out.writeBoolean(w.sleeping[i]);
            out.writeDouble(w.speedBound[i]);
            out.writeInt(w.groups[i]);
            out.writeInt(w.masks[i]);
        }
        w.cache.writeState(out);
        w.broad.writeState(out);
    }

    /** See {@link CollisionWorld#readState}. */
    void readState(StateInput in) throws IOException {
        int n = in.readInt();
        if (n != w.count) {
            throw StateInput.refuse("the snapshot has " + n + " collision bodies, the world " + w.count);
        }
        for (int i = 0; i < w.count; i++) {
            if (w.shapes[i] == null) {
                continue;
            }
            String c = "collider " + i + "'s ";
            w.poses[i].setExact(in.finite(c + "position"), in.finite(c + "position"), in.finite(c + "position"),
                    in.finite(c + "orientation"), in.finite(c + "orientation"), in.finite(c + "orientation"),
                    in.finite(c + "orientation"));
            for (int k = 0; k < 6; k++) {
                w.tight[6 * i + k] = in.readDouble();
                if (Double.isNaN(w.tight[6 * i + k])) {
                    throw StateInput.refuse(c + "bounds are NaN");
                }
            }
            w.sleeping[i] = in.readBoolean();
            w.speedBound[i] = in.readDouble();
            if (!(w.speedBound[i] >= 0)) {
                throw StateInput.refuse(c + "speed bound " + w.speedBound[i] + " is not >= 0");
            }
            w.groups[i] = in.readInt();
            w.masks[i] = in.readInt();
        }
        w.cache.readState(in);
        int withProxies = 0;
        for (int i = 0; i < w.count; i++) {
            withProxies += w.shapes[i] != null && w.proxies[i] >= 0 ? 1 : 0;
        }
        w.broad.readState(in, w.count, u -> w.shapes[u] == null ? -1 : w.proxies[u], withProxies);
        savedCount = -1;
    }
}
