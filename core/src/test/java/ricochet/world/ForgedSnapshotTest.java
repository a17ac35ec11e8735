package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyId;

/**
 * A snapshot is input like any file: one whose bytes were changed and whose checksum was made right
 * again is either refused with an {@link IllegalArgumentException} that names what is wrong (the
 * world left as it was), or it is restored and the world steps on with no exception but a
 * {@link SimulationException} and no non-finite state. Forged from the busy world (a tumbling pile,
 * a jointed chain and a ragdoll, contacts and warm-start caches; later the pile asleep) and from its
 * simulation (undrained events).
 */
class ForgedSnapshotTest {

    /** Forgeries per run; a longer search: {@code -Dforgeries=20000 -Dforgery.seed=7}. */
    private static final int FORGERIES = Integer.getInteger("forgeries", 540);
    private static final int STEPS = 60;
    /** Ints a forger writes where a count or an index was: off by one, negative, huge. */
    private static final int[] NASTY = {-1, -2, 0, 1, 2, 3, 7, 40, 99, 255, 65_536, 1 << 24, Integer.MAX_VALUE,
        Integer.MIN_VALUE, 0x7ff00000};

    private record Source(String name, WorldSnapshot snapshot, boolean simulation) {
    }

    @Test
    void forgedSnapshotsAreRefusedByNameOrStepSafely() {
        List<Source> sources = new ArrayList<>();
        BusyWorld busy = new BusyWorld();
        WorldSimulation sim = busy.simulation();
        for (int i = 0; i <= 160; i++) {
            if (i == 20 || i == 100 || i == 160) {
                sources.add(new Source("world at step " + i, busy.world.snapshot(), false));
            }
            if (i == 30) {
                sources.add(new Source("simulation at step " + i, sim.snapshot(), true));
            }
            sim.step();
        }
        assertTrue(busy.world.sleepingCount() > 0, "the last snapshot has bodies asleep");

        SplittableRandom random = new SplittableRandom(Long.getLong("forgery.seed", 0x5EED));
        int refused = 0, restored = 0;
        BusyWorld target = new BusyWorld();
        WorldSimulation targetSim = target.simulation();
        // Back to this after each forgery that was restored and stepped (cheaper than a new world).
        WorldSnapshot fresh = targetSim.snapshot();
        // What every query answers in that state: a refused restore must leave it so.
        String before = BusyWorld.queries(target.world);
        for (int f = 0; f < FORGERIES; f++) {
            Source source = sources.get(f % sources.size());
            byte[] bytes = source.snapshot.toBytes();
            String how = forge(bytes, random);
            String what = "forgery " + f + " of the " + source.name + ": " + how;
            WorldSnapshot forged = WorldSnapshot.fromBytes(SnapshotForgery.withValidCrc(bytes));
            try {
                if (source.simulation) {
                    targetSim.restore(forged);
                } else {
                    target.world.restore(forged);
                }
            } catch (IllegalArgumentException e) {
                String m = e.getMessage();
                if (m == null || m.endsWith("null")) {
                    throw new AssertionError(what + ": refused without saying why", e);
                }
                assertEquals(before, BusyWorld.queries(target.world), what + ": a refused restore changed the world");
                refused++;
                continue;
            } catch (RuntimeException | Error e) {
                throw new AssertionError(what + ": restore threw " + e, e);
            }
            restored++;
            try {
                for (int s = 0; s < STEPS; s++) {
                    targetSim.step();
                    targetSim.drainEvents(new ArrayList<>());
                }
            } catch (SimulationException e) {
                // An unusable state found by the step's own check: the world is back before that step.
            } catch (RuntimeException | Error e) {
                throw new AssertionError(what + ": restored, then the step threw " + e, e);
            }
            assertFinite(target.world, what);
            targetSim.restore(fresh);
        }
        assertTrue(refused > FORGERIES / 10 && restored > FORGERIES / 10, "both outcomes are exercised: "
                + refused + " refused, " + restored + " restored");
    }

    /** Changes 1 to 8 bytes, bits or int fields of the payload; says what it did. */
    private static String forge(byte[] bytes, SplittableRandom random) {
        int start = SnapshotForgery.HEADER;
        int length = bytes.length - start - 4;
        StringBuilder how = new StringBuilder();
        int changes = 1 + random.nextInt(8);
        for (int c = 0; c < changes; c++) {
            int at = start + random.nextInt(length);
            switch (random.nextInt(3)) {
                case 0 -> {
                    int bit = random.nextInt(8);
                    bytes[at] ^= (byte) (1 << bit);
                    how.append("bit ").append(bit).append(" of byte ").append(at).append("; ");
                }
                case 1 -> {
                    bytes[at] = (byte) random.nextInt(256);
                    how.append("byte ").append(at).append(" := ").append(bytes[at]).append("; ");
                }
                default -> {
                    at = Math.min(at, start + length - 4);
                    int v = NASTY[random.nextInt(NASTY.length)];
                    SnapshotForgery.putInt(bytes, at, v);
                    how.append("int at ").append(at).append(" := ").append(v).append("; ");
                }
            }
        }
        return how.toString();
    }

    private static void assertFinite(World w, String what) {
        double[] s = new double[13];
        for (int slot = 0; slot < 64; slot++) {
            BodyId id = new BodyId(slot, 0);
            if (w.contains(id)) {
                w.readState(id, s);
                for (double v : s) {
                    if (!Double.isFinite(v)) {
                        fail(what + ": body " + slot + " has a non-finite state after the steps");
                    }
                }
            }
        }
    }
}
