package ricochet.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ricochet.collision.narrow.NarrowFixtures.assertRigidMotionCovariant;
import static ricochet.collision.narrow.NarrowFixtures.assertSwapFlips;
import static ricochet.collision.narrow.NarrowFixtures.at;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.Shape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.MathArbitraries;
import ricochet.math.Quat;
import ricochet.math.Vec3;

class PlaneContactsTest {

    /** Closed forms of a few exact inputs: a few ulps of 1. */
    private static final double EPS = 1e-12;

    private final CollisionDispatch dispatch = new CollisionDispatch();
    private final Manifold m = new Manifold();
    /** The ground y <= 0 (posed at 0.25 where a test says so, to exercise the pose). */
    private final PlaneShape ground = new PlaneShape(Vec3.UNIT_Y, 0);

    @Provide
    Arbitrary<Quat> rotations() {
        return MathArbitraries.unitQuaternions();
    }

    @Provide
    Arbitrary<Vec3> offsets() {
        return MathArbitraries.vectors(10);
    }

    @Test
    void sphereOnThePlaneReportsHeightMinusRadius() {
        assertTrue(dispatch.collide(ground, at(0, 0.25, 0), new SphereShape(0.5), at(3, 0.7, -2), 0, m));
        assertEquals(1, m.ny, EPS);
        assertEquals(0.7 - 0.25 - 0.5, m.separation(0), EPS);
        assertEquals(0.25, m.pointAY(0), EPS);
        assertFalse(dispatch.collide(ground, at(0, 0.25, 0), new SphereShape(0.5), at(3, 0.9, -2), 0.1, m));
    }

    @Test
    void capsuleLyingOnThePlaneTouchesAtBothEnds() {
        assertTrue(dispatch.collide(ground, at(0, 0, 0), new CapsuleShape(0.2, 1), at(0, 0.19, 0, Vec3.UNIT_Z,
                Math.PI / 2), 0, m));
        assertEquals(2, m.pointCount());
        assertEquals(-0.01, m.separation(0), EPS);
        assertEquals(-0.01, m.separation(1), EPS);
        assertEquals(2, Math.abs(m.pointBX(0) - m.pointBX(1)), EPS);
    }

    @Test
    void boxRestingOnThePlaneGivesItsFourBottomCorners() {
        BoxShape box = new BoxShape(0.5, 0.3, 0.4);
        assertTrue(dispatch.collide(ground, at(0, 0, 0), box, at(1, 0.29, 2), 0, m));
        assertEquals(4, m.pointCount());
        for (int i = 0; i < 4; i++) {
            assertEquals(-0.01, m.separation(i), EPS);
            assertEquals(0.5, Math.abs(m.pointBX(i) - 1), EPS);
            assertEquals(0.4, Math.abs(m.pointBZ(i) - 2), EPS);
        }
    }

    @Test
    void tiltedBoxKeepsItsDeepestCornersWithinTheMargin() {
        BoxShape box = new BoxShape(0.5, 0.5, 0.5);
        // Turned 45 degrees about z: the bottom edge (two corners) at y = c - sqrt(0.5); two more corners
        // at y = c, beyond the margin.
        double c = Math.sqrt(0.5) - 0.02;
        assertTrue(dispatch.collide(ground, at(0, 0, 0), box, at(0, c, 0, Vec3.UNIT_Z, Math.PI / 4), 0.1, m));
        assertEquals(2, m.pointCount());
        assertEquals(-0.02, m.separation(0), EPS);
    }

    @Test
    void standingCylinderRestsOnFourRimPoints() {
        CylinderShape cyl = new CylinderShape(0.3, 0.5);
        assertTrue(dispatch.collide(ground, at(0, 0, 0), cyl, at(0, 0.49, 0), 0, m));
        assertEquals(4, m.pointCount());
        for (int i = 0; i < 4; i++) {
            assertEquals(-0.01, m.separation(i), EPS);
            assertEquals(0.3, Math.hypot(m.pointBX(i), m.pointBZ(i)), EPS);
        }
    }

