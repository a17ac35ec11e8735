package ricochet.collision.broad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The law both broad phases must keep: {@code findPairs} equals the brute-force pair set over the boxes
 * the broad phase says it stores, under the same filter, after any mix of creates, moves, destroys and
 * exclusion changes. Scenes have 50 to 500 boxes in a cube sized so that a box meets a few others; the
 * margin is 0.1 m or 0 (with 0, zero-thickness and identical boxes reach the overlap test as they are).
 */
class BroadPhaseAgreesWithBruteForceTest {

    @Property(tries = 60)
    void findPairsEqualsBruteForceOverRandomOperations(@ForAll long seed, @ForAll @IntRange(min = 50, max = 500) int n,
                                                       @ForAll boolean zeroMargin) {
        RandomScene scene = new RandomScene(seed, 4 * Math.cbrt(n), RandomScene.treeAndSap(zeroMargin ? 0 : 0.1));
        for (int i = 0; i < n; i++) {
            scene.create();
        }
        for (int k = 0; k < n / 10; k++) {
            scene.exclude(scene.random.nextInt(scene.userCount()), scene.random.nextInt(scene.userCount()));
        }
        PairBuffer buffer = new PairBuffer(1);
        for (int round = 0; round < 6; round++) {
            List<Long> treePairs = null;
            for (BroadPhase bp : scene.phases) {
                bp.findPairs(buffer);
                List<Long> got = Reference.keys(buffer);
                List<Long> expected = Reference.pairs(bp, scene.live, scene.excluded);
                assertEquals(expected, got, bp.getClass().getSimpleName() + " in round " + round);
                if (treePairs == null) {
                    treePairs = got;
                } else {
                    assertEquals(treePairs, got, "tree and sweep-and-prune store the same fat boxes");
                }
            }
            scene.round(0.3);
        }
    }

    /**
     * The tree keeps its pairs between calls and re-queries only proxies whose fat box, life or groups
     * changed: with small moves (most fat boxes stay put), a few jumps, creates, destroys and regroups
     * and the exclusions left alone, its kept pairs must still equal the brute force every round.
     */
    @Property(tries = 40)
    void keptPairsEqualBruteForceWhenFewProxiesChange(@ForAll long seed,
                                                      @ForAll @IntRange(min = 50, max = 400) int n,
                                                      @ForAll @IntRange(min = 0, max = 10) int movedInTen) {
        RandomScene scene = new RandomScene(seed, 4 * Math.cbrt(n), RandomScene.treeAndSap(0.1));
        for (int i = 0; i < n; i++) {
            scene.create();
        }
        for (int k = 0; k < n / 10; k++) {
            scene.exclude(scene.random.nextInt(scene.userCount()), scene.random.nextInt(scene.userCount()));
        }
        PairBuffer buffer = new PairBuffer(1);
        for (int round = 0; round < 8; round++) {
            for (BroadPhase bp : scene.phases) {
                bp.findPairs(buffer);
                assertEquals(Reference.pairs(bp, scene.live, scene.excluded), Reference.keys(buffer),
                        bp.getClass().getSimpleName() + " in round " + round);
            }
            scene.quietRound(0.05, movedInTen);
            if (round % 3 == 1) {
                scene.regroup(scene.randomLive());
            }
        }
    }

    @Property(tries = 40)
    void queryFindsExactlyTheOverlappingBoxes(@ForAll long seed, @ForAll @IntRange(min = 50, max = 300) int n) {
        RandomScene scene = new RandomScene(seed, 6 * Math.cbrt(n), RandomScene.treeAndSap(0.1));
        for (int i = 0; i < n; i++) {
            scene.create();
        }
        scene.round(0.5);
        double[] box = new double[6];
        for (int q = 0; q < 20; q++) {
            double[] query = scene.randomBox();
            Set<Integer> expected = new HashSet<>();
            for (int id : scene.live.keySet()) {
                scene.phases.get(0).fatBounds(id, box);
                if (Reference.overlap(box, query)) {
                    expected.add(id);
                }
            }
            for (BroadPhase bp : scene.phases) {
                List<Integer> got = new ArrayList<>();
                bp.query(query[0], query[1], query[2], query[3], query[4], query[5], got::add);
                assertEquals(expected, new HashSet<>(got), bp.getClass().getSimpleName());
                assertEquals(expected.size(), got.size(), "each proxy reported once");
            }
        }
    }

