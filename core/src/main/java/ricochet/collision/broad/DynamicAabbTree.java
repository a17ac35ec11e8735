package ricochet.collision.broad;

import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.function.IntUnaryOperator;
import ricochet.math.StateInput;

/**
 * A dynamic bounding-volume tree over the proxies' fat boxes (Box2D's {@code b2DynamicTree}; Catto,
 * "Dynamic Bounding Volume Hierarchies", GDC 2019). Leaves hold proxies; every internal node has two
 * children and the union of their boxes.
 *
 * <p><b>Insert</b> walks down from the root into the child whose surface area grows least when the new
 * box joins it (the surface-area heuristic's cost descent, down to a leaf), and pairs the new leaf with
 * that leaf under a new internal node. <b>Remove</b> puts the leaf's sibling in its parent's place.
 * <b>Move</b> re-inserts a leaf only when its fat box has to change (see {@link BroadPhase#moveProxy}).
 *
 * <p><b>Balance.</b> After each insert or remove the nodes on the path to the root are re-fitted and
 * rotated bottom-up so that at every node the two children's heights differ by at most one (the AVL
 * condition, here on an unordered tree). A rotation at node {@code A} whose child {@code C} is two or more
 * taller than its other child {@code B} swaps {@code B} with {@code C}'s taller child, then balances the
 * demoted node ({@code C}, now over {@code B} and {@code C}'s shorter child) the same way: this is the
 * join of two AVL trees and needs at most their height difference in rotations. When {@code C}'s children
 * are equally tall, the one left under {@code C} is the one whose union with {@code B} has the smaller
 * area. With the AVL condition a tree of height {@code h} has at least {@code F(h + 2)} leaves (Fibonacci,
 * {@code F(1) = F(2) = 1}), so the height of a tree of {@code n} leaves is at most
 * {@code log_phi(n) ~ 1.44 log2(n)}.
 *
 * <p><b>Rebuild.</b> Before pairs are found, the tree is rebuilt top down (median splits) once the summed
 * area of its internal nodes has grown 1.5 times since the last rebuild: drifting boxes re-inserted one
 * by one degrade it otherwise.
 *
 * <p><b>Pairs</b> are kept from one {@link #findPairs} to the next. Whether two fat boxes overlap changes
 * only when one of them changes, so only proxies whose fat box changed (or that were created, destroyed
 * or re-grouped) since the last call are queried: their old pairs are dropped, the tree is asked for
 * their new ones (a pair of two such proxies is taken from the smaller id only), and the two sorted
 * lists are merged. A resting body's fat box stays put for good, so a settled scene queries almost
 * nothing (Box2D v3 keeps its pairs the same way, as contacts begun by moved proxies). The result is
 * exactly what querying every proxy gives, which the first call, and any call after the filter's
 * exclusions changed, still does: every non-static proxy's fat box against the tree, a static hit always
 * a pair, a dynamic hit only when its id is larger (so each pair is met once). The result is sorted by
 * id. Node storage is parallel primitive arrays with a free list; nothing allocates once they have
 * grown.
 *
 * <p>Callbacks given to {@link #query} and {@link #raycast} must not call back into this tree.
 */
public final class DynamicAabbTree implements BroadPhase {

    /** Default fat-box margin, metres. */
    public static final double DEFAULT_MARGIN = 0.1;
    /**
     * Default stretch of the fat box along the predicted displacement, as a multiple of it (Box2D v2.4's
     * {@code b2_aabbMultiplier}).
     */
    public static final double DEFAULT_DISPLACEMENT_SCALE = 4.0;

    private static final int NULL = TreeNodes.NULL;

    private final ProxyStore proxies;
    private final PairFilter filter;
    private final PairSorter pairs = new PairSorter();

    private final TreeNodes nodes = new TreeNodes(32);

    private int[] proxyLeaf = new int[16];
    private int[] stack = new int[64];

