package ricochet.joints;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.geometry.shape.BoxShape;
import ricochet.math.Quat;
import ricochet.math.Vec3;
import ricochet.ragdoll.Ragdoll;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.world.World;

/** Ragdolls fall, come to rest and sleep with their joints together, identically every run. */
class RagdollTest {

    /** Four ragdolls tumbling onto a step and the floor for 30 s; returns every body's final state. */
    private static double[] run(List<Ragdoll> out, double[] worstRestGap) {
        World w = new World(new Vec3(0, -9.81, 0));
        w.add(BodyDef.staticBody().withPosition(new Vec3(0, -0.5, 0)), new BoxShape(10, 0.5, 10), 0.6, 0);
        w.add(BodyDef.staticBody().withPosition(new Vec3(0, 0.25, 1.5)), new BoxShape(3, 0.25, 0.5), 0.6, 0);
        for (int i = 0; i < 4; i++) {
            Quat q = Quat.fromAxisAngle(new Vec3(Math.sin(i), 0.3, Math.cos(i)).normalized(), 0.9 * i);
            out.add(Ragdoll.add(w, "doll" + i, new Vec3(-1.5 + i, 2.5 + 0.4 * i, 1.2), q, Vec3.ZERO, 1000, 0.6));
        }
        // The heap's last slips end between 21 and 26 s (ten starts turned by 1e-7 rad apart; rounding
        // alone moves this start within that spread): 30 s asserts rest with room for it.
        for (int step = 1; step <= 1800; step++) {
            w.step(1.0 / 60);
        }
        double gap = 0;
        int awake = 0;
        List<Double> state = new ArrayList<>();
        double[] s = new double[13];
        for (Ragdoll r : out) {
            for (JointId j : r.joints()) {
                gap = Math.max(gap, w.jointGap(j));
            }
            for (BodyId b : r.bodies()) {
                awake += w.isSleeping(b) ? 0 : 1;
                w.readState(b, s);
                for (double v : s) {
                    state.add(v);
                }
                assertTrue(w.position(b).y() > -0.01, "above the floor");
            }
        }
        worstRestGap[0] = gap;
        worstRestGap[1] = awake;
        return state.stream().mapToDouble(Double::doubleValue).toArray();
    }

    @Test
    void ragdollsComeToRestTogetherAndIdenticallyEveryRun() {
        List<Ragdoll> dolls = new ArrayList<>();
        double[] first = new double[2], second = new double[2];
        double[] a = run(dolls, first);
        double[] b = run(new ArrayList<>(), second);
        System.out.printf("ragdolls: largest joint gap at rest %.4f m, awake bodies %d of %d%n", first[0],
                (int) first[1], 11 * dolls.size());
        assertTrue(first[0] < 0.01, "joint gap " + first[0]);
        assertEquals(0, first[1], "all asleep after 30 s");
        assertArrayEquals(a, b, "bit-identical");
        assertEquals(Ragdoll.PARTS.size(), dolls.get(0).bodies().size());
        assertEquals(10, dolls.get(0).joints().size());
        assertEquals("doll0.pelvis", dolls.get(0).names().get(0));
    }

    @Test
    void badRagdollArgumentsChangeNothing() {
        World w = new World(new Vec3(0, -9.81, 0));
        assertThrows(IllegalArgumentException.class,
                () -> Ragdoll.add(w, "d", new Vec3(Double.NaN, 0, 0), Quat.IDENTITY, Vec3.ZERO, 1000, 0.5));
        assertThrows(IllegalArgumentException.class,
                () -> Ragdoll.add(w, "d", Vec3.ZERO, new Quat(0, 0, 0, 0), Vec3.ZERO, 1000, 0.5));
        assertThrows(IllegalArgumentException.class, () -> Ragdoll.add(w, "d", Vec3.ZERO, Quat.IDENTITY, Vec3.ZERO, 0, 0.5));
        assertThrows(IllegalArgumentException.class,
                () -> Ragdoll.add(w, "d", Vec3.ZERO, Quat.IDENTITY, Vec3.ZERO, 1000, -1));
        assertEquals(0, w.bodyCount());
        assertEquals(0, w.jointCount());
    }
}
