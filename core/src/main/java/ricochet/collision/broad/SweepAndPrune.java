package ricochet.collision.broad;

import java.util.Arrays;

/**
 * Sort-and-sweep on one axis (Baraff's thesis 1992, ch. 7; Ericson, Real-Time Collision Detection 7.5.2;
 * Terdiman's "box pruning"). The live proxies are kept in an array ordered by the minimum of their fat
 * box on the sweep axis; each {@link #findPairs} refreshes the keys and restores the order by insertion
 * sort, which costs little more than one pass while motion between updates is small (and with fat boxes
 * most keys do not change at all). The sweep then walks the array and, for each proxy, the ones after it
 * until their minimum passes its maximum, testing the other two axes and the filter.
 *
 * <p>Like {@link DynamicAabbTree} it stores and pairs <em>fat</em> boxes (same margin and displacement
 * stretch), so the two report the same pairs for the same calls.
 *
 * <p>The sweep axis is the one along which the fat boxes' centres vary most (the axis on which the
 * sorted intervals overlap least). It is chosen when the first update runs and again every
 * {@link #AXIS_INTERVAL} updates; a change of axis is followed by a full merge sort. {@link #query} and
 * {@link #raycast} are linear scans: the sorted axis prunes a box query only from one side, and the ray
 * gains nothing; use the tree where queries matter.
 */
public final class SweepAndPrune implements BroadPhase {

    /** Number of {@link #findPairs} calls between choices of the sweep axis. */
    public static final int AXIS_INTERVAL = 64;

    private final ProxyStore proxies;
    private final PairFilter filter;
    private final PairSorter pairs = new PairSorter();

    /** Live proxy ids, ordered by {@code keys} (their fat minimum on {@link #axis}) after each update. */
    private int[] order = new int[16];
    private double[] keys = new double[16];
    private int[] idScratch = new int[16];
    private double[] keyScratch = new double[16];
    private int n;
    private int axis = -1;
    private int updatesSinceAxis;
    private long lastSortMoves;

    /** Sort-and-sweep with the default margin (0.1 m), displacement scale (4) and a new empty filter. */
    public SweepAndPrune() {
        this(DynamicAabbTree.DEFAULT_MARGIN, DynamicAabbTree.DEFAULT_DISPLACEMENT_SCALE, new PairFilter());
    }

    /**
     * @param margin            metres added to every side of a tight box, {@code >= 0}
     * @param displacementScale multiple of the predicted displacement added along it, {@code >= 0}
     * @param filter            the pair filter {@link #findPairs} consults (may be shared)
     */
    public SweepAndPrune(double margin, double displacementScale, PairFilter filter) {
        if (filter == null) {
            throw new IllegalArgumentException("sweep and prune: filter must not be null");
        }
        this.proxies = new ProxyStore(margin, displacementScale, 16);
        this.filter = filter;
    }

    @Override
    public int createProxy(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                           int userData, boolean isStatic, int group, int mask) {
        int id = proxies.create(minX, minY, minZ, maxX, maxY, maxZ, userData, isStatic, group, mask);
        if (n == order.length) {
            int cap = 2 * n;
            order = Arrays.copyOf(order, cap);
            keys = Arrays.copyOf(keys, cap);
            idScratch = new int[cap];
            keyScratch = new double[cap];
        }
        // Appended at the end; the next update's insertion sort moves it into place.
        order[n] = id;
        keys[n] = axis < 0 ? 0 : proxies.fat[6 * id + axis];
        n++;
        return id;
    }

    @Override
    public void destroyProxy(int proxy) {
        proxies.check(proxy);
        int i = 0;
        while (order[i] != proxy) {
            i++;
        }
        System.arraycopy(order, i + 1, order, i, n - i - 1);
        System.arraycopy(keys, i + 1, keys, i, n - i - 1);
        n--;
        proxies.destroy(proxy);
    }

    @Override
    public boolean moveProxy(int proxy, double minX, double minY, double minZ, double maxX, double maxY,
                             double maxZ, double dx, double dy, double dz) {
        return proxies.move(proxy, minX, minY, minZ, maxX, maxY, maxZ, dx, dy, dz);
    }

    @Override
    public void setGroupAndMask(int proxy, int group, int mask) {
        proxies.check(proxy);
        proxies.group[proxy] = group;
        proxies.mask[proxy] = mask;
    }

    @Override
    public void findPairs(PairBuffer out) {
        sort();
        pairs.clear();
        ProxyStore p = proxies;
        double[] f = p.fat;
        int ax = axis;
        for (int s = 0; s < n; s++) {
            int i = order[s];
            double maxOnAxis = f[6 * i + 3 + ax];
            boolean iStatic = p.isStatic[i];
            for (int t = s + 1; t < n && keys[t] <= maxOnAxis; t++) {
                int j = order[t];
                if ((iStatic && p.isStatic[j]) || !p.overlap(i, j) || !p.accepts(filter, i, j)) {
                    continue;
                }
                pairs.add(i, j);
            }
        }
        pairs.sortInto(out);
    }

