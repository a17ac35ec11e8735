package ricochet.soft;

import java.io.DataOutput;
import java.io.IOException;
import ricochet.math.StateInput;
import ricochet.soft.SoftTable.Body;

/**
 * The soft bodies' state as a snapshot holds it (the table's shape, the substep count, every
 * particle's position and velocity, each shell's pressure), its hash, and the copy of the particles
 * kept over one world step so that a failed step can be undone.
 */
final class SoftState {

    private final SoftTable t;
    private final Particles p;
    // The state before the last step, for rollback.
    private double[] savedX = new double[0];
    private boolean saved;

    SoftState(SoftTable t) {
        this.t = t;
        this.p = t.p;
    }

    /**
     * Writes what changes as the soft bodies step, for a snapshot: the table's shape (slots, each
     * one's generation, liveness, name and particle count, so that {@link #readState} can tell a world
     * built otherwise), the substep count, every particle's position and velocity (world, m and m/s)
     * and each shell's last pressure.
     */
    void writeState(DataOutput out) throws IOException {
        out.writeInt(t.slots);
        for (int s = 0; s < t.slots; s++) {
            Body b = t.all[s];
            out.writeInt(b.generation);
            out.writeBoolean(b.live);
            if (b.live) {
                StateInput.writeString(out, b.name);
                out.writeInt(b.count);
                out.writeDouble(b.pressure);
            }
        }
        out.writeInt(t.substeps);
        out.writeInt(p.count);
        for (int i = 0; i < p.count; i++) {
            out.writeDouble(p.x[i]);
            out.writeDouble(p.y[i]);
            out.writeDouble(p.z[i]);
            out.writeDouble(p.vx[i]);
            out.writeDouble(p.vy[i]);
            out.writeDouble(p.vz[i]);
        }
    }

    /**
     * Reads what {@link #writeState} wrote into soft bodies built the same way (the same cloths and
     * soft bodies added in the same order). Nothing changes unless all of it fits.
     *
     * @throws IllegalArgumentException naming the first difference or bad value
     */
    void readState(StateInput in) throws IOException {
        int n = in.count("soft body slots", 5, Integer.MAX_VALUE);
        if (n != t.slots) {
            throw new IllegalArgumentException("snapshot does not fit this world: it has " + n
                    + " soft body slots, the world " + t.slots);
        }
        double[] pressures = new double[n];
        for (int s = 0; s < n; s++) {
            Body b = t.all[s];
            int generation = in.readInt();
            boolean isLive = in.readBoolean();
            if (generation != b.generation || isLive != b.live) {
                throw new IllegalArgumentException("snapshot does not fit this world: soft body slot " + s
                        + " differs (added or removed since?)");
            }
            if (isLive) {
                String name = in.string("soft body " + s + "'s name");
                int count = in.readInt();
                if (!name.equals(b.name) || count != b.count) {
                    throw new IllegalArgumentException("snapshot does not fit this world: soft body " + s
                            + " is '" + name + "' with " + count + " particles in the snapshot, '" + b.name
                            + "' with " + b.count + " here");
                }
                pressures[s] = in.finite("soft body '" + name + "''s pressure");
            }
        }
        int steps = in.readInt();
        if (steps < 1 || steps > 1000) {
            throw StateInput.refuse("soft bodies' substeps " + steps + " out of range 1..1000");
        }
        int count = in.count("particles", 48, Integer.MAX_VALUE);
        if (count != p.count) {
            throw new IllegalArgumentException("snapshot does not fit this world: it has " + count
                    + " particles, the world " + p.count);
        }
        double[] read = new double[6 * count];
        for (int i = 0; i < read.length; i++) {
            read[i] = in.finite("particle " + i / 6 + "'s " + (i % 6 < 3 ? "position" : "velocity"));
        }
        for (int i = 0; i < count; i++) {
            p.x[i] = read[6 * i];
            p.y[i] = read[6 * i + 1];
            p.z[i] = read[6 * i + 2];
            p.vx[i] = read[6 * i + 3];
            p.vy[i] = read[6 * i + 4];
            p.vz[i] = read[6 * i + 5];
        }
        for (int s = 0; s < n; s++) {
            t.all[s].pressure = pressures[s];
        }
        t.substeps = steps;
        saved = false;
    }

    /** Equal for bit-identical particle positions and velocities. */
    long stateHash() {
        long h = 17;
        for (int i = 0; i < p.count; i++) {
            h = 31 * h + Double.doubleToLongBits(p.x[i]);
            h = 31 * h + Double.doubleToLongBits(p.y[i]);
            h = 31 * h + Double.doubleToLongBits(p.z[i]);
            h = 31 * h + Double.doubleToLongBits(p.vx[i]);
            h = 31 * h + Double.doubleToLongBits(p.vy[i]);
            h = 31 * h + Double.doubleToLongBits(p.vz[i]);
        }
        return h;
    }

    /** Keeps the particles' positions and velocities for {@link #rollback}. */
    void save() {
        int n = 6 * p.count;
        if (savedX.length < n) {
            savedX = new double[Math.max(n, 2 * savedX.length)];
        }
        int c = p.count;
        System.arraycopy(p.x, 0, savedX, 0, c);
        System.arraycopy(p.y, 0, savedX, c, c);
        System.arraycopy(p.z, 0, savedX, 2 * c, c);
        System.arraycopy(p.vx, 0, savedX, 3 * c, c);
        System.arraycopy(p.vy, 0, savedX, 4 * c, c);
        System.arraycopy(p.vz, 0, savedX, 5 * c, c);
        saved = true;
    }

    /** Puts the particles back as they were before the last step (a failed world step calls it). */
    void rollback() {
        if (!saved) {
            return;
        }
        int c = p.count;
        System.arraycopy(savedX, 0, p.x, 0, c);
        System.arraycopy(savedX, c, p.y, 0, c);
        System.arraycopy(savedX, 2 * c, p.z, 0, c);
        System.arraycopy(savedX, 3 * c, p.vx, 0, c);
        System.arraycopy(savedX, 4 * c, p.vy, 0, c);
        System.arraycopy(savedX, 5 * c, p.vz, 0, c);
        saved = false;
    }

    /** Forgets the saved state: a world step succeeded, or the table changed under it. */
    void forget() {
        saved = false;
    }
}
