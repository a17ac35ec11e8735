package ricochet.collision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;
import ricochet.collision.broad.DynamicAabbTree;
import ricochet.collision.broad.PairFilter;
import ricochet.collision.narrow.Gjk;
import ricochet.collision.narrow.GjkResult;
import ricochet.geometry.TriangleMesh;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.CompoundShape;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.HeightfieldShape;
import ricochet.geometry.shape.PlaneShape;
import ricochet.geometry.shape.QuickHull;
import ricochet.geometry.shape.SphereShape;
import ricochet.geometry.shape.TriangleMeshShape;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/**
 * Continuous collision of a swept body against every target shape, checked against closed-form times
 * of impact. The sweep stops where the shapes are within the tolerance (it aims at half of it), so the
 * reported fraction lies in {@code [exact - TOL / closing, exact]} with closing = T . n the speed at
 * which the gap shrinks per unit fraction: never after the true contact.
 */
class TimeOfImpactTest {

    /** Touching distance, metres: 0.1 mm. */
    private static final double TOL = 1e-4;
    /** Round-off allowed past the exact fraction (GJK's distance is good to ~1e-12 of the shapes' size). */
    private static final double LATE = 1e-9;

    private final ShapeCastHit hit = new ShapeCastHit();

    private static Transform at(double x, double y, double z) {
        return new Transform().set(x, y, z, 0, 0, 0, 1);
    }

    private static Transform at(double x, double y, double z, Quat q) {
        return new Transform().set(x, y, z, q.x(), q.y(), q.z(), q.w());
    }

    private static CollisionWorld world() {
        return new CollisionWorld(new DynamicAabbTree());
    }

    private static int addDynamic(CollisionWorld w, ricochet.geometry.shape.Shape s, Transform pose) {
        return w.add(s, pose, false, PairFilter.ALL, PairFilter.ALL);
    }

    private static int addStatic(CollisionWorld w, ricochet.geometry.shape.Shape s, Transform pose) {
        return w.add(s, pose, true, PairFilter.ALL, PairFilter.ALL);
    }

    /** The fraction is in [exact - TOL / closing, exact] (plus round-off). */
    private void assertEarlyByAtMostTolerance(double exact, double closing, String what) {
        assertTrue(hit.fraction <= exact + LATE,
                what + ": hit at " + hit.fraction + ", after the contact at " + exact);
        assertTrue(hit.fraction >= exact - TOL / closing - LATE, what + ": hit at " + hit.fraction
                + ", earlier than " + exact + " - tol/closing " + TOL / closing);
    }

    /** The closed triangulated box of half extents (hx, hy, hz), faces counter-clockwise from outside. */
    private static TriangleMesh boxMesh(double hx, double hy, double hz) {
        double[] v = new double[24];
        for (int i = 0; i < 8; i++) {
            v[3 * i] = (i & 1) == 0 ? -hx : hx;
            v[3 * i + 1] = (i & 2) == 0 ? -hy : hy;
            v[3 * i + 2] = (i & 4) == 0 ? -hz : hz;
        }
        int[] t = {0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6,
            1, 3, 5, 3, 7, 5};
        return new TriangleMesh(v, t);
    }

