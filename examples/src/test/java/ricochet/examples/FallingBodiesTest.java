package ricochet.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class FallingBodiesTest {

    private static final double G = 9.81;
    private static final double DT = 1.0 / 60;

    /**
     * Each bottom falls {@code d = 2 m - 1 cm} freely to count as landed: semi-implicit Euler covers
     * {@code g h^2 n (n + 1) / 2} after n substeps of h, a little ahead of {@code g t^2 / 2}, so that
     * happens at or just before {@code sqrt(2 d / g)}, and is seen at the end of its step: within one
     * step either way.
     * Then each rests with its centre its half height above the ground, within 1 mm (the soft
     * contact's sag is below 0.1 mm, the sleep test freezes a body within a few millimetres per second).
     */
    @Test
    void eachBodyFallsFreelyThenRestsOnTheGround() {
        List<FallingBodies.Drop> drops = FallingBodies.run(2, 3);
        assertEquals(3, drops.size());
        double landing = Math.sqrt(2 * (2 - FallingBodies.LANDED) / G);
        for (FallingBodies.Drop d : drops) {
            assertTrue(d.landedAt() >= landing - DT && d.landedAt() <= landing + DT,
                    d.name() + " landed at " + d.landedAt() + " s, free fall says " + landing);
            assertEquals(d.halfHeight(), d.restHeight(), 1e-3, d.name() + " rests on the ground");
            assertTrue(d.restSpeed() < 1e-2, d.name() + " at rest: " + d.restSpeed() + " m/s");
        }
    }
}
