package ricochet.collision.broad;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class DynamicAabbTreeTest {

    @Property(tries = 60)
    void structureStaysValidAndAvlBalancedUnderRandomOperations(@ForAll long seed,
                                                               @ForAll @IntRange(min = 1, max = 400) int n) {
        DynamicAabbTree tree = new DynamicAabbTree();
        RandomScene scene = new RandomScene(seed, 5 * Math.cbrt(n), List.of(tree));
        for (int i = 0; i < n; i++) {
            scene.create();
            if (i % 37 == 0) {
                checkInvariants(tree, scene);
            }
        }
        checkInvariants(tree, scene);
        for (int round = 0; round < 5; round++) {
            scene.round(0.5);
            checkInvariants(tree, scene);
        }
        // Destroying down to empty keeps the structure valid at every size.
        while (!scene.live.isEmpty()) {
            scene.destroy(scene.randomLive());
            if (scene.live.size() % 17 == 0) {
                checkInvariants(tree, scene);
            }
        }
        assertEquals(-1, tree.height());
    }

    @Property(tries = 40)
    void rebuildingForPairsKeepsTheStructureAndComesOutAsShallowAsASplitTree(@ForAll long seed,
            @ForAll @IntRange(min = 2, max = 400) int n) {
        DynamicAabbTree tree = new DynamicAabbTree();
        RandomScene scene = new RandomScene(seed, 5 * Math.cbrt(n), List.of(tree));
        for (int i = 0; i < n; i++) {
            scene.create();
        }
        // The first pair search rebuilds a degraded tree by median splits: height ceil(log2 n).
        tree.findPairs(new PairBuffer());
        checkInvariants(tree, scene);
        int leaves = tree.proxyCount();
        int splitHeight = 32 - Integer.numberOfLeadingZeros(leaves - 1);
        assertEquals(splitHeight, tree.height(), "a median-split tree of " + leaves + " leaves");
        for (int round = 0; round < 5; round++) {
            scene.round(0.5);
            tree.findPairs(new PairBuffer());
            checkInvariants(tree, scene);
        }
    }

    @Test
    void sortedInsertionsStayLogarithmicallyDeep() {
        // Boxes added along a line in order: without rotations the cost descent builds a chain of height n.
        DynamicAabbTree tree = new DynamicAabbTree(0, 0, new PairFilter());
        int n = 1024;
        for (int i = 0; i < n; i++) {
            tree.createProxy(i, 0, 0, i + 0.5, 0.5, 0.5, i, false, 1, 1);
        }
        // AVL bound: n >= F(h + 2) gives h <= 14 for 1024 leaves (F(16) = 987, F(17) = 1597).
        assertTrue(fibonacci(tree.height() + 2) <= n, "height " + tree.height());
        assertTrue(tree.height() >= 10, "a binary tree of 1024 leaves is at least log2(1024) deep");
    }

    @Test
    void moveInsideTheFatBoxKeepsTheLeafWhereItIs() {
        DynamicAabbTree tree = new DynamicAabbTree(0.1, 4, new PairFilter());
        for (int i = 0; i < 20; i++) {
            tree.createProxy(i, 0, 0, i + 1, 1, 1, i, false, 1, 1);
        }
        int p = 7;
        double[] before = new double[6];
        tree.fatBounds(p, before);
        int leaf = tree.leafOf(p);
        int parent = tree.parent(leaf);
        // Shift by less than the margin along x, with no predicted displacement: still inside.
        assertFalse(tree.moveProxy(p, 7.05, 0, 0, 8.05, 1, 1, 0, 0, 0));
        double[] after = new double[6];
        tree.fatBounds(p, after);
        assertArrayEquals(before, after, 0);
        assertEquals(leaf, tree.leafOf(p));
        assertEquals(parent, tree.parent(leaf));
    }

    @Test
    void moveOutOfTheFatBoxStretchesItAlongTheDisplacement() {
        double margin = 0.1;
        double scale = 4;
        DynamicAabbTree tree = new DynamicAabbTree(margin, scale, new PairFilter());
        int p = tree.createProxy(0, 0, 0, 1, 1, 1, 0, false, 1, 1);
        double dx = 0.2;
        double dy = -0.1;
        assertTrue(tree.moveProxy(p, 0.5, 0, 0, 1.5, 1, 1, dx, dy, 0));
        double[] fat = new double[6];
        tree.fatBounds(p, fat);
        // Margin on every side, plus scale * d on the side d points to (Box2D's predictive fattening).
        double[] expected = {0.5 - margin, 0 - margin + scale * dy, 0 - margin,
            1.5 + margin + scale * dx, 1 + margin, 1 + margin};
        assertArrayEquals(expected, fat, 1e-15);
    }

    @Test
    void aFatBoxLeftFarTooLargeAfterAFastMoveIsShrunk() {
        DynamicAabbTree tree = new DynamicAabbTree(0.1, 4, new PairFilter());
        int p = tree.createProxy(0, 0, 0, 1, 1, 1, 0, false, 1, 1);
        assertTrue(tree.moveProxy(p, 0.2, 0, 0, 1.2, 1, 1, 5, 0, 0));
        // The box stopped: the stored box reaches 20 m past it, far beyond the 4-margin slack.
        assertTrue(tree.moveProxy(p, 0.2, 0, 0, 1.2, 1, 1, 0, 0, 0));
        double[] fat = new double[6];
        tree.fatBounds(p, fat);
        assertEquals(1.2 + 0.1, fat[3], 1e-15);
    }

    /** Walks the whole tree and checks every structural law the class promises. */
    static void checkInvariants(DynamicAabbTree tree, RandomScene scene) {
        int root = tree.root();
        if (scene.live.isEmpty()) {
            assertEquals(-1, root);
            return;
        }
        assertEquals(-1, tree.parent(root), "the root has no parent");
        int leaves = walk(tree, root);
        assertEquals(scene.live.size(), leaves, "one leaf per live proxy");
        assertEquals(scene.live.size(), tree.proxyCount());
        double[] fat = new double[6];
        double[] leafBox = new double[6];
        for (int id : scene.live.keySet()) {
            int leaf = tree.leafOf(id);
            assertEquals(id, tree.nodeProxy(leaf), "leaf of proxy " + id + " holds it");
            tree.fatBounds(id, fat);
            tree.nodeBounds(leaf, leafBox);
            assertArrayEquals(fat, leafBox, 0, "a leaf's box is its proxy's fat box");
        }
        assertTrue(fibonacci(tree.height() + 2) <= leaves,
                "AVL height bound: " + leaves + " leaves at height " + tree.height());
    }

    /** Checks the subtree at {@code node}; returns its number of leaves. */
    private static int walk(DynamicAabbTree tree, int node) {
        if (tree.nodeProxy(node) >= 0) {
            assertEquals(0, tree.nodeHeight(node), "a leaf has height 0");
            return 1;
        }
        int c1 = tree.child1(node);
        int c2 = tree.child2(node);
        assertEquals(node, tree.parent(c1), "child1's parent link");
        assertEquals(node, tree.parent(c2), "child2's parent link");
        int h1 = tree.nodeHeight(c1);
        int h2 = tree.nodeHeight(c2);
        assertEquals(1 + Math.max(h1, h2), tree.nodeHeight(node), "stored height");
        assertTrue(Math.abs(h1 - h2) <= 1, "children's heights differ by at most one: " + h1 + ", " + h2);
        double[] box = new double[6];
        double[] child = new double[6];
        tree.nodeBounds(node, box);
        for (int c : new int[] {c1, c2}) {
            tree.nodeBounds(c, child);
            for (int k = 0; k < 3; k++) {
                assertTrue(box[k] <= child[k] && child[k + 3] <= box[k + 3], "node " + node + " contains " + c);
            }
        }
        return walk(tree, c1) + walk(tree, c2);
    }

    static long fibonacci(int k) {
        long a = 1;
        long b = 1;
        for (int i = 2; i < k; i++) {
            long t = a + b;
            a = b;
            b = t;
        }
        return k <= 0 ? 0 : b;
    }
}
