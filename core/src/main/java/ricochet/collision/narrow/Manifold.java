package ricochet.collision.narrow;

/**
 * The contact between two shapes A and B, reused from step to step: a unit normal from A to B (world
 * axes) and up to {@link #MAX_POINTS} points, each with its position on A and on B (world), its
 * separation along the normal (negative when the shapes overlap: depth = -separation; positive for a
 * speculative point within the margin) and a feature id that stays the same while the touching
 * features do, so the solver can warm-start from the last step's impulses.
 */
public final class Manifold {

    public static final int MAX_POINTS = 4;

    /** Unit normal from A to B, world axes. */
    public double nx, ny, nz;
    private int count;
    private final double[] onA = new double[3 * MAX_POINTS];
    private final double[] onB = new double[3 * MAX_POINTS];
    private final double[] separation = new double[MAX_POINTS];
    private final int[] featureId = new int[MAX_POINTS];

    public void clear() {
        count = 0;
    }

    public int pointCount() {
        return count;
    }

    public void setNormal(double x, double y, double z) {
        nx = x;
        ny = y;
        nz = z;
    }

    /**
     * Adds a point given on A and on B (world); its separation is {@code (b - a) . n}. Returns false
     * (nothing added) when the manifold is full.
     */
    public boolean addPoint(double ax, double ay, double az, double bx, double by, double bz, int feature) {
        if (count == MAX_POINTS) {
            return false;
        }
        int i = 3 * count;
        onA[i] = ax;
        onA[i + 1] = ay;
        onA[i + 2] = az;
        onB[i] = bx;
        onB[i + 1] = by;
        onB[i + 2] = bz;
        separation[count] = (bx - ax) * nx + (by - ay) * ny + (bz - az) * nz;
        featureId[count] = feature;
        count++;
        return true;
    }

    public double pointAX(int i) {
        return onA[3 * i];
    }

    public double pointAY(int i) {
        return onA[3 * i + 1];
    }

    public double pointAZ(int i) {
        return onA[3 * i + 2];
    }

    public double pointBX(int i) {
        return onB[3 * i];
    }

    public double pointBY(int i) {
        return onB[3 * i + 1];
    }

    public double pointBZ(int i) {
        return onB[3 * i + 2];
    }

    /** Separation along the normal, metres: negative when overlapping. */
    public double separation(int i) {
        return separation[i];
    }

    /** Penetration depth, metres: {@code -separation}. */
    public double depth(int i) {
        return -separation[i];
    }

    public int featureId(int i) {
        return featureId[i];
    }

    /** The deepest penetration of all points (0 for none), metres. */
    public double maxDepth() {
        double d = 0;
        for (int i = 0; i < count; i++) {
            d = Math.max(d, -separation[i]);
        }
        return d;
    }

    /** Swaps the roles of A and B: points exchange sides and the normal turns around. */
    public void flip() {
        nx = -nx;
        ny = -ny;
        nz = -nz;
        for (int i = 0; i < 3 * count; i++) {
            double t = onA[i];
            onA[i] = onB[i];
            onB[i] = t;
        }
    }

    public void copyFrom(Manifold o) {
        nx = o.nx;
        ny = o.ny;
        nz = o.nz;
        count = o.count;
        System.arraycopy(o.onA, 0, onA, 0, 3 * count);
        System.arraycopy(o.onB, 0, onB, 0, 3 * count);
        System.arraycopy(o.separation, 0, separation, 0, count);
        System.arraycopy(o.featureId, 0, featureId, 0, count);
    }
}
