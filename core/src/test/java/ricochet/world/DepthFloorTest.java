package ricochet.world;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import ricochet.body.BodyDef;
import ricochet.body.BodyId;
import ricochet.geometry.shape.BoxShape;
import ricochet.joints.JointDef;
import ricochet.joints.JointId;
import ricochet.math.Vec3;

/**
 * The position floor under the soft contacts ({@code DepthFloor.lift}): a moving
 * body ends no step deeper in a static or kinematic body than a quarter of its own thickness along
 * the contact normal, and a jointed group is moved as one. (A group held by the world cannot move as
 * one: its bodies are turned or lifted alone, below; one with a moving partner and two joints to the
 * world stays where they hold it: {@code NoNaNPropertyTest.aGroupHeldByTheWorldInTheGroundIsNotPumped}.)
 */
class DepthFloorTest {

    private static final double HALF = 0.5;

    private static World groundWorld() {
        World w = new World(new Vec3(0, -9.81, 0));
        // A ground box 20 m thick, top at y = 0: a sunk cube is far nearer its top than its bottom.
        w.add(BodyDef.staticBody().withPosition(new Vec3(0, -10, 0)), new BoxShape(10, 10, 10), 0.5, 0);
        return w;
    }

    /** A 1 m cube at rest with its bottom {@code depth} m into the ground, centred at (x, ., 0). */
    private static BodyId cube(World w, double x, double depth, double mass) {
        return w.add(BodyDef.dynamic().withMass(mass).withPosition(new Vec3(x, HALF - depth, 0)),
                new BoxShape(HALF, HALF, HALF), 0.5, 0);
    }

    private static double depth(World w, BodyId b) {
        return HALF - w.centerOfMass(b).y();
    }

