package ricochet.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ricochet.collision.narrow.NarrowFixtures.assertFinite;
import static ricochet.collision.narrow.NarrowFixtures.assertRigidMotionCovariant;
import static ricochet.collision.narrow.NarrowFixtures.assertSwapFlips;
import static ricochet.collision.narrow.NarrowFixtures.at;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.ConvexHullShape;
import ricochet.math.MathArbitraries;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

class HullColliderTest {

    /** Closed forms of a few exact inputs: a few ulps of 1. */
    private static final double EPS = 1e-12;

    private final CollisionDispatch dispatch = new CollisionDispatch();
    private final Manifold m = new Manifold();

    @Provide
    Arbitrary<Quat> rotations() {
        return MathArbitraries.unitQuaternions();
    }

    @Provide
    Arbitrary<Vec3> offsets() {
        return MathArbitraries.vectors(10);
    }

    @Test
    void prismRestingOnABoxHullGivesFourPointsAtTheDepth() {
        ConvexHullShape ground = NarrowFixtures.boxHull(3, 0.5, 3);
        ConvexHullShape prism = NarrowFixtures.prism(10, 0.5, 0.4);
        assertTrue(dispatch.collide(ground, at(0, 0, 0), prism, at(0.2, 0.89, -0.3), 0, m));
        assertEquals(4, m.pointCount());
        assertEquals(1, m.ny, EPS);
        for (int i = 0; i < 4; i++) {
            assertEquals(-0.01, m.separation(i), EPS);
            assertEquals(0.5, Math.hypot(m.pointBX(i) - 0.2, m.pointBZ(i) + 0.3), EPS, "a base vertex");
        }
    }

    @Test
    void hullBoxesAgreeWithTheBoxBoxRoutine() {
        // The same pair as boxes and as hulls: same normal, same points (matched by position).
        double[][] poses = {{0.3, 0.95, 0.2, 0}, {0.1, 1.0, -0.2, 0.3}, {0.9, 0.6, 0.1, 1.1}};
        BoxShape a = new BoxShape(0.5, 0.5, 0.5), b = new BoxShape(0.4, 0.6, 0.3);
        ConvexHullShape ha = NarrowFixtures.boxHull(0.5, 0.5, 0.5), hb = NarrowFixtures.boxHull(0.4, 0.6,
                0.3);
        for (double[] p : poses) {
            Transform tb = at(p[0], p[1], p[2], new Vec3(1, 2, 3).normalized(), p[3]);
            Manifold boxes = new Manifold();
            assertEquals(dispatch.collide(a, at(0, 0, 0), b, tb, 0.02, boxes),
                    dispatch.collide(ha, at(0, 0, 0), hb, tb, 0.02, m));
            assertSameContacts(boxes, m);
            assertEquals(dispatch.collide(a, at(0, 0, 0), hb, tb, 0.02, m), boxes.pointCount() > 0);
            assertSameContacts(boxes, m);
        }
    }

    private static void assertSameContacts(Manifold x, Manifold y) {
        assertEquals(x.pointCount(), y.pointCount(), "point count");
        if (x.pointCount() == 0) {
            return;
        }
        assertEquals(x.nx, y.nx, 1e-9);
        assertEquals(x.ny, y.ny, 1e-9);
        assertEquals(x.nz, y.nz, 1e-9);
        for (int i = 0; i < x.pointCount(); i++) {
            double best = Double.POSITIVE_INFINITY;
            for (int j = 0; j < y.pointCount(); j++) {
                best = Math.min(best,
                        Math.abs(x.pointBX(i) - y.pointBX(j)) + Math.abs(x.pointBY(i) - y.pointBY(j))
                        + Math.abs(x.pointBZ(i) - y.pointBZ(j))
                        + Math.abs(x.separation(i) - y.separation(j)));
            }
            assertTrue(best < 1e-9, "point " + i + " has a twin, off by " + best);
        }
    }

