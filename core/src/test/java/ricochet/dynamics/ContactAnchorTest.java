package ricochet.dynamics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Where the common anchor of a contact point sits between the two surface points. */
class ContactAnchorTest {

    /** A: static ground (no reach limit); B: a moving body of reach {@code extent} centred at (0, cy, 0). */
    private static BodyStore groundAndBody(double cy, double extent) {
        BodyStore s = new BodyStore();
        s.add();
        int b = s.add();
        s.py[b] = cy;
        s.mass[b] = 2;
        s.invMass[b] = 0.5;
        s.extent[b] = extent;
        return s;
    }

    @Test
    void shallowContactsKeepTheMidpoint() {
        // B's lowest point at y = 0.001 inside the ground whose surface is at 0: 1 mm deep, reach 0.5 m.
        BodyStore s = groundAndBody(0.501, 0.5);
        assertEquals(0.5, ContactAnchor.share(s, 0, 1, 0, 0, 0, 0, 0.001, 0));
    }

    @Test
    void aBodySunkBeyondItsReachIsPushedWithinIt() {
        // A 1 cm body (reach 0.01) sunk so that its lowest point is 0.3 m below the ground's surface
        // point: the midpoint is 0.15 m from it, the anchor comes to 1.25 times its reach.
        double cy = -0.29, extent = 0.01;
        BodyStore s = groundAndBody(cy, extent);
        double t = ContactAnchor.share(s, 0, 1, 0, 0, 0, 0, -0.3, 0);
        double y = t * -0.3;
        assertEquals(SolverTuning.MAX_LEVER * extent, Math.abs(y - cy), 1e-12);
        assertTrue(t > 0.5 && t < 1, "t " + t);
    }

    @Test
    void theAnchorMovesContinuouslyAcrossTheReach() {
        // As B sinks the anchor's lever grows with the midpoint until the reach, then stays there.
        double extent = 0.1, previous = 0;
        boolean held = false;
        for (int k = 0; k <= 1000; k++) {
            double depth = k * 0.001;
            // B's lowest point at -depth, its centre 0.08 above that.
            BodyStore s = groundAndBody(-depth + 0.08, extent);
            double t = ContactAnchor.share(s, 0, 1, 0, 0, 0, 0, -depth, 0);
            double lever = Math.abs(t * -depth - (-depth + 0.08));
            assertTrue(lever <= SolverTuning.MAX_LEVER * extent + 1e-12, "lever " + lever + " at depth " + depth);
            if (k > 0) {
                assertTrue(Math.abs(lever - previous) <= 0.0006, "jump " + previous + " -> " + lever);
            }
            previous = lever;
            held |= t != 0.5;
        }
        // From 0.41 m deep the midpoint is beyond 1.25 times the reach.
        assertTrue(held, "never held to the reach");
    }

    @Test
    void theSmallerBodyOnEitherSideIsHeldToItsReach() {
        // Now the small body is A, its surface point at the origin, B's 0.3 m along +y (A is sunk in B).
        BodyStore s = new BodyStore();
        int a = s.add();
        s.py[a] = 0.01;
        s.invMass[a] = 1;
        s.extent[a] = 0.01;
        s.add();
        double t = ContactAnchor.share(s, a, 1, 0, 0, 0, 0, 0.3, 0);
        assertEquals(SolverTuning.MAX_LEVER * 0.01, Math.abs(t * 0.3 - 0.01), 1e-12);
        assertTrue(t < 0.5, "t " + t);
    }
}
