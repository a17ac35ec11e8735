package ricochet.collision.narrow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static ricochet.collision.narrow.GjkTestShapes.angle;
import static ricochet.collision.narrow.GjkTestShapes.pose;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CylinderShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.MathArbitraries;
import ricochet.math.Quat;
import ricochet.math.Transform;
import ricochet.math.Vec3;

/**
 * GJK ray casts against the analytic ray-sphere and ray-box (slab) fractions. The cast stops within
 * 1e-12 of the problem's size of the surface; the fraction's error is that over the ray's approach
 * speed along the normal, so 1e-9 holds except at grazing angles, which the properties leave out.
 */
class ConvexRaycastTest {

    private final ConvexRaycast ray = new ConvexRaycast();
    private final ConvexRaycastResult r = new ConvexRaycastResult();

    @Provide
    Arbitrary<Vec3> points() {
        return MathArbitraries.vectors(4);
    }

    @Provide
    Arbitrary<Quat> rotations() {
        return MathArbitraries.unitQuaternions();
    }

    @Property(tries = 500)
    void raysHitSpheresWhereTheQuadraticSays(@ForAll("points") Vec3 origin, @ForAll("points") Vec3 target,
            @ForAll("points") Vec3 centre, @ForAll @DoubleRange(min = 0.1, max = 2) double radius) {
        // |o + t d - c|^2 = r^2: t^2 d.d + 2 t d.(o - c) + (o - c).(o - c) - r^2 = 0, smaller root.
        Vec3 d = target.minus(origin);
        Vec3 m = origin.minus(centre);
        double a = d.dot(d), b = m.dot(d), c = m.dot(m) - radius * radius;
        Assume.that(a > 1e-2 && c > 1e-6);
        double disc = b * b - a * c;
        boolean hit = ray.cast(new SphereShape(radius), pose(centre.x(), centre.y(), centre.z()), origin.x(),
                origin.y(), origin.z(), d.x(), d.y(), d.z(), r);
        if (disc < 0 || b > 0) {
            assertFalse(hit);
            return;
        }
        double t = (-b - Math.sqrt(disc)) / a;
        // Keep away from grazing rays (disc near 0) and from the ray's end (t near 1).
        Assume.that(disc > 1e-3 * a * radius * radius && Math.abs(t - 1) > 1e-6);
        assertEquals(t <= 1, hit);
        if (hit) {
            assertEquals(t, r.fraction, 1e-9);
            Vec3 p = origin.plus(d.times(t));
            Vec3 n = p.minus(centre).normalized();
            assertTrue(angle(n, new Vec3(r.normalX, r.normalY, r.normalZ)) < 1e-6);
            assertEquals(p.x(), r.pointX, 1e-8);
        }
    }

    @Property(tries = 500)
    void raysHitRotatedBoxesWhereTheSlabsSay(@ForAll("points") Vec3 origin, @ForAll("points") Vec3 target,
            @ForAll("points") Vec3 centre, @ForAll("rotations") Quat q) {
        double[] half = {0.5, 1, 1.5};
        Transform t = pose(centre, q);
        // The slab test (Kay and Kajiya) in the box's frame: entry is the latest of the three slab entries.
        Vec3 o = q.conjugate().rotate(origin.minus(centre)), d = q.conjugate().rotate(target.minus(origin));
        double[] oo = o.toArray(), dd = d.toArray();
        double enter = Double.NEGATIVE_INFINITY, exit = Double.POSITIVE_INFINITY, secondEnter = enter;
        int axis = -1;
        boolean parallelOutside = false;
        for (int k = 0; k < 3; k++) {
            if (Math.abs(dd[k]) < 1e-12) {
                parallelOutside |= Math.abs(oo[k]) > half[k];
                continue;
            }
            double t0 = (-half[k] - oo[k]) / dd[k], t1 = (half[k] - oo[k]) / dd[k];
            double lo = Math.min(t0, t1), hi = Math.max(t0, t1);
            if (lo > enter) {
                secondEnter = enter;
                enter = lo;
                axis = k;
            } else {
                secondEnter = Math.max(secondEnter, lo);
            }
            exit = Math.min(exit, hi);
        }
        Assume.that(d.length() > 0.1 && !parallelOutside);
        boolean inside = Math.abs(oo[0]) < half[0] && Math.abs(oo[1]) < half[1] && Math.abs(oo[2]) < half[2];
        Assume.that(!inside);
        boolean expected = enter <= exit && enter >= 0 && enter <= 1;
        // Leave out rays within 1e-6 of an edge (entries of two slabs tie) or grazing a corner.
        Assume.that(Math.abs(enter - exit) > 1e-6 && Math.abs(enter - secondEnter) > 1e-6
                && Math.abs(enter - 1) > 1e-6 && enter > 1e-6);
        Vec3 dw = target.minus(origin);
        boolean hit = ray.cast(new BoxShape(half[0], half[1], half[2]), t, origin.x(), origin.y(), origin.z(),
                dw.x(), dw.y(), dw.z(), r);
        assertEquals(expected, hit);
        if (hit) {
            assertEquals(enter, r.fraction, 1e-9);
            double[] local = new double[3];
            local[axis] = -Math.signum(dd[axis]);
            Vec3 n = q.rotate(Vec3.of(local));
            assertTrue(angle(n, new Vec3(r.normalX, r.normalY, r.normalZ)) < 1e-9,
                    "normal off by " + angle(n, new Vec3(r.normalX, r.normalY, r.normalZ)));
        }
    }

    @Test
    void rayStartingInsideHitsAtZero() {
        assertTrue(ray.cast(new BoxShape(1, 1, 1), pose(0, 0, 0), 0.2, 0.1, 0, 5, 0, 0, r));
        assertEquals(0, r.fraction);
        assertEquals(-1, r.normalX, 1e-12);
        assertTrue(ray.cast(new SphereShape(1), pose(0, 0, 0), 0.2, 0.1, 0, 5, 0, 0, r));
        assertEquals(0, r.fraction);
    }

    @Test
    void rayHitsACylinderSideWhereTheCircleSays() {
        // Cylinder along y of radius 0.5; a ray along -x at z = 0.3 meets x^2 + z^2 = 0.25 at x = 0.4.
        assertTrue(ray.cast(new CylinderShape(0.5, 1), pose(0, 0, 0), 2, 0.2, 0.3, -4, 0, 0, r));
        assertEquals((2 - 0.4) / 4, r.fraction, 1e-9);
        assertTrue(angle(new Vec3(0.8, 0, 0.6), new Vec3(r.normalX, r.normalY, r.normalZ)) < 1e-6);
    }

    @Test
    void rayPassingAboveACylinderMisses() {
        assertFalse(ray.cast(new CylinderShape(0.5, 1), pose(0, 0, 0), 2, 1.01, 0, -4, 0, 0, r));
    }

    @Test
    void zeroDirectionIsRejected() {
        assertThrows(IllegalArgumentException.class,
                () -> ray.cast(new SphereShape(1), pose(0, 0, 0), 2, 0, 0, 0, 0, 0, r));
    }
}
