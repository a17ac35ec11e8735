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

/** The general convex routine's single point: speculative within the margin, penetrating on overlap. */
class ConvexCollideTest {

    private final ConvexCollide collide = new ConvexCollide();
    private final Manifold m = new Manifold();
    private final BoxShape ground = new BoxShape(5, 1, 5);
    private final CylinderShape cylinder = new CylinderShape(0.5, 1);

    /** The standing cylinder's centre height for a gap between its bottom cap and the ground's top. */
    private static Transform standing(double gap) {
        return pose(0.3, 1 + 1 + gap, -0.4);
    }

    @Test
    void cylinderWithinTheMarginGetsASpeculativePoint() {
        assertTrue(collide.collide(ground, pose(0, 0, 0), cylinder, standing(0.02), 0.05, m));
        assertEquals(1, m.pointCount());
        assertEquals(0.02, m.separation(0), 1e-12);
        assertEquals(1, m.ny, 1e-12);
        assertEquals(0, m.featureId(0));
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
