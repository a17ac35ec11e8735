package ricochet.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ricochet.collision.narrow.GjkTestShapes.pose;

import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/**
 * The general convex routine: one point, speculative within the margin or penetrating on overlap,
 * widened to a clipped manifold for a cylinder against a flat face.
 */
class ConvexCollideTest {

    private final ConvexCollide collide = new ConvexCollide();
    private final Manifold m = new Manifold();
    private final BoxShape ground = new BoxShape(5, 1, 5);
    private final CylinderShape cylinder = new CylinderShape(0.5, 1);

    /** The standing cylinder's centre height for a gap between its bottom cap and the ground's top. */
    private static Transform standing(double gap) {
        return pose(0.3, 1 + 1 + gap, -0.4);
    }

    /**
     * A standing cylinder's whole bottom rim is equally near: four of its eight rim points (the
     * reduction keeps four spanning the largest area, here a square of side r sqrt 2), each on the rim
     * (0.5 m from the axis) and at the gap, with distinct feature ids.
     */
    @Test
    void cylinderWithinTheMarginGetsFourSpeculativeRimPoints() {
        assertTrue(collide.collide(ground, pose(0, 0, 0), cylinder, standing(0.02), 0.05, m));
        assertEquals(4, m.pointCount());
        assertEquals(1, m.ny, 1e-12);
        java.util.Set<Integer> ids = new java.util.HashSet<>();
        for (int i = 0; i < 4; i++) {
            assertEquals(0.02, m.separation(i), 1e-12);
            assertEquals(0.5, Math.hypot(m.pointBX(i) - 0.3, m.pointBZ(i) + 0.4), 1e-12, "on the rim");
            assertEquals(1, m.pointAY(i), 1e-12, "on the ground's top face");
            ids.add(m.featureId(i));
        }
        assertEquals(4, ids.size());
        // Opposite corners of the square are a diameter apart.
        double far = 0;
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                far = Math.max(far, Math.hypot(m.pointBX(i) - m.pointBX(j), m.pointBZ(i) - m.pointBZ(j)));
            }
        }
        assertEquals(1, far, 1e-12);
    }

    /**
     * A cylinder lying on the ground touches along a line: two points, at the two ends of its lowest
     * line (x = +-1 from its centre, its half height), both at the gap.
     */
    @Test
    void lyingCylinderGetsTheTwoEndsOfItsLowestLine() {
        Transform lying = pose(new Vec3(0.3, 1 + 0.5 + 0.01, -0.4),
                Quat.fromAxisAngle(Vec3.UNIT_Z, Math.PI / 2));
        assertTrue(collide.collide(ground, pose(0, 0, 0), cylinder, lying, 0.05, m));
        assertEquals(2, m.pointCount());
        double xs = 0;
        for (int i = 0; i < 2; i++) {
            assertEquals(0.01, m.separation(i), 1e-12);
            assertEquals(-0.4, m.pointBZ(i), 1e-12);
            xs += Math.abs(m.pointBX(i) - 0.3);
        }
        assertEquals(2, xs, 1e-12);
    }

    /** Hanging half over the ground's edge, a lying cylinder keeps the part of its line over the face. */
    @Test
    void lyingCylinderOverTheEdgeIsClippedToTheFace() {
        Transform lying = pose(new Vec3(5, 1 + 0.5 - 0.02, 0), Quat.fromAxisAngle(Vec3.UNIT_Z, Math.PI / 2));
        assertTrue(collide.collide(ground, pose(0, 0, 0), cylinder, lying, 0.05, m));
        assertEquals(2, m.pointCount());
        double lo = Math.min(m.pointBX(0), m.pointBX(1)), hi = Math.max(m.pointBX(0), m.pointBX(1));
        assertEquals(4, lo, 1e-9);
        assertEquals(5, hi, 1e-9, "cut at the ground's side x = 5");
        assertEquals(-0.02, m.separation(0), 1e-9);
    }

    @Test
    void cylinderBeyondTheMarginGetsNothing() {
        assertFalse(collide.collide(ground, pose(0, 0, 0), cylinder, standing(0.06), 0.05, m));
        assertEquals(0, m.pointCount());
    }

    @Test
    void sunkCylinderGetsMinusItsDepth() {
        assertTrue(collide.collide(ground, pose(0, 0, 0), cylinder, standing(-0.1), 0.05, m));
        assertEquals(-0.1, m.separation(0), 1e-9);
        assertEquals(0.1, m.maxDepth(), 1e-9);
        assertEquals(1, m.ny, 1e-9);
        // The point on A lies on the ground's top face, the one on B on the cylinder's bottom cap.
        assertEquals(1, m.pointAY(0), 1e-9);
        assertEquals(1 - 0.1, m.pointBY(0), 1e-9);
    }

    @Test
    void roundedShapesOverlappingOnlyByTheirRadiiTakeTheExactGjkAnswer() {
        // Sphere centre 0.3 above a tilted box's face: the core (a point) is outside, the ball is in.
        Quat q = Quat.fromAxisAngle(new Vec3(1, 2, 3), 0.7);
        Vec3 up = q.rotate(Vec3.UNIT_Y);
        Vec3 centre = up.times(1 + 0.3).plus(q.rotate(new Vec3(0.2, 0, -0.1)));
        assertTrue(collide.collide(new BoxShape(1, 1, 1), pose(Vec3.ZERO, q), new SphereShape(0.5),
                pose(centre.x(), centre.y(), centre.z()), 0, m));
        assertEquals(0.3 - 0.5, m.separation(0), 1e-12);
        assertEquals(1, new Vec3(m.nx, m.ny, m.nz).dot(up), 1e-12);
    }

    @Test
    void collideMatchesEpaAndGjkOnTiltedCylinders() {
        Transform tc = pose(new Vec3(0, 1.4, 0), Quat.fromAxisAngle(Vec3.UNIT_X, 0.8));
        double lowest = 1.4 - (Math.cos(0.8) + 0.5 * Math.sin(0.8));
        assertTrue(collide.collide(ground, pose(0, 0, 0), cylinder, tc, 0.01, m));
        assertEquals(lowest - 1, m.separation(0), 1e-9);
    }

    @Test
    void negativeOrNanMarginIsRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> collide.collide(ground, pose(0, 0, 0), cylinder, standing(0), -1, m));
        assertThrows(IllegalArgumentException.class,
                () -> collide.collide(ground, pose(0, 0, 0), cylinder, standing(0), Double.NaN, m));
    }
}
