package ricochet.io.scene;

import java.util.List;
import ricochet.character.CharacterDef;
import ricochet.character.InputTrack;
import ricochet.math.Vec3;

/**
 * A scene file's character ({@code "characters"} entry), validated: a kinematic capsule that its
 * input track drives.
 *
 * @param def the capsule and its limits, named as in the file
 * @param position the capsule's centre at the start, metres
 * @param input the track's entries in increasing time
 */
public record CharacterSpec(CharacterDef def, Vec3 position, List<Input> input) {

    public CharacterSpec {
        input = List.copyOf(input);
    }

    /**
     * One entry of a track, held from {@code t} until the next entry.
     *
     * @param t seconds from the start, >= 0
     * @param vx wanted velocity along world x, m/s
     * @param vz wanted velocity along world z, m/s
     * @param jump upward speed given once at the first step at or after {@code t}, m/s (0 for none)
     * @param crouch whether it crouches while the entry holds
     */
    public record Input(double t, double vx, double vz, double jump, boolean crouch) {
    }

    public String name() {
        return def.name();
    }

    /** A fresh track of {@link #input} for one run. */
    public InputTrack track() {
        int n = input.size();
        double[] t = new double[n];
        double[] vx = new double[n];
        double[] vz = new double[n];
        double[] jump = new double[n];
        boolean[] crouch = new boolean[n];
        for (int i = 0; i < n; i++) {
            Input e = input.get(i);
            t[i] = e.t();
            vx[i] = e.vx();
            vz[i] = e.vz();
            jump[i] = e.jump();
            crouch[i] = e.crouch();
        }
        return new InputTrack(t, vx, vz, jump, crouch);
    }
}
