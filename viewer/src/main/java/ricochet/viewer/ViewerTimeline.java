package ricochet.viewer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import ricochet.world.Simulation;
import ricochet.world.SimulationException;
import ricochet.world.WorldSimulation;
import ricochet.world.WorldSnapshot;

/**
 * The recording behind the page's timeline: a snapshot of the running simulation every
 * {@link #every()} steps from the launch on, and a rewind to any step since the oldest one kept.
 *
 * <p>Snapshots are exact (the next steps after a restore equal, bit for bit, those that followed the
 * snapshot), so a rewind to step k restores the last snapshot at or before k and steps the rest of
 * the way: the state is the one the run had at k, whatever k. Going on from there replaces what was
 * recorded after k, as a new branch of the run; until a step is taken, the later snapshots stay, so
 * the slider can scrub forward again. Memory is bounded: when the kept snapshots pass
 * {@link #capBytes()} every other one is dropped and the interval doubles, so the whole run stays
 * reachable at a coarser grain.
 *
 * <p>Not thread-safe: {@link SimulationHost} calls it under its lock.
 */
final class ViewerTimeline {

    /** Steps between snapshots at the start (one sixth of a second at 60 Hz). */
    static final int DEFAULT_EVERY = 10;
    /** Bytes of snapshots kept before thinning. */
    static final long DEFAULT_CAP_BYTES = 64L << 20;
    /** Fewest bytes a cap may be: a snapshot of a small scene is a few kB. */
    static final long MIN_CAP_BYTES = 64L << 10;
    /** The longest interval asked for; thinning may double past it. */
    static final int MAX_EVERY = 100_000;

    private final List<WorldSnapshot> kept = new ArrayList<>();
    private int every = DEFAULT_EVERY;
    private int baseEvery = DEFAULT_EVERY;
    private long capBytes = DEFAULT_CAP_BYTES;
    private long bytes;
    /** Why this simulation cannot be recorded (a snapshot refused it), or null. */
    private String unavailable;
    private long thinnings;

    /** Forgets everything: a reset, or a scene not launched. */
    void clear() {
        kept.clear();
        bytes = 0;
        every = baseEvery;
        unavailable = null;
        thinnings = 0;
    }

    /** Starts a recording of {@code sim}, just launched, at its first step. */
    void start(Simulation sim) {
        clear();
        keep(sim);
    }

    /**
     * After a step of the running simulation: drops what was recorded from this step on (a branch
     * after a rewind), and keeps a snapshot when the step is a multiple of the interval.
     */
    void afterStep(Simulation sim) {
        if (unavailable != null || kept.isEmpty()) {
            return;
        }
        long s = sim.stepCount();
        while (!kept.isEmpty() && kept.get(kept.size() - 1).stepCount() >= s) {
            bytes -= kept.remove(kept.size() - 1).size();
        }
        if (s % every == 0) {
            keep(sim);
        }
    }

    private void keep(Simulation sim) {
        WorldSnapshot snap;
        try {
            snap = sim.snapshot();
        } catch (IllegalStateException | UnsupportedOperationException e) {
            unavailable = e.getMessage();
            kept.clear();
            bytes = 0;
            return;
        }
        kept.add(snap);
        bytes += snap.size();
        while (bytes > capBytes && kept.size() > 2) {
            thin();
        }
    }

    /** Drops every other snapshot after the first and doubles the interval. */
    private void thin() {
        List<WorldSnapshot> half = new ArrayList<>();
        long b = 0;
        for (int i = 0; i < kept.size(); i++) {
            WorldSnapshot s = kept.get(i);
            if (i == 0 || i == kept.size() - 1 || s.stepCount() % (2L * every) == 0) {
                half.add(s);
                b += s.size();
            }
        }
        if (half.size() == kept.size()) {
            // Only the ends left between them: keep the first and the last.
            half.subList(1, half.size() - 1).clear();
            b = 0;
            for (WorldSnapshot s : half) {
                b += s.size();
            }
        }
        kept.clear();
        kept.addAll(half);
        bytes = b;
        every = (int) Math.min(2L * every, Integer.MAX_VALUE / 2);
        thinnings++;
    }

