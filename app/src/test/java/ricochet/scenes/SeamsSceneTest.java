package ricochet.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import ricochet.character.CharacterDef;
import ricochet.character.CharacterId;
import ricochet.character.Characters;
import ricochet.character.GroundState;
import ricochet.io.scene.Scene;
import ricochet.math.Vec3;
import ricochet.world.WorldSimulation;

/**
 * The {@code seams} scene: random walks over a heightfield and two triangle meshes that meet along
 * seams, all of it bumpy but walkable. A walker is never stuck (under a tenth of its wanted speed for
 * more than 0.5 s), never more than 1 mm into the ground (its skin of 2 cm above that), and never
 * NaN: the scene's
 * own 40 walkers for 10 s, then 1,000 seeded walks of 3 s on the same ground.
 */
class SeamsSceneTest {

    static final double SPEED = 3, TURN = 0.5, STUCK = 0.5, SINK = 1e-3;
    /** The ground spans x and z in [-20, 20]; walkers past this are off the map and no longer checked. */
    static final double EDGE = 18.5;

    /** Checks per walker: landed yet, the current slow stretch (s), and the worst figures seen. */
    private static final class Watch {
        final boolean[] landed;
        final double[] slow;
        /** The most a walker came inside its skin, m (the skin is what it keeps from the ground). */
        double intoSkin = Double.NEGATIVE_INFINITY, longestSlow;
        long checked;

        Watch(int n) {
            landed = new boolean[n];
            slow = new double[n];
        }

        void check(String who, int i, Characters c, CharacterId id, double dt, boolean turning) {
            Vec3 p = c.position(id), v = c.velocity(id);
            if (!Double.isFinite(p.x() + p.y() + p.z() + v.x() + v.y() + v.z())) {
                fail(who + ": not finite, at " + p + " moving " + v);
            }
            if (Math.abs(p.x()) > EDGE || Math.abs(p.z()) > EDGE) {
                return;
            }
            double skin = c.def(id).skin();
            double clearance = c.clearance(id, 2 * skin);
            intoSkin = Math.max(intoSkin, skin - clearance);
            assertTrue(clearance >= -SINK, who + " at " + p + " is " + -clearance + " m into the ground");
            if (landed[i]) {
                assertEquals(GroundState.GROUNDED, c.groundState(id), who + " at " + p);
                // The frame of a turn may slow it; any other frame counts.
                if (!turning) {
                    slow[i] = Math.hypot(v.x(), v.z()) < 0.1 * SPEED ? slow[i] + dt : 0;
                    longestSlow = Math.max(longestSlow, slow[i]);
                    assertTrue(slow[i] <= STUCK, who + " stuck at " + p + " for " + slow[i] + " s");
                }
                checked++;
            }
            landed[i] |= c.groundState(id) == GroundState.GROUNDED;
        }
    }

    @Test
    void theScenesWalkersCrossTheSeamsWithoutStickingOrSinking() throws Exception {
        Scene scene = BuiltinScenes.read("seams");
        WorldSimulation sim = WorldBuilder.buildWorld(scene);
        Characters c = sim.world().characters();
        int n = sim.characterCount();
        assertEquals(40, n);
        Watch watch = new Watch(n);
        int turnEvery = (int) Math.round(TURN / sim.dt());
        for (int step = 0; step < Math.round(10 / sim.dt()); step++) {
            sim.step();
            for (int i = 0; i < n; i++) {
                watch.check("walker-" + i + " step " + step, i, c, sim.characterId(i), sim.dt(),
                        step % turnEvery == 0);
            }
        }
        System.out.printf("seams: %d walkers x 10 s, %d checks; at most %.2e m into the 2 cm skin, longest slow %.3f s%n",
                n, watch.checked, watch.intoSkin, watch.longestSlow);
        assertTrue(watch.checked > n * 500L, "most frames checked: " + watch.checked);
    }

    @Test
    void aThousandSeededWalksOnTheSameGround() throws Exception {
        Scene scene = BuiltinScenes.read("seams");
        // The scene's ground, without its own walkers.
        WorldSimulation sim = WorldBuilder.buildWorld(new Scene(scene.description(), scene.settings(), scene.bodies(),
                scene.joints(), scene.ragdolls(), List.of()));
        Characters c = sim.world().characters();
        int walks = 1000, steps = (int) Math.round(3 / sim.dt()), turnEvery = (int) Math.round(TURN / sim.dt());
        SplittableRandom random = new SplittableRandom(20261128);
        CharacterDef def = CharacterDef.defaults("walker");
        List<CharacterId> ids = new ArrayList<>();
        for (int i = 0; i < walks; i++) {
            // Over the whole ground, seams included: x from the heightfield across both meshes.
            double x = -16 + 32 * random.nextDouble(), z = -12 + 24 * random.nextDouble();
            // Dropped from at most 10 cm above the highest bump.
            ids.add(c.add(def.withName("walk-" + i), new Vec3(x, 0.06 + 0.92 + 0.1 * random.nextDouble(), z)));
        }
        Watch watch = new Watch(walks);
        for (int step = 0; step < steps; step++) {
            boolean turning = step % turnEvery == 0;
            if (turning) {
                for (CharacterId id : ids) {
                    double a = 2 * Math.PI * random.nextDouble();
                    c.setInput(id, SPEED * Math.cos(a), SPEED * Math.sin(a), 0, false);
                }
            }
            sim.step();
            for (int i = 0; i < walks; i++) {
                watch.check("walk " + i + " step " + step, i, c, ids.get(i), sim.dt(), turning);
            }
        }
        System.out.printf("seams: %d seeded walks x 3 s, %d checks; at most %.2e m into the 2 cm skin, longest slow %.3f s%n",
                walks, watch.checked, watch.intoSkin, watch.longestSlow);
        assertTrue(watch.checked > walks * 100L, "most frames checked: " + watch.checked);
    }
}
