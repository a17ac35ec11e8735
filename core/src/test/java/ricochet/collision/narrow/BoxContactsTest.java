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
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.MathArbitraries;
import ricochet.math.Quat;
import ricochet.math.Vec3;

class BoxContactsTest {

    /** Closed forms of a few exact inputs: a few ulps of 1. */
    private static final double EPS = 1e-12;

    private final CollisionDispatch dispatch = new CollisionDispatch();
    private final Manifold m = new Manifold();
    private final BoxShape box = new BoxShape(1, 0.5, 2);

    @Provide
    Arbitrary<Quat> rotations() {
        return MathArbitraries.unitQuaternions();
    }

    @Provide
    Arbitrary<Vec3> offsets() {
        return MathArbitraries.vectors(10);
    }

    @Test
    void sphereOverAFaceTouchesAtItsFoot() {
        SphereShape s = new SphereShape(0.3);
        assertTrue(dispatch.collide(box, at(0, 0, 0), s, at(0.4, 0.75, -1), 0, m));
        assertEquals(1, m.ny, EPS);
        assertEquals(0.75 - 0.5 - 0.3, m.separation(0), EPS);
        assertEquals(0.4, m.pointAX(0), EPS);
        assertEquals(0.5, m.pointAY(0), EPS);
    }

    @Test
    void sphereOffACornerUsesTheCornerDistance() {
        SphereShape s = new SphereShape(0.3);
        // Centre at corner (1, 0.5, 2) + (0.1, 0.2, 0.2): distance 0.3, touching; the 1e-12 margin
        // admits the round-off of 1.1 - 1 and friends.
        assertTrue(dispatch.collide(box, at(0, 0, 0), s, at(1.1, 0.7, 2.2), 1e-12, m));
        assertEquals(0, m.separation(0), EPS);
        assertEquals(1 / 3.0, m.nx, EPS);
        assertEquals(2 / 3.0, m.ny, EPS);
        assertFalse(dispatch.collide(box, at(0, 0, 0), s, at(1.2, 0.9, 2.6), 0.1, m),
                "corner distance 0.6 - 0.3 exceeds the margin");
    }

    @Test
    void sphereCentreInsideIsPushedOutThroughTheNearestFace() {
        SphereShape s = new SphereShape(0.1);
        // Inside at y = 0.4: 0.1 below the top face, farther from every other face.
        assertTrue(dispatch.collide(box, at(0, 0, 0), s, at(0.2, 0.4, 0.3), 0, m));
        assertEquals(1, m.ny, EPS);
        assertEquals(-0.1 - 0.1, m.separation(0), EPS);
    }

    @Test
    void sphereAtTheBoxCentreStaysFinite() {
        assertTrue(dispatch.collide(box, at(0, 0, 0), new SphereShape(0.2), at(0, 0, 0), 0, m));
        assertFinite(m);
        assertEquals(-0.5 - 0.2, m.separation(0), EPS);
    }

    @Test
    void capsuleLyingOnAFaceGivesTwoPointsClippedToTheFace() {
        CapsuleShape c = new CapsuleShape(0.2, 1.5);
        // Along x (quarter turn about z), centred at x = 0.8: segment x in [-0.7, 2.3], clipped to [-0.7, 1].
        assertTrue(dispatch.collide(box, at(0, 0, 0), c, at(0.8, 0.69, 0.5, Vec3.UNIT_Z, Math.PI / 2), 0, m));
        assertEquals(2, m.pointCount());
        assertEquals(1, m.ny, EPS);
        double lo = Math.min(m.pointAX(0), m.pointAX(1)), hi = Math.max(m.pointAX(0), m.pointAX(1));
        assertEquals(-0.7, lo, EPS);
        assertEquals(1, hi, EPS);
        assertEquals(-0.01, m.separation(0), EPS);
        assertEquals(-0.01, m.separation(1), EPS);
    }

    @Test
    void capsuleFloatingWithinTheMarginReportsTheGap() {
        CapsuleShape c = new CapsuleShape(0.2, 0.5);
        assertTrue(dispatch.collide(box, at(0, 0, 0), c, at(0, 0.74, 0, Vec3.UNIT_X, Math.PI / 2), 0.05, m));
        assertEquals(2, m.pointCount());
        assertEquals(0.04, m.separation(0), EPS);
        assertFalse(dispatch.collide(box, at(0, 0, 0), c, at(0, 0.74, 0, Vec3.UNIT_X, Math.PI / 2), 0.03, m));
    }

    @Test
    void standingCapsuleTouchesWithItsLowerEnd() {
        CapsuleShape c = new CapsuleShape(0.2, 0.5);
        assertTrue(dispatch.collide(box, at(0, 0, 0), c, at(0.3, 1.15, 0.1), 0, m));
        assertEquals(1, m.ny, EPS);
        double deepest = 0;
        for (int i = 0; i < m.pointCount(); i++) {
            deepest = Math.min(deepest, m.separation(i));
        }
        assertEquals(1.15 - 0.5 - 0.2 - 0.5, deepest, EPS);
    }