    @Test
    void crossedPrismEdgesGiveOneEdgePoint() {
        // Two boxes as hulls, each turned 45 degrees so a ridge faces the other, ridges crossed.
        ConvexHullShape box = NarrowFixtures.boxHull(0.5, 0.5, 0.5);
        double ridge = 0.5 * Math.sqrt(2), depth = 0.02;
        assertTrue(dispatch.collide(box, at(0, 0, 0, Vec3.UNIT_Z, Math.PI / 4), box,
                at(0.1, 2 * ridge - depth, -0.05, Vec3.UNIT_X, Math.PI / 4), 0, m));
        assertEquals(1, m.pointCount());
        assertEquals(1, m.ny, EPS);
        assertEquals(-depth, m.separation(0), EPS);
        assertEquals(0, m.pointAX(0), EPS);
        assertEquals(-0.05, m.pointAZ(0), EPS);
        assertEquals(1 << 29, m.featureId(0) & (1 << 29), "an edge-edge id");
    }

    @Test
    void icosahedronVertexOnAFaceGivesOnePoint() {
        // An icosahedron vertex (0, +-s, +-g s) family: turned so that vertex points straight down.
        ConvexHullShape ico = NarrowFixtures.icosahedron(1);
        ConvexHullShape ground = NarrowFixtures.boxHull(3, 0.5, 3);
        Vec3 v = new Vec3(ico.vertexX(0), ico.vertexY(0), ico.vertexZ(0));
        Quat q = BoxBoxColliderTest.fromTo(v.normalized(), new Vec3(0, -1, 0));
        assertTrue(dispatch.collide(ground, at(0, 0, 0), ico, at(0.3, 0.5 + 1 - 0.01, 0.1, q), 0, m));
        assertEquals(1, m.pointCount());
        assertEquals(-0.01, m.separation(0), 1e-12);
        assertEquals(0.3, m.pointBX(0), 1e-12);
    }

    @Test
    void separatedHullsWithinTheMarginReportTheGap() {
        ConvexHullShape p = NarrowFixtures.prism(8, 0.5, 0.5);
        assertTrue(dispatch.collide(p, at(0, 0, 0), p, at(0.1, 1.03, 0), 0.05, m));
        for (int i = 0; i < m.pointCount(); i++) {
            assertEquals(0.03, m.separation(i), EPS);
        }
        assertFalse(dispatch.collide(p, at(0, 0, 0), p, at(0.1, 1.03, 0), 0.02, m));
    }

    @Test
    void identicalHullsAtTheSamePoseStayFinite() {
        ConvexHullShape ico = NarrowFixtures.icosahedron(1);
        assertTrue(dispatch.collide(ico, at(1, 2, 3), ico, at(1, 2, 3), 0, m));
        assertFinite(m);
        assertTrue(m.pointCount() > 0);
    }

    @Test
    void swappingBoxAndHullFlipsTheManifold() {
        assertSwapFlips(dispatch, new BoxShape(2, 0.5, 2), at(0, 0, 0), NarrowFixtures.prism(6, 0.5, 0.3),
                at(0.2, 0.79, 0.1, Vec3.UNIT_Y, 0.4), 0.01);
    }

    @Property(tries = 150)
    void hullHullMovesWithTheShapes(@ForAll("rotations") Quat q, @ForAll("rotations") Quat qa,
            @ForAll("rotations") Quat qb, @ForAll("offsets") Vec3 p, @ForAll("offsets") Vec3 c) {
        assertRigidMotionCovariant(dispatch, NarrowFixtures.prism(7, 0.6, 0.4), at(0, 0, 0, qa),
                NarrowFixtures.icosahedron(0.7), at(c.x() * 0.12, c.y() * 0.12, c.z() * 0.12, qb), 0.05, q,
                        p);
    }

    @Property(tries = 150)
    void boxHullMovesWithTheShapes(@ForAll("rotations") Quat q, @ForAll("rotations") Quat qa,
            @ForAll("rotations") Quat qb, @ForAll("offsets") Vec3 p, @ForAll("offsets") Vec3 c) {
        assertRigidMotionCovariant(dispatch, new BoxShape(0.5, 0.3, 0.6), at(0, 0, 0, qa),
                NarrowFixtures.prism(5, 0.6, 0.4), at(c.x() * 0.12, c.y() * 0.12, c.z() * 0.12, qb), 0.05,
                        q, p);
    }
}