    @Property(tries = 40)
    void raycastReportsExactlyTheBoxesTheSegmentCrosses(@ForAll long seed,
                                                       @ForAll @IntRange(min = 50, max = 300) int n) {
        RandomScene scene = new RandomScene(seed, 6 * Math.cbrt(n), RandomScene.treeAndSap(0.1));
        for (int i = 0; i < n; i++) {
            scene.create();
        }
        scene.round(0.5);
        for (int r = 0; r < 20; r++) {
            double[] o = new double[3];
            double[] d = new double[3];
            for (int k = 0; k < 3; k++) {
                o[k] = scene.side * (1.4 * scene.random.nextDouble() - 0.2);
                // One ray in four runs parallel to an axis plane, exercising the zero-direction slab.
                d[k] = r % 4 == 0 && k == r / 4 % 3 ? 0 : scene.side * (2 * scene.random.nextDouble() - 1);
            }
            double tMax = scene.random.nextDouble() * 1.5;
            Set<Integer> expected = Reference.rayHits(scene.phases.get(0), scene.live.keySet(), o, d, tMax);
            for (BroadPhase bp : scene.phases) {
                List<Integer> got = new ArrayList<>();
                bp.raycast(o[0], o[1], o[2], d[0], d[1], d[2], tMax, (proxy, max) -> {
                    got.add(proxy);
                    return max;
                });
                assertEquals(expected, new HashSet<>(got), bp.getClass().getSimpleName() + " ray " + r);
                assertEquals(expected.size(), got.size(), "each proxy reported once");
            }
        }
    }

    @Property(tries = 40)
    void clippingTheRayAtEachHitLeavesTheNearestBox(@ForAll long seed, @ForAll @IntRange(min = 50, max = 300) int n) {
        RandomScene scene = new RandomScene(seed, 6 * Math.cbrt(n), RandomScene.treeAndSap(0.1));
        for (int i = 0; i < n; i++) {
            scene.create();
        }
        // From outside the scene's cube (boxes reach at most a quarter side past it) towards its inside,
        // so every entry fraction is positive and a clip never stops the cast.
        double[] o = {-scene.side, scene.side * scene.random.nextDouble(), scene.side * scene.random.nextDouble()};
        double[] d = {3 * scene.side, scene.side * (scene.random.nextDouble() - 0.5), 0};
        double nearest = Double.POSITIVE_INFINITY;
        double[] box = new double[6];
        for (int id : scene.live.keySet()) {
            scene.phases.get(0).fatBounds(id, box);
            double t = Reference.entry(box, o, d, 1);
            if (!Double.isNaN(t)) {
                nearest = Math.min(nearest, t);
            }
        }
        for (BroadPhase bp : scene.phases) {
            double[] best = {Double.POSITIVE_INFINITY};
            bp.raycast(o[0], o[1], o[2], d[0], d[1], d[2], 1, (proxy, max) -> {
                bp.fatBounds(proxy, box);
                double t = Reference.entry(box, o, d, max);
                assertTrue(!Double.isNaN(t), "a reported box is crossed within the clipped segment");
                best[0] = Math.min(best[0], t);
                return t;
            });
            assertEquals(nearest, best[0], bp.getClass().getSimpleName());
        }
    }

    @Property(tries = 20)
    void sameOperationsGiveIdenticalPairLists(@ForAll long seed, @ForAll @IntRange(min = 50, max = 300) int n) {
        List<List<Long>> runs = new ArrayList<>();
        for (int run = 0; run < 2; run++) {
            RandomScene scene = new RandomScene(seed, 6 * Math.cbrt(n), RandomScene.treeAndSap(0.1));
            for (int i = 0; i < n; i++) {
                scene.create();
            }
            List<Long> all = new ArrayList<>();
            PairBuffer buffer = new PairBuffer();
            for (int round = 0; round < 4; round++) {
                scene.round(0.3);
                for (BroadPhase bp : scene.phases) {
                    bp.findPairs(buffer);
                    all.addAll(Reference.keys(buffer));
                    bp.query(0, 0, 0, scene.side / 2, scene.side / 2, scene.side / 2, p -> all.add((long) p));
                }
            }
            runs.add(all);
        }
        assertEquals(runs.get(0), runs.get(1));
    }
}