    @Test
    void capsulePastAnEdgeUsesTheExactSegmentDistance() {
        CapsuleShape c = new CapsuleShape(0.1, 1);
        // Along z, beside the box's edge x = 1, y = 0.5 at offset (0.3, 0.4): distance 0.5.
        assertTrue(dispatch.collide(box, at(0, 0, 0), c, at(1.3, 0.9, 0, Vec3.UNIT_X, Math.PI / 2), 0.45, m));
        assertEquals(1, m.pointCount());
        assertEquals(0.5 - 0.1, m.separation(0), EPS);
        assertEquals(0.6, m.nx, EPS);
        assertEquals(0.8, m.ny, EPS);
    }

    @Test
    void capsuleCrossingAnEdgeDeeplyPushesOutAlongTheEdgeCross() {
        CapsuleShape c = new CapsuleShape(0.1, 3);
        // Segment along (1, -1, 0)/sqrt2 through the point (1, 0.5, 0) shifted in by 0.05 along the
        // diagonal (1, 1, 0)/sqrt2: it cuts the box's edge region; the axis d x z is that diagonal.
        double in = 0.05, k = in / Math.sqrt(2);
        assertTrue(dispatch.collide(box, at(0, 0, 0), c, at(1 - k, 0.5 - k, 0, Vec3.UNIT_Z, Math.PI / 4),
                0, m));
        assertEquals(1, m.pointCount());
        assertEquals(1 / Math.sqrt(2), m.nx, EPS);
        assertEquals(1 / Math.sqrt(2), m.ny, EPS);
        assertEquals(-in - 0.1, m.separation(0), EPS);
    }

    @Test
    void swappingBoxAndRoundShapesFlipsTheManifold() {
        assertSwapFlips(dispatch, box, at(0, 0, 0), new SphereShape(0.4), at(0.2, 0.7, 0.1), 0.1);
        assertSwapFlips(dispatch, box, at(0, 0, 0), new CapsuleShape(0.3, 0.8), at(0.2, 0.7, 0.1,
                Vec3.UNIT_Z, 1),
                0.1);
    }

    @Property(tries = 300)
    void boxSphereMovesWithTheShapes(@ForAll("rotations") Quat q, @ForAll("rotations") Quat qa,
            @ForAll("offsets") Vec3 p, @ForAll("offsets") Vec3 c) {
        assertRigidMotionCovariant(dispatch, box, at(0, 0, 0, qa), new SphereShape(0.6),
                at(c.x() * 0.2, c.y() * 0.2, c.z() * 0.2), 0.1, q, p);
    }

    @Property(tries = 300)
    void boxCapsuleMovesWithTheShapes(@ForAll("rotations") Quat q, @ForAll("rotations") Quat qa,
            @ForAll("rotations") Quat qb, @ForAll("offsets") Vec3 p, @ForAll("offsets") Vec3 c) {
        assertRigidMotionCovariant(dispatch, box, at(0, 0, 0, qa), new CapsuleShape(0.3, 0.9),
                at(c.x() * 0.2, c.y() * 0.2, c.z() * 0.2, qb), 0.1, q, p);
    }

    /**
     * Sample CI's seed -7610177687234095675 found: the capsule lies 8e-9 rad off parallel to the box's
     * +x face, floating within the margin, and its closest point is where it enters the face's y slab,
     * on the rim of the face. Round-off put that point on the rim (face: two clipped points) before the
     * motion and 1e-16 past it (edge: one point) after.
     */
    @Test
    void capsuleClosestOnAFaceRimKeepsItsPointsUnderARigidMotion() {
        boxCapsuleMovesWithTheShapes(new Quat(0, 7.395539736037207E-11, 0, 1),
                new Quat(-0.46118846258077556, -0.4611884548199072, -0.5360085872088277, -0.5360085872088277),
                new Quat(0.5, 0.5, 0.5, 0.5), new Vec3(8.88042603414, -5.467227868661, 1.0),
                new Vec3(-6.073193066335, 5.782855929416, -3.893609543346));
    }

    /**
     * Sample a fresh seed (7405194394993753405) found: the sphere's centre is inside the box, level with
     * its middle in y, and the y faces are the nearest; round-off of the pose put it 7e-17 above the
     * middle before the motion and 4e-17 below after, and the normal flipped.
     */
    @Test
    void sphereCentredInsideKeepsItsNormalUnderARigidMotion() {
        boxSphereMovesWithTheShapes(new Quat(0, 0, 9.999967520105494E-11, 1),
                new Quat(0.4701993249303618, 0.5281217613723488, -0.5281217613723488, -0.4701993249303618),
                new Vec3(-2.088822553124, 0.613485239381, 6.400121672902), new Vec3(6.895154443268,
                        -1.613285402945, 0));
    }
}
