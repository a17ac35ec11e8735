package ricochet.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ricochet.collision.narrow.GjkTestShapes.pose;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Transform;

/**
 * Conservative advancement against analytic times of impact. The cast stops within its tolerance
 * (1e-9 m here) of contact, so the fraction is early by at most tolerance / closing speed.
 */
class ShapeCastTest {

    private static final double TOLERANCE = 1e-9;
    private final ShapeCast cast = new ShapeCast();
    private final ShapeCastResult r = new ShapeCastResult();
    private final BoxShape box = new BoxShape(1, 2, 3);
    private final Transform origin = pose(0, 0, 0);

    @Property(tries = 200)
    void sphereFlyingAtABoxFaceHitsWhenItsFrontReachesTheFace(
            @ForAll @DoubleRange(min = 0.1, max = 1) double radius,
            @ForAll @DoubleRange(min = 0.01, max = 5) double gap,
            @ForAll @DoubleRange(min = -0.9, max = 0.9) double y,
            @ForAll @DoubleRange(min = -2.9, max = 2.9) double z,
            @ForAll @DoubleRange(min = -1, max = 1) double slantY) {
        // Start gap + radius beyond the +x face, move (-L, slantY, 0) with L = 2 gap: the front of the
        // sphere meets the face x = 1 at fraction gap / L = 0.5 if the centre stays over the face.
        double length = 2 * gap;
        double hitY = y + 0.5 * slantY;
        Transform start = pose(1 + radius + gap, y, z);
        assertTrue(cast.cast(new SphereShape(radius), start, -length, slantY, 0, box, origin, TOLERANCE, r));
        assertTrue(Math.abs(hitY) < 2);
        assertEquals(0.5, r.fraction, TOLERANCE / length + 1e-12);
        assertEquals(-1, r.normalX, 1e-12);
        assertEquals(1, r.pointX, TOLERANCE);
        assertEquals(hitY, r.pointY, 1e-6);
        assertTrue(r.iterations < ShapeCast.MAX_ITERATIONS);
    }

    @Test
    void sphereThatFallsShortMisses() {
        // Needs to travel 0.5 to touch; moves 0.4.
        assertFalse(cast.cast(new SphereShape(0.5), pose(2, 0, 0), -0.4, 0, 0, box, origin, TOLERANCE, r));
    }

    @Test
    void spherePassingBesideTheBoxMisses() {
        // 0.1 m clear of the +y face the whole way.
        assertFalse(cast.cast(new SphereShape(0.5), pose(3, 2.6, 0), -6, 0, 0, box, origin, TOLERANCE, r));
    }

    @Test
    void movingAwayMisses() {
        assertFalse(cast.cast(new SphereShape(0.5), pose(2, 0, 0), 4, 0, 0, box, origin, TOLERANCE, r));
    }

    @Test
    void startingInOverlapHitsAtZero() {
        BoxShape cube = new BoxShape(0.5, 0.5, 0.5);
        assertTrue(cast.cast(cube, pose(1.2, 0, 0), -1, 0, 0, box, origin, TOLERANCE, r));
        assertEquals(0, r.fraction);
        assertEquals(-1, r.normalX, 1e-12);
    }

    @Test
    void capsuleCornerCaseHitsAtTheEdge() {
        // A capsule (axis y) sliding along -x at height y0 above the box's top edge (x = 1, y = 2):
        // its rounded end touches the edge when the horizontal gap is sqrt(r^2 - dy^2).
        double r0 = 0.4, half = 0.5, y0 = 2 + half + 0.3;
        double dy = y0 - half - 2;
        double startX = 3;
        double touchX = 1 + Math.sqrt(r0 * r0 - dy * dy);
        double length = 4;
        CapsuleShape capsule = new CapsuleShape(r0, half);
        assertTrue(cast.cast(capsule, pose(startX, y0, 0), -length, 0, 0, box, origin, TOLERANCE, r));
        // Against a curved front the closing speed along the normal is length |n_x|; the fraction is
        // early by at most tolerance / that.
        double nx = Math.sqrt(r0 * r0 - dy * dy) / r0;
        assertEquals((startX - touchX) / length, r.fraction, TOLERANCE / (length * nx) + 1e-9);
    }

    @Test
    void nanTranslationIsRejected() {
        SphereShape ball = new SphereShape(1);
        assertThrows(IllegalArgumentException.class,
                () -> cast.cast(ball, pose(5, 0, 0), Double.NaN, 0, 0, box, origin, TOLERANCE, r));
    }
}
