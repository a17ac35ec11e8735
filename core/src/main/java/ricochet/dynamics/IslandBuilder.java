package ricochet.dynamics;

import java.util.Arrays;

/**
 * Islands: the connected components of the graph whose nodes are awake dynamic bodies (dense
 * indices) and whose edges are touching contacts (and, later, joints). A whole island sleeps or
 * wakes together, because a body resting on another is only at rest while the other is.
 *
 * <p>Union-find with union by index (the smaller root wins) and path halving, rebuilt every step.
 * Linking by index rather than rank keeps roots independent of the order edges arrive in, so the
 * island a body lands in never depends on iteration order (determinism).
 */
public final class IslandBuilder {

    private int[] parent = new int[16];
    private int count;

    /** Every body 0..n-1 its own island. */
    public void reset(int n) {
        if (n > parent.length) {
            parent = Arrays.copyOf(parent, Math.max(n, 2 * parent.length));
        }
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        count = n;
    }

    public int size() {
        return count;
    }

    /** Joins the islands of bodies a and b. */
    public void link(int a, int b) {
        int ra = root(a), rb = root(b);
        if (ra < rb) {
            parent[rb] = ra;
        } else if (rb < ra) {
            parent[ra] = rb;
        }
    }

    /** The island of body i: the smallest dense index in it. */
    public int root(int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }
}
