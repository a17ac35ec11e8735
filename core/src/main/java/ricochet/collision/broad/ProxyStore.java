package ricochet.collision.broad;

import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.function.IntUnaryOperator;
import ricochet.math.StateInput;

/**
 * The per-proxy data both broad phases share, as parallel primitive arrays indexed by proxy id (the pair
 * loops read the six bounds of one proxy together, so they sit side by side in {@link #fat}). Ids come
 * from a last-in-first-out free list, so the same sequence of calls hands out the same ids.
 *
 * <p>Fattening follows Box2D's {@code b2DynamicTree::MoveProxy}: the fat box is the tight box grown by
 * {@code margin} on all sides and stretched by {@code displacementScale * d} on the side each component
 * of the displacement {@code d} points to. It is kept while it contains the new tight box and lies inside
 * the new fat box grown by another {@code 4 margin} (so a proxy that stopped after a fast move does not
 * keep a huge box).
 */
final class ProxyStore {

    /** How much larger than a fresh fat box a stored one may be before it is shrunk, in margins. */
    static final double SHRINK_SLACK = 4.0;

    final double margin;
    final double displacementScale;

    /** Six doubles per proxy: minX, minY, minZ, maxX, maxY, maxZ of the fat box. */
    double[] fat;
    int[] userData;
    int[] group;
    int[] mask;
    boolean[] isStatic;
    boolean[] live;
    private int[] nextFree;
    private int freeHead = -1;
    /** One past the largest id ever handed out. */
    int end;
    int count;
    /** Called before {@link #move} changes a fat box (the tree's checkpoint), or null. */
    Runnable beforeMove;

    ProxyStore(double margin, double displacementScale, int capacity) {
        if (!(margin >= 0) || !Double.isFinite(margin)) {
            throw new IllegalArgumentException("broad phase: margin must be >= 0 and finite, got " + margin);
        }
        if (!(displacementScale >= 0) || !Double.isFinite(displacementScale)) {
            throw new IllegalArgumentException(
                    "broad phase: displacement scale must be >= 0 and finite, got " + displacementScale);
        }
        this.margin = margin;
        this.displacementScale = displacementScale;
        int cap = Math.max(capacity, 4);
        fat = new double[6 * cap];
        userData = new int[cap];
        group = new int[cap];
        mask = new int[cap];
        isStatic = new boolean[cap];
        live = new boolean[cap];
        nextFree = new int[cap];
    }

    int create(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
               int user, boolean stat, int grp, int msk) {
        checkBounds("proxy bounds", minX, minY, minZ, maxX, maxY, maxZ);
        int id;
        if (freeHead >= 0) {
            id = freeHead;
            freeHead = nextFree[id];
        } else {
            if (end == userData.length) {
                grow(2 * end);
            }
            id = end++;
        }
        live[id] = true;
        userData[id] = user;
        group[id] = grp;
        mask[id] = msk;
        isStatic[id] = stat;
        int o = 6 * id;
        fat[o] = minX - margin;
        fat[o + 1] = minY - margin;
        fat[o + 2] = minZ - margin;
        fat[o + 3] = maxX + margin;
        fat[o + 4] = maxY + margin;
        fat[o + 5] = maxZ + margin;
        count++;
        return id;
    }

    void destroy(int id) {
        check(id);
        live[id] = false;
        nextFree[id] = freeHead;
        freeHead = id;
        count--;
    }

    /** Updates the stored fat box for a new tight box; returns whether it changed. */
    boolean move(int id, double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                 double dx, double dy, double dz) {
        check(id);
        // The check is inlined rather than calling checkBounds with "proxy " + id: building that message
        // eagerly would allocate on every move.
        if (!(minX <= maxX && minY <= maxY && minZ <= maxZ && Double.isFinite(minX) && Double.isFinite(minY)
                && Double.isFinite(minZ) && Double.isFinite(maxX) && Double.isFinite(maxY)
                && Double.isFinite(maxZ))) {
            checkBounds("proxy " + id + " bounds", minX, minY, minZ, maxX, maxY, maxZ);
        }
        if (!Double.isFinite(dx) || !Double.isFinite(dy) || !Double.isFinite(dz)) {
            throw new IllegalArgumentException("proxy " + id + ": displacement must be finite, got ("
                    + dx + ", " + dy + ", " + dz + ")");
        }
        double[] f = fat;
        int o = 6 * id;
        double sx = displacementScale * dx;
        double sy = displacementScale * dy;
        double sz = displacementScale * dz;
        double nMinX = minX - margin + Math.min(sx, 0);
        double nMinY = minY - margin + Math.min(sy, 0);
        double nMinZ = minZ - margin + Math.min(sz, 0);
        double nMaxX = maxX + margin + Math.max(sx, 0);
        double nMaxY = maxY + margin + Math.max(sy, 0);
        double nMaxZ = maxZ + margin + Math.max(sz, 0);
        boolean containsTight = f[o] <= minX && f[o + 1] <= minY && f[o + 2] <= minZ
                && maxX <= f[o + 3] && maxY <= f[o + 4] && maxZ <= f[o + 5];
        if (containsTight) {
            double slack = SHRINK_SLACK * margin;
            boolean notTooLarge = nMinX - slack <= f[o] && nMinY - slack <= f[o + 1] && nMinZ - slack <= f[o + 2]
                    && f[o + 3] <= nMaxX + slack && f[o + 4] <= nMaxY + slack && f[o + 5] <= nMaxZ + slack;
            if (notTooLarge) {
                return false;
            }
        }
        if (beforeMove != null) {
            beforeMove.run();
        }
        f[o] = nMinX;
        f[o + 1] = nMinY;
        f[o + 2] = nMinZ;
        f[o + 3] = nMaxX;
        f[o + 4] = nMaxY;
        f[o + 5] = nMaxZ;
        return true;
    }

