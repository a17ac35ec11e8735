package ricochet.collision.narrow;

import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.ShapeType;

/**
 * A triangle (world vertices, set per use) as a flat convex core of radius 0, so GJK can measure a
 * convex against one triangle of a mesh: the support is its farthest vertex.
 */
final class TriangleCore implements ConvexShape {

    private final double[] v = new double[9];

    void set(double[] tri9) {
        System.arraycopy(tri9, 0, v, 0, 9);
    }

    @Override
    public ShapeType type() {
        return ShapeType.TRIANGLE_MESH;
    }

    @Override
    public double radius() {
        return 0;
    }

    @Override
    public void supportCore(double dx, double dy, double dz, double[] out) {
        int best = 0;
        double bestDot = v[0] * dx + v[1] * dy + v[2] * dz;
        for (int k = 1; k < 3; k++) {
            double d = v[3 * k] * dx + v[3 * k + 1] * dy + v[3 * k + 2] * dz;
            if (d > bestDot) {
                bestDot = d;
                best = k;
            }
        }
        out[0] = v[3 * best];
        out[1] = v[3 * best + 1];
        out[2] = v[3 * best + 2];
    }

    @Override
    public void localBounds(double[] out) {
        for (int k = 0; k < 3; k++) {
            out[k] = Math.min(v[k], Math.min(v[3 + k], v[6 + k]));
            out[3 + k] = Math.max(v[k], Math.max(v[3 + k], v[6 + k]));
        }
    }
}
