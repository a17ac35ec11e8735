package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.SphereShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.ragdoll.Ragdoll;

/** {@link World#setCollision}: pairs kept apart make no contacts, and a ragdoll keeps its own parts apart. */
class CollisionExclusionTest {

    private static final double DT = 1.0 / 60;

    private static int contactsBetween(World w, BodyId a, BodyId b) {
        ContactPoints cp = w.contactPoints();
        int n = 0;
        for (int k = 0; k < cp.count(); k++) {
            boolean ab = cp.bodyA(k).equals(a) && cp.bodyB(k).equals(b);
            boolean ba = cp.bodyA(k).equals(b) && cp.bodyB(k).equals(a);
            n += ab || ba ? 1 : 0;
        }
        return n;
    }

    /** A 0.5 m ball dropped from 0.2 m onto a resting one: its centre ends 1 m up, or falls through. */
    @Test
    void aBallKeptApartFallsThroughTheOtherAndCollidesAgainWhenAllowed() {
        World w = new World(new Vec3(0, -9.81, 0));
        w.add(BodyDef.staticBody().withPosition(new Vec3(0, -0.5, 0)), new BoxShape(10, 0.5, 10), 0.5, 0);
        SphereShape ball = new SphereShape(0.5);
        BodyId lower = w.add(BodyDef.dynamic().withShape(ball, 100).withPosition(new Vec3(0, 0.5, 0)), ball, 0.5, 0);
        BodyId upper = w.add(BodyDef.dynamic().withShape(ball, 100).withPosition(new Vec3(0, 1.7, 0)), ball, 0.5, 0);
        assertTrue(w.collides(lower, upper));
        w.setCollision(upper, lower, false);
        assertFalse(w.collides(lower, upper));
        for (int i = 0; i < 120; i++) {
            w.step(DT);
            assertEquals(0, contactsBetween(w, lower, upper), "step " + i);
        }
        // Both rest on the ground, one inside the other: centres 0.5 m up within the ground spring's sag.
        assertEquals(0.5, w.position(upper).y(), 0.01);
        assertEquals(0.5, w.position(lower).y(), 0.01);

        w.setCollision(lower, upper, true);
        assertTrue(w.collides(upper, lower));
        w.step(DT);
        assertTrue(contactsBetween(w, lower, upper) > 0);
        assertThrows(IllegalArgumentException.class, () -> w.setCollision(lower, lower, false));
    }

    /** A removed body's exclusions go with it: a body added into its slot collides with the other. */
    @Test
    void aBodyInARemovedBodysSlotCollides() {
        World w = new World(new Vec3(0, -9.81, 0));
        SphereShape ball = new SphereShape(0.5);
        BodyId a = w.add(BodyDef.dynamic().withShape(ball, 100), ball, 0.5, 0);
        BodyId b = w.add(BodyDef.dynamic().withShape(ball, 100).withPosition(new Vec3(3, 0, 0)), ball, 0.5, 0);
        w.setCollision(a, b, false);
        w.remove(b);
        BodyId c = w.add(BodyDef.dynamic().withShape(ball, 100).withPosition(new Vec3(3, 0, 0)), ball, 0.5, 0);
        assertEquals(b.index(), c.index(), "the slot is reused");
        assertTrue(w.collides(a, c));
    }

    /** A ragdoll dropped on its back folds as it lands: no two of its parts ever touch; they touch the ground. */
    @Test
    void aRagdollsPartsNeverCollideWithEachOther() {
        World w = new World(new Vec3(0, -9.81, 0));
        w.add(BodyDef.staticBody().withPosition(new Vec3(0, -0.5, 0)), new BoxShape(10, 0.5, 10), 0.5, 0);
        Ragdoll r = Ragdoll.add(w, "doll", new Vec3(0, 1, 0), Quat.fromAxisAngle(Vec3.UNIT_X, -Math.PI / 2),
                Vec3.ZERO, 1000, 0.5);
        for (int i = 0; i < r.bodies().size(); i++) {
            for (int k = i + 1; k < r.bodies().size(); k++) {
                assertFalse(w.collides(r.bodies().get(i), r.bodies().get(k)));
            }
        }
        int groundContacts = 0;
        for (int step = 0; step < 180; step++) {
            w.step(DT);
            ContactPoints cp = w.contactPoints();
            for (int k = 0; k < cp.count(); k++) {
                boolean a = r.bodies().contains(cp.bodyA(k)), b = r.bodies().contains(cp.bodyB(k));
                assertFalse(a && b, "step " + step + ": " + w.name(cp.bodyA(k)) + " touches " + w.name(cp.bodyB(k)));
                groundContacts += a != b ? 1 : 0;
            }
        }
        assertTrue(groundContacts > 0);
    }
}
