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
import net.jqwik.api.constraints.DoubleRange;
import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.MathArbitraries;
import ricochet.math.Quat;
import ricochet.math.Vec3;

class RoundContactsTest {

    /** A few roundings of values near 1: the answers are exact up to a few ulps. */
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
    void touchingSpheresHaveZeroSeparation() {
        SphereShape a = new SphereShape(0.5), b = new SphereShape(0.25);
        assertTrue(dispatch.collide(a, at(0, 0, 0), b, at(0.75, 0, 0), 0, m));
        assertEquals(1, m.pointCount());
        assertEquals(0, m.separation(0), EPS);
        assertEquals(1, m.nx, EPS);
        assertEquals(0.5, m.pointAX(0), EPS);
        assertEquals(0.5, m.pointBX(0), EPS);
    }

    @Test
    void spheresBeyondTheMarginHaveNoPoints() {
        SphereShape a = new SphereShape(0.5);
        assertFalse(dispatch.collide(a, at(0, 0, 0), a, at(0, 1.2, 0), 0.1, m));
        assertEquals(0, m.pointCount());
    }

    @Test
    void spheresWithinTheMarginReportTheGap() {
        SphereShape a = new SphereShape(0.5);
        double gap = 0.05;
        assertTrue(dispatch.collide(a, at(0, 0, 0), a, at(0, 0, 1 + gap), 0.1, m));
        assertEquals(gap, m.separation(0), EPS);
        assertEquals(1, m.nz, EPS);
    }

    @Test
    void deepSpheresReportTheOverlapAlongTheCentreLine() {
        SphereShape a = new SphereShape(1), b = new SphereShape(2);
        // Centres 1.5 apart along (3, 4, 0)/5: overlap = 1 + 2 - 1.5.
        assertTrue(dispatch.collide(a, at(0, 0, 0), b, at(0.9, 1.2, 0), 0, m));
        assertEquals(-1.5, m.separation(0), EPS);
        assertEquals(0.6, m.nx, EPS);
        assertEquals(0.8, m.ny, EPS);
    }

    @Test
    void coincidentSpheresGetAUnitNormalAndFullDepth() {
        SphereShape a = new SphereShape(1);
        assertTrue(dispatch.collide(a, at(2, 3, 4), a, at(2, 3, 4), 0, m));
        assertFinite(m);
        assertEquals(-2, m.separation(0), EPS);
    }

    @Test
    void sphereAgainstCapsuleSideAndCap() {
        SphereShape s = new SphereShape(0.5);
        CapsuleShape c = new CapsuleShape(0.25, 1);
        // Beside the segment at height 0.3: normal along -x from sphere to capsule.
        assertTrue(dispatch.collide(s, at(0.6, 0.3, 0), c, at(0, 0, 0), 0, m));
        assertEquals(-1, m.nx, EPS);
        assertEquals(0.6 - 0.75, m.separation(0), EPS);
        assertEquals(0.3, m.pointBY(0), EPS);
        // Above the cap: the top end (0, 1, 0) is the closest core point.
        assertTrue(dispatch.collide(s, at(0, 1.6, 0), c, at(0, 0, 0), 0, m));
        assertEquals(-1, m.ny, EPS);
        assertEquals(0.6 - 0.75, m.separation(0), EPS);
    }

    @Test
    void sphereCentredOnTheCapsuleAxisIsPushedOutSideways() {
        SphereShape s = new SphereShape(0.5);
        CapsuleShape c = new CapsuleShape(0.25, 1);
        assertTrue(dispatch.collide(s, at(0, 0.2, 0), c, at(0, 0, 0), 0, m));
        assertFinite(m);
        assertEquals(0, m.ny, EPS);
        assertEquals(-0.75, m.separation(0), EPS);
    }

    @Test
    void crossingCapsulesTouchAtTheirCommonPerpendicular() {
        CapsuleShape c = new CapsuleShape(0.2, 1);
        // A along y; B along x (a quarter turn about z), 0.3 above along z: gap 0.3 - 0.4.
        assertTrue(dispatch.collide(c, at(0, 0, 0), c, at(0.1, 0.2, 0.3, Vec3.UNIT_Z, Math.PI / 2), 0, m));
        assertEquals(1, m.pointCount());
        assertEquals(1, m.nz, EPS);
        assertEquals(-0.1, m.separation(0), EPS);
        assertEquals(0.2, m.pointAY(0), EPS);
        assertEquals(0.0, m.pointAX(0), EPS);
    }

    @Test
    void capsuleLyingOnACapsuleGivesTwoPointsAtTheOverlapEnds() {
        CapsuleShape a = new CapsuleShape(0.2, 1), b = new CapsuleShape(0.2, 0.5);
        // Both along x; B shifted 0.8 along its axis: overlap of the segments is x in [0.3, 1].
        Vec3 z = Vec3.UNIT_Z;
        assertTrue(dispatch.collide(a, at(0, 0, 0, z, Math.PI / 2), b, at(0.8, 0.39, 0, z, Math.PI / 2), 0,
                m));
        assertEquals(2, m.pointCount());
        assertEquals(1, m.ny, EPS);
        double lo = Math.min(m.pointAX(0), m.pointAX(1)), hi = Math.max(m.pointAX(0), m.pointAX(1));
        assertEquals(0.3, lo, EPS);
        assertEquals(1.0, hi, EPS);
        assertEquals(-0.01, m.separation(0), EPS);
        assertEquals(-0.01, m.separation(1), EPS);
    }

