package ricochet.collision.narrow;

import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.ShapeType;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Transform;

/**
 * The narrow phase's shape-type by shape-type table (Jolt's {@code CollisionDispatch}, Box2D's
 * {@code b2RegisterShapes}): one small routine per ordered pair of {@link ShapeType}s, writing into a
 * reused {@link Manifold}. A pair given in the table's other order runs the routine for (B, A) and
 * flips the manifold.
 *
 * <p>Covered here with dedicated, exact routines: sphere, capsule and box against each other,
 * box-box by {@link BoxBoxCollider}'s 15-axis SAT, hull-hull and box-hull by {@link HullCollider},
 * and the plane against sphere, capsule, box, cylinder and hull. Not covered (sphere and capsule
 * against a hull, the cylinder against anything but the plane, triangle meshes, heightfields,
 * compounds, plane-plane): {@link #supports}
 * answers false and {@link #collide} returns false with an empty manifold. The general convex pairs
 * are meant for GJK/EPA, which another part plugs into those entries with {@link #register}.
 *
 * <p>One instance per thread: it owns the routines' scratch, and a call allocates nothing.
 */
public final class CollisionDispatch {

    /** A routine for one ordered pair of shape types; the shapes are of those types. */
    @FunctionalInterface
    public interface PairRoutine {
        boolean collide(Shape a, Transform ta, Shape b, Transform tb, double margin, Manifold out);
    }

    private static final int N = ShapeType.values().length;

    private final PairRoutine[][] table = new PairRoutine[N][N];
    private final RoundContacts round = new RoundContacts();
    private final BoxContacts boxes = new BoxContacts();
    private final PlaneContacts planes = new PlaneContacts();
    private final BoxBoxCollider boxBox = new BoxBoxCollider();
    private final HullCollider hulls = new HullCollider();

    public CollisionDispatch() {
        both(ShapeType.SPHERE, ShapeType.SPHERE, (a, ta, b, tb, m, o) ->
                round.sphereSphere((SphereShape) a, ta, (SphereShape) b, tb, m, o));
        both(ShapeType.SPHERE, ShapeType.CAPSULE, (a, ta, b, tb, m, o) ->
                round.sphereCapsule((SphereShape) a, ta, (CapsuleShape) b, tb, m, o));
        both(ShapeType.CAPSULE, ShapeType.CAPSULE, (a, ta, b, tb, m, o) ->
                round.capsuleCapsule((CapsuleShape) a, ta, (CapsuleShape) b, tb, m, o));
        both(ShapeType.BOX, ShapeType.SPHERE, (a, ta, b, tb, m, o) ->
                boxes.boxSphere((BoxShape) a, ta, (SphereShape) b, tb, m, o));
        both(ShapeType.BOX, ShapeType.CAPSULE, (a, ta, b, tb, m, o) ->
                boxes.boxCapsule((BoxShape) a, ta, (CapsuleShape) b, tb, m, o));
        both(ShapeType.BOX, ShapeType.BOX, (a, ta, b, tb, m, o) ->
                boxBox.collide((BoxShape) a, ta, (BoxShape) b, tb, m, o));
        both(ShapeType.CONVEX_HULL, ShapeType.CONVEX_HULL, (a, ta, b, tb, m, o) ->
                hulls.collide((ConvexHullShape) a, ta, (ConvexHullShape) b, tb, m, o));
        both(ShapeType.BOX, ShapeType.CONVEX_HULL, (a, ta, b, tb, m, o) ->
                hulls.collide((BoxShape) a, ta, (ConvexHullShape) b, tb, m, o));
        both(ShapeType.PLANE, ShapeType.SPHERE, (a, ta, b, tb, m, o) ->
                planes.planeSphere((PlaneShape) a, ta, (SphereShape) b, tb, m, o));
        both(ShapeType.PLANE, ShapeType.CAPSULE, (a, ta, b, tb, m, o) ->
                planes.planeCapsule((PlaneShape) a, ta, (CapsuleShape) b, tb, m, o));
        both(ShapeType.PLANE, ShapeType.BOX, (a, ta, b, tb, m, o) ->
                planes.planeBox((PlaneShape) a, ta, (BoxShape) b, tb, m, o));
        both(ShapeType.PLANE, ShapeType.CYLINDER, (a, ta, b, tb, m, o) ->
                planes.planeCylinder((PlaneShape) a, ta, (CylinderShape) b, tb, m, o));
        both(ShapeType.PLANE, ShapeType.CONVEX_HULL, (a, ta, b, tb, m, o) ->
                planes.planeHull((PlaneShape) a, ta, (ConvexHullShape) b, tb, m, o));
    }

    /** Puts the routine at (first, second) and its flipped form at (second, first). */
    private void both(ShapeType first, ShapeType second, PairRoutine routine) {
        table[first.ordinal()][second.ordinal()] = routine;
        if (first != second) {
            table[second.ordinal()][first.ordinal()] = (a, ta, b, tb, m, o) -> {
                boolean hit = routine.collide(b, tb, a, ta, m, o);
                o.flip();
                return hit;
            };
        }
    }

    /**
     * Installs a routine for (first, second) and, unless they are equal, its flipped form for
     * (second, first), replacing what was there; for the GJK/EPA fallback and for mesh and
     * heightfield routines that live in other classes.
     */
    public void register(ShapeType first, ShapeType second, PairRoutine routine) {
        both(first, second, routine);
    }

    /** Whether {@link #collide} has a routine for shapes of these types, in either order. */
    public boolean supports(ShapeType a, ShapeType b) {
        return table[a.ordinal()][b.ordinal()] != null;
    }

    /**
     * The contact between shape a at pose ta and shape b at pose tb (shapes in their own frames,
     * poses to world) into {@code out}, which is cleared first: unit normal from A to B, points on A
     * and on B in world space, separation {@code (pB - pA) . n} in metres (negative when
     * penetrating, in (0, margin] for a speculative point). Returns whether the manifold has points;
     * false also for a pair without a routine (see {@link #supports}).
     *
     * @param margin metres (finite, >= 0): separated features closer than this are still reported
     * @throws IllegalArgumentException when the margin is negative, NaN or infinite
     */
    public boolean collide(Shape a, Transform ta, Shape b, Transform tb, double margin, Manifold out) {
        if (!(margin >= 0) || margin == Double.POSITIVE_INFINITY) {
            throw new IllegalArgumentException("narrow phase: margin must be finite and >= 0, got " + margin);
        }
        out.clear();
        PairRoutine routine = table[a.type().ordinal()][b.type().ordinal()];
        return routine != null && routine.collide(a, ta, b, tb, margin, out);
    }
}
