package ricochet.geometry.shape;

import java.util.List;
import ricochet.math.Transform;

/**
 * Several shapes rigidly joined, each at a local pose in the compound's frame (child frame to
 * compound frame: {@code x = R x_child + p}). Children may be compounds themselves; a plane cannot
 * be a child (it is infinite and static-only). Immutable: the poses are copied in and handed out as
 * copies.
 */
public final class CompoundShape implements Shape {

    /** A child shape and its pose in the compound's frame. */
    public record Child(Shape shape, Transform pose) {
    }

    private final Shape[] shapes;
    private final Transform[] poses;
    private final double[] bounds = new double[6];

    /**
     * @throws IllegalArgumentException when the list is empty or null, or a child, its shape or its pose
     *     is null, or a child is a plane
     */
    public CompoundShape(List<Child> children) {
        if (children == null || children.isEmpty()) {
            throw new IllegalArgumentException("compound: needs at least one child, got "
                    + (children == null ? "null" : "none"));
        }
        int n = children.size();
        shapes = new Shape[n];
        poses = new Transform[n];
        for (int i = 0; i < n; i++) {
            Child c = children.get(i);
            if (c == null || c.shape() == null || c.pose() == null) {
                throw new IllegalArgumentException("compound: child " + i + " (or its shape or pose) is null");
            }
            if (c.shape() instanceof PlaneShape) {
                throw new IllegalArgumentException("compound: child " + i
                        + " is a plane; a static-only infinite shape cannot be part of a compound");
            }
            shapes[i] = c.shape();
            poses[i] = new Transform().set(c.pose());
        }
        computeBounds();
    }

    /** The compound of the given children (see {@link #CompoundShape(List)}). */
    public static CompoundShape of(Child... children) {
        return new CompoundShape(List.of(children));
    }

    @Override
    public ShapeType type() {
        return ShapeType.COMPOUND;
    }

    public int childCount() {
        return shapes.length;
    }

    public Shape child(int i) {
        return shapes[i];
    }

    /** The pose of child i in the compound's frame (a copy). */
    public Transform childTransform(int i) {
        return new Transform().set(poses[i]);
    }

    /** The pose of child i itself, for this package's allocation-free queries; never modified. */
    Transform pose(int i) {
        return poses[i];
    }

    /** Copies the pose of child i into {@code out} (no allocation); returns out. */
    public Transform childTransform(int i, Transform out) {
        return out.set(poses[i]);
    }

    /**
     * The union of the children's bounds, each moved by its pose. A box with centre c and half extents
     * e, rotated by R and moved by p, has the exact axis-aligned bounds centre {@code R c + p} and half
     * extents {@code |R| e} (entries' absolute values; Ericson, Real-Time Collision Detection 4.2.6).
     */
    private void computeBounds() {
        bounds[0] = bounds[1] = bounds[2] = Double.POSITIVE_INFINITY;
        bounds[3] = bounds[4] = bounds[5] = Double.NEGATIVE_INFINITY;
        double[] b = new double[6];
        double[] c = new double[3];
        for (int i = 0; i < shapes.length; i++) {
            shapes[i].localBounds(b);
            double[] r = poses[i].r;
            poses[i].toWorld(0.5 * (b[0] + b[3]), 0.5 * (b[1] + b[4]), 0.5 * (b[2] + b[5]), c);
            double ex = 0.5 * (b[3] - b[0]), ey = 0.5 * (b[4] - b[1]), ez = 0.5 * (b[5] - b[2]);
            for (int k = 0; k < 3; k++) {
                double e = Math.abs(r[3 * k]) * ex + Math.abs(r[3 * k + 1]) * ey + Math.abs(r[3 * k + 2]) * ez;
                bounds[k] = Math.min(bounds[k], c[k] - e);
                bounds[3 + k] = Math.max(bounds[3 + k], c[k] + e);
            }
        }
    }

    @Override
    public void localBounds(double[] out) {
        System.arraycopy(bounds, 0, out, 0, 6);
    }
}
