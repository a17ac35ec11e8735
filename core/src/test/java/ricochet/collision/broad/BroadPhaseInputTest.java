package ricochet.collision.broad;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class BroadPhaseInputTest {

    static List<Supplier<BroadPhase>> phases() {
        return List.of(DynamicAabbTree::new, SweepAndPrune::new);
    }

    private static void rejects(String expectedInMessage, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(expectedInMessage), e.getMessage());
    }

    @ParameterizedTest
    @MethodSource("phases")
    void badBoundsAreRejectedByName(Supplier<BroadPhase> make) {
        BroadPhase bp = make.get();
        rejects("minY must be finite, got NaN", () -> bp.createProxy(0, Double.NaN, 0, 1, 1, 1, 0, false, 1, 1));
        rejects("maxZ must be finite, got Infinity",
                () -> bp.createProxy(0, 0, 0, 1, 1, Double.POSITIVE_INFINITY, 0, false, 1, 1));
        rejects("minX must be <= maxX, got 2.0 > 1.0", () -> bp.createProxy(2, 0, 0, 1, 1, 1, 0, false, 1, 1));
        int p = bp.createProxy(0, 0, 0, 1, 1, 1, 0, false, 1, 1);
        rejects("proxy " + p + " bounds: maxY must be finite",
                () -> bp.moveProxy(p, 0, 0, 0, 1, Double.NaN, 1, 0, 0, 0));
        rejects("displacement must be finite", () -> bp.moveProxy(p, 0, 0, 0, 1, 1, 1, 0, Double.NaN, 0));
        rejects("query bounds: minZ must be <= maxZ", () -> bp.query(0, 0, 3, 1, 1, 1, q -> true));
        rejects("ray direction must be finite", () -> bp.raycast(0, 0, 0, Double.NaN, 0, 0, 1, (q, t) -> t));
        rejects("ray maxFraction must be >= 0", () -> bp.raycast(0, 0, 0, 1, 0, 0, -1, (q, t) -> t));
        rejects("output array needs 6 entries, got 3", () -> bp.fatBounds(p, new double[3]));
    }

    @ParameterizedTest
    @MethodSource("phases")
    void staleAndUnknownIdsAreRejected(Supplier<BroadPhase> make) {
        BroadPhase bp = make.get();
        int p = bp.createProxy(0, 0, 0, 1, 1, 1, 0, false, 1, 1);
        bp.createProxy(0, 0, 0, 1, 1, 1, 1, false, 1, 1);
        bp.destroyProxy(p);
        String stale = "proxy id " + p + " is not live";
        rejects(stale, () -> bp.destroyProxy(p));
        rejects(stale, () -> bp.moveProxy(p, 0, 0, 0, 1, 1, 1, 0, 0, 0));
        rejects(stale, () -> bp.userData(p));
        rejects(stale, () -> bp.fatBounds(p, new double[6]));
        rejects(stale, () -> bp.setGroupAndMask(p, 1, 1));
        rejects("proxy id 99 is not live", () -> bp.userData(99));
        rejects("proxy id -1 is not live", () -> bp.isStatic(-1));
    }

    @Test
    void badSettingsAreRejected() {
        rejects("margin must be >= 0 and finite, got -0.1", () -> new DynamicAabbTree(-0.1, 4, new PairFilter()));
        rejects("displacement scale must be >= 0 and finite, got NaN",
                () -> new SweepAndPrune(0.1, Double.NaN, new PairFilter()));
        rejects("cannot be excluded from itself, got user data 3", () -> new PairFilter().exclude(3, 3));
    }
}