    /** The height of cube b's highest corner (up = 1), or minus that of its lowest (up = -1). */
    private static double cornerHeight(World w, BodyId b, int up) {
        double most = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < 8; k++) {
            Vec3 corner = new Vec3((k & 1) == 0 ? -HALF : HALF, (k & 2) == 0 ? -HALF : HALF,
                    (k & 4) == 0 ? -HALF : HALF);
            most = Math.max(most, up * (w.centerOfMass(b).y() + w.orientation(b).rotate(corner).y()));
        }
        return most;
    }

    /**
     * A cube 0.6 m of its 1 m into the ground: the soft contacts push it out at no more than 3 m/s
     * (5 cm a step), so it stayed 0.55 m deep after the first step; the floor sets it at 0.25 m at
     * once, without a kick (the push-out speed cap still bounds its velocity).
     */
    @Test
    void aSunkBodyEndsItsFirstStepAtTheFloor() {
        World w = groundWorld();
        BodyId b = cube(w, 0, 0.6, 100);
        w.step(1 / 60.0);
        double d = depth(w, b);
        System.out.printf("floor: a cube 0.6 m deep is %.4f m deep after one step, rising at %.3f m/s%n", d,
                w.velocity(b).y());
        assertTrue(d <= 0.25 + 1e-9, "depth after a step " + d);
        assertTrue(d > 0.2, "lifted to the floor, not beyond it: " + d);
        assertTrue(w.velocity(b).length() <= 3 + 1e-9, "velocity " + w.velocity(b));
        // It keeps rising to the surface from there, at the soft contacts' pace.
        for (int step = 0; step < 120; step++) {
            w.step(1 / 60.0);
        }
        assertEquals(0, depth(w, b), 2e-3, "rests on the surface");
    }

    /**
     * A 0.1 kg cube fixed to a 1,000 kg one beside it, the light cube sunk 0.6 m and the heavy one
     * 0.1 m: the pair is lifted as one (by the light cube's 0.35 m), so the joint keeps the gap the
     * solve left (33 mm, as on the build before the floor); lifting the light cube alone would open it
     * by 0.29 m more, and its pull back would do it again every step.
     */
    @Test
    void aJointedPairIsLiftedAsOne() {
        World w = groundWorld();
        BodyId light = cube(w, 0, 0.6, 0.1);
        BodyId heavy = cube(w, 1.5, 0.1, 1000);
        JointId joint = w.addJoint(JointDef.fixed(light, heavy, new Vec3(0.75, 0, 0)));
        w.step(1 / 60.0);
        System.out.printf("floor: jointed pair, light cube %.4f m deep, heavy %.4f m, joint gap %.2e m%n",
                depth(w, light), depth(w, heavy), w.jointGap(joint));
        assertTrue(depth(w, light) <= 0.25 + 1e-9, "light cube " + depth(w, light));
        assertTrue(depth(w, heavy) < 0, "the heavy cube went up with it: " + depth(w, heavy));
        assertTrue(w.jointGap(joint) < 0.05, "joint gap " + w.jointGap(joint));
    }

    /**
     * A cube sunk 0.6 m, held by a ball joint to the world 2 m to its side at the height of its top:
     * the floor cannot move it (a translation would stretch the joint, and the joint's pull back pump
     * energy in every step), so it turns the cube about the joint's point, which the joint leaves
     * free. After one step its lowest corner is at the floor (a quarter of its thickness, a little
     * over 1 m once turned) and the joint's gap is the 47.5 mm the solve left (the contact's push-out
     * against the soft joint; the same on the build before the turn, which left the cube 0.55 m
     * deep); moving the cube straight up to the floor would have opened it by some 0.3 m more.
     */
    @Test
    void aBodyHeldAtOnePointByTheWorldIsTurnedOutAboutIt() {
        World w = groundWorld();
        BodyId b = cube(w, 0, 0.6, 1);
        JointId joint = w.addJoint(JointDef.ball(b, null, new Vec3(2, 0.4, 0)));
        w.step(1 / 60.0);
        double lowest = -cornerHeight(w, b, -1), highest = cornerHeight(w, b, 1);
        double turned = 2 * Math.acos(Math.min(1, Math.abs(w.orientation(b).w())));
        System.out.printf("floor: cube held at a world point, lowest corner %.4f m deep of %.4f m, turned %.3f"
                + " rad, joint gap %.2e m%n", -lowest, highest - lowest, turned, w.jointGap(joint));
        assertTrue(w.jointGap(joint) < 0.06, "the turn keeps the joint: gap " + w.jointGap(joint));
        assertTrue(-lowest <= 0.25 * (highest - lowest) + 1e-6, "lowest corner " + -lowest + " m deep");
        assertTrue(turned > 0.1 && turned <= 0.25 + 1e-9, "turned " + turned + " rad");
    }

    /**
     * A cube welded to the world (a fixed joint, its only one) 0.9 m of its 1 m into the ground: the
     * weld holds it there, so the floor may move it only alone, stretching the weld; it moves it only
     * to 0.75 of its thickness ({@code MAX_DEPTH_HELD}), where its centre is 0.25 m under the surface,
     * within its 0.87 m reach. A cube welded 0.6 m deep is past the quarter floor but not that one:
     * the floor leaves it to the solve.
     */
    @Test
    void aBodyWeldedToTheWorldIsLiftedAloneOnlyToTheLastFloor() {
        World w = groundWorld();
        BodyId deep = cube(w, 0, 0.9, 1);
        BodyId half = cube(w, 3, 0.6, 1);
        JointId deepWeld = w.addJoint(JointDef.fixed(deep, null, new Vec3(0, 0, 0)));
        w.addJoint(JointDef.fixed(half, null, new Vec3(3, 0, 0)));
        w.step(1 / 60.0);
        System.out.printf("floor: welded cubes 0.9 and 0.6 m deep are %.4f and %.4f m deep after a step,"
                + " weld gap %.4f m%n", depth(w, deep), depth(w, half), w.jointGap(deepWeld));
        // Three quarters of its width along the normal (the weld lets it tilt a little).
        double lowest = -cornerHeight(w, deep, -1), width = cornerHeight(w, deep, 1) - lowest;
        // (1e-5: the floor reads the contact points a hair off the corners.)
        assertEquals(0.75 * width, -lowest, 1e-5, "lifted to the last floor and no further");
        assertTrue(HALF - depth(w, deep) > -Math.sqrt(3) * HALF, "centre within its reach");
        assertTrue(depth(w, half) > 0.5, "left to the solve: " + depth(w, half));
    }
}
