package ricochet.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

class TriangleCollideTest {

    /** Sums of a few unit-sized terms: 1e-12 m of round-off. */
    private static final double TOL = 1e-12;

    /** A large triangle in the plane y = 0, facing +y (counter-clockwise seen from above). */
    private static final double[] FLAT = {-2, 0, -2, -2, 0, 3, 3, 0, -2};

    private static Transform at(double x, double y, double z) {
        return new Transform().set(x, y, z, 0, 0, 0, 1);
    }

    private static Transform at(double x, double y, double z, Quat q) {
        return new Transform().set(x, y, z, q.x(), q.y(), q.z(), q.w());
    }

    @Test
    void sphereOnAFlatTriangleHasTheFaceNormalAndItsOverlapAsDepth() {
        double r = 0.5, h = 0.42;
        Manifold m = new Manifold();
        TriangleCollide c = new TriangleCollide();
        assertTrue(c.collide(FLAT, new SphereShape(r), at(0.1, h, 0.2), 0, m));
        assertEquals(1, m.pointCount());
        assertEquals(1, m.ny, TOL);
        assertEquals(r - h, m.depth(0), TOL);
        assertEquals(0, m.pointAY(0), TOL);
        assertEquals(h - r, m.pointBY(0), TOL);
        assertEquals(TriangleCollide.FEATURE_FACE, c.normalFeature());
    }

    @Test
    void sphereBesideAnEdgeGetsTheNormalFromTheEdge() {
        // Centre 0.3 m past the edge x = -2 and 0.2 m up: normal along (-0.3, 0.2, 0) / |.|.
        double r = 0.5;
        Manifold m = new Manifold();
        TriangleCollide c = new TriangleCollide();
        assertTrue(c.collide(FLAT, new SphereShape(r), at(-2.3, 0.2, 0), 0, m));
        double len = Math.hypot(0.3, 0.2);
        assertEquals(-0.3 / len, m.nx, TOL);
        assertEquals(0.2 / len, m.ny, TOL);
        assertEquals(r - len, m.depth(0), TOL);
        assertEquals(TriangleCollide.FEATURE_EDGE, c.normalFeature(), "edge 0 runs from vertex 0 to vertex 1");
    }

    @Test
    void capsuleLyingOnATriangleGetsTwoPointsUnderItsEnds() {
        double r = 0.2, hh = 0.6, h = 0.15;
        Manifold m = new Manifold();
        // Local y turned onto x: the core segment runs from x = -0.6 to 0.6.
        Transform tb = at(0, h, 0, Quat.fromAxisAngle(Vec3.UNIT_Z, Math.PI / 2));
        assertTrue(new TriangleCollide().collide(FLAT, new CapsuleShape(r, hh), tb, 0, m));
        assertEquals(2, m.pointCount());
        assertEquals(1, m.ny, TOL);
        for (int i = 0; i < 2; i++) {
            assertEquals(r - h, m.depth(i), TOL);
            assertEquals(hh, Math.abs(m.pointBX(i)), TOL);
        }
        assertTrue(m.pointBX(0) * m.pointBX(1) < 0, "one point under each end");
    }

    @Test
    void tiltedCapsuleTouchesWithItsLowerEndOnly() {
        double r = 0.2, hh = 0.6, tilt = 0.3;
        // Lower end of the core at height 0.1: depth r - 0.1; the upper end is far above.
        double centre = 0.1 + hh * Math.sin(tilt);
        Transform tb = at(0, centre, 0, Quat.fromAxisAngle(Vec3.UNIT_Z, Math.PI / 2 - tilt));
        Manifold m = new Manifold();
        assertTrue(new TriangleCollide().collide(FLAT, new CapsuleShape(r, hh), tb, 0, m));
        assertEquals(1, m.pointCount());
        assertEquals(r - 0.1, m.depth(0), TOL);
    }

    @Test
    void boxOnATriangleGetsItsFourBottomCornersAtItsDepth() {
        double hx = 0.4, hy = 0.3, hz = 0.2, depth = 0.02, cx = 0.1, cz = -0.3;
        Manifold m = new Manifold();
        TriangleCollide c = new TriangleCollide();
        assertTrue(c.collide(FLAT, new BoxShape(hx, hy, hz), at(cx, hy - depth, cz), 0, m));
        assertEquals(4, m.pointCount());
        assertEquals(1, m.ny, TOL);
        for (int i = 0; i < 4; i++) {
            assertEquals(depth, m.depth(i), TOL);
            assertEquals(hx, Math.abs(m.pointBX(i) - cx), TOL);
            assertEquals(hz, Math.abs(m.pointBZ(i) - cz), TOL);
        }
    }