    @Override
    public void query(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                      ProxyCallback callback) {
        ProxyStore.checkBounds("query bounds", minX, minY, minZ, maxX, maxY, maxZ);
        double[] f = proxies.fat;
        for (int s = 0; s < n; s++) {
            int i = order[s];
            int o = 6 * i;
            if (f[o] <= maxX && minX <= f[o + 3] && f[o + 1] <= maxY && minY <= f[o + 4]
                    && f[o + 2] <= maxZ && minZ <= f[o + 5] && !callback.reportProxy(i)) {
                return;
            }
        }
    }

    @Override
    public void raycast(double ox, double oy, double oz, double dx, double dy, double dz, double maxFraction,
                        RayCallback callback) {
        ProxyStore.checkRay(ox, oy, oz, dx, dy, dz, maxFraction);
        double ix = 1.0 / dx;
        double iy = 1.0 / dy;
        double iz = 1.0 / dz;
        boolean zx = Double.isInfinite(ix);
        boolean zy = Double.isInfinite(iy);
        boolean zz = Double.isInfinite(iz);
        double tMax = maxFraction;
        double[] f = proxies.fat;
        for (int s = 0; s < n; s++) {
            int i = order[s];
            if (ProxyStore.rayHitsBox(f, 6 * i, ox, oy, oz, ix, iy, iz, zx, zy, zz, tMax)) {
                double t = callback.reportProxy(i, tMax);
                if (!(t > 0)) {
                    return;
                }
                tMax = Math.min(tMax, t);
            }
        }
    }

    @Override
    public int userData(int proxy) {
        proxies.check(proxy);
        return proxies.userData[proxy];
    }

    @Override
    public boolean isStatic(int proxy) {
        proxies.check(proxy);
        return proxies.isStatic[proxy];
    }

    @Override
    public void fatBounds(int proxy, double[] out6) {
        proxies.fatBounds(proxy, out6);
    }

    @Override
    public int proxyCount() {
        return proxies.count;
    }

    @Override
    public PairFilter filter() {
        return filter;
    }

    /** The current sweep axis (0 = x, 1 = y, 2 = z), or -1 before the first update. */
    public int axis() {
        return axis;
    }

    /** Element moves the last update's insertion sort made (0 after a full re-sort): its cost beyond O(n). */
    public long lastSortMoves() {
        return lastSortMoves;
    }

    private void sort() {
        if (axis < 0 || ++updatesSinceAxis >= AXIS_INTERVAL) {
            updatesSinceAxis = 0;
            int best = widestAxis();
            if (best != axis) {
                axis = best;
                refreshKeys();
                Sorting.mergeSort(keys, order, n, keyScratch, idScratch);
                lastSortMoves = 0;
                return;
            }
        }
        refreshKeys();
        lastSortMoves = Sorting.insertionSort(keys, order, n);
    }

    private void refreshKeys() {
        double[] f = proxies.fat;
        int ax = axis;
        for (int s = 0; s < n; s++) {
            keys[s] = f[6 * order[s] + ax];
        }
    }

    /** The axis of largest variance of the fat boxes' centres (ties to the lower axis). */
    private int widestAxis() {
        if (n == 0) {
            return 0;
        }
        double[] f = proxies.fat;
        // Centres relative to the first one, so the sums of squares do not cancel far from the origin.
        int first = 6 * order[0];
        double rx = f[first] + f[first + 3];
        double ry = f[first + 1] + f[first + 4];
        double rz = f[first + 2] + f[first + 5];
        double sx = 0;
        double sy = 0;
        double sz = 0;
        double sxx = 0;
        double syy = 0;
        double szz = 0;
        for (int s = 0; s < n; s++) {
            int o = 6 * order[s];
            double cx = f[o] + f[o + 3] - rx;
            double cy = f[o + 1] + f[o + 4] - ry;
            double cz = f[o + 2] + f[o + 5] - rz;
            sx += cx;
            sy += cy;
            sz += cz;
            sxx += cx * cx;
            syy += cy * cy;
            szz += cz * cz;
        }
        // n times the variance of 2 * centre: the common factors do not change the arg max.
        double vx = sxx - sx * sx / n;
        double vy = syy - sy * sy / n;
        double vz = szz - sz * sz / n;
        if (vx >= vy && vx >= vz) {
            return 0;
        }
        return vy >= vz ? 1 : 2;
    }
}