    // The pairs of the last findPairs (sorted keys, see PairSorter) and what changed since.
    private long[] kept = new long[64];
    private int keptCount;
    private long[] merged = new long[64];
    /** By proxy id: its fat box, life or groups changed since the last findPairs. */
    private boolean[] changed = new boolean[16];
    private int[] changedList = new int[16];
    private int changedCount;
    /** Every pair must be found afresh: no findPairs yet, or the filter's exclusions changed. */
    private boolean allChanged = true;
    private long filterChanges;

    /** A tree with the default margin (0.1 m), displacement scale (4) and a new empty filter. */
    public DynamicAabbTree() {
        this(DEFAULT_MARGIN, DEFAULT_DISPLACEMENT_SCALE, new PairFilter());
    }

    /**
     * @param margin            metres added to every side of a tight box, {@code >= 0}
     * @param displacementScale multiple of the predicted displacement added along it, {@code >= 0}
     * @param filter            the pair filter {@link #findPairs} consults (may be shared)
     */
    public DynamicAabbTree(double margin, double displacementScale, PairFilter filter) {
        if (filter == null) {
            throw new IllegalArgumentException("dynamic tree: filter must not be null");
        }
        this.proxies = new ProxyStore(margin, displacementScale, 16);
        this.proxies.beforeMove = this::beforeChange;
        this.filter = filter;
    }

    @Override
    public int createProxy(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                           int userData, boolean isStatic, int group, int mask) {
        beforeChange();
        int id = proxies.create(minX, minY, minZ, maxX, maxY, maxZ, userData, isStatic, group, mask);
        if (id >= proxyLeaf.length) {
            proxyLeaf = Arrays.copyOf(proxyLeaf, Math.max(2 * proxyLeaf.length, id + 1));
            changed = Arrays.copyOf(changed, proxyLeaf.length);
        }
        markChanged(id);
        TreeNodes t = nodes;
        int leaf = t.allocateNode();
        t.nodeProxy[leaf] = id;
        t.height[leaf] = 0;
        t.child1[leaf] = NULL;
        t.child2[leaf] = NULL;
        System.arraycopy(proxies.fat, 6 * id, t.box, 6 * leaf, 6);
        proxyLeaf[id] = leaf;
        t.insertLeaf(leaf);
        return id;
    }

    @Override
    public void destroyProxy(int proxy) {
        proxies.check(proxy);
        beforeChange();
        int leaf = proxyLeaf[proxy];
        nodes.removeLeaf(leaf);
        nodes.freeNode(leaf);
        proxyLeaf[proxy] = NULL;
        proxies.destroy(proxy);
        markChanged(proxy);
    }

    @Override
    public boolean moveProxy(int proxy, double minX, double minY, double minZ, double maxX, double maxY,
                             double maxZ, double dx, double dy, double dz) {
        if (!proxies.move(proxy, minX, minY, minZ, maxX, maxY, maxZ, dx, dy, dz)) {
            return false;
        }
        int leaf = proxyLeaf[proxy];
        nodes.removeLeaf(leaf);
        System.arraycopy(proxies.fat, 6 * proxy, nodes.box, 6 * leaf, 6);
        nodes.insertLeaf(leaf);
        markChanged(proxy);
        return true;
    }

    @Override
    public void setGroupAndMask(int proxy, int group, int mask) {
        proxies.check(proxy);
        beforeChange();
        proxies.group[proxy] = group;
        proxies.mask[proxy] = mask;
        markChanged(proxy);
    }

    private void markChanged(int proxy) {
        if (allChanged) {
            return;
        }
        if (!changed[proxy]) {
            changed[proxy] = true;
            if (changedCount == changedList.length) {
                changedList = Arrays.copyOf(changedList, 2 * changedCount);
            }
            changedList[changedCount++] = proxy;
        }
    }

