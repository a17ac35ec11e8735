package ricochet.collision;

import java.util.Arrays;
import ricochet.collision.narrow.CollisionDispatch;
import ricochet.collision.narrow.ConvexCollide;
import ricochet.collision.narrow.Manifold;
import ricochet.collision.narrow.MeshCollide;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.TriangleShape;
import ricochet.math.Transform;

/**
 * A thread's narrow phase: the routines and scratch a {@link CollisionWorld} collides one pair of
 * parts with, one instance per thread of its pool, so pairs collided at once share nothing.
 */
final class NarrowScratch {

    final CollisionDispatch dispatch = new CollisionDispatch();
    final ConvexCollide convex = new ConvexCollide();
    final MeshCollide mesh = new MeshCollide();
    final Manifold manifold = new Manifold();
    final double[] w = new double[3];
    final double[] bounds = new double[6], support = new double[3], local = new double[6];
    /** Scratch transforms for compound children, one per nesting level and side. */
    Transform[] childPoses = new Transform[8];

    NarrowScratch() {
        for (int i = 0; i < childPoses.length; i++) {
            childPoses[i] = new Transform();
        }
    }

    Transform childPose(int i) {
        if (i >= childPoses.length) {
            int old = childPoses.length;
            childPoses = Arrays.copyOf(childPoses, Math.max(i + 1, 2 * old));
            for (int k = old; k < childPoses.length; k++) {
                childPoses[k] = new Transform();
            }
        }
        return childPoses[i];
    }

    /** The narrow phase for two parts that are not compounds, into {@code out}; whether it hit. */
    boolean collide(Shape sa, Transform ta, Shape sb, Transform tb, double margin, Manifold out) {
        if (dispatch.supports(sa.type(), sb.type())) {
            return dispatch.collide(sa, ta, sb, tb, margin, out);
        } else if (sa instanceof TriangleShape ma && sb instanceof ConvexShape cb) {
            return mesh.collide(ma, ta, cb, tb, margin, out);
        } else if (sb instanceof TriangleShape mb && sa instanceof ConvexShape ca) {
            boolean hit = mesh.collide(mb, tb, ca, ta, margin, out);
            if (hit) {
                out.flip();
            }
            return hit;
        } else if (sa instanceof ConvexShape ca && sb instanceof ConvexShape cb) {
            return convex.collide(ca, ta, cb, tb, margin, out);
        }
        out.clear();
        return false;
    }
}
