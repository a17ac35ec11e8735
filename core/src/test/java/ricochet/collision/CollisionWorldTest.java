package ricochet.collision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import ricochet.collision.broad.BroadPhase;
import ricochet.collision.broad.DynamicAabbTree;
import ricochet.collision.broad.SweepAndPrune;
import ricochet.collision.narrow.CollisionDispatch;
import ricochet.collision.narrow.ConvexCollide;
import ricochet.collision.narrow.GjkResult;
import ricochet.collision.narrow.Manifold;
import ricochet.geometry.TriangleMesh;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.CompoundShape;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.QuickHull;
import ricochet.geometry.shape.RayHit;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.ShapeRaycast;
import ricochet.geometry.shape.SphereShape;
import ricochet.geometry.shape.TriangleMeshShape;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/** The collision world: broad phase plus narrow phase agree with testing every pair, and the queries with brute force. */
class CollisionWorldTest {

    private static Transform at(double x, double y, double z) {
        return new Transform().set(x, y, z, 0, 0, 0, 1);
    }

    private static Quat randomRotation(Random rnd) {
        return Quat.fromAxisAngle(new Vec3(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian() + 1e-9),
                Math.PI * rnd.nextDouble());
    }

    private static ConvexShape randomConvex(Random rnd) {
        double s = 0.2 + 0.8 * rnd.nextDouble();
        switch (rnd.nextInt(5)) {
            case 0:
                return new SphereShape(s);
            case 1:
                return new BoxShape(s, 0.3 + 0.5 * rnd.nextDouble(), 0.2 + s * rnd.nextDouble());
            case 2:
                return new CapsuleShape(0.5 * s, s);
            case 3:
                return new CylinderShape(0.6 * s, s);
            default:
                double[] p = new double[3 * 12];
                for (int i = 0; i < p.length; i++) {
                    p[i] = s * rnd.nextGaussian();
                }
                return QuickHull.build(p);
        }
    }

    /** Every (a, b) pair with a contact manifold, found through the world. */
    private static TreeSet<String> worldPairs(CollisionWorld w, double margin) {
        TreeSet<String> out = new TreeSet<>();
        w.findContacts(margin, (a, ca, b, cb, m) -> out.add(Math.min(a, b) + "-" + Math.max(a, b)));
        return out;
    }

