package ricochet.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.PlaneShape;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/** {@link Sweep} and the turning cast of {@link TimeOfImpact}: a rod turning beside a wall. */
class TurningTimeOfImpactTest {

    private static final double TOLERANCE = 1e-3;

    @Test
    void sweepStartsAtTheStartPoseAndEndsAtTheEndPose() {
        Random r = new Random(7);
        for (int k = 0; k < 100; k++) {
            Quat q0 = Quat.fromAxisAngle(unit(r), 6 * r.nextDouble()), q1 = Quat.fromAxisAngle(unit(r), 6 * r.nextDouble());
            Vec3 c0 = unit(r).times(3), c1 = unit(r).times(2);
            Sweep s = new Sweep().set(c0.x(), c0.y(), c0.z(), q0.x(), q0.y(), q0.z(), q0.w(),
                    c1.x(), c1.y(), c1.z(), q1.x(), q1.y(), q1.z(), q1.w(), 1);
            assertTrue(s.angle >= 0 && s.angle <= Math.PI + 1e-12, "the shorter arc: " + s.angle);
            Transform start = new Transform(c0, q0), out = new Transform();
            s.poseAt(1, start, out);
            // Round-off of a few turns of unit quaternions and metre positions: 1e-12.
            assertEquals(0, out.position().minus(c1).length(), 1e-12);
            assertEquals(1, Math.abs(dot(out.orientation(), q1)), 1e-12);
            s.poseAt(0, start, out);
            assertEquals(0, out.position().minus(c0).length(), 1e-12);
        }
    }

    /**
     * A 2 m rod (2 cm thick) along y, centred 0.5 m from the plane x = 0 (solid beyond), turning about
     * -z by 1.67 rad with its centre still: its corner (0.01, 1) is at {@code x = -0.5 + sin(phi) +
     * 0.01 cos(phi)}, which reaches 0 at phi* (found by bisection here). The cast stops at or before
     * phi* / 1.67, apart by at most the tolerance; a translation-only cast sees nothing.
     */
    @Test
    void rodTurningInPlaceMeetsAWallWhereItsCornerReachesIt() {
        BoxShape rod = new BoxShape(0.01, 1, 0.01);
        double angle = 1.67;
        Quat end = Quat.fromAxisAngle(new Vec3(0, 0, -1), angle);
        Sweep s = new Sweep().set(-0.5, 0, 0, 0, 0, 0, 1, -0.5, 0, 0, end.x(), end.y(), end.z(), end.w(), 1.0001);
        s.axisReach = Math.sqrt(1 + 0.01 * 0.01);
        PlaneShape wall = new PlaneShape(new Vec3(-1, 0, 0), 0);
        Transform rodPose = new Transform(new Vec3(-0.5, 0, 0), Quat.IDENTITY), wallPose = new Transform();
        ShapeCastResult out = new ShapeCastResult();
        TimeOfImpact toi = new TimeOfImpact();

        double lo = 0, hi = Math.PI / 2;
        for (int k = 0; k < 60; k++) {
            double mid = 0.5 * (lo + hi);
            if (-0.5 + StrictMath.sin(mid) + 0.01 * StrictMath.cos(mid) < 0) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        double exact = lo / angle;
        assertTrue(toi.cast(rod, rodPose, s, wall, wallPose, TOLERANCE, 1, out));
        assertTrue(out.fraction <= exact, out.fraction + " after the contact at " + exact);
        Transform at = new Transform();
        s.poseAt(out.fraction, rodPose, at);
        double[] p = new double[3];
        at.inverseRotate(1, 0, 0, p);
        rod.support(p[0], p[1], p[2], p);
        at.toWorld(p[0], p[1], p[2], p);
        assertTrue(p[0] < 0 && p[0] >= -TOLERANCE, "apart by at most the tolerance: " + p[0]);

        assertFalse(toi.cast(rod, rodPose, 0, 0, 0, wall, wallPose, TOLERANCE, 1, out), "no translation");
    }

    private static double dot(Quat a, Quat b) {
        return a.x() * b.x() + a.y() * b.y() + a.z() * b.z() + a.w() * b.w();
    }

    private static Vec3 unit(Random r) {
        while (true) {
            Vec3 v = new Vec3(2 * r.nextDouble() - 1, 2 * r.nextDouble() - 1, 2 * r.nextDouble() - 1);
            double l2 = v.lengthSquared();
            if (l2 > 1e-4 && l2 <= 1) {
                return v.times(1 / Math.sqrt(l2));
            }
        }
    }
}
