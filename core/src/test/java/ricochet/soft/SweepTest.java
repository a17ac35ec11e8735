package ricochet.soft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * A pass's order ({@link Sweep}) visits every constraint once, keeps each body's constraints in list
 * order, and never puts two constraints of one body in different runs: only then is it the same
 * computation as list order.
 */
class SweepTest {

    /** Bodies of the given constraint counts, one constraint per particle: owner[i] is i's body. */
    private static int[] owners(int... sizes) {
        int n = 0;
        for (int s : sizes) {
            n += s;
        }
        int[] owner = new int[n];
        int i = 0;
        for (int b = 0; b < sizes.length; b++) {
            for (int k = 0; k < sizes[b]; k++) {
                owner[i++] = b;
            }
        }
        return owner;
    }

    private static int[] identity(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    /** The visiting order, checked to be a permutation that keeps each body's order and run. */
    private static int[] visit(Sweep sweep, int[] owner) {
        int n = owner.length;
        int[] order = new int[n];
        int[] seenAt = new int[n];
        int[] runOfBody = new int[n];
        Arrays.fill(runOfBody, -1);
        Arrays.fill(seenAt, -1);
        int[] lastOfBody = new int[n];
        Arrays.fill(lastOfBody, -1);
        int m = 0;
        for (int k = 0; k < sweep.longest(); k++) {
            for (int r = 0; r < sweep.runs(); r++) {
                int c = sweep.at(r, k);
                if (c < 0) {
                    continue;
                }
                assertEquals(-1, seenAt[c], "constraint " + c + " visited twice");
                seenAt[c] = m;
                order[m++] = c;
                int b = owner[c];
                assertTrue(runOfBody[b] == -1 || runOfBody[b] == r, "body " + b + " split between runs");
                runOfBody[b] = r;
                assertTrue(c > lastOfBody[b], "body " + b + "'s constraints out of list order");
                lastOfBody[b] = c;
            }
        }
        assertEquals(n, m, "every constraint visited");
        return order;
    }

    @Test
    void manyBodiesAreInterleavedWholeAndInOrder() {
        int[] owner = owners(7, 3, 12, 5, 5, 9, 1, 4);
        Sweep sweep = new Sweep();
        sweep.cut(owner.length, identity(owner.length), 1, owner);
        assertTrue(sweep.runs() > 1 && sweep.runs() <= Sweep.RUNS, "runs: " + sweep.runs());
        visit(sweep, owner);
    }

    @Test
    void oneBodyIsVisitedInListOrder() {
        int[] owner = owners(50);
        Sweep sweep = new Sweep();
        sweep.cut(owner.length, identity(owner.length), 1, owner);
        assertEquals(1, sweep.runs());
        assertEquals(50, sweep.longest());
        int[] order = visit(sweep, owner);
        for (int c = 0; c < order.length; c++) {
            assertEquals(c, order[c]);
        }
    }

    @Test
    void aChangedListIsCutAgain() {
        Sweep sweep = new Sweep();
        int[] one = owners(8);
        sweep.cut(one.length, identity(one.length), 1, one);
        assertEquals(1, sweep.runs());
        int[] four = owners(2, 2, 2, 2);
        sweep.invalidate();
        sweep.cut(four.length, identity(four.length), 1, four);
        assertEquals(4, sweep.runs());
        visit(sweep, four);
    }

    @Test
    void noConstraintsMakeNoRuns() {
        Sweep sweep = new Sweep();
        sweep.cut(0, new int[0], 4, new int[0]);
        assertEquals(0, sweep.runs());
        assertEquals(0, sweep.longest());
    }
}
