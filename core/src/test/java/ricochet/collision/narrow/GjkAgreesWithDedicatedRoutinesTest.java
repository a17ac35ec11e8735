package ricochet.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.QuickHull;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/**
 * GJK + EPA ({@link ConvexCollide}) against the dedicated routines of {@link CollisionDispatch} on
 * every pair both handle, over random penetrating poses: the deepest point's depth and the normal.
 *
 * <p>For round pairs (spheres and capsules against each other and a sphere against a box) both are
 * exact: depth to 1e-6 m, normal to 1e-6 rad. For pairs with flat faces the dedicated SAT prefers a
 * face axis over an edge axis (and A's face over B's) unless the other is shallower by more than
 * {@code RELATIVE_TOLERANCE} of the depth plus {@code ABSOLUTE_TOLERANCE} times the smallest half
 * extent (that keeps resting contacts on one face). The two preferences stack (A's face beats B's
 * within the window, and the chosen face beats the edge axes within it again), so it may report an
 * axis up to twice that window deeper than EPA's true minimum; otherwise the two agree.
 */
class GjkAgreesWithDedicatedRoutinesTest {

    private static final double DEPTH = 1e-6;
    private static final double ANGLE = 1e-6;

    private static Quat rotation(Random rnd) {
        return Quat.fromAxisAngle(new Vec3(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian() + 1e-9),
                Math.PI * rnd.nextDouble());
    }

    private static ConvexShape shape(int kind, Random rnd) {
        double s = 0.3 + 0.7 * rnd.nextDouble();
        switch (kind) {
            case 0:
                return new SphereShape(s);
            case 1:
                return new CapsuleShape(0.5 * s, 0.3 + s * rnd.nextDouble());
            case 2:
                return new BoxShape(s, 0.3 + 0.6 * rnd.nextDouble(), 0.3 + 0.6 * rnd.nextDouble());
            default:
                double[] p = new double[3 * 14];
                for (int i = 0; i < p.length; i++) {
                    p[i] = s * rnd.nextGaussian();
                }
                return QuickHull.build(p);
        }
    }

    /** {@code max over A of x . n - min over B of x . n}: how far A and B overlap along unit n. */
    private static double overlapAlong(ConvexShape a, Transform ta, ConvexShape b, Transform tb, double nx,
                                       double ny, double nz) {
        return reach(a, ta, nx, ny, nz) + reach(b, tb, -nx, -ny, -nz);
    }

    /** {@code max over the shape at t of x . n}. */
    private static double reach(ConvexShape s, Transform t, double nx, double ny, double nz) {
        double[] d = new double[3];
        double[] p = new double[3];
        double[] w = new double[3];
        t.inverseRotate(nx, ny, nz, d);
        s.support(d[0], d[1], d[2], p);
        t.toWorld(p[0], p[1], p[2], w);
        return w[0] * nx + w[1] * ny + w[2] * nz;
    }

    private static double smallestHalfExtent(ConvexShape s) {
        if (s instanceof BoxShape b) {
            return Math.min(b.halfX(), Math.min(b.halfY(), b.halfZ()));
        }
        double[] bounds = new double[6];
        s.localBounds(bounds);
        return 0.5 * Math.min(bounds[3] - bounds[0], Math.min(bounds[4] - bounds[1], bounds[5] - bounds[2]));
    }

    /**
     * kindA, kindB: 0 sphere, 1 capsule, 2 box, 3 hull (only the pairs the dispatch table covers run).
     */
    @Property(tries = 2000)
    void gjkAndEpaAgreeWithTheDedicatedRoutine(@ForAll @IntRange(min = 0, max = 3) int kindA,
                                                @ForAll @IntRange(min = 0, max = 3) int kindB, @ForAll long seed) {
        Random rnd = new Random(seed);
        ConvexShape a = shape(kindA, rnd);
        ConvexShape b = shape(kindB, rnd);
        CollisionDispatch dispatch = new CollisionDispatch();
        if (!dispatch.supports(a.type(), b.type())) {
            Statistics.collect("not in the table");
            return;
        }
        Transform ta = new Transform().set(Vec3.ZERO, rotation(rnd));
        Vec3 offset = new Vec3(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()).normalized()
                .times(0.6 * rnd.nextDouble());
        Transform tb = new Transform().set(offset, rotation(rnd));
        Manifold dedicated = new Manifold();
        Manifold general = new Manifold();
        boolean d = dispatch.collide(a, ta, b, tb, 0, dedicated);
        boolean g = new ConvexCollide().collide(a, ta, b, tb, 0, general);
        if (!g || general.pointCount() == 0 || general.depth(0) < 1e-4) {
            Statistics.collect("not penetrating");
            return; // not clearly penetrating: the routines may disagree on whether they touch at 0 depth
        }
        assertTrue(d && dedicated.pointCount() > 0, "the dedicated routine missed a penetration of "
                + general.depth(0));
        double epaDepth = general.depth(0);
        double depth = dedicated.maxDepth();
        double cos = dedicated.nx * general.nx + dedicated.ny * general.ny + dedicated.nz * general.nz;
        double angle = Math.acos(Math.min(1, cos));
        boolean round = kindA < 2 && kindB < 2 || (kindA == 0 || kindB == 0) && (kindA == 2 || kindB == 2);
        boolean agree = Math.abs(depth - epaDepth) <= DEPTH && angle <= ANGLE;
        Statistics.collect((round ? "round " : "flat ") + (agree ? "agree" : "face window"));
        if (round) {
            assertTrue(agree, "depth " + depth + " vs EPA " + epaDepth + ", normals " + angle + " rad apart");
            return;
        }
        // Clipping keeps points on the reference face's region, so the manifold's deepest point can be
        // shallower than the axis: compare the axis itself, by the shapes' overlap along the normal.
        double axisDepth = overlapAlong(a, ta, b, tb, dedicated.nx, dedicated.ny, dedicated.nz);
        double window = 2 * BoxBoxCollider.RELATIVE_TOLERANCE * axisDepth
                + 2 * BoxBoxCollider.ABSOLUTE_TOLERANCE * Math.max(smallestHalfExtent(a), smallestHalfExtent(b));
        assertTrue(agree || (axisDepth >= epaDepth - DEPTH && axisDepth <= epaDepth + window + DEPTH),
                "overlap along the normal " + axisDepth + " vs EPA " + epaDepth + " (face window " + window
                        + "), normals " + angle + " rad apart");
        assertTrue(depth <= axisDepth + DEPTH, "no point deeper than the axis: " + depth + " > " + axisDepth);
    }
}
