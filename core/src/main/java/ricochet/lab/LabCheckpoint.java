package ricochet.lab;

import java.util.Arrays;
import java.util.List;

/**
 * What a lab step changes, copied before the step so that a failed one can be undone (README promise
 * 3): every body's rigid state, sleep state and punish factor, the shape-matching particles, the
 * touching flags, the contact count and how many events were recorded. The buffers grow with the
 * world and are reused, so a step allocates nothing once they fit.
 */
final class LabCheckpoint {

    /** Doubles saved per body: x, q, v, omega (13), rest time, punish factor. */
    private static final int SCALARS = 15;

    private double[] scalars = new double[0];
    private boolean[] sleeping = new boolean[0];
    private double[][] particles = new double[0][];
    private boolean[][] touching = new boolean[0][];
    private int contacts;
    private int events;

    void save(List<LabBody> bodies, List<boolean[]> touchingFlags, int contactCount, int eventCount) {
        int n = bodies.size();
        if (scalars.length < SCALARS * n) {
            scalars = new double[SCALARS * n];
            sleeping = new boolean[n];
            particles = Arrays.copyOf(particles, n);
            touching = Arrays.copyOf(touching, n);
        }
        for (int i = 0; i < n; i++) {
            LabBody b = bodies.get(i);
            int o = SCALARS * i;
            double[] s = scalars;
            s[o] = b.x;
            s[o + 1] = b.y;
            s[o + 2] = b.z;
            s[o + 3] = b.qx;
            s[o + 4] = b.qy;
            s[o + 5] = b.qz;
            s[o + 6] = b.qw;
            s[o + 7] = b.vx;
            s[o + 8] = b.vy;
            s[o + 9] = b.vz;
            s[o + 10] = b.wx;
            s[o + 11] = b.wy;
            s[o + 12] = b.wz;
            s[o + 13] = b.restTime;
            s[o + 14] = b.punishFactor;
            sleeping[i] = b.sleeping;
            boolean[] t = touchingFlags.get(i);
            if (touching[i] == null || touching[i].length != t.length) {
                touching[i] = new boolean[t.length];
            }
            System.arraycopy(t, 0, touching[i], 0, t.length);
            // Only shape matching moves the particles; sleeping bodies are not stepped.
            if (b.method == LabMethod.SHAPE_MATCHING && !b.sleeping) {
                int v = b.vertexCount;
                if (particles[i] == null || particles[i].length != 9 * v) {
                    particles[i] = new double[9 * v];
                }
                double[] p = particles[i];
                System.arraycopy(b.px, 0, p, 0, v);
                System.arraycopy(b.py, 0, p, v, v);
                System.arraycopy(b.pz, 0, p, 2 * v, v);
                System.arraycopy(b.yx, 0, p, 3 * v, v);
                System.arraycopy(b.yy, 0, p, 4 * v, v);
                System.arraycopy(b.yz, 0, p, 5 * v, v);
                System.arraycopy(b.pvx, 0, p, 6 * v, v);
                System.arraycopy(b.pvy, 0, p, 7 * v, v);
                System.arraycopy(b.pvz, 0, p, 8 * v, v);
            }
        }
        contacts = contactCount;
        events = eventCount;
    }

    /** Puts the bodies and flags back as {@link #save} found them; the world restores the rest. */
    void restore(List<LabBody> bodies, List<boolean[]> touchingFlags) {
        for (int i = 0; i < bodies.size(); i++) {
            LabBody b = bodies.get(i);
            int o = SCALARS * i;
            double[] s = scalars;
            b.x = s[o];
            b.y = s[o + 1];
            b.z = s[o + 2];
            b.qx = s[o + 3];
            b.qy = s[o + 4];
            b.qz = s[o + 5];
            b.qw = s[o + 6];
            b.vx = s[o + 7];
            b.vy = s[o + 8];
            b.vz = s[o + 9];
            b.wx = s[o + 10];
            b.wy = s[o + 11];
            b.wz = s[o + 12];
            b.restTime = s[o + 13];
            b.punishFactor = s[o + 14];
            b.sleeping = sleeping[i];
            boolean[] t = touchingFlags.get(i);
            System.arraycopy(touching[i], 0, t, 0, t.length);
            if (b.method == LabMethod.SHAPE_MATCHING && !b.sleeping) {
                int v = b.vertexCount;
                double[] p = particles[i];
                System.arraycopy(p, 0, b.px, 0, v);
                System.arraycopy(p, v, b.py, 0, v);
                System.arraycopy(p, 2 * v, b.pz, 0, v);
                System.arraycopy(p, 3 * v, b.yx, 0, v);
                System.arraycopy(p, 4 * v, b.yy, 0, v);
                System.arraycopy(p, 5 * v, b.yz, 0, v);
                System.arraycopy(p, 6 * v, b.pvx, 0, v);
                System.arraycopy(p, 7 * v, b.pvy, 0, v);
                System.arraycopy(p, 8 * v, b.pvz, 0, v);
            }
        }
    }

    int contacts() {
        return contacts;
    }

    int events() {
        return events;
    }
}
