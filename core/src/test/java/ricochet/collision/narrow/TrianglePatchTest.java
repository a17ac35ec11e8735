package ricochet.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.HeightfieldShape;
import ricochet.geometry.shape.TriangleShape;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/**
 * A cylinder (the shape without a dedicated triangle routine) against the flat floors of
 * {@link MeshCollideTest}: 2 x 2 unit cells, 8 triangles facing +y, as a mesh and as a heightfield.
 * The expected contacts follow from the geometry: a cap lying flat at depth d touches with its rim
 * octagon, every point at d; a side lying flat touches along its line; a tilted cap at its lowest rim
 * point, {@code hh cos(theta) + r sin(theta)} below the centre.
 */
class TrianglePatchTest {

    private static final double R = 0.4, HH = 0.3;
    /** Depths and positions are sums of a few metre-sized terms: 1e-12 m is ample round-off. */
    private static final double LENGTH_TOLERANCE = 1e-12;
    /** |n . up| > 1 - this: a tilt under 4.5e-5 rad; an edge's ghost normal leans by far more. */
    private static final double UP_TOLERANCE = 1e-9;

    private static Transform pose(double x, double y, double z, Quat q) {
        return new Transform().set(x, y, z, q.x(), q.y(), q.z(), q.w());
    }

    private static TriangleShape[] grounds() {
        return new TriangleShape[] {MeshCollideTest.floor(), MeshCollideTest.flatField()};
    }

    private static Transform groundPose(TriangleShape g) {
        return g instanceof HeightfieldShape ? pose(-1, 0, -1, Quat.IDENTITY) : new Transform();
    }

    private static void assertUp(Manifold m, String where) {
        assertTrue(m.ny > 1 - UP_TOLERANCE, where + ": normal (" + m.nx + ", " + m.ny + ", " + m.nz + ") is not up");
    }

    /**
     * Standing at depth d over a vertex, an edge, a diagonal or inside a triangle, the cap gets four
     * points, each at d and on the rim's octagon (between r cos(pi/8) and r from the axis), around the
     * axis (no angular gap of pi or more, so the weight's line falls inside them and the cap cannot rock).
     */
    @Test
    void standingCylinderGetsFourRimPointsAroundItsAxisAtItsDepthWhereverItStands() {
        MeshCollide collide = new MeshCollide();
        Manifold m = new Manifold();
        CylinderShape cylinder = new CylinderShape(R, HH);
        double depth = 0.002;
        double[][] centres = {{0, 0}, {0.5, 0}, {0.5, 0.5}, {0.3, -0.35}, {-0.137, 0.411}};
        for (TriangleShape g : grounds()) {
            for (double[] c : centres) {
                for (double yaw : new double[] {0, 0.3, Math.PI / 8}) {
                    String where = g.getClass().getSimpleName() + " at (" + c[0] + ", " + c[1] + "), yaw " + yaw;
                    assertTrue(collide.collide(g, groundPose(g), cylinder,
                            pose(c[0], HH - depth, c[1], Quat.fromAxisAngle(Vec3.UNIT_Y, yaw)), 0, m), where);
                    assertUp(m, where);
                    assertEquals(4, m.pointCount(), where);
                    double[] angles = new double[4];
                    for (int i = 0; i < 4; i++) {
                        assertEquals(depth, m.depth(i), LENGTH_TOLERANCE, where);
                        double dx = m.pointBX(i) - c[0], dz = m.pointBZ(i) - c[1];
                        double out = Math.sqrt(dx * dx + dz * dz);
                        assertTrue(out >= R * Math.cos(Math.PI / 8) - LENGTH_TOLERANCE && out <= R + LENGTH_TOLERANCE,
                                where + ": point " + out + " m from the axis");
                        angles[i] = Math.atan2(dz, dx);
                    }
                    Arrays.sort(angles);
                    for (int i = 0; i < 4; i++) {
                        double gap = i < 3 ? angles[i + 1] - angles[i] : angles[0] + 2 * Math.PI - angles[3];
                        assertTrue(gap < Math.PI - 1e-9, where + ": the points leave a gap of " + gap + " rad");
                    }
                }
            }
        }
    }

    /**
     * A cylinder at rest leans by round-off and the solver's micrometres, each step another way: its
     * contact must keep the same points under the same feature ids, or warm starting gives each
     * point another's impulse. Leaning 1e-5 rad every way moves no point by more than the lean times
     * the cylinder's size.
     */
    @Test
    void restingCylinderKeepsItsPointsAndFeatureIdsWhicheverWayItLeansByRoundOff() {
        MeshCollide collide = new MeshCollide();
        Manifold ref = new Manifold(), m = new Manifold();
        CylinderShape cylinder = new CylinderShape(R, HH);
        double depth = 0.001, lean = 1e-5;
        for (TriangleShape g : grounds()) {
            for (double[] c : new double[][] {{0.1, 0.05}, {0, 0}, {0.5, 0.5}}) {
                Quat yaw = Quat.fromAxisAngle(Vec3.UNIT_Y, 0.3);
                assertTrue(collide.collide(g, groundPose(g), cylinder, pose(c[0], HH - depth, c[1], yaw), 0.01, ref));
                for (int k = 0; k < 12; k++) {
                    double a = 2 * Math.PI * k / 12;
                    Quat q = Quat.fromAxisAngle(new Vec3(Math.cos(a), 0, Math.sin(a)), lean).multiply(yaw);
                    assertTrue(collide.collide(g, groundPose(g), cylinder, pose(c[0], HH - depth, c[1], q), 0.01, m));
                    String where = g.getClass().getSimpleName() + " at (" + c[0] + ", " + c[1] + "), leaning to " + a;
                    assertEquals(ref.pointCount(), m.pointCount(), where);
                    for (int i = 0; i < ref.pointCount(); i++) {
                        int j = 0;
                        while (j < m.pointCount() && m.featureId(j) != ref.featureId(i)) {
                            j++;
                        }
                        assertTrue(j < m.pointCount(), where + ": feature id " + ref.featureId(i) + " is gone");
                        double dx = m.pointBX(j) - ref.pointBX(i), dz = m.pointBZ(j) - ref.pointBZ(i);
                        assertTrue(Math.sqrt(dx * dx + dz * dz) <= 2 * lean * (R + HH), where + ": id "
                                + ref.featureId(i) + " moved " + Math.sqrt(dx * dx + dz * dz) + " m");
                    }
                }
            }
        }
    }

