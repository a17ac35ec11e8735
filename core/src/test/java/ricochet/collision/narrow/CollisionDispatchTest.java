package ricochet.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static ricochet.collision.narrow.NarrowFixtures.at;

import java.lang.management.ManagementFactory;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.ShapeType;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Transform;
import ricochet.math.Vec3;

class CollisionDispatchTest {

    private static final Set<ShapeType> SOLIDS = EnumSet.of(ShapeType.SPHERE, ShapeType.CAPSULE,
            ShapeType.BOX,
            ShapeType.CONVEX_HULL);

    @Test
    void tableCoversTheDedicatedPairsInBothOrdersAndNothingElse() {
        CollisionDispatch d = new CollisionDispatch();
        for (ShapeType a : ShapeType.values()) {
            for (ShapeType b : ShapeType.values()) {
                // Sphere and capsule against a hull are GJK's (no dedicated routine here).
                boolean roundVsHull = a == ShapeType.CONVEX_HULL
                        && (b == ShapeType.SPHERE || b == ShapeType.CAPSULE)
                        || b == ShapeType.CONVEX_HULL && (a == ShapeType.SPHERE || a == ShapeType.CAPSULE);
                boolean expected = SOLIDS.contains(a) && SOLIDS.contains(b) && !roundVsHull
                        || a == ShapeType.PLANE && (SOLIDS.contains(b) || b == ShapeType.CYLINDER)
                        || b == ShapeType.PLANE && (SOLIDS.contains(a) || a == ShapeType.CYLINDER);
                assertEquals(expected, d.supports(a, b), a + " vs " + b);
            }
        }
    }

    @Test
    void unsupportedPairReturnsFalseWithAnEmptyManifold() {
        CollisionDispatch d = new CollisionDispatch();
        Manifold m = new Manifold();
        SphereShape s = new SphereShape(1);
        assertTrue(d.collide(s, at(0, 0, 0), s, at(0, 0.5, 0), 0, m));
        assertFalse(d.collide(new CylinderShape(1, 1), at(0, 0, 0), s, at(0, 0.5, 0), 0, m),
                "cylinder-sphere is left to GJK");
        assertEquals(0, m.pointCount());
    }

    @Test
    void registeredRoutineFillsAnEmptyEntryInBothOrders() {
        CollisionDispatch d = new CollisionDispatch();
        d.register(ShapeType.CYLINDER, ShapeType.SPHERE, (a, ta, b, tb, margin, out) -> {
            out.setNormal(1, 0, 0);
            out.addPoint(0, 0, 0, -1, 0, 0, 7);
            return true;
        });
        assertTrue(d.supports(ShapeType.SPHERE, ShapeType.CYLINDER));
        Manifold m = new Manifold();
        assertTrue(d.collide(new SphereShape(1), at(0, 0, 0), new CylinderShape(1, 1), at(0, 0, 0), 0, m));
        assertEquals(-1, m.nx, "the (sphere, cylinder) order is the flip");
        assertEquals(-1, m.pointAX(0));
    }

    @Test
    void badMarginIsRejectedWithItsValue() {
        CollisionDispatch d = new CollisionDispatch();
        SphereShape s = new SphereShape(1);
        for (double bad : new double[] {-0.1, Double.NaN, Double.POSITIVE_INFINITY}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> d.collide(s, at(0, 0, 0), s, at(0, 0, 0), bad, new Manifold()));
            assertTrue(e.getMessage().contains("margin") && e.getMessage().contains(String.valueOf(bad)),
                    e.getMessage());
        }
    }

    /**
     * Counted with the thread's allocated-bytes counter; the JVM may charge a window a few bytes while
     * it compiles, so the cleanest of five windows must be zero (an allocation per call shows in all).
     */
    @Test
    void aWarmCallAllocatesNothing() {
        var threads = ManagementFactory.getThreadMXBean();
        assumeTrue(threads instanceof com.sun.management.ThreadMXBean, "needs HotSpot's allocation counter");
        var counter = (com.sun.management.ThreadMXBean) threads;
        CollisionDispatch d = new CollisionDispatch();
        Manifold m = new Manifold();
        ConvexHullShape prism = NarrowFixtures.prism(10, 0.5, 0.4);
        ConvexHullShape ico = NarrowFixtures.icosahedron(0.5);
        Shape[] as = {new SphereShape(0.5), new CapsuleShape(0.3, 0.5), new BoxShape(0.5, 0.4, 0.3), prism,
            new PlaneShape(Vec3.UNIT_Y, 0), new BoxShape(1, 0.5, 1), new PlaneShape(Vec3.UNIT_Y, 0)};
        Shape[] bs = {new CapsuleShape(0.2, 0.6), new BoxShape(0.5, 0.5, 0.5), new BoxShape(0.4, 0.4, 0.4),
                ico,
            new CylinderShape(0.3, 0.5), prism, ico};
        Transform ta = at(0, 0, 0);
        Transform tb = at(0.1, 0.7, 0.05, new Vec3(1, 2, 3).normalized(), 0.4);
        for (int i = 0; i < 20_000; i++) {
            for (int k = 0; k < as.length; k++) {
                d.collide(as[k], ta, bs[k], tb, 0.05, m);
                d.collide(bs[k], tb, as[k], ta, 0.05, m);
            }
        }
        long thread = Thread.currentThread().getId();
        long cleanest = Long.MAX_VALUE;
        int hits = 0;
        for (int window = 0; window < 5 && cleanest > 0; window++) {
            long before = counter.getThreadAllocatedBytes(thread);
            for (int i = 0; i < 1000; i++) {
                for (int k = 0; k < as.length; k++) {
                    hits += d.collide(as[k], ta, bs[k], tb, 0.05, m) ? 1 : 0;
                }
            }
            cleanest = Math.min(cleanest, counter.getThreadAllocatedBytes(thread) - before);
        }
        assertTrue(hits > 0);
        assertEquals(0, cleanest, "every window of 7,000 calls allocated, at least " + cleanest + " B");
    }
}
