package ricochet.collision.broad;

import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import ricochet.math.StateInput;

/**
 * The nodes of a {@link DynamicAabbTree} and the operations that keep the tree's shape: insert by
 * cost descent, remove, the AVL rotations, refit and the top-down rebuild (the class comment of
 * {@link DynamicAabbTree} gives the methods and their sources). Nodes are parallel primitive arrays
 * with a free list through {@code parent}; a free node has height -1. Nothing allocates once the
 * arrays have grown.
 */
final class TreeNodes {

    static final int NULL = -1;

    /** Six bounds a node (minX, minY, minZ, maxX, maxY, maxZ), world space, metres. */
    double[] box;
    int[] parent;
    int[] child1;
    int[] child2;
    int[] height;
    /** The proxy a leaf holds, or NULL for an internal node. */
    int[] nodeProxy;
    int freeNode = NULL;
    int nodeEnd;
    int root = NULL;

    TreeNodes(int capacity) {
        box = new double[6 * capacity];
        parent = new int[capacity];
        child1 = new int[capacity];
        child2 = new int[capacity];
        height = new int[capacity];
        nodeProxy = new int[capacity];
    }

    /** Height of the tree: 0 for a single leaf, -1 when empty. */
    int treeHeight() {
        return root == NULL ? -1 : height[root];
    }

    void growNodes(int cap) {
        box = Arrays.copyOf(box, 6 * cap);
        parent = Arrays.copyOf(parent, cap);
        child1 = Arrays.copyOf(child1, cap);
        child2 = Arrays.copyOf(child2, cap);
        height = Arrays.copyOf(height, cap);
        nodeProxy = Arrays.copyOf(nodeProxy, cap);
    }

    /**
     * Becomes a copy of {@code src}'s nodes in use, free list and root: a checkpoint's copy, or the
     * tree going back to one. Grows to {@code src}'s capacity when short, so a warm copy allocates
     * nothing.
     */
    void copyFrom(TreeNodes src) {
        areaKnown = false;
        int n = src.nodeEnd;
        if (parent.length < n) {
            growNodes(src.parent.length);
        }
        System.arraycopy(src.box, 0, box, 0, 6 * n);
        System.arraycopy(src.parent, 0, parent, 0, n);
        System.arraycopy(src.child1, 0, child1, 0, n);
        System.arraycopy(src.child2, 0, child2, 0, n);
        System.arraycopy(src.height, 0, height, 0, n);
        System.arraycopy(src.nodeProxy, 0, nodeProxy, 0, n);
        freeNode = src.freeNode;
        nodeEnd = n;
        root = src.root;
    }

    /** Every node as it is, so that a tree read back visits leaves in the same order. */
    void writeState(DataOutput out) throws IOException {
        out.writeInt(nodeEnd);
        out.writeInt(freeNode);
        out.writeInt(root);
        for (int n = 0; n < nodeEnd; n++) {
            for (int k = 0; k < 6; k++) {
                out.writeDouble(box[6 * n + k]);
            }
            out.writeInt(parent[n]);
            out.writeInt(child1[n]);
            out.writeInt(child2[n]);
            out.writeInt(height[n]);
            out.writeInt(nodeProxy[n]);
        }
    }

    /**
     * Replaces the nodes with what {@link #writeState} wrote, checked as a tree: every node in use
     * reached once from the root, each child's parent its parent, each height one more than its
     * taller child's, each leaf holding a proxy for which {@code liveProxy} is true, every other
     * node on the free list.
     */
    void readState(StateInput in, java.util.function.IntPredicate liveProxy) throws IOException {
        areaKnown = false;
        int n = in.count("tree nodes", 6 * 8 + 5 * 4, Integer.MAX_VALUE / 6);
        int free = in.readInt();
        int top = in.readInt();
        if (free < -1 || free >= n || top < -1 || top >= n) {
            throw StateInput.refuse("tree of " + n + " nodes, free " + free + ", root " + top);
        }
        if (parent.length < n) {
            growNodes(n);
        }
        for (int k = 0; k < n; k++) {
            for (int c = 0; c < 6; c++) {
                box[6 * k + c] = in.readDouble();
            }
            parent[k] = in.readInt();
            child1[k] = in.readInt();
            child2[k] = in.readInt();
            height[k] = in.readInt();
            nodeProxy[k] = in.readInt();
        }
        nodeEnd = n;
        freeNode = free;
        root = top;
        checkShape(liveProxy);
    }

