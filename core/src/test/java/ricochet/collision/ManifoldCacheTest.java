package ricochet.collision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.collision.broad.DynamicAabbTree;
import ricochet.collision.broad.PairFilter;
import ricochet.collision.narrow.Manifold;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/**
 * The collision world keeps each pair's manifold in the bodies' frames and hands it back while the
 * pair's relative pose stays within its tolerance ({@link ManifoldCache#tolerance}): what it reports
 * must be what a fresh narrow phase would, up to that tolerance, at every pose and margin.
 */
class ManifoldCacheTest {

    private static final Quat TILT = Quat.fromAxisAngle(new Vec3(1, 0, 0.3), 0.01);

    /** Box B (0.5 m) on box A (1 m), tilted a little so the manifold has four points. */
    private static CollisionWorld pair(Transform ta, Transform tb) {
        return onBox(new BoxShape(0.5, 0.5, 0.5), ta, tb);
    }

    /** A ball (radius 0.5 m) on box A (1 m). */
    private static CollisionWorld ballOnBox(Transform ta, Transform tb) {
        return onBox(new SphereShape(0.5), ta, tb);
    }

    /** Box A (1 x 0.5 x 1 m half extents) at {@code ta} and {@code top} at {@code tb}. */
    private static CollisionWorld onBox(Shape top, Transform ta, Transform tb) {
        CollisionWorld w = new CollisionWorld(new DynamicAabbTree());
        w.add(new BoxShape(1, 0.5, 1), ta, false, PairFilter.ALL, PairFilter.ALL);
        w.add(top, tb, false, PairFilter.ALL, PairFilter.ALL);
        return w;
    }

    private static Manifold contacts(CollisionWorld w, double margin) {
        List<Manifold> got = new ArrayList<>();
        w.findContacts(margin, (a, ca, b, cb, m) -> {
            Manifold copy = new Manifold();
            copy.copyFrom(m);
            got.add(copy);
        });
        assertTrue(got.size() <= 1, "one pair, at most one manifold");
        return got.isEmpty() ? new Manifold() : got.get(0);
    }

    private static Transform pose(Vec3 p, Quat q) {
        return new Transform().set(p, q);
    }

    private static void assertSameContacts(Manifold expected, Manifold got, double tol) {
        assertEquals(expected.pointCount(), got.pointCount(), "point count");
        assertEquals(expected.nx, got.nx, tol);
        assertEquals(expected.ny, got.ny, tol);
        assertEquals(expected.nz, got.nz, tol);
        for (int k = 0; k < got.pointCount(); k++) {
            assertEquals(expected.featureId(k), got.featureId(k), "feature id of point " + k);
            assertEquals(expected.pointAX(k), got.pointAX(k), tol);
            assertEquals(expected.pointAY(k), got.pointAY(k), tol);
            assertEquals(expected.pointAZ(k), got.pointAZ(k), tol);
            assertEquals(expected.pointBX(k), got.pointBX(k), tol);
            assertEquals(expected.pointBY(k), got.pointBY(k), tol);
            assertEquals(expected.pointBZ(k), got.pointBZ(k), tol);
            assertEquals(expected.separation(k), got.separation(k), tol);
        }
    }

    @Test
    void aPairMovedTogetherReportsItsContactsMovedWithIt() {
        Vec3 pa = new Vec3(0, 0, 0), pb = new Vec3(0.1, 0.995, -0.2);
        CollisionWorld w = pair(pose(pa, Quat.IDENTITY), pose(pb, TILT));
        Manifold before = contacts(w, 0.02);
        assertEquals(4, before.pointCount());
        // A rigid motion g of both bodies: the relative pose is the same, so the contacts are g's image.
        Quat g = Quat.fromAxisAngle(new Vec3(0.3, 1, -0.5), 0.7);
        Vec3 shift = new Vec3(3, -1, 2);
        w.setPose(0, pose(g.rotate(pa).plus(shift), g));
        w.setPose(1, pose(g.rotate(pb).plus(shift), g.multiply(TILT)));
        Manifold after = contacts(w, 0.02);
        Manifold expected = new Manifold();
        Vec3 n = g.rotate(new Vec3(before.nx, before.ny, before.nz));
        expected.setNormal(n.x(), n.y(), n.z());
        for (int k = 0; k < before.pointCount(); k++) {
            Vec3 a = g.rotate(new Vec3(before.pointAX(k), before.pointAY(k), before.pointAZ(k))).plus(shift);
            Vec3 b = g.rotate(new Vec3(before.pointBX(k), before.pointBY(k), before.pointBZ(k))).plus(shift);
            expected.addPoint(a.x(), a.y(), a.z(), b.x(), b.y(), b.z(), before.featureId(k));
        }
        // Round-off of a few transforms of metre-sized coordinates.
        assertSameContacts(expected, after, 1e-12);
    }

