package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import ricochet.body.BodyId;
import ricochet.joints.JointDef;
import ricochet.joints.JointId;
import ricochet.math.Quat;
import ricochet.math.Vec3;

/** Islands at rest fall asleep as a whole, stay put, and wake as a whole. */
class SleepingTest {

    /** Steps until every dynamic body sleeps, or -1 within {@code max} steps. */
    private static int stepsToSleep(World w, int dynamicBodies, int max) {
        for (int i = 1; i <= max; i++) {
            w.step(Scenes.DT);
            if (w.sleepingCount() == dynamicBodies) {
                return i;
            }
        }
        return -1;
    }

    private static BodyId[] stack(World w, int n, double x) {
        BodyId[] ids = new BodyId[n];
        for (int k = 0; k < n; k++) {
            ids[k] = Scenes.cube(w, 1, new Vec3(x, 0.5 + k, 0), Quat.IDENTITY, 0.6);
        }
        return ids;
    }

    @Test
    void restingStackSleepsAfterTimeToSleepWithZeroVelocity() {
        World w = Scenes.world(4);
        Scenes.groundBox(w, 0.6);
        BodyId[] s = stack(w, 3, 0);
        int steps = stepsToSleep(w, 3, 600);
        assertTrue(steps > 0, "the stack never slept");
        // Never before timeToSleep of rest, and not long after the drop settles.
        assertTrue(steps * Scenes.DT >= w.timeToSleep(), "slept after " + steps + " steps");
        assertTrue(steps * Scenes.DT < 2, "slept only after " + steps + " steps");
        Vec3 top = w.position(s[2]);
        for (int i = 0; i < 120; i++) {
            w.step(Scenes.DT);
        }
        assertEquals(top, w.position(s[2]), "a sleeping body does not move");
        assertEquals(Vec3.ZERO, w.velocity(s[2]));
        assertEquals(0, w.contactPoints().count(), "a sleeping pile costs no contact points");
    }

    @Test
    void sleepEventsNameEveryBodyOfTheIslandOnce() {
        World w = Scenes.world(4);
        Scenes.groundBox(w, 0.6);
        stack(w, 3, 0);
        assertTrue(stepsToSleep(w, 3, 600) > 0);
        List<Event> events = new ArrayList<>();
        w.drainEvents(events);
        long sleeps = events.stream().filter(e -> e.type() == Event.Type.SLEEP).count();
        assertEquals(3, sleeps, events.toString());
        long steps = events.stream().filter(e -> e.type() == Event.Type.SLEEP).mapToLong(Event::step).distinct().count();
        assertEquals(1, steps, "the island sleeps in one step: " + events);
    }

    @Test
    void ballDroppedOnSleepingStackWakesItsWholeIslandButNotAnother() {
        World w = Scenes.world(4);
        Scenes.groundBox(w, 0.6);
        BodyId[] hit = stack(w, 3, 0);
        BodyId[] other = stack(w, 3, 5);
        assertTrue(stepsToSleep(w, 6, 600) > 0);
        Vec3 otherTop = w.position(other[2]);
        BodyId ball = Scenes.sphere(w, 0.3, new Vec3(0, 5, 0), 0);
        boolean woke = false;
        for (int i = 0; i < 60 && !woke; i++) {
            w.step(Scenes.DT);
            woke = !w.isSleeping(hit[0]);
        }
        assertTrue(woke, "the struck stack woke");
        for (BodyId b : hit) {
            assertFalse(w.isSleeping(b), "the whole island wakes");
        }
        for (BodyId b : other) {
            assertTrue(w.isSleeping(b), "the other stack sleeps on");
        }
        assertEquals(otherTop, w.position(other[2]));
        // The ball landed on the top box, not in it: woken before it could sink in.
        double top = w.position(hit[2]).y() + 0.5;
        assertTrue(w.position(ball).y() - 0.3 > top - 0.01, "ball at " + w.position(ball) + ", top face " + top);
    }

    @Test
    void settingAVelocityWakesTheBodyAndItsIsland() {
        World w = Scenes.world(4);
        Scenes.groundBox(w, 0.6);
        BodyId[] s = stack(w, 2, 0);
        assertTrue(stepsToSleep(w, 2, 600) > 0);
        w.setVelocity(s[1], new Vec3(1, 0, 0));
        assertFalse(w.isSleeping(s[0]));
        assertFalse(w.isSleeping(s[1]));
        w.step(Scenes.DT);
        assertTrue(w.velocity(s[1]).x() > 0.5, "the pushed box moves: " + w.velocity(s[1]));
    }

    @Test
    void removingTheBottomBoxLetsTheSleepingTopOneFall() {
        World w = Scenes.world(4);
        Scenes.groundBox(w, 0.6);
        BodyId[] s = stack(w, 2, 0);
        assertTrue(stepsToSleep(w, 2, 600) > 0);
        w.remove(s[0]);
        for (int i = 0; i < 60; i++) {
            w.step(Scenes.DT);
        }
        assertEquals(0.5, w.position(s[1]).y(), 0.01, "the top box fell onto the ground");
    }

    @Test
    void noSleepWhenSleepingIsOff() {
        World w = Scenes.world(4);
        w.setSleepingEnabled(false);
        Scenes.groundBox(w, 0.6);
        stack(w, 2, 0);
        assertEquals(-1, stepsToSleep(w, 2, 300));
    }

    @Test
    void sleepingWorldsStayDeterministic() {
        World a = Scenes.world(4), b = Scenes.world(4);
        for (World w : new World[] {a, b}) {
            Scenes.groundBox(w, 0.6);
            stack(w, 4, 0);
            Scenes.sphere(w, 0.3, new Vec3(0.2, 8, 0.1), 0.3);
        }
        for (int i = 0; i < 400; i++) {
            a.step(Scenes.DT);
            b.step(Scenes.DT);
            assertEquals(a.stateHash(), b.stateHash(), "step " + i);
        }
    }

    /**
     * A unit cube tied by a ball joint at its centre to a world point {@code depth} below where the
     * ground lets the centre rest: the ground holds the joint open by about {@code depth}.
     */
    private static double[] tiedIntoTheGround(double depth) {
        World w = Scenes.world(4);
        Scenes.groundBox(w, 0.6);
        BodyId cube = Scenes.cube(w, 1, new Vec3(0, 0.5 - depth, 0), Quat.IDENTITY, 0.6);
        JointId joint = w.addJoint(JointDef.ball(cube, null, new Vec3(0, 0.5 - depth, 0)));
        int slept = stepsToSleep(w, 1, 600);
        return new double[] {slept, w.jointGap(joint)};
    }

    @Test
    void aJointHeldOpenKeepsItsIslandAwake() {
        // 3 cm: the ground keeps the joint open more than JOINT_REST_GAP, and the cube, still, never sleeps.
        double[] open = tiedIntoTheGround(0.03);
        assertTrue(open[1] > World.JOINT_REST_GAP, "the ground let the joint close to " + open[1]);
        assertEquals(-1, open[0], "slept with its joint " + open[1] + " m open");
        // 3 mm: open less than that, the same cube sleeps.
        double[] near = tiedIntoTheGround(0.003);
        assertTrue(near[1] > 0.001 && near[1] < World.JOINT_REST_GAP, "gap " + near[1]);
        assertTrue(near[0] > 0, "never slept with its joint " + near[1] + " m open");
    }
}
