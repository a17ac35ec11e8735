package ricochet.dynamics;

import static ricochet.dynamics.ContactPrepare.jacobians;
import static ricochet.dynamics.ContactPrepare.normalJacobians;
import static ricochet.dynamics.ContactStore.RAX;
import static ricochet.dynamics.ContactStore.RAY;
import static ricochet.dynamics.ContactStore.RAZ;
import static ricochet.dynamics.ContactStore.RBX;
import static ricochet.dynamics.ContactStore.RBY;
import static ricochet.dynamics.ContactStore.RBZ;
import static ricochet.dynamics.ContactStore.STRIDE;
import static ricochet.dynamics.PatchFriction.patchJacobians;

/**
 * The contact point on a turning support, made again every substep. A run's levers are fixed at the
 * step's start, each relative to its own body's centre; a body carried by a turning support (a box on
 * a turntable) moves along its circle within the step while the support's lever still points at where
 * the box was, so friction holds the box to the support's velocity there: the tangent of the step's
 * start, not of where it is now. Each step it then leaves on that tangent, and a straight line off a
 * circle of radius {@code r} gains {@code (v dt)^2 / (2 r)}: a box 1 m out at 2 rad/s crept outward at
 * 39 mm/s and slid off a table that holds it.
 *
 * <p>The contact point moves with the carried body (the point of a box sliding or riding on a support,
 * of a ball rolling on it, stays under its centre), so the support's lever is made again every substep
 * from the carried body's point, {@code r_S = c_C + r_C - c_S}, and the run's rows with it: the
 * support's velocity at the point, {@code v_S + w_S x r_S}, then turns with the carried body, and the
 * centripetal change of that velocity from one substep to the next is the friction impulse that keeps
 * the body on its circle. The carried body's own lever stays fixed in the world as before (a rolling
 * ball's stays under its centre).
 *
 * <p>The support is a body of infinite mass (a kinematic turntable) under a moving one. Between two
 * moving bodies the levers stay fixed: made again from the lighter body's point, they kept the
 * built-in ragdolls from coming to rest within 30 s, and from either body's point between bodies of
 * the same mass they tipped a column of twenty cubes 5.5 mm sideways, where it stands within 0.3 mm.
 * A support that does not turn ({@code w_S = 0}: static ground, a platform that only translates) has
 * the same velocity at every lever, so its runs are left as they are. Switch:
 * {@link ContactSolver#setMovingSupport}.
 */
final class MovingSupport {

    private MovingSupport() {
    }

    /**
     * Run {@code start .. end - 1}'s support levers made again at the carried body's points as the
     * bodies are now, and the run's rows with them (a patch's at its centre).
     */
    static void refresh(BodyStore s, ContactStore c, int start, int end, boolean patch) {
        int a = c.bodyA[start], b = c.bodyB[start];
        double ma = s.invMass[a], mb = s.invMass[b];
        // The support: a body of infinite mass under a moving one.
        if ((ma == 0) == (mb == 0)) {
            return;
        }
        boolean supportIsA = ma == 0;
        int sup = supportIsA ? a : b, car = supportIsA ? b : a;
        if (s.wx[sup] == 0 && s.wy[sup] == 0 && s.wz[sup] == 0) {
            return;
        }
        double[] d = c.data;
        int rs = supportIsA ? RAX : RBX, rc = supportIsA ? RBX : RAX;
        double dx = s.px[car] - s.px[sup], dy = s.py[car] - s.py[sup], dz = s.pz[car] - s.pz[sup];
        for (int o = STRIDE * start, e = STRIDE * end; o < e; o += STRIDE) {
            d[o + rs] = dx + d[o + rc];
            d[o + rs + 1] = dy + d[o + rc + 1];
            d[o + rs + 2] = dz + d[o + rc + 2];
            if (patch) {
                normalJacobians(s, d, o, a, b);
            } else {
                jacobians(s, d, o, a, b);
            }
        }
        if (patch) {
            patchJacobians(s, c, start, end);
        }
    }
}