    @Override
    public void findPairs(PairBuffer out) {
        if (changedCount > 0 || allChanged || filter.changes() != filterChanges) {
            beforeChange();
        }
        pairs.clear();
        rebuildIfDegraded();
        if (filter.changes() != filterChanges) {
            filterChanges = filter.changes();
            allChanged = true;
        }
        if (allChanged) {
            findAllPairs();
            long[] sorted = pairs.sort();
            keptCount = pairs.count();
            if (kept.length < keptCount) {
                kept = new long[Math.max(keptCount, 2 * kept.length)];
            }
            System.arraycopy(sorted, 0, kept, 0, keptCount);
        } else if (changedCount > 0) {
            findChangedPairs();
            mergeChangedPairs(pairs.sort(), pairs.count());
        }
        for (int k = 0; k < changedCount; k++) {
            changed[changedList[k]] = false;
        }
        changedCount = 0;
        allChanged = false;
        out.clear();
        for (int k = 0; k < keptCount; k++) {
            long key = kept[k];
            out.add((int) (key >>> 32), (int) key);
        }
    }

    /** Every pair: each non-static proxy's fat box against the tree. */
    private void findAllPairs() {
        if (nodes.root == NULL) {
            return;
        }
        ProxyStore p = proxies;
        for (int i = 0; i < p.end; i++) {
            if (p.live[i] && !p.isStatic[i]) {
                queryPairs(i, false);
            }
        }
    }

    /** The pairs of the proxies that changed (live ones), each pair once. */
    private void findChangedPairs() {
        if (nodes.root == NULL) {
            return;
        }
        ProxyStore p = proxies;
        for (int k = 0; k < changedCount; k++) {
            int i = changedList[k];
            if (i < p.end && p.live[i]) {
                queryPairs(i, true);
            }
        }
    }

    /**
     * Adds the pairs of proxy i with the proxies whose fat boxes overlap its own. With
     * {@code changedOnly} false, i is not static and a dynamic partner is taken only when its id is
     * larger; with it true, a changed partner only when its id is larger (the other changed proxy's
     * query takes it otherwise), any unchanged one always, and two static proxies never.
     */
    private void queryPairs(int i, boolean changedOnly) {
        ProxyStore p = proxies;
        double[] f = p.fat;
        TreeNodes t = nodes;
        double[] b = t.box;
        int[] leafProxy = t.nodeProxy, c1 = t.child1, c2 = t.child2;
        int o = 6 * i;
        double minX = f[o];
        double minY = f[o + 1];
        double minZ = f[o + 2];
        double maxX = f[o + 3];
        double maxY = f[o + 4];
        double maxZ = f[o + 5];
        boolean staticI = p.isStatic[i];
        int top = 0;
        stack[top++] = t.root;
        while (top > 0) {
            int n = stack[--top];
            int q = 6 * n;
            if (b[q] > maxX || b[q + 3] < minX || b[q + 1] > maxY || b[q + 4] < minY
                    || b[q + 2] > maxZ || b[q + 5] < minZ) {
                continue;
            }
            int j = leafProxy[n];
            if (j == NULL) {
                top = push(top, c1[n], c2[n]);
                continue;
            }
            if (j == i) {
                continue;
            }
            boolean take = changedOnly
                    ? !(staticI && p.isStatic[j]) && (!changed[j] || j > i)
                    : p.isStatic[j] || j > i;
            if (take && p.accepts(filter, i, j)) {
                pairs.add(i, j);
            }
        }
    }

    /**
     * {@code kept} becomes its pairs of unchanged proxies merged with the changed proxies' new pairs
     * {@code fresh[0, n)}; both are sorted, so is the result.
     */
    private void mergeChangedPairs(long[] fresh, int n) {
        if (merged.length < keptCount + n) {
            merged = new long[Math.max(keptCount + n, 2 * merged.length)];
        }
        boolean[] c = changed;
        int m = 0;
        int j = 0;
        for (int k = 0; k < keptCount; k++) {
            long key = kept[k];
            int first = (int) (key >>> 32), second = (int) key;
            if (c[first] || c[second]) {
                continue;
            }
            while (j < n && fresh[j] < key) {
                merged[m++] = fresh[j++];
            }
            merged[m++] = key;
        }
        while (j < n) {
            merged[m++] = fresh[j++];
        }
        long[] t = kept;
        kept = merged;
        merged = t;
        keptCount = m;
    }

