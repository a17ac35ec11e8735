package ricochet.geometry.shape;

/**
 * Fewer corners for the convex hull of a dense point cloud (a scanned mesh): the points that are
 * extreme along {@code n} directions spread evenly over the sphere (a Fibonacci lattice). Their hull
 * lies inside the full hull and touches it at every chosen point, so it differs from it by at most
 * the sagitta between neighbouring support points.
 *
 * <p>Why: a body resting on a hull of thousands of corners a millimetre apart rocks from one corner
 * to the next, and its four-point manifold keeps changing (no warm start, each new corner arriving a
 * little deep). With a few hundred corners its faces are wide enough to rest on.
 */
public final class HullSimplifier {

    /** Support directions used by default. */
    public static final int DEFAULT_DIRECTIONS = 64;

    private static final double GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

    private HullSimplifier() {
    }

    /**
     * The support points of {@code packedPoints} (x y z each) along {@code directions} directions,
     * each once, in input order; ties go to the earlier point, so the result never depends on
     * round-off between equally extreme points.
     *
     * @throws IllegalArgumentException for fewer than 4 directions, or points not packed by threes
     */
    public static double[] supportPoints(double[] packedPoints, int directions) {
        if (directions < 4) {
            throw new IllegalArgumentException("hull simplifier: needs at least 4 directions, got " + directions);
        }
        if (packedPoints == null || packedPoints.length % 3 != 0) {
            throw new IllegalArgumentException("hull simplifier: points must be packed x y z");
        }
        int n = packedPoints.length / 3;
        boolean[] chosen = new boolean[n];
        int count = 0;
        for (int k = 0; k < directions && n > 0; k++) {
            double dy = 1 - 2 * (k + 0.5) / directions;
            double r = Math.sqrt(Math.max(0, 1 - dy * dy));
            double phi = k * GOLDEN_ANGLE;
            double dx = r * StrictMath.cos(phi), dz = r * StrictMath.sin(phi);
            int best = 0;
            double bestDot = dx * packedPoints[0] + dy * packedPoints[1] + dz * packedPoints[2];
            for (int i = 1; i < n; i++) {
                double d = dx * packedPoints[3 * i] + dy * packedPoints[3 * i + 1] + dz * packedPoints[3 * i + 2];
                if (d > bestDot) {
                    bestDot = d;
                    best = i;
                }
            }
            if (!chosen[best]) {
                chosen[best] = true;
                count++;
            }
        }
        double[] out = new double[3 * count];
        int j = 0;
        for (int i = 0; i < n; i++) {
            if (chosen[i]) {
                System.arraycopy(packedPoints, 3 * i, out, 3 * j++, 3);
            }
        }
        return out;
    }
}
