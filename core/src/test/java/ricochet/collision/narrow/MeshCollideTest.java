package ricochet.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import net.jqwik.api.ForAll;
import net.jqwik.api.From;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.junit.jupiter.api.Test;
import ricochet.geometry.TriangleMesh;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.ConvexShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.HeightfieldShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.geometry.shape.TriangleMeshShape;
import ricochet.geometry.shape.TriangleShape;
import ricochet.math.MathArbitraries;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

class MeshCollideTest {

    /**
     * Normals along the floor's up axis: the test asks |n . up| > 1 - 1e-9, i.e. a tilt under about
     * 4.5e-5 rad; a ghost contact from an edge tilts by far more (it points sideways).
     */
    private static final double UP_TOLERANCE = 1e-9;
    /** Depths and positions here are sums of a few metre-sized terms: 1e-12 m is ample round-off. */
    private static final double LENGTH_TOLERANCE = 1e-12;

    /** A flat floor at y = 0 over [-1, 1]^2 in x and z: 2 x 2 unit squares, 8 triangles facing +y. */
    static TriangleMeshShape floor() {
        double[] v = new double[27];
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                int i = 3 * (3 * r + c);
                v[i] = c - 1;
                v[i + 1] = 0;
                v[i + 2] = r - 1;
            }
        }
        int[] t = new int[24];
        int o = 0;
        for (int r = 0; r < 2; r++) {
            for (int c = 0; c < 2; c++) {
                int v00 = 3 * r + c, v10 = v00 + 1, v01 = v00 + 3, v11 = v01 + 1;
                // Counter-clockwise seen from +y: (x, z) -> (x, z + 1) -> (x + 1, z + 1).
                int[] tri = {v00, v01, v11, v00, v11, v10};
                System.arraycopy(tri, 0, t, o, 6);
                o += 6;
            }
        }
        return new TriangleMeshShape(new TriangleMesh(v, t));
    }

    /** The same floor as a heightfield, its frame moved so that it covers [-1, 1]^2. */
    static HeightfieldShape flatField() {
        return new HeightfieldShape(new double[3][3], 1, 1);
    }

    private static Transform pose(double x, double y, double z, Quat q) {
        return new Transform().set(x, y, z, q.x(), q.y(), q.z(), q.w());
    }

    private static void assertNoSidewaysNormal(Manifold m, double upX, double upY, double upZ, String where) {
        for (int i = 0; i < m.pointCount(); i++) {
            double d = m.nx * upX + m.ny * upY + m.nz * upZ;
            assertTrue(Math.abs(d) > 1 - UP_TOLERANCE, where + ": normal (" + m.nx + ", " + m.ny + ", " + m.nz
                    + ") leans off the floor's up axis, n . up = " + d);
        }
    }

    /** Slides a box 1 cm deep across x = 0 (and the diagonals) at several z, some right on z = 0. */
    private static int slideBox(TriangleShape ground, Transform groundPose, Quat yaw) {
        MeshCollide collide = new MeshCollide();
        Manifold m = new Manifold();
        BoxShape box = new BoxShape(0.3, 0.1, 0.25);
        double depth = 0.01;
        int contacts = 0;
        for (double z : new double[] {0, 0.05, -0.2, 0.4}) {
            // Steps of 1.3 mm: finer than the 9.5 mm window in which a box face overhanging a
            // triangle's edge would separate less than the floor face (plus its 0.5 mm preference).
            for (int step = 0; step <= 1000; step++) {
                double x = -0.65 + step * 0.0013;
                Transform tb = pose(x, 0.1 - depth, z, yaw);
                assertTrue(collide.collide(ground, groundPose, box, tb, 0.0, m), "box at x = " + x);
                assertNoSidewaysNormal(m, 0, 1, 0, "box at x = " + x + ", z = " + z);
                assertEquals(depth, m.maxDepth(), LENGTH_TOLERANCE, "box at x = " + x + ", z = " + z);
                contacts++;
            }
        }
        return contacts;
    }

    @Test
    void boxSlidingAcrossSharedEdgesOfAFlatMeshNeverGetsASidewaysNormal() {
        assertEquals(4 * 1001, slideBox(floor(), new Transform(), Quat.IDENTITY));
    }

    @Test
    void yawedBoxSlidingAcrossSharedEdgesNeverGetsASidewaysNormal() {
        slideBox(floor(), new Transform(), Quat.fromAxisAngle(Vec3.UNIT_Y, 0.3));
    }

    /**
     * A box rolled 45 degrees about z (or x) presses one edge into the floor: near a shared edge a lone
     * triangle's best axis is then one of the box's lower faces, tilted 45 degrees. Its depth is the
     * edge's, {@code hy sqrt 2 - height of the centre}.
     */
    private static void slideEdgeDown(TriangleShape ground, Transform groundPose, Vec3 rollAxis) {
        MeshCollide collide = new MeshCollide();
        Manifold m = new Manifold();
        double hx = 0.2, hy = 0.2, hz = 0.2, depth = 0.01;
        BoxShape box = new BoxShape(hx, hy, hz);
        Quat roll = Quat.fromAxisAngle(rollAxis, Math.PI / 4);
        double centre = hy * Math.sqrt(2) - depth;
        for (double side : new double[] {0, 0.3, -0.05}) {
            for (int step = 0; step <= 400; step++) {
                double along = -0.2 + step * 0.001;
                double x = rollAxis.z() != 0 ? along : side, z = rollAxis.z() != 0 ? side : along;
                assertTrue(collide.collide(ground, groundPose, box, pose(x, centre, z, roll), 0, m));
                assertNoSidewaysNormal(m, 0, 1, 0, "edge-down box at x = " + x + ", z = " + z);
                assertEquals(depth, m.maxDepth(), 1e-9, "edge-down box at x = " + x + ", z = " + z);
            }
        }
    }

    @Test
    void edgeDownBoxSlidingAcrossSharedEdgesNeverGetsASidewaysNormal() {
        slideEdgeDown(floor(), new Transform(), Vec3.UNIT_Z);
        slideEdgeDown(floor(), new Transform(), Vec3.UNIT_X);
        slideEdgeDown(flatField(), pose(-1, 0, -1, Quat.IDENTITY), Vec3.UNIT_Z);
        slideEdgeDown(flatField(), pose(-1, 0, -1, Quat.IDENTITY), Vec3.UNIT_X);
    }

    @Test
    void aLoneTriangleDoesGiveTheGhostNormalThatTheMeshRemoves() {
        // The triangle of the floor with x in [-1, 0] that meets the shared edge x = 0 for z in [-1, 0].
        double[] tri = {-1, 0, -1, 0, 0, 0, 0, 0, -1};
        double hy = 0.2, depth = 0.01;
        Quat roll = Quat.fromAxisAngle(Vec3.UNIT_Z, Math.PI / 4);
        Transform tb = pose(0.002, hy * Math.sqrt(2) - depth, -0.3, roll);
        BoxShape box = new BoxShape(0.2, hy, 0.2);
        Manifold lone = new Manifold();
        assertTrue(new TriangleCollide().collide(tri, box, tb, 0, lone));
        assertTrue(Math.abs(lone.ny) < 1 - 1e-3, "the lone triangle's contact leans: ny = " + lone.ny);
        Manifold mesh = new Manifold();
        assertTrue(new MeshCollide().collide(floor(), new Transform(), box, tb, 0, mesh));
        assertNoSidewaysNormal(mesh, 0, 1, 0, "mesh");
    }

    @Test
    void boxSlidingAcrossAFlatHeightfieldNeverGetsASidewaysNormal() {
        slideBox(flatField(), pose(-1, 0, -1, Quat.IDENTITY), Quat.IDENTITY);
        slideBox(flatField(), pose(-1, 0, -1, Quat.IDENTITY), Quat.fromAxisAngle(Vec3.UNIT_Y, 0.3));
    }

    @Test
    void sphereRollingOverSharedEdgesGetsNoSidewaysNormal() {
        MeshCollide collide = new MeshCollide();
        Manifold m = new Manifold();
        double r = 0.25, depth = 0.01;
        SphereShape ball = new SphereShape(r);
        for (TriangleShape ground : new TriangleShape[] {floor(), flatField()}) {
            Transform ta = ground instanceof HeightfieldShape ? pose(-1, 0, -1, Quat.IDENTITY) : new Transform();
            for (double z : new double[] {0, 0.3, -0.001}) {
                for (int step = 0; step <= 100; step++) {
                    double x = -0.2 + step * 0.004;
                    assertTrue(collide.collide(ground, ta, ball, pose(x, r - depth, z, Quat.IDENTITY), 0, m));
                    assertNoSidewaysNormal(m, 0, 1, 0, "sphere at x = " + x + ", z = " + z);
                    assertEquals(depth, m.maxDepth(), LENGTH_TOLERANCE);
                }
            }
        }
    }

    @Test
    void capsuleLyingAcrossSharedEdgesGetsUpwardNormalAndTwoEnds() {
        MeshCollide collide = new MeshCollide();
        Manifold m = new Manifold();
        double r = 0.1, hh = 0.4, depth = 0.02;
        // Lying along x (local y turned onto x), centred over the middle vertex and slid along z.
        Quat lying = Quat.fromAxisAngle(Vec3.UNIT_Z, Math.PI / 2);
        for (int step = 0; step <= 50; step++) {
            double z = -0.1 + step * 0.004;
            assertTrue(collide.collide(floor(), new Transform(), new CapsuleShape(r, hh),
                    pose(0.05, r - depth, z, lying), 0, m));
            assertNoSidewaysNormal(m, 0, 1, 0, "capsule at z = " + z);
            assertEquals(depth, m.maxDepth(), LENGTH_TOLERANCE);
            double minX = Double.POSITIVE_INFINITY, maxX = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < m.pointCount(); i++) {
                minX = Math.min(minX, m.pointBX(i));
                maxX = Math.max(maxX, m.pointBX(i));
            }
            assertEquals(0.05 - hh, minX, LENGTH_TOLERANCE, "one point under each end of the core segment");
            assertEquals(0.05 + hh, maxX, LENGTH_TOLERANCE);
        }
    }

    @Test
    void boxRestingAcrossSharedEdgesGetsFourCornerPointsAtItsDepth() {
        MeshCollide collide = new MeshCollide();
        Manifold m = new Manifold();
        double hx = 0.3, hy = 0.1, hz = 0.2, depth = 0.015, cx = 0.1, cz = -0.05;
        assertTrue(collide.collide(floor(), new Transform(), new BoxShape(hx, hy, hz),
                pose(cx, hy - depth, cz, Quat.IDENTITY), 0, m));
        assertEquals(4, m.pointCount());
        boolean[] seen = new boolean[4];
        for (int i = 0; i < 4; i++) {
            assertEquals(depth, m.depth(i), LENGTH_TOLERANCE);
            assertEquals(-depth, m.pointBY(i), LENGTH_TOLERANCE, "point on the box is its bottom face");
            assertEquals(0, m.pointAY(i), LENGTH_TOLERANCE, "point on the floor lies in its plane");
            double sx = Math.signum(m.pointBX(i) - cx), sz = Math.signum(m.pointBZ(i) - cz);
            assertEquals(cx + sx * hx, m.pointBX(i), LENGTH_TOLERANCE);
            assertEquals(cz + sz * hz, m.pointBZ(i), LENGTH_TOLERANCE);
            seen[(sx > 0 ? 1 : 0) + (sz > 0 ? 2 : 0)] = true;
        }
        assertTrue(seen[0] && seen[1] && seen[2] && seen[3], "all four corners");
        for (int i = 0; i < 4; i++) {
            for (int j = i + 1; j < 4; j++) {
                assertTrue(m.featureId(i) != m.featureId(j), "feature ids are distinct");
            }
        }
    }

    @Test
    void boxAboveTheMarginOrBelowTheFloorDoesNotCollide() {
        MeshCollide collide = new MeshCollide();
        Manifold m = new Manifold();
        BoxShape box = new BoxShape(0.2, 0.1, 0.2);
        assertFalse(collide.collide(floor(), new Transform(), box, pose(0, 0.1 + 0.02, 0, Quat.IDENTITY), 0.01, m));
        assertTrue(collide.collide(floor(), new Transform(), box, pose(0, 0.1 + 0.005, 0, Quat.IDENTITY), 0.01, m),
                "within the margin: a speculative contact");
        for (int i = 0; i < m.pointCount(); i++) {
            assertEquals(0.005, m.separation(i), LENGTH_TOLERANCE, "bottom face 5 mm above the floor");
        }
        // Entirely behind the one-sided floor (top face 5 cm below it).
        assertFalse(collide.collide(floor(), new Transform(), box, pose(0, -0.15, 0, Quat.IDENTITY), 0.01, m));
        assertEquals(0, m.pointCount());
    }

    @Test
    void sphereInAValleyTakesAFaceNormalNotTheValleyEdges() {
        // A V along z: two faces meeting at x = 0, rising at 45 degrees; a sphere pressed into its bottom.
        double[] v = {-1, 1, -1, 0, 0, -1, -1, 1, 1, 0, 0, 1, 1, 1, -1, 1, 1, 1};
        int[] t = {0, 2, 3, 0, 3, 1, 1, 3, 5, 1, 5, 4};
        TriangleMeshShape valley = new TriangleMeshShape(new TriangleMesh(v, t));
        MeshCollide collide = new MeshCollide();
        Manifold m = new Manifold();
        double s = Math.sqrt(0.5);
        assertTrue(collide.collide(valley, new Transform(), new SphereShape(0.3), pose(0.01, 0.3 / s - 0.02, 0,
                Quat.IDENTITY), 0, m));
        // Each face normal is (+-s, s, 0); the merged normal is one of them, never the valley edge's (0, 1, 0).
        assertEquals(s, Math.abs(m.nx), 1e-12);
        assertEquals(s, m.ny, 1e-12);
    }

    @Property(tries = 60)
    void rigidMotionOfTheWholeSetUpMovesTheContact(
            @ForAll("rotations") Quat q, @ForAll @DoubleRange(min = -5, max = 5) double tx,
            @ForAll @DoubleRange(min = -5, max = 5) double ty, @ForAll @DoubleRange(min = -5, max = 5) double tz,
            @ForAll @DoubleRange(min = -0.7, max = 0.7) double bx, @ForAll @DoubleRange(min = -0.7, max = 0.7) double bz,
            @ForAll @DoubleRange(min = -0.5, max = 0.5) double yaw, @ForAll @DoubleRange(min = 0, max = 2) double pick) {
        ConvexShape b = pick < 0.7 ? new BoxShape(0.2, 0.1, 0.15)
                : pick < 1.4 ? new SphereShape(0.2) : new CapsuleShape(0.1, 0.2);
        double half = pick < 0.7 ? 0.1 : 0.2;
        Quat by = Quat.fromAxisAngle(Vec3.UNIT_Y, yaw);
        if (pick >= 1.4) {
            by = by.multiply(Quat.fromAxisAngle(Vec3.UNIT_X, Math.PI / 2));
            half = 0.1;
        }
        Transform ta = new Transform();
        Transform tb = pose(bx, half - 0.01, bz, by);
        Manifold m0 = new Manifold();
        Manifold m1 = new Manifold();
        MeshCollide collide = new MeshCollide();
        assertTrue(collide.collide(floor(), ta, b, tb, 0, m0));
        // Move everything by (q, t): ground pose and body pose composed with it.
        Transform ta1 = pose(tx, ty, tz, q);
        Quat qb = q.multiply(by);
        Vec3 pb = q.rotate(new Vec3(tb.px, tb.py, tb.pz)).plus(new Vec3(tx, ty, tz));
        Transform tb1 = pose(pb.x(), pb.y(), pb.z(), qb);
        assertTrue(collide.collide(floor(), ta1, b, tb1, 0, m1));
        Vec3 n = q.rotate(new Vec3(m0.nx, m0.ny, m0.nz));
        assertEquals(n.x(), m1.nx, 1e-9);
        assertEquals(n.y(), m1.ny, 1e-9);
        assertEquals(n.z(), m1.nz, 1e-9);
        assertEquals(m0.pointCount(), m1.pointCount());
        assertEquals(m0.maxDepth(), m1.maxDepth(), 1e-9);
        for (int i = 0; i < m1.pointCount(); i++) {
            assertTrue(Double.isFinite(m1.pointAX(i) + m1.pointBY(i) + m1.separation(i)), "no NaN");
        }
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<Quat> rotations() {
        return MathArbitraries.unitQuaternions();
    }

    @Property(tries = 200)
    void contactsAreFiniteForAnyPoseNearTheFloor(
            @ForAll("rotations") Quat q, @ForAll @DoubleRange(min = -1.3, max = 1.3) double x,
            @ForAll @DoubleRange(min = -0.4, max = 0.4) double y, @ForAll @DoubleRange(min = -1.3, max = 1.3) double z,
            @ForAll @DoubleRange(min = 0, max = 4) double pick) {
        ConvexShape b = pick < 1 ? new BoxShape(0.2, 0.1, 0.15) : pick < 2 ? new SphereShape(0.2)
                : pick < 3 ? new CapsuleShape(0.1, 0.2) : new CylinderShape(0.2, 0.1);
        Manifold m = new Manifold();
        MeshCollide collide = new MeshCollide();
        for (TriangleShape ground : new TriangleShape[] {floor(), flatField()}) {
            Transform ta = ground instanceof HeightfieldShape ? pose(-1, 0, -1, Quat.IDENTITY) : new Transform();
            if (collide.collide(ground, ta, b, pose(x, y, z, q), 0.02, m)) {
                assertEquals(1, Math.sqrt(m.nx * m.nx + m.ny * m.ny + m.nz * m.nz), 1e-9, "unit normal");
                assertTrue(m.pointCount() >= 1 && m.pointCount() <= 4);
                for (int i = 0; i < m.pointCount(); i++) {
                    assertTrue(Double.isFinite(m.pointAX(i) + m.pointAY(i) + m.pointAZ(i) + m.pointBX(i)
                            + m.pointBY(i) + m.pointBZ(i) + m.separation(i)), "no NaN or infinity");
                    assertTrue(m.separation(i) <= 0.02 + 1e-9, "within the margin");
                }
                // One-sided floor facing +y: a contact never pushes the body down.
                assertTrue(m.ny >= -1e-9, "normal points out of the floor's front, got ny = " + m.ny);
            }
        }
    }

    @Test
    void repeatedCollisionsAllocateNothing() {
        var threads = ManagementFactory.getThreadMXBean();
        assumeTrue(threads instanceof com.sun.management.ThreadMXBean, "needs HotSpot's allocation counter");
        var counter = (com.sun.management.ThreadMXBean) threads;
        TriangleShape mesh = floor();
        TriangleShape field = flatField();
        Transform ta = new Transform();
        Transform tf = pose(-1, 0, -1, Quat.IDENTITY);
        ConvexShape[] bodies = {new BoxShape(0.3, 0.1, 0.25), new SphereShape(0.2), new CapsuleShape(0.1, 0.3),
            new CylinderShape(0.3, 0.1)};
        Transform tb = pose(0, 0.09, 0, Quat.fromAxisAngle(new Vec3(0.3, 1, 0.2), 0.4));
        MeshCollide collide = new MeshCollide();
        Manifold m = new Manifold();
        Runnable window = () -> {
            for (int i = 0; i < 2000; i++) {
                double x = -0.5 + (i % 100) * 0.01;
                tb.set(x, 0.09, 0.02 * (i % 7), tb.qx, tb.qy, tb.qz, tb.qw);
                ConvexShape b = bodies[i % bodies.length];
                collide.collide(mesh, ta, b, tb, 0.01, m);
                collide.collide(field, tf, b, tb, 0.01, m);
            }
        };
        window.run();
        long thread = Thread.currentThread().getId();
        long cleanest = Long.MAX_VALUE;
        for (int w = 0; w < 5 && cleanest > 0; w++) {
            long before = counter.getThreadAllocatedBytes(thread);
            window.run();
            cleanest = Math.min(cleanest, counter.getThreadAllocatedBytes(thread) - before);
        }
        assertEquals(0, cleanest, "MeshCollide allocated in every window of 4,000 calls, at least " + cleanest + " B");
    }

    /** CI's fresh seed: a sphere right over a vertex shared by several triangles got 1 point, or 2 after a turn. */
    @Test
    void aSphereOverASharedVertexGetsOnePointWhicheverWayItIsTurned() {
        rigidMotionOfTheWholeSetUpMovesTheContact(new Quat(0, 0, 0.0014648454985545728, 0.9999989271132572).normalized(),
                0.01, 0.13, 0, 0, 0, 0, 0.7);
        // And a capsule across shared edges, moved 1.12 m: distinct nearby points must not merge.
        rigidMotionOfTheWholeSetUpMovesTheContact(Quat.IDENTITY, 0, 0, 1.12, 0.7, 0, 0, 1.4);
    }
}
