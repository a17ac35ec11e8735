package ricochet.dynamics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The warm-start cache a step saves: every key of the step is found again by the next step with the
 * impulses of the first point that had it, whether the points' records were copied in one go or in
 * blocks in any order (as the worker threads copy them), and however many keys repeat.
 */
class WarmStartCacheTest {

    @Property(tries = 200)
    void theNextStepFindsEachKeyWithItsFirstPointsImpulses(@ForAll @IntRange(min = 1, max = 400) int points,
                                                          @ForAll @IntRange(min = 1, max = 4) int features,
                                                          @ForAll @IntRange(min = 1, max = 64) int block,
                                                          @ForAll long seed) {
        Random random = new Random(seed);
        ContactStore c = new ContactStore();
        // Pairs come in runs, as the narrow phase appends them; a few features each, so keys repeat.
        Map<List<Integer>, double[]> first = new LinkedHashMap<>();
        while (c.count() < points) {
            int a = random.nextInt(6), b = 6 + random.nextInt(4);
            for (int k = 1 + random.nextInt(4); k > 0 && c.count() < points; k--) {
                int f = random.nextInt(features);
                int i = c.add(a, b, a, b, f, 0, 1, 0, 0, 0, 0, 0, 0, 0, -0.01, 0.5, 0);
                int o = ContactStore.STRIDE * i;
                c.data[o + ContactStore.NORMAL_IMPULSE] = 1 + i;
                c.data[o + ContactStore.TANGENT_IMPULSE1] = -1 - i;
                c.data[o + ContactStore.TANGENT_IMPULSE2] = 0.5 * i;
                first.putIfAbsent(List.of(a, b, f), new double[] {1 + i, -1 - i, 0.5 * i});
            }
        }
        if (random.nextBoolean()) {
            c.saveImpulses();
        } else {
            c.beginSave();
            List<Integer> blocks = new ArrayList<>();
            for (int from = 0; from < points; from += block) {
                blocks.add(from);
            }
            Collections.shuffle(blocks, random);
            for (int from : blocks) {
                c.copyForSave(from, Math.min(points, from + block));
            }
            c.finishSave();
        }

        c.clear();
        List<List<Integer>> keys = new ArrayList<>(first.keySet());
        Collections.shuffle(keys, random);
        for (List<Integer> key : keys) {
            int a = key.get(0), b = key.get(1), f = key.get(2);
            int i = c.add(a, b, a, b, f, 0, 1, 0, 0, 0, 0, 0, 0, 0, -0.01, 0.5, 0);
            assertTrue(c.warmStart(i), "key " + key + " is found again");
            int o = ContactStore.STRIDE * i;
            double[] expected = first.get(key);
            assertEquals(expected[0], c.data[o + ContactStore.NORMAL_IMPULSE], "normal impulse of " + key);
            assertEquals(expected[1], c.data[o + ContactStore.TANGENT_IMPULSE1], "first tangent impulse of " + key);
            assertEquals(expected[2], c.data[o + ContactStore.TANGENT_IMPULSE2], "second tangent impulse of " + key);
        }
    }
}