    /** See {@link #readState}; a problem is refused naming the node. */
    private void checkShape(java.util.function.IntPredicate liveProxy) {
        int n = nodeEnd;
        boolean[] seen = new boolean[n];
        int reached = 0;
        if (root != NULL) {
            if (parent[root] != NULL) {
                throw StateInput.refuse("tree root " + root + " has parent " + parent[root]);
            }
            int[] stack = new int[n];
            int top = 0;
            stack[top++] = root;
            seen[root] = true;
            while (top > 0) {
                int node = stack[--top];
                reached++;
                for (int c = 0; c < 6; c++) {
                    if (Double.isNaN(box[6 * node + c])) {
                        throw StateInput.refuse("tree node " + node + "'s box is NaN");
                    }
                }
                if (child1[node] == NULL) {
                    if (child2[node] != NULL || height[node] != 0 || !liveProxy.test(nodeProxy[node])) {
                        throw StateInput.refuse("tree leaf " + node + " (height " + height[node] + ", second child "
                                + child2[node] + ") holds proxy " + nodeProxy[node] + ", not a live one");
                    }
                    continue;
                }
                if (nodeProxy[node] != NULL) {
                    throw StateInput.refuse("tree node " + node + " has children and holds proxy " + nodeProxy[node]);
                }
                for (int c : new int[] {child1[node], child2[node]}) {
                    StateInput.checkIndex("tree node " + node + "'s child", c, n, false);
                    if (seen[c] || parent[c] != node) {
                        throw StateInput.refuse("tree node " + c + " is a child of node " + node + " but its parent is "
                                + parent[c] + (seen[c] ? ", and it is reached twice" : ""));
                    }
                    seen[c] = true;
                    stack[top++] = c;
                }
            }
            for (int node = 0; node < n; node++) {
                if (seen[node] && child1[node] != NULL
                        && height[node] != 1 + Math.max(height[child1[node]], height[child2[node]])) {
                    throw StateInput.refuse("tree node " + node + "'s height " + height[node] + " is not one more"
                            + " than its taller child's");
                }
            }
        }
        int freeCount = 0;
        for (int node = freeNode; node != NULL; node = parent[node]) {
            StateInput.checkIndex("tree free node", node, n, false);
            if (seen[node] || height[node] != -1) {
                throw StateInput.refuse("tree free list runs through node " + node
                        + (seen[node] ? ", which is in the tree or on the list already" : ", which is in use"));
            }
            seen[node] = true;
            freeCount++;
        }
        if (reached + freeCount != n) {
            throw StateInput.refuse("tree of " + n + " nodes has " + reached + " in the tree and " + freeCount
                    + " free: the rest are lost");
        }
    }

    /**
     * The internal nodes' summed area, kept while no node changes: a resting scene moves no fat box
     * for many steps, and summing 2,000 nodes every step was a serial cost of the pile's step.
     */
    double internalArea() {
        if (!areaKnown) {
            knownArea = sumInternalArea();
            areaKnown = true;
        }
        return knownArea;
    }

    boolean areaKnown;
    private double knownArea;

    private int[] leaves = new int[16];

    private double sumInternalArea() {
        double sum = 0;
        for (int n = 0; n < nodeEnd; n++) {
            if (height[n] > 0) {
                sum += area(box, 6 * n);
            }
        }
        return sum;
    }

    /**
     * Rebuilds the tree top down: split the leaves at the median of their centres along the axis of
     * widest centre spread (Wald, "On fast construction of SAH-based BVHs", 2007, describes the
     * trade-off; the median split is the cheap end of it). Sizes of siblings differ by at most one, so
     * the result meets the AVL condition. Deterministic: the selection's pivots depend only on the
     * boxes and the current leaf order.
     */
    void rebuild() {
        int count = 0;
        for (int n = 0; n < nodeEnd; n++) {
            if (height[n] < 0) {
                continue;
            }
            if (nodeProxy[n] != NULL) {
                if (count == leaves.length) {
                    leaves = Arrays.copyOf(leaves, 2 * count);
                }
                leaves[count++] = n;
            } else {
                freeNode(n);
            }
        }
        root = build(0, count, NULL);
    }

