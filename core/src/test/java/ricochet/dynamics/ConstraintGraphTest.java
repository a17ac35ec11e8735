package ricochet.dynamics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import ricochet.math.Vec3;
import ricochet.body.BodyDef;

class ConstraintGraphTest {

    /** Bodies 0..dynamic-1 dynamic, then a static and a kinematic one. */
    private static BodyStore bodies(int dynamic) {
        RigidBodies bodies = new RigidBodies(new Vec3(0, -9.8, 0));
        for (int i = 0; i < dynamic; i++) {
            bodies.add(unitCube().withPosition(new Vec3(i, 0, 0)));
        }
        bodies.add(BodyDef.staticBody());
        bodies.add(BodyDef.kinematic().withVelocity(new Vec3(1, 0, 0)));
        return bodies.store();
    }

    /** {@code pairs} random body pairs (1 to 4 points each), a third against the static or kinematic body. */
    private static ContactStore contacts(int dynamic, int pairs, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        ContactStore c = new ContactStore();
        for (int p = 0; p < pairs; p++) {
            int a = random.nextInt(dynamic);
            int b = random.nextInt(3) == 0 ? dynamic + random.nextInt(2) : random.nextInt(dynamic);
            if (a == b) {
                b = (a + 1) % dynamic;
            }
            for (int k = 1 + random.nextInt(4); k > 0; k--) {
                c.add(a, b, a, b, k, 0, 1, 0, 0, 0, 0, 0, 0, 0, -0.01, 0.5, 0);
            }
        }
        return c;
    }

    @Property(tries = 40)
    void noColourHasTwoRunsMovingOneBody(@ForAll @IntRange(min = 2, max = 300) int dynamic,
                                         @ForAll @IntRange(min = 0, max = 2000) int pairs,
                                         @ForAll long seed) {
        BodyStore s = bodies(dynamic);
        ContactStore c = contacts(dynamic, pairs, seed);
        int runs = c.buildRuns();
        ConstraintGraph g = new ConstraintGraph();
        g.colour(s, c);
        int[] seen = new int[runs];
        int last = 0;
        for (int group = 0; group < g.groupCount(); group++) {
            int from = g.groupStart[group], to = g.groupStart[group + 1];
            assertEquals(last, from, "groups follow one another");
            last = to;
            assertTrue(to > from || group == 0,
                    "no empty group but colour 0 (when every run touches a static body)");
            boolean[] moved = new boolean[s.count()];
            for (int k = from; k < to; k++) {
                int r = g.order[k];
                seen[r]++;
                if (k > from) {
                    assertTrue(g.order[k - 1] < r, "store order within a group");
                }
                if (g.isOverflow(group)) {
                    continue;
                }
                for (int body : new int[] {c.bodyA[c.runStart[r]], c.bodyB[c.runStart[r]]}) {
                    if (s.invMass[body] > 0) {
                        assertFalse(moved[body], "colour " + group + " moves body " + body + " twice");
                        moved[body] = true;
                    }
                }
            }
        }
        assertEquals(runs, last);
        for (int r = 0; r < runs; r++) {
            assertEquals(1, seen[r], "run " + r + " is in exactly one group");
        }
    }

    @Test
    void theColouringIsAFunctionOfTheRunsInStoreOrder() {
        BodyStore s = bodies(200);
        ConstraintGraph first = new ConstraintGraph(), second = new ConstraintGraph();
        ContactStore c = contacts(200, 1500, 7);
        int runs = c.buildRuns();
        first.colour(s, c);
        // A graph that coloured something else before colours the same runs the same way.
        second.colour(s, contacts(200, 300, 8));
        second.colour(s, c);
        assertEquals(first.groupCount(), second.groupCount());
        assertArrayEquals(Arrays.copyOf(first.groupStart, first.groupCount() + 1),
                Arrays.copyOf(second.groupStart, second.groupCount() + 1));
        assertArrayEquals(Arrays.copyOf(first.order, runs), Arrays.copyOf(second.order, runs));
    }

