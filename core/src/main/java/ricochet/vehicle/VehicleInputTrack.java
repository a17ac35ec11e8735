package ricochet.vehicle;

/**
 * A vehicle's input over time: entries at increasing times, each held from its time until the next
 * (a key an entry leaves out is 0 while it holds). Before the first entry every input is 0.
 */
public final class VehicleInputTrack {

    private final double[] t, throttle, brake, handbrake, steer;

    /**
     * @param t entry times, s, finite, >= 0 and strictly increasing
     * @param throttle in [-1, 1] per entry (negative: reverse)
     * @param brake in [0, 1] per entry
     * @param handbrake in [0, 1] per entry
     * @param steer in [-1, 1] per entry (a fraction of maxSteer; positive turns left)
     * @throws IllegalArgumentException for arrays of different lengths or a value out of range, naming the entry
     */
    public VehicleInputTrack(double[] t, double[] throttle, double[] brake, double[] handbrake, double[] steer) {
        int n = t.length;
        if (throttle.length != n || brake.length != n || handbrake.length != n || steer.length != n) {
            throw new IllegalArgumentException("vehicle input track: arrays of different lengths");
        }
        for (int i = 0; i < n; i++) {
            if (!(t[i] >= 0) || !Double.isFinite(t[i]) || i > 0 && !(t[i] > t[i - 1])) {
                throw new IllegalArgumentException("vehicle input track: entry " + i + ": t must be finite, >= 0 and"
                        + " after the entry before, got " + t[i]);
            }
            check(i, "throttle", throttle[i], -1);
            check(i, "brake", brake[i], 0);
            check(i, "handbrake", handbrake[i], 0);
            check(i, "steer", steer[i], -1);
        }
        this.t = t.clone();
        this.throttle = throttle.clone();
        this.brake = brake.clone();
        this.handbrake = handbrake.clone();
        this.steer = steer.clone();
    }

    private static void check(int i, String what, double x, double lo) {
        if (!(x >= lo && x <= 1)) {
            throw new IllegalArgumentException("vehicle input track: entry " + i + ": " + what + " must be in ["
                    + (int) lo + ", 1], got " + x);
        }
    }

    public int size() {
        return t.length;
    }

    /** Gives the vehicle the entry in force at {@code time} (s); all 0 before the first. */
    public void apply(Vehicles vehicles, VehicleId id, double time) {
        int k = -1;
        while (k + 1 < t.length && t[k + 1] <= time) {
            k++;
        }
        if (k < 0) {
            vehicles.setInput(id, 0, 0, 0, 0);
        } else {
            vehicles.setInput(id, throttle[k], brake[k], handbrake[k], steer[k]);
        }
    }
}
