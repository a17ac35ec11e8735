package ricochet.collision.broad;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class PairFilterTest {

    static List<Supplier<BroadPhase>> phases() {
        return List.of(DynamicAabbTree::new, SweepAndPrune::new);
    }

    /** Two overlapping unit boxes with the given groups and masks: are they paired? */
    private static boolean paired(BroadPhase bp, int groupA, int maskA, boolean staticA,
                                  int groupB, int maskB, boolean staticB) {
        bp.createProxy(0, 0, 0, 1, 1, 1, 10, staticA, groupA, maskA);
        bp.createProxy(0.5, 0.5, 0.5, 1.5, 1.5, 1.5, 20, staticB, groupB, maskB);
        PairBuffer out = new PairBuffer();
        bp.findPairs(out);
        return out.count() == 1;
    }

    @Property(tries = 200)
    void groupsAndMasksDecideBothWays(@ForAll @IntRange(min = 0, max = 15) int groupA,
                                      @ForAll @IntRange(min = 0, max = 15) int maskA,
                                      @ForAll @IntRange(min = 0, max = 15) int groupB,
                                      @ForAll @IntRange(min = 0, max = 15) int maskB) {
        // A layer pair collides only when each side's mask lists the other's group.
        boolean expected = (groupA & maskB) != 0 && (groupB & maskA) != 0;
        for (Supplier<BroadPhase> make : phases()) {
            assertEquals(expected, paired(make.get(), groupA, maskA, false, groupB, maskB, false));
            assertEquals(expected, paired(make.get(), groupB, maskB, false, groupA, maskA, false), "symmetric");
        }
    }

    @ParameterizedTest
    @MethodSource("phases")
    void staticBoxesNeverPairWithEachOther(Supplier<BroadPhase> make) {
        assertFalse(paired(make.get(), 1, -1, true, 1, -1, true));
        assertTrue(paired(make.get(), 1, -1, true, 1, -1, false));
        assertTrue(paired(make.get(), 1, -1, false, 1, -1, true));
    }

    @ParameterizedTest
    @MethodSource("phases")
    void excludedBodiesDoNotPairUntilIncludedAgain(Supplier<BroadPhase> make) {
        BroadPhase bp = make.get();
        int a = bp.createProxy(0, 0, 0, 1, 1, 1, 10, false, 1, -1);
        int b = bp.createProxy(0.5, 0, 0, 1.5, 1, 1, 20, false, 1, -1);
        int c = bp.createProxy(0.9, 0, 0, 1.9, 1, 1, 30, false, 1, -1);
        PairBuffer out = new PairBuffer();
        assertTrue(bp.filter().exclude(20, 10), "named in either order");
        bp.findPairs(out);
        assertEquals(List.of(key(a, c), key(b, c)), Reference.keys(out));
        assertTrue(bp.filter().include(10, 20));
        bp.findPairs(out);
        assertEquals(List.of(key(a, b), key(a, c), key(b, c)), Reference.keys(out));
    }

    @ParameterizedTest
    @MethodSource("phases")
    void setGroupAndMaskTakesEffectAtTheNextUpdate(Supplier<BroadPhase> make) {
        BroadPhase bp = make.get();
        int a = bp.createProxy(0, 0, 0, 1, 1, 1, 1, false, 1, -1);
        bp.createProxy(0.5, 0, 0, 1.5, 1, 1, 2, false, 1, -1);
        PairBuffer out = new PairBuffer();
        bp.findPairs(out);
        assertEquals(1, out.count());
        bp.setGroupAndMask(a, 1, 0);
        bp.findPairs(out);
        assertEquals(0, out.count());
    }

    @Property(tries = 50)
    void exclusionSetAgreesWithAHashSet(@ForAll long seed) {
        // Many inserts and removals over a small range of ids make long probe runs, where backward-shift
        // deletion has to move entries; a plain HashSet is the reference.
        Random random = new Random(seed);
        PairFilter filter = new PairFilter();
        Set<Long> reference = new HashSet<>();
        for (int op = 0; op < 3000; op++) {
            int u = random.nextInt(40) - 5;
            int v = random.nextInt(40) - 5;
            if (u == v) {
                continue;
            }
            long k = Reference.userKey(u, v);
            if (random.nextInt(3) > 0) {
                assertEquals(reference.add(k), filter.exclude(u, v));
            } else {
                assertEquals(reference.remove(k), filter.include(v, u));
            }
            int p = random.nextInt(40) - 5;
            int q = random.nextInt(40) - 5;
            assertEquals(p != q && reference.contains(Reference.userKey(p, q)), filter.isExcluded(p, q));
        }
        assertEquals(reference.size(), filter.exclusionCount());
    }

    private static long key(int a, int b) {
        return ((long) a << 32) | b;
    }
}