    @Test
    void staticAndKinematicBodiesDoNotTakeColours() {
        // Ten bodies each resting on the ground and pushed by the kinematic body: the ground's runs share
        // one colour, the kinematic body's another; colour 0 stays empty (runs against a body that does
        // not move skip it).
        BodyStore s = bodies(10);
        ContactStore c = new ContactStore();
        for (int i = 0; i < 10; i++) {
            c.add(10, i, 10, i, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0.5, 0);
            c.add(i, 11, i, 11, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.5, 0);
        }
        c.buildRuns();
        ConstraintGraph g = new ConstraintGraph();
        g.colour(s, c);
        assertEquals(3, g.groupCount());
        assertEquals(0, g.groupStart[1]);
        assertEquals(10, g.groupStart[2]);
        assertEquals(20, g.groupStart[3]);
        assertFalse(g.hasOverflow());
    }

    @Test
    void aBodyTouchingMoreThanSixtyFourOthersSpillsIntoTheOverflow() {
        BodyStore s = bodies(101);
        ContactStore c = new ContactStore();
        for (int i = 1; i <= 100; i++) {
            c.add(0, i, 0, i, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0.5, 0);
        }
        c.buildRuns();
        ConstraintGraph g = new ConstraintGraph();
        g.colour(s, c);
        assertEquals(ConstraintGraph.MAX_COLOURS + 1, g.groupCount());
        assertTrue(g.hasOverflow());
        assertEquals(100 - ConstraintGraph.MAX_COLOURS,
                g.groupStart[g.groupCount()] - g.groupStart[g.groupCount() - 1]);
    }

    /**
     * Points planned chunk by chunk ({@link ContactStore#plan}, then {@link ContactStore#place}) lie
     * exactly where points added one by one lie once {@link ContactStore#colourRuns} has reordered
     * them, with the same runs and colours: two ways to one layout.
     */
    @Property(tries = 30)
    void placingPlannedChunksEqualsReorderingAddedPoints(@ForAll @IntRange(min = 2, max = 200) int dynamic,
                                                         @ForAll @IntRange(min = 0, max = 1500) int pairs,
                                                         @ForAll long seed) {
        BodyStore s = bodies(dynamic);
        ContactStore added = contacts(dynamic, pairs, seed);
        int n = added.count();
        ContactStore planned = new ContactStore();
        // The same points as chunks of one to three points (a pair's run may come in several chunks).
        int[] chunkOf = new int[n], firstOfChunk = new int[n];
        int chunks = 0;
        for (int i = 0; i < n; ) {
            int end = i + 1, most = i + 1 + (i * 7 + 3) % 3;
            while (end < Math.min(n, most) && added.bodyA[end] == added.bodyA[i]
                    && added.bodyB[end] == added.bodyB[i]) {
                end++;
            }
            for (int j = i; j < end; j++) {
                chunkOf[j] = chunks;
            }
            firstOfChunk[chunks++] = planned.plan(added.bodyA[i], added.bodyB[i], end - i);
            i = end;
        }
        planned.place(s);
        for (int i = 0, offset = 0; i < n; i++) {
            offset = i > 0 && chunkOf[i] == chunkOf[i - 1] ? offset + 1 : 0;
            int at = planned.plannedFirst(firstOfChunk[chunkOf[i]]) + offset;
            planned.set(at, added.bodyA[i], added.bodyB[i], added.colliderA[i], added.colliderB[i],
                    added.featureId[i], 0, 1, 0, 0, 0, 0, 0, 0, 0, -0.01, 0.5, 0);
        }
        added.colourRuns(s);
        assertEquals(added.count(), planned.count());
        assertEquals(added.runCount(), planned.runCount());
        assertArrayEquals(Arrays.copyOf(added.runStart, added.runCount() + 1),
                Arrays.copyOf(planned.runStart, planned.runCount() + 1));
        assertArrayEquals(Arrays.copyOf(added.bodyA, n), Arrays.copyOf(planned.bodyA, n));
        assertArrayEquals(Arrays.copyOf(added.bodyB, n), Arrays.copyOf(planned.bodyB, n));
        assertArrayEquals(Arrays.copyOf(added.featureId, n), Arrays.copyOf(planned.featureId, n));
        assertEquals(added.graph.groupCount(), planned.graph.groupCount());
        assertArrayEquals(Arrays.copyOf(added.graph.groupStart, added.graph.groupCount() + 1),
                Arrays.copyOf(planned.graph.groupStart, planned.graph.groupCount() + 1));
    }

    /** A dynamic body with the mass properties of a 1 kg cube of side 1 m: these tests add no shape. */
    private static BodyDef unitCube() {
        return BodyDef.dynamic().withMassProperties(BodyDef.UNIT_CUBE);
    }
}