    private int build(int lo, int hi, int parentNode) {
        if (hi - lo == 1) {
            int leaf = leaves[lo];
            parent[leaf] = parentNode;
            return leaf;
        }
        double[] b = box;
        double minX = Double.POSITIVE_INFINITY, minY = minX, minZ = minX;
        double maxX = Double.NEGATIVE_INFINITY, maxY = maxX, maxZ = maxX;
        for (int i = lo; i < hi; i++) {
            int o = 6 * leaves[i];
            double cx = b[o] + b[o + 3], cy = b[o + 1] + b[o + 4], cz = b[o + 2] + b[o + 5];
            minX = Math.min(minX, cx);
            maxX = Math.max(maxX, cx);
            minY = Math.min(minY, cy);
            maxY = Math.max(maxY, cy);
            minZ = Math.min(minZ, cz);
            maxZ = Math.max(maxZ, cz);
        }
        double sx = maxX - minX, sy = maxY - minY, sz = maxZ - minZ;
        int axis = sx >= sy && sx >= sz ? 0 : (sy >= sz ? 1 : 2);
        int mid = (lo + hi) >>> 1;
        selectMedian(lo, hi, mid, axis);
        int node = allocateNode();
        parent[node] = parentNode;
        // allocateNode may have grown the arrays: read them afresh after the children are built.
        int c1 = build(lo, mid, node);
        int c2 = build(mid, hi, node);
        child1[node] = c1;
        child2[node] = c2;
        refit(node);
        return node;
    }

    /** Hoare's selection: reorders leaves[lo, hi) so that leaves[k] has the k-th smallest centre on axis. */
    private void selectMedian(int lo, int hi, int k, int axis) {
        int left = lo, right = hi - 1;
        while (left < right) {
            double pivot = centre(leaves[(left + right) >>> 1], axis);
            int i = left, j = right;
            while (i <= j) {
                while (centre(leaves[i], axis) < pivot) {
                    i++;
                }
                while (centre(leaves[j], axis) > pivot) {
                    j--;
                }
                if (i <= j) {
                    int t = leaves[i];
                    leaves[i] = leaves[j];
                    leaves[j] = t;
                    i++;
                    j--;
                }
            }
            if (k <= j) {
                right = j;
            } else if (k >= i) {
                left = i;
            } else {
                return;
            }
        }
    }

    private double centre(int node, int axis) {
        int o = 6 * node + axis;
        return box[o] + box[o + 3];
    }

    int allocateNode() {
        int n;
        if (freeNode != NULL) {
            n = freeNode;
            freeNode = parent[n];
        } else {
            if (nodeEnd == parent.length) {
                int cap = 2 * nodeEnd;
                box = Arrays.copyOf(box, 6 * cap);
                parent = Arrays.copyOf(parent, cap);
                child1 = Arrays.copyOf(child1, cap);
                child2 = Arrays.copyOf(child2, cap);
                height = Arrays.copyOf(height, cap);
                nodeProxy = Arrays.copyOf(nodeProxy, cap);
            }
            n = nodeEnd++;
        }
        parent[n] = NULL;
        child1[n] = NULL;
        child2[n] = NULL;
        nodeProxy[n] = NULL;
        height[n] = 0;
        return n;
    }

    void freeNode(int n) {
        height[n] = -1;
        nodeProxy[n] = NULL;
        parent[n] = freeNode;
        freeNode = n;
    }

    void insertLeaf(int leaf) {
        areaKnown = false;
        if (root == NULL) {
            root = leaf;
            parent[leaf] = NULL;
            return;
        }
        // Cost descent: a leaf's box added under node n makes n's box (and so every ancestor's) grow; go
        // where the area grows least (Goldsmith and Salmon 1987; Box2D v2.4 InsertLeaf). Ties go to child1.
        double[] b = box;
        int l = 6 * leaf;
        int n = root;
        while (nodeProxy[n] == NULL) {
            int c1 = child1[n];
            int c2 = child2[n];
            double cost1 = unionArea(b, l, 6 * c1) - (nodeProxy[c1] == NULL ? area(b, 6 * c1) : 0);
            double cost2 = unionArea(b, l, 6 * c2) - (nodeProxy[c2] == NULL ? area(b, 6 * c2) : 0);
            n = cost1 <= cost2 ? c1 : c2;
        }
        int sibling = n;
        int oldParent = parent[sibling];
        int newParent = allocateNode();
        parent[newParent] = oldParent;
        child1[newParent] = sibling;
        child2[newParent] = leaf;
        parent[sibling] = newParent;
        parent[leaf] = newParent;
        refit(newParent);
        replaceChild(oldParent, sibling, newParent);
    }