    @Test
    void coaxialCapsulesStayFinite() {
        CapsuleShape c = new CapsuleShape(0.3, 1);
        assertTrue(dispatch.collide(c, at(0, 0, 0), c, at(0, 0.5, 0), 0, m));
        assertFinite(m);
        assertEquals(-0.6, m.separation(0), EPS);
    }

    @Test
    void swappingSphereAndCapsuleFlipsTheManifold() {
        assertSwapFlips(dispatch, new SphereShape(0.5), at(0.5, 0.2, 0.1), new CapsuleShape(0.3, 1), at(0,
                0, 0),
                0.1);
    }

    @Property(tries = 300)
    void sphereSphereMovesWithTheShapes(@ForAll("rotations") Quat q, @ForAll("offsets") Vec3 p,
            @ForAll("offsets") Vec3 c, @ForAll @DoubleRange(min = 0.1, max = 3) double r) {
        assertRigidMotionCovariant(dispatch, new SphereShape(r), at(0, 0, 0), new SphereShape(1),
                at(c.x() * 0.3, c.y() * 0.3, c.z() * 0.3), 0.1, q, p);
    }

    @Property(tries = 300)
    void sphereCapsuleMovesWithTheShapes(@ForAll("rotations") Quat q, @ForAll("rotations") Quat qc,
            @ForAll("offsets") Vec3 p, @ForAll("offsets") Vec3 c) {
        assertRigidMotionCovariant(dispatch, new SphereShape(0.7), at(c.x() * 0.2, c.y() * 0.2, c.z() * 0.2),
                new CapsuleShape(0.4, 1.2), at(0, 0, 0, qc), 0.1, q, p);
    }

    @Property(tries = 300)
    void capsuleCapsuleMovesWithTheShapes(@ForAll("rotations") Quat q, @ForAll("rotations") Quat qa,
            @ForAll("rotations") Quat qb, @ForAll("offsets") Vec3 p, @ForAll("offsets") Vec3 c) {
        assertRigidMotionCovariant(dispatch, new CapsuleShape(0.3, 1), at(0, 0, 0, qa),
                new CapsuleShape(0.5, 0.7),
                at(c.x() * 0.2, c.y() * 0.2, c.z() * 0.2, qb), 0.1, q, p);
    }

    /**
     * Samples fresh seeds found, axes crossing at or within 1e-8 m of a point: the normal was the
     * direction of the segments' tiny gap, off by round-off over gap (1e-9 at a 1e-8 m gap), or the
     * fallback once the gap fell under 1e-12 m; and axes that meet (B's centre on A's axis line, or the
     * centres 2e-13 m apart) took the normal's sense from round-off.
     */
    @Test
    void capsulesWhoseAxesMeetKeepTheNormalUnderARigidMotion() {
        Quat third = new Quat(0.5, 0.5, 0.5, 0.5);
        Vec3 p = new Vec3(6.132674858508, 8.104391150948, 9.868618788813);
        Vec3 c = new Vec3(-1.0E-12, 2.831869051776, -1.399195803792);
        capsuleCapsuleMovesWithTheShapes(Quat.IDENTITY, new Quat(0, 0, 8.3E-9, 1),
                new Quat(0.49958384754029433, 0.500412715165608, 0.49957434570790915, 0.500428383375618), p,
                c);
        capsuleCapsuleMovesWithTheShapes(new Quat(-0.5, -0.5, -0.5, -0.5), new Quat(-0.47685988787839767,
                1.4545823313429209E-12, -0.8789793213338992, 0), third, p, c);
        capsuleCapsuleMovesWithTheShapes(new Quat(0, 0.03568607709990657, 0, 0.9993630490973835),
                new Quat(-0.08554283378273098, -0.19418674187010085, -0.8106087783101903, 0.5457905655072794),
                new Quat(0.5556584375124386, 0, 0.7875915293234715, -0.26635180449764323),
                new Vec3(8.005788373746, -0.516692878306, 5.623085909706),
                new Vec3(1.0E-12, 1.0E-12, 1.0E-12));
        p = new Vec3(-9.265250838864, -1.0E-12, 7.321275892923);
        c = new Vec3(0, 0, 1.816605942483);
        capsuleCapsuleMovesWithTheShapes(new Quat(0, 9.999999999E-11, 0, 1), Quat.IDENTITY,
                new Quat(0.499887785571443, 0.500111521020038, 0.4998880918923811, 0.5001125512959035), p, c);
        capsuleCapsuleMovesWithTheShapes(new Quat(0.3343412891800192, 7.969660334136873E-13,
                0.6632850844485407, -0.6695287888489448), new Quat(0.3972725905947886, -0.34015007483819626,
                -0.0087594701364925, 0.8522884998828759), third, p, c);
    }
}