    @Property(tries = 40)
    void contactsThroughTheBroadPhaseEqualTestingEveryPair(@ForAll long seed, @ForAll boolean useTree) {
        Random rnd = new Random(seed);
        BroadPhase bp = useTree ? new DynamicAabbTree() : new SweepAndPrune();
        CollisionWorld w = new CollisionWorld(bp);
        int n = 25;
        List<Shape> shapes = new ArrayList<>();
        List<Transform> poses = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Shape s = randomConvex(rnd);
            Transform t = new Transform().set(new Vec3(6 * rnd.nextDouble(), 6 * rnd.nextDouble(),
                    6 * rnd.nextDouble()), randomRotation(rnd));
            shapes.add(s);
            poses.add(t);
            w.add(s, t, i % 7 == 0, 1, 1);
        }
        double margin = 0.05;
        // Brute force: the narrow phase on every pair that is not static-static.
        CollisionDispatch dispatch = new CollisionDispatch();
        ConvexCollide convex = new ConvexCollide();
        Manifold m = new Manifold();
        TreeSet<String> expected = new TreeSet<>();
        for (int a = 0; a < n; a++) {
            for (int b = a + 1; b < n; b++) {
                if (a % 7 == 0 && b % 7 == 0) {
                    continue;
                }
                Shape sa = shapes.get(a), sb = shapes.get(b);
                boolean hit = dispatch.supports(sa.type(), sb.type())
                        ? dispatch.collide(sa, poses.get(a), sb, poses.get(b), margin, m)
                        : convex.collide((ConvexShape) sa, poses.get(a), (ConvexShape) sb, poses.get(b), margin, m);
                if (hit && m.pointCount() > 0) {
                    expected.add(a + "-" + b);
                }
            }
        }
        assertEquals(expected, worldPairs(w, margin));
    }

    @Test
    void boxRestingOnAStaticBoxGivesFourPointsAtTheOverlapCorners() {
        CollisionWorld w = new CollisionWorld(new DynamicAabbTree());
        int ground = w.add(new BoxShape(5, 0.5, 5), at(0, -0.5, 0), true, 1, 1);
        int box = w.add(new BoxShape(0.5, 0.5, 0.5), at(0, 0.49, 0), false, 1, 1);
        List<Manifold> found = new ArrayList<>();
        w.findContacts(0.02, (a, ca, b, cb, m) -> {
            Manifold copy = new Manifold();
            copy.copyFrom(m);
            if (a == box) {
                copy.flip();
            }
            found.add(copy);
            assertEquals(-1, ca);
            assertTrue((a == ground && b == box) || (a == box && b == ground));
        });
        assertEquals(1, found.size());
        Manifold m = found.get(0);
        assertEquals(4, m.pointCount());
        assertEquals(1, m.ny, 1e-12, "normal from ground to box is +y");
        for (int i = 0; i < 4; i++) {
            assertEquals(0.01, m.depth(i), 1e-12);
            assertEquals(0.5, Math.abs(m.pointBX(i)), 1e-12);
            assertEquals(0.5, Math.abs(m.pointBZ(i)), 1e-12);
        }
    }

    @Test
    void planesMeetEveryMovingBodyAndNoStaticOne() {
        CollisionWorld w = new CollisionWorld(new SweepAndPrune());
        int floor = w.add(new PlaneShape(Vec3.UNIT_Y, 0), at(0, 0, 0), true, 1, 1);
        int ball = w.add(new SphereShape(0.5), at(0, 0.45, 0), false, 1, 1);
        w.add(new BoxShape(1, 1, 1), at(5, 0, 0), true, 1, 1);
        List<String> seen = new ArrayList<>();
        w.findContacts(0, (a, ca, b, cb, m) -> {
            seen.add(a + "-" + b);
            assertEquals(0.05, m.depth(0), 1e-12);
            assertEquals(1, m.ny, 1e-12);
        });
        assertEquals(List.of(floor + "-" + ball), seen);
    }

    @Test
    void compoundChildrenAreReportedByIndex() {
        CollisionWorld w = new CollisionWorld(new DynamicAabbTree());
        CompoundShape dumbbell = CompoundShape.of(
                new CompoundShape.Child(new SphereShape(0.5), at(-2, 0, 0)),
                new CompoundShape.Child(new SphereShape(0.5), at(2, 0, 0)));
        int d = w.add(dumbbell, new Transform().set(new Vec3(0, 0, 0), Quat.fromAxisAngle(Vec3.UNIT_Y, Math.PI)),
                false, 1, 1);
        // Turned half a turn about y, the child at local -2 sits at world x = +2.
        int probe = w.add(new SphereShape(0.5), at(2.9, 0, 0), true, 1, 1);
        List<Integer> children = new ArrayList<>();
        w.findContacts(0, (a, ca, b, cb, m) -> children.add(a == d ? ca : cb));
        assertEquals(List.of(0), children);
        assertTrue(probe > d);
    }

    @Test
    void aBoxLyingOnAMeshFloorGetsUpwardNormalsOnly() {
        CollisionWorld w = new CollisionWorld(new DynamicAabbTree());
        w.add(new TriangleMeshShape(floorMesh()), at(0, 0, 0), true, 1, 1);
        int box = w.add(new BoxShape(0.3, 0.1, 0.3), at(0, 0.09, 0), false, 1, 1);
        for (double x = -0.6; x <= 0.6; x += 0.0137) {
            w.setPose(box, at(x, 0.09, 0.05));
            int[] points = {0};
            w.findContacts(0.01, (a, ca, b, cb, m) -> {
                points[0] += m.pointCount();
                assertEquals(1, Math.abs(m.ny), 1e-9, "sideways normal at x");
                assertEquals(0.01, m.maxDepth(), 1e-9);
            });
            assertEquals(4, points[0]);
        }
    }

    @Test
    void aCylinderOnAMeshFloorGetsUpwardNormalsAcrossTheSharedEdges() {
        CollisionWorld w = new CollisionWorld(new DynamicAabbTree());
        w.add(new TriangleMeshShape(floorMesh()), at(0, 0, 0), true, 1, 1);
        // Standing (axis along y, half height 0.1) and lying (turned 90 degrees about x), 5 mm deep.
        Quat[] attitudes = {Quat.IDENTITY, Quat.fromAxisAngle(Vec3.UNIT_X, Math.PI / 2)};
        double[] lows = {0.1, 0.2};
        for (int k = 0; k < 2; k++) {
            int cyl = w.add(new CylinderShape(0.2, 0.1), at(0, 1, 0), false, 1, 1);
            for (double x = -0.6; x <= 0.6; x += 0.0137) {
                w.setPose(cyl, new Transform().set(new Vec3(x, lows[k] - 0.005, 0.03), attitudes[k]));
                int[] points = {0};
                w.findContacts(0.01, (a, ca, b, cb, m) -> {
                    points[0] += m.pointCount();
                    assertEquals(1, Math.abs(m.ny), 1e-9, "sideways normal at x = ");
                    assertEquals(0.005, m.maxDepth(), 1e-6);
                });
                assertTrue(points[0] > 0);
            }
            w.remove(cyl);
        }
    }

    /** A 2 x 2 squares floor of 8 triangles at y = 0, 2 m wide, facing up. */
    private static TriangleMesh floorMesh() {
        double[] v = new double[27];
        int k = 0;
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                v[k++] = j - 1;
                v[k++] = 0;
                v[k++] = i - 1;
            }
        }
        int[] t = new int[24];
        int n = 0;
        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 2; j++) {
                int a = 3 * i + j, b = a + 1, c = a + 3, d = c + 1;
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

    @Property(tries = 30)
    void closestRayHitEqualsTheNearestOfAllBodies(@ForAll long seed) {
        Random rnd = new Random(seed);
        CollisionWorld w = new CollisionWorld(new DynamicAabbTree());
        List<Shape> shapes = new ArrayList<>();
        List<Transform> poses = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            Shape s = randomConvex(rnd);
            Transform tr = new Transform().set(new Vec3(8 * rnd.nextDouble(), 8 * rnd.nextDouble(),
                    8 * rnd.nextDouble()), randomRotation(rnd));
            shapes.add(s);
            poses.add(tr);
            w.add(s, tr, false, 1, 1);
        }
        double ox = -2, oy = 8 * rnd.nextDouble(), oz = 8 * rnd.nextDouble();
        double dx = 12, dy = 4 * rnd.nextGaussian(), dz = 4 * rnd.nextGaussian();
        // Brute force: every body's own ray cast in its frame.
        double best = 1;
        int bestBody = -1;
        RayHit hit = new RayHit();
        double[] o = new double[3], d = new double[3];
        List<Integer> all = new ArrayList<>();
        for (int i = 0; i < shapes.size(); i++) {
            poses.get(i).toLocal(ox, oy, oz, o);
            poses.get(i).inverseRotate(dx, dy, dz, d);
            if (ShapeRaycast.raycast(shapes.get(i), o[0], o[1], o[2], d[0], d[1], d[2], 1, hit)) {
                all.add(i);
                if (hit.fraction < best) {
                    best = hit.fraction;
                    bestBody = i;
                }
            }
        }
        RayResult r = new RayResult();
        assertEquals(bestBody >= 0, w.raycastClosest(ox, oy, oz, dx, dy, dz, 1, r));
        if (bestBody >= 0) {
            assertEquals(bestBody, r.body);
            assertEquals(best, r.fraction, 1e-12);
            assertEquals(1, Math.sqrt(r.normalX * r.normalX + r.normalY * r.normalY + r.normalZ * r.normalZ), 1e-9);
        }
        RayHits hits = new RayHits();
        w.raycastAll(ox, oy, oz, dx, dy, dz, 1, hits);
        assertEquals(all.size(), hits.count());
        for (int i = 1; i < hits.count(); i++) {
            assertTrue(hits.fraction(i - 1) <= hits.fraction(i), "sorted by fraction");
        }
    }

    @Test
    void rayHitsAPlaneAndAMeshAtTheirDistance() {
        CollisionWorld w = new CollisionWorld(new DynamicAabbTree());
        int floor = w.add(new PlaneShape(Vec3.UNIT_Y, 0), at(0, 0, 0), true, 1, 1);
        RayResult r = new RayResult();
        assertTrue(w.raycastClosest(0, 4, 0, 0, -8, 0, 1, r));
        assertEquals(floor, r.body);
        assertEquals(0.5, r.fraction, 1e-12);
        assertEquals(1, r.normalY, 1e-12);
        assertFalse(w.raycastClosest(0, 4, 0, 0, 8, 0, 1, r));
    }

    @Property(tries = 30)
    void overlapQueryEqualsTestingEveryBody(@ForAll long seed) {
        Random rnd = new Random(seed);
        CollisionWorld w = new CollisionWorld(new SweepAndPrune());
        List<Shape> shapes = new ArrayList<>();
        List<Transform> poses = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            Shape s = randomConvex(rnd);
            Transform tr = new Transform().set(new Vec3(6 * rnd.nextDouble(), 6 * rnd.nextDouble(),
                    6 * rnd.nextDouble()), randomRotation(rnd));
            shapes.add(s);
            poses.add(tr);
            w.add(s, tr, false, 1, 1);
        }
        ConvexShape probe = new SphereShape(1.5);
        Transform pt = at(3, 3, 3);
        CollisionDispatch dispatch = new CollisionDispatch();
        ConvexCollide convex = new ConvexCollide();
        Manifold m = new Manifold();
        TreeSet<Integer> expected = new TreeSet<>();
        for (int i = 0; i < shapes.size(); i++) {
            Shape s = shapes.get(i);
            boolean hit = dispatch.supports(s.type(), probe.type())
                    ? dispatch.collide(s, poses.get(i), probe, pt, 0, m)
                    : convex.collide((ConvexShape) s, poses.get(i), probe, pt, 0, m);
            boolean touching = false;
            for (int k = 0; hit && k < m.pointCount(); k++) {
                touching |= m.separation(k) <= 0;
            }
            if (touching) {
                expected.add(i);
            }
        }
        TreeSet<Integer> got = new TreeSet<>();
        w.overlap(probe, pt, got::add);
        assertEquals(expected, got);
    }

    @Test
    void aSphereCastAtABoxFaceStopsAtTheAnalyticFraction() {
        CollisionWorld w = new CollisionWorld(new DynamicAabbTree());
        int box = w.add(new BoxShape(1, 1, 1), at(5, 0, 0), true, 1, 1);
        w.add(new BoxShape(1, 1, 1), at(5, 5, 0), true, 1, 1);
        ShapeCastHit hit = new ShapeCastHit();
        // Sphere of radius 0.5 from x = 0 to x = 10: touches the face x = 4 when its centre is at 3.5.
        assertTrue(w.shapeCast(new SphereShape(0.5), at(0, 0, 0), 10, 0, 0, hit));
        assertEquals(box, hit.body);
        assertEquals(0.35, hit.fraction, CollisionWorld.CAST_TOLERANCE / 10 + 1e-12);
        assertEquals(1, hit.normalX, 1e-6);
        assertFalse(w.shapeCast(new SphereShape(0.5), at(0, 2.2, 0), 10, 0, 0, hit), "passes between the boxes");
    }

    @Test
    void closestPointsOfTwoSpheresAreOnTheLineBetweenThem() {
        CollisionWorld w = new CollisionWorld(new DynamicAabbTree());
        int a = w.add(new SphereShape(1), at(0, 0, 0), false, 1, 1);
        int b = w.add(new SphereShape(0.5), at(3, 4, 0), false, 1, 1);
        GjkResult g = new GjkResult();
        assertTrue(w.closestPoints(a, b, g));
        assertEquals(5 - 1.5, g.surfaceDistance(), 1e-12);
    }

    @Test
    void removedBodiesAreNeitherPairedNorHit() {
        CollisionWorld w = new CollisionWorld(new DynamicAabbTree());
        int a = w.add(new SphereShape(1), at(0, 0, 0), false, 1, 1);
        int b = w.add(new SphereShape(1), at(1, 0, 0), false, 1, 1);
        w.remove(b);
        assertEquals(new TreeSet<String>(), worldPairs(w, 0.1));
        RayResult r = new RayResult();
        assertTrue(w.raycastClosest(5, 0, 0, -10, 0, 0, 1, r));
        assertEquals(a, r.body);
        int c = w.add(new SphereShape(1), at(1, 0, 0), false, 1, 1);
        assertEquals(b, c, "the freed number is reused");
        w.excludePair(a, c);
        assertEquals(new TreeSet<String>(), worldPairs(w, 0.1));
    }
}