    void removeLeaf(int leaf) {
        areaKnown = false;
        if (leaf == root) {
            root = NULL;
            return;
        }
        int p = parent[leaf];
        int grand = parent[p];
        int sibling = child1[p] == leaf ? child2[p] : child1[p];
        parent[leaf] = NULL;
        freeNode(p);
        parent[sibling] = grand;
        replaceChild(grand, p, sibling);
    }

    /**
     * Hangs {@code replacement} where {@code old} hung under {@code p} (or makes it the root when p is
     * NULL), then re-fits and re-balances from p up.
     */
    private void replaceChild(int p, int old, int replacement) {
        if (p == NULL) {
            root = replacement;
            return;
        }
        if (child1[p] == old) {
            child1[p] = replacement;
        } else {
            child2[p] = replacement;
        }
        fixUpwards(p);
    }

    private void fixUpwards(int n) {
        for (int a = n; a != NULL; a = parent[a]) {
            balance(a);
        }
    }

    /**
     * Restores the AVL condition at {@code a}, whose two subtrees each satisfy it, and re-fits {@code a}.
     * See the class comment for why one swap plus the recursive balance of the demoted node suffices.
     */
    private void balance(int a) {
        int b = child1[a];
        int c = child2[a];
        int hb = height[b];
        int hc = height[c];
        if (Math.abs(hb - hc) <= 1) {
            refit(a);
            return;
        }
        int shortChild = hb < hc ? b : c;
        int tall = hb < hc ? c : b;
        int f = child1[tall];
        int g = child2[tall];
        int promote;
        if (height[f] != height[g]) {
            promote = height[f] > height[g] ? f : g;
        } else {
            // Equal heights: keep under `tall` the grandchild that makes the smaller box with shortChild.
            double af = unionArea(box, 6 * shortChild, 6 * f);
            double ag = unionArea(box, 6 * shortChild, 6 * g);
            promote = af <= ag ? g : f;
        }
        // Swap shortChild (a child of a) with promote (a child of tall).
        if (child1[a] == shortChild) {
            child1[a] = promote;
        } else {
            child2[a] = promote;
        }
        if (child1[tall] == promote) {
            child1[tall] = shortChild;
        } else {
            child2[tall] = shortChild;
        }
        parent[promote] = a;
        parent[shortChild] = tall;
        balance(tall);
        refit(a);
    }

    private void refit(int n) {
        areaKnown = false;
        int c1 = child1[n];
        int c2 = child2[n];
        double[] b = box;
        int o = 6 * n;
        int p = 6 * c1;
        int q = 6 * c2;
        b[o] = Math.min(b[p], b[q]);
        b[o + 1] = Math.min(b[p + 1], b[q + 1]);
        b[o + 2] = Math.min(b[p + 2], b[q + 2]);
        b[o + 3] = Math.max(b[p + 3], b[q + 3]);
        b[o + 4] = Math.max(b[p + 4], b[q + 4]);
        b[o + 5] = Math.max(b[p + 5], b[q + 5]);
        height[n] = 1 + Math.max(height[c1], height[c2]);
    }

    /** Half the surface area of box {@code o}: the SAH cost is proportional to it. */
    private static double area(double[] b, int o) {
        double x = b[o + 3] - b[o];
        double y = b[o + 4] - b[o + 1];
        double z = b[o + 5] - b[o + 2];
        return x * y + y * z + z * x;
    }

    private static double unionArea(double[] b, int p, int q) {
        double x = Math.max(b[p + 3], b[q + 3]) - Math.min(b[p], b[q]);
        double y = Math.max(b[p + 4], b[q + 4]) - Math.min(b[p + 1], b[q + 1]);
        double z = Math.max(b[p + 5], b[q + 5]) - Math.min(b[p + 2], b[q + 2]);
        return x * y + y * z + z * x;
    }
}