    /** A flat grid at y = 0 over [0, n]^2, unit cells of two triangles facing +y, vertices shared. */
    private static TriangleMesh gridMesh(int n) {
        double[] v = new double[3 * (n + 1) * (n + 1)];
        for (int i = 0; i <= n; i++) {
            for (int j = 0; j <= n; j++) {
                int k = 3 * (i * (n + 1) + j);
                v[k] = j;
                v[k + 2] = i;
            }
        }
        int[] t = new int[6 * n * n];
        int m = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                int a = i * (n + 1) + j, b = a + 1, c = a + n + 1, d = c + 1;
                // (c - a) x (d - a) = (0, 0, 1) x (1, 0, 1) = (0, 1, 0): counter-clockwise from above.
                t[m++] = a;
                t[m++] = c;
                t[m++] = d;
                t[m++] = a;
                t[m++] = d;
                t[m++] = b;
            }
        }
        return new TriangleMesh(v, t);
    }

    // ------------------------------------------------------------------ analytic targets

    @Test
    void sphereMeetsAPlaneWhenItsLowestPointArrives() {
        // A sphere of radius r with centre h above the plane y = 0 moving by (a, -b, c) touches it after
        // falling h - r: fraction (h - r) / b; straight down that is (h - r) / |T|.
        double r = 0.005, h = 1.3;
        double[][] moves = {{0, -5, 0}, {3, -4, 0}, {-1, -2, 2.5}, {4.9, -1.5, 0}};
        for (double[] m : moves) {
            CollisionWorld w = world();
            int plane = addStatic(w, new PlaneShape(Vec3.UNIT_Y, 0), new Transform());
            int ball = addDynamic(w, new SphereShape(r), at(0.2, h, -0.1));
            assertTrue(w.timeOfImpact(ball, m[0], m[1], m[2], TOL, null, hit));
            assertEquals(plane, hit.body);
            double closing = -m[1];
            assertEarlyByAtMostTolerance((h - r) / closing, closing, "plane, move " + Arrays.toString(m));
            assertEquals(-1, hit.normalY, 1e-12);
            assertEquals(0, hit.pointY, 1e-12);
            assertEquals(0.2 + hit.fraction * m[0], hit.pointX, 1e-9);
        }
    }

    /**
     * A 1 cm bullet (radius 5 mm) at up to 300 m/s against a 2 cm wall, one 60 Hz step: it moves up to
     * 5 m, 170 times the wall's thickness. Incidence theta from the wall's normal; the sphere's front
     * reaches the face x = -0.01 after its centre has moved gap along x, fraction gap / (|T| cos theta).
     */
    @Test
    void bulletMeetsAThinBoxWallAtEveryIncidence() {
        double r = 0.005, half = 0.01;
        for (double speed : new double[] {3, 30, 300}) {
            double length = speed / 60;
            for (double degrees : new double[] {0, 30, 60, 80}) {
                double theta = Math.toRadians(degrees);
                double tx = length * Math.cos(theta), ty = length * Math.sin(theta);
                double exact = 0.4;
                double gap = exact * tx;
                CollisionWorld w = world();
                int wall = addStatic(w, new BoxShape(half, 10, 10), at(0, 0, 0));
                double x0 = -half - r - gap, y0 = -exact * ty;
                int bullet = addDynamic(w, new SphereShape(r), at(x0, y0, 0.3));
                String what = speed + " m/s at " + degrees + " degrees";
                assertTrue(w.timeOfImpact(bullet, tx, ty, 0, TOL, null, hit), what);
                assertEquals(wall, hit.body, what);
                assertEarlyByAtMostTolerance(exact, tx, what);
                assertEquals(1, hit.normalX, 1e-9, what);
                assertEquals(-half, hit.pointX, 1e-9, what);
                assertEquals(y0 + hit.fraction * ty, hit.pointY, 1e-6, what);
            }
        }
    }

    @Test
    void bulletMeetsAThinMeshWallAtEveryIncidence() {
        // The same wall as a closed triangle mesh: the face x = -0.01 is two triangles whose shared
        // diagonal (a flat, inactive edge) runs through the aim point (0, 0) at 0 degrees.
        double r = 0.005, half = 0.01;
        TriangleMeshShape mesh = new TriangleMeshShape(boxMesh(half, 10, 10));
        for (double speed : new double[] {3, 30, 300}) {
            double length = speed / 60;
            for (double degrees : new double[] {0, 30, 60, 80}) {
                double theta = Math.toRadians(degrees);
                double tx = length * Math.cos(theta), tz = length * Math.sin(theta);
                double exact = 0.55;
                CollisionWorld w = world();
                int wall = addStatic(w, mesh, at(0, 0, 0));
                double x0 = -half - r - exact * tx, z0 = -exact * tz;
                int bullet = addDynamic(w, new SphereShape(r), at(x0, 0, z0));
                String what = "mesh, " + speed + " m/s at " + degrees + " degrees";
                assertTrue(w.timeOfImpact(bullet, tx, 0, tz, TOL, null, hit), what);
                assertEquals(wall, hit.body, what);
                assertEarlyByAtMostTolerance(exact, tx, what);
                assertEquals(1, hit.normalX, 1e-9, what);
                assertEquals(-half, hit.pointX, 1e-9, what);
            }
        }
    }

    @Test
    void sphereMeetsATiltedHeightfieldWhereItsPlaneIsRAway() {
        // Heights y = s x make one tilted plane with unit normal n = (-s, 1, 0) / sqrt(1 + s^2); the
        // centre's height above it is (y - s x) / sqrt(1 + s^2) and falls at -T . n per unit fraction.
        double s = 0.3, r = 0.05;
        int n = 21;
        double[][] heights = new double[n][n];
        for (int row = 0; row < n; row++) {
            for (int c = 0; c < n; c++) {
                heights[row][c] = s * 0.5 * c;
            }
        }
        CollisionWorld w = world();
        int field = addStatic(w, new HeightfieldShape(heights, 0.5, 0.5), at(0, 0, 0));
        double x0 = 3, y0 = 4, z0 = 5.2;
        int ball = addDynamic(w, new SphereShape(r), at(x0, y0, z0));
        double dx = 3, dy = -5, dz = -1.5;
        double norm = Math.sqrt(1 + s * s);
        double nx = -s / norm, ny = 1 / norm;
        double height0 = (y0 - s * x0) / norm;
        double closing = -(dx * nx + dy * ny);
        double exact = (height0 - r) / closing;
        assertTrue(exact > 0 && exact < 1);
        // The contact point lies inside the field.
        double cx = x0 + exact * dx - r * nx, cz = z0 + exact * dz;
        assertTrue(cx > 0 && cx < 10 && cz > 0 && cz < 10);
        assertTrue(w.timeOfImpact(ball, dx, dy, dz, TOL, null, hit));
        assertEquals(field, hit.body);
        assertEarlyByAtMostTolerance(exact, closing, "heightfield");
        assertEquals(-nx, hit.normalX, 1e-9);
        assertEquals(-ny, hit.normalY, 1e-9);
    }

    @Test
    void boxMeetsABoxFaceFirstWithItsLeadingCorner() {
        // A cube of half side a turned 45 degrees about z reaches a * sqrt(2) ahead of its centre;
        // unturned, a. The target's face is x = -0.5.
        double a = 0.1;
        Quat turned = Quat.fromAxisAngle(Vec3.UNIT_Z, Math.PI / 4);
        for (boolean turn : new boolean[] {false, true}) {
            CollisionWorld w = world();
            int target = addDynamic(w, new BoxShape(0.5, 0.5, 0.5), at(0, 0, 0));
            int box = addDynamic(w, new BoxShape(a, a, a), turn ? at(-1, 0.2, 0, turned) : at(-1, 0.2, 0));
            double reach = turn ? a * Math.sqrt(2) : a;
            assertTrue(w.timeOfImpact(box, 2, 0, 0, TOL, null, hit));
            assertEquals(target, hit.body);
            assertEarlyByAtMostTolerance((1 - 0.5 - reach) / 2, 2, "box turned " + turn);
            assertEquals(1, hit.normalX, 1e-9);
        }
    }

    @Test
    void compoundsOnBothSidesMeetWithTheirLeadingChildren() {
        // Bullet: spheres r 0.05 at x = +0.3 and r 0.1 at x = -0.3; target: a box child of half 0.1 at
        // x = 2 and a sphere child off the path. The leading sphere's front (x0 + 0.35) meets x = 1.9.
        CompoundShape bullet = CompoundShape.of(new CompoundShape.Child(new SphereShape(0.05), at(0.3, 0, 0)),
                new CompoundShape.Child(new SphereShape(0.1), at(-0.3, 0, 0)));
        CompoundShape target = CompoundShape.of(
                new CompoundShape.Child(new BoxShape(0.1, 0.1, 0.1), at(2, 0, 0)),
                new CompoundShape.Child(new SphereShape(0.2), at(1.5, 1, 0)));
        CollisionWorld w = world();
        int t = addStatic(w, target, at(0, 0, 0));
        double x0 = -1;
        int b = addDynamic(w, bullet, at(x0, 0.02, 0));
        assertTrue(w.timeOfImpact(b, 4, 0, 0, TOL, null, hit));
        assertEquals(t, hit.body);
        assertEarlyByAtMostTolerance((1.9 - 0.35 - x0) / 4, 4, "compound");
        assertEquals(1.9, hit.pointX, 1e-9);
    }

    @Test
    void sweptMeshBodyMeetsASphere() {
        // A closed box mesh of half 0.2 moving +x: its face x = 0.2 + 3 f meets the sphere's side x = 1.9.
        CollisionWorld w = world();
        int ball = addDynamic(w, new SphereShape(0.1), at(2, 0.05, 0));
        int boxMesh = addDynamic(w, new TriangleMeshShape(boxMesh(0.2, 0.2, 0.2)), at(0, 0, 0));
        assertTrue(w.timeOfImpact(boxMesh, 3, 0, 0, TOL, null, hit));
        assertEquals(ball, hit.body);
        assertEarlyByAtMostTolerance(1.7 / 3, 3, "swept mesh");
        assertEquals(1, hit.normalX, 1e-9);
        assertEquals(1.9, hit.pointX, 1e-6);
    }

    // ------------------------------------------------------------------ misses, filters, overlaps

    @Test
    void sweepsThatNeverTouchMiss() {
        CollisionWorld w = world();
        addStatic(w, new BoxShape(0.01, 1, 1), at(0, 0, 0));
        int ball = addDynamic(w, new SphereShape(0.1), at(-1, 0, 0));
        // Falls short by 0.01; passes 0.05 beside the wall's edge; moves away; does not move.
        assertFalse(w.timeOfImpact(ball, 0.88, 0, 0, TOL, null, hit));
        assertEquals(-1, hit.body);
        assertEquals(1, hit.fraction);
        w.setPose(ball, at(-1, 1.15, 0));
        assertFalse(w.timeOfImpact(ball, 5, 0, 0, TOL, null, hit));
        w.setPose(ball, at(-1, 0, 0));
        assertFalse(w.timeOfImpact(ball, -5, 0, 0, TOL, null, hit));
        assertFalse(w.timeOfImpact(ball, 0, 0, 0, TOL, null, hit));
    }

    @Test
    void skippedExcludedFilteredStaticAndSleepingPairsAreSweptThrough() {
        // Two walls at x = 1 and x = 2; whatever rules out the first leaves the second.
        CollisionWorld w = world();
        int first = w.add(new BoxShape(0.01, 1, 1), at(1, 0, 0), true, 2, PairFilter.ALL);
        int second = addStatic(w, new BoxShape(0.01, 1, 1), at(2, 0, 0));
        int ball = w.add(new SphereShape(0.1), at(0, 0, 0), false, 1, PairFilter.ALL);
        assertTrue(w.timeOfImpact(ball, 3, 0, 0, TOL, null, hit));
        assertEquals(first, hit.body);
        boolean[] skip = new boolean[w.bodyNumberBound()];
        skip[first] = true;
        assertTrue(w.timeOfImpact(ball, 3, 0, 0, TOL, skip, hit));
        assertEquals(second, hit.body);
        assertEarlyByAtMostTolerance((2 - 0.01 - 0.1) / 3, 3, "skip");

        w.excludePair(ball, first);
        assertTrue(w.timeOfImpact(ball, 3, 0, 0, TOL, null, hit));
        assertEquals(second, hit.body);

        // Groups: a body in group 1 with a mask without group 2 never meets the first wall.
        CollisionWorld g = world();
        g.add(new BoxShape(0.01, 1, 1), at(1, 0, 0), true, 2, PairFilter.ALL);
        int gSecond = addStatic(g, new BoxShape(0.01, 1, 1), at(2, 0, 0));
        int gBall = g.add(new SphereShape(0.1), at(0, 0, 0), false, 1, ~2);
        assertTrue(g.timeOfImpact(gBall, 3, 0, 0, TOL, null, hit));
        assertEquals(gSecond, hit.body);

        // A static body swept meets no static one, but does meet a dynamic one.
        CollisionWorld s = world();
        addStatic(s, new BoxShape(0.01, 1, 1), at(1, 0, 0));
        int sBall = addStatic(s, new SphereShape(0.1), at(0, 0, 0));
        assertFalse(s.timeOfImpact(sBall, 3, 0, 0, TOL, null, hit));
        int mover = addDynamic(s, new BoxShape(0.01, 1, 1), at(2, 0, 0));
        assertTrue(s.timeOfImpact(sBall, 3, 0, 0, TOL, null, hit));
        assertEquals(mover, hit.body);
        // As in findContacts, a sleeping body is a wall to an awake one, and meets neither static nor
        // sleeping bodies itself.
        s.setSleeping(mover, true);
        assertFalse(s.timeOfImpact(sBall, 3, 0, 0, TOL, null, hit));
        int awake = addDynamic(s, new SphereShape(0.1), at(1.5, 0.5, 0));
        assertTrue(s.timeOfImpact(awake, 3, 0, 0, TOL, null, hit));
        assertEquals(mover, hit.body);
        s.setSleeping(awake, true);
        assertFalse(s.timeOfImpact(awake, 3, 0, 0, TOL, null, hit));
    }

    @Test
    void aTargetOverlappedAtTheStartIsNotReported() {
        CollisionWorld w = world();
        int plane = addStatic(w, new PlaneShape(Vec3.UNIT_Y, 0), new Transform());
        addStatic(w, new BoxShape(0.01, 1, 1), at(1, 0.5, 0));
        int second = addStatic(w, new BoxShape(0.01, 1, 1), at(2, 0.5, 0));
        // Sunk 1 cm into the first wall and into the plane, moving through both: the second wall is hit.
        int ball = addDynamic(w, new SphereShape(0.1), at(1 - 0.01 - 0.09, 0.09, 0));
        assertTrue(w.timeOfImpact(ball, 2, -0.5, 0, TOL, null, hit));
        assertEquals(second, hit.body);
        assertEarlyByAtMostTolerance((2 - 0.01 - 0.1 - 0.9) / 2, 2, "overlap skipped");
        // Nothing else ahead: no hit at all.
        w.setPose(ball, at(2.1 - 0.01, 0.09, 0));
        assertFalse(w.timeOfImpact(ball, 2, -0.5, 0, TOL, null, hit));
        // Touching within the tolerance (not overlapping): hit at 0 moving in, nothing moving along.
        w.setPose(ball, at(5, 0.1 + 0.25 * TOL, 0));
        assertTrue(w.timeOfImpact(ball, 1, -0.01, 0, TOL, null, hit));
        assertEquals(plane, hit.body);
        assertEquals(0, hit.fraction);
        assertFalse(w.timeOfImpact(ball, 1, 0, 0, TOL, null, hit));
    }

    @Test
    void slidingSunkIntoAFlatFloorIsNoHitButTheSlopeAheadIs() {
        // A heightfield flat (y = 0) up to x = 5, then rising along y = 2 (x - 5) (a concave, inactive
        // edge at x = 5). A sphere sunk 1 mm into the floor moves +x and slightly down, so each floor
        // triangle ahead is approached from the front: their flat shared edges must not stop it.
        // It meets the slope where its centre is r from the slope's plane:
        // (-2 (x - 5) + y) / sqrt(5) = r with x = x0 + 4 f, y = y0 - 0.02 f.
        double r = 0.1, sunk = 0.001;
        double[][] heights = new double[5][9];
        for (double[] row : heights) {
            for (int c = 0; c < 9; c++) {
                row[c] = c <= 5 ? 0 : 2 * (c - 5);
            }
        }
        CollisionWorld w = world();
        int field = addStatic(w, new HeightfieldShape(heights, 1, 1), at(0, 0, 0));
        double x0 = 1, y0 = r - sunk;
        int ball = addDynamic(w, new SphereShape(r), at(x0, y0, 2.3));
        double exact = (-2 * (x0 - 5) + y0 - r * Math.sqrt(5)) / (8 + 0.02);
        assertTrue(w.timeOfImpact(ball, 4, -0.02, 0, TOL, null, hit));
        assertEquals(field, hit.body);
        double closing = (8 + 0.02) / Math.sqrt(5);
        assertEarlyByAtMostTolerance(exact, closing, "slope");
        assertEquals(2 / Math.sqrt(5), hit.normalX, 1e-9);
        // Short of the slope: nothing.
        assertFalse(w.timeOfImpact(ball, 0.9 * exact * 4, -0.9 * exact * 0.02, 0, TOL, null, hit));
    }

    @Test
    void slidingOnAFlatTriangleMeshIsNoHit() {
        // Resting sunk 1 mm, moving along and slightly into a grid of shared-edge triangles; and resting
        // a quarter of the tolerance above it, moving exactly along.
        CollisionWorld w = world();
        addStatic(w, new TriangleMeshShape(gridMesh(8)), at(0, 0, 0));
        int ball = addDynamic(w, new SphereShape(0.1), at(1.2, 0.1 - 0.001, 1.7));
        assertFalse(w.timeOfImpact(ball, 5, -0.01, 0.5, TOL, null, hit));
        w.setPose(ball, at(1.2, 0.1 + 0.25 * TOL, 1.7));
        assertFalse(w.timeOfImpact(ball, 5, 0, 3, TOL, null, hit));
        // Falling onto it from above is a hit, on a shared diagonal or not.
        w.setPose(ball, at(3.5, 2, 3.5));
        assertTrue(w.timeOfImpact(ball, 0, -4, 0, TOL, null, hit));
        assertEarlyByAtMostTolerance((2 - 0.1) / 4, 4, "grid");
    }

    @Test
    void badArgumentsAreRejected() {
        CollisionWorld w = world();
        int plane = addStatic(w, new PlaneShape(Vec3.UNIT_Y, 0), new Transform());
        int ball = addDynamic(w, new SphereShape(0.1), at(0, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> w.timeOfImpact(7, 1, 0, 0, TOL, null, hit));
        assertThrows(IllegalArgumentException.class, () -> w.timeOfImpact(plane, 1, 0, 0, TOL, null, hit));
        assertThrows(IllegalArgumentException.class,
                () -> w.timeOfImpact(ball, Double.NaN, 0, 0, TOL, null, hit));
        assertThrows(IllegalArgumentException.class, () -> w.timeOfImpact(ball, 1, 0, 0, 0, null, hit));
        assertThrows(IllegalArgumentException.class,
                () -> w.timeOfImpact(ball, 1, 0, 0, TOL, new boolean[1], hit));
        assertThrows(IllegalArgumentException.class, () -> w.timeOfImpact(ball, 1, 0, 0, TOL, null, null));
    }

    // ------------------------------------------------------------------ properties against GJK

    private static ConvexShape randomConvex(Random rnd) {
        double s = 0.05 + 0.5 * rnd.nextDouble();
        switch (rnd.nextInt(5)) {
            case 0:
                return new SphereShape(s);
            case 1:
                return new BoxShape(s, 0.02 + 0.5 * rnd.nextDouble(), 0.01 + s * rnd.nextDouble());
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

    private static Quat randomRotation(Random rnd) {
        return Quat.fromAxisAngle(new Vec3(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian() + 1e-9),
                Math.PI * rnd.nextDouble());
    }

    private final Gjk gjk = new Gjk();
    private final GjkResult gjkResult = new GjkResult();
    private final Transform moved = new Transform();

    /** Signed distance of a moved by t T from b (negative: overlapping; -1 when the cores overlap). */
    private double gap(ConvexShape a, Transform ta, double[] move, double t, ConvexShape b, Transform tb) {
        moved.set(ta);
        moved.px += t * move[0];
        moved.py += t * move[1];
        moved.pz += t * move[2];
        return gjk.distance(a, moved, b, tb, gjkResult) ? gjkResult.surfaceDistance() : -1;
    }

    /**
     * The first fraction at which the gap reaches 0, or NaN when it never does. The gap is convex in t
     * while the cores are apart and -1 once they overlap, so its sublevel sets are intervals: a
     * golden-section search for its minimum probes the touching interval unless it is shorter than
     * ~1e-12, and bisection from 0 to any touching fraction finds where it begins.
     */
    private double firstContact(ConvexShape a, Transform ta, double[] move, ConvexShape b, Transform tb) {
        double touching = gap(a, ta, move, 0, b, tb) <= 0 ? 0
                : gap(a, ta, move, 1, b, tb) <= 0 ? 1 : Double.NaN;
        double lo = 0, hi = 1;
        double g = (Math.sqrt(5) - 1) / 2;
        for (int i = 0; i < 120 && Double.isNaN(touching); i++) {
            double m1 = hi - g * (hi - lo), m2 = lo + g * (hi - lo);
            double g1 = gap(a, ta, move, m1, b, tb), g2 = gap(a, ta, move, m2, b, tb);
            if (g1 <= 0) {
                touching = m1;
            } else if (g2 <= 0) {
                touching = m2;
            } else if (g1 <= g2) {
                hi = m2;
            } else {
                lo = m1;
            }
        }
        if (Double.isNaN(touching)) {
            return Double.NaN;
        }
        double before = 0;
        for (int i = 0; i < 100; i++) {
            double mid = 0.5 * (before + touching);
            if (gap(a, ta, move, mid, b, tb) <= 0) {
                touching = mid;
            } else {
                before = mid;
            }
        }
        return touching;
    }

    /**
     * For random convex pairs and motions, a hit is never after the first contact (within 1 micrometre
     * of motion, far inside tolerance / |T|), the shapes are within the tolerance and apart at the
     * reported fraction, a true contact is never missed, and a sweep that stays farther than the
     * tolerance reports nothing.
     */
    @Property(tries = 300)
    void convexSweepIsNeverAfterTheFirstContact(@ForAll long seed) {
        Random rnd = new Random(seed);
        ConvexShape a = randomConvex(rnd), b = randomConvex(rnd);
        Transform ta = at(0, 0, 0, randomRotation(rnd));
        Vec3 toB = new Vec3(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian());
        double dist = 1.5 + 2 * rnd.nextDouble();
        toB = toB.times(dist / toB.length());
        Transform tb = at(toB.x(), toB.y(), toB.z(), randomRotation(rnd));
        double reach = 0.5 + 1.5 * rnd.nextDouble();
        double[] move = {reach * toB.x() + 0.6 * rnd.nextGaussian(),
            reach * toB.y() + 0.6 * rnd.nextGaussian(), reach * toB.z() + 0.6 * rnd.nextGaussian()};
        double length = Math.sqrt(move[0] * move[0] + move[1] * move[1] + move[2] * move[2]);
        CollisionWorld w = world();
        int body = addDynamic(w, a, ta);
        int target = addStatic(w, b, tb);
        boolean found = w.timeOfImpact(body, move[0], move[1], move[2], TOL, null, hit);
        double start = gap(a, ta, move, 0, b, tb);
        if (start <= 0) {
            Statistics.collect("overlapping");
            assertFalse(found, "overlapping at the start");
            return;
        }
        double truth = firstContact(a, ta, move, b, tb);
        Statistics.collect(Double.isNaN(truth) ? (found ? "graze" : "miss") : "contact");
        Statistics.coverage(c -> {
            c.check("contact").percentage(p -> p > 25);
            c.check("miss").percentage(p -> p > 25);
        });
        if (found) {
            assertEquals(target, hit.body);
            if (!Double.isNaN(truth)) {
                assertTrue(hit.fraction <= truth + 1e-6 / length,
                        "hit at " + hit.fraction + ", first contact at " + truth + ", |T| " + length);
            }
            double there = gap(a, ta, move, hit.fraction, b, tb);
            assertTrue(there <= TOL * (1 + 1e-6) && there > -1e-9, "gap at the hit " + there);
        } else {
            assertTrue(Double.isNaN(truth), "missed the contact at " + truth);
        }
    }

    /**
     * A closed box mesh is the surface of a solid box: sweeping into either, from outside, meets it at
     * the same first contact (ground truth by GJK against the solid box).
     */
    @Property(tries = 200)
    void closedBoxMeshIsMetWhenTheSolidBoxIs(@ForAll long seed) {
        Random rnd = new Random(seed);
        double hx = 0.01 + 0.5 * rnd.nextDouble(), hy = 0.2 + rnd.nextDouble(), hz = 0.2 + rnd.nextDouble();
        BoxShape solid = new BoxShape(hx, hy, hz);
        TriangleMeshShape mesh = new TriangleMeshShape(boxMesh(hx, hy, hz));
        ConvexShape a = randomConvex(rnd);
        Transform tb = at(0, 0, 0, randomRotation(rnd));
        Vec3 from = new Vec3(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian());
        from = from.times((2 + 2 * rnd.nextDouble()) / from.length());
        Transform ta = at(from.x(), from.y(), from.z(), randomRotation(rnd));
        double reach = 0.5 + 1.5 * rnd.nextDouble();
        double[] move = {-reach * from.x() + 0.5 * rnd.nextGaussian(),
            -reach * from.y() + 0.5 * rnd.nextGaussian(), -reach * from.z() + 0.5 * rnd.nextGaussian()};
        double length = Math.sqrt(move[0] * move[0] + move[1] * move[1] + move[2] * move[2]);
        if (gap(a, ta, move, 0, solid, tb) <= 0) {
            Statistics.collect("overlapping");
            return;
        }
        double truth = firstContact(a, ta, move, solid, tb);
        Statistics.collect(Double.isNaN(truth) ? "miss" : "contact");
        Statistics.coverage(c -> {
            c.check("contact").percentage(p -> p > 40);
            c.check("miss").percentage(p -> p > 10);
        });
        CollisionWorld w = world();
        int body = addDynamic(w, a, ta);
        addStatic(w, mesh, tb);
        boolean found = w.timeOfImpact(body, move[0], move[1], move[2], TOL, null, hit);
        if (Double.isNaN(truth)) {
            if (found) {
                assertTrue(gap(a, ta, move, hit.fraction, solid, tb) <= TOL * (1 + 1e-6),
                        "hit without contact");
            }
            return;
        }
        assertTrue(found, "missed the mesh; the solid box is met at " + truth);
        assertTrue(hit.fraction <= truth + 1e-6 / length,
                "hit at " + hit.fraction + ", first contact at " + truth);
        double there = gap(a, ta, move, hit.fraction, solid, tb);
        assertTrue(there <= TOL * (1 + 1e-6) && there > -1e-9, "gap at the hit " + there);
    }
}