    @Test
    void aMovePastTheToleranceIsCollidedAfresh() {
        Vec3 pa = new Vec3(0, 0, 0), pb = new Vec3(0.1, 0.995, -0.2);
        CollisionWorld w = pair(pose(pa, Quat.IDENTITY), pose(pb, TILT));
        contacts(w, 0.02);
        Vec3 moved = pb.plus(new Vec3(20 * ManifoldCache.FLAT_TOLERANCE, 0, 0));
        w.setPose(1, pose(moved, TILT));
        Manifold got = contacts(w, 0.02);
        Manifold fresh = contacts(pair(pose(pa, Quat.IDENTITY), pose(moved, TILT)), 0.02);
        assertSameContacts(fresh, got, 0);
    }

    @Test
    void aSmallMoveKeepsContactsWithinTheTolerance() {
        Vec3 pa = new Vec3(0, 0, 0), pb = new Vec3(0.1, 0.995, -0.2);
        CollisionWorld w = pair(pose(pa, Quat.IDENTITY), pose(pb, TILT));
        contacts(w, 0.02);
        double tol = ManifoldCache.FLAT_TOLERANCE;
        Vec3 moved = pb.plus(new Vec3(0.3 * tol, -0.3 * tol, 0));
        Quat turned = Quat.fromAxisAngle(new Vec3(0, 1, 0), 0.2 * tol).multiply(TILT);
        w.setPose(1, pose(moved, turned));
        Manifold got = contacts(w, 0.02);
        Manifold fresh = contacts(pair(pose(pa, Quat.IDENTITY), pose(moved, turned)), 0.02);
        // Points of B may lag by the tolerance (seen from A); the separation is measured at today's pose.
        assertSameContacts(fresh, got, 2 * tol);
    }

    @Test
    void aRoundShapeIsCollidedAfreshPastTheRoundTolerance() {
        // A ball resting on a box: its contact point is wherever its bottom is, not a material point,
        // so a move past the round tolerance (though well within the flat one) must be collided again.
        Vec3 pa = new Vec3(0, 0, 0), pb = new Vec3(0.1, 0.995, -0.2);
        CollisionWorld w = ballOnBox(pose(pa, Quat.IDENTITY), pose(pb, Quat.IDENTITY));
        assertEquals(1, contacts(w, 0.02).pointCount());
        double roll = 1.5 * ManifoldCache.ROUND_TOLERANCE;
        assertTrue(roll < ManifoldCache.FLAT_TOLERANCE / 2);
        Vec3 moved = pb.plus(new Vec3(roll, 0, 0));
        Quat turned = Quat.fromAxisAngle(new Vec3(0, 0, -1), roll / 0.5);
        w.setPose(1, pose(moved, turned));
        Manifold got = contacts(w, 0.02);
        Manifold fresh = contacts(ballOnBox(pose(pa, Quat.IDENTITY), pose(moved, turned)), 0.02);
        assertSameContacts(fresh, got, 0);
    }

    @Test
    void aMarginChangedPastTheToleranceIsSearchedAfresh() {
        // B floats 3 cm above A: points within a 5 cm margin, none within 2 cm.
        Vec3 pa = new Vec3(0, 0, 0), pb = new Vec3(0, 1.03, 0);
        CollisionWorld w = pair(pose(pa, Quat.IDENTITY), pose(pb, Quat.IDENTITY));
        assertEquals(4, contacts(w, 0.05).pointCount());
        assertEquals(0, contacts(w, 0.02).pointCount());
        Manifold again = contacts(w, 0.05);
        assertEquals(4, again.pointCount());
        for (int k = 0; k < again.pointCount(); k++) {
            assertEquals(0.03, again.separation(k), 1e-12);
        }
    }
}