    @Override
    public void query(double minX, double minY, double minZ, double maxX, double maxY, double maxZ,
                      ProxyCallback callback) {
        ProxyStore.checkBounds("query bounds", minX, minY, minZ, maxX, maxY, maxZ);
        TreeNodes t = nodes;
        if (t.root == NULL) {
            return;
        }
        double[] b = t.box;
        int[] leafProxy = t.nodeProxy, c1 = t.child1, c2 = t.child2;
        int top = 0;
        stack[top++] = t.root;
        while (top > 0) {
            int n = stack[--top];
            int q = 6 * n;
            if (b[q] > maxX || b[q + 3] < minX || b[q + 1] > maxY || b[q + 4] < minY
                    || b[q + 2] > maxZ || b[q + 5] < minZ) {
                continue;
            }
            int j = leafProxy[n];
            if (j == NULL) {
                top = push(top, c1[n], c2[n]);
            } else if (!callback.reportProxy(j)) {
                return;
            }
        }
    }

    @Override
    public void raycast(double ox, double oy, double oz, double dx, double dy, double dz, double maxFraction,
                        RayCallback callback) {
        ProxyStore.checkRay(ox, oy, oz, dx, dy, dz, maxFraction);
        TreeNodes t = nodes;
        if (t.root == NULL) {
            return;
        }
        double[] b = t.box;
        int[] leafProxy = t.nodeProxy, c1 = t.child1, c2 = t.child2;
        double ix = 1.0 / dx;
        double iy = 1.0 / dy;
        double iz = 1.0 / dz;
        boolean zx = Double.isInfinite(ix);
        boolean zy = Double.isInfinite(iy);
        boolean zz = Double.isInfinite(iz);
        double tMax = maxFraction;
        int top = 0;
        stack[top++] = t.root;
        while (top > 0) {
            int n = stack[--top];
            if (!ProxyStore.rayHitsBox(b, 6 * n, ox, oy, oz, ix, iy, iz, zx, zy, zz, tMax)) {
                continue;
            }
            int j = leafProxy[n];
            if (j == NULL) {
                top = push(top, c1[n], c2[n]);
            } else {
                double f = callback.reportProxy(j, tMax);
                if (!(f > 0)) {
                    return;
                }
                tMax = Math.min(tMax, f);
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

    /** Height of the tree: 0 for a single leaf, -1 when empty. */
    public int height() {
        return nodes.treeHeight();
    }

    // ---------------------------------------------------------------- checkpoint and snapshot

    /** A checkpoint was taken and its changes are being recorded. */
    private boolean armed;
    /** The state at the checkpoint was copied (at the first change after it). */
    private boolean saved;
    private ProxyStore savedProxies;
    private TreeNodes savedNodes;
    private int[] savedProxyLeaf = new int[0];
    private long[] savedKept = new long[0];
    private int savedKeptCount;
    private boolean[] savedChanged = new boolean[0];
    private int[] savedChangedList = new int[0];
    private int savedChangedCount;
    private boolean savedAllChanged;
    private long savedFilterChanges;
    private double savedBuiltCost;

    /**
     * Copies nothing now: the tree is copied at its first change after the checkpoint (a fat box
     * that must grow, a rebuild, new pairs to merge), so a step in which no fat box moves, as in a
     * settled scene, costs nothing here. Allocates nothing once the copies have grown.
     */
    @Override
    public void checkpoint() {
        armed = true;
        saved = false;
    }

    @Override
    public void commit() {
        armed = false;
        saved = false;
    }

    @Override
    public void rollback() {
        if (saved) {
            proxies.copyFrom(savedProxies);
            nodes.copyFrom(savedNodes);
            int p = proxies.end;
            ensureProxyArrays(p);
            System.arraycopy(savedProxyLeaf, 0, proxyLeaf, 0, p);
            System.arraycopy(savedChanged, 0, changed, 0, p);
            if (kept.length < savedKeptCount) {
                kept = new long[savedKept.length];
            }
            System.arraycopy(savedKept, 0, kept, 0, savedKeptCount);
            keptCount = savedKeptCount;
            if (changedList.length < savedChangedCount) {
                changedList = new int[savedChangedList.length];
            }
            System.arraycopy(savedChangedList, 0, changedList, 0, savedChangedCount);
            changedCount = savedChangedCount;
            allChanged = savedAllChanged;
            filterChanges = savedFilterChanges;
            builtCost = savedBuiltCost;
        }
        armed = false;
        saved = false;
    }

    /** Before the first change after a checkpoint: copy everything the change may touch. */
    private void beforeChange() {
        if (!armed || saved) {
            return;
        }
        saved = true;
        if (savedProxies == null) {
            savedProxies = new ProxyStore(proxies.margin, proxies.displacementScale, proxies.userData.length);
        }
        savedProxies.copyFrom(proxies);
        if (savedNodes == null) {
            savedNodes = new TreeNodes(0);
        }
        savedNodes.copyFrom(nodes);
        int p = proxies.end;
        if (savedProxyLeaf.length < p) {
            savedProxyLeaf = new int[proxyLeaf.length];
            savedChanged = new boolean[proxyLeaf.length];
        }
        System.arraycopy(proxyLeaf, 0, savedProxyLeaf, 0, p);
        System.arraycopy(changed, 0, savedChanged, 0, p);
        if (savedKept.length < keptCount) {
            savedKept = new long[kept.length];
        }
        System.arraycopy(kept, 0, savedKept, 0, keptCount);
        savedKeptCount = keptCount;
        if (savedChangedList.length < changedCount) {
            savedChangedList = new int[changedList.length];
        }
        System.arraycopy(changedList, 0, savedChangedList, 0, changedCount);
        savedChangedCount = changedCount;
        savedAllChanged = allChanged;
        savedFilterChanges = filterChanges;
        savedBuiltCost = builtCost;
    }

    private void ensureProxyArrays(int n) {
        if (proxyLeaf.length < n) {
            proxyLeaf = Arrays.copyOf(proxyLeaf, n);
            changed = Arrays.copyOf(changed, n);
        }
    }

    /**
     * The proxies, every node of the tree as it is (so queries visit bodies in the same order), the
     * kept pairs and what changed since they were found, bit for bit.
     */
    @Override
    public void writeState(DataOutput out) throws IOException {
        proxies.writeState(out);
        nodes.writeState(out);
        for (int p = 0; p < proxies.end; p++) {
            out.writeInt(proxyLeaf[p]);
            out.writeBoolean(changed[p]);
        }
        out.writeInt(keptCount);
        for (int k = 0; k < keptCount; k++) {
            out.writeLong(kept[k]);
        }
        out.writeInt(changedCount);
        for (int k = 0; k < changedCount; k++) {
            out.writeInt(changedList[k]);
        }
        out.writeBoolean(allChanged);
        out.writeBoolean(filter.changes() != filterChanges);
        out.writeDouble(builtCost);
    }

    @Override
    public void readState(StateInput in, int users, IntUnaryOperator proxyOfUser, int proxyUsers)
            throws IOException {
        proxies.readState(in, users, proxyOfUser, proxyUsers);
        int p = proxies.end;
        nodes.readState(in, k -> k >= 0 && k < p && proxies.live[k]);
        ensureProxyArrays(p);
        int leaves = 0;
        for (int k = 0; k < p; k++) {
            proxyLeaf[k] = in.readInt();
            changed[k] = in.readBoolean();
            if (proxies.live[k]) {
                int leaf = StateInput.checkIndex("proxy " + k + "'s leaf", proxyLeaf[k], nodes.nodeEnd, false);
                if (nodes.nodeProxy[leaf] != k || nodes.height[leaf] != 0) {
                    throw StateInput.refuse("proxy " + k + "'s leaf " + leaf + " holds proxy " + nodes.nodeProxy[leaf]);
                }
                leaves++;
            }
        }
        if (leaves != proxies.count) {
            throw StateInput.refuse("the tree has " + leaves + " proxies' leaves, " + proxies.count + " are live");
        }
        int kc = in.count("kept pairs", 8, Integer.MAX_VALUE);
        if (kept.length < kc) {
            kept = new long[kc];
        }
        for (int k = 0; k < kc; k++) {
            kept[k] = in.readLong();
            int first = (int) (kept[k] >>> 32), second = (int) kept[k];
            if (first < 0 || first >= second || second >= p || !proxies.live[first] || !proxies.live[second]
                    || (k > 0 && kept[k] <= kept[k - 1])) {
                throw StateInput.refuse("kept pair " + k + " (proxies " + first + ", " + second + ") is not a pair of"
                        + " live proxies in order");
            }
        }
        keptCount = kc;
        int cc = in.count("changed proxies", 4, p);
        if (changedList.length < cc) {
            changedList = new int[cc];
        }
        for (int k = 0; k < cc; k++) {
            changedList[k] = in.index("changed proxy", p, false);
            if (!changed[changedList[k]]) {
                throw StateInput.refuse("changed proxy " + changedList[k] + " is not marked changed");
            }
        }
        changedCount = cc;
        allChanged = in.readBoolean();
        boolean filterStale = in.readBoolean();
        filterChanges = filter.changes() - (filterStale ? 1 : 0);
        builtCost = in.readDouble();
        if (Double.isNaN(builtCost)) {
            throw StateInput.refuse("the tree's built cost is NaN");
        }
        armed = false;
        saved = false;
    }

    // Structure, for the tests' invariant checks.

    int root() {
        return nodes.root;
    }

    int child1(int node) {
        return nodes.child1[node];
    }

    int child2(int node) {
        return nodes.child2[node];
    }

    int parent(int node) {
        return nodes.parent[node];
    }

    int nodeHeight(int node) {
        return nodes.height[node];
    }

    /** The proxy a leaf holds, or -1 for an internal node. */
    int nodeProxy(int node) {
        return nodes.nodeProxy[node];
    }

    int leafOf(int proxy) {
        proxies.check(proxy);
        return proxyLeaf[proxy];
    }

    void nodeBounds(int node, double[] out6) {
        System.arraycopy(nodes.box, 6 * node, out6, 0, 6);
    }

    private int push(int top, int a, int b) {
        if (top + 2 > stack.length) {
            stack = Arrays.copyOf(stack, 2 * stack.length);
        }
        stack[top] = a;
        stack[top + 1] = b;
        return top + 2;
    }

    /**
     * Incremental inserts and height-only rotations let a tree of drifting boxes pair far-apart
     * subtrees: the summed area of the internal nodes (what queries pay for, by the surface-area
     * heuristic) creeps up and queries slow down (measured: 164 to 460 node visits per query over 50
     * updates of 10,000 boxes). When that area has grown by {@link #REBUILD_RATIO} since the last
     * rebuild, rebuild top down.
     */
    private void rebuildIfDegraded() {
        TreeNodes t = nodes;
        if (t.root == NULL || t.nodeProxy[t.root] != NULL) {
            return;
        }
        double cost = t.internalArea();
        if (builtCost < 0 || cost > REBUILD_RATIO * builtCost) {
            beforeChange();
            t.rebuild();
            builtCost = t.internalArea();
        }
    }

    /** Growth of the internal nodes' summed area that triggers a rebuild. */
    static final double REBUILD_RATIO = 1.5;
    private double builtCost = -1;
}
