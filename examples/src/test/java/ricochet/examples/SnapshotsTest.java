package ricochet.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SnapshotsTest {

    /**
     * A restored world goes on bit for bit: the same state hash after the same steps, taken while the
     * crates are still tumbling (so the steps after the snapshot change the state, and a restore that
     * lost anything would show).
     */
    @Test
    void restoredWorldGoesOnBitForBit() {
        Snapshots.Result r = Snapshots.run(30, 120);
        assertEquals(r.original(), r.restored());
        assertNotEquals(r.atSnapshot(), r.original(), "the steps after the snapshot moved the crates");
        assertTrue(r.bytes() > 0);
    }
}