    void check(int id) {
        if (id < 0 || id >= end || !live[id]) {
            throw new IllegalArgumentException("proxy id " + id + " is not live (never created or destroyed)");
        }
    }

    void fatBounds(int id, double[] out6) {
        check(id);
        if (out6 == null || out6.length < 6) {
            throw new IllegalArgumentException("fatBounds: output array needs 6 entries, got "
                    + (out6 == null ? "null" : out6.length));
        }
        System.arraycopy(fat, 6 * id, out6, 0, 6);
    }

    boolean accepts(PairFilter filter, int a, int b) {
        return filter.accepts(userData[a], group[a], mask[a], isStatic[a], userData[b], group[b], mask[b],
                isStatic[b]);
    }

    /** True when the fat boxes of proxies a and b overlap (inclusive). */
    boolean overlap(int a, int b) {
        double[] f = fat;
        int i = 6 * a;
        int j = 6 * b;
        return f[i] <= f[j + 3] && f[j] <= f[i + 3]
                && f[i + 1] <= f[j + 4] && f[j + 1] <= f[i + 4]
                && f[i + 2] <= f[j + 5] && f[j + 2] <= f[i + 5];
    }

    static void checkBounds(String what, double minX, double minY, double minZ, double maxX, double maxY,
                            double maxZ) {
        checkAxis(what, "X", minX, maxX);
        checkAxis(what, "Y", minY, maxY);
        checkAxis(what, "Z", minZ, maxZ);
    }

    private static void checkAxis(String what, String axis, double min, double max) {
        if (!Double.isFinite(min)) {
            throw new IllegalArgumentException(what + ": min" + axis + " must be finite, got " + min);
        }
        if (!Double.isFinite(max)) {
            throw new IllegalArgumentException(what + ": max" + axis + " must be finite, got " + max);
        }
        if (min > max) {
            throw new IllegalArgumentException(what + ": min" + axis + " must be <= max" + axis + ", got "
                    + min + " > " + max);
        }
    }

    static void checkRay(double ox, double oy, double oz, double dx, double dy, double dz, double maxFraction) {
        if (!Double.isFinite(ox) || !Double.isFinite(oy) || !Double.isFinite(oz)) {
            throw new IllegalArgumentException("ray origin must be finite, got (" + ox + ", " + oy + ", " + oz + ")");
        }
        if (!Double.isFinite(dx) || !Double.isFinite(dy) || !Double.isFinite(dz)) {
            throw new IllegalArgumentException("ray direction must be finite, got (" + dx + ", " + dy + ", " + dz
                    + ")");
        }
        if (!(maxFraction >= 0) || !Double.isFinite(maxFraction)) {
            throw new IllegalArgumentException("ray maxFraction must be >= 0 and finite, got " + maxFraction);
        }
    }

    /**
     * Slab test (Ericson, Real-Time Collision Detection, 5.3.3): does the segment {@code o + t d},
     * {@code t in [0, tMax]}, meet the box? The caller passes the reciprocal direction {@code i}; a
     * component whose reciprocal is infinite (zero or subnormal direction) is flagged in {@code z} and
     * keeps the slab only if the origin is inside it. Each bound enters through a subtraction and a product, both monotone, so a box that
     * contains another passes whenever the inner one does (the tree's pruning never drops a hit).
     */
    static boolean rayHitsBox(double[] box, int o, double ox, double oy, double oz, double ix, double iy,
                              double iz, boolean zx, boolean zy, boolean zz, double tMax) {
        double t0 = 0;
        double t1 = tMax;
        if (zx) {
            if (ox < box[o] || ox > box[o + 3]) {
                return false;
            }
        } else {
            double a = (box[o] - ox) * ix;
            double b = (box[o + 3] - ox) * ix;
            t0 = Math.max(t0, Math.min(a, b));
            t1 = Math.min(t1, Math.max(a, b));
        }
        if (zy) {
            if (oy < box[o + 1] || oy > box[o + 4]) {
                return false;
            }
        } else {
            double a = (box[o + 1] - oy) * iy;
            double b = (box[o + 4] - oy) * iy;
            t0 = Math.max(t0, Math.min(a, b));
            t1 = Math.min(t1, Math.max(a, b));
        }
        if (zz) {
            if (oz < box[o + 2] || oz > box[o + 5]) {
                return false;
            }
        } else {
            double a = (box[o + 2] - oz) * iz;
            double b = (box[o + 5] - oz) * iz;
            t0 = Math.max(t0, Math.min(a, b));
            t1 = Math.min(t1, Math.max(a, b));
        }
        return t0 <= t1;
    }

