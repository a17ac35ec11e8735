package ricochet.geometry;

/** Generated meshes: for tests, benchmarks and scenes that need a mesh of a chosen size. */
public final class Meshes {

    private Meshes() {
    }

    /**
     * A UV sphere of radius {@code r}: {@code rings * segments} vertices on rings of equal angle
     * (poles excluded, so no vertex repeats), triangles counter-clockwise seen from outside.
     */
    public static TriangleMesh uvSphere(double r, int rings, int segments) {
        if (!(r > 0) || !Double.isFinite(r) || rings < 2 || segments < 3) {
            throw new IllegalArgumentException("uv sphere needs radius > 0, rings >= 2 and segments >= 3, got "
                    + r + ", " + rings + ", " + segments);
        }
        double[] v = new double[3 * rings * segments];
        int k = 0;
        for (int i = 0; i < rings; i++) {
            double theta = Math.PI * (i + 0.5) / rings;
            for (int j = 0; j < segments; j++) {
                double phi = 2 * Math.PI * j / segments;
                v[k++] = r * StrictMath.sin(theta) * StrictMath.cos(phi);
                v[k++] = r * StrictMath.cos(theta);
                v[k++] = r * StrictMath.sin(theta) * StrictMath.sin(phi);
            }
        }
        int[] t = new int[6 * (rings - 1) * segments];
        int n = 0;
        for (int i = 0; i + 1 < rings; i++) {
            for (int j = 0; j < segments; j++) {
                int a = i * segments + j, b = i * segments + (j + 1) % segments;
                int c = a + segments, d = b + segments;
                t[n++] = a;
                t[n++] = c;
                t[n++] = b;
                t[n++] = b;
                t[n++] = c;
                t[n++] = d;
            }
        }
        return new TriangleMesh(v, t);
    }
}
