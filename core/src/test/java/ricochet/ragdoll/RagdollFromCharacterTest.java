package ricochet.ragdoll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.character.CharacterDef;
import ricochet.character.CharacterId;
import ricochet.geometry.shape.BoxShape;
import ricochet.geometry.shape.CapsuleShape;
import ricochet.math.Vec3;
import ricochet.world.World;

/** A walking character replaced by a ragdoll: where it stands, how it moves, and that it falls. */
class RagdollFromCharacterTest {

    private static final double DT = 1.0 / 60;

    private static World walkingWorld(CharacterId[] hero) {
        World w = new World(new Vec3(0, -9.81, 0));
        w.add(BodyDef.staticBody().withPosition(new Vec3(0, -0.5, 0)), new BoxShape(100, 0.5, 100), 0.6, 0);
        hero[0] = w.characters().add(CharacterDef.defaults("hero"), new Vec3(0, 0.95, 0));
        // Walking along +x and -z at 3 m/s.
        double s = 3 / Math.sqrt(2);
        for (int k = 0; k < 60; k++) {
            w.characters().setInput(hero[0], s, -s, 0, false);
            w.step(DT);
        }
        return w;
    }

    @Test
    void theRagdollStandsWhereTheCharacterWasMovingAsItMovedAndFallsOnward() {
        CharacterId[] hero = new CharacterId[1];
        World w = walkingWorld(hero);
        Vec3 centre = w.characters().position(hero[0]);
        Vec3 v = w.characters().velocity(hero[0]);
        CapsuleShape capsule = w.characters().shape(hero[0]);
        double foot = centre.y() - capsule.halfHeight() - capsule.radius();
        Ragdoll r = Ragdoll.fromCharacter(w, hero[0], 1000, 0.6);
        assertFalse(w.characters().contains(hero[0]));
        assertEquals(0, w.characters().count());
        assertEquals("hero.pelvis", r.names().get(0));

        // Every part moves at the character's velocity: the ragdoll's momentum is its mass times v.
        double mass = 0, px = 0, pz = 0, lowest = Double.POSITIVE_INFINITY;
        for (BodyId b : r.bodies()) {
            assertEquals(v, w.velocity(b));
            assertEquals(new Vec3(0, 0, 0), w.angularVelocity(b));
            mass += w.mass(b);
            px += w.mass(b) * w.velocity(b).x();
            pz += w.mass(b) * w.velocity(b).z();
            lowest = Math.min(lowest, extremeY(w, b, -1));
        }
        assertEquals(mass * v.x(), px, 1e-12 * mass);
        assertEquals(mass * v.z(), pz, 1e-12 * mass);
        // Its feet where the capsule's bottom was, its pelvis over the capsule's centre.
        assertEquals(foot, lowest, 1e-9);
        Vec3 pelvis = w.position(r.bodies().get(0));
        assertEquals(centre.x(), pelvis.x(), 1e-12);
        assertEquals(centre.z(), pelvis.z(), 1e-12);
        // Facing its motion: the ragdoll's own +z is the horizontal velocity's direction.
        Vec3 forward = w.orientation(r.bodies().get(1)).rotate(Vec3.UNIT_Z);
        double speed = Math.hypot(v.x(), v.z());
        assertEquals(v.x() / speed, forward.x(), 1e-12);
        assertEquals(v.z() / speed, forward.z(), 1e-12);

        // It falls forward, onto the floor and not through it, and comes to lie there.
        for (int k = 0; k < 300; k++) {
            w.step(DT);
        }
        Vec3 after = w.position(r.bodies().get(0));
        double along = ((after.x() - pelvis.x()) * v.x() + (after.z() - pelvis.z()) * v.z()) / speed;
        assertTrue(along > 0.3, "moved on " + along + " m along its motion");
        for (BodyId b : r.bodies()) {
            assertTrue(extremeY(w, b, -1) > -0.01, w.name(b) + " lowest point " + extremeY(w, b, -1));
            assertTrue(extremeY(w, b, 1) < 0.6, w.name(b) + " highest point " + extremeY(w, b, 1) + ": it lies down");
        }
    }

    /** The lowest (sign -1) or highest (+1) y of a capsule part, m. */
    private static double extremeY(World w, BodyId b, int sign) {
        CapsuleShape c = (CapsuleShape) w.shape(b);
        double ends = Math.abs(w.orientation(b).rotate(new Vec3(0, c.halfHeight(), 0)).y());
        return w.position(b).y() + sign * (ends + c.radius());
    }

    @Test
    void aStaleHandleOrBadMaterialChangesNothing() {
        CharacterId[] hero = new CharacterId[1];
        World w = walkingWorld(hero);
        int bodies = w.bodyCount();
        assertThrows(IllegalArgumentException.class, () -> Ragdoll.fromCharacter(w, hero[0], 0, 0.5));
        assertThrows(IllegalArgumentException.class, () -> Ragdoll.fromCharacter(w, hero[0], 1000, Double.NaN));
        assertTrue(w.characters().contains(hero[0]));
        Ragdoll.fromCharacter(w, hero[0], 1000, 0.5);
        assertThrows(IllegalArgumentException.class, () -> Ragdoll.fromCharacter(w, hero[0], 1000, 0.5));
        assertEquals(bodies + Ragdoll.PARTS.size(), w.bodyCount());
    }
}