    /** Lying on its side across the shared edges, a cylinder touches along its line: one point at each end. */
    @Test
    void lyingCylinderGetsAPointUnderEachEndOfItsSide() {
        MeshCollide collide = new MeshCollide();
        Manifold m = new Manifold();
        CylinderShape cylinder = new CylinderShape(R, HH);
        double depth = 0.004, cx = 0.05;
        // Local y (the axis) turned onto x.
        Quat lying = Quat.fromAxisAngle(Vec3.UNIT_Z, Math.PI / 2);
        for (TriangleShape g : grounds()) {
            for (int step = 0; step <= 50; step++) {
                double z = -0.1 + step * 0.004;
                String where = g.getClass().getSimpleName() + ", z = " + z;
                assertTrue(collide.collide(g, groundPose(g), cylinder, pose(cx, R - depth, z, lying), 0, m), where);
                assertUp(m, where);
                assertEquals(depth, m.maxDepth(), LENGTH_TOLERANCE, where);
                double minX = Double.POSITIVE_INFINITY, maxX = Double.NEGATIVE_INFINITY;
                for (int i = 0; i < m.pointCount(); i++) {
                    assertEquals(depth, m.depth(i), LENGTH_TOLERANCE, where + ": the line lies flat");
                    minX = Math.min(minX, m.pointBX(i));
                    maxX = Math.max(maxX, m.pointBX(i));
                }
                assertEquals(cx - HH, minX, LENGTH_TOLERANCE, where);
                assertEquals(cx + HH, maxX, LENGTH_TOLERANCE, where);
            }
        }
    }

    /**
     * Tilted by theta, the lowest point is a rim point {@code hh cos(theta) + r sin(theta)} below the
     * centre: within the face's 8 degrees (a patch whose first octagon vertex is that point) and past
     * them (GJK/EPA's one point), the deepest point is that depth.
     */
    @Test
    void tiltedCylinderTouchesAtItsLowestRimPointAtItsExactDepth() {
        MeshCollide collide = new MeshCollide();
        Manifold m = new Manifold();
        CylinderShape cylinder = new CylinderShape(R, HH);
        double depth = 0.003;
        for (TriangleShape g : grounds()) {
            for (double degrees : new double[] {0.5, 3, 7, 20, 40}) {
                double theta = Math.toRadians(degrees);
                double low = HH * Math.cos(theta) + R * Math.sin(theta);
                Quat q = Quat.fromAxisAngle(new Vec3(1, 0, 0.4).normalized(), theta);
                String where = g.getClass().getSimpleName() + ", tilted " + degrees + " degrees";
                assertTrue(collide.collide(g, groundPose(g), cylinder, pose(0.1, low - depth, 0.05, q), 0, m), where);
                assertUp(m, where);
                // EPA's depth (past 8 degrees) is good to its tolerance, well under a micrometre here.
                assertEquals(depth, m.maxDepth(), degrees > 8 ? 1e-7 : LENGTH_TOLERANCE, where);
            }
        }
    }

    /**
     * A cylinder sliding on its cap across the shared edges of a flat floor (steps of 1.3 mm, finer
     * than any window in which an edge could win) always gets the floor's normal, its depth, and a
     * patch (at least three points), never a sideways ghost from an internal edge.
     */
    @Test
    void cylinderSlidingAcrossSharedEdgesNeverGetsASidewaysNormal() {
        MeshCollide collide = new MeshCollide();
        Manifold m = new Manifold();
        CylinderShape cylinder = new CylinderShape(0.25, 0.1);
        double depth = 0.01;
        for (TriangleShape g : grounds()) {
            for (double z : new double[] {0, 0.05, -0.2, 0.4}) {
                for (int step = 0; step <= 800; step++) {
                    double x = -0.52 + step * 0.0013;
                    String where = g.getClass().getSimpleName() + " at x = " + x + ", z = " + z;
                    assertTrue(collide.collide(g, groundPose(g), cylinder,
                            pose(x, 0.1 - depth, z, Quat.fromAxisAngle(Vec3.UNIT_Y, 0.2)), 0, m), where);
                    assertUp(m, where);
                    assertEquals(depth, m.maxDepth(), LENGTH_TOLERANCE, where);
                    assertTrue(m.pointCount() >= 3, where + ": " + m.pointCount() + " points");
                }
            }
        }
    }
}