    /** Makes this store an exact copy of {@code other} (same margins); allocates nothing once grown. */
    void copyFrom(ProxyStore other) {
        int n = other.end;
        if (userData.length < n) {
            grow(Math.max(n, other.userData.length));
        }
        System.arraycopy(other.fat, 0, fat, 0, 6 * n);
        System.arraycopy(other.userData, 0, userData, 0, n);
        System.arraycopy(other.group, 0, group, 0, n);
        System.arraycopy(other.mask, 0, mask, 0, n);
        System.arraycopy(other.isStatic, 0, isStatic, 0, n);
        System.arraycopy(other.live, 0, live, 0, n);
        System.arraycopy(other.nextFree, 0, nextFree, 0, n);
        freeHead = other.freeHead;
        end = n;
        count = other.count;
    }

    void writeState(DataOutput out) throws IOException {
        out.writeDouble(margin);
        out.writeDouble(displacementScale);
        out.writeInt(end);
        out.writeInt(count);
        out.writeInt(freeHead);
        for (int i = 0; i < end; i++) {
            for (int k = 0; k < 6; k++) {
                out.writeDouble(fat[6 * i + k]);
            }
            out.writeInt(userData[i]);
            out.writeInt(group[i]);
            out.writeInt(mask[i]);
            out.writeBoolean(isStatic[i]);
            out.writeBoolean(live[i]);
            out.writeInt(nextFree[i]);
        }
    }

    /**
     * Replaces the proxies with what {@link #writeState} wrote, each live one holding a user value
     * (a collider) below {@code users} whose own record of its proxy ({@code proxyOfUser}) is that
     * proxy, {@code proxyUsers} of them, the free list through the dead ones only.
     */
    void readState(StateInput in, int users, IntUnaryOperator proxyOfUser, int proxyUsers) throws IOException {
        double m = in.readDouble(), d = in.readDouble();
        if (Double.compare(m, margin) != 0 || Double.compare(d, displacementScale) != 0) {
            throw StateInput.refuse("broad phase margins " + m + ", " + d + " differ from " + margin + ", "
                    + displacementScale);
        }
        int n = in.count("broad phase proxies", 8 * 6 + 4 * 4 + 2, Integer.MAX_VALUE / 6);
        int c = in.readInt();
        int head = in.readInt();
        if (c < 0 || c > n || head < -1 || head >= n) {
            throw StateInput.refuse("broad phase proxies " + n + ", live " + c + ", free head " + head);
        }
        if (userData.length < n) {
            grow(n);
        }
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 6; k++) {
                fat[6 * i + k] = in.readDouble();
                if (Double.isNaN(fat[6 * i + k])) {
                    throw StateInput.refuse("broad phase proxy " + i + "'s box is NaN");
                }
            }
            userData[i] = in.readInt();
            group[i] = in.readInt();
            mask[i] = in.readInt();
            isStatic[i] = in.readBoolean();
            live[i] = in.readBoolean();
            nextFree[i] = in.readInt();
        }
        int lives = 0;
        for (int i = 0; i < n; i++) {
            if (live[i]) {
                lives++;
                StateInput.checkIndex("broad phase proxy " + i + "'s collider", userData[i], users, false);
                if (proxyOfUser.applyAsInt(userData[i]) != i) {
                    throw StateInput.refuse("broad phase proxy " + i + " holds collider " + userData[i]
                            + ", whose proxy is " + proxyOfUser.applyAsInt(userData[i]));
                }
                if (fat[6 * i] > fat[6 * i + 3] || fat[6 * i + 1] > fat[6 * i + 4] || fat[6 * i + 2] > fat[6 * i + 5]) {
                    throw StateInput.refuse("broad phase proxy " + i + "'s box is inside out");
                }
            }
        }
        if (lives != c || lives != proxyUsers) {
            throw StateInput.refuse("broad phase proxies: " + lives + " live, the count says " + c + ", the colliders "
                    + proxyUsers);
        }
        int steps = 0;
        for (int f = head; f != -1; f = nextFree[f]) {
            StateInput.checkIndex("broad phase free proxy", f, n, false);
            if (live[f] || ++steps > n) {
                throw StateInput.refuse("broad phase free list runs through proxy " + f
                        + (live[f] ? ", which is live" : " twice"));
            }
        }
        end = n;
        count = c;
        freeHead = head;
    }

    private void grow(int cap) {
        fat = Arrays.copyOf(fat, 6 * cap);
        userData = Arrays.copyOf(userData, cap);
        group = Arrays.copyOf(group, cap);
        mask = Arrays.copyOf(mask, cap);
        isStatic = Arrays.copyOf(isStatic, cap);
        live = Arrays.copyOf(live, cap);
        nextFree = Arrays.copyOf(nextFree, cap);
    }
}
