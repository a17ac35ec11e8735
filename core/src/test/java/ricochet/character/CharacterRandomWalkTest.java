package ricochet.character;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static ricochet.character.CharacterScenes.DT;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import ricochet.body.BodyDef;
import ricochet.geometry.shape.HeightfieldShape;
import ricochet.math.Vec3;
import ricochet.world.World;

/**
 * Seeded random walks over ground with seams (the edges between triangles, and between two mesh
 * bodies) and small bumps, all of it walkable: a character never stalls, never sinks into the
 * ground and never goes NaN.
 */
class CharacterRandomWalkTest {

    static final int WALKERS = 150, STEPS = 180, TURN_EVERY = 30;
    static final double SPEED = 3;

    /** Ground height at (x, z): bumps of 4 cm over 7-9 m waves and 1.5 cm ripples (slopes < 5 degrees). */
    static double height(double x, double z) {
        return 0.04 * Math.sin(0.7 * x) * Math.cos(0.9 * z) + 0.015 * Math.sin(3.1 * x + 1.3 * z);
    }

    static World heightfield() {
        World w = CharacterScenes.world(1);
        int n = 41;
        double[][] h = new double[n][n];
        for (int r = 0; r < n; r++) {
            for (int c = 0; c < n; c++) {
                h[r][c] = height(c - 20, r - 20);
            }
        }
        w.add(BodyDef.staticBody().withPosition(new Vec3(-20, 0, -20)), new HeightfieldShape(h, 1, 1), 0.5, 0);
        return w;
    }

    /** Two mesh bodies meeting along x = 0, each a grid of 1 m cells split in two triangles. */
    static World meshes() {
        World w = CharacterScenes.world(1);
        for (int half = 0; half < 2; half++) {
            int x0 = half == 0 ? -20 : 0, cols = 21, rows = 41;
            double[] v = new double[3 * cols * rows];
            for (int r = 0; r < rows; r++) {
                for (int c = 0; c < cols; c++) {
                    int i = 3 * (r * cols + c);
                    v[i] = x0 + c;
                    v[i + 1] = height(x0 + c, r - 20);
                    v[i + 2] = r - 20;
                }
            }
            int[] t = new int[6 * (cols - 1) * (rows - 1)];
            int k = 0;
            for (int r = 0; r < rows - 1; r++) {
                for (int c = 0; c < cols - 1; c++) {
                    int a = r * cols + c, b = a + 1, d = a + cols, e = d + 1;
                    // Counter-clockwise seen from +y: a d e, a e b.
                    t[k++] = a;
                    t[k++] = d;
                    t[k++] = e;
                    t[k++] = a;
                    t[k++] = e;
                    t[k++] = b;
                }
            }
            CharacterScenes.mesh(w, v, t);
        }
        return w;
    }

    @ParameterizedTest
    @ValueSource(strings = {"heightfield", "meshes"})
    void randomWalksNeverStallSinkOrGoNaN(String ground) {
        World w = ground.equals("heightfield") ? heightfield() : meshes();
        Random random = new Random(ground.hashCode());
        CharacterDef def = CharacterDef.defaults("walker");
        List<CharacterId> ids = new ArrayList<>();
        for (int i = 0; i < WALKERS; i++) {
            double x = -8 + 16 * random.nextDouble(), z = -8 + 16 * random.nextDouble();
            ids.add(w.characters().add(def.withName("walker" + i),
                    new Vec3(x, CharacterScenes.standY(def, height(x, z)) + 0.05, z)));
        }
        int[] slow = new int[WALKERS];
        boolean[] landed = new boolean[WALKERS];
        double worstDepth = -1, worstSlow = 0;
        for (int step = 0; step < STEPS; step++) {
            if (step % TURN_EVERY == 0) {
                for (CharacterId id : ids) {
                    double a = 2 * Math.PI * random.nextDouble();
                    w.characters().setInput(id, SPEED * Math.cos(a), SPEED * Math.sin(a), 0, false);
                }
            }
            w.step(DT);
            for (int i = 0; i < WALKERS; i++) {
                CharacterId id = ids.get(i);
                Vec3 p = w.characters().position(id), v = w.characters().velocity(id);
                if (!Double.isFinite(p.x() + p.y() + p.z() + v.x() + v.y() + v.z())) {
                    fail(ground + " walker " + i + " step " + step + ": " + p + " " + v);
                }
                double depth = -w.characters().clearance(id, def.skin());
                worstDepth = Math.max(worstDepth, depth);
                assertTrue(depth <= 1e-3, ground + " walker " + i + " step " + step + ": " + depth + " m deep");
                // Dropped from 5 cm, each is grounded from its landing on; a turn's frame may slow it.
                if (landed[i] && step % TURN_EVERY != 0) {
                    assertEquals(GroundState.GROUNDED, w.characters().groundState(id),
                            ground + " walker " + i + " step " + step + " at " + p);
                    double speed = Math.hypot(v.x(), v.z());
                    slow[i] = speed < 0.1 * SPEED ? slow[i] + 1 : 0;
                    worstSlow = Math.max(worstSlow, slow[i] * DT);
                    assertTrue(slow[i] * DT <= 0.5, ground + " walker " + i + " stuck at " + p);
                }
                landed[i] |= w.characters().groundState(id) == GroundState.GROUNDED;
            }
        }
        System.out.printf("random walks on %s: %d walkers x %d steps, deepest %.3e m (skin %.3f), longest slow "
                + "stretch %.3f s%n", ground, WALKERS, STEPS, worstDepth, def.skin(), worstSlow);
    }
}
