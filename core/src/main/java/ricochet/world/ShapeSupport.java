package ricochet.world;

import java.util.Arrays;
import java.util.function.IntFunction;
import ricochet.dynamics.BodyStore;
import ricochet.dynamics.SupportSource;
import ricochet.geometry.shape.CompoundShape;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.Shape;
import ricochet.math.Transform;

/**
 * The world's bodies as {@link SupportSource}: a body's shape (convex, or a compound of convex parts
 * to any depth) posed at its centre of mass and rotation in the store. Scratch per worker, grown only
 * by {@link #workers} (called when the world's pool changes), so queries allocate nothing.
 */
final class ShapeSupport implements SupportSource {

    /** Store index to shape. */
    private final IntFunction<Shape> shapes;
    private Scratch[] scratch = {new Scratch()};

    ShapeSupport(IntFunction<Shape> shapes) {
        this.shapes = shapes;
    }

    /** Room for {@code n} workers' queries at once. */
    void workers(int n) {
        if (scratch.length < n) {
            Scratch[] grown = new Scratch[n];
            for (int k = 0; k < n; k++) {
                grown[k] = k < scratch.length ? scratch[k] : new Scratch();
            }
            scratch = grown;
        }
    }

    @Override
    public boolean support(BodyStore s, int i, double dx, double dy, double dz, int worker, double[] out) {
        Shape shape = shapes.apply(i);
        Scratch w = scratch[worker];
        // The direction in the body frame: R^T d (rotation by the conjugate quaternion).
        double qx = -s.qx[i], qy = -s.qy[i], qz = -s.qz[i], qw = s.qw[i];
        double tx = 2 * (qy * dz - qz * dy), ty = 2 * (qz * dx - qx * dz), tz = 2 * (qx * dy - qy * dx);
        double lx = dx + qw * tx + (qy * tz - qz * ty);
        double ly = dy + qw * ty + (qz * tx - qx * tz);
        double lz = dz + qw * tz + (qx * ty - qy * tx);
        if (!w.farthest(shape, lx, ly, lz, 0)) {
            return false;
        }
        // World point: p + R (local - c), p the centre of mass and c its place in the body frame.
        double px = w.point[0] - s.cx[i], py = w.point[1] - s.cy[i], pz = w.point[2] - s.cz[i];
        qx = s.qx[i];
        qy = s.qy[i];
        qz = s.qz[i];
        tx = 2 * (qy * pz - qz * py);
        ty = 2 * (qz * px - qx * pz);
        tz = 2 * (qx * py - qy * px);
        out[0] = s.px[i] + px + qw * tx + (qy * tz - qz * ty);
        out[1] = s.py[i] + py + qw * ty + (qz * tx - qx * tz);
        out[2] = s.pz[i] + pz + qw * tz + (qx * ty - qy * tx);
        return true;
    }

    /**
     * One worker's scratch: the answer and, per compound depth, a child pose, the direction in the
     * child's frame and the best candidate.
     */
    private static final class Scratch {
        final double[] point = new double[3];
        Transform[] poses = new Transform[0];
        double[][] candidates = new double[0][];
        double[][] directions = new double[0][];

        /** The farthest point of {@code shape} along l (its own frame) into {@link #point}. */
        boolean farthest(Shape shape, double lx, double ly, double lz, int depth) {
            if (shape instanceof ConvexShape c) {
                c.support(lx, ly, lz, point);
                return true;
            }
            if (!(shape instanceof CompoundShape compound)) {
                return false;
            }
            if (poses.length <= depth) {
                // Grows on the first compound this deep only (a world's shapes are fixed when added).
                poses = Arrays.copyOf(poses, depth + 1);
                candidates = Arrays.copyOf(candidates, depth + 1);
                directions = Arrays.copyOf(directions, depth + 1);
                poses[depth] = new Transform();
                candidates[depth] = new double[3];
                directions[depth] = new double[3];
            }
            Transform pose = poses[depth];
            double[] best = candidates[depth], dir = directions[depth];
            double bestReach = Double.NEGATIVE_INFINITY;
            for (int k = 0; k < compound.childCount(); k++) {
                compound.childTransform(k, pose);
                // The direction in the child's frame: R_c^T l.
                pose.inverseRotate(lx, ly, lz, dir);
                if (!farthest(compound.child(k), dir[0], dir[1], dir[2], depth + 1)) {
                    // A mesh part has no extreme point: the whole compound keeps its anchors.
                    return false;
                }
                pose.toWorld(point[0], point[1], point[2], point);
                double reach = point[0] * lx + point[1] * ly + point[2] * lz;
                if (reach > bestReach) {
                    bestReach = reach;
                    best[0] = point[0];
                    best[1] = point[1];
                    best[2] = point[2];
                }
            }
            point[0] = best[0];
            point[1] = best[1];
            point[2] = best[2];
            return compound.childCount() > 0;
        }
    }
}