    @Test
    void hullBoxAgreesWithTheBoxRoutine() {
        // The same box as an 8-vertex hull (vertex i has bit 0, 1, 2 choosing +x, +y, +z).
        double hx = 0.4, hy = 0.3, hz = 0.2;
        double[] v = new double[24];
        for (int i = 0; i < 8; i++) {
            v[3 * i] = (i & 1) != 0 ? hx : -hx;
            v[3 * i + 1] = (i & 2) != 0 ? hy : -hy;
            v[3 * i + 2] = (i & 4) != 0 ? hz : -hz;
        }
        int[][] faces = {{1, 3, 7, 5}, {0, 4, 6, 2}, {2, 6, 7, 3}, {0, 1, 5, 4}, {4, 5, 7, 6}, {0, 2, 3, 1}};
        ConvexHullShape hull = new ConvexHullShape(v, faces);
        Quat q = Quat.fromAxisAngle(new Vec3(0.3, 0.2, 1), 0.7);
        for (double y = 0.1; y < 0.5; y += 0.05) {
            Transform tb = at(0.2, y, -0.1, q);
            Manifold a = new Manifold();
            Manifold b = new Manifold();
            boolean hitA = new TriangleCollide().collide(FLAT, new BoxShape(hx, hy, hz), tb, 0, a);
            boolean hitB = new TriangleCollide().collide(FLAT, hull, tb, 0, b);
            assertEquals(hitA, hitB);
            assertEquals(a.pointCount(), b.pointCount());
            assertEquals(a.maxDepth(), b.maxDepth(), TOL);
            assertEquals(a.ny, b.ny, TOL);
        }
    }

    @Test
    void boxCornerDownHasTheDepthOfItsLowestCorner() {
        double h = 0.25;
        Quat q = Quat.fromAxisAngle(new Vec3(1, 0, 1), 0.9);
        Transform tb = at(0.3, 0, 0.1, q);
        // Lowest corner height = centre y - (|R10| + |R11| + |R12|) h; place it 0.03 below the plane.
        double reach = h * (Math.abs(tb.r[3]) + Math.abs(tb.r[4]) + Math.abs(tb.r[5]));
        tb = at(0.3, reach - 0.03, 0.1, q);
        Manifold m = new Manifold();
        assertTrue(new TriangleCollide().collide(FLAT, new BoxShape(h, h, h), tb, 0, m));
        assertEquals(1, m.ny, TOL);
        assertEquals(0.03, m.maxDepth(), TOL);
    }

    @Test
    void aConvexBehindTheOneSidedTriangleDoesNotCollide() {
        TriangleCollide c = new TriangleCollide();
        Manifold m = new Manifold();
        assertFalse(c.collide(FLAT, new SphereShape(0.5), at(0, -0.6, 0), 0.1, m));
        assertFalse(c.collide(FLAT, new BoxShape(0.2, 0.2, 0.2), at(0, -0.3, 0), 0.1, m));
        assertFalse(c.collide(FLAT, new CapsuleShape(0.1, 0.3), at(0, -0.5, 0), 0.1, m));
        // Within the thickness it is pushed out along the face normal.
        c.setThickness(0.2);
        assertTrue(c.collide(FLAT, new BoxShape(0.2, 0.2, 0.2), at(0, -0.3, 0), 0.1, m));
        assertEquals(1, m.ny, TOL);
        assertEquals(0.5, m.maxDepth(), TOL);
        assertThrows(IllegalArgumentException.class, () -> c.setThickness(Double.NaN));
    }

    @Test
    void aConvexBeyondTheMarginDoesNotCollideAndWithinItIsSpeculative() {
        TriangleCollide c = new TriangleCollide();
        Manifold m = new Manifold();
        assertFalse(c.collide(FLAT, new SphereShape(0.5), at(0, 0.6, 0), 0.05, m));
        assertTrue(c.collide(FLAT, new SphereShape(0.5), at(0, 0.53, 0), 0.05, m));
        assertEquals(0.03, m.separation(0), TOL);
    }

    @Test
    void cylinderStandingOnATriangleGetsItsDepthAlongTheFaceNormal() {
        // A cylinder of half height 1 standing at y = 0.98 reaches 2 cm below the triangle at y = 0.
        TriangleCollide collide = new TriangleCollide();
        Manifold m = new Manifold();
        assertTrue(collide.collide(FLAT, new CylinderShape(0.5, 1), at(0.3, 0.98, 0.2), 0, m));
        assertEquals(1, m.ny, 1e-9);
        assertEquals(0.02, m.maxDepth(), 1e-9);
        assertEquals(TriangleCollide.FEATURE_FACE, collide.normalFeature());
        // Behind the (one-sided) triangle: no contact.
        assertFalse(collide.collide(FLAT, new CylinderShape(0.5, 1), at(0.3, -0.98, 0.2), 0, m));
    }
}