    @Test
    void cylinderLyingOnItsSideTouchesAlongALine() {
        CylinderShape cyl = new CylinderShape(0.3, 0.5);
        assertTrue(dispatch.collide(ground, at(0, 0, 0), cyl, at(0, 0.29, 0, Vec3.UNIT_X, Math.PI / 2), 0,
                m));
        assertEquals(2, m.pointCount());
        assertEquals(1, Math.abs(m.pointBZ(0) - m.pointBZ(1)), EPS);
        assertEquals(-0.01, m.separation(0), EPS);
    }

    @Test
    void hullOnThePlaneIsReducedToFourPoints() {
        // A 12-gon prism standing on its base: 12 base vertices touch; four remain, spanning the base.
        assertTrue(dispatch.collide(ground, at(0, 0, 0), NarrowFixtures.prism(12, 1, 0.5), at(0, 0.49, 0),
                0, m));
        assertEquals(4, m.pointCount());
        for (int i = 0; i < 4; i++) {
            assertEquals(-0.01, m.separation(i), EPS);
        }
        // Deepest (a tie, so vertex 0), the opposite vertex, then the two at right angles: a square
        // centred on the axis.
        double cx = 0, cz = 0;
        for (int i = 0; i < 4; i++) {
            cx += m.pointBX(i) / 4;
            cz += m.pointBZ(i) / 4;
        }
        assertEquals(0, cx, 1e-12);
        assertEquals(0, cz, 1e-12);
    }

    @Test
    void swappingThePlaneAndTheShapeFlipsTheManifold() {
        Shape[] shapes = {new SphereShape(0.5), new CapsuleShape(0.2, 0.5), new BoxShape(0.3, 0.4, 0.5),
            new CylinderShape(0.3, 0.4), NarrowFixtures.icosahedron(0.5)};
        for (Shape s : shapes) {
            assertSwapFlips(dispatch, ground, at(0, 0, 0), s, at(0.1, 0.3, 0.2, new Vec3(1, 2,
                    3).normalized(), 0.3),
                    0.05);
        }
    }

    @Property(tries = 200)
    void planeContactsMoveWithTheShapes(@ForAll("rotations") Quat q, @ForAll("rotations") Quat qb,
            @ForAll("offsets") Vec3 p, @ForAll("offsets") Vec3 c) {
        Shape[] shapes = {new SphereShape(0.5), new CapsuleShape(0.2, 0.5), new BoxShape(0.3, 0.4, 0.5),
            new CylinderShape(0.3, 0.4), NarrowFixtures.icosahedron(0.5)};
        for (Shape s : shapes) {
            assertRigidMotionCovariant(dispatch, ground, at(0, 0, 0), s, at(c.x(), c.y() * 0.05, c.z(),
                    qb), 0.1, q,
                    p);
        }
    }

    /**
     * Samples fresh seeds found: a shape centred at y = 0.5 holds its box and cylinder faces exactly at
     * the 0.1 margin. Round-off of the pose put three of the box's corners (turned a half turn, 6e-12
     * off) within the margin before the motion and two after; shrunk, a level box's contact came and
     * went.
     */
    @Test
    void shapesHeldExactlyAtTheMarginKeepTheirPointsUnderARigidMotion() {
        planeContactsMoveWithTheShapes(new Quat(0.6613230763774856, -0.1977573881272377, -0.723563268893406,
                1.0516056334224943E-12), new Quat(-1, -5.879339958352671E-12, -5.879339958352671E-12, 0),
                new Vec3(-8.827482064165, 0, -5.121459145652),
                new Vec3(-3.307769999319, 10, -1.253476369802));
        planeContactsMoveWithTheShapes(new Quat(0, 0, 9.999999999E-11, -1), new Quat(0, 0, 0, 1), Vec3.ZERO,
                new Vec3(-2.77556E-7, 10, 0));
    }
}
