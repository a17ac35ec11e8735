package ricochet.dynamics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * A friction patch's impulses spread over its points between steps (for the warm-start cache) and
 * gathered again at the next step's start are the same impulses: the same force, whose sum the
 * share of each point carries, and the same twist about the normal, which the spread carries as
 * forces across each point's offset from the centre.
 */
class PatchSpreadTest {

    @Test
    void spreadThenGatheredGivesThePatchsForceAndTwistBack() {
        ContactStore c = new ContactStore();
        // Four points of one run, a 0.8 x 0.3 m rectangle around the centre, offsets in the tangent frame.
        double[][] offsets = {{0.4, 0.15}, {-0.4, 0.15}, {-0.4, -0.15}, {0.4, -0.15}};
        for (double[] a : offsets) {
            int i = c.add(0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0.5, 0);
            int o = ContactStore.STRIDE * i;
            c.data[o + ContactStore.PATCH_OFFSET1] = a[0];
            c.data[o + ContactStore.PATCH_OFFSET2] = a[1];
            c.data[o + ContactStore.TWIST_ARM] = Math.hypot(a[0], a[1]);
        }
        double l1 = 3.5, l2 = -1.25, twist = 0.75;
        c.data[ContactStore.TANGENT_IMPULSE1] = l1;
        c.data[ContactStore.TANGENT_IMPULSE2] = l2;
        c.data[ContactStore.TWIST_IMPULSE] = twist;

        PatchFriction.spreadPatch(c.data, 0, 4);
        double sum1 = 0, sum2 = 0, turn = 0;
        for (int i = 0; i < 4; i++) {
            int o = ContactStore.STRIDE * i;
            double f1 = c.data[o + ContactStore.TANGENT_IMPULSE1], f2 = c.data[o + ContactStore.TANGENT_IMPULSE2];
            sum1 += f1;
            sum2 += f2;
            // (a x f) . n with (t1, t2, n) right-handed.
            turn += offsets[i][0] * f2 - offsets[i][1] * f1;
        }
        assertEquals(l1, sum1, 1e-12, "the points' first tangent impulses add up to the patch's");
        assertEquals(l2, sum2, 1e-12, "the second tangent");
        assertEquals(twist, turn, 1e-12, "their twist about the centre is the patch's");
        assertEquals(0, c.data[ContactStore.TWIST_IMPULSE], "the spread leaves no twist of its own");

        PatchFriction.gatherPatch(c.data, 0, 4);
        assertEquals(l1, c.data[ContactStore.TANGENT_IMPULSE1], 1e-12);
        assertEquals(l2, c.data[ContactStore.TANGENT_IMPULSE2], 1e-12);
        assertEquals(twist, c.data[ContactStore.TWIST_IMPULSE], 1e-12);
        for (int i = 1; i < 4; i++) {
            assertEquals(0, c.data[ContactStore.STRIDE * i + ContactStore.TANGENT_IMPULSE1]);
            assertEquals(0, c.data[ContactStore.STRIDE * i + ContactStore.TANGENT_IMPULSE2]);
        }
    }
}
