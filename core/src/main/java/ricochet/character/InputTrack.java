package ricochet.character;

import java.util.Arrays;

/**
 * A character's input over time: entries at increasing times, each held from its time until the
 * next. Before the first entry the character stands still. A jump is a one-off, given at the first
 * step that starts at or after its entry's time; velocity and crouch hold.
 *
 * <p>A track read by {@link #apply} keeps a cursor (the entries started so far), so one track drives
 * one character of one run; {@link #rewind} starts it again.
 */
public final class InputTrack {

    private final double[] t;
    private final double[] vx;
    private final double[] vz;
    private final double[] jump;
    private final boolean[] crouch;
    /** How many entries have started. */
    private int started;

    /**
     * @param t entry times, s, finite, >= 0 and strictly increasing
     * @param vx wanted velocity along world x per entry, m/s, finite
     * @param vz wanted velocity along world z per entry, m/s, finite
     * @param jump upward speed per entry, m/s, >= 0 (0 for none)
     * @param crouch whether each entry crouches
     * @throws IllegalArgumentException for arrays of different lengths or a value out of range
     */
    public InputTrack(double[] t, double[] vx, double[] vz, double[] jump, boolean[] crouch) {
        int n = t.length;
        if (vx.length != n || vz.length != n || jump.length != n || crouch.length != n) {
            throw new IllegalArgumentException("input track: arrays of different lengths");
        }
        for (int i = 0; i < n; i++) {
            if (!(t[i] >= 0) || !Double.isFinite(t[i]) || i > 0 && !(t[i] > t[i - 1])) {
                throw new IllegalArgumentException("input track: entry " + i + ": t must be finite, >= 0 and after"
                        + " the entry before, got " + t[i]);
            }
            if (!Double.isFinite(vx[i]) || !Double.isFinite(vz[i])) {
                throw new IllegalArgumentException("input track: entry " + i + ": velocity must be finite");
            }
            if (!(jump[i] >= 0) || !Double.isFinite(jump[i])) {
                throw new IllegalArgumentException("input track: entry " + i + ": jump must be >= 0, got " + jump[i]);
            }
        }
        this.t = t.clone();
        this.vx = vx.clone();
        this.vz = vz.clone();
        this.jump = jump.clone();
        this.crouch = crouch.clone();
    }

    /** Number of entries. */
    public int size() {
        return t.length;
    }

    /** How many entries have started (been given by {@link #apply}); for snapshots. */
    public int started() {
        return started;
    }

    /**
     * Continues as if the first {@code n} entries had started (a snapshot's cursor).
     *
     * @throws IllegalArgumentException for n outside 0..size
     */
    public void setStarted(int n) {
        if (n < 0 || n > t.length) {
            throw new IllegalArgumentException("input track: started entries must be in 0.." + t.length + ", got " + n);
        }
        started = n;
    }

    /** Forgets which entries have started: the next {@link #apply} begins the track again. */
    public void rewind() {
        started = 0;
    }

    /**
     * Gives {@code id} the input in force at {@code time} (s, the start of the step about to be
     * taken), with the jumps of the entries that started since the last call.
     */
    public void apply(Characters characters, CharacterId id, double time) {
        double jumpNow = 0;
        while (started < t.length && t[started] <= time) {
            if (jump[started] > 0) {
                jumpNow = jump[started];
            }
            started++;
        }
        if (started == 0) {
            characters.setInput(id, 0, 0, jumpNow, false);
            return;
        }
        int k = started - 1;
        characters.setInput(id, vx[k], vz[k], jumpNow, crouch[k]);
    }

    @Override
    public String toString() {
        return "InputTrack" + Arrays.toString(t);
    }
}