    /**
     * Puts {@code sim} at step {@code step}: restores the last snapshot at or before it and steps the
     * rest of the way (events discarded, as the viewer's steps do). Before going back, the present
     * step is kept too (when later than every snapshot) so that the slider can come back to it. A
     * world whose fractured bodies broke since that snapshot cannot take it back (a split is not
     * undone); a world built afresh from {@code fresh} then takes it, and is returned in sim's place.
     *
     * @return the simulation now at {@code step}: sim, or the fresh one
     * @throws ViewerParams.BadParam naming {@code step} when it is outside the recording
     * @throws SimulationException when a replayed step fails (the simulation is left at that step; the
     *     fresh one, if any, is lost and sim is where the rewind found it)
     */
    Simulation rewind(Simulation sim, long step, Supplier<Simulation> fresh) {
        if (unavailable != null) {
            throw new ViewerParams.BadParam("step", "this simulation is not recorded: " + unavailable);
        }
        if (kept.isEmpty()) {
            throw new ViewerParams.BadParam("step", "nothing is recorded yet (launch the scene first)");
        }
        if (sim.stepCount() > last()) {
            keep(sim);
        }
        if (step < first() || step > last()) {
            throw new ViewerParams.BadParam("step", "must be in [" + first() + ", " + last() + "] (the steps"
                    + " recorded), got " + step);
        }
        WorldSnapshot from = kept.get(0);
        for (WorldSnapshot s : kept) {
            if (s.stepCount() <= step) {
                from = s;
            }
        }
        Simulation into = sim;
        if (sim instanceof WorldSimulation w && w.world().fractures().count() > 0) {
            try {
                sim.restore(from);
            } catch (IllegalArgumentException brokeFurther) {
                into = fresh.get();
                into.restore(from);
            }
        } else {
            sim.restore(from);
        }
        while (into.stepCount() < step) {
            into.step();
            into.discardEvents();
        }
        return into;
    }

    /**
     * {@code POST /api/timeline}: any of {@code every} (steps between snapshots, 1..{@value #MAX_EVERY})
     * and {@code capMB} (MiB kept before thinning, at least 1/16). They apply from the next launch
     * or reset on; the recording under way keeps its own.
     *
     * @throws ViewerParams.BadParam naming the field, with nothing changed
     */
    void configure(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new ViewerParams.BadParam("body", "expected a JSON object with any of every, capMB");
        }
        int e = baseEvery;
        long cap = capBytes;
        for (Iterator<Map.Entry<String, JsonNode>> it = body.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            JsonNode v = f.getValue();
            switch (f.getKey()) {
                case "every" -> {
                    if (!v.isIntegralNumber() || !v.canConvertToInt()
                            || v.asInt() < 1 || v.asInt() > MAX_EVERY) {
                        throw new ViewerParams.BadParam("every", "must be a whole number in [1, " + MAX_EVERY
                                + "] (steps between snapshots), got " + v);
                    }
                    e = v.asInt();
                }
                case "capMB" -> {
                    double mb = v.asDouble();
                    if (!v.isNumber() || !Double.isFinite(mb)
                            || mb * (1 << 20) < MIN_CAP_BYTES || mb > 1 << 20) {
                        throw new ViewerParams.BadParam("capMB",
                                "must be a number in [0.0625, 1048576] (MiB of snapshots kept), got " + v);
                    }
                    cap = (long) (mb * (1 << 20));
                }
                default -> throw new ViewerParams.BadParam(f.getKey(),
                        "unknown field (expected every, capMB)");
            }
        }
        baseEvery = e;
        capBytes = cap;
    }

    int every() {
        return every;
    }

    long capBytes() {
        return capBytes;
    }

    long bytes() {
        return bytes;
    }

    int size() {
        return kept.size();
    }

    private long first() {
        return kept.get(0).stepCount();
    }

    private long last() {
        return kept.get(kept.size() - 1).stepCount();
    }

    /**
     * {@code GET /api/timeline}: {@code first} and {@code last} step recorded (null when nothing is),
     * the snapshots kept, their bytes, the interval now, the cap, and {@code unavailable} with the
     * reason when this simulation cannot be recorded.
     */
    ObjectNode json(Simulation sim) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("step", sim.stepCount());
        if (kept.isEmpty()) {
            o.putNull("first");
            o.putNull("last");
        } else {
            o.put("first", first());
            o.put("last", Math.max(last(), sim.stepCount()));
        }
        o.put("snapshots", kept.size());
        o.put("bytes", bytes);
        o.put("every", every);
        o.put("capBytes", capBytes);
        o.put("thinnings", thinnings);
        o.put("dt", sim.dt());
        if (unavailable != null) {
            o.put("unavailable", unavailable);
        }
        return o;
    }
}
