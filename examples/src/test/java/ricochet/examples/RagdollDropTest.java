package ricochet.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RagdollDropTest {

    /**
     * Contacts, joints and damping only take energy away, so the total never rises above the start
     * (1 J of slack for the soft contacts' and joints' springs, against a start of some 700 J above the
     * ground); the ragdoll comes to rest (a few mJ of kinetic energy left, far below the
     * {@code m g * 1 cm} of a 1 cm hop), no part sinks into the ground (every capsule's centre stays
     * above it), and the joints have closed to within a centimetre.
     */
    @Test
    void ragdollLandsHoldsTogetherAndSettles() {
        RagdollDrop.Result r = RagdollDrop.run(4);
        assertEquals(11, r.parts());
        assertTrue(r.maxEnergy() <= r.startEnergy() + 1,
                r.maxEnergy() + " J after " + r.startEnergy() + " J");
        assertTrue(r.endKineticEnergy() < 0.05, "still moving: " + r.endKineticEnergy() + " J");
        assertTrue(r.lowestCentre() > 0, "a part's centre went below the ground: " + r.lowestCentre());
        assertTrue(r.endJointGap() < 0.01, "widest joint gap " + r.endJointGap() + " m");
    }
}
