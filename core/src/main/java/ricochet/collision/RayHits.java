package ricochet.collision;

import java.util.Arrays;

/** A reusable, growable list of ray hits, sorted by fraction by {@link CollisionWorld#raycastAll}. */
public final class RayHits {

    private int[] bodies = new int[8];
    private double[] data = new double[8 * 7];
    private int count;

    public void clear() {
        count = 0;
    }

    public int count() {
        return count;
    }

    void add(RayResult r) {
        if (count == bodies.length) {
            bodies = Arrays.copyOf(bodies, 2 * count);
            data = Arrays.copyOf(data, 2 * count * 7);
        }
        bodies[count] = r.body;
        int o = 7 * count;
        data[o] = r.fraction;
        data[o + 1] = r.pointX;
        data[o + 2] = r.pointY;
        data[o + 3] = r.pointZ;
        data[o + 4] = r.normalX;
        data[o + 5] = r.normalY;
        data[o + 6] = r.normalZ;
        count++;
    }

    /** Insertion sort by (fraction, body): few hits, and stable and allocation-free. */
    void sort() {
        for (int i = 1; i < count; i++) {
            for (int j = i; j > 0 && before(j, j - 1); j--) {
                swap(j, j - 1);
            }
        }
    }

    private boolean before(int i, int j) {
        double fi = data[7 * i], fj = data[7 * j];
        return fi < fj || (fi == fj && bodies[i] < bodies[j]);
    }

    private void swap(int i, int j) {
        int b = bodies[i];
        bodies[i] = bodies[j];
        bodies[j] = b;
        for (int k = 0; k < 7; k++) {
            double t = data[7 * i + k];
            data[7 * i + k] = data[7 * j + k];
            data[7 * j + k] = t;
        }
    }

    public int body(int i) {
        return bodies[i];
    }

    public double fraction(int i) {
        return data[7 * i];
    }

    /** Into {@code out}: point x y z, then normal x y z. */
    public void get(int i, RayResult out) {
        int o = 7 * i;
        out.body = bodies[i];
        out.fraction = data[o];
        out.pointX = data[o + 1];
        out.pointY = data[o + 2];
        out.pointZ = data[o + 3];
        out.normalX = data[o + 4];
        out.normalY = data[o + 5];
        out.normalZ = data[o + 6];
    }
}
